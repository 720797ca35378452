"""The class's Hochstapler Duel beside the exact equilibrium, for the teacher's screen.

Over the finished deals of every match of the room (a deal's cards are shown when it
ends; a deal under way shows nothing), and over the students' moves only (a bot's seat is
left out), one panel per deck:

- **Bluffs and doubts.** How often the class bluffed (called a total that is true less
  than half the time, counting from the caller's card) and doubted, beside how often the
  equilibrium does at exactly the same moments (the sum of its chances there).
- **Points.** What the class won per deal as opener and as answerer, beside the game's
  value.
- **Exploitability.** The class's average strategy (at each information set, each move's
  share of the class's moves there) as opener and as answerer, and what it loses against a
  best reply (:func:`~bluffmath.equilibrium.exploitability`, exactly; 0 for the
  equilibrium). At an information set the class never met, the equilibrium bot's play is
  filled in (:func:`~bluffmath.duel.strategies.equilibrium_strategy`).
- **Every situation.** Per information set (the seat, its card, the calls so far) the
  class's count of each move and its share, beside the equilibrium's chance of it.

>>> from bluffmath.duel import Game
>>> from bluffmath_class.games import Record, Seating
>>> state = Game(deck=(0, 1, 2, 3, 4)).new_game(seed=22).call(5).doubt()
>>> tally = class_tally([Record(Seating(("Ann", "Ben")), state, [])])[(0, 1, 2, 3, 4)]
>>> tally.counts
{(1, '4:'): {'5': 1}, (2, '3:5'): {'doubt': 1}}
>>> tally.strategy(1)["4:"], tally.strategy(1)["0:"]       # the class's, then the equilibrium's
({'5': Fraction(1, 1)}, {'3': Fraction(1, 3), '4': Fraction(2, 3)})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from bluffmath import duel as dp
from bluffmath.duel import call_chance
from bluffmath.equilibrium import exploitability
from bluffmath.i18n import _, n_

from ..markup import esc, tag
from .base import Record, scroll_box
from .duel_page import certified, exact, game_value, points

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Move:
    """A student's move in a finished deal: the tree's player (1 opens), the information
    set ``"card:calls"``, the move's name in the tree, the mover's card, and the call it
    faced (None when opening)."""

    player: int
    infoset: str
    action: str
    card: int
    facing: int | None


@dataclass
class Tally:
    """The class's moves on one deck: counts per information set, and the deals' points."""

    deck: tuple[int, ...]
    counts: dict[tuple[int, str], dict[str, int]] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    won: dict[int, list[int]] = field(default_factory=lambda: {1: [], 2: []})

    def add(self, move: Move) -> None:
        row = self.counts.setdefault((move.player, move.infoset), {})
        row[move.action] = row.get(move.action, 0) + 1
        self.moves.append(move)

    def strategy(self, player: int) -> dict[str, dict[str, Fraction]]:
        """The class's average behavioural strategy as ``player``, the equilibrium bot's
        play filled in where the class never was."""
        filled = dict(dp.equilibrium_strategy(self.deck, player))
        for (p, key), row in self.counts.items():
            if p == player:
                n = sum(row.values())
                filled[key] = {a: Fraction(c, n) for a, c in row.items()}
        return filled

    def exploitability(self, player: int) -> Fraction:
        """What the class's average strategy as ``player`` loses against a best reply."""
        mine = tuple(sorted((k, tuple(sorted(r.items()))) for (p, k), r in self.counts.items() if p == player))
        return _exploitability(self.deck, player, mine)


@lru_cache(maxsize=64)
def _exploitability(deck: tuple[int, ...], player: int, counts: tuple) -> Fraction:
    """Computed once per deck, player and class counts (they change only when a deal ends)."""
    tally = Tally(deck, {(player, key): dict(row) for key, row in counts})
    cert = dp.certificate(deck)
    return exploitability(cert.game, player, tally.strategy(player), cert.value)


def student_moves(record: Record) -> Iterator[Move]:
    """Every move of a student's seat in a finished deal of ``record``."""
    for deal in record.state.deals:
        yield from _deal_moves(deal, record.seating.bots)


@lru_cache(maxsize=4096)
def _deal_moves(deal: dp.Deal, bots: frozenset[int]) -> tuple[Move, ...]:
    """The students' moves of one finished deal (kept: a finished deal never changes, and
    the picture reads every deal of the room each time it is counted)."""
    found = []
    for i, (seat, action) in enumerate(deal.events()):
        if seat in bots:
            continue
        before = deal.calls[:i]
        card = deal.cards[seat]
        found.append(Move(1 if seat == deal.opener else 2, f"{card}:" + ",".join(map(str, before)),
                          dp.action_name(action), card, before[-1] if before else None))
    return tuple(found)


def class_tally(records: Sequence[Record]) -> dict[tuple[int, ...], Tally]:
    """The class's finished deals, by deck."""
    tallies: dict[tuple[int, ...], Tally] = {}
    for record in records:
        deck = record.state.game.deck
        tally = tallies.setdefault(deck, Tally(deck))
        for move in student_moves(record):
            tally.add(move)
        for deal in record.state.deals:
            for seat in (0, 1):
                if seat not in record.seating.bots:
                    tally.won[1 if seat == deal.opener else 2].append(deal.payoff(seat))
    return tallies


def picture(records: Sequence[Record]) -> str:
    """One panel per deck played (see the module docstring)."""
    tallies = class_tally(records)
    return "".join(_panel(t) for t in tallies.values())


def _panel(tally: Tally) -> str:
    deck = ",".join(map(str, tally.deck))
    head = f'<div class="duel-picture" data-deck="{deck}">' + tag("h3", _("The Duel on {deck}").format(deck=deck))
    if not tally.moves:
        return head + tag("p", _("No finished deal with a student's move yet: a deal counts once it ends and its "
                                 "cards are shown.")) + "</div>"
    return (head + _bluffs(tally) + _points(tally) + _exploitability_html(tally)
            + _situations(tally) + "</div>")


def bluff_figures(tally: Tally) -> dict[str, object]:
    """The class's bluffs and doubts, and the equilibrium's at the same moments (its
    chances counted once per moment and times the moves made there: the sums are exact)."""
    calls = doubts = facing = 0
    bluffs = 0
    eq_bluffs = eq_doubts = Fraction(0)
    for (player, infoset, card, faced), n in Counter(
            (m.player, m.infoset, m.card, m.facing is not None) for m in tally.moves).items():
        eq_bluff, eq_doubt = _equilibrium_at(tally.deck, player, infoset, card)
        eq_bluffs += n * eq_bluff
        if faced:
            eq_doubts += n * eq_doubt
    for move in tally.moves:
        if move.facing is not None:
            facing += 1
            doubts += move.action == "doubt"
        if move.action != "doubt":
            calls += 1
            bluffs += _bluff(tally.deck, move.card, move.action)
    return {"moves": len(tally.moves), "calls": calls, "bluffs": bluffs, "eq_bluffs": eq_bluffs,
            "facing": facing, "doubts": doubts, "eq_doubts": eq_doubts}


@lru_cache(maxsize=4096)
def _equilibrium_at(deck: tuple[int, ...], player: int, infoset: str, card: int) -> tuple[Fraction, Fraction]:
    """The equilibrium's chance of a bluff and of a doubt at one information set."""
    mix = dp.equilibrium_strategy(deck, player)[infoset]
    return (sum((p for a, p in mix.items() if a != "doubt" and _bluff(deck, card, a)), Fraction(0)),
            mix.get("doubt", Fraction(0)))


@lru_cache(maxsize=4096)
def _bluff(deck: tuple[int, ...], card: int, action: str) -> bool:
    return call_chance(deck, card, int(action)) < HALF


def _bluffs(tally: Tally) -> str:
    f = bluff_figures(tally)
    bluffed = n_("In {moves} moves the class bluffed {bluffs} time (a call true less than half the time, counting "
                 "from the caller's card); at the same moments the equilibrium bluffs {eq} times on average.",
                 "In {moves} moves the class bluffed {bluffs} times (a call true less than half the time, counting "
                 "from the caller's card); at the same moments the equilibrium bluffs {eq} times on average.",
                 f["bluffs"]).format(
        moves=f'<b data-moves="{f["moves"]}">{f["moves"]}</b>', bluffs=f'<b data-bluffs="{f["bluffs"]}">{f["bluffs"]}</b>',
        eq=f'<span class="eq-bluffs">{points(f["eq_bluffs"], sign=False, about=True)}</span>')
    doubted = n_("Facing {facing} calls the class doubted {doubts} time; the equilibrium doubts {eq}.",
                 "Facing {facing} calls the class doubted {doubts} times; the equilibrium doubts {eq}.",
                 f["doubts"]).format(
        facing=f'<b data-facing="{f["facing"]}">{f["facing"]}</b>', doubts=f'<b data-doubts="{f["doubts"]}">{f["doubts"]}</b>',
        eq=f'<span class="eq-doubts">{points(f["eq_doubts"], sign=False, about=True)}</span>')
    return tag("h4", _("Bluffs and doubts")) + f'<p class="big">{bluffed} {doubted}</p>'


def _points(tally: Tally) -> str:
    value = game_value(tally.deck)
    parts = []
    for player, fair in ((1, value), (2, -value)):
        won = tally.won[player]
        mean = Fraction(sum(won), len(won)) if won else None
        said = (n_("As opener: {n} deals, {mean} a deal; the value {value}",
                   "As opener: {n} deals, {mean} a deal; the value {value}", len(won)) if player == 1 else
                n_("As answerer: {n} deals, {mean} a deal; the value {value}",
                   "As answerer: {n} deals, {mean} a deal; the value {value}", len(won)))
        said = said.format(n=f"<b>{len(won)}</b>", mean=points(mean) if mean is not None else "–", value=points(fair))
        parts.append(f'<li data-player="{player}" data-deals="{len(won)}">{said}</li>')
    return (tag("h4", _("Points per deal")) + '<ul class="duel-points">' + "".join(parts) + "</ul>"
            + tag("p", _("Against the equilibrium bot no play expects more than the value; against each other, one "
                         "student's gain is the other's loss."), ' class="small"'))


def _exploitability_html(tally: Tally) -> str:
    value = game_value(tally.deck)
    items = []
    for player, fair in ((1, value), (2, -value)):
        loss = tally.exploitability(player)
        said = (_("As opener: it loses {loss} a deal against its best reply, which holds it to {held} instead of "
                  "the value {value}.") if player == 1 else
                _("As answerer: it loses {loss} a deal against its best reply, which holds it to {held} instead of "
                  "the value {value}.")).format(loss=points(loss, sign=False, about=True), held=points(fair - loss),
                                                value=points(fair))
        items.append(f'<li class="exploit" data-player="{player}" data-x="{_q(loss)}">{said}</li>')
    return (tag("h4", _("What a best reply would take"))
            + tag("p", _("The class's average strategy (each move's share of the class's moves in each situation) "
                         "against the reply that exploits it best, exactly (0 for the equilibrium):"))
            + f'<ul class="duel-exploit">{"".join(items)}</ul>'
            + tag("p", _("In situations the class never met, the equilibrium bot's play is filled in: the "
                         "equilibrium's mix, or where the equilibrium never goes, the doubt (the call of 1 when "
                         "opening)."), ' class="small"'))


def _situations(tally: Tally) -> str:
    body = "".join(_situation_rows(tally, player, key, counts)
                   for (player, key), counts in sorted(tally.counts.items(), key=_order))
    head = "<tr>" + "".join(tag("th", t) for t in (_("seat, card"), _("calls so far"), _("times"), _("move"),
                                                    _("the class"), _("the equilibrium"))) + "</tr>"
    summary = _("Every situation the class met ({n})").format(n=len(tally.counts))
    return ('<details class="duel-situations" open>' + tag("summary", summary)
            + scroll_box(f'<table class="duel-situations-table">{head}{body}</table>',
                         esc(_("every situation the class met, its moves beside the equilibrium's")))
            + "</details>")


def _situation_rows(tally: Tally, player: int, key: str, counts: dict[str, int]) -> str:
    """One information set: a row per move the class made or the equilibrium plays there,
    with the class's count and share beside the equilibrium's chance."""
    card, _sep, calls = key.partition(":")
    n = sum(counts.values())
    mix = certified(tally.deck, player).get(key)  # None: the equilibrium never comes here
    actions = sorted(set(counts) | set(mix or {}), key=lambda a: -1 if a == "doubt" else int(a))
    span = f' rowspan="{len(actions)}"'
    seat = _("opens, holding {card}") if player == 1 else _("answers, holding {card}")
    lead = (tag("td", seat.format(card=f"<b>{card}</b>"), span)
            + f'<td{span}>{esc(calls.replace(",", ", ")) or "–"}</td><td{span}>{n}</td>')
    cells = []
    for i, a in enumerate(actions):
        c = counts.get(a, 0)
        eq = exact(mix.get(a, Fraction(0))) if mix is not None else _("never here")
        cells.append(f'<tr data-key="{player}|{key}" data-action="{a}" data-count="{c}" data-n="{n}">'
                     f'{lead if i == 0 else ""}<td>{_move(a)}</td>'
                     f"<td>{c} ({exact(Fraction(c, n))})</td><td>{eq}</td></tr>")
    return "".join(cells)


def _order(item: tuple[tuple[int, str], dict[str, int]]) -> tuple[int, int, int, list[int]]:
    (player, key), _counts = item
    card, _sep, calls = key.partition(":")
    said = [int(t) for t in calls.split(",")] if calls else []
    return player, int(card), len(said), said


def _move(action: str) -> str:
    """A move's name in the tree (``doubt``, ``5``) in words."""
    return _("doubt") if action == "doubt" else _("call {total}").format(total=action)


def _q(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"

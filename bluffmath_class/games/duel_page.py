"""The Hochstapler Duel's pages at the class table: a seat's view, its end and review, and
the teacher's public summary, as HTML regions. Nothing here computes a chance: the numbers
are the core's (:func:`~bluffmath.duel.strategies.call_chance`, the equilibrium that ships
with bluffmath, :func:`~bluffmath.duel.values.review`), and a seat's page is drawn
from its :class:`~bluffmath.duel.engine.DuelView` alone.

>>> from bluffmath.duel import Game
>>> from bluffmath_class.games.base import Seating
>>> state = Game(deck=(0, 1, 2, 3, 4)).new_game(seed=22).call(5)
>>> regions = seat_page(state.view(1), Seating(("<i>Ann</i>", "Ben")), "always")
>>> sorted(regions)
['board', 'hand', 'log', 'moves', 'odds', 'seats', 'status']
>>> regions["status"]
'<p class="status mine">Your turn</p>'
>>> "&lt;i&gt;Ann&lt;/i&gt;" in regions["board"] and "<i>" not in regions["board"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

from bluffmath import duel as dp
from bluffmath.display import decimal, percent, signed
from bluffmath.duel import call_chance

from ..markup import button, chance, esc, own_only, rows
from .base import Seating, Words, outcome, scroll_box, won_by

#: The longest exact fraction written out in full; a longer one (the real colour's
#: equilibrium has fractions of 100 digits) is a percentage that opens to its digits.
SHORT = 13
HALF = Fraction(1, 2)


def seat_page(view: dp.DuelView, seating: Seating, odds: str) -> dict[str, str]:
    """The regions of one seat's page (see the module docstring)."""
    return {
        "status": _status(view, seating),
        "hand": _hand(view),
        "board": _board(view, seating),
        "seats": _seats(view, seating),
        "moves": _moves(view, seating),
        "odds": _odds(view, seating) if odds == "always" else _odds_off(odds),
        "log": _log(view, seating, odds != "never"),
    }


# --- numbers -------------------------------------------------------------------------------


def exact(p: Fraction) -> str:
    """An exact probability: :func:`~bluffmath_class.markup.chance`, or for a fraction too
    long for a phone, its percentage that opens to show every digit."""
    if len(str(p)) <= SHORT:
        return chance(p)
    return (f'<details class="p long" data-p="{p.numerator}/{p.denominator}"><summary>'
            f"{percent(p).replace(' ', '&nbsp;')}</summary><span class=\"digits\">{p}</span></details>")


def points(x: Fraction, sign: bool = True, about: bool = False) -> str:
    """Exact points with their sign (``sign=False``: a plain amount; ``about``: with two
    decimals beside it); a long one opens to show every digit."""
    x = Fraction(x)
    data = f'data-x="{x.numerator}/{x.denominator}"'
    text = signed(x) if sign else str(x)
    if len(text) <= SHORT:
        near = f" (about {decimal(x)})" if about and x.denominator != 1 else ""
        return f'<span class="pts" {data}><b>{text}</b>{near}</span>'
    return (f'<details class="pts long" {data}><summary>about {"+" if sign and x > 0 else ""}{decimal(x)}'
            f'</summary><span class="digits">{text}</span></details>')


@lru_cache(maxsize=16)
def certified(deck: tuple[int, ...], player: int) -> Mapping[str, Mapping[str, Fraction]]:
    """The shipped equilibrium's play as ``player`` on ``deck``: the certificate's strategy,
    where an information set the equilibrium never reaches is missing. Made once per deck
    and player (the certificate copies its strategy each time it is asked, and the real
    colour's holds fractions of 100 digits)."""
    return MappingProxyType({key: MappingProxyType(mix)
                             for key, mix in dp.certificate(deck).strategy(player).items()})


@lru_cache(maxsize=16)
def game_value(deck: tuple[int, ...]) -> Fraction:
    """The game's value for the opener (the shipped certificate's), once per deck."""
    return dp.certificate(deck).value


# --- the table -----------------------------------------------------------------------------


def _status(view: dp.DuelView, seating: Seating) -> str:
    if view.to_act is None:
        return '<p class="status">The match is over</p>'
    if view.to_act == view.me:
        return '<p class="status mine">Your turn</p>'
    return f'<p class="status">{esc(seating.names[view.to_act])} to play</p>'


def _hand(view: dp.DuelView) -> str:
    if view.card is None:
        return ""
    deck = " ".join(map(str, view.game.deck))
    return (f'<div class="duel-hand"><span class="duel-card" data-value="{view.card}"><b>{view.card}</b>'
            f'<small>your card</small></span><p class="small">The deck: {deck}. Each of you holds one '
            "card; the rest are out of play.</p></div>")


def _board(view: dp.DuelView, seating: Seating) -> str:
    game, me = view.game, view.me
    parts = []
    if view.deals:
        parts.append(f'<p class="duel-last">Last deal: {deal_text(view.deals[-1], seating, me)}</p>')
    if view.card is None:
        return "".join(parts)
    who = esc(seating.name(view.opener, me))
    length = f"Deal {len(view.deals) + 1} of {game.deals}: " if game.deals > 1 else ""
    parts.append(f"<p>{length}{who} {'open' if view.opener == me else 'opens'} (player 1).</p>")
    if view.calls:
        caller = esc(seating.name(_caller(view), me))
        parts.append(f'<p class="to-beat">Call to beat: <b class="duel-call-to-beat">{view.calls[-1]}</b> '
                     f"by {caller}: the two cards together reach at least {view.calls[-1]}?</p>")
    else:
        parts.append(f'<p class="to-beat">No call yet: {who} {"call" if view.opener == me else "calls"} '
                     f"a total from 1 to {game.top}.</p>")
    parts.append(f'<p class="small">A call of {game.top}, the highest, is doubted at once.</p>')
    return "".join(parts)


def _caller(view: dp.DuelView) -> int:
    """The seat that made the last call of this deal."""
    return (view.opener + len(view.calls) - 1) % 2


def _whose(view: dp.DuelView, seating: Seating) -> str:
    """"Your" or the other's name with "'s": the last call's maker."""
    caller = _caller(view)
    return "Your" if caller == view.me else f"{esc(seating.names[caller])}'s"


def _seats(view: dp.DuelView, seating: Seating) -> str:
    scores = view.scores
    playing = view.to_act is not None
    cells = [[("▶ " if playing and s == view.to_act else "") + esc(seating.name(s, view.me)),
              signed(scores[s]), ("opens" if s == view.opener else "answers") if playing else ""]
             for s in (0, 1)]
    return rows(cells, ["player", "points", "this deal"], "seats")


# --- the moves -----------------------------------------------------------------------------


def _moves(view: dp.DuelView, seating: Seating) -> str:
    legal = view.legal
    if not legal:
        return ""
    parts = []
    if dp.DOUBT in legal:
        parts.append(button(f"Doubt {_whose(view, seating)} {view.calls[-1]}", {"kind": "doubt"}, "doubt"))
    calls = "".join(button(str(a.total), {"kind": "call", "total": a.total}, "duel-call")
                    for a in legal if isinstance(a, dp.Call))
    verb = "Or call a higher total" if view.calls else "Call a total"
    parts.append(f'<p>{verb}: the two cards together reach at least it.</p><div class="duel-calls">{calls}</div>')
    return "".join(parts)


# --- the odds ------------------------------------------------------------------------------


def _odds_off(odds: str) -> str:
    if odds == "after-doubt":
        return ('<p class="small">Odds are shown when a deal ends and the cards are on the table: '
                "each move's chance from its player's card, and the equilibrium's play there.</p>")
    return '<p class="small">Odds are off for this game: play on your judgement.</p>'


def _odds(view: dp.DuelView, seating: Seating) -> str:
    if view.card is None:
        return ""
    game, card = view.game, view.card
    parts = []
    if view.calls:
        p = call_chance(game.deck, card, view.calls[-1])
        parts.append(f'<p>{_whose(view, seating)} call of {view.calls[-1]} is true with P = <span class="current">'
                     f"{exact(p)}</span>, counting from your card {card}.</p>")
    if view.to_act == view.me:
        parts.append(_mix_table(view))
    value = game_value(game.deck)
    parts.append(f'<p class="small">The game\'s value: under the equilibrium the opener expects '
                 f"{points(value)} a deal, the answerer {points(-value)}.</p>")
    return "".join(parts)


def _mix_table(view: dp.DuelView) -> str:
    """Each move's chance to prove right from the seat's card, beside the equilibrium's
    chance of playing it here."""
    game, card = view.game, view.card
    reached = view.infoset in certified(game.deck, view.player)
    mix = dp.equilibrium_strategy(game.deck, view.player)[view.infoset]
    cells = []
    bluffs = Fraction(0)
    for action in view.legal:
        name = dp.action_name(action)
        if isinstance(action, dp.Doubt):
            right = 1 - call_chance(game.deck, card, view.calls[-1])
            label = "doubt"
        else:
            right = call_chance(game.deck, card, action.total)
            label = f"call {action.total}" + (' <span class="bluff">bluff</span>' if right < HALF else "")
            bluffs += mix.get(name, 0) if right < HALF else 0
        eq = exact(mix.get(name, Fraction(0))) if reached else "–"
        cells.append(f'<tr data-action="{name}"><td>{label}</td><td class="right">{exact(right)}</td>'
                     f'<td class="eq">{eq}</td></tr>')
    head = "<tr><th>move</th><th>proves right, from your card</th><th>the equilibrium here</th></tr>"
    table = scroll_box(f'<table class="duel-odds">{head}{"".join(cells)}</table>', "your moves' odds")
    if not reached:
        first = dp.action_of(next(iter(mix)))
        return (f"{table}<p class=\"small\">The equilibrium never comes here: its own play avoids this "
                f"situation. The equilibrium bot would {first} here.</p>")
    doubts = mix.get("doubt", Fraction(0))
    said = f"doubts with P = {exact(doubts)} and " if view.calls else ""
    return (f"{table}<p>Here the equilibrium {said}bluffs (calls what is true less than half the "
            f'time from its card) with P = <span class="eq-bluff">{exact(bluffs)}</span>.</p>')


# --- the log -------------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def deal_text(deal: dp.Deal, seating: Seating, me: int | None) -> str:
    """A finished deal in words: the cards, the calls, the doubt, who won (kept: a finished
    deal never changes, and every page of its match shows it again at every move)."""
    name = [esc(seating.name(s, me)) for s in (0, 1)]
    held = f"{name[0]} held <b>{deal.cards[0]}</b>, {name[1]} held <b>{deal.cards[1]}</b>"
    calls = ", ".join(f"{name[(deal.opener + i) % 2]} {t}" for i, t in enumerate(deal.calls))
    doubt = (f"{deal.calls[-1]} is the highest call, doubted at once" if deal.forced
             else f"{name[deal.doubter]} doubted")
    verdict = "reaches" if deal.call_was_true else "falls short of"
    won = "you win" if deal.winner == me else f"{name[deal.winner]} wins"
    return (f"{held}. Calls: {calls}; {doubt}: {deal.cards[0]} + {deal.cards[1]} = {deal.total} "
            f"{verdict} {deal.calls[-1]}, {won} the deal.")


@lru_cache(maxsize=1024)
def move_notes(deal: dp.Deal, game: dp.Game, seating: Seating, me: int | None) -> str:
    """Each move of a finished deal with its chance from its player's card and the
    equilibrium's chance of it there (public: the deal's cards are shown; kept, as
    :func:`deal_text`)."""
    items = []
    for i, (seat, action) in enumerate(deal.events()):
        player = 1 if seat == deal.opener else 2
        card, before = deal.cards[seat], deal.calls[:min(i, len(deal.calls))]
        key = f"{card}:" + ",".join(map(str, before))
        if isinstance(action, dp.Doubt):
            right = 1 - call_chance(game.deck, card, deal.calls[-1])
            words = f"doubted {deal.calls[-1]}: right with P = {exact(right)}"
        else:
            right = call_chance(game.deck, card, action.total)
            words = f"called {action.total}: true with P = {exact(right)}"
        reached = key in certified(game.deck, player)
        mix = dp.equilibrium_strategy(game.deck, player)[key]
        eq = (f'the equilibrium plays it with P = <span class="eq">{exact(mix.get(dp.action_name(action), Fraction(0)))}'
              "</span>" if reached else '<span class="eq">the equilibrium never comes here</span>')
        items.append(f"<li>{esc(seating.name(seat, me))}, holding {card}, {words} counting from that "
                     f"card; {eq}</li>")
    return f'<ul class="duel-notes">{"".join(items)}</ul>'


def _log(view: dp.DuelView, seating: Seating, with_odds: bool) -> str:
    me = view.me
    lines = []
    if view.card is not None:
        said = [f"{esc(seating.name((view.opener + i) % 2, me))} called <b>{t}</b>" for i, t in enumerate(view.calls)]
        if said:
            lines.append(f'<li data-n="{len(view.deals)}">Deal {len(view.deals) + 1}: {", ".join(said)}.</li>')
    for deal in reversed(view.deals):
        notes = move_notes(deal, view.game, seating, me) if with_odds else ""
        lines.append(f'<li data-n="{deal.number}-end">Deal {deal.number + 1}: {deal_text(deal, seating, me)}{notes}</li>')
    return f'<ol class="log duel-log">{"".join(lines)}</ol>' if lines else ""


# --- the end -------------------------------------------------------------------------------


def end_page(state: dp.State, seat: int, seating: Seating, own: frozenset[int] | None = None) -> str:
    """The result (its sentence heads the panel: the server's status line already says the
    game is over; a match the two end level is a draw), then the seat's own review."""
    head, marks = outcome(state.scores, Words(seating, seat))
    ranking = rows(([esc(seating.name(s, seat)), signed(p), marks[s]]
                    for s, p in sorted(enumerate(state.scores), key=lambda sp: -sp[1])),
                   ["player", "points", ""], "result")
    if not state.is_terminal:
        head = "The teacher ended the match; the points so far"
    return f"<h2>{head}</h2>{ranking}{review_html(state, seat, own)}"


def review_html(state: dp.State, seat: int, own: frozenset[int] | None = None) -> str:
    """The seat's moves, each valued exactly against the equilibrium bot (``own``: its
    student's own moves; a bot's for them are left out)."""
    review, apart = own_only(dp.review(state, seat), own)
    if not review.decisions:
        return "<p>You made no moves in this match.</p>" + apart
    items = "".join(
        f'<li data-number="{d.number}"><b>#{d.number}</b> {esc(d.position)}: {esc(d.choice)}, worth '
        f"{points(d.chosen_value)}"
        + (" <b>best</b>" if d.is_best else
           f"; best: {esc(', '.join(d.best[:2]))}, worth {points(d.best_value)}; "
           f"cost {points(d.cost, sign=False)}")
        + "</li>" for d in review.decisions)
    good = sum(d.is_best for d in review.decisions)
    return (f"<h3>Your review</h3><p>{good} of {len(review.decisions)} moves were a best move "
            "against the equilibrium bot: each is valued by the points its deal then expects "
            f"(+1 a deal won, -1 lost), playing best afterwards.</p>{apart}"
            f'<details><summary>How the review values a move</summary><p class="small">{esc(review.model)}'
            f'</p></details><ul class="odds-list review">{items}</ul>')


def table_page(state: dp.State, seating: Seating, over: bool = False) -> str:
    """The teacher's view of a table: the deal, whose turn, the calls, the points, every
    finished deal with its cards; a match that is over (``over``, or finished) names nobody
    to play. Public facts only: the screen is projected."""
    names = [esc(n) for n in seating.names]
    scores = ", ".join(f"{names[s]} {signed(p)}" for s, p in enumerate(state.scores))
    if state.is_terminal:
        head = won_by(state.scores, Words(seating, None))
    elif over:
        head = f"The teacher ended the match in deal {state.deal + 1} of {state.game.deals}"
    else:
        calls = ", ".join(f"{names[(state.deal_opener + i) % 2]} {t}" for i, t in enumerate(state.calls))
        head = (f"Deal {state.deal + 1} of {state.game.deals}: {names[state.to_act]} to play"
                + (f"; calls {calls}" if calls else f"; {names[state.deal_opener]} opens"))
    deals = "".join(f"<li>{deal_text(d, seating, None)}</li>" for d in reversed(state.deals))
    return (f"<p><b>{head}</b></p><p>Points: {scores}</p>"
            + (f'<ol class="doubts" reversed>{deals}</ol>' if deals else ""))

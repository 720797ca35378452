"""Hoax's pages at the class table: a seat's view, its end, and the teacher's public
summary, as HTML regions.

A seat's page is drawn from the engine's ``view(seat)`` alone (its own card, the public
numbers, the log without the others' secrets), the legal moves when it is the seat's turn,
and the seat's own notes. The numbers are the core's: the exact sheet is
:func:`bluffmath.hoax.deduce` of :func:`bluffmath.hoax.sheet` of the view, under the stated
bluffing model :data:`~bluffmath_class.games.hoax_notes.MODEL`.

>>> from bluffmath.hoax import Game
>>> from bluffmath.hoax.actions import Act, Take
>>> from bluffmath_class.games.base import Seating
>>> state = Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game()
>>> state = state.apply(Take(0)).apply(Take(1)).apply(Take(2)).apply(Act("King", "tax"))
>>> seating = Seating(("Ann", "<i>Bo</i>", "Cy"))
>>> regions = seat_page(state.view(1), state.legal_actions(), seating, "always", [])
>>> sorted(regions)
['board', 'hand', 'log', 'moves', 'odds', 'seats', 'status']
>>> regions["status"]
'<p class="status mine">Your turn: doubt the claim just made (“Hoax!”), or let it pass</p>'
>>> 'data-seat="0" data-role="King" data-p="8/17"' in regions["odds"]
True
>>> "<i>" in "".join(regions.values())
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from bluffmath.hoax import View, deduce, sheet
from bluffmath.hoax.actions import (
    Accuse,
    Act,
    Break,
    Buy,
    Cover,
    Done,
    Doubt,
    Fine,
    Hoax,
    Illegal,
    Immune,
    Pardon,
    Pass,
    Pay,
    PayFine,
    PayPardon,
    Show,
    Store,
    Take,
    Vote,
)
from bluffmath.hoax.events import (
    Accused,
    Challenged,
    Claimed,
    Doubted,
    DuelDoubt,
    Ended,
    Turn,
)
from bluffmath.hoax.evidence import Case
from bluffmath.hoax.game import State
from bluffmath.hoax.roles import role_words
from bluffmath.hoax.words import edition_words, how_words, token_words
from bluffmath.i18n import N_, _, language, n_, p_, percent
from bluffmath.review.hoax import review_state

from ..markup import button, chance, esc, own_only, review_list, rows, tag
from .base import Seating, cap, scroll_box
from .hoax_notes import MODEL, ChallengeNote
from .hoax_words import REVIEW_MODEL, doing, move_label, names_for, option_words, prompt

#: A group of more moves than this is folded under its heading (a Thief's thefts, a
#: Merchant's trades, the accusations); the moves of the moment (a pass first) and a
#: Judge's fines never are.
FOLD = 12
#: The latest events the log shows.
LOG_EVENTS = 80


def event_words(event: object, names: Sequence[str]) -> str:
    """An event as the page says it (escaped): the engine's words in the language in use
    (:mod:`bluffmath.hoax.words`; the German edition called by its name, "Die Erben von
    Hoax")."""
    return esc(event.text(names))


def seat_page(view: View, legal: Sequence[object], seating: Seating, odds: str,
              notes: Sequence[object]) -> dict[str, str]:
    """The regions of one seat's page (see the module docstring)."""
    names = names_for(seating, view.seat)
    mine = [n for n in notes if isinstance(n, ChallengeNote) and n.accuser == view.seat]
    return {
        "status": _status(view, names, legal),
        "board": board(view, names),
        "hand": _hand(view),
        "moves": _moves(view, legal, names),
        "odds": ("" if view.phase == "over" else  # the end panel shows the sheet
                 odds_html(view, names) if odds == "always" else _odds_off(odds)),
        "seats": seats_html(view, names, view.seat),
        "log": log_html(view.log, names, mine if odds != "never" else []),
    }


# --- the table -----------------------------------------------------------------------------


def turn_number(log: Sequence[object]) -> int:
    """The number of the turn under way (0 before the first)."""
    return next((e.number for e in reversed(log) if isinstance(e, Turn)), 0)


def _status(view: View, names: tuple[str, ...], legal: Sequence[object]) -> str:
    if view.phase == "over":
        return tag("p", _("The game is over"), ' class="status"')
    if view.to_act == view.seat:
        stuck = view.phase == "turn" and list(legal) == [Pass()]
        asked = _("the rules leave you no move: pass (a full round of passes is a draw)") if stuck else \
            prompt(view.phase)
        return tag("p", _("Your turn: {prompt}").format(prompt=asked), ' class="status mine"')
    return f'<p class="status">{doing(view.phase, esc(names[view.to_act]))}</p>'


def board(view: View, names: tuple[str, ...]) -> str:
    """The turn as it stands: its number, the claim in question, the latest event, the castle."""
    if view.phase == "over":
        end = next(e for e in reversed(view.log) if isinstance(e, Ended))
        return f'<p class="hx-ended">{esc(end.text(names))}.</p>'
    said = _("{players} players, {edition}; turn {turn}.").format(
        players=view.players, edition=esc(edition_words(view.edition)), turn=turn_number(view.log))
    parts = [f'<p class="small">{said}</p>']
    claim = next((e for e in reversed(view.log) if isinstance(e, Claimed | Turn)), None)
    if isinstance(claim, Claimed):
        said = _("The claim: {claim}").format(claim=f"<b>{esc(claim.text(names))}</b>")
        parts.append(f'<p class="hx-claim" data-role="{claim.role}">{said}</p>')
    last = next((e for e in reversed(view.log) if not isinstance(e, Turn)), None)
    if last is not None and last is not claim:
        parts.append(tag("p", _("Latest: {event}").format(event=event_words(last, names)), ' class="hx-latest"'))
    castle = ", ".join(_("{n} {token}").format(n=n, token=token_words(t)) for t, n in enumerate(view.castle))
    parts.append(tag("p", _("The castle: {tokens}.").format(tokens=castle), ' class="small"'))
    return "".join(parts)


def _hand(view: View) -> str:
    out = ("" if view.alive[view.seat] else " " + _("You left the game.") if view.phase == "over" else
           " " + _("You have left the game; the others play on."))
    covered = sorted(view.covered[view.seat])
    cover = " " + _("You may never claim: {roles}.").format(roles=", ".join(map(role_words, covered))) if covered else ""
    card = p_("Hoax card", "the {role}").format(role=role_words(view.card))
    said = _("Your card: {card}.").format(card=f'<b class="hx-card" data-card="{view.card}">{card}</b>')
    return f'<p class="hx-hand">{said}{cover}{out}</p>'


def seats_html(view: View, names: tuple[str, ...], me: int | None, over: bool = False) -> str:
    """Every seat's tokens outside, trios in the vault, covered roles, who is out, and (▶)
    who is to move, unless the game is ``over``."""
    cells = []
    for s in range(view.players):
        who = ("▶ " if s == view.to_act and not over else "") + _out(esc(names[s]), view.alive[s])
        cells.append([who, *(str(n) for n in view.outside[s]), str(view.vault[s]),
                      ", ".join(map(role_words, sorted(view.covered[s]))) or "–"])
    head = [_("player"), *map(token_words, range(3)), _("vault"), _("covered")]
    return scroll_box(rows(cells, head, "seats hx-seats"), esc(_("every player's tokens, vault and covered roles")))


def _out(name: str, alive: bool) -> str:
    """A seat's name, said to be out of the game unless ``alive``."""
    return name if alive else _("{name} – out").format(name=name)


# --- the moves -----------------------------------------------------------------------------


def _distinct(legal: Sequence[object], two_left: bool) -> list[object]:
    """The legal moves, each effect once. The engine offers a Judge's fine of two tokens in
    both orders, because the first token goes to the Judge and the second to the King: two
    different moves, both shown. With only two players left the Judge is that King as well
    and both orders pay the same two tokens to the same player: one move, shown once, as
    the fine with its tokens in the castle's order (gold, grain, wine), the order the
    table's columns list them."""
    if not two_left:
        return list(legal)
    return [a for a in legal if not (isinstance(a, Fine) and list(a.tokens) != sorted(a.tokens))]


#: The groups of moves, in the page's order, each with its heading: first the moves of the
#: moment (a pass first, as the engine lists them), then a Judge's fines, the roles to
#: claim, the looks, the showdown's doubts and the accusations. ``_FOLDS``: whether a group
#: of more than :data:`FOLD` moves is folded under its heading.
_GROUPS = ((Take, Cover, Store, Break, Pass, Hoax, Vote, Done, Show, Pay, Immune, Illegal, Pardon, PayFine,
            PayPardon), (Fine,), (Act,), (Buy,), (Doubt,), (Accuse,))
_HEADS = ("", N_("Or fine the actor: the first token is paid to you, a second to the King who called it illegal (the "
             "first still standing, if several did)"),
          N_("Claim a role"), N_("Buy a look"), N_("Showdown: doubt a role"), N_("Accuse (name their role in secret)"))
_FOLDS = (False, False, True, True, True, True)
_FINES_TWO_LEFT = N_("Or fine the actor: every token is paid to you (you are the King too)")


def _moves(view: View, legal: Sequence[object], names: tuple[str, ...]) -> str:
    if not legal:
        return ""
    from .hoax import RULES  # the moves' JSON (the module that reads them back)

    other = next((s for s in range(view.players) if s != view.seat and view.alive[s]), None)
    two_left = sum(view.alive) == 2
    legal = _distinct(legal, two_left)
    out = []
    for kinds, head, folds in zip(_GROUPS, _HEADS, _FOLDS, strict=True):
        if kinds == (Fine,) and two_left:
            head = _FINES_TWO_LEFT
        found = [a for a in legal if isinstance(a, kinds)]
        parts = ([(_("Claim a role: the {role}").format(role=role_words(role)), [a for a in found if a.role == role])
                  for role in dict.fromkeys(a.role for a in found)] if kinds == (Act,) else
                 [(_(head) if head else "", found)])
        for words, moves in parts:
            if not moves:
                continue
            buttons = "".join(button(move_label(a, names, view.phase, other, two_left), RULES.move_json(a),
                                     "quick" if isinstance(a, Pass | Done) else "") for a in moves)
            group = f'<div class="hx-moves">{buttons}</div>'
            if folds and len(moves) > FOLD:
                said = n_("{head}: {n} choices", "{head}: {n} choices", len(moves)).format(head=words, n=len(moves))
                out.append(f'<details class="hx-fold"><summary>{said}</summary>{group}</details>')
            else:
                out.append((f'<p class="small">{words}</p>' if words else "") + group)
    return "".join(out)


# --- the odds ------------------------------------------------------------------------------


def _odds_off(odds: str) -> str:
    if odds == "after-doubt":
        said = _("Your exact odds are shown after each of your challenges and accusations: the chance, from your "
                 "seat at that moment, that the role was really held.")
    else:
        said = _("Odds are off for this game: play on your judgement.")
    return f'<p class="small">{said}</p>'


def odds_html(view: View, names: tuple[str, ...]) -> str:
    """The seat's exact sheet: every other seat's chance of each role (the core's posterior
    of the seat's facts under :data:`MODEL`)."""
    return _sheet_html(sheet(view, model=MODEL), view.seat, view.alive, tuple(names), language())


@lru_cache(maxsize=512)
def _sheet_html(case: Case, seat: int, alive: tuple[bool, ...], names: tuple[str, ...], spoken: str) -> str:
    """:func:`odds_html` of the seat's facts (kept for each language: most moves teach a
    seat nothing, and its sheet is drawn again at each of them)."""
    grid = deduce(case).grid()
    items = []
    for s in range(case.players):
        if s == seat:
            continue
        cells = "".join(f'<li data-seat="{s}" data-role="{r}" data-p="{p.numerator}/{p.denominator}">'
                        f"{role_words(r)} <b>{p}</b> <small>{_pct(p)}</small></li>" for r, p in grid[s].items())
        name = f"<b>{esc(names[s])}</b>"
        items.append(f'<div class="hx-sheet-row">{_out(name, alive[s])}<ul>{cells}</ul></div>')
    said = _("P(each player holds each role), from your card, your looks and the table’s public facts; a claim "
             "counts as the bluffing model says: a holder always speaks, a non-holder claims with probability "
             "{bluff}.").format(bluff=MODEL.bluff_for("King"))
    return tag("h3", _("Your exact sheet")) + f'<p class="small">{said}</p>{"".join(items)}'


def _pct(p: Fraction) -> str:
    return percent(p).replace(" ", "&nbsp;").replace("\xa0", "&nbsp;")


# --- the log -------------------------------------------------------------------------------


def log_html(log: Sequence[object], names: tuple[str, ...], notes: Sequence[ChallengeNote]) -> str:
    """The latest :data:`LOG_EVENTS` events, newest first, each with the reader's note when
    it settled one of the reader's challenges or accusations."""
    queue = {k: sorted((n for n in notes if n.kind == k), key=lambda n: n.number)
             for k in ("challenge", "accusation", "showdown")}
    items = []
    indexed = list(enumerate(log))
    attach = _attach(log, queue)
    for i, event in indexed[-LOG_EVENTS:]:
        text = event_words(event, names)
        note = attach.get(i)
        if note is not None:
            said = _("P(the {role}) from your seat: {p}").format(role=role_words(note.role), p=chance(note.chance))
            text += f' <span class="note" data-kind="{note.kind}">{said}</span>'
        items.append(f'<li data-n="{i}"><b>{text}</b></li>' if isinstance(event, Turn) else f'<li data-n="{i}">{text}</li>')
    more = len(indexed) - LOG_EVENTS
    if more > 0:
        said = n_("{n} earlier events", "{n} earlier events", more).format(n=more)
        items.insert(0, f'<li class="small">{said}</li>')
    return f'<ol class="log hx-log" reversed>{"".join(reversed(items))}</ol>'


def _attach(log: Sequence[object], queue: dict[str, list[ChallengeNote]]) -> dict[int, ChallengeNote]:
    """Which log line each of the reader's notes belongs to: its challenge's counted vote, its
    accusation (the reader's own, in order)."""
    out: dict[int, ChallengeNote] = {}
    waiting = {k: list(v) for k, v in queue.items()}
    doubter = None
    for i, event in enumerate(log):
        if isinstance(event, Doubted):
            doubter = event.seat
        elif isinstance(event, Challenged) and waiting["challenge"]:
            n = waiting["challenge"][0]
            if n.accuser == doubter and n.target == event.accused and n.role == event.role:
                out[i] = waiting["challenge"].pop(0)
        elif isinstance(event, DuelDoubt) and waiting["showdown"]:
            n = waiting["showdown"][0]
            if n.accuser == event.seat and n.target == event.other and n.role == event.role:
                out[i] = waiting["showdown"].pop(0)
        elif isinstance(event, Accused) and waiting["accusation"]:
            n = waiting["accusation"][0]
            if n.accuser == event.accuser and n.target == event.target:
                out[i] = waiting["accusation"].pop(0)
    return out


# --- the end and the teacher ------------------------------------------------------------------


def review_html(state: State, seat: int, names: Sequence[str], own: frozenset[int] | None = None) -> str:
    """The seat's doubts, votes and accusations, each valued by the core's review
    (``own``: its student's own moves; a bot's for them are left out)."""
    review = review_state(state, seat, MODEL)
    mine, apart = own_only(review, own)
    if not mine.decisions:
        none = _("You made no decision that the review values (doubts, votes and accusations are; claims, "
                 "reactions and looks are not).")
        return tag("h3", _("Your review")) + tag("p", none) + apart
    model = _(REVIEW_MODEL).format(honest=MODEL.honest, bluff=MODEL.bluff)
    return review_list(replace(review, model=model),
                       _("a best choice, valued by the chance of being right about the hidden card."),
                       lambda option: option_words(option, names), own=own)


def end_page(state: State, seat: int, seating: Seating, notes: Sequence[object], own: frozenset[int] | None = None) -> str:
    """The result (its sentence heads the panel: the server's status line already says the
    game is over), every card turned over, the seat's own review (each doubt, vote and
    accusation by its chance of being right, :mod:`bluffmath.review.hoax`), its exact sheet
    at the end and its own challenges and accusations with the chance it faced. Nothing of
    another seat's but its card: not its looks, what it was shown, nor its chances."""
    names = names_for(seating, seat)
    if state.winner is not None:
        who = _("You win") if state.winner == seat else _("{name} wins").format(name=esc(seating.names[state.winner]))
        result = f"<h2>{who}</h2><p>{cap(esc(how_words(state.how)))}.</p>"
    elif state.is_terminal:
        result = tag("h2", _("No winner")) + f"<p>{cap(esc(how_words(state.how)))}.</p>"
    else:
        result = tag("h2", _("The teacher ended the game before anyone won"))
    cards = "".join(tag("li", _("{name}: the {role}").format(name=esc(names[s]), role=role_words(c)),
                        f' data-seat="{s}" data-card="{c}"') for s, c in enumerate(state.cards))
    mine = [n for n in notes if isinstance(n, ChallengeNote) and n.accuser == seat]
    faced = "".join(f"<li>{faced_words(n, names)}</li>" for n in mine)
    return (result + tag("p", _("Every card:")) + f'<ul class="hx-cards">{cards}</ul>'
            + review_html(state, seat, names, own) + tag("p", _("Your exact sheet as the game ended:"))
            + odds_html(state.view(seat), names)
            + (tag("h3", _("Your challenges and accusations")) + f'<ul class="odds-list">{faced}</ul>' if faced else ""))


def faced_words(n: ChallengeNote, names: Sequence[str]) -> str:
    """One of the reader's challenges or accusations: the chance it faced, and how it went."""
    said = {"challenge": _("Hoax! on {name} as the {role}: P(held) = {p}; {outcome}"),
            "accusation": _("Accused {name} as the {role}: P(held) = {p}; {outcome}"),
            "showdown": _("Showdown: doubted {name} as the {role}: P(held) = {p}; {outcome}")}[n.kind]
    return said.format(name=esc(names[n.target]), role=role_words(n.role), p=chance(n.chance), outcome=_outcome(n))


def _outcome(n: ChallengeNote) -> str:
    if n.kind == "accusation":
        return _("right") if n.held else _("wrong")
    if n.kind == "showdown":
        return _("it was, and won") if n.held else _("right: it was not")
    if not n.carried:
        return _("the vote did not carry (it was true)") if n.held else _("the vote did not carry (it was a lie)")
    return _("a lie, caught") if not n.held else _("true: the claimant wins")


def table_page(state: State, seating: Seating, over: bool = False) -> str:
    """The teacher's view of a table: whose move, the claim in question, every seat's
    tokens, the latest public events; a game that is over (``over``, or finished) names
    nobody to move. Public facts only (the screen is projected)."""
    names = names_for(seating, None)
    public = _public_view(state)
    if state.is_terminal:
        head = f"<p><b>{esc(next(e for e in reversed(state.log) if isinstance(e, Ended)).text(names))}</b></p>"
    elif over:
        head = tag("p", tag("b", _("The teacher ended the game before anyone won")))
    else:
        head = f"<p><b>{doing(state.phase, esc(names[state.to_act]))}</b></p>"
    recent = [e for e in public.log if not isinstance(e, Turn)][-6:]
    items = "".join(f"<li>{event_words(e, names)}</li>" for e in reversed(recent))
    playing = not (state.is_terminal or over)
    return (head + (board(public, names) if playing else "") + seats_html(public, names, None, not playing)
            + (f'<ol class="hx-recent" reversed>{items}</ol>' if items else ""))


def _public_view(state: State) -> View:
    """What everyone may see: a seat's view with every private event cut and no card."""
    view = state.view(0)
    log = tuple(e for e in view.log if e.seen_by is None)
    return View(-1, "", view.edition, view.players, view.phase, view.to_act, view.alive, view.castle,
                view.outside, view.vault, view.covered, view.winner, log)

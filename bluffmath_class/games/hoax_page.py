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

import re
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from bluffmath.display import percent
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
    EDITION_WORDS,
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
from bluffmath.hoax.tokens import TOKENS
from bluffmath.review.hoax import review_state

from ..markup import button, chance, esc, own_only, review_list, rows
from .base import Seating, cap, scroll_box
from .hoax_notes import MODEL, ChallengeNote

#: What the seat to act is asked, by the engine's phase.
PROMPTS = {
    "take": "take one token from the castle",
    "cover": "cover a role you are not (everyone sees it)",
    "turn": "claim a role and act, buy looks, or accuse",
    "buying": "buy another look, or stop",
    "show": "show the buyer a role you are not (only the buyer sees which)",
    "instant": "you completed a trio: buy a look with it at once?",
    "doubt": "doubt the claim just made (“Hoax!”), or let it pass",
    "vote": "vote: challenge the claim?",
    "pay": "pay, or claim the Wizard’s immunity",
    "king": "as the King, call the turn action illegal?",
    "judge": "as the Judge, fine the actor?",
    "vicar": "as the Vicar, offer a pardon?",
    "settle": "you were fined: pay the fine, a pardon fee, or claim immunity",
    "duel": "the showdown: look, doubt a role of the other, or accuse",
}
#: The same, said of another seat.
DOING = {"take": "take a token", "cover": "cover a role", "turn": "take a turn", "buying": "buy looks",
         "show": "show a role it is not", "instant": "buy a look at once or not", "doubt": "doubt the claim or not",
         "vote": "vote", "pay": "pay or claim immunity", "king": "react as the King or pass",
         "judge": "react as the Judge or pass", "vicar": "react as the Vicar or pass",
         "settle": "pay a fine, a pardon fee, or claim immunity", "duel": "take a showdown turn"}
#: A group of more moves than this is folded under its heading (a Thief's thefts, a
#: Merchant's trades, the accusations); the moves of the moment (a pass first) and a
#: Judge's fines never are.
FOLD = 12
#: The latest events the log shows.
LOG_EVENTS = 80
_PASS = {"doubt": "Let it pass", "king": "Pass (no “illegal!”)", "judge": "Pass (no fine)",
         "vicar": "Pass (no pardon)", "turn": "Pass: the rules leave you no other move"}


def event_words(event: object, names: Sequence[str]) -> str:
    """An event as the page says it (escaped): the engine's words (the edition called by
    its name, "Die Erben von Hoax")."""
    return esc(event.text(names))


def names_for(seating: Seating, me: int | None) -> tuple[str, ...]:
    """The names an event says itself with (not yet escaped): ``Ann (you)`` for the reader."""
    return tuple(f"{n} (you)" if s == me else n for s, n in enumerate(seating.names))


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
        return '<p class="status">The game is over</p>'
    if view.to_act == view.seat:
        stuck = view.phase == "turn" and list(legal) == [Pass()]
        prompt = "the rules leave you no move: pass (a full round of passes is a draw)" if stuck else \
            PROMPTS[view.phase]
        return f'<p class="status mine">Your turn: {prompt}</p>'
    return f'<p class="status">{esc(names[view.to_act])} to {DOING[view.phase]}</p>'


def board(view: View, names: tuple[str, ...]) -> str:
    """The turn as it stands: its number, the claim in question, the latest event, the castle."""
    if view.phase == "over":
        end = next(e for e in reversed(view.log) if isinstance(e, Ended))
        return f'<p class="hx-ended">{esc(end.text(names))}.</p>'
    edition = EDITION_WORDS.get(view.edition, esc(view.edition))
    parts = [f'<p class="small">{view.players} players, {edition}; turn {turn_number(view.log)}.</p>']
    claim = next((e for e in reversed(view.log) if isinstance(e, Claimed | Turn)), None)
    if isinstance(claim, Claimed):
        parts.append(f'<p class="hx-claim" data-role="{claim.role}">The claim: <b>{esc(claim.text(names))}</b></p>')
    last = next((e for e in reversed(view.log) if not isinstance(e, Turn)), None)
    if last is not None and last is not claim:
        parts.append(f'<p class="hx-latest">Latest: {event_words(last, names)}</p>')
    castle = ", ".join(f"{n} {t}" for t, n in zip(TOKENS, view.castle, strict=True))
    parts.append(f'<p class="small">The castle: {castle}.</p>')
    return "".join(parts)


def _hand(view: View) -> str:
    out = ("" if view.alive[view.seat] else " You left the game." if view.phase == "over" else
           " You have left the game; the others play on.")
    covered = sorted(view.covered[view.seat])
    cover = f" You may never claim: {', '.join(covered)}." if covered else ""
    return (f'<p class="hx-hand">Your card: <b class="hx-card" data-card="{view.card}">the {view.card}</b>.'
            f"{cover}{out}</p>")


def seats_html(view: View, names: tuple[str, ...], me: int | None, over: bool = False) -> str:
    """Every seat's tokens outside, trios in the vault, covered roles, who is out, and (▶)
    who is to move, unless the game is ``over``."""
    cells = []
    for s in range(view.players):
        who = ("▶ " if s == view.to_act and not over else "") + esc(names[s]) + ("" if view.alive[s] else " – out")
        cells.append([who, *(str(n) for n in view.outside[s]), str(view.vault[s]),
                      ", ".join(sorted(view.covered[s])) or "–"])
    return scroll_box(rows(cells, ["player", *TOKENS, "vault", "covered"], "seats hx-seats"),
                      "every player's tokens, vault and covered roles")


# --- the moves -----------------------------------------------------------------------------


def _who(names: tuple[str, ...], seat: int | None) -> str:
    return "the castle" if seat is None else esc(names[seat])


def act_words(a: Act, names: tuple[str, ...]) -> str:
    """A turn action as the player reads it."""
    token = TOKENS[a.token] if a.token is not None else ""
    if a.kind == "take":
        amount = {"Peasant": "2 grain", "Vicar": "2 wine"}.get(a.role, f"1 {token}" if token else "1 gold")
        what = f"take {amount}"
    elif a.kind == "tax":
        what = "tax: everyone else pays you 1 token"
    elif a.kind == "tithe":
        what = f"tithe: everyone else with {token} pays you 1" if token else "tithe: everyone else pays you 1"
    elif a.kind == "spell":
        what = f"take all of {_who(names, a.target)}’s tokens outside"
    elif a.kind == "steal":
        what = f"steal {a.count} {token} from {_who(names, a.target)}{' (vault)' if a.vault else ''}"
    else:
        what = f"give {a.count} {token}, get {a.count} {TOKENS[a.get]} from {_who(names, a.target)}"
    return f"{a.role}: {what}"


def move_label(action: object, names: tuple[str, ...], phase: str, other: int | None,
               two_left: bool = False) -> str:
    """``action`` as the player to act reads it (HTML, names escaped); ``two_left``: only
    two players are still in (then a Judge is also the King a second token of a fine goes
    to)."""
    vault = " (breaking vault trios)" if getattr(action, "vault", False) else ""
    match action:
        case Take(token=t):
            return f"Take 1 {TOKENS[t]}"
        case Cover(role=r):
            return f"Cover the {r}"
        case Store():
            return "Put a trio into your vault"
        case Break():
            return "Break a trio out of your vault"
        case Act():
            return act_words(action, names)
        case Buy(target=t):
            return f"Look at {esc(names[t])} (one trio)"
        case Done():
            return "No look now" if phase == "instant" else "Stop buying looks"
        case Show(role=r):
            return f"Show: not the {r}"
        case Accuse(target=t, role=r):
            return f"Accuse {esc(names[t])}: the {r}"
        case Pass():
            return _PASS.get(phase, "Pass")
        case Hoax():
            return "Hoax! (doubt it)"
        case Vote(yes=yes):
            return "Vote yes: challenge" if yes else "Vote no"
        case Pay(token=None):
            return "Give it up"
        case Pay(token=t):
            return f"Pay 1 {TOKENS[t]}"
        case Immune():
            return "Wizard: immune, pay nothing"
        case Illegal():
            return "King: illegal!"
        case Fine(tokens=ts):
            return "Judge: fine " + fine_words(ts, two_left)
        case Pardon(token=t):
            return f"Vicar: pardon for 1 {TOKENS[t]}"
        case PayFine(judge=j):
            return f"Pay {esc(names[j])}’s fine{vault}"
        case PayPardon(vicar=v):
            return f"Pay {esc(names[v])}’s pardon fee{vault}"
        case Doubt(role=r):
            return f"Say {esc(names[other]) if other is not None else 'the other'} is not the {r}"
    return esc(str(action))


def fine_words(tokens: tuple[int, ...], two_left: bool = False) -> str:
    """A Judge's fine in words: the first token is the Judge's, a second goes to the King
    who called the action illegal (the Judge too when only two players are left).

    >>> fine_words((0,)), fine_words((0, 1)), fine_words((2, 2)), fine_words((0, 1), two_left=True)
    ('1 gold', '1 gold to you, 1 grain to the King', '2 wine: 1 to you, 1 to the King', '1 gold and 1 grain, both to you')
    """
    if len(tokens) == 1:
        return f"1 {TOKENS[tokens[0]]}"
    first, second = (TOKENS[t] for t in tokens)
    if two_left:
        return f"2 {first}, both to you" if first == second else f"1 {first} and 1 {second}, both to you"
    if first == second:
        return f"2 {first}: 1 to you, 1 to the King"
    return f"1 {first} to you, 1 {second} to the King"


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
_HEADS = ("", "Or fine the actor: the first token is paid to you, a second to the King who called it illegal (the "
          "first still standing, if several did)",
          "Claim a role", "Buy a look", "Showdown: doubt a role", "Accuse (name their role in secret)")
_FOLDS = (False, False, True, True, True, True)
_FINES_TWO_LEFT = "Or fine the actor: every token is paid to you (you are the King too)"


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
        parts = ([(f"{head}: the {role}", [a for a in found if a.role == role])
                  for role in dict.fromkeys(a.role for a in found)] if kinds == (Act,) else [(head, found)])
        for words, moves in parts:
            if not moves:
                continue
            buttons = "".join(button(move_label(a, names, view.phase, other, two_left), RULES.move_json(a),
                                     "quick" if isinstance(a, Pass | Done) else "") for a in moves)
            group = f'<div class="hx-moves">{buttons}</div>'
            if folds and len(moves) > FOLD:
                out.append(f'<details class="hx-fold"><summary>{words}: {len(moves)} choices</summary>{group}'
                           "</details>")
            else:
                out.append((f'<p class="small">{words}</p>' if words else "") + group)
    return "".join(out)


# --- the odds ------------------------------------------------------------------------------


def _odds_off(odds: str) -> str:
    if odds == "after-doubt":
        return ('<p class="small">Your exact odds are shown after each of your challenges and accusations: the '
                "chance, from your seat at that moment, that the role was really held.</p>")
    return '<p class="small">Odds are off for this game: play on your judgement.</p>'


def odds_html(view: View, names: tuple[str, ...]) -> str:
    """The seat's exact sheet: every other seat's chance of each role (the core's posterior
    of the seat's facts under :data:`MODEL`)."""
    return _sheet_html(sheet(view, model=MODEL), view.seat, view.alive, tuple(names))


@lru_cache(maxsize=512)
def _sheet_html(case: Case, seat: int, alive: tuple[bool, ...], names: tuple[str, ...]) -> str:
    """:func:`odds_html` of the seat's facts (kept: most moves teach a seat nothing, and its
    sheet is drawn again at each of them)."""
    grid = deduce(case).grid()
    items = []
    for s in range(case.players):
        if s == seat:
            continue
        cells = "".join(f'<li data-seat="{s}" data-role="{r}" data-p="{p.numerator}/{p.denominator}">{r} '
                        f"<b>{p}</b> <small>{_pct(p)}</small></li>" for r, p in grid[s].items())
        out = "" if alive[s] else " – out"
        items.append(f'<div class="hx-sheet-row"><b>{esc(names[s])}</b>{out}<ul>{cells}</ul></div>')
    return (f'<h3>Your exact sheet</h3><p class="small">P(each player holds each role), from your card, your looks and '
            f"the table’s public facts; a claim counts {_model_words()}.</p>{''.join(items)}")


def _model_words() -> str:
    return (f"as the bluffing model says: a holder always speaks, a non-holder claims with probability "
            f"{MODEL.bluff_for('King')}")


def _pct(p: Fraction) -> str:
    return percent(p).replace(" ", "&nbsp;")


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
            text += (f' <span class="note" data-kind="{note.kind}">P(the {note.role}) from your seat: '
                     f"{chance(note.chance)}</span>")
        items.append(f'<li data-n="{i}"><b>{text}</b></li>' if isinstance(event, Turn) else f'<li data-n="{i}">{text}</li>')
    more = len(indexed) - LOG_EVENTS
    if more > 0:
        items.insert(0, f'<li class="small">{more} earlier events</li>')
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


_SEAT = re.compile(r"seat (\d+)")


def review_html(state: State, seat: int, names: Sequence[str], own: frozenset[int] | None = None) -> str:
    """The seat's doubts, votes and accusations, each valued by the core's review
    (``own``: its student's own moves; a bot's for them are left out)."""
    review = review_state(state, seat, MODEL)
    mine, apart = own_only(review, own)
    if not mine.decisions:
        return ("<h3>Your review</h3><p>You made no decision that the review values (doubts, votes and "
                "accusations are; claims, reactions and looks are not).</p>" + apart)

    def said(option: str) -> str:  # "accuse seat 2 as the King", with the seat's name
        parts = _SEAT.split(option)
        return "".join(esc(p) if i % 2 == 0 else esc(names[int(p)]) for i, p in enumerate(parts))

    return review_list(review, "a best choice, valued by the chance of being right about the hidden card.",
                       said, own=own)


def end_page(state: State, seat: int, seating: Seating, notes: Sequence[object], own: frozenset[int] | None = None) -> str:
    """The result (its sentence heads the panel: the server's status line already says the
    game is over), every card turned over, the seat's own review (each doubt, vote and
    accusation by its chance of being right, :mod:`bluffmath.review.hoax`), its exact sheet
    at the end and its own challenges and accusations with the chance it faced. Nothing of
    another seat's but its card: not its looks, what it was shown, nor its chances."""
    names = names_for(seating, seat)
    if state.winner is not None:
        who = "You win" if state.winner == seat else f"{esc(seating.names[state.winner])} wins"
        result = f"<h2>{who}</h2><p>{cap(esc(state.how))}.</p>"
    elif state.is_terminal:
        result = f"<h2>No winner</h2><p>{cap(esc(state.how))}.</p>"
    else:
        result = "<h2>The teacher ended the game before anyone won</h2>"
    cards = "".join(f'<li data-seat="{s}" data-card="{c}">{esc(names[s])}: the {c}</li>'
                    for s, c in enumerate(state.cards))
    mine = [n for n in notes if isinstance(n, ChallengeNote) and n.accuser == seat]
    faced = "".join(f"<li>{_VERB[n.kind]} {esc(names[n.target])} as the {n.role}: P(held) = {chance(n.chance)}; "
                    f"{_outcome(n)}</li>" for n in mine)
    return (result + f'<p>Every card:</p><ul class="hx-cards">{cards}</ul>'
            + review_html(state, seat, names, own) + "<p>Your exact sheet as the game ended:</p>"
            + odds_html(state.view(seat), names)
            + (f'<h3>Your challenges and accusations</h3><ul class="odds-list">{faced}</ul>' if faced else ""))


_VERB = {"challenge": "Hoax! on", "accusation": "Accused", "showdown": "Showdown: doubted"}


def _outcome(n: ChallengeNote) -> str:
    if n.kind == "accusation":
        return "right" if n.held else "wrong"
    if n.kind == "showdown":
        return "it was, and won" if n.held else "right: it was not"
    if not n.carried:
        return f"the vote did not carry ({'it was true' if n.held else 'it was a lie'})"
    return "a lie, caught" if not n.held else "true: the claimant wins"


def table_page(state: State, seating: Seating, over: bool = False) -> str:
    """The teacher's view of a table: whose move, the claim in question, every seat's
    tokens, the latest public events; a game that is over (``over``, or finished) names
    nobody to move. Public facts only (the screen is projected)."""
    names = names_for(seating, None)
    public = _public_view(state)
    if state.is_terminal:
        head = f"<p><b>{esc(next(e for e in reversed(state.log) if isinstance(e, Ended)).text(names))}</b></p>"
    elif over:
        head = "<p><b>The teacher ended the game before anyone won</b></p>"
    else:
        head = f"<p><b>{esc(names[state.to_act])} to {DOING[state.phase]}</b></p>"
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

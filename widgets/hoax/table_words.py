"""The Hoax table in a player's words: every legal move as a choice, the log with names.

Nothing here decides a rule: the engine says which moves are legal and what happened
(each event says itself with names: ``event.text(names)``); these functions word the
moves for the player to act.

>>> from bluffmath.hoax.actions import Doubt
>>> from bluffmath.hoax.events import Moved
>>> names = ("Ann", "Bo", "Cy")
>>> move_label(Act("Wizard", "spell", target=2), names, "turn")
'claim the Wizard: take all of Cy’s tokens outside'
>>> move_label(Pass(), names, "king"), move_label(Pass(), names, "turn")
('pass (no “illegal!”)', 'pass: the rules leave you no other move')
>>> Moved(1, 0, (0, 1, 0), "tax").text(names)   # an event says itself with names
'Bo gives Ann 1 grain (tax)'
"""

from __future__ import annotations

from bluffmath.hoax.actions import (
    Accuse,
    Act,
    Action,
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
from bluffmath.hoax.tokens import TOKENS

__all__ = ["NAMES", "NO_MOVE", "PROMPTS", "move_label"]

#: The players' names unless others are given: short, and one per seat of the largest game.
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")

#: What the player to act is asked, by the engine's phase.
PROMPTS = {
    "take": "take one token from the castle",
    "cover": "cover a role you are not (everyone sees it)",
    "turn": "your turn: claim a role and act, buy looks, or accuse",
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

_PASS = {"doubt": "let it pass", "king": "pass (no “illegal!”)", "judge": "pass (no fine)",
         "vicar": "pass (no pardon)", "turn": "pass: the rules leave you no other move"}

#: What the player to act is asked on a turn that offers nothing but a pass.
NO_MOVE = "your turn, but the rules leave you no move: pass (a full round of passes is a draw)"


def _of(names: tuple[str, ...], seat: int | None) -> str:
    return "the castle" if seat is None else names[seat]


def _act(a: Act, names: tuple[str, ...]) -> str:
    token = TOKENS[a.token] if a.token is not None else ""
    if a.kind == "take":
        amount = {"Peasant": "2 grain", "Vicar": "2 wine"}.get(a.role, f"1 {token}" if token else "1 gold")
        what = f"take {amount}"
    elif a.kind == "tax":
        what = "tax: everyone else pays you 1 token of their choice"
    elif a.kind == "tithe":
        what = (f"tithe: everyone else with {token} outside pays you 1" if token
                else "tithe: everyone else pays you 1 token of their choice")
    elif a.kind == "spell":
        what = f"take all of {names[a.target]}’s tokens outside"
    elif a.kind == "steal":
        what = f"steal {a.count} {token} from {names[a.target]}{' (from the vault)' if a.vault else ''}"
    else:  # trade
        what = f"give {a.count} {token}, get {a.count} {TOKENS[a.get]} from {_of(names, a.target)}"
    return f"claim the {a.role}: {what}"


def move_label(action: Action, names: tuple[str, ...], phase: str, other: int | None = None) -> str:
    """``action`` as the player to act reads it, in ``phase`` (the engine's word);
    ``other``: in the showdown, the other player.

    >>> move_label(Doubt("King"), ("Ann", "Bo"), "duel", other=1)
    'say Bo is not the King'
    """
    vault = " (breaking vault trios)" if getattr(action, "vault", False) else ""
    match action:
        case Take(token=t):
            return f"take 1 {TOKENS[t]} from the castle"
        case Cover(role=r):
            return f"cover the {r}"
        case Store():
            return "put a trio into my vault"
        case Break():
            return "break a trio out of my vault"
        case Act():
            return _act(action, names)
        case Buy(target=t):
            return f"buy a look at {names[t]} (one trio)"
        case Done():
            return "no look now" if phase == "instant" else "stop buying looks"
        case Show(role=r):
            return f"show: I am not the {r}"
        case Accuse(target=t, role=r):
            return f"accuse {names[t]} of being the {r}"
        case Pass():
            return _PASS.get(phase, "pass")
        case Hoax():
            return "Hoax! (doubt it)"
        case Vote(yes=yes):
            return "vote yes: challenge" if yes else "vote no"
        case Pay(token=None):
            return "give it up"
        case Pay(token=t):
            return f"pay 1 {TOKENS[t]}"
        case Immune():
            return "claim the Wizard: immune, pay nothing"
        case Illegal():
            return "claim the King: illegal!"
        case Fine(tokens=ts):
            return "claim the Judge: fine " + " and ".join(f"1 {TOKENS[t]}" for t in ts)
        case Pardon(token=t):
            return f"claim the Vicar: pardon for 1 {TOKENS[t]}"
        case PayFine(judge=j):
            return f"pay {names[j]}’s fine{vault}"
        case PayPardon(vicar=v):
            return f"pay {names[v]}’s pardon fee instead{vault}"
        case Doubt(role=r):
            return f"say {'the other' if other is None else names[other]} is not the {r}"
    return str(action)

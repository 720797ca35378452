"""The Hoax calculator: every player's exact chance of every identity.

You are player 0. Claims, silences (a chance to speak as a role not taken), "is not" facts
and revealed cards are typed as ``player:role``.

>>> r = run({"edition": "original", "players": "4", "mine": "King",
...          "claims": "1:Wizard 2:Wizard 3:Wizard", "honest": "1", "bluff": "1/3",
...          "player": "1", "role": "Wizard"})
>>> r["answer"]["fraction"], r["lines"][0]
('42/127', 'a claim of it is a lie with P = 85/127 (about 0.669)')
>>> run({"edition": "original", "players": "4", "claims": "1 Wizard", "player": "1", "role": "Wizard"})
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: claims must be entries such as 1:Wizard (a player, a colon, a role), got '1'
"""

from __future__ import annotations

from bluffmath.embed.forms import (
    Calculator,
    Field,
    Params,
    Result,
    about,
    answer,
    choices,
    is_number,
    items,
    result,
    table,
    text,
    whole,
)
from bluffmath.errors import InvalidInputError
from bluffmath.hoax import GERMAN, BluffModel, Case, Claim, Holds, IsNot, deduce, edition

ENTRIES_HINT = "entries such as 1:Wizard, 2:Wizard (player:role)"

FIELDS = (
    Field("edition", "Deck", "original", (("original", "original (3-6 players)"),
                                          ("german", "Die Erben von Hoax, with Merchants (4-8)"))),
    Field("players", "Players", "4", choices(range(3, 9))),
    Field("mine", "Your card (you are player 0)", "King", choices(GERMAN.roles, unknown="not counted")),
    Field("claims", "Claims: spoke as the role", "1:Wizard, 2:Wizard, 3:Wizard", hint=ENTRIES_HINT),
    Field("silent", "Kept silent as the role", hint="could have spoken as it and did not: " + ENTRIES_HINT),
    Field("not", "Known not to be the role", hint="bought information, challenges: " + ENTRIES_HINT),
    Field("revealed", "Revealed cards", hint=ENTRIES_HINT),
    Field("honest", "A holder speaks as the role with P =", "1", hint="an exact chance such as 1 or 9/10"),
    Field("bluff", "Anyone else speaks as it with P =", "1/3", hint="an exact chance such as 1/4"),
    Field("player", "Question: is player", "1", choices(range(8))),
    Field("role", "the", "Wizard", choices(GERMAN.roles)),
)


def entries(what: str, raw: str) -> list[tuple[int, str]]:
    """``[(1, "Wizard")]`` from ``"1:Wizard"``; the core checks the player and the role.

    >>> entries("claims", "1:Wizard, 3:king")
    [(1, 'Wizard'), (3, 'king')]
    """
    out = []
    for item in items(raw):
        player, sep, role = item.partition(":")
        if not sep or not is_number(player) or not role:
            raise InvalidInputError(f"{what} must be entries such as 1:Wizard (a player, a colon, "
                                    f"a role), got {item!r}")
        out.append((int(player), role))
    return out


def case(params: Params) -> Case:
    """The case the form describes, seen by player 0."""
    ed = edition(text(params, "edition") or "original")
    players = whole(params, "players", "players", ed.players.start, ed.players.stop - 1)
    mine = text(params, "mine")
    facts = [Holds(0, mine, "own card")] if mine else []
    facts += [Holds(p, r, "revealed") for p, r in entries("revealed cards", text(params, "revealed"))]
    facts += [IsNot(p, r, "bought") for p, r in entries("known-not entries", text(params, "not"))]
    facts += [Claim(p, r) for p, r in entries("claims", text(params, "claims"))]
    facts += [Claim(p, r, spoke=False) for p, r in entries("silences", text(params, "silent"))]
    default = {f.name: f.default for f in FIELDS}  # an emptied box means the form's default
    model = BluffModel(text(params, "honest") or default["honest"], text(params, "bluff") or default["bluff"])
    return Case(ed, players, tuple(facts), model)


def run(params: Params) -> Result:
    """P(the asked player holds the asked role), and everyone's posterior."""
    c = case(params)
    player = whole(params, "player", "the player asked about", 0, c.players - 1)
    role = c.edition.role(text(params, "role"))
    d = deduce(c)
    grid = [[f"player {p}" + (" (you)" if p == 0 else ""), *row.values()] for p, row in enumerate(d.grid())]
    return result(answer(f"P(player {player} is the {role})", d.probability(player, role)),
                  [f"a claim of it is a lie with P = {about(d.lie(player, role), 3)}",
                   f"P(all the evidence) = {d.evidence}"],
                  [table("every player's identity", ("", *c.edition.roles), grid)],
                  d.explain(player, role))


CALCULATOR = Calculator(
    "hoax-identities", "Hoax: who is who?",
    "Every player's exact chance of every role, from your own card, what you were shown and "
    "the claims, weighed by a stated model of bluffing.", FIELDS, run)

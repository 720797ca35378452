"""The Hoax calculator: every player's exact chance of every identity.

You are player 0. Claims, silences (a chance to speak as a role not taken), "is not" facts
and revealed cards are typed as ``player:role``.

**In German** the roles are the German edition's (*Die Erben von Hoax*): Baron, Richter,
Mönch, Magier, Dieb, Bauer, Händler (:func:`bluffmath.hoax.roles.role_words`). The form's
options show them and send the same values as the English page; typed entries may name a
role in either language (``1:Magier`` or ``1:Wizard``).

>>> r = run({"edition": "original", "players": "4", "mine": "King",
...          "claims": "1:Wizard 2:Wizard 3:Wizard", "honest": "1", "bluff": "1/3",
...          "player": "1", "role": "Wizard"})
>>> r["answer"]["fraction"], r["lines"][0]
('42/127', 'a claim of it is a lie with P = 85/127 (about 0.669)')
>>> run({"edition": "original", "players": "4", "claims": "1 Wizard", "player": "1", "role": "Wizard"})
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: claims must be entries such as 1:Wizard (a player, a colon, a role), got '1'
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     r = run({"edition": "original", "players": "4", "mine": "King", "claims": "1:Magier 2:Magier 3:wizard",
...              "player": "1", "role": "Wizard"})
>>> r["answer"]["label"], r["answer"]["fraction"], r["lines"][0]
('P(Spieler 1 ist der Magier)', '42/127', 'eine Ansage dieser Rolle ist mit P = 85/127 (etwa 0,669) gelogen')
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
from bluffmath.hoax.roles import role_words
from bluffmath.i18n import N_, _

ENTRIES_HINT = N_("entries such as 1:Wizard, 2:Wizard (player:role)")
#: The roles as the form's options show them (the same values in every language).
ROLE_NAMES = (N_("King"), N_("Judge"), N_("Vicar"), N_("Wizard"), N_("Thief"), N_("Peasant"), N_("Merchant"))
ROLES = tuple(zip(GERMAN.roles, ROLE_NAMES, strict=True))

FIELDS = (
    Field("edition", N_("Deck"), "original", (("original", N_("original (3-6 players)")),
                                              ("german", N_("Die Erben von Hoax, with Merchants (4-8)")))),
    Field("players", N_("Players"), "4", choices(range(3, 9))),
    Field("mine", N_("Your card (you are player 0)"), "King", (("", N_("not counted")), *ROLES)),
    Field("claims", N_("Claims: spoke as the role"), N_("1:Wizard, 2:Wizard, 3:Wizard"), hint=ENTRIES_HINT),
    Field("silent", N_("Kept silent as the role"),
          hint=N_("could have spoken as it and did not: entries such as 1:Wizard, 2:Wizard (player:role)")),
    Field("not", N_("Known not to be the role"),
          hint=N_("bought information, challenges: entries such as 1:Wizard, 2:Wizard (player:role)")),
    Field("revealed", N_("Revealed cards"), hint=ENTRIES_HINT),
    Field("honest", N_("A holder speaks as the role with P ="), "1", hint=N_("an exact chance such as 1 or 9/10")),
    Field("bluff", N_("Anyone else speaks as it with P ="), "1/3", hint=N_("an exact chance such as 1/4")),
    Field("player", N_("Question: is player"), "1", choices(range(8))),
    Field("role", N_("the"), "Wizard", ROLES),
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
            raise InvalidInputError(_("{field} must be entries such as {example} (a player, a colon, a role), "
                                      "got {item}").format(field=what, example=f"1:{role_words('Wizard')}",
                                                           item=repr(item)))
        out.append((int(player), role))
    return out


def case(params: Params) -> Case:
    """The case the form describes, seen by player 0."""
    ed = edition(text(params, "edition") or "original")
    players = whole(params, "players", N_("players"), ed.players.start, ed.players.stop - 1)
    mine = text(params, "mine")
    facts = [Holds(0, mine, "own card")] if mine else []
    facts += [Holds(p, r, "revealed") for p, r in entries(_("revealed cards"), text(params, "revealed"))]
    facts += [IsNot(p, r, "bought") for p, r in entries(_("known-not entries"), text(params, "not"))]
    facts += [Claim(p, r) for p, r in entries(_("claims"), text(params, "claims"))]
    facts += [Claim(p, r, spoke=False) for p, r in entries(_("silences"), text(params, "silent"))]
    default = {f.name: f.start() for f in FIELDS}  # an emptied box means the form's default
    model = BluffModel(text(params, "honest") or default["honest"], text(params, "bluff") or default["bluff"])
    return Case(ed, players, tuple(facts), model)


def run(params: Params) -> Result:
    """P(the asked player holds the asked role), and everyone's posterior."""
    c = case(params)
    player = whole(params, "player", N_("the player asked about"), 0, c.players - 1)
    role = c.edition.role(text(params, "role"))
    d = deduce(c)
    grid = [[_("player {number} (you)").format(number=p) if p == 0 else _("player {number}").format(number=p),
             *row.values()] for p, row in enumerate(d.grid())]
    named = {"player": player, "role": role_words(role)}
    return result(answer(_("P(player {player} is the {role})").format(**named), d.probability(player, role)),
                  [_("a claim of it is a lie with P = {p}").format(p=about(d.lie(player, role), 3)),
                   _("P(all the evidence) = {p}").format(p=d.evidence)],
                  [table(_("every player's identity"), ("", *map(role_words, c.edition.roles)), grid)],
                  d.explain(player, role))


CALCULATOR = Calculator(
    "hoax-identities", N_("Hoax: who is who?"),
    N_("Every player's exact chance of every role, from your own card, what you were shown and "
       "the claims, weighed by a stated model of bluffing."), FIELDS, run)

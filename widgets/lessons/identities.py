"""Lesson 6, "Bayes tables for hidden identities" (Hoax): its widget and its answer key.

The lesson's table: the original deck (two cards each of six roles), four players, and I,
player 0, hold a King. :class:`ClaimWeigher` lets some players speak as one role and
shows player 1's Bayes table, each claimant's chance of lying, and how player 1's chance
moves with the bluffing model's ``bluff`` chance. Every number comes from
:func:`bluffmath.hoax.deduce`.

>>> view = ClaimWeigher(role="Wizard", claimants=3, bluff=Fraction(1, 3))
>>> view.deduction.probability(1, "Wizard"), view.deduction.lie(1, "Wizard")
(Fraction(42, 127), Fraction(85, 127))
>>> view.bluff.value = Fraction(0)       # nobody bluffs: three Wizards cannot be
>>> "no deal of the cards fits" in view.message.value
True
>>> KEY.check(3, Fraction(2, 7)).right
True

The widget and the worksheet's tables speak the language in use (the roles in the German
edition's words), as the widgets of :mod:`bluffmath_widgets` do:

>>> _was = language(); language("de")
'de'
>>> view = ClaimWeigher(role="Wizard", claimants=3, bluff=Fraction(1, 3))
>>> view.role.label, view.lies.value.startswith("<b>Jede Behauptung ist gelogen mit")
('Magier', True)
>>> language(_was) == _was
True
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import ipywidgets as w

from bluffmath.display import Raw, decimal, percent, table_html
from bluffmath.hoax import (
    ORIGINAL,
    BluffModel,
    Case,
    Claim,
    ConflictError,
    Deduction,
    Holds,
    IsNot,
    deduce,
)
from bluffmath.hoax.report import bayes_html
from bluffmath.hoax.roles import role_words
from bluffmath.hoax.said import player_words
from bluffmath.i18n import N_, _, n_, p_, speaking

from ..common import Panel, language
from .key import Exercise, Key
from .paper import BLANK, table

__all__ = ["CHANCES", "KEY", "PAPER", "PLAYERS", "ClaimWeigher", "challenged", "check", "claims", "mine",
           "one_lie"]

PLAYERS = 4
CHANCES = tuple(Fraction(n, d) for n, d in ((0, 1), (1, 8), (1, 4), (1, 3), (1, 2), (2, 3),
                                            (3, 4), (1, 1)))
"""The chances the widget's sliders offer."""
MY_CARD = Holds(0, "King", "own card")


def mine(model: BluffModel | None = None) -> Case:
    """The lesson's table before anyone speaks: four players, my own card a King.

    >>> deduce(mine()).probability(2, "King")
    Fraction(1, 11)
    """
    return Case("original", PLAYERS, (MY_CARD,), model or BluffModel())


def claims(role: str, speakers: tuple[int, ...], bluff: Fraction, honest: Fraction = Fraction(1),
           my_role: str = "King") -> Case:
    """My own card ``my_role``, and each of ``speakers`` speaks as ``role`` (the model:
    ``honest``, ``bluff``).

    >>> deduce(claims("King", (1,), Fraction(1, 4))).probability(1, "King")
    Fraction(2, 7)
    """
    facts = (Holds(0, my_role, "own card"), *(Claim(p, role) for p in speakers))
    return Case("original", PLAYERS, facts, BluffModel(honest, bluff))


WIZARDS = claims("Wizard", (1, 2, 3), Fraction(1, 3))
"""Three players speak as the Wizard; the deck holds two Wizards (the model: bluff 1/3)."""


def challenged() -> Case:
    """The three Wizard claims, then a successful Hoax challenge of player 3's."""
    return WIZARDS.adding(IsNot(3, "Wizard", "challenge"))


def one_lie() -> Fraction:
    """P(exactly one of the three Wizard claims is a lie), by the chain rule on the core's
    answers: exactly two claimants hold the Wizards (three cannot), and by symmetry each
    pair is as likely, so it is 3 × P(1 is a Wizard) × P(2 is a Wizard | 1 is one).

    >>> one_lie()
    Fraction(27, 127)
    """
    first = deduce(WIZARDS).probability(1, "Wizard")
    second = deduce(WIZARDS.adding(Holds(1, "Wizard", "revealed"))).probability(2, "Wizard")
    return 3 * first * second


def _chance_slider(description: str, value: Fraction) -> w.SelectionSlider:
    return w.SelectionSlider(options=[(str(c), c) for c in CHANCES], value=value,
                             description=description, continuous_update=False,
                             style={"description_width": "initial"})


class ClaimWeigher(Panel):
    """Players 1, 2, ... speak as one role; my card is known; the model is two sliders.

    Outputs: player 1's Bayes table (prior, likelihood, prior × likelihood, posterior and
    the normaliser), each claimant's chance of lying, and player 1's chance of holding
    the role for every ``bluff`` chance on the slider (the model's weight, at a glance).
    """

    def __init__(self, my_role: str = "King", role: str = "King", claimants: int = 1,
                 honest: Fraction = Fraction(1), bluff: Fraction = Fraction(1, 4)) -> None:
        with speaking(language()):
            self._build(my_role, role, claimants, honest, bluff)

    def _build(self, my_role: str, role: str, claimants: int, honest: Fraction, bluff: Fraction) -> None:
        wide = {"description_width": "initial"}
        roles = [(role_words(r), r) for r in ORIGINAL.roles]
        self.my_role = w.Dropdown(options=roles, value=my_role, description=_("my card"), style=wide)
        self.role = w.Dropdown(options=roles, value=role, description=_("they speak as"), style=wide)
        self.claimants = w.IntSlider(value=claimants, min=1, max=PLAYERS - 1,
                                     description=_("players speaking"), style=wide)
        self.honest = _chance_slider(_("honest (holds it, speaks)"), honest)
        self.bluff = _chance_slider(_("bluff (does not, speaks)"), bluff)
        self.table, self.lies, self.chart = w.HTML(), w.HTML(), w.HTML()
        self._deduction: Deduction | None = None
        controls = [w.HBox([self.my_role, self.role, self.claimants]),
                    w.HBox([self.honest, self.bluff])]
        super().__init__(controls, [self.table, self.lies, self.chart])
        self._watch([self.my_role, self.role, self.claimants, self.honest, self.bluff])
        self.refresh()

    @property
    def case(self) -> Case:
        speakers = tuple(range(1, self.claimants.value + 1))
        return claims(self.role.value, speakers, self.bluff.value, self.honest.value,
                      self.my_role.value)

    @property
    def deduction(self) -> Deduction | None:
        """What the widget shows (``None`` while it shows an error)."""
        return self._deduction

    def _render(self) -> None:
        case, role = self.case, self.role.value
        d = deduce(case)
        speakers = range(1, self.claimants.value + 1)
        lies = [[player_words(p), str(d.lie(p, role)), percent(d.lie(p, role))] for p in speakers]
        curve = []
        for b in CHANCES:
            try:
                p = deduce(claims(role, tuple(speakers), b, self.honest.value,
                                  self.my_role.value)).probability(1, role)
            except ConflictError:  # no deal fits these claims under this model
                curve.append([str(b), _("no deal fits"), ""])
                continue
            curve.append([str(b), f"{p} ({percent(p)})", _bar(p)])
        table = (_("<b>Player 1's Bayes table</b> (my card: {role}; the normaliser is P(my card and the claims))")
                 .format(role=role_words(self.my_role.value)) + bayes_html(d.table(1)))
        self._deduction = d
        self.table.value = table
        self.lies.value = "<b>" + _("Each claim is a lie with") + "</b>" + table_html(
            [_("speaker"), _("P(not the {role})").format(role=role_words(role)), ""], lies)
        self.chart.value = ("<b>" + _("P(player 1 is the {role}) for each bluff chance").format(role=role_words(role))
                            + "</b>" + table_html([p_("bluff chance", "bluff"), "P", ""], curve))

    def _clear(self) -> None:
        self._deduction = None
        self.table.value = self.lies.value = self.chart.value = ""


def _bar(p: Fraction) -> Raw:
    return Raw(f"<div style='background: #1f5f8b; height: 0.8em; "
               f"width: {decimal(p * 12, 2)}em'></div>")


def _full_deck_posterior() -> Fraction:
    """The claim of exercise 3 weighed against a prior of 1/6 for every role (my card forgotten)."""
    model = BluffModel(Fraction(1), Fraction(1, 4))
    king, other = Fraction(1, 6), Fraction(1, 6) * model.bluff_for("King")
    return king / (king + 5 * other)


KEY = Key("identities", [
    Exercise(1, N_("a pair of Fractions (King, Judge)"),
             lambda: (deduce(mine()).probability(1, "King"), deduce(mine()).probability(1, "Judge")),
             mistakes=lambda: {
                 (Fraction(1, 6), Fraction(1, 6)): N_("that is the full deck's 1/6; your own King "
                                                      "cannot be player 1's card"),
                 (Fraction(2, 11), Fraction(2, 11)): N_("11 cards are left, but only one of them is a King"),
                 (Fraction(1, 12), Fraction(1, 6)): N_("count the cards player 1 can get: 11, not 12")}),
    Exercise(2, N_("a Fraction"),
             lambda: deduce(claims("King", (1,), Fraction(1, 4))).evidence / deduce(mine()).evidence,
             mistakes=lambda: {
                 deduce(claims("King", (1,), Fraction(1, 4))).evidence:
                     N_("that is the core's normaliser, P(my card is a King and the claim); given "
                        "your card, divide by P(my card is a King) = 1/6"),
                 Fraction(3, 8): N_("that uses the full deck's prior 1/6 for every role; start from "
                                    "exercise 1's prior"),
                 Fraction(1, 4): N_("that is only the bluff chance; add the rows: prior × likelihood "
                                    "of every role")}),
    Exercise(3, N_("a Fraction"),
             lambda: deduce(claims("King", (1,), Fraction(1, 4))).probability(1, "King"),
             mistakes=lambda: {
                 Fraction(1, 11): N_("that is the prior: the claim has not been weighed yet"),
                 _full_deck_posterior(): N_("that forgets your own King: only one King is left for "
                                            "player 1"),
                 Fraction(5, 7): N_("that is the chance that the claim is a lie"),
                 Fraction(1, 1): N_("a claim is not proof: anyone may bluff")}),
    Exercise(4, N_("a Fraction"), lambda: deduce(WIZARDS).lie(1, "Wizard"),
             mistakes=lambda: {
                 deduce(WIZARDS).probability(1, "Wizard"): N_("that is the chance that the claim "
                                                              "is true"),
                 deduce(claims("Wizard", (1,), Fraction(1, 3))).lie(1, "Wizard"):
                     N_("that is player 1's claim alone; the other two claims compete for the "
                        "same two Wizard cards"),
                 Fraction(1, 3): N_("that is the bluff chance, not the posterior")}),
    Exercise(5, N_("a Fraction"), one_lie,
             mistakes=lambda: {
                 Fraction(1): N_("at least one claim is surely a lie; the question is exactly one"),
                 Fraction(72, 127): N_("that is exactly one honest claim, so two lies"),
                 Fraction(28, 127): N_("that is three lies: nobody holding a Wizard")}),
    Exercise(6, N_("a Fraction"), lambda: deduce(challenged()).probability(1, "Wizard"),
             mistakes=lambda: {
                 deduce(WIZARDS).probability(1, "Wizard"): N_("that is before the challenge"),
                 Fraction(1, 2): N_("the challenge shows a lie, not that the other two are honest"),
                 Fraction(0): N_("that is player 3, whose Wizard row now has likelihood 0")}),
])
check = KEY.check


def _deals() -> list[tuple[str, str, str]]:
    """Every ordered deal of players 1, 2 and 3 from the 11 cards I do not hold, all alike."""
    rest = [role for role in ORIGINAL.roles for _copy in range(2)]
    rest.remove("King")
    return list(permutations(rest, 3))


def _bayes_columns() -> list[str]:
    """The columns of a Bayes table after its first, in the language in use."""
    return [p_("Bayes table", "prior"), p_("Bayes table", "likelihood"), p_("Bayes table", "prior × likelihood"),
            p_("Bayes table", "posterior")]


def _paper_claim() -> str:
    rows = [[role_words(role), BLANK, BLANK, BLANK, BLANK] for role in ORIGINAL.roles]
    return table([p_("Bayes table", "role"), *_bayes_columns()], [*rows, [p_("Bayes table", "sum"), BLANK, "", BLANK, BLANK]],
                 caption=_("Player 1's Bayes table for the claim, one row for each role player 1 may hold:"))


def _claims_given(fact: Holds | IsNot) -> Fraction:
    """The chance of the three Wizard claims, given my King and ``fact`` about player 1."""
    return deduce(WIZARDS.adding(fact)).evidence / deduce(mine(WIZARDS.model).adding(fact)).evidence


def _paper_three_claims() -> str:
    wizard = Fraction(2, 11)
    rows = [[_("a Wizard"), wizard, _claims_given(Holds(1, "Wizard", "revealed")), BLANK, BLANK],
            [_("no Wizard"), 1 - wizard, _claims_given(IsNot(1, "Wizard", "bought")), BLANK, BLANK]]
    likelihood, *rest = _bayes_columns()[1:]
    return table([_("player 1 holds"), p_("Bayes table", "prior"), _("likelihood of the three claims"), likelihood, *rest],
                 rows, caption=_("Player 1's Bayes table for the three claims. Each likelihood is the chance of "
                                 "all three claims given that row, averaged over every way players 2 and 3 may be "
                                 "dealt from the 10 cards left:"))


def _paper_lies() -> str:
    held = Counter(sum(role == "Wizard" for role in deal) for deal in _deals())
    names = [n_("{n} Wizard", "{n} Wizards", k).format(n=k) for k in range(4)]
    return table([_("Wizards among players 1, 2, 3"), _("deals (of {n})").format(n=len(_deals())),
                  *_bayes_columns()],
                 [[name, held[k], BLANK, BLANK, BLANK, BLANK] for k, name in enumerate(names)],
                 caption=_("The deals of players 1, 2 and 3, by how many of them hold a Wizard:"))


def _paper_challenge() -> str:
    kinds = Counter((deal[0] == "Wizard", deal[1] == "Wizard") for deal in _deals() if deal[2] != "Wizard")
    names = {(True, True): _("players 1 and 2"), (True, False): _("player 1 only"),
             (False, True): _("player 2 only"), (False, False): _("neither")}
    return table([_("who of players 1 and 2 holds a Wizard"), _("deals"), _("likelihood of the three claims"),
                  _("deals × likelihood")], [[name, kinds[kind], BLANK, BLANK] for kind, name in names.items()],
                 caption=_("The {n} deals in which player 3 holds no Wizard:").format(n=sum(kinds.values())))


#: What the printed worksheet shows before an exercise: the Bayes tables to fill in.
PAPER = {2: _paper_claim, 4: _paper_three_claims, 5: _paper_lies, 6: _paper_challenge}

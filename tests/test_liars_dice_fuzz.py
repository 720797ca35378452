"""Liar's dice's public entry points under the fuzz suite's hostile values
(:mod:`tests.test_fuzz_api`'s checks): every argument of every entry ends in an answer or
bluffmath's own error, never a foreign exception, a hang or runaway memory; a value that can
never be right is refused; and a new public name of :mod:`bluffmath.liars_dice` (or of its
table and its best responses) must be registered here."""

from __future__ import annotations

from fractions import Fraction as F

from test_fuzz_api import Entry, fuzz_tests

import bluffmath.liars_dice as ld
from bluffmath.liars_dice import response, table
from bluffmath.liars_dice.rules import checked_rules

RULES = ld.Rules(1, 1, 2)
STRATEGY = table.cell(1, 1, 2).strategy(1)
PAIR = (STRATEGY, table.cell(1, 1, 2).strategy(2))
ENTRIES_LIARS_DICE = [
    Entry("liars_dice.Rules", ld.Rules, {"d1": 1, "d2": 1, "sides": 2, "mode": "normal"}),
    Entry("liars_dice.Rules.deal", lambda hand1, hand2: RULES.deal(hand1, hand2), {"hand1": (1,), "hand2": (2,)}),
    Entry("liars_dice.Rules.hands", lambda player: RULES.hands(player), {"player": 1}),
    Entry("liars_dice.State", ld.State, {"rules": RULES, "hands": ((1,), (2,)), "history": (0,)}),
    Entry("liars_dice.State.apply", lambda action: RULES.deal((1,), (2,)).apply(action), {"action": "1x2"}),
    Entry("liars_dice.State.view", lambda player: RULES.deal((1,), (2,)).view(player), {"player": 2}),
    Entry("liars_dice.liars_dice", ld.liars_dice, {"d1": 1, "d2": 1, "sides": 2, "mode": "normal"}),
    Entry("liars_dice.reduced_liars_dice", ld.reduced_liars_dice, {"d1": 1, "d2": 1, "sides": 2, "mode": "joker"}),
    Entry("liars_dice.full_strategy", ld.full_strategy, {"rules": RULES, "strategy": STRATEGY, "player": 1}),
    Entry("table.value", table.value, {"d1": 1, "d2": 1, "sides": 3, "mode": "normal"}),
    Entry("table.certificate", table.certificate, {"d1": 1, "d2": 2, "sides": 2, "mode": "normal"}),
    Entry("table.spec", table.spec, {"d1": 2, "d2": 1, "sides": 2, "mode": "stairs"}),
    Entry("table.cell", table.cell, {"d1": 1, "d2": 1, "sides": 2, "mode": "joker"}),
    Entry("table.Cell", table.Cell, {"rules": RULES, "value": F(0), "strategies": PAIR}),
    Entry("table.Cell.strategy", lambda player: table.cell(1, 1, 2).strategy(player), {"player": 2}),
    Entry("rules.checked_rules", checked_rules, {"rules": RULES}),
    Entry("response.bounds", response.bounds, {"rules": RULES, "strategies": PAIR}),
]


# the fuzz suite's three checks (test_fuzz_api), over this registry
(test_the_baseline_gives_an_answer, test_every_argument_survives_every_hostile_value,
 test_known_bad_arguments_are_refused) = fuzz_tests(ENTRIES_LIARS_DICE)


def test_every_public_callable_of_liars_dice_is_registered() -> None:
    named = {entry.name.split(".")[1] for entry in ENTRIES_LIARS_DICE}
    for module in (ld, table, response):
        for public in getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")]):
            obj = getattr(module, public)
            if callable(obj) and getattr(obj, "__module__", "").startswith("bluffmath.liars_dice"):
                assert public in named, f"{module.__name__}.{public} is not fuzzed"

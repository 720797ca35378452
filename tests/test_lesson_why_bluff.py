"""Lesson 8's answer key against brute force, with no bluffmath equilibrium code on the
expected side.

- Two-by-two games (matching pennies, with and without the bonus) are written here as
  payoff matrices and solved by support enumeration: every pair of supports, the
  indifference equations solved with Fractions, the equilibrium conditions checked.
- Kuhn poker is written here from its rules as a function of the two cards and the
  actions; its certificate's value is checked against every pure strategy of each player
  (64 each), and the never-bluffer's best reply found the same way.
- The Duel on 0-4 is played out on bluffmath's tree (the rules engine) with a best reply
  computed here by backward induction over information sets, which checks the stored
  certificate, the bluffing chance and the card-counting bot's exploitability.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction

import pytest

from bluffmath.duel import bot_strategy, duel
from bluffmath.equilibrium import stored
from bluffmath.equilibrium.tree import Chance, Decision, Terminal
from bluffmath.hochstapler import CardCountingBot
from bluffmath_widgets.lessons.why_bluff import KEY, best_mix, bonus_pennies

PENNIES = [[-1, 1], [1, -1]]  # to the hider: rows hide heads/tails, columns guess heads/tails
BONUS = [[-2, 1], [1, -1]]
DECK = (0, 1, 2, 3, 4)


# --- two-by-two games by support enumeration ---------------------------------------------
def solve_2x2(a: list[list[int]]) -> list[tuple[Fraction, Fraction, Fraction]]:
    """Every equilibrium (p = row 1's chance, q = column 1's chance, value) of the
    zero-sum game ``a`` (payoffs to the row player), by enumerating supports."""
    found = []
    for rows, cols in itertools.product([(0,), (1,), (0, 1)], repeat=2):
        if len(rows) == 2 and len(cols) == 2:  # both mix: each makes the other indifferent
            den_p = a[0][0] - a[1][0] - a[0][1] + a[1][1]
            if den_p == 0:
                continue
            p = Fraction(a[1][1] - a[1][0], den_p)
            q = Fraction(a[1][1] - a[0][1], den_p)
        elif len(rows) == 1 and len(cols) == 1:
            p, q = Fraction(1 - rows[0]), Fraction(1 - cols[0])
        else:
            continue  # one pure against one mixed: covered by the checks of the others here
        if not (0 <= p <= 1 and 0 <= q <= 1):
            continue
        row = [q * a[i][0] + (1 - q) * a[i][1] for i in (0, 1)]
        col = [p * a[0][j] + (1 - p) * a[1][j] for j in (0, 1)]
        value = p * row[0] + (1 - p) * row[1]
        if max(row) == value == min(col):
            found.append((p, q, value))
    return found


def guarantee(a: list[list[int]], p: Fraction) -> Fraction:
    return min(p * a[0][j] + (1 - p) * a[1][j] for j in (0, 1))


def test_exercise_1_the_best_guess_against_two_thirds_heads() -> None:
    assert KEY.answer(1) == guarantee(PENNIES, Fraction(2, 3)) == Fraction(-1, 3)


@pytest.mark.parametrize("matrix", [PENNIES, BONUS])
def test_the_support_enumeration_finds_one_equilibrium(matrix: list[list[int]]) -> None:
    (p, _, value), = solve_2x2(matrix)
    assert guarantee(matrix, p) == value
    assert all(guarantee(matrix, Fraction(k, 1000)) <= value for k in range(1001))


def test_exercise_2_the_bonus_games_mix_and_value() -> None:
    (p, _, value), = solve_2x2(BONUS)
    assert KEY.answer(5) == (p, value) == (Fraction(2, 5), Fraction(-1, 5))
    assert best_mix(bonus_pennies(), steps=1000) == p


# --- Kuhn poker from its rules -------------------------------------------------------------
CARDS = "JQK"
P1_SETS = [f"{c}{h}" for c in CARDS for h in ("", " check bet")]
P2_SETS = [f"{c} {h}" for c in CARDS for h in ("check", "bet")]


def kuhn_payoff(a: str, b: str, s1, s2) -> Fraction:
    """Player 1's expected payoff with cards a, b under behaviour strategies s1, s2."""
    show = 1 if CARDS.index(a) > CARDS.index(b) else -1

    def p(s, key, action):
        return Fraction(s.get(key, {}).get(action, 0))

    after_check = (p(s2, f"{b} check", "check") * show
                   + p(s2, f"{b} check", "bet") * (p(s1, f"{a} check bet", "fold") * -1
                                                   + p(s1, f"{a} check bet", "call") * 2 * show))
    after_bet = p(s2, f"{b} bet", "fold") * 1 + p(s2, f"{b} bet", "call") * 2 * show
    return p(s1, a, "check") * after_check + p(s1, a, "bet") * after_bet


def kuhn_value(s1, s2) -> Fraction:
    return sum((kuhn_payoff(a, b, s1, s2) for a in CARDS for b in CARDS if a != b), Fraction(0)) / 6


def pure(sets: list[str], actions: list[tuple[str, str]]):
    for choice in itertools.product(*actions):
        yield {k: {a: 1} for k, a in zip(sets, choice, strict=True)}


P1_PURE = list(pure(P1_SETS, [("check", "bet") if " " not in k else ("fold", "call") for k in P1_SETS]))
P2_PURE = list(pure(P2_SETS, [("check", "bet") if k.endswith("check") else ("fold", "call") for k in P2_SETS]))


def test_exercise_3_kuhn_pokers_value_and_the_jacks_bluff() -> None:
    cert = stored({"game": "kuhn-poker"})
    s1, s2 = cert.strategy(1), cert.strategy(2)
    guaranteed = min(kuhn_value(s1, reply) for reply in P2_PURE)
    conceded = max(kuhn_value(reply, s2) for reply in P1_PURE)
    assert guaranteed == conceded == Fraction(-1, 18)  # Kuhn (1950)
    # player 2's equilibrium is unique: bet the Jack after a check 1 time in 3 (Kuhn, 1950)
    assert KEY.answer(2) == (guaranteed, s2["J check"]["bet"]) == (Fraction(-1, 18), Fraction(1, 3))


def test_exercise_4_the_never_bluffer_against_every_reply() -> None:
    never = {"J": {"check": 1}, "Q": {"check": 1}, "K": {"bet": 1},
             "J check bet": {"fold": 1}, "Q check bet": {"call": 1}, "K check bet": {"call": 1}}
    wins = min(kuhn_value(never, reply) for reply in P2_PURE)
    assert KEY.answer(3) == (wins, Fraction(-1, 18) - wins) == (Fraction(-1, 6), Fraction(1, 9))


# --- the Duel: a best reply by backward induction over information sets -------------------
def best_reply_value(game, player: int, strategy) -> Fraction:
    """Player 1's payoff when the other player replies best to ``strategy``."""
    other = 3 - player
    nodes: dict[str, list[tuple[Decision, Fraction]]] = defaultdict(list)

    def collect(node, weight: Fraction) -> None:  # the other's nodes, with chance x our reach
        if isinstance(node, Chance):
            for p, child in node.branches:
                collect(child, weight * p)
        elif isinstance(node, Decision):
            if node.player == other:
                nodes[node.infoset].append((node, weight))
                for child in node.children:
                    collect(child, weight)
            else:
                mix = strategy.get(node.infoset, {})
                for a, child in zip(node.actions, node.children, strict=True):
                    if mix.get(a, 0):
                        collect(child, weight * Fraction(mix[a]))

    collect(game.root, Fraction(1))
    choice: dict[str, str] = {}
    sign = 1 if other == 1 else -1

    def value(node) -> Fraction:
        if isinstance(node, Terminal):
            return Fraction(node.payoff)
        if isinstance(node, Chance):
            return sum((p * value(c) for p, c in node.branches), Fraction(0))
        if node.player == other:
            return value(node.children[node.actions.index(choose(node.infoset))])
        mix = strategy.get(node.infoset, {})
        return sum((Fraction(mix.get(a, 0)) * value(c)
                    for a, c in zip(node.actions, node.children, strict=True) if mix.get(a, 0)),
                   Fraction(0))

    def choose(key: str) -> str:
        if key not in choice:
            actions = game.infosets[key].actions
            totals = [sum((w * value(n.children[i]) for n, w in nodes[key]), Fraction(0))
                      for i in range(len(actions))]
            choice[key] = actions[max(range(len(actions)), key=lambda i: sign * totals[i])]
        return choice[key]

    return value(game.root)


@pytest.fixture(scope="module")
def duel_cert():
    return stored(duel(DECK).spec)


def test_the_duels_certificate_holds_by_this_best_reply(duel_cert) -> None:
    game = duel_cert.game
    assert best_reply_value(game, 1, duel_cert.strategy(1)) == duel_cert.value
    assert best_reply_value(game, 2, duel_cert.strategy(2)) == duel_cert.value


def test_exercise_5_the_zero_bluffs_with_a_call_of_4(duel_cert) -> None:
    others = [c for c in DECK if c != 0]
    true = Fraction(sum(0 + b >= 4 for b in others), len(others))
    assert KEY.answer(4) == (duel_cert.strategy(1)["0:"]["4"], true)
    assert KEY.answer(4)[1] == Fraction(1, 4)


def test_exercise_6_the_card_counting_bot_and_the_equilibrium(duel_cert) -> None:
    bot = bot_strategy(CardCountingBot(), 1, DECK)
    game = duel_cert.game
    counting = duel_cert.value - best_reply_value(game, 1, bot)
    equilibrium = duel_cert.value - best_reply_value(game, 1, duel_cert.strategy(1))
    assert KEY.answer(6) == (counting, equilibrium)
    assert equilibrium == 0
    assert counting > 0


def test_the_mistakes_are_not_the_answers() -> None:
    for number, exercise in KEY.exercises.items():
        assert KEY.answer(number) not in exercise.mistakes()


def test_exercise_7_is_the_published_value_of_one_die_against_one_and_certified():
    """Thomas Ahle's snyd table prints -1/9 for one six-sided die each (normal rules); the
    key's answer is the stored certificate's value, which its exact best responses check."""
    from bluffmath.liars_dice.table import PUBLISHED, certificate

    cert = certificate(1, 1, 6)
    assert cert.verify()
    assert KEY.answer(7) == cert.value == Fraction(PUBLISHED[1, 1, 6, "normal"]) == Fraction(-1, 9)

"""The Hoax review: every value equals a Bayes sum written here over every deal of the other
players' cards (claims weighed by the bluffing model), a bot that decides by the exact odds
costs nothing, the habits read Hoax decisions, the play table's "Review this game" shows
the review under the table's model, and a sheet is refused."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import permutations

import pytest

from bluffmath.errors import InvalidInputError, ReviewError
from bluffmath.hoax import BluffModel, Case, Claim, Game
from bluffmath.hoax.actions import Accuse, Doubt, Hoax, Pass, Vote
from bluffmath.hoax.bots import play
from bluffmath.hoax.evidence import Holds, IsNot
from bluffmath.hoax.players import BlufferBot, DeducerBot
from bluffmath.hoax.sheet import sheet
from bluffmath.review import review, review_many
from bluffmath.review.hochstapler import UNIT as HOCHSTAPLER_UNIT


def brute_probability(case: Case, target: int, role: str) -> Fraction:
    """P(target holds role) over every ordered deal of the unseen cards to the other seats,
    each weighed by the facts: hard ones rule deals out, a claim weighs honest or bluff."""
    me = next(f.player for f in case.facts if isinstance(f, Holds) and f.how == "own card")
    mine = next(f.role for f in case.facts if isinstance(f, Holds) and f.how == "own card")
    deck = [r for r in case.edition.roles for _ in range(2)]  # two cards of each role
    deck.remove(mine)
    others = [p for p in range(case.players) if p != me]
    total = hit = Fraction(0)
    for cards in permutations(deck, len(others)):  # every physical card alike
        deal = dict(zip(others, cards, strict=True)) | {me: mine}
        w = Fraction(1)
        for f in case.facts:
            if isinstance(f, Holds):
                w *= deal[f.player] == f.role
            elif isinstance(f, IsNot):
                w *= deal[f.player] != f.role
            elif isinstance(f, Claim):
                held = deal[f.player] == f.role
                p = case.model.honest if held else case.model.bluff_for(f.role)
                w *= p if f.spoke else 1 - p
        total += w
        hit += w * (deal[target] == role)
    return hit / total


def games(players=4, seeds=range(3), edition="original"):
    for seed in seeds:
        bots = [DeducerBot(seed=s) if s % 2 else BlufferBot(seed=s) for s in range(players)]
        yield play(Game(edition, players=players, seed=seed), bots)


@pytest.mark.parametrize("seed", [0, 2, 5])
def test_every_value_equals_a_bayes_sum_over_every_deal(seed) -> None:
    end = next(games(4, [seed]))
    checked = 0
    now = end.game.new_game()
    reviews = {s: {d.number: d for d in review(end, s).decisions} for s in range(4)}
    for number, action in enumerate(end.actions, 1):
        seat = now.to_act
        d = reviews[seat].get(number)
        if d is not None:
            case = sheet(now, seat, BluffModel())
            if isinstance(action, Accuse):
                for a in now.legal_actions():
                    if isinstance(a, Accuse):
                        assert d.values[f"accuse seat {a.target} as the {a.role}"] == \
                            brute_probability(case, a.target, a.role)
            else:
                claimant, role = (now.agenda[0][1], now.agenda[0][2]) if now.phase == "doubt" else \
                    next((e.accused, e.role) for e in reversed(now.log) if type(e).__name__ == "Doubted")
                true = brute_probability(case, claimant, role)
                yes, no = ("vote yes", "vote no") if now.phase == "vote" else \
                    (f"doubt seat {claimant} as the {role}", "let it pass")
                assert dict(d.values) == {yes: 1 - true, no: true}
            checked += 1
        else:  # a move not valued: claims, reactions, looks, tokens
            assert seat is None or not (isinstance(action, Accuse | Doubt | Vote | Hoax)
                                        or (now.phase == "doubt" and isinstance(action, Pass)))
        now = now.apply(action)
    assert checked == sum(len(r) for r in reviews.values()) > 0


def test_a_bot_that_decides_by_the_reviews_odds_costs_nothing() -> None:
    model = BluffModel()
    for seed in range(3):
        bots = [DeducerBot(seed=s, model=model, doubt=Fraction(1, 2)) for s in range(4)]
        end = play(Game("original", players=4, seed=seed), bots)
        for seat in range(4):
            r = review(end, seat)
            assert all(d.cost == 0 for d in r.decisions), \
                [(d.choice, d.best, d.cost) for d in r.decisions if d.cost]


def test_a_german_showdown_doubt_is_worth_the_chance_the_other_lacks_the_role() -> None:
    found = 0
    for end in games(4, range(12), "german"):
        for seat in range(4):
            for d in review(end, seat).decisions:
                if d.kind == "showdown":
                    found += 1
                    assert all(Fraction(0) <= v <= 1 for v in d.values.values())
                    assert d.choice.startswith("doubt: not the ")
    assert found  # the German games reach a showdown


def test_the_habits_read_hoax_decisions() -> None:
    played = list(games(6, range(4)))
    habits = review_many([g.to_json() for g in played], 2)
    assert habits.total_cost == sum((review(g, 2).total_cost for g in played), Fraction(0))
    names = {p.name for p in habits.patterns}
    assert names <= {"doubts a likely truth", "lets a likely lie pass", "accuses the less likely role",
                     "names a likely role in the showdown"}
    assert names


def test_the_review_says_its_model_and_takes_another() -> None:
    end = next(games(4, [1]))
    plain = review(end, 1)
    other = review(end, 1, BluffModel(Fraction(9, 10), Fraction(1, 5)))
    assert "BluffModel(honest=1, bluff=1/4)" in plain.model
    assert "honest=9/10" in other.model
    assert plain.unit == "chance of being right about the hidden card" != HOCHSTAPLER_UNIT
    assert json.loads(json.dumps(plain.to_json()))["game"] == "hoax"
    with pytest.raises(InvalidInputError, match="a Hoax review's model is a BluffModel"):
        review(end, 1, "counting")


def test_a_sheet_is_refused_in_words() -> None:
    text = json.dumps(Case("original", 4, (Claim(1, "Wizard"),)).to_json())
    with pytest.raises(ReviewError, match="a Hoax sheet records evidence, not decisions"):
        review(text, 0)


def test_the_play_tables_review_uses_the_tables_model() -> None:
    from bluffmath_widgets.hoax.table import HoaxTable
    from bluffmath_widgets.review import ReviewWidget
    table = HoaxTable(players=4, seed=3, bots="deducer", honest="9/10", bluff="1/5")
    while not table.state.is_terminal:  # as a player does: a move from the list, then "play"
        table.moves.value = table.moves.options[0][1]
        table.play_button.click()
    assert table.end_review.layout.display == "flex"
    table.end_review.click()
    shown = [c for c in table.children if isinstance(c, ReviewWidget)]
    assert len(shown) == 1
    assert shown[0].review == review(table.state, table.me, table.model())

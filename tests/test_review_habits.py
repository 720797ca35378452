"""Habits over many games (bluffmath.review.review_many): a planted habit is found as the top
pattern, a best-playing seat has none, the patterns add up to the reviews exactly, the
Duel's bluff count is read against the equilibrium with an exact chance checked by brute
force, names find seats, and bad input is refused."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import duel as dp
from bluffmath.errors import InvalidInputError, SaveFileError
from bluffmath.hochstapler import CardCountingBot, Game, play_game, save_game
from bluffmath.hochstapler.counting import call_odds
from bluffmath.hochstapler.game import Raise
from bluffmath.hochstapler.options import read_options as _options
from bluffmath.hochstapler.round_model import RoundModel
from bluffmath.review import review, review_many
from bluffmath.review.findings import count_chances as _count_chances
from bluffmath.review.habits import ADVICE, SURPRISE, pattern_of
from bluffmath.review.hochstapler import option_values, round_option_values


@dataclass(frozen=True)
class DoubtsOnlyBelow(CardCountingBot):
    """Card counting, except that it doubts only when the call's chance is below ``below``."""

    below: Fraction = Fraction(1, 5)

    def choose(self, view, legal, rng):
        options = _options(tuple(legal))
        call = view.position.call
        if call is None or not options.low or options.doubt is None:
            return super().choose(view, legal, rng)
        if self.chances(view, call.colour)[call.total] < self.below:
            return options.doubt
        _chance, colour = self._best_raise(view, options)
        return Raise(options.low[colour], colour)


def games_of(bot, seeds, players=4):
    return [play_game(Game(players=players), [bot] + [CardCountingBot()] * (players - 1), seed=s) for s in seeds]


def test_a_bot_that_doubts_only_below_one_fifth_shows_doubting_too_late_first() -> None:
    """One step ahead (the card-counting bot's own model) the planted habit costs more than
    the next two patterns together."""
    habits = review_many(games_of(DoubtsOnlyBelow(), range(12)), 0, "counting")
    top = habits.top(3)
    assert top[0].name == "doubts too late"
    assert top[0].cost > sum(p.cost for p in top[1:])
    # every example is the player's own decision, from the game it names
    example = top[0].example
    assert review(games_of(DoubtsOnlyBelow(), [example.game])[0], 0, "counting").decisions.count(example.decision) == 1
    assert "doubt" in example.decision.best
    assert example.decision.choice != "doubt"
    # the doubt timing: it let calls stand that were false with a mean chance above break-even
    late = [s for s in habits.doubts if not s.doubted and s.chance > s.break_even]
    assert len(late) == top[0].count
    assert "You let" in habits.text()


def test_a_bot_that_doubts_eagerly_shows_doubting_too_early_first() -> None:
    eager = CardCountingBot(doubt_bias=Fraction(1, 2))
    habits = review_many(games_of(eager, range(8)), 0, "counting")
    assert habits.top(1)[0].name == "doubts too early"


@dataclass(frozen=True)
class RoundBest:
    """Takes the round model's best option (the first listed), except that it doubts exactly
    when the call's card-counting chance is below ``below`` (None: no planted habit)."""

    below: Fraction | None = None
    name: str = "round best"

    def choose(self, view, legal, rng):
        position = view.position
        state = self.state  # set by play_round_best: the bot reads the review's values
        values = round_option_values(position, state, RoundModel())
        call = position.call
        if self.below is not None and "doubt" in values:
            chance = call_odds(position.players, position.hand[call.colour], call.total,
                               position.face_up(call.colour))
            if chance < self.below:
                return action_of("doubt")
            values.pop("doubt")
        top = max(values.values())
        return action_of(next(o for o, v in values.items() if v == top))


def action_of(option):
    from bluffmath.hochstapler.game import DoubtCall, ExchangeCard
    verb, *rest = option.split()
    return DoubtCall() if verb == "doubt" else ExchangeCard(rest[0]) if verb == "exchange" else Raise(int(rest[0]), rest[1])


def play_round_best(bot, seed, players=4):
    """Seat 0 is ``bot``; the others count cards."""
    state, others, rng = Game(players=players).new_game(seed=seed), CardCountingBot(), random.Random(seed)
    while not state.is_terminal:
        seat = state.to_act
        if seat == 0:
            object.__setattr__(bot, "state", state)
            state = state.apply(bot.choose(state.view(0), state.legal_actions(), rng))
        else:
            state = state.apply(others.choose(state.view(seat), state.legal_actions(), rng))
    return state


def test_under_the_round_model_a_planted_late_doubt_is_the_only_habit() -> None:
    """A seat that plays the round model's best but doubts only below 1/5 shows "doubts too
    late" and nothing else; without the habit it shows nothing at all."""
    planted = review_many([play_round_best(RoundBest(Fraction(1, 5)), s) for s in range(3)], 0)
    assert [p.name for p in planted.patterns] == ["doubts too late"]
    assert planted.patterns[0].cost == planted.total_cost > 0
    clean = review_many([play_round_best(RoundBest(), s) for s in range(3)], 0)
    assert clean.decisions
    assert clean.total_cost == 0
    assert clean.patterns == ()


def best_game(seed: int) -> object:
    """Seat 0 takes the first best option of the review's own values; the others count cards."""
    state = Game(players=3).new_game(seed=seed)
    others, rng = CardCountingBot(), random.Random(seed)
    while not state.is_terminal:
        seat = state.to_act
        if seat == 0 and state.call is not None:
            values = option_values(state.view(0).position, state)
            top = max(values.values())
            choice = next(o for o, v in values.items() if v == top)
            verb, *rest = choice.split()
            state = (state.doubt() if verb == "doubt" else state.exchange(rest[0]) if verb == "exchange"
                     else state.raise_(int(rest[0]), rest[1]))
        else:
            action = others.choose(state.view(seat), state.legal_actions(), rng)
            state = state.apply(action)
    return state


def test_a_seat_that_takes_the_reviews_best_move_has_no_habit() -> None:
    habits = review_many([best_game(s) for s in (1, 2, 3)], 0, "counting")
    assert habits.decisions
    assert habits.total_cost == 0
    assert habits.patterns == ()
    assert habits.accuracy in (None, 1)
    assert "Every decision was among the best." in habits.text()


def test_the_patterns_add_up_to_the_reviews_decision_by_decision() -> None:
    games = games_of(CardCountingBot(doubt_bias=Fraction(-1, 3)), range(6), players=3)
    habits = review_many([save_game(g) for g in games], 1)
    assert {p.name for p in habits.patterns} & {"calls the wrong colour", "calls too low", "calls above the odds"}
    costly = [(g, d) for g, r in habits.reviews for d in r.decisions if d.cost]
    assert sum(p.count for p in habits.patterns) == len(costly)
    assert sum((p.cost for p in habits.patterns), Fraction(0)) == habits.total_cost
    assert habits.total_cost == sum((review(g, 1).total_cost for g in games), Fraction(0))
    assert [p.cost for p in habits.patterns] == sorted((p.cost for p in habits.patterns), reverse=True)
    for p in habits.patterns:
        assert p.name in ADVICE
        assert all(pattern_of("hochstapler", s.decision) == p.name for s in p.seen)
        assert p.example.decision.cost == max(s.decision.cost for s in p.seen)
        assert p.chosen == sum((s.decision.chosen_value for s in p.seen), Fraction(0)) / p.count
    data = json.loads(json.dumps(habits.to_json()))
    assert Fraction(data["total_cost"]) == habits.total_cost
    assert [d["name"] for d in data["patterns"]] == [p.name for p in habits.patterns]


def test_patterns_follow_the_choice_against_the_best() -> None:
    def d(values, choice, kind="x"):
        from bluffmath.review import Decision
        return Decision(1, 0, kind, "", {k: Fraction(v) for k, v in values.items()}, choice, "")
    raise_, doubt = "raise 5 red", "doubt"
    assert pattern_of("hochstapler", d({doubt: 1, raise_: 0}, raise_)) == "doubts too late"
    assert pattern_of("hochstapler", d({doubt: 0, raise_: 1}, doubt)) == "doubts too early"
    assert pattern_of("hochstapler", d({doubt: 0, raise_: 0, "raise 6 red": 1}, raise_)) == "calls too low"
    assert pattern_of("hochstapler", d({doubt: 0, raise_: 1, "raise 6 red": 0}, "raise 6 red")) == "calls above the odds"
    assert pattern_of("hochstapler", d({raise_: 0, "raise 5 blue": 1}, raise_)) == "calls the wrong colour"
    assert pattern_of("hochstapler", d({raise_: 0, "exchange red": 1}, raise_)) == "misses an exchange"
    assert pattern_of("hochstapler", d({raise_: 1, "exchange red": 0}, "exchange red")) == "exchanges when it does not pay"
    assert pattern_of("hochstapler-duel", d({"call 3": 1, "call 4": 0}, "call 4")) == "calls the wrong total"
    assert pattern_of("gauner", d({"stop": 1, "guess A1 at seat 1": 0}, "guess A1 at seat 1")) == \
        "guesses before the odds say so"
    assert pattern_of("gauner", d({"stop": 0, "guess A1 at seat 1": 1}, "stop")) == "stops too early"
    assert pattern_of("muenchhausen", d({"believe": 0, "doubt": 1}, "believe")) == "believes too readily"
    assert pattern_of("muenchhausen", d({"lay 3": 0, "lay 4": 1}, "lay 3")) == "lays the wrong card"
    assert pattern_of("hochstapler", d({doubt: 1, raise_: 0}, doubt)) is None


# --- the Duel: bluffs counted against the equilibrium ------------------------------------------

DECK = (0, 1, 2, 3, 4)


class NeverBluffs:
    """Calls the lowest call its own card makes more likely true than not; else doubts."""

    def choose(self, view, rng):
        others = [b for b in DECK]
        others.remove(view.card)
        low = (view.calls[-1] + 1) if view.calls else 1
        for total in range(low, DECK[-1] + DECK[-2] + 1):
            if 2 * sum(view.card + b >= total for b in others) > len(others):
                return dp.Call(total)
        return dp.DOUBT


def duel_match(bots, seed: int, deals: int = 10) -> dp.State:
    state = dp.Game(deck=DECK, deals=deals).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        seat = state.to_act
        state = state.play(seat, bots[seat].choose(state.view(seat), rng))
    return state


def test_a_duel_player_who_never_bluffs_is_told_so_with_the_exact_chance() -> None:
    equilibrium = dp.equilibrium_bot(dp.Game(deck=DECK))
    matches = [duel_match([NeverBluffs(), equilibrium], seed) for seed in range(6)]
    habits = review_many(matches, 0)
    found = {t.name: t for t in habits.tendencies}
    assert set(found) == {"bluffs too rarely"}
    t = found["bluffs too rarely"]
    assert t.bluffs == 0
    shares = [share for m in matches for _, _, share in dp.bluff_spots(m, 0)]
    assert t.spots == len(shares)
    assert t.expected == sum(shares, Fraction(0))
    none = Fraction(1)
    for p in shares:
        none *= 1 - p
    assert t.chance == none  # no bluff at all: every spot passes its chance by
    assert "bluffs too rarely" in habits.text()


def _movers(match: dp.State) -> list[int]:
    """The seat that made each move of ``match``, in order (a deal's calls, then its doubt)."""
    seats = []
    for deal in match.deals:
        moves = len(deal.calls) + (0 if deal.forced else 1)
        seats += [(deal.opener + i) % 2 for i in range(moves)]
    return seats


def test_a_duel_players_tendency_leaves_out_the_moves_a_bot_made_for_them() -> None:
    """Ann was away now and then and a bot moved for her: her bluffs are counted over the
    spots she played herself, never the bot's (the class table's review of an absent student)."""
    equilibrium = dp.equilibrium_bot(dp.Game(deck=DECK))
    matches = [duel_match([NeverBluffs(), equilibrium], seed) for seed in range(6)]
    games, own = [], []
    for match in matches:
        turns = [n for n, seat in enumerate(_movers(match), 1) if seat == 0]
        mine = set(turns[::2])  # every other move of hers; a bot made the rest
        own.append(mine)
        makers = tuple("Ann" if n in mine else None for n in range(1, len(_movers(match)) + 1))
        games.append((match, ("Ann", "Bot 2"), makers))
    habits = review_many(games, "Ann")
    shares = [share for m, mine in zip(matches, own, strict=True) for n, _, share in dp.bluff_spots(m, 0) if n in mine]
    every = [share for m in matches for _, _, share in dp.bluff_spots(m, 0)]
    assert 0 < len(shares) < len(every)
    found = {t.name: t for t in habits.tendencies}
    assert found  # seeds where she bluffs too rarely, over her own spots alone
    assert {t.spots for t in found.values()} == {len(shares)}
    none = Fraction(1)
    for p in shares:
        none *= 1 - p
    assert ("bluffs too rarely" in found) == (none <= SURPRISE)


def test_bluff_spots_read_the_cards_and_the_equilibrium() -> None:
    equilibrium = dp.equilibrium_bot(dp.Game(deck=DECK))
    match = duel_match([equilibrium, equilibrium], 3)
    expected, number = [], 0
    for deal in match.deals:  # every move of seat 0, numbered as the match's moves are
        card = deal.cards[0]
        others = list(DECK)
        others.remove(card)

        def bluff(total: int, card: int = card, others: list[int] = others) -> bool:
            return 2 * sum(card + b >= total for b in others) <= len(others)
        moves = [*deal.calls, *([] if deal.forced else ["doubt"])]
        for i, move in enumerate(moves):
            number += 1
            if (deal.opener + i) % 2:
                continue
            key = f"{card}:" + ",".join(map(str, deal.calls[:i]))
            mix = dp.equilibrium_strategy(DECK, 1 if deal.opener == 0 else 2)[key]
            share = sum((p for a, p in mix.items() if a != "doubt" and bluff(int(a))), Fraction(0))
            bluffed = move != "doubt" and bluff(move)
            if share or bluffed:
                expected.append((number, bluffed, share))
    assert expected
    assert dp.bluff_spots(match, 0) == expected


@settings(max_examples=40, deadline=None)
@given(st.lists(st.fractions(min_value=0, max_value=1, max_denominator=7), min_size=0, max_size=8))
def test_the_count_of_bluffs_is_distributed_as_brute_force_says(shares) -> None:
    counts = _count_chances(shares)
    brute = [Fraction(0)] * (len(shares) + 1)
    for outcome in product((0, 1), repeat=len(shares)):
        p = Fraction(1)
        for hit, share in zip(outcome, shares, strict=True):
            p *= share if hit else 1 - share
        brute[sum(outcome)] += p
    assert counts == brute
    assert sum(counts) == 1


# --- names and refusals --------------------------------------------------------------------------

def test_a_name_finds_its_seat_in_each_game() -> None:
    games = games_of(CardCountingBot(doubt_bias=Fraction(-1, 3)), range(3), players=3)
    named = [(games[0], ["Ada", "Ben", "Cy"]), (games[1], ["Ben", "Ada", "Cy"]), (games[2], ["Cy", "Ben", "Dee"])]
    habits = review_many(named, "Ada")
    assert [(g, r.seat) for g, r in habits.reviews] == [(0, 0), (1, 1)]
    assert habits.total_cost == review(games[0], 0).total_cost + review(games[1], 1).total_cost
    with pytest.raises(InvalidInputError, match="no game names the player 'Zed'"):
        review_many(named, "Zed")
    with pytest.raises(InvalidInputError, match="has no names"):
        review_many(games, "Ada")
    with pytest.raises(InvalidInputError, match="a name must be one seat"):
        review_many([(games[0], ["Ada", "Ada", "Cy"])], "Ada")


@pytest.mark.parametrize(("games", "player", "error", "words"), [
    ([], 0, InvalidInputError, "at least one game"),
    (["{}"], 0, SaveFileError, "game 1: this is not a saved game"),
    ([("x",)], 0, InvalidInputError, "a pair"),
    (["{}"], True, InvalidInputError, "a seat number or a name"),
    (["{}"], 1.5, InvalidInputError, "a seat number or a name"),
])
def test_bad_input_is_refused_in_words(games, player, error, words) -> None:
    with pytest.raises(error, match=words):
        review_many(games, player)


def test_a_bad_seat_names_the_game() -> None:
    game = save_game(play_game(Game(players=3), [CardCountingBot()] * 3, seed=1))
    with pytest.raises(InvalidInputError, match="game 1: seat must be a whole number from 0 to 2"):
        review_many([game, game], 5)


def test_no_doubt_spot_is_made_up() -> None:
    game = games_of(CardCountingBot(), [4], players=3)[0]
    habits = review_many([game], 0)
    spots = {(s.game, s.number) for s in habits.doubts}
    assert spots == {(0, d.number) for d in review(game, 0).decisions if "doubt" in d.values}
    assert all(isinstance(s.chance, Fraction) for s in habits.doubts)


def test_the_command_line_reviews_one_save_and_the_habits_of_several(tmp_path, capsys) -> None:
    from bluffmath.cli import main
    games = games_of(DoubtsOnlyBelow(), range(3), players=3)
    paths = []
    for i, g in enumerate(games):
        paths.append(tmp_path / f"game{i}.json")
        paths[-1].write_text(save_game(g))
    assert main(["review", str(paths[0]), "--seat", "0", "--json"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert Fraction(one["total_cost"]) == review(games[0], 0).total_cost
    assert main(["review", *map(str, paths), "--seat", "0", "--json"]) == 0
    many = json.loads(capsys.readouterr().out)
    core = review_many(games, 0)
    assert many["games"] == 3
    assert Fraction(many["total_cost"]) == core.total_cost
    assert [p["name"] for p in many["patterns"]] == [p.name for p in core.patterns]
    assert main(["review", str(paths[0]), "--seat", "0", "--habits"]) == 0
    assert capsys.readouterr().out.startswith("Habits of seat 0 over 1 game, ")
    assert main(["review", str(paths[0]), "--seat", "7"]) == 2
    assert "seat must be a whole number from 0 to 2, got 7" in capsys.readouterr().err


def test_games_of_different_kinds_are_refused_since_their_units_differ() -> None:
    from bluffmath import gauner
    mixed = [games_of(CardCountingBot(), [1], players=3)[0],
             gauner.play_game(gauner.Game(players=2), [gauner.SolverBot()] * 2, seed=1)]
    with pytest.raises(InvalidInputError, match=r"games of one kind.*gauner, hochstapler"):
        review_many(mixed, 0)

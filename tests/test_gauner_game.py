"""The Gauner raus! engine: rules checked literally after every action of many games,
clear refusals, brave scoring, saves, and the solver fed exactly what a seat may know."""

from __future__ import annotations

import json

import pytest

from bluffmath.errors import BluffmathError, IllegalActionError, InvalidInputError, SaveFileError
from bluffmath.gauner import GRID, HAND_SIZE, solve
from bluffmath.gauner.bots import RandomBot, SolverBot, play_game
from bluffmath.gauner.game import Game, State, Stop
from bluffmath.gauner.saves import load_game, save_game

SETUP = {2: 4, 3: 3, 4: 4}


def check(state: State) -> None:
    """Every rule the state must satisfy, from the raw fields."""
    n = state.players
    cards = [c for h in state.hidden for c in h] + [c for cards in state.laid for c in cards] + list(state.surplus)
    assert sorted(cards) == list(range(36))
    for seat in range(n):
        assert len(state.hidden[seat]) + len(state.laid[seat]) == HAND_SIZE[n]
        dealt = state.hidden[seat] | state.laid[seat]
        cells = [c for c, _ in state.numbers[seat]]
        assert len(cells) == len(set(cells)), "a cell written twice in one table"
        for cell, number in state.numbers[seat]:
            colour, letter = divmod(cell, 6)
            assert number == sum(1 for c in dealt if c // 6 == colour or c % 6 == letter)
        assert not state.marks[seat] & state.hidden[seat], "a mark on a card really held"
    setup = [c for c, _ in state.numbers[0][:SETUP[n]]]
    for seat in range(n):
        assert [c for c, _ in state.numbers[seat][:SETUP[n]]] == setup
    assert state.is_terminal == any(not h for h in state.hidden)


def play_checked(game: Game, bots, seed: int, solver_every: int = 0) -> State:
    state = game.new_game(seed)
    turn = 0
    while not state.is_terminal:
        check(state)
        legal = state.legal_actions()
        assert legal
        if state.must_guess:
            assert Stop() not in legal
            turn += 1
            if solver_every and turn % solver_every == 0:
                sound(state)
        state = state.apply(bots[state.current].act(state))
        assert load_game(save_game(state)) == state
    check(state)
    assert state.legal_actions() == []
    return state


def sound(state: State) -> None:
    """The solver, fed the current seat's view, counts the true deal and calls nothing
    certain that is false."""
    view = state.view(state.current)
    s = solve(view)
    for seat in view.opponents:
        for cell in state.hidden[seat]:
            assert s.probability(seat, cell) > 0
    for f in s.forced:
        truly = GRID.index(f.cell) in (state.surplus if f.holder == "surplus" else state.hidden[f.holder])
        assert truly == f.held, f


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("brave", [False, True])
def test_random_games_keep_every_rule(players, brave):
    game = Game(players, brave)
    for seed in range(8):
        bots = [RandomBot(seed=seed * 10 + i, go_on=0.7) for i in range(players)]
        end = play_checked(game, bots, seed)
        if not brave:
            assert sum(end.scores) == sum(len(cards) for cards in end.laid)
        else:
            assert sum(end.scores) <= sum(len(cards) for cards in end.laid)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_solver_is_sound_at_every_turn_of_solver_games(players):
    for seed in range(6):
        bots = [SolverBot()] + [RandomBot(seed=seed * 10 + i) for i in range(players - 1)]
        play_checked(Game(players, brave=seed % 2 == 1), bots, seed, solver_every=1)


def test_a_hit_a_miss_and_the_turn():
    state = Game(players=3).new_game(seed=1)
    held = min(state.hidden[2])
    missed = min(state.surplus)
    hit = state.guess(2, held)
    assert held in hit.laid[2]
    assert held in hit.marks[0]
    assert held in hit.marks[1]
    assert held not in hit.marks[2]
    assert hit.scores == (1, 0, 0)
    assert not hit.must_guess
    assert hit.current == 0
    miss = hit.guess(1, missed)
    assert missed in miss.marks[1]
    assert miss.current == 1
    assert miss.must_guess
    assert len(miss.numbers[1]) == len(state.numbers[1]) + 1  # seat 1 rolled and wrote


def test_brave_points_are_lost_on_a_miss_and_kept_on_stop():
    game = Game(players=2, brave=True)
    state = game.new_game(seed=3)
    first, second = sorted(state.hidden[1])[:2]
    wrong = min(state.surplus)
    two = state.guess(1, first).guess(1, second)
    assert two.scores == (0, 0)
    assert two.turn_points == 2
    assert two.stop().scores == (2, 0)
    assert two.guess(1, wrong).scores == (0, 0)


@pytest.mark.parametrize(("make", "message"), [
    (lambda s: s.guess(0, min(s.hidden[1])), "seat 0 is the player guessing"),
    (lambda s: s.stop(), "at least one guess"),
    (lambda s: s.guess(1, "pink-A"), "not a cell"),
    (lambda s: s.guess(7, 0), "seat must be a whole number from 0 to 1"),
])
def test_refusals_say_why(make, message):
    state = Game(players=2).new_game(seed=2)
    with pytest.raises((IllegalActionError, InvalidInputError), match=message):
        make(state)


def test_no_guess_at_a_face_up_or_marked_cell_and_none_after_the_end():
    state = Game(players=2).new_game(seed=2)
    card = min(state.hidden[1])
    hit = state.guess(1, card)
    with pytest.raises(IllegalActionError, match="already lies face up"):
        hit.guess(1, card)
    assert not hit.can_guess(1, card)
    wrong = min(state.surplus)
    later = hit.guess(1, wrong)  # seat 1's turn now
    back = later.guess(0, min(later.hidden[0])).stop()
    with pytest.raises(IllegalActionError, match="already marked"):
        back.guess(1, wrong)
    end = play_game(Game(players=2), [SolverBot(), SolverBot()], seed=2)
    with pytest.raises(IllegalActionError, match="the game is over"):
        end.guess(1, 0)


def test_a_view_is_exactly_a_seats_knowledge():
    state = play_game(Game(players=3), [RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)], seed=9)
    for seat in range(3):
        view = state.view(seat)
        assert view.hand == state.hidden[seat]
        assert view.tables[1].laid == state.laid[1]
        assert json.loads(view.dumps())["me"] == seat


@pytest.mark.parametrize("text", [
    "not json", json.dumps({"format": "other"}),
    json.dumps({"format": "bluffmath-gauner-raus", "version": 1, "players": 2, "brave": False, "seed": 1,
                "actions": [["guess", 0, "red-A"]]}),
    json.dumps({"format": "bluffmath-gauner-raus", "version": 1, "players": 2, "brave": False, "seed": 1,
                "actions": [["dance"]]}),
    json.dumps({"format": "bluffmath-gauner-raus", "version": 1, "players": 9, "brave": False, "seed": 1,
                "actions": []}),
    json.dumps({"format": "bluffmath-gauner-raus", "version": 1}),
])
def test_bad_saves_are_refused_clearly(text):
    with pytest.raises(SaveFileError):
        load_game(text)


# --- hostile arguments to every public entry point: a bluffmath error, never anything else -----------

def _entries():
    from bluffmath.gauner import (
        Ask,
        Position,
        RandomBot,
        SolverBot,
        Table,
        random_positions,
        run_tournament,
        solve,
        solve_alone,
        solve_steps,
    )
    from bluffmath.gauner.report import grid_html, text, to_json

    state = Game(3).new_game(1)
    pos = state.view(0)
    sol = solve(pos)
    deal = next(random_positions(3, 1))[1]
    two = [RandomBot(), RandomBot()]
    return {
        "Game(players)": lambda v: Game(v), "Game(brave)": lambda v: Game(3, v),
        "new_game": lambda v: Game(3).new_game(v),
        "guess(seat)": lambda v: state.guess(v, "red-A"), "guess(cell)": lambda v: state.guess(1, v),
        "can_guess": lambda v: state.can_guess(v, v), "apply": lambda v: state.apply(v),
        "view": lambda v: state.view(v), "number(seat)": lambda v: state.number(v, 0),
        "number(cell)": lambda v: state.number(0, v),
        "Ask(seat)": lambda v: Ask(v, 0), "Ask(cell)": lambda v: Ask(1, v),
        "Position.from_json": Position.from_json,
        "Position(players)": lambda v: Position(v, 0, pos.hand, pos.tables),
        "Position(me)": lambda v: Position(3, v, pos.hand, pos.tables),
        "Position(hand)": lambda v: Position(3, 0, v, pos.tables),
        "Position(tables)": lambda v: Position(3, 0, pos.hand, v),
        "Table(numbers)": lambda v: Position(3, 0, pos.hand, (pos.tables[0], Table(v), pos.tables[2])),
        "Table(laid)": lambda v: Position(3, 0, pos.hand, (pos.tables[0], Table({}, v), pos.tables[2])),
        "solve": solve, "solve(engine)": lambda v: solve(pos, engine=v),
        "solve_alone(seat)": lambda v: solve_alone(pos, v),
        "solve_steps(engine)": lambda v: list(solve_steps(pos, v)),
        "probability(holder)": lambda v: sol.probability(v, sol.unknown[0]),
        "probability(cell)": lambda v: sol.probability(1, v), "table(holder)": sol.table,
        "best_guesses": sol.best_guesses, "Solution.guess(seat)": lambda v: sol.guess(v, sol.unknown[0]),
        "brave": sol.brave,
        "random_positions(players)": lambda v: random_positions(v, 1),
        "random_positions(seed)": lambda v: random_positions(3, v),
        "random_positions(go_on)": lambda v: random_positions(3, 1, 0, v),
        "Deal.holds(holder)": lambda v: deal.holds(v, 0), "Deal.holds(cell)": lambda v: deal.holds(1, v),
        "RandomBot(name)": RandomBot, "RandomBot(seed)": lambda v: RandomBot(seed=v),
        "RandomBot(go_on)": lambda v: RandomBot(go_on=v), "RandomBot.act": lambda v: RandomBot().act(v),
        "SolverBot(name)": SolverBot, "SolverBot.act": lambda v: SolverBot().act(v),
        "play_game(game)": lambda v: play_game(v, two), "play_game(bots)": lambda v: play_game(Game(3), v),
        "play_game(seed)": lambda v: play_game(Game(2), two, v),
        "run_tournament(bots)": lambda v: run_tournament(v, 1, workers=1),
        "run_tournament(games)": lambda v: run_tournament(two, v, workers=1),
        "run_tournament(brave)": lambda v: run_tournament(two, 1, brave=v, workers=1),
        "report.text": text, "report.to_json": to_json,
        "report.text(guesses)": lambda v: text(sol, v), "grid_html(holder)": lambda v: grid_html(sol, v),
    }


def test_hostile_arguments_end_in_a_bluffmath_error_or_a_right_answer():
    from hostile import hostile_values, outcome

    findings = []
    for name, call in _entries().items():
        for value in hostile_values():
            kind, result = outcome(lambda call=call, value=value: call(value), seconds=20)
            if kind not in ("ok", "refused"):
                findings.append(f"{name} {ascii(value)[:30]}: {kind} {type(result).__name__} {result}")
    assert findings == []


@pytest.mark.parametrize(("call", "words"), [
    (lambda: Game(2).new_game(2**64), "seed must be a whole number from 0 to 18446744073709551615"),
    (lambda: Game(2).new_game(True), "seed must be a whole number"),
    (lambda: Game(2).new_game(1.0), "got 1.0 (float)"),
    (lambda: Game(True), "players must be a whole number from 2 to 4, got True"),
    (lambda: Game(3, 1), "brave must be True or False, got 1"),
    (lambda: Game(3).new_game(0).view(10**5000), "got a number of 5,001 digits"),
    (lambda: Game(3).new_game(0).guess(True, "red-A"), "seat must be a whole number from 0 to 2, got True"),
    (lambda: Game(3).new_game(0).guess(1, "red-G"), "'red-G' is not a cell"),
])
def test_bad_arguments_say_what_is_allowed(call, words):
    with pytest.raises(BluffmathError) as caught:
        call()
    assert words in str(caught.value)


def test_an_endless_iterable_is_refused_not_looped_on():
    import itertools

    from bluffmath.gauner import Position, RandomBot, Table, run_tournament

    state = Game(2).new_game(0)
    pos = state.view(0)
    for call in (lambda: play_game(Game(2), itertools.count()),
                 lambda: run_tournament(itertools.count(), 2, workers=1),
                 lambda: Position(2, 0, pos.hand, (Table(itertools.count()), pos.tables[1])),
                 lambda: Position.from_json(itertools.count()),
                 lambda: RandomBot(name=itertools.count())):
        kind, result = __import__("hostile").outcome(call, seconds=10)
        assert kind == "refused", result

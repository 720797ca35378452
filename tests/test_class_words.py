"""The class table's words, in all five games: a finished game names nobody to play, the
end page says the result once (the server's status line says the game is over) and calls a
level game a draw, the odds setting is said in each game's own words, Hochstapler's review
says "call" as the page's buttons do, Hoax names its edition, and a button's accessible
name holds the words it shows.

The expected words come from the rules and the states (who is level, who called what), not
from the pages' code."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bluffmath.hochstapler.position import Call
from bluffmath_class.games import GAMES, ODDS_MODES, Seating
from bluffmath_class.markup import esc

NAMES = ("Ann", "Ben", "Cy", "Dee")
#: Each game as a class plays it here: its variant, seats and bot.
PLAYED = {"hochstapler": ("one-deal", 4, "counting"), "gauner": ("plain", 3, "random"),
          "hoax": ("original", 4, "random"), "muenchhausen": ("one-round", 3, "random"),
          "duel": ("0-4-10", 2, "random")}


def play(game: str, seed: int, moves: int = 10**6, variant: str | None = None) -> tuple[Any, Any, list[Any], Seating]:
    """A game of ``game``'s bots stopped after ``moves`` moves: its rules, state, notes and
    seating."""
    rules = GAMES[game]
    default, seats, bot = PLAYED[game]
    state, rng, notes = rules.new_state(seats, variant or default, seed, 0), random.Random(seed), []
    for _ in range(moves):
        if rules.to_act(state) is None:
            break
        action = rules.bot_move(state, bot, rng)
        before, state = state, rules.apply(state, action)
        note = rules.note(before, action, state)
        if note is not None:
            notes.append(note)
    return rules, state, notes, Seating(NAMES[:seats])


def to_play(html: str, seating: Seating) -> list[str]:
    """The seats a page says are to move ("Ann to play", "Ben to guess", "▶ Cy")."""
    return [n for n in seating.names if re.search(rf"(?<![\w'’]){re.escape(esc(n))} to [a-z]", html)
            or f"▶ {esc(n)}" in html]


# --- who is to play ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(PLAYED))
def test_a_game_that_is_over_names_nobody_to_play(game):
    rules, state, notes, seating = play(game, 3, moves=9)
    seat = rules.to_act(state)
    assert seat is not None
    assert seating.names[seat] in to_play(rules.table_page(state, seating, notes), seating)
    ended = rules.table_page(state, seating, notes, over=True)  # the teacher ended it here
    assert to_play(ended, seating) == []
    assert "ended" in ended
    rules, state, notes, seating = play(game, 3)
    assert rules.to_act(state) is None
    for over in (False, True):
        assert to_play(rules.table_page(state, seating, notes, over=over), seating) == []


# --- the result, said once ----------------------------------------------------------------------


def _head(end: str) -> str:
    [head] = re.findall(r"<h2>(.*?)</h2>", end)
    return head


@pytest.mark.parametrize("game", list(PLAYED))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_end_page_says_the_result_and_not_that_the_game_is_over(game, seed):
    for moves in (10**6, 7):  # finished, and ended by the teacher after 7 moves
        rules, state, _, seating = play(game, seed, moves)
        scores = list(rules.scores(state))
        best = min(scores) if game == "hochstapler" else max(scores)  # penalty points: the fewest win
        top = [s for s, p in enumerate(scores) if p == best]
        for seat in range(len(scores)):
            end = rules.end_page(state, seat, seating)
            assert not re.search(r"game over|game is over|match is over", end, re.I)
            head = _head(end)
            if rules.to_act(state) is not None:
                assert "teacher ended" in head
            elif game == "hoax":
                assert head == ("No winner" if state.winner is None else
                                "You win" if state.winner == seat else f"{seating.names[state.winner]} wins")
            elif len(top) == len(scores):
                assert head.startswith("A draw")
            elif top == [seat]:
                assert head == "You win"
            elif len(top) == 1:
                assert head == f"{seating.names[top[0]]} wins"
            else:
                assert head.endswith("share the win")
            if game != "hoax":
                marks = re.findall(r"<td>(winner|joint winner|draw)</td>", end)
                assert marks == (["draw"] * len(scores) if len(top) == len(scores) else
                                 ["winner"] if len(top) == 1 else ["joint winner"] * len(top))


def _drawn_duel() -> Any:
    for seed in range(200):
        rules, state, _, seating = play("duel", seed)
        if state.scores[0] == state.scores[1]:
            return rules, state, seating
    raise AssertionError("no drawn match in 200")


def test_a_drawn_duel_is_a_draw_in_words_and_nobody_is_its_winner():
    rules, state, seating = _drawn_duel()
    assert rules.to_act(state) is None
    for seat, other in ((0, "Ben"), (1, "Ann")):
        end = rules.end_page(state, seat, seating)
        assert _head(end) == f"A draw: you and {other} level"
        assert "winner" not in end
        assert end.count("<td>draw</td>") == 2
    assert "A draw: Ann and Ben level" in rules.table_page(state, seating, [])
    ended = rules.new_state(2, "0-4-10", 5, 0)  # the teacher ends a match before a deal is played
    assert _head(rules.end_page(ended, 0, seating)) == "The teacher ended the match; the points so far"
    assert "winner" not in rules.end_page(ended, 0, seating)


# --- the odds setting, in each game's words ----------------------------------------------------------


#: What each game shows a student after the fact, by its rules: the thing the chance is of.
AFTERWARDS = {"hochstapler": "doubt", "gauner": "guess", "hoax": "challenge or accusation",
              "muenchhausen": "honest", "duel": "deal"}


def test_each_game_says_its_odds_settings_in_its_own_words():
    assert set(AFTERWARDS) == set(GAMES)
    for name, rules in GAMES.items():
        assert list(rules.odds_modes) == list(ODDS_MODES) == ["always", "after-doubt", "never"]
        assert AFTERWARDS[name] in rules.odds_modes["after-doubt"]
        others = set(AFTERWARDS.values()) - {AFTERWARDS[name]}
        assert not any(re.search(rf"\b{o}\b", rules.odds_modes["after-doubt"]) for o in others - {"doubt"})
    assert len({r.odds_modes["after-doubt"] for r in GAMES.values()}) == len(GAMES)
    assert "cards are shown" not in ODDS_MODES["after-doubt"]  # Hochstapler's words are its own
    assert "doubt" not in ODDS_MODES["after-doubt"]


# --- a game's own words --------------------------------------------------------------------------


def test_hochstaplers_end_page_says_call_as_its_buttons_do():
    rules, state, _, seating = play("hochstapler", 6)
    for seat in range(len(seating.names)):
        end = rules.end_page(state, seat, seating)
        assert not re.search(r"\braise", end, re.I)
        for event in state.events:
            if type(event) is Call and event.seat == seat:
                assert f"call {event.total} {event.colour}:" in end


@pytest.mark.parametrize(("variant", "name"), [("german", "Die Erben von Hoax"), ("original", "the original edition")])
def test_hoax_names_its_edition(variant, name):
    rules, state, notes, seating = play("hoax", 4, moves=6, variant=variant)
    page = rules.seat_page(state, 0, seating, "always", notes)
    assert f"{len(seating.names)} players, {name}; turn" in page["board"]
    assert not re.search(r"german edition", "".join(page.values()) + rules.table_page(state, seating, notes))


@pytest.mark.parametrize("game", list(PLAYED))
def test_every_button_is_named_by_the_words_it_shows(game):
    rules, state, notes, seating = play(game, 8, moves=6)
    seen = 0
    while rules.to_act(state) is not None and seen < 40:
        page = "".join(rules.seat_page(state, rules.to_act(state), seating, "always", notes).values())
        for button in re.findall(r"<button\b[^>]*>", page):
            seen += 1
            assert "aria-label" not in button  # the name is the button's own text, which shows
        state = rules.apply(state, rules.bot_move(state, PLAYED[game][2], random.Random(seen)))
    assert seen

"""``bluffmath hoax replay`` and ``bluffmath hoax play``: the functions behind them, and the
subcommands they add to an argparse parser."""

from __future__ import annotations

import argparse
import io
import json
import random
from pathlib import Path

import pytest
from test_hoax_rules import thieves_with_no_move

from bluffmath.errors import InvalidInputError, SaveFileError
from bluffmath.hoax.actions import Pass
from bluffmath.hoax.bots import RandomBot
from bluffmath.hoax.bots import play as play_bots
from bluffmath.hoax.cli import add_commands, play, replay, said
from bluffmath.hoax.game import Game
from bluffmath.hoax.saves import from_json, to_json


def _save(seed=4):
    return to_json(play_bots(Game("german", players=5, seed=seed), [RandomBot(seed=i) for i in range(5)]))


def test_replay_prints_the_log_in_words_and_the_final_state():
    text = _save()
    lines = replay(text).splitlines()
    assert lines[0] == "5 players, Die Erben von Hoax: one card each, 20 of each token in the castle"
    assert lines[1].startswith("the castle gives seat 0 1 ")
    assert "wins" in lines[-1] or "draw" in lines[-1]
    final = json.loads(replay(text, as_json=True))
    data = json.loads(text)
    assert final["cards"] == data["deal"]
    assert final["winner"] == data["winner"]
    assert final["actions"] == len(data["actions"])
    for t in range(3):
        assert final["castle"][t] + sum(o[t] for o in final["outside"]) + sum(final["vault"]) == 20


def test_replay_words_the_passes_and_the_draw():
    draw = thieves_with_no_move().apply(Pass()).apply(Pass())
    lines = replay(to_json(draw)).splitlines()
    assert lines[-5:] == ["turn 13: seat 0", "seat 0 has no legal move and passes", "turn 14: seat 1",
                          "seat 1 has no legal move and passes",
                          "no winner: every player still in passed in one full round: a draw"]
    final = json.loads(replay(to_json(draw), as_json=True))
    assert (final["over"], final["winner"], final["draw"]) == (True, None, True)
    assert final["how"] == "every player still in passed in one full round: a draw"
    assert said(Pass()) == "pass"


def test_replay_refuses_an_edited_save():
    with pytest.raises(SaveFileError):
        replay(_save().replace('"players": 5', '"players": 6'))


def test_play_reads_moves_by_number_until_the_end():
    out = io.StringIO()
    last = play(players=3, seed=1, stdin=io.StringIO("0\n" * 5000), stdout=out)
    assert last.startswith("the cards: seat 0 ")
    text = out.getvalue()
    assert "You are seat 0; your card: the " in text
    assert "  0: take 1 gold" in text


def test_play_asks_again_after_a_bad_number_and_stops_at_the_end_of_input():
    out = io.StringIO()
    assert play(players=4, seed=2, stdin=io.StringIO("x\n9\n"), stdout=out) == \
        "stopped: the input ended before the game did"
    assert "your move must be a whole number" in out.getvalue()
    assert "from 0 to 2, got 9" in out.getvalue()


def test_every_move_has_words():
    state = Game("german", players=4, seed=1).new_game()
    rng_moves = set()
    rng = random.Random(1)
    for _ in range(3000):
        if state.is_terminal:
            state = Game("german", players=4, seed=len(rng_moves)).new_game()
        for action in state.legal_actions():
            rng_moves.add(type(action).__name__)
            assert said(action)
        state = state.apply(rng.choice(state.legal_actions()))
    assert {"Take", "Cover", "Act", "Pass", "Hoax", "Vote"} <= rng_moves


def test_add_commands_wires_replay_and_play(tmp_path, capsys):
    parser = argparse.ArgumentParser(prog="bluffmath hoax")
    add_commands(parser.add_subparsers(required=True), lambda path, what: Path(path).read_text(encoding="utf-8"))
    path = tmp_path / "save.json"
    path.write_text(_save(), encoding="utf-8")
    args = parser.parse_args(["replay", str(path), "--json"])
    assert json.loads(args.run(args))["players"] == 5
    args = parser.parse_args(["play", "--players", "5", "--edition", "german", "--seed", "3"])
    assert (args.players, args.edition, args.seed) == (5, "german", 3)
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "--players", "nine"])
    assert "--players must be a whole number" in capsys.readouterr().err


def test_play_saves_the_game_for_replay(tmp_path):
    path = tmp_path / "game.json"
    last = play(players=3, seed=1, stdin=io.StringIO("0\n" * 5000), stdout=io.StringIO(), save=str(path))
    assert last.endswith(f"bluffmath hoax replay {path}")
    kept = from_json(path.read_text(encoding="utf-8"))  # replayed and checked
    assert kept.is_terminal
    assert last.startswith(f"the cards: {', '.join(f'seat {s} {c}' for s, c in enumerate(kept.cards))}. ")
    assert replay(path.read_text(encoding="utf-8")).splitlines()[0]


def test_a_game_stopped_halfway_is_saved_as_it_stood(tmp_path):
    path = tmp_path / "game.json"
    last = play(players=4, seed=2, stdin=io.StringIO("0\n0\n"), stdout=io.StringIO(), save=str(path))
    assert last.startswith("stopped: the input ended before the game did\nsaved in ")
    assert len(json.loads(path.read_text(encoding="utf-8"))["actions"]) >= 2
    replay(path.read_text(encoding="utf-8"))  # loads: replayed and checked


def test_play_never_replaces_a_file(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text("keep me", encoding="utf-8")
    with pytest.raises(InvalidInputError, match="exists already"):
        play(players=3, seed=1, stdin=io.StringIO(""), stdout=io.StringIO(), save=str(path))
    assert path.read_text(encoding="utf-8") == "keep me"

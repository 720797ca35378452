"""The ``bluffmath hoax`` tasks: ``deduce`` from a sheet, ``replay`` a save and ``play`` in
the terminal.

    bluffmath hoax deduce sheet.json [--json] [--explain PLAYER ROLE]
    bluffmath hoax replay save.json [--json]
    bluffmath hoax play [--players N] [--edition original|german] [--seed S] [--save FILE]

``deduce`` reads a sheet (:meth:`bluffmath.hoax.Case.from_json`) and prints every
player's exact chance of every identity (:mod:`bluffmath.hoax.report`), with ``--explain``
the counting behind one of them. ``replay`` reads a save (:mod:`bluffmath.hoax.saves`:
replayed and checked), and prints the game's log in words, every event including the
private ones (a save holds the deal: it is the record of the whole table), or with
``--json`` the final state as JSON.
``play`` seats you at seat 0 against random bots: it prints what you may see, lists your
legal moves numbered, and reads the number of your move from standard input (end of input
stops the game). With ``--save FILE`` it writes the game as a save (the deal and every move,
rewritten after each move, so a game stopped halfway is kept too): ``replay`` reads it.

>>> from bluffmath.hoax.bots import RandomBot, play as play_bots
>>> from bluffmath.hoax.game import Game
>>> from bluffmath.hoax.saves import to_json
>>> end = play_bots(Game("original", players=3, seed=2), [RandomBot(seed=i) for i in range(3)])
>>> print(replay(to_json(end)).splitlines()[0])
3 players, the original edition: one card each, 20 of each token in the castle
>>> json.loads(replay(to_json(end), as_json=True))["winner"] == end.winner
True
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from bluffmath.cli_args import number
from bluffmath.errors import BluffmathError, InvalidInputError
from bluffmath.hoax.actions import (
    Accuse,
    Act,
    Action,
    Break,
    Buy,
    Cover,
    Done,
    Doubt,
    Fine,
    Hoax,
    Illegal,
    Immune,
    Pardon,
    Pass,
    Pay,
    PayFine,
    PayPardon,
    Show,
    Store,
    Take,
    Vote,
)
from bluffmath.hoax.bots import RandomBot
from bluffmath.hoax.deduce import deduce
from bluffmath.hoax.evidence import Case
from bluffmath.hoax.game import Game, State
from bluffmath.hoax.report import text as table
from bluffmath.hoax.saves import from_json, to_json
from bluffmath.hoax.tokens import TOKENS, describe
from bluffmath.limits import MAX_SEED
from bluffmath.validate import int_text

ME = 0


def deduction(text: str, as_json: bool = False, explain: Sequence[str] | None = None) -> str:
    """A sheet's deduction: every player's chance of every identity in a table, or (``as_json``)
    as JSON; ``explain`` (a player's number and a role): the counting behind that chance too."""
    found = deduce(Case.from_json(text))
    if as_json:
        return json.dumps(found.to_json(), indent=2)
    if not explain:
        return table(found)
    player, role = explain
    return table(found) + "\n\n" + found.explain(int_text("--explain's player", player), role)


def replay(text: str, as_json: bool = False) -> str:
    """A save's game: its log in words, or (``as_json``) its final state as JSON."""
    state = from_json(text)
    if as_json:
        return json.dumps(final(state), indent=2)
    return "\n".join(str(e) for e in state.log)


def final(state: State) -> dict[str, Any]:
    """The state's public numbers, the cards and the outcome, as JSON-ready values."""
    return {"edition": state.game.edition.name, "players": state.players, "cards": list(state.cards),
            "alive": list(state.alive), "castle": list(state.castle), "outside": [list(o) for o in state.outside],
            "vault": list(state.vault), "covered": [sorted(c) for c in state.covered], "turns": state.turn,
            "over": state.is_terminal, "winner": state.winner, "draw": state.is_draw, "how": state.how,
            "actions": len(state.actions)}


def said(action: Action) -> str:
    """A move in words, for the list a player picks from."""
    t = getattr(action, "token", None)
    words: dict[type, Callable[[Any], str]] = {
        Take: lambda a: f"take 1 {TOKENS[a.token]}", Cover: lambda a: f"cover the {a.role}",
        Store: lambda a: "put a trio in the vault", Break: lambda a: "break a vault trio",
        Act: lambda a: f"as the {a}", Buy: lambda a: f"buy a look at seat {a.target}", Done: lambda a: "done",
        Show: lambda a: f"show: not the {a.role}", Accuse: lambda a: f"accuse seat {a.target} of being the {a.role}",
        Pass: lambda a: "pass", Hoax: lambda a: "Hoax! (doubt the claim)", Vote: lambda a: f"vote {'yes' if a.yes else 'no'}",
        Pay: lambda a: "give it up" if t is None else f"pay 1 {TOKENS[t]}", Immune: lambda a: "as the Wizard: immune",
        Illegal: lambda a: "as the King: illegal!",
        Fine: lambda a: f"as the Judge: a fine of {describe(tuple(a.tokens.count(k) for k in range(3)))}",
        Pardon: lambda a: f"as the Vicar: a pardon for 1 {TOKENS[a.token]}",
        PayFine: lambda a: f"pay seat {a.judge}'s fine" + " (from the vault too)" * a.vault,
        PayPardon: lambda a: f"pay seat {a.vicar}'s pardon fee" + " (from the vault too)" * a.vault,
        Doubt: lambda a: f"doubt: not the {a.role}?"}
    return words[type(action)](action)


def play(players: int = 4, edition: str = "original", seed: int = 0, stdin: TextIO | None = None,
         stdout: TextIO | None = None, save: str | None = None) -> str:
    """A game at seat 0 against random bots, moves read by number; returns the last line.

    ``save``: a file to keep the game in (a new one: an existing file is not replaced),
    written at the start and after every move."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    state = Game(edition, players=players, seed=seed).new_game()
    if save is not None:
        _write(save, state, new=True)
    bots = {seat: RandomBot(seed=seed * 10 + seat) for seat in range(1, players)}
    shown = 0
    print(f"You are seat {ME}; your card: the {state.cards[ME]}.", file=stdout)
    while not state.is_terminal:
        log = state.view(ME).log
        for event in log[shown:]:
            print(f"  {event}", file=stdout)
        shown = len(log)
        if state.to_act != ME:
            state = state.apply(bots[state.to_act].act(state))
            continue
        legal = state.legal_actions()
        print(f"[{state.phase}] you hold {describe(state.outside[ME])} outside, {state.vault[ME]} trio(s) in the "
              f"vault; the castle {describe(state.castle)}", file=stdout)
        for i, action in enumerate(legal):
            print(f"  {i:3}: {said(action)}", file=stdout)
        choice = _choice(stdin, stdout, len(legal))
        if choice is None:
            return "stopped: the input ended before the game did" + _saved(save, state)
        state = state.apply(legal[choice])
        if save is not None:
            _write(save, state)
    for event in state.view(ME).log[shown:]:
        print(f"  {event}", file=stdout)
    if save is not None:
        _write(save, state)
    return (f"the cards: {', '.join(f'seat {s} {c}' for s, c in enumerate(state.cards))}. {state.how}."
            + _saved(save, state))


def _saved(save: str | None, state: State) -> str:
    return "" if save is None else f"\nsaved in {save} after {len(state.actions)} moves: bluffmath hoax replay {save}"


def _write(path: str, state: State, new: bool = False) -> None:
    """Write the save whole (a new file beside it, then renamed over it); ``new``: refuse a
    file that exists already, so that the game never replaces someone's file."""
    try:
        if new:
            with open(path, "x", encoding="utf-8") as file:
                file.write(to_json(state))
            return
        part = f"{path}.part"
        with open(part, "w", encoding="utf-8") as file:
            file.write(to_json(state))
        os.replace(part, path)
    except FileExistsError:
        raise InvalidInputError(f"--save: {path} exists already; bluffmath does not replace files "
                                "(name a new file, or delete that one)") from None
    except OSError as error:
        raise InvalidInputError(f"--save: cannot write {path}: {error.strerror}") from None


def _choice(stdin: TextIO, stdout: TextIO, n: int) -> int | None:
    while True:
        print(f"your move (0-{n - 1}): ", end="", file=stdout, flush=True)
        line = stdin.readline()
        if not line:
            return None
        try:
            return int_text("your move", line.strip(), 0, n - 1)
        except BluffmathError as error:
            print(error, file=stdout)


def add_commands(tasks: Any, read: Callable[[str, str], str]) -> None:
    """Add ``deduce``, ``replay`` and ``play`` to the ``bluffmath hoax`` subcommands
    (``read``: how the command line reads an input file, ``-`` for standard input)."""
    deducer = tasks.add_parser("deduce", help="every player's exact chance of every identity")
    deducer.add_argument("case", help="a sheet as JSON, as Case.to_json writes it (a file, or - for standard input)")
    deducer.add_argument("--json", action="store_true", help="print JSON, fractions as 'p/q'")
    deducer.add_argument("--explain", nargs=2, metavar=("PLAYER", "ROLE"),
                         help="also show the counting behind one player's chance of one role")
    deducer.set_defaults(run=lambda args: deduction(read(args.case, "sheet"), args.json, args.explain))
    replayer = tasks.add_parser("replay", help="replay a saved game: its log in words, or the final state")
    replayer.add_argument("save", help="a Hoax save as JSON (a file, or - for standard input)")
    replayer.add_argument("--json", action="store_true", help="print the final state as JSON")
    replayer.set_defaults(run=lambda args: replay(read(args.save, "saved game"), args.json))
    player = tasks.add_parser("play", help="play a game against random bots in the terminal")
    player.add_argument("--players", type=number("--players", 3, 8), default=4, help="3-6 original, 4-8 German")
    player.add_argument("--edition", choices=["original", "german"], default="original")
    player.add_argument("--seed", type=number("--seed", 0, MAX_SEED), default=0, help="deals the cards")
    player.add_argument("--save", metavar="FILE", default=None,
                        help="keep the game in FILE (a new file), for bluffmath hoax replay FILE")
    player.set_defaults(run=lambda args: play(args.players, args.edition, args.seed, save=args.save))

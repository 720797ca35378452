"""The ``bluffmath train`` command: drills from your saves, answered in the terminal.

    bluffmath train SAVE [SAVE ...] --player SEAT_OR_NAME [--threshold mistake] [--order costliest|game]
                    [--progress FILE]

It builds the drills of :func:`bluffmath.train.drills` from the saves (files, or ``-`` for
standard input), shows each drill's position with its options numbered, and reads the
number of the chosen option from standard input; then it prints the exact result in the
review's words (:meth:`~bluffmath.train.Answer.text`: every option's exact value, the best,
what the answer cost, and why). At the end, and when the input ends or Ctrl+C stops the
session (status 130), it prints a summary: the drills answered, how many were best, and
their total cost. With ``--progress FILE`` each answer is recorded at once in that
:class:`~bluffmath.train.Progress` file, whose schedule brings the drill back. Answers
come from standard input, so a save read from it (``-``) leaves none: the first question
and the summary.

>>> import argparse, contextlib, io, sys
>>> from bluffmath.hochstapler import Game, save_game
>>> parser = argparse.ArgumentParser(prog="bluffmath train")
>>> add_commands(parser)
>>> args = parser.parse_args(["-", "--player", "1"])
>>> game = Game(players=3).new_game(seed=5).raise_(0, "red").doubt()  # seat 1 doubts a certain call
>>> stdin, sys.stdin = sys.stdin, io.StringIO(save_game(game))
>>> with contextlib.redirect_stdout(io.StringIO()) as shown:
...     summary = args.run(args)
>>> sys.stdin = stdin
>>> shown.getvalue().splitlines()[0]
'Drill 1 of 1 (hochstapler, seat 1, move 2): deal 1, 3 players; ...; call to beat: 0 red (seat 0).'
>>> summary
"Drills answered: 0 of 1; best answers: 0; total cost: 0, in probability of not taking this round's penalty point."
"""

from __future__ import annotations

import argparse
import re
import sys
from datetime import UTC, datetime
from fractions import Fraction

from bluffmath.cli_args import read_input
from bluffmath.display import written
from bluffmath.train.drills import MARKS, ORDERS, THRESHOLD, Drill, answer, drills
from bluffmath.train.progress import Attempt, Item, Progress

# The command's words, one template per message.
QUESTION = "Drill {n} of {total} ({game}, seat {seat}, move {move}): {position}.\nValues are in {unit}."
PROMPT = "Your answer (a number from 1 to {count}): "
NOT_AN_OPTION = "{typed} is not one of the options: type a number from 1 to {count}."
NO_DRILLS = "No decision of {player} in these games passes the threshold {threshold}: nothing to drill."
SUMMARY = "Drills answered: {answered} of {total}; best answers: {best}; total cost: {cost}, in {unit}."
#: The widest line of numbered options.
WIDTH = 100
_COST = re.compile(r"[0-9]+(/[0-9]*[1-9][0-9]*)?")


def add_commands(parser: argparse.ArgumentParser) -> None:
    """Add the ``train`` command's arguments to its parser."""
    parser.add_argument("save", nargs="+",
                        help="a saved game as JSON (a file, or - for standard input); several: all of one game")
    parser.add_argument("--player", required=True, metavar="SEAT_OR_NAME",
                        help="your seat (0 is the first) or, in games that name their seats, your name")
    parser.add_argument("--threshold", default=THRESHOLD,
                        help=f"the decisions to drill: a mark ({', '.join(MARKS)}: that mark or worse; default "
                             f"{THRESHOLD}) or a cost in the review's unit, such as 1/10 (0: every real choice)")
    parser.add_argument("--order", choices=ORDERS, default=ORDERS[0],
                        help="costliest first (default), or game by game, move by move")
    parser.add_argument("--progress", metavar="FILE",
                        help="record every answer in this progress file (made if need be), so drills come back "
                             "on its schedule")
    parser.set_defaults(run=run_train)


def run_train(args: argparse.Namespace) -> str:
    """The session: every drill asked and judged; its summary is returned (printed before
    Ctrl+C goes on up, which ends the command with status 130)."""
    player = int(args.player) if args.player.isascii() and args.player.isdigit() else args.player
    saves = [read_input(path, "saved game") for path in args.save]
    found = drills(saves, player, _threshold(args.threshold), args.order)
    if not found:
        return NO_DRILLS.format(player=args.player, threshold=args.threshold)
    progress = None if args.progress is None else Progress(args.progress)  # made once the saves are read
    answered: list[Fraction] = []
    try:
        for n, drill in enumerate(found, 1):
            option = _ask(drill, n, len(found))
            if option is None:
                break
            result = answer(drill, option)
            print(result.text() + "\n")
            answered.append(result.cost)
            if progress is not None:
                _record(progress, args.player, drill, result.cost)
    except KeyboardInterrupt:
        print(_summary(answered, found))
        raise
    return _summary(answered, found)


def _threshold(text: str) -> str | Fraction:
    """A cost (``1/10``, ``0``) as a Fraction; anything else as given, for
    :func:`~bluffmath.train.drills` to take as a mark or refuse.

    >>> _threshold("1/10"), _threshold("blunder"), _threshold("1/0")
    (Fraction(1, 10), 'blunder', '1/0')
    """
    return Fraction(text) if _COST.fullmatch(text) else text


def _ask(drill: Drill, n: int, total: int) -> str | None:
    """Show the drill and read the number of an option until one is given; None when the
    input ends."""
    print(QUESTION.format(n=n, total=total, game=drill.game, seat=drill.seat, move=drill.number,
                          position=drill.position, unit=drill.unit))
    print(numbered(drill.options))
    count = len(drill.options)
    while True:
        sys.stdout.write(PROMPT.format(count=count))
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            print()
            return None
        typed = line.strip()
        if typed.isascii() and typed.isdigit() and 1 <= int(typed) <= count:
            return drill.options[int(typed) - 1]
        print(NOT_AN_OPTION.format(typed=repr(typed), count=count))


def numbered(options: tuple[str, ...]) -> str:
    """The options numbered from 1, in as many columns as fit in :data:`WIDTH` characters.

    >>> print(numbered(("doubt", "raise 7 red", "raise 8 red")))
      1. doubt          2. raise 7 red    3. raise 8 red
    """
    cells = [f"{i:>3}. {option}" for i, option in enumerate(options, 1)]
    width = max(len(cell) for cell in cells) + 2
    across = max(1, WIDTH // width)
    rows = ["".join(cell.ljust(width) for cell in cells[i:i + across]) for i in range(0, len(cells), across)]
    return "\n".join(row.rstrip() for row in rows)


def _record(progress: Progress, player: str, drill: Drill, cost: Fraction) -> None:
    """The answer in the progress file (the drill added first, if it is new there)."""
    progress.add_items([Item(drill.id, drill.skill)])
    progress.record([Attempt(player, drill.id, datetime.now(UTC), cost)])


def _summary(costs: list[Fraction], found: list[Drill]) -> str:
    return SUMMARY.format(answered=len(costs), total=len(found), best=costs.count(0),
                          cost=written(sum(costs, Fraction(0))), unit=found[0].unit)

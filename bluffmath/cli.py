"""The ``bluffmath`` command line.

    bluffmath hochstapler odds --players 5 --own 3 --face-up 0,7 --call 12 [--json]
    bluffmath hochstapler duel [--deck 0,1,2,3,4] [--json]
    bluffmath gauner solve position.json [--json]
    bluffmath hoax deduce sheet.json [--json] [--explain PLAYER ROLE]
    bluffmath hoax replay save.json [--json]
    bluffmath hoax play [--players N] [--edition original|german] [--seed S] [--save FILE]
    bluffmath liars-dice solve 2 1 6 [--mode normal|joker|stairs] [--whole] [--strategies] [--json]
    bluffmath liars-dice table [--json]
    bluffmath muenchhausen card --players 3 --offer 6 [--model uniform] [--before "b5 d5:7"] [--hand "1 2 3"] [--json]
    bluffmath embed CALCULATOR -o DIR [--pyodide PATH] [--url URL] (or: bluffmath embed --list)
    bluffmath review save.json [more.json ...] --seat 2 [--model NAME] [--habits] [--json]
    bluffmath review class-games.zip --name Ann [--json]
    bluffmath class [--host 127.0.0.1|lan|ADDRESS] [--port 8000] [--db class.sqlite3] [--plan monday.json]

Errors in the input are printed as one line on standard error, ``bluffmath: error: ...``,
without a traceback, and the command exits with status 2. A list of card values (``--deck``,
``--face-up``, ``--hand``) may start with a minus sign, ``--deck -1,2``, and is then read
(and refused by the game) as ``--deck=-1,2``; an empty item, ``0,,7``, is an error. An
input file is read only up to :data:`~bluffmath.limits.MAX_TEXT` characters. Anything else
that goes wrong is a bug: one line ``bluffmath: internal error ...`` and status 3.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import NoReturn

from bluffmath.display import decimal, percent
from bluffmath.errors import BluffmathError, InvalidInputError
from bluffmath.hochstapler import explain_call, total_distribution
from bluffmath.limits import MAX_CLASS_DOWNLOAD, MAX_TEXT
from bluffmath.validate import int_text, parse_whole_numbers, shown


class _UsageError(Exception):
    """Bad command-line words, reported like any other bad input."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        if message.endswith("expected one argument"):  # its value is missing, or starts with '-'
            option = message.removeprefix("argument ").partition(":")[0].split("/")[-1]
            message += f" (give its value; one that starts with '-' is written {option}=VALUE)"
        raise _UsageError(f"{message} (see '{self.prog} --help')")


#: The options whose value is a list of card values: a value such as ``-1,2`` is theirs.
CARD_LISTS = ("--deck", "--face-up", "--hand")
_NEGATIVE_LIST = re.compile(r"-\s*[0-9]")


def joined_values(argv: Sequence[str]) -> list[str]:
    """``argv`` with a card list that starts with a minus sign joined to its option, which
    argparse would take for an option of its own ("expected one argument").

    >>> joined_values(["duel", "--deck", "-1,2", "--json"])
    ['duel', '--deck=-1,2', '--json']
    >>> joined_values(["odds", "--face-up", "--json"])
    ['odds', '--face-up', '--json']
    """
    words, out = list(argv), []
    while words:
        word = words.pop(0)
        if word in CARD_LISTS and words and _NEGATIVE_LIST.match(words[0]):
            word = f"{word}={words.pop(0)}"
        out.append(word)
    return out


def card_list(name: str, text: str) -> tuple[int, ...]:
    """Card values typed after ``name``, such as ``0,7`` (commas or spaces between; empty:
    none); an empty item between commas is an error, not left out.

    >>> card_list("--face-up", "0, 7"), card_list("--face-up", "")
    ((0, 7), ())
    >>> card_list("--face-up", "0,,7")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: --face-up must be card values separated by commas, ... with no empty item; got '0,,7'
    """
    if text.strip() and any(not item.strip() for item in text.split(",")):
        raise InvalidInputError(f"{name} must be card values separated by commas, such as 0,7, with no empty "
                                f"item; got {shown(text)}")
    return parse_whole_numbers(name, text)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        args = _parser().parse_args(joined_values(sys.argv[1:] if argv is None else argv))
        print(args.run(args))
        sys.stdout.flush()
    except (BluffmathError, _UsageError) as error:
        print(f"bluffmath: error: {_one_line(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader left early (`| head`): no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a bug: one line, so that a user can report it
        print(f"bluffmath: internal error (a bug in bluffmath, please report it with the input): "
              f"{type(error).__name__}: {_one_line(str(error))}", file=sys.stderr)
        return 3
    return 0


def _one_line(text: str) -> str:
    return " ".join(text.split())[:2000]


def _number(name: str, low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in digits (``int`` would take ``0_7`` and ``٣``)."""
    def read(text: str) -> int:
        try:
            return int_text(name, text, low, high)
        except BluffmathError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return read


COMMANDS = {
    "games": {
        "hochstapler": "Hochstapler (Knizia, 2009): a colour's odds, the Duel's equilibrium",
        "gauner": "Gauner raus! (Puttin, 2016): every opponent's cards, from the grid",
        "hoax": "Hoax (1981; Die Erben von Hoax): identities, a game to play, a replay",
        "muenchhausen": "Münchhausen: is the card laid face down honest?",
        "liars-dice": "Liar's dice, two players' endgame: the exact value and equilibrium, certified",
    },
    "tools": {
        "review": "the exact cost of every decision of one seat in a saved game",
        "embed": "write a calculator page for a blog: it runs in the reader's browser",
        "class": "the class table server: students play each other on their phones",
    },
}
"""The subcommands as ``bluffmath --help`` lists them: the games, then the tools that work
across games. Plain text (help is read in a terminal, not rendered)."""


def _overview() -> str:
    width = max(len(name) for group in COMMANDS.values() for name in group) + 2
    parts = ["Exact probabilities for bluffing and deduction card games, in a terminal."]
    for title, group in COMMANDS.items():
        parts.append(f"{title}:\n" + "\n".join(f"  {name:<{width}}{text}" for name, text in group.items()))
    return "\n\n".join(parts)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="bluffmath", usage="bluffmath [-h] COMMAND ...", description=_overview(),
                     epilog="bluffmath COMMAND --help shows a command's tasks and options.",
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    # listed by _overview, in groups: argparse's own list would put every command in one
    games = parser.add_subparsers(required=True, metavar="COMMAND", help=argparse.SUPPRESS, prog="bluffmath")
    said = {name: text for group in COMMANDS.values() for name, text in group.items()}

    def command(name: str) -> argparse.ArgumentParser:
        return games.add_parser(name, description=said[name])

    hochstapler = command("hochstapler")
    tasks = hochstapler.add_subparsers(title="tasks", required=True, metavar="TASK")
    odds = tasks.add_parser("odds", help="the distribution of one colour's total and a call's odds")
    odds.add_argument("--players", type=_number("--players"), required=True, help="number of players, 3 to 7")
    odds.add_argument("--own", type=_number("--own"), help="your card in the colour, 0 to 7 (leave out: unknown)")
    odds.add_argument("--face-up", default="", help="face-up values in the colour, e.g. 0,7")
    odds.add_argument("--call", type=_number("--call"), help="the call to judge: P(total >= call)")
    odds.add_argument("--json", action="store_true", help="print JSON, fractions as 'p/q'")
    odds.set_defaults(run=_hochstapler_odds)
    duel = tasks.add_parser("duel", help="the exact equilibrium of the two-player Duel, with its value")
    duel.add_argument("--deck", default=None,
                      help="the colour's card values, e.g. 0,1,2,3,4 (default: the real colour)")
    duel.add_argument("--json", action="store_true", help="print JSON, fractions as 'p/q'")
    duel.set_defaults(run=_hochstapler_duel)
    gauner = command("gauner")
    tasks = gauner.add_subparsers(title="tasks", required=True, metavar="TASK")
    solve = tasks.add_parser("solve", help="exact chances of every opponent's every card, from all tables")
    solve.add_argument("position", help="a position as JSON (a file, or - for standard input)")
    solve.add_argument("--json", action="store_true", help="print JSON, fractions as 'p/q', the count as a string")
    solve.add_argument("--guesses", type=_number("--guesses", 0, 1000), default=5,
                       help="how many best guesses to list (default 5)")
    solve.add_argument("--engine", choices=["auto", "python", "numpy"], default="auto",
                       help="numpy for speed, python for no dependency; same answers (default: auto)")
    solve.set_defaults(run=_gauner_solve)
    hoax = command("hoax")
    tasks = hoax.add_subparsers(title="tasks", required=True, metavar="TASK")
    deduce = tasks.add_parser("deduce", help="every player's exact chance of every identity")
    deduce.add_argument("case", help="a sheet as JSON, as Case.to_json writes it (a file, or - for standard input)")
    deduce.add_argument("--json", action="store_true", help="print JSON, fractions as 'p/q'")
    deduce.add_argument("--explain", nargs=2, metavar=("PLAYER", "ROLE"),
                        help="also show the counting behind one player's chance of one role")
    deduce.set_defaults(run=_hoax_deduce)
    from bluffmath.hoax.cli import add_commands  # the game's replay and play

    add_commands(tasks, _read)
    muenchhausen = command("muenchhausen")
    tasks = muenchhausen.add_subparsers(title="tasks", required=True, metavar="TASK")
    card = tasks.add_parser("card", help="the exact chance that the card laid face down reaches the offer, "
                                         "and believe or doubt")
    card.add_argument("--players", type=_number("--players"), required=True, help="number of players, 3 to 8")
    card.add_argument("--offer", type=_number("--offer"), required=True, help="the value the card must reach")
    card.add_argument("--model", default="uniform", choices=["uniform", "lowest-enough", "random-enough"],
                      help="how players choose the card they lay (default: uniform, any card alike)")
    card.add_argument("--before", default="", metavar="ENTRIES",
                      help="the layer's earlier turns this round: b5 (laid on an offer of 5, believed), "
                           "d5:7 (doubted, it was a 7), r (laid on its own pile), e.g. 'b5 d5:7'")
    card.add_argument("--hand", default="", help="your hand, e.g. '1 2 3' (you start the round): "
                                                 "weighs believe against doubt")
    card.add_argument("--json", action="store_true", help="print JSON, fractions as 'p/q'")
    card.set_defaults(run=_muenchhausen_card)
    from bluffmath.liars_dice.cli import add_commands as add_liars_dice  # solve, table

    add_liars_dice(command("liars-dice"))
    embed = command("embed")
    embed.add_argument("calculator", nargs="?", metavar="CALCULATOR",
                       help="hochstapler-odds, gauner-grid, hoax-identities, muenchhausen-card, or all")
    embed.add_argument("-o", "--output", metavar="DIR", help="the folder to write (made if need be)")
    embed.add_argument("--pyodide", metavar="PATH",
                       help="copy Pyodide from this folder (node_modules/pyodide): the page works offline")
    embed.add_argument("--url", default="", help="the folder's address on your site, for the snippet")
    embed.add_argument("--list", action="store_true", help="list the calculators")
    embed.add_argument("--force", action="store_true", help="replace files the folder has already")
    embed.set_defaults(run=_embed)
    review = command("review")
    review.add_argument("save", nargs="+",
                        help="a saved game as JSON (Hochstapler, its Duel, Gauner raus!, Münchhausen, Hoax; a file, "
                             "or - for standard input); several saves: the seat's habits over them; or a class "
                             "table's download (class-games.zip) with --name")
    who = review.add_mutually_exclusive_group(required=True)
    who.add_argument("--seat", type=_number("--seat", 0), help="the seat to review (0 is the first)")
    who.add_argument("--name", help="in a class table's download: the student's habits in each game they played")
    review.add_argument("--model", default=None,
                        help="Hochstapler: round (default: over the rest of the round), counting or reading "
                             "(one step ahead); Münchhausen: uniform (default), lowest-enough or random-enough")
    review.add_argument("--habits", action="store_true",
                        help="the seat's habits (its costliest patterns) even over one save")
    review.add_argument("--json", action="store_true", help="print JSON, fractions as 'p/q'")
    review.set_defaults(run=_review)
    room = command("class")
    room.add_argument("--host", default="127.0.0.1",
                      help="where to listen: 127.0.0.1 (this computer only, the default), lan (this "
                           "computer's address on the school network), or an address")
    room.add_argument("--port", type=_number("--port", 0, 65535), default=8000, help="the port (default 8000)")
    room.add_argument("--db", default="class.sqlite3",
                      help="the class's database; start again with the same file to go on (default class.sqlite3)")
    room.add_argument("--bot-seconds", type=_number("--bot-seconds", 0, 60), default=2,
                      help="how long a bot waits before it plays, so that students can follow (default 2)")
    room.add_argument("--plan", help="a lesson plan (JSON, as the teacher's page keeps it) to keep in the class's "
                                     "file; the lesson follows it unless the class has begun another")
    room.set_defaults(run=_class)
    return parser


def _muenchhausen_card(args: argparse.Namespace) -> str:
    from bluffmath.embed.muenchhausen_card import (
        run,  # the calculator page's own reading and answer
    )
    card_list("--hand", args.hand)  # the page's reading leaves an empty item out
    found = run({"players": str(args.players), "model": args.model, "offer": str(args.offer),
                 "before": args.before, "hand": args.hand})
    if args.json:
        return json.dumps({"game": "muenchhausen", **found}, indent=2)
    answer = found["answer"]
    lines = [f"{answer['label']} = {answer['fraction']} (about {answer['percent']})", *found["lines"]]
    for table in found["tables"]:
        lines.append(f"{table['caption']}:")
        lines += ["  " + "  ".join(f"{cell:>10}" for cell in row) for row in [table["header"], *table["rows"]]]
    if found["details"]:
        lines += ["", found["details"]]
    return "\n".join(lines)


def _class(args: argparse.Namespace) -> str:
    try:  # the server is the class extra's: the core never needs it
        from bluffmath_class.server import serve
    except ImportError as error:
        raise _UsageError(f"the class server needs the class extra ({error.name} is missing): "
                          "pip install 'bluffmath[class]', or make class") from None
    plan = None if args.plan is None else _read(args.plan, "lesson plan")
    serve(args.db, args.host, args.port, args.bot_seconds, plan=plan)
    return f"The class server stopped; {args.db} keeps every game: start it again with --db {args.db} to go on."


def _review(args: argparse.Namespace) -> str:
    from bluffmath.review import review, review_many
    if args.name is not None:
        return _class_habits(args)
    saves = [_read(path, "saved game") for path in args.save]
    result = (review_many(saves, args.seat, args.model) if args.habits or len(saves) > 1
              else review(saves[0], args.seat, args.model))
    if args.json:
        return json.dumps(result.to_json(), indent=2)
    return result.text()


def _class_habits(args: argparse.Namespace) -> str:
    """A student's habits in each kind of game of a class table's download."""
    from bluffmath.review import review_many
    from bluffmath.review.download import class_games
    if len(args.save) != 1:
        raise _UsageError("--name reads one class table's download (class-games.zip)")
    try:
        with open(args.save[0], "rb") as file:
            data = file.read(MAX_CLASS_DOWNLOAD + 1)
    except OSError as error:
        raise _UsageError(f"cannot read the class download {args.save[0]!r}: {error.strerror}") from None
    found = {}
    for games in class_games(data).values():
        if any(args.name in name.split(" then ") for entry in games for name in entry[1]):
            habits = review_many(games, args.name, args.model)
            found[habits.reviews[0][1].game] = habits
    if not found:
        raise _UsageError(f"no game in {args.save[0]!r} seats {args.name!r}")
    if args.json:
        return json.dumps({kind: h.to_json() for kind, h in found.items()}, indent=2)
    return "\n\n".join(f"{kind}:\n{h.text()}" for kind, h in found.items())


def _embed(args: argparse.Namespace) -> str:
    from bluffmath.embed.calculators import CALCULATORS
    from bluffmath.embed.site import snippet, write_site
    listing = [f"{c.name:<19} {c.title}" for c in CALCULATORS.values()]
    listing.append(f"{'all':<19} every calculator, and an index page")
    if args.list:
        return "\n".join(listing)
    if args.calculator is None:
        raise _UsageError("name a calculator: " + ", ".join(CALCULATORS) + ", or all (--list lists them)")
    if args.calculator != "all" and args.calculator not in CALCULATORS:
        raise _UsageError(f"no calculator {args.calculator!r}; choose one of {', '.join(CALCULATORS)}, or all")
    if args.output is None:
        raise _UsageError("-o DIR is needed: the folder to write the page into")
    try:
        written, where = write_site(Path(args.output), args.calculator,
                                    None if args.pyodide is None else Path(args.pyodide), args.force)
    except OSError as error:
        raise _UsageError(f"cannot write {error.filename or args.output}: {error.strerror}") from None
    lines = [f"wrote {path}" + ("/" if path.is_dir() else "") for path in written]
    lines.append(f"the page loads {where}")
    if args.pyodide is None:
        lines.append("(--pyodide node_modules/pyodide copies Pyodide into the folder: then it works offline)")
    lines.append("serve the folder from any static host, then paste into a blog"
                 + ("" if args.url else " (with src the page's address there)") + ":")
    names = list(CALCULATORS) if args.calculator == "all" else [args.calculator]
    lines += [snippet(name, args.url) for name in names]
    return "\n".join(lines)


def _read(path: str, what: str) -> str:
    """A JSON input's text from a file, or from standard input for ``-``; at most
    :data:`~bluffmath.limits.MAX_TEXT` characters (``/dev/zero`` is refused, not read)."""
    try:
        if path == "-" and not hasattr(sys.stdin, "buffer"):  # a text stream (in tests)
            data = sys.stdin.read(MAX_TEXT + 1).encode("utf-8", "surrogateescape")
        elif path == "-":
            data = sys.stdin.buffer.read(4 * MAX_TEXT + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(4 * MAX_TEXT + 1)
        text = data.decode("utf-8")
    except OSError as error:
        raise _UsageError(f"cannot read the {what} {path!r}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise _UsageError(f"the {what} {path!r} is not UTF-8 text (a {what} is JSON)") from None
    if len(text) > MAX_TEXT:
        raise _UsageError(f"the {what} {path!r} is longer than {MAX_TEXT:,} characters, "
                          f"the most bluffmath reads")
    return text


def _hoax_deduce(args: argparse.Namespace) -> str:
    from bluffmath.hoax import Case, deduce
    from bluffmath.hoax.report import text
    deduction = deduce(Case.from_json(_read(args.case, "sheet")))
    if args.json:
        return json.dumps(deduction.to_json(), indent=2)
    out = text(deduction)
    if args.explain:
        player, role = args.explain
        out += "\n\n" + deduction.explain(int_text("--explain's player", player), role)
    return out


def _gauner_solve(args: argparse.Namespace) -> str:
    from bluffmath.gauner import report, solve
    from bluffmath.gauner.position import Position
    solution = solve(Position.from_json(_read(args.position, "position")), engine=args.engine)
    if args.json:
        return json.dumps(report.to_json(solution, args.guesses), indent=2)
    return report.text(solution, args.guesses)


def _hochstapler_odds(args: argparse.Namespace) -> str:
    face_up = card_list("--face-up", args.face_up)
    d = total_distribution(args.players, args.own, face_up)
    explanation = explain_call(args.players, args.own, args.call, face_up) if args.call is not None else None
    if args.json:
        return json.dumps({
            "game": "hochstapler", "players": args.players, "own": args.own,
            "face_up": list(face_up), "call": args.call,
            "probability": None if args.call is None else _text(d.at_least(args.call)),
            "mean": _text(d.mean()),
            "distribution": {str(t): _text(p) for t, p in d.items()},
            "at_least": {str(t): _text(d.at_least(t)) for t in d},
        }, indent=2)
    mine = "not counted" if args.own is None else str(args.own)
    lines = [
        f"Hochstapler, {args.players} players; your card: {mine}; "
        f"face up: {', '.join(map(str, face_up)) or 'none'}",
        f"{'total':>5}  {'ways':>6}  {'P(= total)':>18}  {'P(>= total)':>18}",
    ]
    for t, p in d.items():
        marker = "  <- call" if t == args.call else ""
        lines.append(f"{t:>5}  {d.weight(t):>6}  {_cell(p):>18}  {_cell(d.at_least(t)):>18}{marker}")
    lines.append(f"mean total: {_about(d.mean())}")
    if explanation is not None:
        lines += [f"P(total >= {args.call}) = {d.at_least(args.call)}", str(explanation.text)]
    return "\n".join(lines)


def _hochstapler_duel(args: argparse.Namespace) -> str:
    from bluffmath.equilibrium import solve, stored
    from bluffmath.hochstapler.duel import COLOUR, duel
    deck = COLOUR if args.deck is None else card_list("--deck", args.deck)
    game = duel(deck)
    cert = stored(game.spec)
    source = "stored with bluffmath, verified now"
    if cert is None:
        cert = solve(game)
        source = "solved now, verified by exact best responses"
    if args.json:
        data = cert.to_data()
        return json.dumps({"game": "hochstapler-duel", "deck": data["game"]["deck"], "value": data["value"],
                           "strategies": {"1": data["strategies"][0], "2": data["strategies"][1]},
                           "certificate": source}, indent=2)
    lines = [f"{game.name}: value to player 1 = {_about(cert.value)} ({source})"]
    for player in (1, 2):
        lines.append(f"player {player} (information set 'card:calls so far'; actions never played left out):")
        for key, mix in cert.strategy(player).items():
            lines.append(f"  {key:<14} " + ", ".join(f"{a}: {p}" for a, p in mix.items()))
    return "\n".join(lines)


def _about(x: Fraction) -> str:
    return str(x) if x.denominator == 1 else f"{x} (about {decimal(x)})"


def _text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _cell(p: Fraction) -> str:
    return f"{_text(p)} {percent(p):>7}"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

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
    bluffmath embed CALCULATOR -o DIR [--pyodide PATH] [--url URL] [--lang en|de|all] (or: bluffmath embed --list)
    bluffmath review save.json [more.json ...] --seat 2 [--model NAME] [--habits] [--json]
    bluffmath review class-games.zip --name Ann [--json]
    bluffmath train save.json [more.json ...] --player 1 [--threshold mistake] [--order costliest|game] [--progress FILE]
    bluffmath class [--host 127.0.0.1|lan|ADDRESS] [--port 8000] [--db class.sqlite3] [--plan monday.json]

The last is a plug-in's, the class table server's (:mod:`bluffmath_class.cli`): another
package adds a command through an entry point of the group :data:`PLUGINS`, and the core
imports it only when that command, the overview (``bluffmath --help``) or an unknown
command is asked for.

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
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import NoReturn

from bluffmath.cli_args import number, read_input
from bluffmath.display import decimal, percent
from bluffmath.errors import BluffmathError, InvalidInputError
from bluffmath.hochstapler import explain_call, total_distribution
from bluffmath.limits import MAX_CLASS_DOWNLOAD
from bluffmath.validate import parse_whole_numbers, shown

#: The entry point group of the commands other packages add: each entry point is named after
#: the command it adds and names a function ``add_commands(subparsers)``, which calls
#: ``subparsers.add_parser(name, description=...)`` (the description is its line in the
#: overview, under "tools") and sets the parser's default ``run``, as the core's commands do.
PLUGINS = "bluffmath.commands"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        if message.endswith("expected one argument"):  # its value is missing, or starts with '-'
            option = message.removeprefix("argument ").partition(":")[0].split("/")[-1]
            message += f" (give its value; one that starts with '-' is written {option}=VALUE)"
        raise InvalidInputError(f"{message} (see '{self.prog} --help')")


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
        words = joined_values(sys.argv[1:] if argv is None else argv)
        args = _parser(words[0] if words else None).parse_args(words)
        print(args.run(args))
        sys.stdout.flush()
    except BluffmathError as error:
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
        "train": "drills from your saved games: answer your costly decisions again, judged exactly",
    },
}
"""The core's subcommands as ``bluffmath --help`` lists them: the games, then the tools that
work across games, the plug-ins' commands after these. Plain text (help is read in a
terminal, not rendered)."""


def _overview(added: dict[str, str]) -> str:
    """The overview of ``bluffmath --help``, with the plug-ins' commands ``added`` (name:
    description) among the tools."""
    groups = {**COMMANDS, "tools": {**COMMANDS["tools"], **added}}
    width = max(len(name) for group in groups.values() for name in group) + 2
    parts = ["Exact probabilities for bluffing and deduction card games, in a terminal."]
    for title, group in groups.items():
        parts.append(f"{title}:\n" + "\n".join(f"  {name:<{width}}{text}" for name, text in group.items()))
    return "\n\n".join(parts)


def _parser(asked: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with the plug-ins' commands unless ``asked``, the command
    asked for, is the core's own."""
    parser = _Parser(prog="bluffmath", usage="bluffmath [-h] COMMAND ...",
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
    odds.add_argument("--players", type=number("--players"), required=True, help="number of players, 3 to 7")
    odds.add_argument("--own", type=number("--own"), help="your card in the colour, 0 to 7 (leave out: unknown)")
    odds.add_argument("--face-up", default="", help="face-up values in the colour, e.g. 0,7")
    odds.add_argument("--call", type=number("--call"), help="the call to judge: P(total >= call)")
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
    solve.add_argument("--guesses", type=number("--guesses", 0, 1000), default=5,
                       help="how many best guesses to list (default 5)")
    solve.add_argument("--engine", choices=["auto", "python", "numpy"], default="auto",
                       help="numpy for speed, python for no dependency; same answers (default: auto)")
    solve.set_defaults(run=_gauner_solve)
    hoax = command("hoax")
    tasks = hoax.add_subparsers(title="tasks", required=True, metavar="TASK")
    from bluffmath.hoax.cli import add_commands  # deduce, replay, play

    add_commands(tasks, read_input)
    muenchhausen = command("muenchhausen")
    tasks = muenchhausen.add_subparsers(title="tasks", required=True, metavar="TASK")
    card = tasks.add_parser("card", help="the exact chance that the card laid face down reaches the offer, "
                                         "and believe or doubt")
    card.add_argument("--players", type=number("--players"), required=True, help="number of players, 3 to 8")
    card.add_argument("--offer", type=number("--offer"), required=True, help="the value the card must reach")
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
    embed.add_argument("--lang", choices=("en", "de", "all"), default=None,
                       help="the pages' language: en, de, or all (NAME.html, NAME.de.html); "
                            "default: en for one calculator, all for all")
    embed.set_defaults(run=_embed)
    review = command("review")
    review.add_argument("save", nargs="+",
                        help="a saved game as JSON (Hochstapler, its Duel, Gauner raus!, Münchhausen, Hoax; a file, "
                             "or - for standard input); several saves: the seat's habits over them; or a class "
                             "table's download (class-games.zip) with --name")
    who = review.add_mutually_exclusive_group(required=True)
    who.add_argument("--seat", type=number("--seat", 0), help="the seat to review (0 is the first)")
    who.add_argument("--name", help="in a class table's download: the student's habits in each game they played")
    review.add_argument("--model", default=None,
                        help="Hochstapler: round (default: over the rest of the round), counting or reading "
                             "(one step ahead); Münchhausen: uniform (default), lowest-enough or random-enough")
    review.add_argument("--habits", action="store_true",
                        help="the seat's habits (its costliest patterns) even over one save")
    review.add_argument("--json", action="store_true", help="print JSON, fractions as 'p/q'")
    review.set_defaults(run=_review)
    train = command("train")
    if asked == "train":  # its module imports the training's scheduler and ratings: only when asked for
        from bluffmath.train.cli import add_commands as add_train

        add_train(train)
    if asked not in said:  # help, a plug-in's command, or a mistake: the plug-ins' commands too
        _add_plugins(games, asked)
    parser.description = _overview({name: added.description or "" for name, added in games.choices.items()
                                    if name not in said})
    return parser


def _add_plugins(commands: argparse._SubParsersAction, asked: str | None) -> None:
    """Add the installed plug-ins' commands (only ``asked``'s where a plug-in adds it). A
    plug-in that does not load is left out with a warning on standard error; when it is the
    command asked for, that is the error."""
    from importlib.metadata import entry_points
    found = list(entry_points(group=PLUGINS))
    for plugin in [p for p in found if p.name == asked] or found:
        try:
            plugin.load()(commands)
            if plugin.name not in commands.choices:
                raise LookupError(f"it added no command {plugin.name!r}")
        except Exception as error:
            problem = (f"the command {plugin.name!r} comes from the plug-in {plugin.value}, which did not load "
                       f"({type(error).__name__}: {_one_line(str(error))})")
            if plugin.name == asked:
                raise InvalidInputError(f"{problem}: reinstall the package that adds it, or remove it") from None
            print(f"bluffmath: warning: {problem}; the other commands work", file=sys.stderr)


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


def _review(args: argparse.Namespace) -> str:
    from bluffmath.review import review, review_many
    if args.name is not None:
        return _class_habits(args)
    saves = [read_input(path, "saved game") for path in args.save]
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
        raise InvalidInputError("--name reads one class table's download (class-games.zip)")
    try:
        with open(args.save[0], "rb") as file:
            data = file.read(MAX_CLASS_DOWNLOAD + 1)
    except OSError as error:
        raise InvalidInputError(f"cannot read the class download {args.save[0]!r}: {error.strerror}") from None
    found = {}
    for games in class_games(data).values():
        if any(args.name in name.split(" then ") for entry in games for name in entry[1]):
            habits = review_many(games, args.name, args.model)
            found[habits.reviews[0][1].game] = habits
    if not found:
        raise InvalidInputError(f"no game in {args.save[0]!r} seats {args.name!r}")
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
        raise InvalidInputError("name a calculator: " + ", ".join(CALCULATORS) + ", or all (--list lists them)")
    if args.calculator != "all" and args.calculator not in CALCULATORS:
        raise InvalidInputError(f"no calculator {args.calculator!r}; choose one of {', '.join(CALCULATORS)}, or all")
    if args.output is None:
        raise InvalidInputError("-o DIR is needed: the folder to write the page into")
    from bluffmath.i18n import LANGUAGES
    lang = args.lang or ("all" if args.calculator == "all" else "en")
    languages = LANGUAGES if lang == "all" else (lang,)
    try:
        written, where = write_site(Path(args.output), args.calculator,
                                    None if args.pyodide is None else Path(args.pyodide), args.force, languages)
    except OSError as error:
        raise InvalidInputError(f"cannot write {error.filename or args.output}: {error.strerror}") from None
    lines = [f"wrote {path}" + ("/" if path.is_dir() else "") for path in written]
    lines.append(f"the page loads {where}")
    if args.pyodide is None:
        lines.append("(--pyodide node_modules/pyodide copies Pyodide into the folder: then it works offline)")
    lines.append("serve the folder from any static host, then paste into a blog"
                 + ("" if args.url else " (with src the page's address there)") + ":")
    names = list(CALCULATORS) if args.calculator == "all" else [args.calculator]
    lines += [snippet(name, args.url, language) for language in languages for name in names]
    return "\n".join(lines)


def _gauner_solve(args: argparse.Namespace) -> str:
    from bluffmath.gauner import report, solve
    from bluffmath.gauner.position import Position
    solution = solve(Position.from_json(read_input(args.position, "position")), engine=args.engine)
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
    from bluffmath.duel import COLOUR, duel
    from bluffmath.equilibrium import solve, stored
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

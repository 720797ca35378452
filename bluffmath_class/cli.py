"""The ``bluffmath class`` command, which starts the class table server: a plug-in of the
``bluffmath`` command line, which finds it through this package's entry point (group
``bluffmath.commands``, named ``class``, in pyproject.toml) and imports it only when it is
asked for (or the overview, ``bluffmath --help``).

    bluffmath class [--host 127.0.0.1|lan|ADDRESS] [--port 8000] [--db class.sqlite3] [--bot-seconds 2] [--plan monday.json]

This module imports nothing of the server: the server, and with it the ``class`` extra
(Starlette, uvicorn), is imported when the command runs, and without the extra the command
says how to install it.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="bluffmath")
>>> add_commands(parser.add_subparsers())
>>> args = parser.parse_args(["class", "--host", "lan", "--port", "8001"])
>>> args.host, args.port, args.db, args.bot_seconds, args.plan
('lan', 8001, 'class.sqlite3', 2, None)
"""

from __future__ import annotations

import argparse
from typing import Any

from bluffmath.cli_args import number, read_input
from bluffmath.errors import InvalidInputError

DESCRIPTION = "the class table server: students play each other on their phones"
"""The command's line in ``bluffmath --help``, and the first line of its own help."""


def add_commands(commands: Any) -> None:
    """Add ``class`` to the ``bluffmath`` command line's subcommands (``commands``, what
    ``ArgumentParser.add_subparsers`` returns)."""
    room = commands.add_parser("class", description=DESCRIPTION)
    room.add_argument("--host", default="127.0.0.1",
                      help="where to listen: 127.0.0.1 (this computer only, the default), lan (this "
                           "computer's address on the school network), or an address")
    room.add_argument("--port", type=number("--port", 0, 65535), default=8000, help="the port (default 8000)")
    room.add_argument("--db", default="class.sqlite3",
                      help="the class's database; start again with the same file to go on (default class.sqlite3)")
    room.add_argument("--bot-seconds", type=number("--bot-seconds", 0, 60), default=2,
                      help="how long a bot waits before it plays, so that students can follow (default 2)")
    room.add_argument("--plan", help="a lesson plan (JSON, as the teacher's page keeps it) to keep in the class's "
                                     "file; the lesson follows it unless the class has begun another")
    room.set_defaults(run=run)


def run(args: argparse.Namespace) -> str:
    """Serve the class until Ctrl+C; the line said when the server stops."""
    try:  # the server is the class extra's
        from bluffmath_class.server import serve
    except ImportError as error:
        raise InvalidInputError(f"the class server needs the class extra ({error.name} is missing): "
                                "pip install 'bluffmath[class]', or make class") from None
    plan = None if args.plan is None else read_input(args.plan, "lesson plan")
    serve(args.db, args.host, args.port, args.bot_seconds, plan=plan)
    return f"The class server stopped; {args.db} keeps every game: start it again with --db {args.db} to go on."

"""Practice at the class table: a student's own mistakes, and the teacher's drill set.

==================================  =====================================================  =======
``GET /practice``                   the student's ended games, and the class drills        a student
``GET /practice/game/{game}``       a drill of the student's own seat in that game         a student
``POST /practice/game/{game}``      an answer to it: recorded, then its exact values       a student
``GET /practice/class``             a drill of the teacher's set                           a student
``POST /practice/class``            an answer to it                                        a student
``GET /practice/progress``          the student's progress: chart, skills, then and now    a student
``POST /teacher/drills``            "Give the class a drill set"                           teacher
``GET /teacher/drills``             the set, and how the class does on each drill          teacher
==================================  =====================================================  =======

**Who**: a student is the phone's seat cookie, as on their table's page; the game's number in
an address only says which game, and the seats come from the class's record of who held
which seat (:meth:`~bluffmath_class.table.Run.holder`), so a student only ever gets drills
of the moves they made themselves (not a bot's for them, nor another holder's). A game's
drills open once it has ended.

**Which drills**: :func:`bluffmath.train.drills` over the game's save, for each seat the
student held, the costliest first; ``?level=`` lowers or raises the bar (:data:`LEVELS`:
``mistake`` by default; ``inaccuracy``; ``any``, every decision that cost anything;
``blunder``), ``?n=`` is the drill's place in the list (each page links to the next).
Drills are made in the reviews worker (:mod:`bluffmath_class.workers`), once a game and
seat, and kept in memory.

**Where the answers go**: every answer is recorded in a :class:`bluffmath.train.Progress`
file beside the class database (``class.sqlite3`` → ``class.practice.sqlite3``;
``:memory:`` with it), under the player ``student <id>``, committed before the page
answers; it survives a restart, and "Delete the class's data" deletes it too. The
teacher's set is a room value of the class database (each drill by its game, seat and
stable id; no name), and each student's first answer to each of its drills is kept in
the class database's ``drill_answers`` table, which the teacher's page counts without
names.

**The teacher's set**: the :data:`SET_SIZE` costliest decisions students made themselves
over every ended game, ranked by the share of the decision's spread they gave up (a unit
that every game shares), the same position once.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from bluffmath.errors import InvalidInputError
from bluffmath.i18n import _, language, p_, speaking
from bluffmath.train import Attempt, Drill, Item, Progress, answer, drills
from bluffmath.train.drills import MARKS

from . import practice_pages as html
from .auth import SEAT_COOKIE, TEACHER_COOKIE, same_origin, same_secret
from .errors import MessageError
from .jobs import records
from .markup import tag
from .pages import message_page
from .room import Room
from .table import Run, Student, Table

#: The bars a drill may pass (``?level=``): a review's mark, or ``any`` (a cost above 0).
LEVELS = ("blunder", "mistake", "inaccuracy", "any")
#: The drills of the teacher's set.
SET_SIZE = 10
#: The longest practice form, in bytes (a drill's id and an option's words).
MAX_FORM = 1024
#: The room value that holds the teacher's set.
SET_KEY = "drill-set"


class PracticeError(MessageError):
    """A practice page or form the server cannot take (the message says what to do)."""


def progress_path(database: str | Path) -> str:
    """The progress file beside a class database.

    >>> progress_path("/tmp/class.sqlite3"), progress_path(":memory:")
    ('/tmp/class.practice.sqlite3', ':memory:')
    """
    if str(database) == ":memory:":
        return ":memory:"
    path = Path(database)
    return str(path.with_name(f"{path.stem}.practice.sqlite3"))


def seat_drills(store: Any, syncs: Sequence[Any], games: Sequence[Any], seat: int,
                language: str = "en") -> list[Drill]:
    """In a worker: every drill of ``seat`` in the one game ``games`` names (each decision
    with a real choice), the costliest first, its words in ``language`` (a drill's id is the
    same in every language)."""
    [game] = records(store, syncs, games)
    try:
        with speaking(language):
            return drills(game.rules.save(game.state), seat, threshold=0)
    except InvalidInputError:  # a seat with no decision the review values
        return []


def passes(drill: Drill, level: str) -> bool:
    """Whether ``drill`` passes the bar ``level`` (:data:`LEVELS`)."""
    if level == "any":
        return drill.decision.cost > 0
    mark = drill.decision.mark()
    return mark is not None and MARKS.index(mark) >= MARKS.index(level)


def own_moves(run: Run, seat: int, student: Student | None = None) -> frozenset[int]:
    """The moves of ``seat`` a student made themselves (``student``: that one; None: any)."""
    def made(number: int) -> bool:
        holder = run.holder(seat, number)
        return holder is not None and (student is None or holder.id == student.id)
    return frozenset(n for n, m in enumerate(run.moves, 1) if m.seat == seat and m.by == "student" and made(n))


@dataclass(frozen=True)
class DrillSet:
    """The teacher's set: its number (each new set has the next) and its drills, each as
    ``(game id, game seed, seat, drill id)``."""

    number: int
    refs: tuple[tuple[int, int, int, str], ...]


class Practice:
    """The server's practice: the progress file, the drills made so far, the teacher's set."""

    def __init__(self, room: Room, views: Any, lanes: Any, database: str | Path) -> None:
        self.room, self.views, self.lanes = room, views, lanes
        self.path = progress_path(database)
        self.progress = Progress(self.path)
        self._drills: dict[tuple[int, int, int, str], list[Drill]] = {}  # by game, seed, seat and language

    def close(self) -> None:
        """Close the progress file (every answer is committed already)."""
        self.progress.close()

    def clear(self) -> None:
        """Delete every answer (the class's data is deleted): the progress file made anew."""
        self.progress.close()
        if self.path != ":memory:":
            for path in (Path(self.path), Path(self.path + "-journal")):
                path.unlink(missing_ok=True)
        self.progress = Progress(self.path)
        self._drills.clear()

    @staticmethod
    def player(student: Student) -> str:
        """The student's name in the progress file (no name: the id the record gives)."""
        return f"student {student.id}"

    def ended(self, game: int) -> tuple[Table, Run]:
        """The ended game ``game`` of the room, or PracticeError."""
        for table in self.room.tables.values():
            for run in table.runs:
                if run.id == game and run.ended_by is not None:
                    return table, run
        raise PracticeError(_("there is no ended game {game} at this class table: open Practice from your "
                              "table").format(game=game))

    async def seat(self, table: Table, run: Run, seat: int) -> list[Drill]:
        """Every drill of ``seat`` in ``run``, in the language in use (made once a language,
        in the reviews worker)."""
        key = (run.id, run.seed, seat, language())
        if key not in self._drills:
            self._drills[key] = await self.views.ask(self.lanes.reviews, seat_drills, [(table, run)], seat, key[3])
        return self._drills[key]

    async def mine(self, student: Student, game: int, level: str) -> list[Drill]:
        """The student's drills in ``game`` that pass ``level``: their own moves only, the
        costliest first."""
        table, run = self.ended(game)
        found = []
        for seat in range(table.settings.seats):
            own = own_moves(run, seat, student)
            if own:
                found += [d for d in await self.seat(table, run, seat) if d.number in own and passes(d, level)]
        return sorted(found, key=lambda d: (-d.decision.cost, d.number))

    def games_of(self, student: Student) -> list[tuple[Table, Run]]:
        """The ended games in which the student made a move of their own."""
        return [(t, r) for t in self.room.tables.values() for r in t.runs if r.ended_by is not None
                and any(own_moves(r, s, student) for s in range(t.settings.seats))]

    def record(self, student: Student, drill: Drill, option: str) -> Any:
        """Record an answer (committed before this returns); the answer."""
        result = answer(drill, option)
        self.progress.add_items([Item(drill.id, drill.skill)])
        self.progress.record([Attempt(self.player(student), drill.id, datetime.now().astimezone(), result.cost)])
        return result

    # --- the teacher's set -----------------------------------------------------------------------
    def drill_set(self) -> DrillSet | None:
        """The teacher's set, or None before one is given."""
        text = self.room.db.room_value(SET_KEY)
        if text is None:
            return None
        data = json.loads(text)
        return DrillSet(data["number"], tuple(tuple(r) for r in data["refs"]))

    async def make_set(self) -> DrillSet:
        """A new set from the class's costliest own decisions over the ended games."""
        found: dict[tuple[str, str, tuple[str, ...]], tuple[Any, tuple[int, int, int, str]]] = {}
        for table in list(self.room.tables.values()):
            for run in [r for r in table.runs if r.ended_by is not None]:
                for seat in range(table.settings.seats):
                    own = own_moves(run, seat)
                    for d in (await self.seat(table, run, seat)) if own else []:
                        key = (d.game, d.position, d.options)
                        rank = (d.decision.cost / d.decision.difficulty, d.decision.cost)
                        if d.number in own and d.decision.cost > 0 and (key not in found or rank > found[key][0]):
                            found[key] = (rank, (run.id, run.seed, seat, d.id))
        if not found:
            raise PracticeError(_("no student has made a costly decision in an ended game yet: play a game first"))
        best = sorted(found.values(), key=lambda x: x[0], reverse=True)[:SET_SIZE]
        old = self.drill_set()
        made = DrillSet(1 if old is None else old.number + 1, tuple(ref for _, ref in best))
        self.room.db.set_room_value(SET_KEY, json.dumps({"number": made.number, "refs": made.refs, "made": time.time()}))
        return made

    async def set_drills(self, made: DrillSet) -> list[Drill]:
        """The set's drills, in its order (made again from their games after a restart)."""
        out = []
        for game, seed, seat, drill_id in made.refs:
            pair = next(((t, r) for t in self.room.tables.values() for r in t.runs if (r.id, r.seed) == (game, seed)),
                        None)
            if pair is not None:
                out += [d for d in await self.seat(*pair, seat) if d.id == drill_id]
        return out


# --- the pages -------------------------------------------------------------------------------------


def _practice(request: Request) -> Practice:
    return request.app.state.practice


def _student(request: Request) -> Student | None:
    return request.app.state.room.student_of(request.cookies.get(SEAT_COOKIE))


def _refused(text: str, status: int = 400, link: str = "/practice") -> Response:
    return HTMLResponse(message_page(_("That did not work"), text[:1].upper() + text[1:] + ".", link), status)


def _level(request: Request) -> str:
    level = request.query_params.get("level", "mistake")
    _check_level(level)
    return level


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise PracticeError(_("the level must be one of {levels}").format(levels=", ".join(LEVELS)))


def level_words(level: str) -> str:
    """A level (:data:`LEVELS`) in words, in the language in use."""
    return {"blunder": p_("drill level", "blunder"), "mistake": p_("drill level", "mistake"),
            "inaccuracy": p_("drill level", "inaccuracy"), "any": p_("drill level", "any")}[level]


def _number(text: str) -> int:
    if not text.isdigit() or len(text) > 4:
        raise PracticeError(_("the drill's place in the list must be a whole number: open Practice again"))
    return int(text)


async def _form(request: Request, allowed: tuple[str, ...]) -> dict[str, str]:
    """A practice form's fields, strictly: at most :data:`MAX_FORM` bytes, each field known
    and given once, all of ``allowed`` given."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM:
            raise PracticeError(_("the form is longer than {n} bytes: answer from the practice page").format(n=MAX_FORM))
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=8)
    except (UnicodeDecodeError, ValueError):
        raise PracticeError(_("the form could not be read: answer from the practice page")) from None
    fields: dict[str, str] = {}
    for key, value in pairs:
        if key not in allowed or key in fields:
            raise PracticeError(_("the form has an unknown or repeated field {field}: answer from the practice "
                                  "page").format(field=repr(key[:20])))
        fields[key] = value
    missing = [k for k in allowed if k not in fields]
    if missing:
        raise PracticeError(_("the form lacks {fields}: choose an answer, then press Answer").format(
            fields=", ".join(missing)))
    return fields


def guarded(handler: Callable[..., Any], teacher: bool = False) -> Callable[[Request], Any]:
    """``handler(request, practice, student)`` for a student of the class (or the teacher),
    a form from this server's own page only, every error of the request a clear page."""
    async def endpoint(request: Request) -> Response:
        room = request.app.state.room
        if request.method == "POST" and not same_origin(request.headers.get("origin"), request.headers.get("host")):
            return _refused(_("this form must be sent from this server's own page"), 403)
        if teacher:
            if not same_secret(request.cookies.get(TEACHER_COOKIE), room.teacher_key):
                return _refused(_("this page is the teacher's"), 403, "/")
            who = None
        else:
            who = _student(request)
            if who is None:
                return RedirectResponse("/", 303) if request.method == "GET" else _refused(
                    _("this phone is not in the class: join it first"), 403, "/")
        try:
            return await handler(request, _practice(request), who)
        except InvalidInputError as error:
            return _refused(str(error))
        except ClientDisconnect:
            return Response(status_code=400)
    return endpoint


async def index(request: Request, practice: Practice, student: Student) -> Response:
    """The student's games to practise, and the class drills."""
    games = [(f"/practice/game/{r.id}", _("Table {table}, game {n}: {game}").format(
        table=t.id, n=r.number, game=_(t.rules.title)), "") for t, r in practice.games_of(student)]
    body = (tag("h2", _("Practise my mistakes")) + (html.links(games) if games else tag("p", _(
            "Once a game of yours has ended, its costly decisions are here to answer again.")))
            + tag("h2", _("Class drills"))
            + (html.links([("/practice/class", _("Class drills"), _("(your teacher's set)"))]) if practice.drill_set()
               else tag("p", _("Your teacher has not given the class a drill set yet.")))
            + html.nav([("/practice/progress", _("My progress")), ("/play", _("Back to my table"))]))
    return HTMLResponse(html.page(_("Practice"), body))


def _of(n: int, count: int) -> str:
    return _("Drill {number} of {n}").format(number=n + 1, n=count)


async def own_drill(request: Request, practice: Practice, student: Student) -> Response:
    """A drill of the student's own game, or its answer (POST)."""
    game, level = request.path_params["game"], _level(request)
    if request.method == "POST":
        fields = await _form(request, ("drill", "option", "n", "level"))
        level = fields["level"]
        _check_level(level)
        found = await practice.mine(student, game, level)
        return _answered(practice, student, found, fields, f"/practice/game/{game}", {"level": level})
    found = await practice.mine(student, game, level)
    n = _number(request.query_params.get("n", "0"))
    title = _("Practise my mistakes")
    if n >= len(found):
        return HTMLResponse(html.page(title, _done(practice, student, len(found), game, level)))
    return HTMLResponse(html.page(title, html.question(
        found[n], f"/practice/game/{game}", {"n": str(n), "level": level}, _of(n, len(found)))))


async def class_drill(request: Request, practice: Practice, student: Student) -> Response:
    """A drill of the teacher's set, or its answer (POST)."""
    made = practice.drill_set()
    if made is None:
        raise PracticeError(_("your teacher has not given the class a drill set yet"))
    found = await practice.set_drills(made)
    if request.method == "POST":
        fields = await _form(request, ("drill", "option", "n", "set"))
        if fields["set"] != str(made.number):
            raise PracticeError(_("your teacher has given a new drill set since: open Class drills again"))
        response = _answered(practice, student, found, fields, "/practice/class", {})
        practice.room.db.add_set_answer(made.number, fields["drill"], student.id, fields["option"],
                                        str(answer(_find(found, fields["drill"]), fields["option"]).cost))
        return response
    n = _number(request.query_params.get("n", "0"))
    title = _("Class drills")
    if n >= len(found):
        body = (tag("p", _("You have answered every drill of the class's set ({n}).").format(n=len(found)))
                + html.progress_section(practice.progress, practice.player(student))
                + html.nav([("/practice/class", _("Start the set again")), ("/practice", _("Practice"))]))
        return HTMLResponse(html.page(title, body))
    return HTMLResponse(html.page(title, html.question(
        found[n], "/practice/class", {"n": str(n), "set": str(made.number)}, _of(n, len(found)))))


def _find(found: Sequence[Drill], drill_id: str) -> Drill:
    drill = next((d for d in found if d.id == drill_id), None)
    if drill is None:
        raise PracticeError(_("that drill is not one of yours here: open Practice again and answer from its page"))
    return drill


def _answered(practice: Practice, student: Student, found: Sequence[Drill], fields: dict[str, str],
              action: str, query: dict[str, str]) -> Response:
    """Record an answer (before the page says anything of it), and show it."""
    drill, n = _find(found, fields["drill"]), _number(fields["n"])
    result = practice.record(student, drill, fields["option"])
    more = urlencode({**query, "n": n + 1})
    heading = _("Drill {number} of {n}: your answer").format(number=n + 1, n=len(found))
    return HTMLResponse(html.page(_("Your answer"), html.answered(
        result, heading, f"{action}?{more}", [("/practice/progress", _("My progress")), ("/practice", _("Practice"))])))


def _done(practice: Practice, student: Student, count: int, game: int, level: str) -> str:
    more = [(f"/practice/game/{game}?{urlencode({'level': lower})}",
             _("More drills: level {level}").format(level=level_words(lower)))
            for lower in LEVELS[LEVELS.index(level) + 1:]]
    said = (_("You have answered every drill of this game at level {level} ({n}).") if count else
            _("No decision of yours in this game passes the level {level}.")).format(level=level_words(level), n=count)
    return tag("p", said) + html.progress_section(practice.progress, practice.player(student)) + html.nav(
        [(f"/practice/game/{game}?level={level}", _("Start again")), *more, ("/practice", _("Practice"))])


async def progress_page(request: Request, practice: Practice, student: Student) -> Response:
    """The student's progress."""
    return HTMLResponse(html.page(_("My progress"), html.progress_section(practice.progress, practice.player(student))
                                  + html.nav([("/practice", _("Practice")), ("/play", _("Back to my table"))])))


async def teacher_drills(request: Request, practice: Practice, _teacher: None) -> Response:
    """Make the class's set (POST), or show it with the class's answers."""
    if request.method == "POST":
        await practice.make_set()
        return RedirectResponse("/teacher/drills", 303)
    made = practice.drill_set()
    if made is None:
        body = tag("p", _("No drill set yet: press \"Give the class a drill set\" on the teacher's page."))
    else:
        found = await practice.set_drills(made)
        body = (tag("p", _("Set {number}: the class's {n} costliest positions over the ended games, each as its seat "
                           "saw it; students open it from their phones (Practice, Class drills). No student is named; "
                           "each student's first answer to a drill counts.").format(number=made.number, n=len(found)))
                + html.class_results(found, practice.room.db.set_answers(made.number)))
    give = _("Give the class a new drill set")
    form = f'<form method="post" action="/teacher/drills"><button type="submit">{give}</button></form>'
    return HTMLResponse(html.page(_("The class drill set"), body + form + html.nav([("/teacher", _("The teacher's page"))])))


def routes() -> list[Route]:
    """The practice pages' routes (see the module)."""
    both = ["GET", "POST"]
    return [Route("/practice", guarded(index)), Route("/practice/progress", guarded(progress_page)),
            Route("/practice/game/{game:int}", guarded(own_drill), methods=both),
            Route("/practice/class", guarded(class_drill), methods=both),
            Route("/teacher/drills", guarded(teacher_drills, teacher=True), methods=both)]

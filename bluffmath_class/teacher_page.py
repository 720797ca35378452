"""The teacher's page: what to give the class (the address, the code and its QR code,
made once per address and code), the lesson plan, every table with its seats and its
public page as its worker last drew it, the students with no seat, the class's picture and
habits. Public facts only: the screen is projected.

>>> from bluffmath_class.database import Database
>>> from bluffmath_class.room import Room
>>> from bluffmath_class.settings import TableSettings
>>> from bluffmath_class.views import Views
>>> room = Room(Database(":memory:"))
>>> [table] = room.open_tables(TableSettings(seats=3), 1)
>>> message = TeacherPage(Views(room)).message(set())
>>> message["type"], sorted(message["regions"])[:4]
('room', ['habits', 'join', 'lesson', 'picture'])
"""

from __future__ import annotations

from typing import Any

from bluffmath.i18n import _, n_

from .games import GAMES
from .lesson import GROUPINGS, WHEN
from .markup import button, esc, form
from .qr import qr_svg
from .settings import CLOCKS
from .table import Run, Table


class TeacherPage:
    """The teacher's page, composed from what ``views`` keeps (:class:`~bluffmath_class.
    views.Views`)."""

    def __init__(self, views: Any) -> None:
        self.views = views
        self.room = views.room
        self._qr: tuple[str, str] = ("", "")

    def message(self, connected: set[int]) -> dict[str, Any]:
        """The teacher's message: what to give the class, the lesson plan, every table,
        and the class's play beside the mathematics; public facts only (the screen is
        projected). Each table is also a region of its own, ``table-3``, for the plain view
        of one table; ``played`` holds what each table's region shows, its latest game and
        the moves (``{"3": [game, at]}``). ``connected``: the students with a page open."""
        tables = sorted(self.room.tables.values(), key=lambda t: t.id)
        seated = len(self.room.places)
        playing = sum(t.current is not None for t in tables)
        summary = (f"<p><b>{seated}</b> {'student' if seated == 1 else 'students'} seated at "
                   f"<b>{len(tables)}</b> {'table' if len(tables) == 1 else 'tables'}; <b>{playing}</b> "
                   f"playing. {button('Start every waiting table', {'type': 'start-all'})}</p>")
        regions = {"join": self._join(), "summary": summary, "picture": self.views.picture(), "lesson": self._lesson(),
                   "students": self._students(connected), "habits": self.views.habits(),
                   "tables": self._cards(tables, connected)}
        regions.update({f"table-{t.id}": self._plain(t) for t in tables})
        played = {str(t.id): list(self.views.played(t)) for t in tables if self.views.played(t) is not None}
        return {"type": "room", "regions": regions, "played": played}

    def _lesson(self) -> str:
        """The lesson plan: its activities (the one the class is at marked), Next activity
        with how the class is shared out, and the plans kept by name."""
        plan, at = self.room.plan, self.room.activity
        items = "".join(_step(i, a.words(), at) for i, a in enumerate(plan.activities))
        steps = f'<ol class="plan">{items}</ol>' if items else (
            "<p>No activities yet: open a game's settings under “Open tables” below and press “Add to the "
            "lesson plan”.</p>")
        upcoming = plan.activities[at + 1] if at + 1 < len(plan.activities) else None
        nothing_next = "<p>The plan has no activity after this one.</p>" if plan.activities else ""
        return (f'<section class="lesson"><h2>Lesson plan: {esc(plan.name)}</h2>{steps}'
                + (next_form(upcoming) if upcoming is not None else nothing_next)
                + plans_forms(plan.name, list(self.room.db.plans())) + "</section>")

    def _students(self, connected: set[int]) -> str:
        """The students of the class who have no seat, to take out of the class; the
        form that gives a student more time for a move."""
        everyone = self._everyone()
        clocks = clock_form(everyone) if everyone else ""
        waiting = [s for s in self.room.students.values() if s.id not in self.room.places]
        if not waiting:
            return clocks
        kept = set(self.room.reserved)
        items = "".join(
            f'<li>{esc(s.name)} <span class="small">{"here" if s.id in connected else "away"}'
            f'{", finishing a game" if s.id in kept else ""}</span> '
            + button("take out of the class", {"type": "remove", "student": s.id}, "small") + "</li>"
            for s in waiting)
        return (f'<section class="waiting"><h2>Students without a seat</h2><ul class="seats">{items}</ul></section>'
                + clocks)

    def _everyone(self) -> list[tuple[int, str]]:
        """Every student of the class, id and name as this page shows them: by table and
        seat (an anonymous table's seat named, not its student), then those with no seat."""
        seated = []
        for student, (table_id, seat) in sorted(self.room.places.items(), key=lambda kv: kv[1]):
            name = self.room.tables[table_id].seating().names[seat]
            seated.append((student, f"{name} (table {table_id})"))
        return seated + [(s.id, s.name) for s in self.room.students.values() if s.id not in self.room.places]

    def _join(self) -> str:
        code, address = self.room.code, self.views.join_url or "this server's address"
        if self._qr[0] != f"{self.views.join_url}/?code={code}":  # made once per address and code
            url = f"{self.views.join_url}/?code={code}"
            self._qr = (url, qr_svg(url) if self.views.join_url else "")
        return (f'<div><p class="address">Students open <b>{esc(address)}</b></p>'
                f'<p class="code">Join code <b id="code">{esc(code)}</b></p></div>'
                f'<figure class="qr">{self._qr[1]}<figcaption>The QR code holds the address and the join code'
                "</figcaption></figure>")

    def _plain(self, table: Table) -> str:
        """One table as the class may see it, for the projector."""
        run = table.last
        head = f"<h2>Table {table.id}: {esc(table.rules.title)}</h2>"
        if run is None:
            return head + "<p>Waiting to start.</p>" + seated(table)
        return head + f"<p>{game_words(run)}</p>" + self.views.public(table)

    def _cards(self, tables: list[Table], connected: set[int]) -> str:
        if not tables:
            return "<p>No tables yet: open some below.</p>"
        now = [t for t in tables if t.activity == self.room.activity] if self.room.activity >= 0 else tables
        earlier = [t for t in tables if t not in now]
        cards = "".join(self._card(t, connected) for t in now)
        if earlier:
            cards += (f'<details class="earlier"><summary>Tables of earlier activities ({len(earlier)})</summary>'
                      + "".join(self._card(t, connected) for t in earlier) + "</details>")
        return cards

    def _card(self, table: Table, connected: set[int]) -> str:
        settings, run, rules = table.settings, table.last, table.rules
        clock = f"{settings.move_seconds} s a move" if settings.move_seconds else "no time limit"
        head = (f'<h3>Table {table.id}</h3>{ALONE.format(key=f"table-{table.id}")}'
                f'<p class="small">{esc(rules.title)}, {settings.seats} seats, '
                f"{esc(rules.variants[settings.variant])}; odds {esc(settings.odds)}; {clock}</p>")
        if table.current is not None:
            control = button("End this game", {"type": "end", "table": table.id}, "danger")
        else:
            control = button("Start a game" if run is None else "Start the next game",
                             {"type": "start", "table": table.id})
        state = "<p>Waiting to start.</p>" if run is None else f"<p>{game_words(run)}</p>" + self.views.public(table)
        return (f'<section class="table-card" data-table="{table.id}">{head}'
                f'<ul class="seats">{self._seats(table, connected)}</ul>{control}{state}</section>')

    def _seats(self, table: Table, connected: set[int]) -> str:
        items = []
        for seat, name in enumerate(table.seating().names):
            student = table.students.get(seat)
            if student is None:
                kept = [s for s, place in self.room.reserved.items() if place == (table.id, seat)]
                waiting = (f" (kept for {esc(self.room.students[kept[0]].name)}, who is finishing a game)"
                           if kept and kept[0] in self.room.students else "")
                items.append(f'<li class="bot">{esc(name)} (bot){waiting}</li>')
                continue
            here = "here" if student.id in connected else "away"
            words = "away: a bot plays" if (table.id, seat) in self.room.away else here
            actions = (button("new link", {"type": "relink", "table": table.id, "seat": seat}, "small")
                       + button("free seat", {"type": "free", "table": table.id, "seat": seat}, "small"))
            clock = self.room.clocks.get(student.id)
            words += f"; {CLOCKS[clock][0]} a move" if clock else ""
            items.append(f'<li class="{here}"><span class="dot" aria-hidden="true"></span> {esc(name)} '
                         f'<span class="small">{words}</span> {actions}</li>')
        return "".join(items)


#: The button that shows one table or one game's chart alone, filling the screen
#: (``class.js``; pressed again, or Escape, shows everything).
ALONE = '<button type="button" class="small alone" data-alone="{key}" aria-pressed="false">Show alone</button>'


def clock_form(students: list[tuple[int, str]]) -> str:
    """The teacher gives a student (id, and name as the teacher's page shows it) their own
    time for a move (WCAG 2.2.1): the table's, twice or three times it, or none."""
    names = "".join(f'<option value="{sid}">{esc(name)}</option>' for sid, name in students)
    clocks = "".join(f'<option value="{k}">{esc(words)}</option>' for k, (words, _) in CLOCKS.items())
    fields = (f'<label>Student <select name="student" data-int>{names}</select></label>'
              f'<label>Time for a move <select name="clock">{clocks}</select></label>')
    return ('<section class="clocks"><h2>More time for a student</h2><p class="small">A bot plays for a '
            "student whose time runs out; each is warned first and can ask for more.</p>"
            + form({"type": "clock"}, fields, "Set", "clock") + "</section>")


def picture_html(kinds: dict[str, str], waiting: int = 0, alone: bool = True) -> str:
    """The class picture: each game's part (``kinds``, by the game's key), in the order the
    teacher's page lists the games, and how many games are still being counted; ``alone``:
    with the button that shows one game's part alone (the teacher's page, the projector)."""
    sections = [f'<section class="picture" data-game="{name}"><h2>{esc(GAMES[name].title)}: '
                f'the class beside the mathematics</h2>{ALONE.format(key=f"game-{name}") if alone else ""}'
                f"{html}</section>"
                for name, html in sorted(kinds.items(), key=lambda kv: list(GAMES).index(kv[0])) if html]
    note = (f'<p class="small">Counting {waiting} {"game" if waiting == 1 else "games"} for the picture: '
            "they join it in a moment.</p>" if waiting else "")
    if not sections:
        return note or "<p>The class's play appears here, beside the exact chances, as soon as games start.</p>"
    return note + "".join(sections)


def _step(index: int, words: str, at: int) -> str:
    """One activity of the lesson plan, marked done, the class's, or to come (and then
    movable and removable)."""
    if index == at:
        return f'<li class="now" aria-current="step">{esc(words)} <b>(the class is here)</b></li>'
    if index < at:
        return f'<li class="done">{esc(words)} <span class="small">(done)</span></li>'
    earlier = button("earlier", {"type": "plan-up", "index": index}, "small") if index > at + 1 else ""
    return (f'<li class="to-come">{esc(words)} {earlier}'
            f'{button("remove", {"type": "plan-remove", "index": index}, "small")}</li>')


def next_form(activity: Any) -> str:
    """Next activity: how the class is shared out over its tables, and what happens to a
    game still being played."""
    def choose(name: str, options: dict[str, str], label: str) -> str:
        items = "".join(f'<option value="{k}">{esc(v)}</option>' for k, v in options.items())
        return f'<label>{label} <select name="{name}">{items}</select></label>'
    fields = (choose("grouping", GROUPINGS, "Groups") + choose("when", WHEN, "Games being played")
              + '<label class="groups">Your groups, if you set them (one line per table) '
              '<textarea name="groups" rows="3" cols="30" maxlength="2000"></textarea></label>'
              '<label><input type="checkbox" name="start" checked> start the games at once</label>')
    return form({"type": "next"}, fields, f"Next activity: {esc(activity.words())}", "next")


def plans_forms(name: str, kept: list[str]) -> str:
    """Keep the plan under a name; load a plan kept before."""
    keep = form({"type": "plan-save"}, f'<label>Keep this plan as <input name="name" maxlength="40" '
                f'value="{esc(name)}" required></label>', "Keep", "plan-save")
    if not kept:
        return keep
    options = "".join(f'<option value="{esc(k)}">{esc(k)}</option>' for k in kept)
    return keep + form({"type": "plan-load"}, f'<label>Plans kept <select name="name">{options}</select></label>',
                       "Load this plan", "plan-load")


def seated(table: Table) -> str:
    """Who sits at a table, as HTML."""
    names = ", ".join(esc(s.name) for _seat, s in sorted(table.students.items())) or _("nobody yet")
    empty = len(table.free_seats())
    said = (n_("At this table: {names}; {n} empty seat, played by bots.",
               "At this table: {names}; {n} empty seats, played by bots.", empty) if empty else
            _("At this table: {names}."))
    return "<p>" + said.format(names=names, n=empty) + "</p>"


def game_words(run: Run) -> str:
    return f"Game {run.number}" if run.ended_by is None else f"Game {run.number} is over."

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

from bluffmath.i18n import _, n_, p_

from .games import GAMES
from .lesson import GROUPINGS, WHEN, shown_name
from .markup import button, esc, form, tag
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
        count = n_("<b>{n}</b> student seated", "<b>{n}</b> students seated", seated).format(n=seated)
        at = n_("at <b>{n}</b> table; <b>{playing}</b> playing.", "at <b>{n}</b> tables; <b>{playing}</b> playing.",
                len(tables)).format(n=len(tables), playing=playing)
        start = button(esc(_("Start every waiting table")), {"type": "start-all"})
        summary = f"<p>{count} {at} {start}</p>"
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
        steps = f'<ol class="plan">{items}</ol>' if items else tag("p", _(
            "No activities yet: open a game's settings under “Open tables” below and press “Add to the "
            "lesson plan”."))
        upcoming = plan.activities[at + 1] if at + 1 < len(plan.activities) else None
        nothing_next = tag("p", esc(_("The plan has no activity after this one."))) if plan.activities else ""
        head = _("Lesson plan: {name}").format(name=esc(shown_name(plan.name)))
        return (f'<section class="lesson"><h2>{head}</h2>{steps}'
                + (next_form(upcoming) if upcoming is not None else nothing_next)
                + plans_forms(shown_name(plan.name), list(self.room.db.plans())) + "</section>")

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
            f'<li>{esc(s.name)} <span class="small">{esc(_whereabouts(s.id in connected, s.id in kept))}</span> '
            + button(esc(_("take out of the class")), {"type": "remove", "student": s.id}, "small") + "</li>"
            for s in waiting)
        head = esc(_("Students without a seat"))
        return f'<section class="waiting"><h2>{head}</h2><ul class="seats">{items}</ul></section>' + clocks

    def _everyone(self) -> list[tuple[int, str]]:
        """Every student of the class, id and name as this page shows them: by table and
        seat (an anonymous table's seat named, not its student), then those with no seat."""
        seated = []
        for student, (table_id, seat) in sorted(self.room.places.items(), key=lambda kv: kv[1]):
            name = self.room.tables[table_id].seating().names[seat]
            seated.append((student, _("{name} (table {table})").format(name=name, table=table_id)))
        return seated + [(s.id, s.name) for s in self.room.students.values() if s.id not in self.room.places]

    def _join(self) -> str:
        code, address = self.room.code, self.views.join_url or _("this server's address")
        if self._qr[0] != f"{self.views.join_url}/?code={code}":  # made once per address and code
            url = f"{self.views.join_url}/?code={code}"
            self._qr = (url, qr_svg(url) if self.views.join_url else "")
        w = {k: esc(v) for k, v in (("code", _("Join code")),
                                    ("qr", _("The QR code holds the address and the join code")))}
        students = _("Students open <b>{address}</b>").format(address=esc(address))
        return (f'<div><p class="address">{students}</p>'
                f'<p class="code">{w["code"]} <b id="code">{esc(code)}</b></p></div>'
                f'<figure class="qr">{self._qr[1]}<figcaption>{w["qr"]}</figcaption></figure>')

    def _plain(self, table: Table) -> str:
        """One table as the class may see it, for the projector."""
        run = table.last
        head = tag("h2", _("Table {table}: {game}").format(table=table.id, game=esc(_(table.rules.title))))
        if run is None:
            return head + tag("p", esc(_("Waiting to start."))) + seated(table)
        return head + f"<p>{game_words(run)}</p>" + self.views.public(table)

    def _cards(self, tables: list[Table], connected: set[int]) -> str:
        if not tables:
            return tag("p", esc(_("No tables yet: open some below.")))
        now = [t for t in tables if t.activity == self.room.activity] if self.room.activity >= 0 else tables
        earlier = [t for t in tables if t not in now]
        cards = "".join(self._card(t, connected) for t in now)
        if earlier:
            summary = esc(_("Tables of earlier activities ({n})").format(n=len(earlier)))
            cards += (f'<details class="earlier"><summary>{summary}</summary>'
                      + "".join(self._card(t, connected) for t in earlier) + "</details>")
        return cards

    def _card(self, table: Table, connected: set[int]) -> str:
        settings, run, rules = table.settings, table.last, table.rules
        clock = (_("{n} s a move").format(n=settings.move_seconds) if settings.move_seconds else
                 _("no time limit"))
        said = _("{game}, {seats} seats, {variant}; odds {odds}; {clock}").format(
            game=_(rules.title), seats=settings.seats, variant=_(rules.variants[settings.variant]),
            odds=_odds_word(settings.odds), clock=clock)
        heading = esc(_("Table {table}").format(table=table.id))
        head = f'<h3>{heading}</h3>{alone_button(f"table-{table.id}")}<p class="small">{esc(said)}</p>'
        if table.current is not None:
            control = button(esc(_("End this game")), {"type": "end", "table": table.id}, "danger")
        else:
            control = button(esc(_("Start a game") if run is None else _("Start the next game")),
                             {"type": "start", "table": table.id})
        state = (tag("p", esc(_("Waiting to start."))) if run is None else
                 tag("p", game_words(run)) + self.views.public(table))
        return (f'<section class="table-card" data-table="{table.id}">{head}'
                f'<ul class="seats">{self._seats(table, connected)}</ul>{control}{state}</section>')

    def _seats(self, table: Table, connected: set[int]) -> str:
        items = []
        for seat, name in enumerate(table.seating().names):
            student = table.students.get(seat)
            if student is None:
                kept = [s for s, place in self.room.reserved.items() if place == (table.id, seat)]
                bot = (_("{name} (bot) (kept for {student}, who is finishing a game)").format(
                    name=name, student=self.room.students[kept[0]].name)
                    if kept and kept[0] in self.room.students else _("{name} (bot)").format(name=name))
                items.append(f'<li class="bot">{esc(bot)}</li>')
                continue
            here = "here" if student.id in connected else "away"
            words = (_("away: a bot plays") if (table.id, seat) in self.room.away else
                     _("here") if student.id in connected else _("away"))
            actions = (button(esc(_("new link")), {"type": "relink", "table": table.id, "seat": seat}, "small")
                       + button(esc(_("free seat")), {"type": "free", "table": table.id, "seat": seat}, "small"))
            clock = self.room.clocks.get(student.id)
            words = _("{whereabouts}; {clock} a move").format(whereabouts=words, clock=_(CLOCKS[clock][0])) \
                if clock else words
            items.append(f'<li class="{here}"><span class="dot" aria-hidden="true"></span> {esc(name)} '
                         f'<span class="small">{words}</span> {actions}</li>')
        return "".join(items)


#: The button that shows one table or one game's chart alone, filling the screen
#: (``class.js``; pressed again, or Escape, shows everything); :func:`alone` in the
#: language in use.
ALONE = '<button type="button" class="small alone" data-alone="{key}" aria-pressed="false">{label}</button>'


def alone_button(key: str) -> str:
    """:data:`ALONE` for ``key``, in the language in use."""
    return ALONE.format(key=key, label=esc(_("Show alone")))


def _whereabouts(here: bool, finishing: bool) -> str:
    """Where a student with no seat is: their page open or not, and finishing a game."""
    if finishing:
        return _("here, finishing a game") if here else _("away, finishing a game")
    return _("here") if here else _("away")


def _odds_word(odds: str) -> str:
    """A table's odds setting in a word (the settings' key, in the language in use)."""
    return {"always": p_("odds setting", "always"), "after-doubt": p_("odds setting", "after-doubt"),
            "never": p_("odds setting", "never")}.get(odds, odds)


def clock_form(students: list[tuple[int, str]]) -> str:
    """The teacher gives a student (id, and name as the teacher's page shows it) their own
    time for a move (WCAG 2.2.1): the table's, twice or three times it, or none."""
    names = "".join(f'<option value="{sid}">{esc(name)}</option>' for sid, name in students)
    clocks = "".join(f'<option value="{k}">{esc(_(words))}</option>' for k, (words, _times) in CLOCKS.items())
    w = {k: esc(v) for k, v in (("student", _("Student")), ("time", _("Time for a move")),
                                ("head", _("More time for a student")), ("set", _("Set")),
                                ("why", _("A bot plays for a student whose time runs out; each is warned first and "
                                          "can ask for more.")))}
    fields = (f'<label>{w["student"]} <select name="student" data-int>{names}</select></label>'
              f'<label>{w["time"]} <select name="clock">{clocks}</select></label>')
    return (f'<section class="clocks"><h2>{w["head"]}</h2><p class="small">{w["why"]}</p>'
            + form({"type": "clock"}, fields, w["set"], "clock") + "</section>")


def picture_html(kinds: dict[str, str], waiting: int = 0, alone: bool = True) -> str:
    """The class picture: each game's part (``kinds``, by the game's key), in the order the
    teacher's page lists the games, and how many games are still being counted; ``alone``:
    with the button that shows one game's part alone (the teacher's page, the projector)."""
    sections = [f'<section class="picture" data-game="{name}"><h2>'
                + esc(_("{game}: the class beside the mathematics").format(game=_(GAMES[name].title)))
                + f'</h2>{alone_button(f"game-{name}") if alone else ""}{html}</section>'
                for name, html in sorted(kinds.items(), key=lambda kv: list(GAMES).index(kv[0])) if html]
    note = (tag("p", esc(n_("Counting {n} game for the picture: they join it in a moment.",
                            "Counting {n} games for the picture: they join it in a moment.", waiting).format(n=waiting)),
                ' class="small"') if waiting else "")
    if not sections:
        return note or tag("p", _("The class's play appears here, beside the exact chances, as soon as games "
                                 "start."))
    return note + "".join(sections)


def _step(index: int, words: str, at: int) -> str:
    """One activity of the lesson plan, marked done, the class's, or to come (and then
    movable and removable)."""
    if index == at:
        here = _("(the class is here)")
        return f'<li class="now" aria-current="step">{esc(words)} <b>{here}</b></li>'
    if index < at:
        done = _("(done)")
        return f'<li class="done">{esc(words)} <span class="small">{done}</span></li>'
    earlier = button(_("earlier"), {"type": "plan-up", "index": index}, "small") if index > at + 1 else ""
    remove = button(_("remove"), {"type": "plan-remove", "index": index}, "small")
    return f'<li class="to-come">{esc(words)} {earlier}{remove}</li>'


def next_form(activity: Any) -> str:
    """Next activity: how the class is shared out over its tables, and what happens to a
    game still being played."""
    def choose(name: str, options: dict[str, str], label: str) -> str:
        items = "".join(f'<option value="{k}">{esc(_(v))}</option>' for k, v in options.items())
        return f'<label>{label} <select name="{name}">{items}</select></label>'
    w = {k: esc(v) for k, v in (("groups", _("Your groups, if you set them (one line per table)")),
                                ("start", _("start the games at once")))}
    fields = (choose("grouping", GROUPINGS, esc(_("Groups"))) + choose("when", WHEN, esc(_("Games being played")))
              + f'<label class="groups">{w["groups"]} '
              '<textarea name="groups" rows="3" cols="30" maxlength="2000"></textarea></label>'
              f'<label><input type="checkbox" name="start" checked> {w["start"]}</label>')
    return form({"type": "next"}, fields, _("Next activity: {activity}").format(activity=esc(activity.words())),
                "next")


def plans_forms(name: str, kept: list[str]) -> str:
    """Keep the plan under a name; load a plan kept before."""
    w = {k: esc(v) for k, v in (("as", _("Keep this plan as")), ("keep", _("Keep")), ("kept", _("Plans kept")),
                                ("load", _("Load this plan")))}
    keep = form({"type": "plan-save"}, f'<label>{w["as"]} <input name="name" maxlength="40" '
                f'value="{esc(name)}" required></label>', w["keep"], "plan-save")
    if not kept:
        return keep
    options = "".join(f'<option value="{esc(k)}">{esc(k)}</option>' for k in kept)
    return keep + form({"type": "plan-load"}, f'<label>{w["kept"]} <select name="name">{options}</select></label>',
                       w["load"], "plan-load")


def seated(table: Table) -> str:
    """Who sits at a table, as HTML."""
    names = ", ".join(esc(s.name) for _seat, s in sorted(table.students.items())) or _("nobody yet")
    empty = len(table.free_seats())
    said = (n_("At this table: {names}; {n} empty seat, played by bots.",
               "At this table: {names}; {n} empty seats, played by bots.", empty) if empty else
            _("At this table: {names}."))
    return "<p>" + said.format(names=names, n=empty) + "</p>"


def game_words(run: Run) -> str:
    """A table's game as the teacher's page heads it: its number, and whether it is over."""
    return (_("Game {n}") if run.ended_by is None else _("Game {n} is over.")).format(n=run.number)

"""The server's HTML pages: the join form, a student's table, the teacher's room, and a
short page for what went wrong. Each is a shell of regions that the page's one script
(``static/class.js``) fills from the socket; the join form works with no script at all.

>>> page = join_page(code="123456", error="that is not this class's join code")
>>> 'value="123456"' in page, "That is not this class&#x27;s join code." in page
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from bluffmath.display import fraction_json
from bluffmath.i18n import N_, NAMES, _, language, n_, number
from bluffmath.review.words import pattern_words

from .games import GAMES, NAME_MODES, Rules
from .games.base import scroll_box
from .jobs import SEAT_REGIONS
from .language import switch
from .markup import esc, form, tag
from .results import class_patterns
from .settings import MAX_MOVE_SECONDS, TableSettings

STATIC = Path(__file__).parent / "static"
#: The regions of the teacher's page, top to bottom.
TEACHER_REGIONS = ("summary", "lesson", "students", "tables", "picture", "habits")
#: Every page's style: the class table's, then each game's own (``static/<game>.css``).
STYLES = ["class.css", *(f"{name}.css" for name in GAMES if (STATIC / f"{name}.css").is_file())]
_HEAD = ('<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
         '<meta name="viewport" content="width=device-width, initial-scale=1">'
         + "".join(f'<link rel="stylesheet" href="/static/{css}">' for css in STYLES)
         + "<title>{title}</title></head>")


def _page(title: str, body: str, kind: str = "", socket: str = "") -> str:
    """A page in the language in use (its ``<html lang>`` too); a page with a socket gets
    the script, and the script's own words in that language (``data-words``)."""
    script = '<script src="/static/class.js" defer></script>' if socket else ""
    page, *more = kind.split() or [""]
    data = f' data-page="{page}" data-socket="{socket}" data-words="{esc(script_words())}"' if socket else ""
    css = f' class="{" ".join(more)}"' if more else ""
    return f"{_HEAD.format(lang=language(), title=esc(title))}<body{data}{css}>{body}{script}</body></html>"


def script_words() -> str:
    """What the page's script says itself (``static/class.js``), in the language in use, as
    JSON (``{left}``: the seconds left)."""
    return json.dumps({"connected": _("connected"), "reconnecting": _("reconnecting…"),
                       "turn": _("● Your turn · "), "title": _("Class table"),
                       "left": _("{left} seconds left for your move: then a bot plays it for you."),
                       "offline": _("Not connected: wait a moment and try again.")}, ensure_ascii=False)


def join_page(code: str = "", error: str | None = None, name: str = "",
              tables: Sequence[tuple[int, str]] = ()) -> str:
    """The form a student opens: the class's code, a name and, if the class has more than
    one table with a free seat, which table (what was typed right is kept when the form
    comes back with an error); and the language switch.

    >>> 'name="table"' in join_page(tables=[(1, "Table 1: Hochstapler, 2 free"), (2, "Table 2: Hochstapler, 4 free")])
    True
    """
    problem = f'<p class="error" role="alert">{esc(error[:1].upper() + error[1:])}.</p>' if error else ""
    w = {k: esc(v) for k, v in (("table", _("Table")), ("any", _("Any free seat (as your teacher planned)")),
                                ("title", _("Join the class table")), ("code", _("Join code")),
                                ("name", _("Your name")), ("sit", _("Sit down")),
                                ("kept", _("Your phone remembers your seat: if the page closes, open the same "
                                           "address again.")))}
    choice = ""
    if len(tables) > 1:
        options = "".join(f'<option value="{t}">{esc(words)}</option>' for t, words in tables)
        choice = (f'<label>{w["table"]} <select name="table"><option value="">{w["any"]}</option>{options}'
                  "</select></label>")
    body = (f'<main class="join"><h1>{w["title"]}</h1>{problem}'
            '<form method="post" action="/join">'
            f'<label>{w["code"]} <input name="code" inputmode="numeric" autocomplete="off" '
            f'value="{esc(code)}" required maxlength="12"></label>'
            f'<label>{w["name"]} <input name="name" autocomplete="given-name" required maxlength="24" '
            f'value="{esc(name[:24])}"></label>{choice}'
            f'<button type="submit">{w["sit"]}</button></form>'
            f'<p class="small">{w["kept"]}</p>{switch(language(), "/")}</main>')
    return _page(_("Join the class table"), body)


#: The student page's regions a screen reader says aloud when they change.
LIVE = {"status": ' role="status"'}
#: The log's region scrolls: the keyboard reaches it, and a screen reader names it.
SCROLLS = ' tabindex="0" role="region" aria-label="{label}"'


def play_page() -> str:
    """A student's table: filled by the socket. A screen reader says the status (whose
    turn, the game's end) when it changes, and each new line of the log once (``#said``,
    filled by the script). The language switch is at its foot."""
    log = SCROLLS.format(label=esc(_("The moves so far")))
    regions = "".join(f'<div id="{r}" class="region"{log if r == "log" else LIVE.get(r, "")}></div>'
                      for r in SEAT_REGIONS)
    w = {k: esc(v) for k, v in (("connecting", _("connecting…")), ("time", _("More time")),
                                ("said", _("What happened at the table")),
                                ("practice", _("Practice: my mistakes, class drills")))}
    body = (f'<header><p id="table" class="region"></p><p id="link" class="link">{w["connecting"]}</p></header>'
            f'<p id="error" class="error" role="alert" hidden></p>'
            '<p id="clock" class="error" role="alert" hidden><span></span> '
            f'<button type="button" data-time>{w["time"]}</button></p>'
            f'<main class="play">{regions}<div id="picture" class="region"></div></main>'
            f'<div id="said" class="sr-only" role="log" aria-label="{w["said"]}"></div>'
            f'<footer><p class="small"><a href="/practice">{w["practice"]}</a></p>'
            f'{switch(language(), "/play")}</footer>')
    return _page(_("Class table"), body, "student", "/ws")


def teacher_page(projector: bool = False, language: str = "en") -> str:
    """The teacher's room: what to give the class, every table live, the class's play beside
    the mathematics, new tables, and the downloads; filled by the socket. ``projector``: the
    same in large type, without the forms, for the back of the room. ``language``: the one
    the open forms offer first for the class. In the language in use (the class's)."""
    shown = ("summary", "tables", "picture", "habits") if projector else TEACHER_REGIONS
    regions = "".join(f'<div id="{r}" class="region{" tables" if r == "tables" else ""}"></div>' for r in shown)
    w = {k: esc(v) for k, v in (("connecting", _("connecting…")), ("title", _("The class table")))}
    body = ('<header class="room"><div id="join" class="region join-info"></div>'
            f'<p id="link" class="link">{w["connecting"]}</p></header>'
            f'<main class="teacher"><h1 class="visually-hidden">{w["title"]}</h1>'
            '<p id="error" class="error" role="alert" hidden></p>'
            f'<div id="notice" class="region notice" role="status"></div>{regions}')
    if not projector:
        body += tag("h2", _("Open tables")) + "".join(open_form(g, language=language) for g in GAMES.values())
        body += _drills_and_downloads() + delete_form()
    body += "</main>"
    return _page(_("Class table: teacher"), body, "teacher projector" if projector else "teacher", "/teacher/ws")


def _drills_and_downloads() -> str:
    """The teacher's drill set, the downloads after the lesson, and the projector's link."""
    w = {k: v for k, v in (
        ("drills", _("Drills")), ("give", _("Give the class a drill set")),
        ("costliest", _("The class's costliest positions over the ended games, no student named: students open "
                        "them under Practice on their phones.")),
        ("set", _("The drill set and how the class does")), ("after", _("After the lesson")),
        ("results", _("Results (CSV)")), ("moves", _("Every move with its exact value (CSV)")),
        ("habits", _("Each student's habits (CSV)")), ("saves", _("Every game's save (ZIP)")),
        ("summary", _("The class summary, to print")), ("projector", _("Projector view")),
        ("large", _("(large type; one table alone: its number's link in the projector view)")))}
    return (f'<h2>{w["drills"]}</h2><form method="post" action="/teacher/drills"><button type="submit">{w["give"]}'
            f'</button></form><p class="small">{w["costliest"]} <a href="/teacher/drills">{w["set"]}</a></p>'
            f'<h2>{w["after"]}</h2><p><a href="/teacher/results.csv" download>{w["results"]}</a> · '
            f'<a href="/teacher/moves.csv" download>{w["moves"]}</a> · '
            f'<a href="/teacher/habits.csv" download>{w["habits"]}</a> · '
            f'<a href="/teacher/saves.zip" download>{w["saves"]}</a> · '
            f'<a href="/teacher/summary" target="_blank">{w["summary"]}</a></p>'
            f'<p><a href="/teacher?view=projector" target="_blank">{w["projector"]}</a> {w["large"]}</p>')


def table_view(table_id: int) -> str:
    """One table alone, in large type, for the projector."""
    connecting = esc(_("connecting…"))
    body = (f'<main class="teacher"><div id="table-{table_id}" class="region plain"></div>'
            f'<p id="link" class="link">{connecting}</p><p id="error" class="error" role="alert" hidden></p></main>')
    return _page(_("Class table: table {table}").format(table=table_id), body, "teacher projector", "/teacher/ws")


def open_form(rules: Rules, defaults: TableSettings | None = None, language: str = "en") -> str:
    """The settings of new tables of one game (its bots and variants), and the class's
    language (``language`` chosen: the class's, or the teacher's browser's). The game's
    words are its own, translated where they are shown."""
    d = defaults if defaults is not None and defaults.game == rules.name else TableSettings(
        rules.name, seats=min(4, rules.seat_range(next(iter(rules.variants))).stop - 1),
        bot=next(iter(rules.bots)), variant=next(iter(rules.variants)))
    seats = range(min(rules.seat_range(v).start for v in rules.variants),
                  max(rules.seat_range(v).stop for v in rules.variants))

    def select(name: str, options: Mapping[str, str], chosen: object, words: bool = True) -> str:
        items = "".join(f'<option value="{esc(k)}"{" selected" if k == chosen else ""}>{esc(_(v) if words else v)}'
                        "</option>" for k, v in options.items())
        return f'<select name="{name}">{items}</select>'

    w = {k: v for k, v in (
        ("tables", _("Tables")), ("seats", _("Seats at each")), ("length", _("Length")), ("bot", _("Empty seats")),
        ("odds", _("Odds for students")), ("names", _("Names")), ("language", _("Language of the students' pages")),
        ("seconds", _("Seconds a move before a bot plays for an absent student (0: never)")),
        ("open", _("Open")), ("plan", _("Add to the lesson plan")))}
    fields = (f'<input type="hidden" name="game" value="{esc(rules.name)}">'
              f'<label>{w["tables"]} <input name="tables" type="number" min="1" max="30" value="1" data-int></label>'
              f'<label>{w["seats"]} <input name="seats" type="number" min="{seats.start}" '
              f'max="{seats.stop - 1}" value="{d.seats}" data-int></label>'
              f"<label>{w['length']} {select('variant', rules.variants, d.variant)}</label>"
              f"<label>{w['bot']} {select('bot', rules.bots, d.bot)}</label>"
              f"<label>{w['odds']} {select('odds', rules.odds_modes, d.odds)}</label>"
              f'<label>{w["seconds"]} '
              f'<input name="move_seconds" type="number" min="0" max="{MAX_MOVE_SECONDS}" '
              f'value="{d.move_seconds}" data-int></label>'
              f"<label>{w['names']} {select('names', NAME_MODES, d.names)}</label>"
              f"<label>{w['language']} {select('language', NAMES, language, words=False)}</label>")
    opened = " open" if rules.name == next(iter(GAMES)) else ""
    title = esc(_(rules.title))
    plan = f'<button type="submit" class="quick" data-type="plan-add">{w["plan"]}</button>'
    return (f'<details class="open-game" data-game="{esc(rules.name)}"{opened}><summary>'
            f"{title}</summary>{form({'type': 'open'}, fields, w['open'], 'open', plan)}</details>")


def delete_form() -> str:
    """Delete the class's data (every table, seat, game and move), after typing DELETE."""
    label = esc(_("To delete every table, game and name of this class for good, type DELETE"))
    fields = f'<label>{label} <input name="confirm" autocomplete="off" maxlength="10"></label>'
    return (tag("h2", esc(_("When the class is over")))
            + form({"type": "delete"}, fields, _("Delete the class's data"), "delete"))


#: The months' names, for the summary's date (in the language in use: :func:`summary_title`).
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))


def summary_title(day: date) -> str:
    """The printed summary's title, dated ``day`` in the language in use.

    >>> summary_title(date(2026, 12, 6))
    'The class at the table, 06 December 2026'
    """
    return _("The class at the table, {day:02d} {month} {year}").format(
        day=day.day, month=_(MONTHS[day.month - 1]), year=day.year)


def summary_page(title: str, picture: str, header: list[str], results: list[list[object]],
                 habits: str = "") -> str:
    """The class summary to print (A4): each game's picture of the class, the class's habits
    (:func:`habits_section`), then every seat's result. No script: the browser's Print makes
    the PDF. The server sends it in its three parts as each is ready (:func:`summary_parts`)."""
    head, middle, tail = summary_parts(title, picture)
    return head + habits + middle + results_table(header, results) + tail


def summary_parts(title: str, picture: str) -> tuple[str, str, str]:
    """The summary page around its habits and its results table: what comes before the
    habits, between them and the table, and after."""
    w = {k: v for k, v in (("every", _("Every seat of every game")),
                                ("print", _("Print this page (A4) from the browser's menu, or save it as PDF.")))}
    page = _page(title, f'<main class="summary"><h1>{esc(title)}</h1>{picture}\x00<h2>{w["every"]}</h2>'
                        f'\x00<p class="small not-printed">{w["print"]}</p></main>')
    head, middle, tail = page.split("\x00")
    return head, middle, tail


def results_table(header: list[str], results: list[list[object]]) -> str:
    """Every seat of every game, as a table."""
    table = ("<table class=\"results\"><tr>" + "".join(f"<th>{esc(h)}</th>" for h in header) + "</tr>"
             + "".join("<tr>" + "".join(f"<td>{esc(v)}</td>" for v in row) + "</tr>" for row in results)
             + "</table>")
    return scroll_box(table, esc(_("every seat of every game")))


def habits_section(habits: Sequence[Any], names: bool = True) -> str:
    """The class's habits, game by game: its costliest patterns over every student (how many
    students, decisions, and the cost in the review's unit), then, with ``names``, each
    student's costliest (the printed summary; not the projected live page).
    ``habits``: :func:`~bluffmath_class.results.class_habits`."""
    if not habits:
        return ""
    parts = [tag("h2", esc(_("Habits of the class")))]
    for game, rows in class_patterns(habits).items():
        unit = next(h.unit for h in habits if h.game == game)
        lines = "".join(f'<tr class="class-habit" data-name="{esc(name)}" data-cost="{fraction_json(cost)}">'
                        f"<td>{esc(pattern_words(name))}</td><td>{students}</td><td>{count}</td><td>{number(cost, 3)}</td></tr>"
                        for name, students, count, cost in rows[:5])
        mine = "; ".join(f"{esc(h.name)}: {esc(pattern_words(h.habits.patterns[0].name))} ({h.habits.patterns[0].count})"
                         for h in habits if h.game == game and h.habits.patterns)
        head = "".join(tag("th", esc(t)) for t in (_("habit"), _("students"), _("decisions"),
                                                     _("cost ({unit})").format(unit=_(unit))))
        table = f'<table class="results"><tr>{head}</tr>{lines}</table>'
        title = esc(_(GAMES[game].title))
        costliest = _("Each student's costliest: {habits}.").format(habits=mine)
        parts.append(f"<h3>{title}</h3>"
                     + scroll_box(table, _("the class's habits in {game}").format(game=title))
                     + (tag("p", costliest, ' class="small"') if names else ""))
    if len(parts) == 1:
        parts.append(_no_pattern(habits))
    return "".join(parts)


def _no_pattern(habits: Sequence[Any]) -> str:
    """What the habits say when no pattern cost anything: every decision was among the
    best, or no student made one of their own (a bot's moves for them are not counted)."""
    if any(h.habits.decisions for h in habits):
        return tag("p", _("Every student's every decision was among the best."))
    stood_in = sum(h.stood_in for h in habits)
    said = (n_("No student has made a decision of their own in a game that has ended yet: the {n} a bot made for "
               "absent students are not counted.", "No student has made a decision of their own in a game that has "
               "ended yet: the {n} a bot made for absent students are not counted.", stood_in) if stood_in else
            _("No student has made a decision of their own in a game that has ended yet."))
    return tag("p", said.format(n=stood_in))


def message_page(title: str, text: str, link: str = "/") -> str:
    """A short page: what happened, and where to go (in the language in use)."""
    go_on = esc(_("Go on"))
    return _page(title, f'<main class="join"><h1>{esc(title)}</h1><p>{esc(text)}</p>'
                        f'<p><a href="{esc(link)}">{go_on}</a></p></main>')

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
from pathlib import Path
from typing import Any

from bluffmath.display import decimal, fraction_json
from bluffmath.i18n import NAMES, _, language

from .games import GAMES, NAME_MODES, Rules
from .games.base import scroll_box
from .jobs import SEAT_REGIONS
from .language import switch
from .markup import esc, form
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


def play_page() -> str:
    """A student's table: filled by the socket. A screen reader says the status (whose
    turn, the game's end) when it changes, and each new line of the log once (``#said``,
    filled by the script). The language switch is at its foot."""
    regions = "".join(f'<div id="{r}" class="region"{LIVE.get(r, "")}></div>' for r in SEAT_REGIONS)
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
    the open forms offer first for the class."""
    shown = ("summary", "tables", "picture", "habits") if projector else TEACHER_REGIONS
    regions = "".join(f'<div id="{r}" class="region{" tables" if r == "tables" else ""}"></div>' for r in shown)
    body = ('<header class="room"><div id="join" class="region join-info"></div>'
            '<p id="link" class="link">connecting…</p></header>'
            '<main class="teacher"><h1 class="visually-hidden">The class table</h1>'
            '<p id="error" class="error" role="alert" hidden></p>'
            f'<div id="notice" class="region notice" role="status"></div>{regions}')
    if not projector:
        body += ("<h2>Open tables</h2>" + "".join(open_form(g, language=language) for g in GAMES.values())
                 + '<h2>Drills</h2><form method="post" action="/teacher/drills"><button type="submit">Give the '
                 'class a drill set</button></form><p class="small">The class\'s costliest positions over the ended '
                 'games, no student named: students open them under Practice on their phones. '
                 '<a href="/teacher/drills">The drill set and how the class does</a></p>'
                 + '<h2>After the lesson</h2><p><a href="/teacher/results.csv" download>Results (CSV)</a> · '
                 '<a href="/teacher/moves.csv" download>Every move with its exact value (CSV)</a> · '
                 '<a href="/teacher/habits.csv" download>Each student\'s habits (CSV)</a> · '
                 '<a href="/teacher/saves.zip" download>Every game\'s save (ZIP)</a> · '
                 '<a href="/teacher/summary" target="_blank">The class summary, to print</a></p>'
                 '<p><a href="/teacher?view=projector" target="_blank">Projector view</a> '
                 "(large type; one table alone: its number's link in the projector view)</p>"
                 + delete_form())
    body += "</main>"
    return _page("Class table: teacher", body, "teacher projector" if projector else "teacher", "/teacher/ws")


def table_view(table_id: int) -> str:
    """One table alone, in large type, for the projector."""
    body = (f'<main class="teacher"><div id="table-{table_id}" class="region plain"></div>'
            '<p id="link" class="link">connecting…</p><p id="error" class="error" role="alert" hidden></p></main>')
    return _page(f"Class table: table {table_id}", body, "teacher projector", "/teacher/ws")


def open_form(rules: Rules, defaults: TableSettings | None = None, language: str = "en") -> str:
    """The settings of new tables of one game (its bots and variants), and the class's
    language (``language`` chosen: the class's, or the teacher's browser's)."""
    d = defaults if defaults is not None and defaults.game == rules.name else TableSettings(
        rules.name, seats=min(4, rules.seat_range(next(iter(rules.variants))).stop - 1),
        bot=next(iter(rules.bots)), variant=next(iter(rules.variants)))
    seats = range(min(rules.seat_range(v).start for v in rules.variants),
                  max(rules.seat_range(v).stop for v in rules.variants))

    def select(name: str, options: Mapping[str, str], chosen: object) -> str:
        items = "".join(f'<option value="{esc(k)}"{" selected" if k == chosen else ""}>{esc(v)}</option>'
                        for k, v in options.items())
        return f'<select name="{name}">{items}</select>'

    fields = (f'<input type="hidden" name="game" value="{esc(rules.name)}">'
              f'<label>Tables <input name="tables" type="number" min="1" max="30" value="1" data-int></label>'
              f'<label>Seats at each <input name="seats" type="number" min="{seats.start}" '
              f'max="{seats.stop - 1}" value="{d.seats}" data-int></label>'
              f"<label>Length {select('variant', rules.variants, d.variant)}</label>"
              f"<label>Empty seats {select('bot', rules.bots, d.bot)}</label>"
              f"<label>Odds for students {select('odds', rules.odds_modes, d.odds)}</label>"
              f'<label>Seconds a move before a bot plays for an absent student (0: never) '
              f'<input name="move_seconds" type="number" min="0" max="{MAX_MOVE_SECONDS}" '
              f'value="{d.move_seconds}" data-int></label>'
              f"<label>Names {select('names', NAME_MODES, d.names)}</label>"
              f"<label>Language of the students' pages {select('language', NAMES, language)}</label>")
    opened = " open" if rules.name == next(iter(GAMES)) else ""
    plan = '<button type="submit" class="quick" data-type="plan-add">Add to the lesson plan</button>'
    return (f'<details class="open-game" data-game="{esc(rules.name)}"{opened}><summary>'
            f"{esc(rules.title)}</summary>{form({'type': 'open'}, fields, 'Open', 'open', plan)}</details>")


def delete_form() -> str:
    """Delete the class's data (every table, seat, game and move), after typing DELETE."""
    fields = ('<label>To delete every table, game and name of this class for good, type DELETE '
              '<input name="confirm" autocomplete="off" maxlength="10"></label>')
    return ("<h2>When the class is over</h2>"
            + form({"type": "delete"}, fields, "Delete the class's data", "delete"))


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
    page = _page(title, f'<main class="summary"><h1>{esc(title)}</h1>{picture}\x00<h2>Every seat of every game</h2>'
                        "\x00<p class=\"small not-printed\">Print this page (A4) from the browser's menu, or save it "
                        "as PDF.</p></main>")
    head, middle, tail = page.split("\x00")
    return head, middle, tail


def results_table(header: list[str], results: list[list[object]]) -> str:
    """Every seat of every game, as a table."""
    table = ("<table class=\"results\"><tr>" + "".join(f"<th>{esc(h)}</th>" for h in header) + "</tr>"
             + "".join("<tr>" + "".join(f"<td>{esc(v)}</td>" for v in row) + "</tr>" for row in results)
             + "</table>")
    return scroll_box(table, "every seat of every game")


def habits_section(habits: Sequence[Any], names: bool = True) -> str:
    """The class's habits, game by game: its costliest patterns over every student (how many
    students, decisions, and the cost in the review's unit), then, with ``names``, each
    student's costliest (the printed summary; not the projected live page).
    ``habits``: :func:`~bluffmath_class.results.class_habits`."""
    if not habits:
        return ""
    parts = ["<h2>Habits of the class</h2>"]
    for game, rows in class_patterns(habits).items():
        unit = next(h.unit for h in habits if h.game == game)
        lines = "".join(f'<tr class="class-habit" data-name="{esc(name)}" data-cost="{fraction_json(cost)}"><td>{esc(name)}</td>'
                        f"<td>{students}</td><td>{count}</td><td>{decimal(cost, 3)}</td></tr>"
                        for name, students, count, cost in rows[:5])
        mine = "; ".join(f"{esc(h.name)}: {esc(h.habits.patterns[0].name)} ({h.habits.patterns[0].count})"
                         for h in habits if h.game == game and h.habits.patterns)
        table = (f'<table class="results"><tr><th>habit</th><th>students</th>'
                 f"<th>decisions</th><th>cost ({esc(unit)})</th></tr>{lines}</table>")
        parts.append(f'<h3>{esc(GAMES[game].title)}</h3>'
                     + scroll_box(table, f"the class's habits in {esc(GAMES[game].title)}")
                     + (f'<p class="small">Each student\'s costliest: {mine}.</p>' if names else ""))
    if len(parts) == 1:
        parts.append(_no_pattern(habits))
    return "".join(parts)


def _no_pattern(habits: Sequence[Any]) -> str:
    """What the habits say when no pattern cost anything: every decision was among the
    best, or no student made one of their own (a bot's moves for them are not counted)."""
    if any(h.habits.decisions for h in habits):
        return "<p>Every student's every decision was among the best.</p>"
    stood_in = sum(h.stood_in for h in habits)
    return ("<p>No student has made a decision of their own in a game that has ended yet"
            + (f": the {stood_in} a bot made for absent students are not counted." if stood_in else ".")
            + "</p>")


def message_page(title: str, text: str, link: str = "/") -> str:
    """A short page: what happened, and where to go (in the language in use)."""
    go_on = esc(_("Go on"))
    return _page(title, f'<main class="join"><h1>{esc(title)}</h1><p>{esc(text)}</p>'
                        f'<p><a href="{esc(link)}">{go_on}</a></p></main>')

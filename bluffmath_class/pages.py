"""The server's HTML pages: the join form, a student's table, the teacher's room, and a
short page for what went wrong. Each is a shell of regions that the page's one script
(``static/class.js``) fills from the socket; the join form works with no script at all.

>>> page = join_page(code="123456", error="that is not this class's join code")
>>> 'value="123456"' in page, "that is not this class" in page
(True, True)
"""

from __future__ import annotations

from .games import GAMES, ODDS_MODES
from .markup import esc, form
from .settings import MAX_MOVE_SECONDS, TableSettings
from .views import SEAT_REGIONS

_HEAD = ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
         '<meta name="viewport" content="width=device-width, initial-scale=1">'
         '<link rel="stylesheet" href="/static/class.css"><title>{title}</title></head>')


def _page(title: str, body: str, kind: str = "", socket: str = "") -> str:
    script = '<script src="/static/class.js" defer></script>' if socket else ""
    data = f' data-page="{kind}" data-socket="{socket}"' if socket else ""
    return f"{_HEAD.format(title=esc(title))}<body{data}>{body}{script}</body></html>"


def join_page(code: str = "", error: str | None = None) -> str:
    """The form a student opens: the class's code and a name."""
    problem = f'<p class="error" role="alert">{esc(error)}</p>' if error else ""
    body = (f'<main class="join"><h1>Join the class table</h1>{problem}'
            '<form method="post" action="/join">'
            f'<label>Join code <input name="code" inputmode="numeric" autocomplete="off" '
            f'value="{esc(code)}" required maxlength="12"></label>'
            '<label>Your name <input name="name" autocomplete="given-name" required maxlength="24"></label>'
            '<button type="submit">Sit down</button></form>'
            '<p class="small">Your phone remembers your seat: if the page closes, open the same '
            "address again.</p></main>")
    return _page("Join the class table", body)


def play_page() -> str:
    """A student's table: filled by the socket."""
    regions = "".join(f'<div id="{r}" class="region"></div>' for r in
                      SEAT_REGIONS)
    body = ('<header><p id="table" class="region"></p><p id="link" class="link">connecting…</p></header>'
            f'<p id="error" class="error" role="alert" hidden></p><main class="play">{regions}</main>')
    return _page("Class table", body, "student", "/ws")


def teacher_page(join_url: str, code: str, qr_svg: str) -> str:
    """The teacher's room: the address and code to give out, every table live, the
    settings of new tables, and the downloads."""
    body = ('<header class="room"><div><h1>Class table</h1>'
            f'<p class="address">Students open <b>{esc(join_url)}</b></p>'
            f'<p class="code">Join code <b id="code">{esc(code)}</b></p>'
            '<p id="link" class="link">connecting…</p></div>'
            f'<div class="qr" aria-label="QR code of the address with the code">{qr_svg}</div></header>'
            '<main class="teacher"><p id="error" class="error" role="alert" hidden></p>'
            '<div id="notice" class="region notice"></div><div id="summary" class="region"></div>'
            '<div id="tables" class="region tables"></div>'
            f"<h2>Open tables</h2>{open_form()}"
            '<h2>After the lesson</h2><p><a href="/teacher/results.csv" download>Results (CSV)</a> · '
            '<a href="/teacher/saves.zip" download>Every game\'s save (ZIP)</a></p></main>')
    return _page("Class table: teacher", body, "teacher", "/teacher/ws")


def open_form(defaults: TableSettings | None = None) -> str:
    """The settings of new tables (every game, its bots and variants)."""
    d = defaults or TableSettings()
    rules = GAMES[d.game]

    def select(name: str, options: dict[str, str] | object, chosen: object) -> str:
        items = "".join(f'<option value="{esc(k)}"{" selected" if k == chosen else ""}>{esc(v)}</option>'
                        for k, v in options.items())  # type: ignore[attr-defined]
        return f'<select name="{name}">{items}</select>'

    fields = (f"<label>Game {select('game', {k: g.title for k, g in GAMES.items()}, d.game)}</label>"
              f'<label>Tables <input name="tables" type="number" min="1" max="30" value="1" data-int></label>'
              f'<label>Seats at each <input name="seats" type="number" min="{rules.seats.start}" '
              f'max="{rules.seats.stop - 1}" value="{d.seats}" data-int></label>'
              f"<label>Empty seats {select('bot', dict(rules.bots), d.bot)}</label>"
              f"<label>Odds for students {select('odds', dict(ODDS_MODES), d.odds)}</label>"
              f'<label>Seconds a move before a bot plays for an absent student (0: never) '
              f'<input name="move_seconds" type="number" min="0" max="{MAX_MOVE_SECONDS}" '
              f'value="{d.move_seconds}" data-int></label>'
              f"<label>Length {select('variant', dict(rules.variants), d.variant)}</label>")
    return form({"type": "open"}, fields, "Open", "open")


def message_page(title: str, text: str, link: str = "/") -> str:
    """A short page: what happened, and where to go."""
    return _page(title, f'<main class="join"><h1>{esc(title)}</h1><p>{esc(text)}</p>'
                        f'<p><a href="{esc(link)}">Go on</a></p></main>')

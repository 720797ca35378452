"""The class's language, and a phone's own: which language each page of the class table
speaks.

The teacher chooses the class's language when opening tables (the open form's
``language``, by default the language the teacher's browser asks for,
:func:`bluffmath.i18n.accepted`); it is kept with the class (the room's ``language``
value) and every student page speaks it, unless the student switched their own phone (the
language switch on the join and play pages: a cookie, :data:`COOKIE`, on that phone
only). A language the server does not speak, from a form or a cookie, is refused (a
form: a short page that says which languages there are) or ignored (a cookie: the class's
language is spoken).

The pages that speak the page's language are :data:`SPOKEN`; the server answers them
inside ``with speaking(code):`` (:class:`Speaking`), so that every ``_()`` on the way, the
page's ``<html lang>`` too, is in that language. The teacher's pages (:data:`TEACHERS`:
the teacher's page, the projector, the summary to print, the downloads, the drill set)
speak the class's language once the teacher has chosen one, and until then the language
the teacher's browser asks for (:func:`teachers`); the teacher's choice is theirs alone:
a phone's own language is no part of it.

>>> from bluffmath_class.database import Database
>>> db = Database(":memory:")
>>> of_class(db)
'en'
>>> set_class(db, "de"), of_class(db)
(True, 'de')
>>> set_class(db, "de")
False
>>> chosen(db), teachers(db, "en-GB, en"), own("de"), own("fr"), own(None)
('de', 'de', 'de', None, None)
>>> 'lang="de"' in switch("de", "/play") and 'value="en"' in switch("de", "/play")
True
"""

from __future__ import annotations

from urllib.parse import parse_qsl

from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from bluffmath.i18n import LANGUAGES, NAMES, _, accepted, speaking

from .auth import cookie_options, same_origin
from .database import Database
from .markup import esc

#: The cookie that holds a phone's own language.
COOKIE = "bm_language"
#: The room value that holds the class's language.
ROOM_KEY = "language"
#: The pages (paths, and path prefixes ending in ``/``) that speak the page's language: a
#: student's (their phone's own, else the class's) and the teacher's (:data:`TEACHERS`).
SPOKEN = ("/", "/join", "/play", "/language", "/seat/", "/practice", "/practice/", "/teacher", "/teacher/")
#: The teacher's pages among them: the class's language (:func:`teachers`).
TEACHERS = ("/teacher", "/teacher/")
#: Where the switch may send a phone back to.
BACK = ("/", "/play")


def of_class(db: Database) -> str:
    """The class's language (English until the teacher chooses one)."""
    code = db.room_value(ROOM_KEY)
    return code if code in LANGUAGES else LANGUAGES[0]


def set_class(db: Database, code: str) -> bool:
    """Make ``code`` (one of :data:`~bluffmath.i18n.LANGUAGES`) the class's language,
    durably; whether it changed."""
    before = of_class(db)
    if db.room_value(ROOM_KEY) != code:  # kept even when it is the default: the teacher chose it
        db.set_room_value(ROOM_KEY, code)
    return code != before


def chosen(db: Database) -> str | None:
    """The class's language if the teacher has chosen one, else None."""
    code = db.room_value(ROOM_KEY)
    return code if code in LANGUAGES else None


def teachers(db: Database, header: str | None) -> str:
    """The language of the teacher's pages: the class's once chosen, else the one the
    teacher's browser asks for (its ``Accept-Language`` ``header``)."""
    return chosen(db) or accepted(header)


def own(value: str | None) -> str | None:
    """A phone's own language from its cookie, or None (no cookie, or one the server does
    not speak: it is ignored)."""
    return value if value in LANGUAGES else None


def spoken(path: str, among: tuple[str, ...] = SPOKEN) -> bool:
    """Whether the page at ``path`` is one of ``among``'s (by default :data:`SPOKEN`, the
    pages that speak the page's language).

    >>> spoken("/teacher/moves.csv"), spoken("/teacher/moves.csv", TEACHERS), spoken("/static/class.js")
    (True, True, False)
    """
    return any(path == p or (p.endswith("/") and p != "/" and path.startswith(p)) for p in among)


class Speaking:
    """Answers each request for a page of :data:`SPOKEN` inside ``with speaking(code):``,
    the phone's own language, else the class's (:func:`page_language`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not spoken(scope["path"]):
            await self.app(scope, receive, send)
            return
        with speaking(page_language(Request(scope))):
            await self.app(scope, receive, send)


def page_language(request: Request) -> str:
    """The language of a page: the teacher's (:func:`teachers`), or a student's: their
    phone's own, else the class's."""
    if spoken(request.url.path, TEACHERS):
        return teachers(request.app.state.room.db, request.headers.get("accept-language"))
    phone = own(request.cookies.get(COOKIE))
    return phone or request.app.state.views.language


def switch(current: str, back: str) -> str:
    """The language switch: a small form of one button per language, each labelled in its
    own language, the one in use pressed; it works with no script and from the keyboard."""
    buttons = "".join(
        f'<button type="submit" name="language" value="{code}" lang="{code}" aria-pressed='
        f'"{"true" if code == current else "false"}">{esc(NAMES[code])}</button>' for code in LANGUAGES)
    label = esc(_("Language"))
    return (f'<form class="language" method="post" action="/language" aria-label="{label}">'
            f'<input type="hidden" name="back" value="{esc(back)}">{buttons}</form>')


async def choose(request: Request) -> Response:
    """The switch's form: the phone's own language into its cookie, then back to its page.
    A language the server does not speak, or a form not sent from its own page, is refused
    with a short page that says why."""
    from .pages import message_page

    if not same_origin(request.headers.get("origin"), request.headers.get("host")):
        return HTMLResponse(message_page(_("Refused"), _("This form must be sent from this server's own page.")), 403)
    try:
        body = (await request.body())[:1024].decode("utf-8", "replace")
    except ClientDisconnect:
        return Response(status_code=400)
    fields = dict(parse_qsl(body, keep_blank_values=True, max_num_fields=4))
    back = fields.get("back") if fields.get("back") in BACK else "/"
    code = fields.get("language", "")
    if code not in LANGUAGES:
        text = _("The page can be shown in {languages}, not in “{code}”.").format(
            languages=", ".join(NAMES[c] for c in LANGUAGES), code=code[:20])
        return HTMLResponse(message_page(_("That language is not offered"), text, back), 400)
    response = RedirectResponse(back, 303)
    response.set_cookie(COOKIE, code, **cookie_options())
    return response


def routes() -> list[Route]:
    """The switch's route."""
    return [Route("/language", choose, methods=["POST"])]

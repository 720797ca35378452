"""Who may do what: a seat's secret, the teacher's key, the join code, and the origin of a
request.

Each seat holds its own unguessable secret in a cookie (32 random bytes); the database
keeps only its SHA-256, so a copy of the file does not let anyone act for a student. The
teacher holds a separate key, printed in the teacher's address when the server starts.
Cookies are ``HttpOnly`` and ``SameSite=Strict``: no script reads them, and no other
site's page sends them.

>>> len(new_secret()) >= 43, digest("abc") == digest("abc"), digest("abc") == digest("abd")
(True, True, False)
>>> code = new_code(); len(code), code.isdigit()
(6, True)
>>> same_origin("http://10.0.0.5:8000", "10.0.0.5:8000"), same_origin("http://evil.example", "10.0.0.5:8000")
(True, False)
>>> same_origin(None, "10.0.0.5:8000")    # no Origin: not a browser's cross-site request
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from urllib.parse import urlsplit

#: The cookies: a student's seat, the teacher's key.
SEAT_COOKIE, TEACHER_COOKIE = "bm_seat", "bm_teacher"
#: How long a cookie lasts: a school day.
COOKIE_SECONDS = 12 * 3600
#: Digits in the join code: short to type on a phone; wrong guesses are slowed down
#: (:mod:`bluffmath_class.throttle`), so a million codes take far longer than a lesson.
CODE_DIGITS = 6


def new_secret() -> str:
    """An unguessable secret (256 bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    """The SHA-256 of a secret, as the database keeps it."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def same_secret(given: str | None, expected: str) -> bool:
    """True when ``given`` is ``expected``, compared in constant time."""
    return given is not None and hmac.compare_digest(given.encode("utf-8", "surrogatepass"),
                                                     expected.encode("utf-8"))


def new_code() -> str:
    """A join code of :data:`CODE_DIGITS` digits (a phone shows a number pad for it)."""
    return "".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS))


def same_origin(origin: str | None, host: str | None) -> bool:
    """True unless a browser says the request comes from a page of another site: the
    ``Origin`` header's host and port must be the ``Host`` the request was sent to."""
    if origin is None:
        return True
    if host is None or origin == "null":
        return False
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


def cookie_options() -> dict[str, object]:
    """The options every cookie is set with."""
    return {"max_age": COOKIE_SECONDS, "httponly": True, "samesite": "strict", "path": "/"}

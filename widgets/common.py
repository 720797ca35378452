"""What every bluffmath widget shares: the language the widgets speak, reading typed card
values, exact numbers as HTML, and a panel that recomputes on every change and shows its
errors where the user looks.

Nothing here computes a probability. Text a user typed never reaches the page unescaped.

>>> fraction_html(Fraction(377, 495))
'<b>377/495</b> (76.2 %)'
>>> with speaking("de"):
...     fraction_html(Fraction(377, 495)), cards_text(())
('<b>377/495</b> (76,2\xa0%)', '(keine)')
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from html import escape

import ipywidgets as w

from bluffmath import i18n
from bluffmath.errors import BluffmathError, IllegalActionError
from bluffmath.i18n import LANGUAGES, LanguageError, _, percent, speaking

from .disclosure import DISCLOSURE_CSS

__all__ = ["READABLE_CSS", "Panel", "cards_text", "error_html", "fraction_html", "kernel_language", "language",
           "marked_fraction_html", "values_text"]

#: The language chosen with :func:`language`; None until one is.
_chosen: str | None = None


def kernel_language() -> str:
    """The language of the kernel's locale, as the environment gives it (the first of
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set: ``de_DE.UTF-8`` is ``"de"``), if
    bluffmath speaks it; English otherwise (``C.UTF-8``, nothing set, a language not shipped).

    >>> import os
    >>> os.environ["LC_ALL"] = "de_AT.UTF-8"; kernel_language()
    'de'
    >>> os.environ["LC_ALL"] = "C.UTF-8"; kernel_language()
    'en'
    >>> del os.environ["LC_ALL"]
    """
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            return code if code in LANGUAGES else LANGUAGES[0]
    return LANGUAGES[0]


def language(code: str | None = None) -> str:
    """The language the widgets speak: with ``code``, every widget made after this speaks
    it (and so does :mod:`bluffmath` in this kernel: :func:`bluffmath.i18n.set_language`);
    with none, the language in use is returned.

    Until a language is chosen it is the kernel's locale (:func:`kernel_language`: the
    environment's ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``, e.g. ``de_DE.UTF-8``), else
    English. JupyterLab's own language setting (Settings → Language) is not visible to the
    kernel: choose the language here. A language bluffmath does not speak is refused with
    :class:`~bluffmath.i18n.LanguageError`, in the words of the language in use.

    >>> language("de")
    'de'
    >>> language()
    'de'
    >>> language("fr")
    Traceback (most recent call last):
    ...
    bluffmath.i18n.LanguageError: Die Sprache muss eine von en, de sein, nicht 'fr'.
    >>> language("en")
    'en'
    """
    global _chosen
    if code is None:
        return _chosen or kernel_language()
    if not isinstance(code, str) or code not in LANGUAGES:
        with speaking(language()):
            message = _("The language must be one of {languages}, not {code}.")
        raise LanguageError(message.format(languages=", ".join(LANGUAGES), code=repr(str(code)[:20])))
    _chosen = code
    i18n.set_language(code)
    return code

#: Page-wide fixes to ipywidgets' own colours that fall below WCAG AA (4.5:1) on a light
#: page: white on the success, info and warning buttons (4.12, 3.51 and 2.70:1: now
#: darker shades of the same hues, 5.13, 7.35 and 5.02:1); a disclosure's title reads as a
#: title (:mod:`~bluffmath_widgets.disclosure`). And no text under 12 px: a
#: ``<small>`` (0.8333 em, 10.8 px in a widget) is 12 px at least. And where the keyboard is,
#: always seen (WCAG 2.4.7): ipywidgets draws a focused dropdown or text box with no outline
#: (``outline: none !important``, only its 1 px border turns light blue) and a focused button
#: with a 1 px light blue one (2.2:1); here whatever the keyboard moves to inside a widget
#: (a control, a card's button, a box that scrolls) gets the class table's 3 px ring (#0b5394,
#: 7.8:1 on white). Every :class:`Panel` carries it.
READABLE_CSS = (
    f"{DISCLOSURE_CSS}\n"
    ".jupyter-widgets small { font-size: max(12px, 0.8333em); }\n"
    ".jupyter-button.mod-success { background-color: #2e7d32; }\n"
    ".jupyter-button.mod-info { background-color: #006064; }\n"
    ".jupyter-button.mod-warning { background-color: #b45309; }\n"
    "body .jupyter-widgets :focus-visible { outline: 3px solid #0b5394 !important; outline-offset: 1px; }"
)


def values_text(values: Iterable[int] | str) -> str:
    """The text a value field shows for ``values``: ``(0, 7)`` becomes ``"0,7"``."""
    return values if isinstance(values, str) else ",".join(str(v) for v in values)


def fraction_html(p: Fraction) -> str:
    """An exact probability in bold with its rounded percentage: the Fraction is the answer."""
    return f"<b>{p}</b> ({percent(p)})"


def marked_fraction_html(p: Fraction, name: str, **data: object) -> str:
    """:func:`fraction_html` in a span of class ``name`` that holds the Fraction in ``data-p``
    (and ``data`` as more ``data-`` attributes), for pages and browser tests to read.

    >>> marked_fraction_html(Fraction(3, 8), "honest", seat=2)
    "<span class='honest' data-p='3/8' data-seat='2'><b>3/8</b> (37.5 %)</span>"
    """
    attrs = "".join(f" data-{k}='{escape(str(v))}'" for k, v in data.items())
    return f"<span class='{escape(name)}' data-p='{p}'{attrs}>{fraction_html(p)}</span>"


def cards_text(hand: Sequence[int]) -> str:
    """A hand of card values as text: ``3 5 8``, or ``(none)``."""
    return " ".join(map(str, hand)) if hand else _("(none)")


def error_html(text: str) -> str:
    """An alert box for ``text`` (escaped here: it may quote what the user typed).

    >>> error_html("no <b>")
    '<div class="bluffmath-error" role="alert" style="color: #b00020; font-weight: bold;">⚠ no &lt;b&gt;</div>'
    """
    return ('<div class="bluffmath-error" role="alert" style="color: #b00020; '
            f'font-weight: bold;">⚠ {escape(text)}</div>')


def review_at_end() -> w.Button:
    """The "Review this game" button a table shows beside its result once the game is over
    (:func:`show_at_end`): the review is what a player reaches for next, not a tool to look
    for in the closed "save or load" card.

    >>> button = review_at_end()
    >>> button.layout.display
    'none'
    >>> show_at_end(button, True); button.layout.display
    'flex'
    """
    button = w.Button(description=_("Review this game"), button_style="primary",
                      tooltip=_("the exact cost of each of my decisions"),
                      layout=w.Layout(display="none", width="auto"))
    button.add_class("bm-end-review")
    return button


def show_at_end(button: w.Button, over: bool) -> None:
    """Show ``button`` while the game is ``over``, hide it while it goes on."""
    button.layout.display = "flex" if over else "none"


class TakeBack:
    """A practice table's undo: the game as it stood before each of my decisions, so that
    :meth:`back` takes back my last decision and the bots' moves after it (the engines'
    states are immutable: keeping them costs nothing). ``button`` is the table's *undo*.

    >>> undo = TakeBack()
    >>> undo.button.disabled
    True
    >>> undo.keep("before my call", 3); undo.button.disabled
    False
    >>> undo.back()
    ('before my call', 3)
    >>> undo.back()
    Traceback (most recent call last):
    ...
    bluffmath.errors.IllegalActionError: nothing to undo: you have not moved in this game yet
    """

    def __init__(self) -> None:
        self.button = w.Button(description=_("undo"), disabled=True,
                               tooltip=_("practice: take back your last decision and the bots' moves after it"))
        self.button.add_class("bm-undo")
        self._kept: list[tuple[object, ...]] = []

    def keep(self, *before: object) -> None:
        """Remember the game as it stood before a decision of mine (any values that say so)."""
        self._kept.append(before)
        self.button.disabled = False

    def back(self) -> tuple[object, ...]:
        """What :meth:`keep` was given before my last decision, taken off the list."""
        if not self._kept:
            raise IllegalActionError(_("nothing to undo: you have not moved in this game yet"))
        before = self._kept.pop()
        self.button.disabled = not self._kept
        return before

    def clear(self) -> None:
        """A new game: nothing to take back."""
        self._kept.clear()
        self.button.disabled = True


def _bug(error: Exception) -> str:
    return _("unexpected {kind} (a bug in bluffmath_widgets, please report it): {error}").format(
        kind=type(error).__name__, error=error)


class Panel(w.VBox):
    """A VBox that redraws its outputs from the core whenever a watched control changes.

    A :class:`~bluffmath.errors.BluffmathError` (bad input) is shown in :attr:`message`,
    escaped, and the outputs are cleared; the next valid input clears the message again.
    Any other exception is shown there too, marked as a bug, rather than lost in a log.
    The message sits between the ``controls`` and the ``outputs``; a last, hidden child
    holds :data:`READABLE_CSS` for the whole page. The panel speaks the language in use
    when it is made (:attr:`speaks`), in every redraw and callback after, whatever the
    context of the kernel's callbacks. Subclasses give
    ``_render()`` (compute everything first, then assign the outputs) and ``_clear()``
    (blank the outputs). A callback that acts rather than redraws (a button that makes a
    move) runs its work inside ``with self._reporting():``, which shows an error the same
    way but keeps the outputs, since what they show is still true.
    """

    def __init__(self, controls: Iterable[w.Widget], outputs: Iterable[w.Widget],
                 **kwargs: object) -> None:
        self.message = w.HTML(layout=w.Layout(display="none"))
        self.speaks = i18n.language()
        self._paused = False
        self.page_style = w.HTML(f"<style>{READABLE_CSS}</style>", layout=w.Layout(display="none"))
        super().__init__(children=[*controls, self.message, *outputs, self.page_style], **kwargs)

    def _watch(self, controls: Iterable[w.Widget]) -> None:
        for control in controls:
            control.observe(self._on_change, names="value")

    def _on_change(self, change: dict[str, object]) -> None:
        self.refresh()

    @contextmanager
    def _hold(self) -> Iterator[None]:
        """Change several controls, then redraw once."""
        self._paused = True
        try:
            yield
        finally:
            self._paused = False
        self.refresh()

    def refresh(self) -> None:
        """Recompute every output from the controls' current values."""
        if self._paused:
            return
        try:
            with speaking(self.speaks):
                self._render()
        except BluffmathError as error:
            self._fail(str(error))
        except Exception as error:  # a bug: show it where the user looks, not in a log
            with speaking(self.speaks):
                self._fail(_bug(error))
        else:
            self._say(None)

    @contextmanager
    def _reporting(self) -> Iterator[None]:
        """Run a callback's work; show what goes wrong in :attr:`message`, keep the outputs.

        For actions (a button press) whose failure leaves everything shown still true: the
        message says why nothing happened, and the next success hides it.
        """
        try:
            with speaking(self.speaks):
                yield
        except BluffmathError as error:
            self._say(str(error))
        except Exception as error:  # a bug: show it where the user looks, not in a log
            with speaking(self.speaks):
                self._say(_bug(error))

    def _say(self, text: str | None) -> None:
        """Show ``text`` as the alert in :attr:`message`; ``None`` hides it."""
        self.message.value = "" if text is None else error_html(text)
        self.message.layout.display = "none" if text is None else None

    def _fail(self, text: str) -> None:
        self._clear()
        self._say(text)

    def _render(self) -> None:
        raise NotImplementedError

    def _clear(self) -> None:
        raise NotImplementedError

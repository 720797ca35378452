"""The Hoax widgets' shared parts: their controls, the bluff field, the facts as a list,
and errors in a player's words.

>>> row([dropdown("players", "players", [3, 4])]).layout.flex_flow
'row wrap'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

import ipywidgets as w

from bluffmath.errors import InvalidInputError
from bluffmath.hoax import EDITIONS, BluffModel, Claim, Holds, IsNot
from bluffmath.hoax import edition as hoax_edition
from bluffmath.hoax.evidence import Fact
from bluffmath.hoax.roles import role_words
from bluffmath.i18n import N_, _
from bluffmath.limits import MAX_HOAX_FACTS, MAX_TEXT, bounded
from bluffmath.validate import shown

__all__ = ["EDITION_LABELS", "PLAYER_COUNTS", "WIDE", "button", "dropdown", "edition_options", "facts_html",
           "in_words", "keep_value", "model_texts", "parse_bluff", "role_options", "row", "text_field", "width"]

#: Every player count some edition is played with (the core checks the edition's own).
PLAYER_COUNTS = list(range(min(e.players.start for e in EDITIONS.values()),
                           max(e.players.stop for e in EDITIONS.values())))
WIDE = {"description_width": "initial"}
#: Each edition as its dropdown names it (in English; shown in the language in use).
EDITION_LABELS = {"original": N_("original"), "german": N_("german")}


def edition_options() -> list[tuple[str, str]]:
    """The editions as a dropdown's options: the label in the language in use, the name.

    >>> edition_options()
    [('original', 'original'), ('german', 'german')]
    """
    return [(_(EDITION_LABELS.get(name, name)), name) for name in EDITIONS]


def role_options(roles: Sequence[str]) -> list[tuple[str, str]]:
    """Roles as a dropdown's options: the role's name in the language in use, the role.

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     role_options(["King", "Vicar"])
    [('Baron', 'King'), ('Mönch', 'Vicar')]
    """
    return [(role_words(r), r) for r in roles]


def parse_bluff(text: str, edition_name: str) -> str | dict[str, str]:
    """The bluff field: one chance for every role (``"1/4"``), or one per role
    (``"King=1/2, Thief=1/8"``; the roles not named are never bluffed). The chances stay
    text: :class:`~bluffmath.hoax.BluffModel` reads them exactly or says what is wrong.

    >>> parse_bluff(" 1/4 ", "original"), parse_bluff("king=1/2, Thief = 1/8", "original")
    ('1/4', {'King': '1/2', 'Thief': '1/8'})
    >>> parse_bluff("King=1/2, Thief 1/8", "original")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: bluff: write one chance such as 1/4, or one per role ... got 'Thief 1/8'
    """
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise InvalidInputError(_("bluff: write one chance such as 1/4, or one per role; got {text}").format(
            text=shown(text)))
    if "=" not in text:
        return text.strip()
    out = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        role, equals, chance = item.partition("=")
        if not equals:
            raise InvalidInputError(_("bluff: write one chance such as 1/4, or one per role such as "
                                      "King=1/2, Thief=1/8; got {text}").format(text=shown(item)))
        role = hoax_edition(edition_name).role(role, "bluff: each role")
        if role in out:
            raise InvalidInputError(_("bluff: the {role} has two chances; write each role once").format(
                role=role_words(role)))
        out[role] = chance.strip()
    return out


def model_texts(model: BluffModel) -> tuple[str, str]:
    """The honest and bluff fields' text for ``model`` (what :func:`parse_bluff` reads)."""
    data = model.to_json()
    bluff = data["bluff"]
    return data["honest"], bluff if isinstance(bluff, str) else ", ".join(f"{r}={p}" for r, p in bluff.items())


def facts_html(facts: Sequence[Fact], names: Sequence[str]) -> str:
    """The facts in order, numbered, each after its player's name (escaped).

    >>> facts_html([Claim(1, "King")], ["Ann", "<Bo>", "Cy"])
    "<ol class='bm-hoax-facts'><li><b>&lt;Bo&gt;</b> spoke as the King</li></ol>"
    """
    facts, names = bounded("facts", facts, MAX_HOAX_FACTS), bounded("names", names, 8)
    for fact in facts:
        if not isinstance(fact, Holds | IsNot | Claim) or fact.player >= len(names):
            raise InvalidInputError(f"facts must be Holds, IsNot and Claim facts about the {len(names)} "
                                    f"players named, got {shown(fact)}")
    if not facts:
        return "<i>" + _("No facts recorded yet.") + "</i>"
    items = "".join(f"<li>{_said_html(f, names[f.player])}</li>" for f in facts)
    return f"<ol class='bm-hoax-facts'>{items}</ol>"


def _said_html(fact: Fact, name: str) -> str:
    """The fact's sentence in the language in use, its player's name (escaped) in bold."""
    return escape(fact.said_of("\x00")).replace("\x00", f"<b>{escape(name)}</b>")


_PATHS = ((re.compile(r"^a Hoax case: "), "the saved sheet: "),
          (re.compile(r"^a Hoax case "), "the saved sheet "),
          (re.compile(r"facts\[(\d+)\]\.?"), lambda m: f"fact {int(m[1]) + 1}'s "),
          (re.compile(r"names\[(\d+)\]"), lambda m: f"name {int(m[1]) + 1}"),
          (re.compile(r"model\.bluff \(a role\)"), "a role in the bluff chances"),
          (re.compile(r"model\.(honest|bluff)"), r"the \1 chance"))


def in_words(message: str) -> str:
    """An error message as a player reads it: a path into the saved text (``facts[3].role``)
    becomes words ("fact 4's role").

    >>> print(in_words('a Hoax case: facts[3].role: "abcd" is not allowed'))
    the saved sheet: fact 4's role: "abcd" is not allowed
    """
    for pattern, words in _PATHS:
        message = pattern.sub(words, message)
    return message.replace("'s :", ":").replace("'s  ", " ")


def keep_value(dropdown: w.Dropdown, options: list[tuple[str, object]]) -> None:
    """New options for ``dropdown``: its value stays if still offered, else the first."""
    old = dropdown.value
    dropdown.options = options
    values = [value for _label, value in options]
    if values:
        dropdown.value = old if old in values else values[0]


def width(em: int) -> w.Layout:
    """A control ``em`` wide that never grows wider than the page (a phone is 390 px)."""
    return w.Layout(width=f"{em}em", max_width="100%")


def row(children: Sequence[w.Widget]) -> w.HBox:
    """Controls side by side that wrap onto the next line when the page is narrow."""
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap", max_width="100%"))


def button(description: str, name: str, tooltip: str = "") -> w.Button:
    button = w.Button(description=description, tooltip=tooltip)
    button.add_class(f"bm-hoax-{name}")
    return button


def dropdown(description: str, name: str, options: Sequence[object], **kwargs: object) -> w.Dropdown:
    dropdown = w.Dropdown(options=options, description=description, style=WIDE, **kwargs)
    dropdown.add_class(f"bm-hoax-{name}")
    return dropdown


def text_field(description: str, name: str, value: str, **kwargs: object) -> w.Text:
    text = w.Text(value=value, description=description, continuous_update=False, style=WIDE, **kwargs)
    text.add_class(f"bm-hoax-{name}")
    return text



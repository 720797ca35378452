"""The review's words in the language in use: its options, marks and patterns, and its numbers.

A review keeps its options, marks and pattern names as the core writes them (``raise 7
red``, ``mistake``, ``doubts too late``: they are data, in its JSON and in a drill's
answer), and says them in words only where a person reads them:

>>> option_words("raise 7 red"), mark_words("blunder"), about(Fraction(2, 3))
('raise 7 red', 'blunder', '2/3 (about 0.667)')
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     option_words("raise 7 red"), option_words("accuse seat 2 as the Thief"), marks_words({"mistake": 2})
('7 rot ansagen', 'Platz 2 als Dieb beschuldigen', '2 Fehler')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from fractions import Fraction

from bluffmath.display import fits, written
from bluffmath.i18n import N_, _, n_, number, p_

#: Every pattern, with what it means in words (translated where it is shown: :func:`advice`).
ADVICE = {
    N_("doubts too early"): N_("you doubted where raising was likelier to keep you clear of a point"),
    N_("doubts too late"): N_("you let a call stand (raising or exchanging) where the doubt was likelier right"),
    N_("calls above the odds"): N_("you called higher than your best call (one step ahead: less likely true; "
                                   "over the round: it brings the risky totals back to you)"),
    N_("calls the wrong colour"): N_("you called a colour worth less than another at the same total"),
    N_("calls too low"): N_("you called lower than your best call: over the round, a higher call leaves the "
                            "risky totals to the others"),
    N_("exchanges when it does not pay"): N_("you exchanged where a raise without it was better"),
    N_("misses an exchange"): N_("you raised where exchanging a card first was better"),
    N_("calls the wrong total"): N_("you called a total that expects less than the best call against the "
                                    "equilibrium"),
    N_("guesses before the odds say so"): N_("you guessed again where stopping kept more points"),
    N_("stops too early"): N_("you stopped where another guess was worth more"),
    N_("guesses a less likely card"): N_("you guessed a card less likely than the best guess"),
    N_("believes too readily"): N_("you believed a card where doubting it was worth more"),
    N_("doubts too readily"): N_("you doubted a card where believing it was worth more"),
    N_("takes the weaker offer"): N_("you took an offer worth less than another tied one"),
    N_("lays the wrong card"): N_("you laid a card worth less than another from your hand"),
    N_("doubts a likely truth"): N_("you doubted (or voted yes on) a claim more likely true than a lie"),
    N_("lets a likely lie pass"): N_("you let pass (or voted no on) a claim more likely a lie than true"),
    N_("accuses the less likely role"): N_("you accused where another role or player was likelier right"),
    N_("names a likely role in the showdown"): N_("you doubted a role the other was likelier to hold than "
                                                  "another"),
    N_("bluffs too rarely"): N_("you bluffed less often than the equilibrium does in the same spots"),
    N_("bluffs too often"): N_("you bluffed more often than the equilibrium does in the same spots"),
}


def pattern_words(name: str) -> str:
    """A pattern's name (a key of :data:`ADVICE`) in the language in use."""
    return _(name) if name in ADVICE else name


def advice(name: str) -> str:
    """What the pattern ``name`` means, in the language in use."""
    return _(ADVICE[name])


def mark_words(mark: str | None) -> str:
    """A decision's mark (``inaccuracy``, ``mistake``, ``blunder``) in the language in use."""
    words = {"inaccuracy": lambda: p_("review mark", "inaccuracy"), "mistake": lambda: p_("review mark", "mistake"),
             "blunder": lambda: p_("review mark", "blunder")}
    return words[mark]() if mark in words else str(mark)


def marks_words(counts: Mapping[str, int]) -> str:
    """How many decisions earned each mark, the marks with none left out: ``2 mistakes, 1 blunder``."""
    forms = {"inaccuracy": lambda n: n_("{n} inaccuracy", "{n} inaccuracies", n),
             "mistake": lambda n: n_("{n} mistake", "{n} mistakes", n),
             "blunder": lambda n: n_("{n} blunder", "{n} blunders", n)}
    return ", ".join(forms[name](n).format(n=n) for name, n in counts.items() if n)


def about(x: Fraction | int, places: int = 3) -> str:
    """``x`` written exactly, then its decimal (``2/3 (about 0.667)``), as the language writes
    it; a number too long to write exactly as :func:`~bluffmath.display.written` writes it."""
    if not fits(x):
        return written(x)
    return _("{fraction} (about {decimal})").format(fraction=written(x), decimal=number(x, places))


def decimal(x: Fraction | int, places: int = 2) -> str:
    """``x`` rounded to ``places`` decimals, as the language in use writes it (a number of a
    person's size: a mean, an accuracy)."""
    return number(x, places)


def _colour(colour: str) -> str:
    words = {"red": lambda: p_("colour", "red"), "orange": lambda: p_("colour", "orange"),
             "yellow": lambda: p_("colour", "yellow"), "green": lambda: p_("colour", "green"),
             "blue": lambda: p_("colour", "blue"), "purple": lambda: p_("colour", "purple"),
             "black": lambda: p_("colour", "black")}
    return words[colour]() if colour in words else colour


def _cell(cell: str) -> str:
    from bluffmath.gauner.position import cell_words
    try:
        return cell_words(cell)
    except (KeyError, ValueError):
        return cell


def _role(role: str) -> str:
    from bluffmath.hoax.roles import role_words
    return role_words(role)


#: An option's form in the core's words -> the option in the language in use.
_OPTIONS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"doubt"), lambda m: p_("review option", "doubt")),
    (re.compile(r"raise ([0-9]+) ([a-z]+)"), lambda m: p_("review option", "raise {total} {colour}").format(
        total=m[1], colour=_colour(m[2]))),
    (re.compile(r"exchange ([a-z]+)"), lambda m: p_("review option", "exchange {colour}").format(
        colour=_colour(m[1]))),
    (re.compile(r"call ([0-9]+)"), lambda m: p_("review option", "call {total}").format(total=m[1])),
    (re.compile(r"guess (\S+) at seat ([0-9]+)"), lambda m: p_("review option", "guess {cell} at seat {seat}").format(
        cell=_cell(m[1]), seat=m[2])),
    (re.compile(r"stop"), lambda m: p_("review option", "stop")),
    (re.compile(r"believe"), lambda m: p_("review option", "believe")),
    (re.compile(r"pass"), lambda m: p_("review option", "pass")),
    (re.compile(r"take seat ([0-9]+)'s offer"), lambda m: p_("review option", "take seat {seat}'s offer").format(
        seat=m[1])),
    (re.compile(r"lay ([0-9]+)"), lambda m: p_("review option", "lay {card}").format(card=m[1])),
    (re.compile(r"lay ([0-9]+) on your pile"), lambda m: p_("review option", "lay {card} on your pile").format(
        card=m[1])),
    (re.compile(r"lay nothing on your pile"), lambda m: p_("review option", "lay nothing on your pile")),
    (re.compile(r"offer ([0-9]+)"), lambda m: p_("review option", "offer {value}").format(value=m[1])),
    (re.compile(r"name ([0-9]+)"), lambda m: p_("review option", "name {value}").format(value=m[1])),
    (re.compile(r"doubt seat ([0-9]+) as the (\w+)"), lambda m: p_(
        "review option", "doubt seat {seat} as the {role}").format(seat=m[1], role=_role(m[2]))),
    (re.compile(r"let it pass"), lambda m: p_("review option", "let it pass")),
    (re.compile(r"vote yes"), lambda m: p_("review option", "vote yes")),
    (re.compile(r"vote no"), lambda m: p_("review option", "vote no")),
    (re.compile(r"accuse seat ([0-9]+) as the (\w+)"), lambda m: p_(
        "review option", "accuse seat {seat} as the {role}").format(seat=m[1], role=_role(m[2]))),
    (re.compile(r"doubt: not the (\w+)"), lambda m: p_("review option", "doubt: not the {role}").format(
        role=_role(m[1]))),
)


def option_words(option: str) -> str:
    """A review's option, as the core names it (``raise 7 red``, ``guess red-A at seat 1``,
    ``take seat 2's offer``, ``accuse seat 1 as the King``), in the language in use; an
    option of another form as it is."""
    for form, said in _OPTIONS:
        if match := form.fullmatch(option):
            return said(match)
    return option


def options_words(options: tuple[str, ...] | list[str]) -> str:
    """Options in words, one after the other (``doubt, raise 7 red``)."""
    return ", ".join(option_words(o) for o in options)

"""The hands-on activities that open each game's first lesson: the exact numbers to compare.

Before the screen, the class deals real cards and records what happens. The lesson then
types the class's counts in, and :func:`compare` sets them beside the exact chances (from
:mod:`bluffmath`) and the counts those chances lead you to expect.

- Lesson 1, Hochstapler: the 15 cards of one colour, 5 dealt; is the total at least 15?
  (:func:`hochstapler_chances`);
- Lesson 5, Gauner raus!: 12 of the 36 cards dealt; how many are green or C, the number a
  player writes at green-C? (:func:`gauner_chances`);
- Lesson 7, Münchhausen: seat 1's cards 1 to 8 shuffled face down; one is laid on the first
  offer, the next on the claim "at least 8": is that one honest? (:func:`muenchhausen_chances`).

>>> hochstapler_chances()
{'at least 15': Fraction(37, 77), 'less than 15': Fraction(40, 77)}
>>> sum(gauner_chances().values()), muenchhausen_chances()["honest (it is the 8)"]
(Fraction(1, 1), Fraction(1, 8))
>>> "40/77" in compare({"at least 15": 9, "less than 15": 11}, hochstapler_chances())
True

A class that played at the class table (``make class``) need not type its counts: the
teacher's download of every game's save holds every deal. :func:`class_table_counts`
counts lesson 1's outcome over every colour of every deal of the Hochstapler games with
the lesson's number of players (each colour is shuffled and dealt on its own, so each is
one try of the activity); :func:`class_gauner_counts` lesson 5's over every hand dealt in
the two-player Gauner raus! games; :func:`class_face_down` sets every card the class laid
face down in Münchhausen beside what laying at random from the same hands gives.

The outcomes' names are the code's (a lesson types ``{"at least 15": 9, ...}`` in every
language); :func:`compare` shows them in the language in use:

>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     shown = compare({"at least 15": 9, "less than 15": 11}, hochstapler_chances())
>>> "mindestens 15" in shown and "Anteil" in shown and "48,1" in shown
True
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable, Mapping
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

from bluffmath import gauner
from bluffmath import hochstapler as hs
from bluffmath import muenchhausen as mh
from bluffmath.display import decimal, percent, table_html
from bluffmath.errors import InvalidInputError, SaveFileError
from bluffmath.gauner import GRID, HAND_SIZE
from bluffmath.hochstapler.game import deal_cards
from bluffmath.i18n import N_, _

from .face_down import honest_chance, knowledge, position

__all__ = ["OUTCOMES", "Comparison", "class_face_down", "class_gauner_counts", "class_table_counts", "compare",
           "gauner_chances", "hochstapler_chances", "muenchhausen_chances", "outcome_words"]


#: The outcomes a lesson names in words, besides "at least N" and "less than N".
OUTCOMES = (N_("honest (it is the 8)"), N_("a bluff"), N_("honest"))


class Comparison(str):
    """The comparison's HTML table, shown as a table in Jupyter."""

    def _repr_html_(self) -> str:
        return str(self)


def hochstapler_chances(players: int = 5, call: int = 15) -> dict[str, Fraction]:
    """The chance that ``players`` cards of one colour add up to at least ``call``, and not."""
    p = hs.total_distribution(players).at_least(call)
    return {f"at least {call}": p, f"less than {call}": 1 - p}


def gauner_chances(players: int = 2, cell: str = "green-C") -> dict[int, Fraction]:
    """How many cards of a dealt hand lie in ``cell``'s cross: each number's chance.

    A hand is an equally likely set of ``HAND_SIZE[players]`` of the 36 cards; the cross
    holds 11 of them (a hypergeometric count).
    """
    size, cross = HAND_SIZE[players], len(GRID.cross(GRID.index(cell)))
    total = comb(len(GRID.cells), size)
    return {k: Fraction(comb(cross, k) * comb(len(GRID.cells) - cross, size - k), total)
            for k in range(min(size, cross) + 1)}


def muenchhausen_chances() -> dict[str, Fraction]:
    """Lesson 7's second face-down card, laid at random (the uniform model): honest or not."""
    p = honest_chance(knowledge(position(), "uniform"))
    return {"honest (it is the 8)": p, "a bluff": 1 - p}


def class_table_counts(download: str | Path, players: int = 5, call: int = 15) -> dict[str, int]:
    """Lesson 1's counts from a class's games: ``download`` is the teacher's ZIP of every
    game's save (the class table's "Every game's save"); every colour of every deal of its
    Hochstapler games of ``players`` players is one try: is its total at least ``call``?"""
    counts = {f"at least {call}": 0, f"less than {call}": 0}
    for state in _games(Path(download), hs.load_game, "Hochstapler", players):
        for deal in range(state.deal + 1):
            hands, _unused = deal_cards(players, state.seed, deal)
            for cards in hands.values():
                counts[f"at least {call}" if sum(cards) >= call else f"less than {call}"] += 1
    return counts


def class_gauner_counts(download: str | Path, players: int = 2, cell: str = "green-C") -> dict[int, int]:
    """Lesson 5's counts from a class's games (the teacher's ZIP of every save): every hand
    dealt in its Gauner raus! games of ``players`` players is one try: how many of its
    cards lie in ``cell``'s cross (the keys of :func:`gauner_chances`)?"""
    cross = GRID.cross(GRID.index(cell))
    counts = dict.fromkeys(gauner_chances(players, cell), 0)
    for state in _games(Path(download), gauner.load_game, "Gauner raus!", players):
        for hand in gauner.Game(players).new_game(state.seed).hidden:
            counts[len(hand & cross)] += 1
    return counts


def class_face_down(download: str | Path) -> tuple[dict[str, int], dict[str, Fraction]]:
    """Lesson 7 with a class's games (the teacher's ZIP of every save): every card laid face
    down in its Münchhausen games, honest or a bluff; and the chances for a table that lays
    at random from the same hands at the same offers (for each card, the share of its
    layer's hand that reaches the offer; the chances are their mean), for :func:`compare`."""
    counts, chances = {"honest": 0, "a bluff": 0}, []
    for state in _games(Path(download), mh.load_game, "Münchhausen"):
        for before, action in _replayed(state):
            if isinstance(action, mh.game.Lay):
                hand, offer = before.view(before.to_act)[0], before.offer_value
                counts["honest" if action.card >= offer else "a bluff"] += 1
                chances.append(Fraction(sum(card >= offer for card in hand), len(hand)))
    if not chances:
        raise InvalidInputError(_("{download}: no card was laid face down in its Münchhausen games").format(
            download=download))
    honest = sum(chances, Fraction(0)) / len(chances)
    return counts, {"honest": honest, "a bluff": 1 - honest}


def _replayed(state: mh.State) -> list[tuple[mh.State, object]]:
    """Each action of a Münchhausen game with the state it was played in."""
    at, steps = state.game.new_game(), []
    for action in state.actions:
        steps.append((at, action))
        at = at.apply(action)
    return steps


def _games(download: Path, load: Callable[[bytes], Any], title: str, players: int | None = None) -> list[Any]:
    """The games of one kind (``load`` reads them; other games' saves are passed over) in a
    class table's ZIP of every save, those of ``players`` players if given."""
    try:
        with zipfile.ZipFile(download) as archive:
            texts = [archive.read(n) for n in archive.namelist() if n.endswith(".json")]
    except (OSError, zipfile.BadZipFile) as error:
        raise InvalidInputError(_("cannot read {download}: {error} (download the class's \"Every game's save "
                                  "(ZIP)\" from the teacher's page)").format(download=download, error=error)) from None
    games = []
    for text in texts:
        try:
            state = load(text)
        except SaveFileError:  # another game's save: not this lesson's
            continue
        if players is None or state.players == players:
            games.append(state)
    if not games:
        said = (_("{download} holds no {title} game") if players is None else
                _("{download} holds no {title} game of {players} players: open tables of {players} seats at the "
                  "class table"))
        raise InvalidInputError(said.format(download=download, title=title, players=players))
    return games


def compare(recorded: Mapping[object, int], exact: Mapping[object, Fraction]) -> Comparison:
    """An HTML table: each outcome, the class's count and share, the exact chance, the
    count that chance leads you to expect from as many tries.

    >>> print(compare({"a": 1}, {"a": Fraction(1)}).count("<tr"))
    2
    """
    unknown = [outcome for outcome in recorded if outcome not in exact]
    if unknown:
        raise InvalidInputError(_("outcomes {unknown} are not among {known}").format(
            unknown=unknown, known=list(exact)))
    if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in recorded.values()):
        raise InvalidInputError(_("the class's counts are whole numbers, 0 or more"))
    tries = sum(recorded.values())
    rows = []
    for outcome, p in exact.items():
        n = recorded.get(outcome, 0)
        share = Fraction(n, tries) if tries else Fraction(0)
        rows.append([outcome_words(outcome), n, f"{share} ({percent(share)})", f"{p} ({percent(p)})",
                     decimal(p * tries, 1)])
    return Comparison(table_html([_("outcome"), _("the class"), _("share"), _("exact chance"),
                                  _("expected in {tries}").format(tries=tries)], rows))


def outcome_words(outcome: object) -> object:
    """An outcome as the page shows it: its name in the language in use when it is one of
    the lessons' (``at least 15``, :data:`OUTCOMES`); any other outcome as it is.

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     outcome_words("less than 15"), outcome_words("a bluff"), outcome_words(3)
    ('weniger als 15', 'ein Bluff', 3)
    """
    if not isinstance(outcome, str):
        return outcome
    found = re.fullmatch(r"(at least|less than) (\d+)", outcome)
    if found:
        said = _("at least {call}") if found[1] == "at least" else _("less than {call}")
        return said.format(call=found[2])
    return _(outcome) if outcome in OUTCOMES else outcome

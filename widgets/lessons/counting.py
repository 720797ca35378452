"""Lesson 1, "Counting a colour's total: cards or dice?": its widget and its answer key.

:class:`CardsOrDice` sets the two models side by side: the Hochstapler cards of one
colour dealt without replacement (the game) and independent draws from a full pile each
time, as if every player rolled a 15-sided die with the pile's values (the dice model,
:func:`bluffmath.hochstapler.independent_total`).

>>> view = CardsOrDice(players=5, call=15)
>>> view.cards.at_least(15), view.dice.at_least(15)
(Fraction(37, 77), Fraction(364048, 759375))
>>> KEY.check(5, Fraction(5, 7)).right
True
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     print(KEY.check(2, KEY.answer(3)).message)
noch nicht: Das ist die Antwort im Würfelmodell.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import ipywidgets as w

from bluffmath import Distribution
from bluffmath import hochstapler as hs
from bluffmath.display import Raw, percent, table_html, totals_chart_svg
from bluffmath.hochstapler.rules import MAX_PLAYERS, MIN_PLAYERS
from bluffmath.i18n import N_, _

from ..common import Panel
from .key import Exercise, Key
from .paper import across, table, together

__all__ = ["KEY", "PAPER", "CardsOrDice", "check", "three_card_counts"]


class CardsOrDice(Panel):
    """Two bar charts of a colour's total, cards and dice, with P(total ≥ call) for each."""

    def __init__(self, players: int = 5, call: int = 15) -> None:
        self.players = w.IntSlider(value=players, min=MIN_PLAYERS, max=MAX_PLAYERS,
                                   description=_("players"))
        self.call = w.IntSlider(value=call, min=0, max=7 * MAX_PLAYERS, description=_("call"))
        self.charts = w.HTML()
        self.summary = w.HTML()
        super().__init__([self.players, self.call], [self.charts, self.summary])
        self._watch([self.players, self.call])
        self.refresh()

    @property
    def cards(self) -> Distribution[int]:
        return hs.total_distribution(self.players.value)

    @property
    def dice(self) -> Distribution[int]:
        return hs.independent_total(self.players.value)

    def _render(self) -> None:
        cards, dice, call = self.cards, self.dice, self.call.value
        self.charts.value = table_html([_("cards (the game)"), _("dice (independent draws)")], [[
            _chart(cards, call), _chart(dice, call)]])
        rows = [
            [_("P(total ≥ {call})").format(call=call), *_both(cards.at_least(call), dice.at_least(call))],
            [_("mean"), cards.mean(), dice.mean(), cards.mean() - dice.mean()],
            [_("variance"), cards.variance(), dice.variance(), cards.variance() - dice.variance()],
        ]
        self.summary.value = table_html(["", _("cards"), _("dice"), _("cards − dice")], rows)

    def _clear(self) -> None:
        self.charts.value = self.summary.value = ""


def _chart(d: Distribution[int], call: int) -> Raw:
    return totals_chart_svg(d, highlight=call, bar_width=5)


def _both(cards: Fraction, dice: Fraction) -> list[str]:
    return [f"{cards} ({percent(cards)})", f"{dice} ({percent(dice)})",
            f"{cards - dice} ({percent(cards - dice)})"]


def _biggest_gap(players: int) -> tuple[int, Fraction]:
    cards, dice = hs.total_distribution(players), hs.independent_total(players)
    gaps = {call: cards.at_least(call) - dice.at_least(call) for call in range(max(dice) + 1)}
    call = max(gaps, key=lambda c: abs(gaps[c]))
    return call, gaps[call]


KEY = Key("counting", [
    Exercise(1, N_("a whole number"), lambda: hs.total_distribution(4).total_weight,
             mistakes=lambda: {15**4: N_("that counts ordered draws with replacement"),
                               15 * 14 * 13 * 12: N_("that counts ordered hands; a set has no order")}),
    Exercise(2, N_("a Fraction"), lambda: hs.call_odds(3, None, 12),
             mistakes=lambda: {hs.independent_total(3).at_least(12): N_("that is the dice answer")}),
    Exercise(3, N_("a Fraction"), lambda: hs.independent_total(3).at_least(12),
             mistakes=lambda: {hs.call_odds(3, None, 12): N_("that is the cards answer")}),
    Exercise(4, N_("a pair of Fractions (cards, dice)"),
             lambda: (hs.total_distribution(5).mean(), hs.independent_total(5).mean())),
    Exercise(5, N_("a Fraction"), lambda: hs.total_distribution(5).variance() / hs.independent_total(5).variance(),
             mistakes=lambda: {hs.independent_total(5).variance() / hs.total_distribution(5).variance():
                               N_("that is dice over cards")}),
    Exercise(6, N_("a pair (call, difference)"), lambda: _biggest_gap(5)),
])
check = KEY.check


def three_card_counts() -> dict[int, int]:
    """How many of the 455 sets of 3 red cards have each total (the core's exact
    distribution times the number of sets).

    >>> counts = three_card_counts()
    >>> sum(counts.values()), counts[0], counts[18]
    (455, 1, 2)
    """
    d = hs.total_distribution(players=3)
    return {t: int(d[t] * comb(15, 3)) for t in sorted(d)}


def _paper_counts() -> str:
    counts = three_card_counts()
    return ("<p>" + _("The 455 sets of 3 red cards, counted by their total:") + "</p>"
            + table_html([_("total"), *counts], [[_("sets"), *counts.values()]]))


def _counts(d: Distribution[int], sets: int) -> dict[int, int]:
    """A distribution's chances as counts out of ``sets`` equally likely sets or draws."""
    return {t: int(d[t] * sets) for t in sorted(d)}


def _paper_two_draws() -> str:
    """The 225 pairs of two draws with replacement, by total: the dice model of exercise 3."""
    one = Distribution(hs.PILE)
    return across(_("total"), _("pairs"), _counts(one + one, 15 * 15),
                  caption=_("The 15 × 15 = 225 equally likely pairs of two draws from a full pile (the card "
                            "put back in between), counted by their total:"))


def _paper_five_players() -> str:
    """Five players: how many deals (cards) and draws (dice) reach each call."""
    cards, dice = hs.total_distribution(5), hs.independent_total(5)
    calls = range(4, 28)
    tables = [table([_("call c"), *map(str, calls[i:i + 8])],
                    [[_("sets of 5 cards"), *(int(cards.at_least(c) * comb(15, 5)) for c in calls[i:i + 8])],
                     [_("draws of 5"), *(int(dice.at_least(c) * 15**5) for c in calls[i:i + 8])]])
              for i in range(0, len(calls), 8)]
    caption = _("Five players. For each call c: how many of the {sets} equally likely sets of 5 cards (the cards "
                "model), and how many of the 15<sup>5</sup> = {draws} equally likely draws of 5 with replacement "
                "(the dice model), have a total of c or more:").format(sets=comb(15, 5), draws=15**5)
    return together(caption, "".join(tables))


#: What the printed worksheet shows for an exercise: the counts it adds up.
PAPER = {2: _paper_counts, 3: _paper_two_draws, 6: _paper_five_players}


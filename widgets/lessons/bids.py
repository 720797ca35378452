"""Lesson 4, "Reading the bids with Bayes' rule": its widget and its key.

One call is heard: the player at seat 1 calls ``call`` in a colour. The hypothesis is the
card that caller holds in that colour. Its prior is card counting (how many of each value
you have not seen); its likelihood is the :class:`~bluffmath.hochstapler.OpponentModel`'s
(1 for a call the caller believes, ``bluff`` for one they do not); Bayes' rule multiplies
and normalises. :class:`BidReader` draws the table
(:func:`~bluffmath.hochstapler.caller_table`) and the colour's total before and after
the call, side by side, for any model. The numbers all come from :mod:`bluffmath`.

>>> view = BidReader(players=4, own=2, call=14)
>>> view.prior.at_least(14), view.posterior.at_least(14)
(Fraction(85, 364), Fraction(331, 832))
>>> KEY.check(3, Fraction(5, 8)).right
True
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import ipywidgets as w

from bluffmath import Distribution
from bluffmath import hochstapler as hs
from bluffmath.display import Raw, percent, table_html, totals_chart_svg
from bluffmath.errors import InconsistentEvidenceError
from bluffmath.hochstapler.rules import MAX_PLAYERS, MIN_PLAYERS, VALUES
from bluffmath.i18n import N_, _, p_

from ..common import Panel
from .key import Exercise, Key
from .paper import BLANK, across, table

__all__ = ["KEY", "PAPER", "BidReader", "check"]

CALLER = 1
"""The seat whose call the lesson hears (you sit at seat 0)."""

BLUFFS = (Fraction(0), Fraction(1, 100), Fraction(1, 50), Fraction(1, 20), Fraction(1, 10),
          Fraction(1, 5), Fraction(1, 4), Fraction(1, 2), Fraction(1))
THRESHOLDS = (Fraction(1, 10), Fraction(1, 4), Fraction(1, 3), Fraction(2, 5), Fraction(1, 2),
              Fraction(3, 5), Fraction(2, 3), Fraction(3, 4), Fraction(9, 10))


#: The Bayes table's columns, shown in the language in use.
_HEADER = (N_("seat 1's card"), N_("cards unseen"), N_("prior"), N_("their chance of the call"),
           N_("believed?"), N_("likelihood"), N_("prior × likelihood"), N_("posterior"))


def _options(values: tuple[Fraction, ...]) -> list[tuple[str, Fraction]]:
    return [(str(v), v) for v in values]


class BidReader(Panel):
    """Hear one call (seat 1 calls ``call``); see the Bayes table of the caller's card and
    the colour's total before (card counting) and after (reading the bid), side by side."""

    def __init__(self, players: int = 4, own: int = 2, call: int = 14,
                 bluff: Fraction = Fraction(1, 10), threshold: Fraction = Fraction(1, 2)) -> None:
        self.players = w.IntSlider(value=players, min=MIN_PLAYERS, max=MAX_PLAYERS,
                                   description=_("players"))
        self.own = w.IntSlider(value=own, min=0, max=max(VALUES), description=_("your card"))
        self.call = w.IntSlider(value=call, min=0, max=hs.MAX_TOTAL[MAX_PLAYERS],
                                description=_("seat {seat} calls").format(seat=CALLER))
        self.bluff = w.SelectionSlider(options=_options(BLUFFS), value=Fraction(bluff),
                                       description=p_("bid model", "bluff"))
        self.threshold = w.SelectionSlider(options=_options(THRESHOLDS), value=Fraction(threshold),
                                           description=_("threshold"))
        self.table = w.HTML()
        self.charts = w.HTML()
        self.summary = w.HTML()
        controls = [self.players, self.own, self.call, self.bluff, self.threshold]
        super().__init__(controls, [self.table, self.charts, self.summary])
        self._watch(controls)
        self.refresh()

    @property
    def model(self) -> hs.OpponentModel:
        return hs.OpponentModel(threshold=self.threshold.value, bluff=self.bluff.value)

    @property
    def prior(self) -> Distribution[int]:
        """The total by card counting: your card only."""
        return hs.total_distribution(self.players.value, self.own.value)

    @property
    def posterior(self) -> Distribution[int]:
        """The total after hearing the call, under the model."""
        said = [hs.SpokenCall(seat=CALLER, total=self.call.value, face_up=())]
        return hs.read_bids(self.players.value, self.own.value, said, model=self.model)

    def _render(self) -> None:
        call = self.call.value
        try:
            prior, posterior = self.prior, self.posterior
        except InconsistentEvidenceError as error:  # said on the page, in its language
            raise InconsistentEvidenceError(
                _("no deal agrees with these calls when nobody bluffs (bluff = {bluff}): seat {seat} called "
                  "{call}").format(bluff=self.bluff.value, seat=CALLER, call=call)) from error
        caller = hs.caller_table(self.players.value, self.own.value, call, model=self.model)
        yes, no = _("yes"), _("no")
        rows = [[r.value, r.unseen, r.prior, r.belief, yes if r.likelihood == 1 else no,
                 r.likelihood, r.product, f"{r.posterior} ({percent(r.posterior)})"]
                for r in caller.rows]
        rows.append([_("sum"), "", 1, "", "", "", caller.normaliser, 1])
        self.table.value = table_html([_(h) for h in _HEADER], rows)
        self.charts.value = table_html([_("before the call (card counting)"),
                                        _("after the call (reading the bid)")],
                                       [[_chart(prior, call), _chart(posterior, call)]])
        before, after = prior.at_least(call), posterior.at_least(call)
        self.summary.value = table_html(["", _("before the call"), _("after the call")], [
            [_("P(total ≥ {call})").format(call=call), f"{before} ({percent(before)})",
             f"{after} ({percent(after)})"],
            [_("mean total"), prior.mean(), posterior.mean()],
        ])

    def _clear(self) -> None:
        self.table.value = self.charts.value = self.summary.value = ""


def _chart(d: Distribution[int], call: int) -> Raw:
    return totals_chart_svg(d, highlight=call, bar_width=6)


def _reading(bluff: Fraction) -> Fraction:
    said = [hs.SpokenCall(seat=CALLER, total=14, face_up=())]
    return hs.read_bids(4, 2, said, model=hs.OpponentModel(bluff=bluff)).at_least(14)


def _believed() -> tuple[int, ...]:
    return tuple(v for v in VALUES if hs.call_odds(4, v, 14) >= Fraction(1, 2))


KEY = Key("bids", [
    Exercise(1, N_("a Fraction"), lambda: hs.call_odds(4, 2, 14),
             mistakes=lambda: {hs.call_odds(4, None, 14): N_("you know your own card: it is a 2"),
                               _reading(Fraction(1, 10)): N_("that already reads the call: "
                                                             "the prior is card counting alone")}),
    Exercise(2, N_("a tuple of card values, smallest first"), _believed,
             mistakes=lambda: {
                 tuple(v for v in VALUES if v != 2 and hs.call_odds_given_card(4, 2, v, 14) >= Fraction(1, 2)):
                 N_("that counts from your seat, knowing your 2; the caller cannot see your card"),
                 tuple(reversed(_believed())): N_("smallest first, please")}),
    Exercise(3, N_("a Fraction"), lambda: hs.caller_table(4, 2, 14).posterior_of((6, 7)),
             mistakes=lambda: {Fraction(1, 7): N_("that is the prior (2 of the 14 unseen cards); "
                                                  "multiply by the likelihood and normalise"),
                               Fraction(3, 8): N_("that is the chance the caller holds neither"),
                               Fraction(10, 13): N_("the eight values are not equally likely: "
                                                    "weigh each by its number of unseen cards")}),
    Exercise(4, N_("a Fraction"), lambda: _reading(Fraction(1, 10)),
             mistakes=lambda: {hs.call_odds(4, 2, 14): N_("that is the prior, before the call"),
                               Fraction(5, 8): N_("that is about the caller's card, not the total"),
                               _reading(Fraction(0)): N_("that is an honest caller (bluff = 0)")}),
    Exercise(5, N_("a Fraction"), lambda: _reading(Fraction(1, 4)),
             mistakes=lambda: {_reading(Fraction(0)): N_("that is the honest model's world, "
                                                         "not Dora's: she bluffs with bluff = 1/4"),
                               _reading(Fraction(1, 10)): N_("that is the default model's bluff = 1/10"),
                               hs.call_odds(4, 2, 14): N_("that is a caller whose calls say nothing")}),
    Exercise(6, N_("a Fraction"), lambda: hs.break_even_bluff(4, 2, 14),
             mistakes=lambda: {1 / hs.break_even_bluff(4, 2, 14): N_("that is the reciprocal"),
                               Fraction(1, 10): N_("at the default 1/10 the chance is below 1/2")}),
])
check = KEY.check


#: The lesson's seat, card and call: four players, you hold the red 2, seat 1 calls 14.
PLAYERS, OWN, CALL = 4, 2, 14


def _card_prior() -> dict[int, Fraction]:
    """Seat 1's red card before the call: each of the 14 cards you have not seen alike."""
    unseen = {x: hs.PILE[x] - (x == OWN) for x in VALUES}
    return {x: Fraction(n, sum(unseen.values())) for x, n in unseen.items() if n}


def _paper_prior() -> str:
    counts = {t: int(hs.total_distribution(PLAYERS, OWN)[t] * comb(14, 3))
              for t in hs.total_distribution(PLAYERS, OWN)}
    position = _("Four players. You sit at seat 0 and hold a <strong>2</strong> in red; no red card lies "
                 "face up. A colour's 15 cards are 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7; the 14 you have "
                 "not seen are shared out at random, one to each of seats 1, 2 and 3, the rest stay in the "
                 "pile.")
    caption = _("The {sets} equally likely sets of the other three red cards, counted by the red total they "
                "make with your 2:").format(sets=comb(14, 3))
    return f"<p>{position}</p>" + across(_("red total"), _("sets"), counts, caption=caption)


def _paper_beliefs() -> str:
    sets = comb(14, 3)
    return table([_("seat 1 holds x"), _("cards of x you have not seen"),
                  _("sets (of {sets}) reaching 14").format(sets=sets)],
                 [[x, int(p * 14), int(hs.call_odds(PLAYERS, x, CALL) * sets)] for x, p in _card_prior().items()],
                 caption=_("Seat 1 counts from its own card only: for each card x it may hold, how many of the "
                           "{sets} equally likely sets of the other three red cards (from the 14 it has not "
                           "seen) bring the total to 14 or more. Its chance q(x) is that count divided by "
                           "{sets}.").format(sets=sets))


def _paper_bayes() -> str:
    model = hs.OpponentModel()
    rows = [[x, p, model.likelihood(hs.call_odds(PLAYERS, x, CALL)), BLANK, BLANK]
            for x, p in _card_prior().items()]
    return table([_("seat 1 holds x"), _("prior P(x)"), _("likelihood L(x)"), "P(x) × L(x)", _("posterior")],
                 [*rows, [_("sum"), 1, "", BLANK, 1]],
                 caption=_("Bayes' table of seat 1's card after its call of 14, under the default model "
                           "(threshold 1/2, bluff rate 1/10):"))


def _paper_given_card() -> str:
    return table([_("seat 1 holds x"), _("P(total ≥ 14 | x)")],
                 [[x, hs.call_odds_given_card(PLAYERS, OWN, x, CALL)] for x in _card_prior()],
                 caption=_("If you knew seat 1's card x, card counting would do the rest: your 2, its x, and "
                           "two cards for seats 2 and 3 from the 13 left. The chance that the call is true:"))


def _sums() -> dict[str, Fraction]:
    """A, B, C, D of exercise 6: over the believed values (6, 7), and over the others."""
    prior, believed = _card_prior(), _believed()
    true = {x: hs.call_odds_given_card(PLAYERS, OWN, x, CALL) for x in prior}
    return {"A": sum(prior[x] * true[x] for x in believed), "B": sum(prior[x] * true[x] for x in prior
                                                                     if x not in believed),
            "C": sum(prior[x] for x in believed), "D": sum(prior[x] for x in prior if x not in believed)}


def _paper_sums() -> str:
    said = ", ".join(f"{name} = {value.numerator}/{value.denominator}" for name, value in _sums().items())
    counted = _("Counted from the tables above: <strong>{sums}</strong>.").format(sums=said)
    return f"<p>{counted}</p>"


#: What the printed worksheet shows before an exercise: the position, the model's numbers,
#: Bayes' table to fill in, and the sums of exercise 6.
PAPER = {1: _paper_prior, 2: _paper_beliefs, 3: _paper_bayes, 4: _paper_given_card, 6: _paper_sums}

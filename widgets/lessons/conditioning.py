"""Lesson 2, "Conditioning on what you see": its widget and its answer key.

:class:`BeforeAfter` shows one colour's total as you learn more about it: before you look
at anything, after you see your own card, after you also see the face-up cards, and what
it would become if you exchanged your card now. Every row is a distribution from
:mod:`bluffmath.hochstapler`, drawn on the same axis, so that a look shows how far what
you see moves it.

>>> view = BeforeAfter(players=5, own=3, face_up="0,7", call=12)
>>> list(view.stages)
['nothing seen', 'your card', 'your card and the face-up cards', 'if you exchange your card']
>>> view.stages["your card and the face-up cards"].at_least(12)
Fraction(377, 495)
>>> view.own.value = NOT_LOOKED
>>> list(view.stages)
['nothing seen', 'the face-up cards']
>>> KEY.check(1, 364).right
True
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import comb

import ipywidgets as w

from bluffmath import Distribution
from bluffmath import hochstapler as hs
from bluffmath.display import Raw, percent, table_html, totals_chart_svg
from bluffmath.hochstapler.counting import unseen_pool
from bluffmath.hochstapler.rules import CARDS_PER_COLOUR, MAX_PLAYERS, MIN_PLAYERS, VALUES
from bluffmath.i18n import N_, _, number
from bluffmath.validate import parse_whole_numbers

from ..common import Panel, values_text
from .key import Exercise, Key
from .paper import across, table

__all__ = ["KEY", "NOT_LOOKED", "PAPER", "BeforeAfter", "check", "stages"]

#: The ``own`` dropdown's value before you look at your card (its label is in the language in use).
NOT_LOOKED = N_("not looked at")

#: The steps of what you know: the keys of :func:`stages`, shown in the language in use.
NOTHING, OWN, BOTH, FACE_UP, EXCHANGE = (
    N_("nothing seen"), N_("your card"), N_("your card and the face-up cards"), N_("the face-up cards"),
    N_("if you exchange your card"))


def stages(players: int, own: int | None,
           face_up: Iterable[int] = ()) -> dict[str, Distribution[int]]:
    """The colour's total at each step of what you have seen, in order, by the core.

    Rows: ``"nothing seen"``; ``"your card"`` (when ``own`` is known); the face-up cards
    on top (when there are any); and ``"if you exchange your card"`` (when ``own`` is
    known and the pile still has a card to take).

    >>> for name, d in stages(4, 5).items():
    ...     print(f"{name}: {d.at_least(12)}")
    nothing seen: 32/65
    your card: 121/182
    if you exchange your card: 430/1001
    """
    face_up = tuple(face_up)
    rows = {NOTHING: hs.total_distribution(players)}
    if own is not None:
        rows[OWN] = hs.total_distribution(players, own)
    if face_up:
        rows[FACE_UP if own is None else BOTH] = hs.total_distribution(players, own, face_up)
    if own is not None and len(face_up) < CARDS_PER_COLOUR - players:
        rows[EXCHANGE] = hs.exchange_distribution(players, own, face_up)
    return rows


class BeforeAfter(Panel):
    """One colour's total before and after seeing cards, and after an exchange.

    Controls, to set by ``.value``: ``players`` (IntSlider), ``own`` (Dropdown: a card
    value or :data:`NOT_LOOKED`), ``face_up`` (Text such as ``"0,7"``) and ``call``
    (IntSlider). Outputs: ``table`` (HTML: one row per step, with the unseen cards, the
    number of equally likely sets, the mean total, P(total ≥ call) and a bar chart of the
    total on one axis for all rows, each scaled to its own tallest bar) and ``message``.
    ``stages`` holds the distributions shown (empty while the input is bad), by the steps'
    English names; the page shows them in the language in use.
    """

    def __init__(self, players: int = 4, own: int | None = 5,
                 face_up: Iterable[int] | str = "", call: int = 12) -> None:
        style = {"description_width": "initial"}
        self.players = w.IntSlider(value=players, min=MIN_PLAYERS, max=MAX_PLAYERS,
                                   description=_("players"), style=style)
        self.own = w.Dropdown(options=[(_(NOT_LOOKED), NOT_LOOKED), *((str(v), v) for v in VALUES)],
                              value=NOT_LOOKED if own is None else own,
                              description=_("my card"), style=style)
        self.face_up = w.Text(value=values_text(face_up), placeholder=_("e.g. 0,7"),
                              description=_("face up"), continuous_update=False, style=style)
        self.call = w.IntSlider(value=call, min=0, max=hs.MAX_TOTAL[MAX_PLAYERS],
                                description=_("call: total at least"), style=style)
        self.table = w.HTML()
        self.stages: dict[str, Distribution[int]] = {}
        super().__init__([w.HBox([self.players, self.own]), w.HBox([self.face_up, self.call])],
                         [self.table])
        self._watch([self.players, self.own, self.face_up, self.call])
        self.refresh()

    def _render(self) -> None:
        players, call = self.players.value, self.call.value
        own = None if self.own.value == NOT_LOOKED else self.own.value
        face_up = parse_whole_numbers(_("face up"), self.face_up.value)
        rows = stages(players, own, face_up)
        top = hs.MAX_TOTAL[players]
        lines = []
        for name, d in rows.items():
            seen = _seen(name, own, face_up)
            unseen = sum(unseen_pool(None, seen))
            hidden = players - (1 if name in (OWN, BOTH) else 0)
            lines.append([
                _(name), unseen, f"{d.total_weight} = C({unseen}, {hidden})",
                _("{mean} (about {decimal})").format(mean=d.mean(), decimal=number(d.mean())),
                Raw(f"<b>{d.at_least(call)}</b> ({percent(d.at_least(call))})"),
                totals_chart_svg(d, highlight=call, top=top, height=40, bar_width=5),
            ])
        header = [_("what you know"), _("unseen cards"), _("equally likely sets"), _("mean total"),
                  _("P(total ≥ {call})").format(call=call), _("the total, 0 to {top}").format(top=top)]
        self.stages = rows
        self.table.value = table_html(header, lines)

    def _clear(self) -> None:
        self.stages = {}
        self.table.value = ""


def _seen(name: str, own: int | None, face_up: tuple[int, ...]) -> tuple[int, ...]:
    """The cards you have seen at the step ``name`` (the exchanged card lies face up)."""
    mine = () if own is None else (own,)
    return {NOTHING: (), OWN: mine, BOTH: (*mine, *face_up), FACE_UP: face_up,
            EXCHANGE: (*mine, *face_up)}[name]


def _plain_average(players: int, call: int) -> Fraction:
    return sum((hs.call_odds(players, v, call) for v in VALUES), Fraction(0)) / len(VALUES)


def _before_after() -> tuple[Fraction, Fraction]:
    return hs.call_odds(4, None, 12), hs.call_odds(4, 5, 12)


KEY = Key("conditioning", [
    Exercise(1, N_("a whole number"), lambda: hs.total_distribution(4, own=5).total_weight,
             mistakes=lambda: {
                 comb(15, 3): N_("that draws the other three hands from all 15 cards, your 5 "
                                 "included; it is in your hand, so they cannot hold it"),
                 comb(15, 4): N_("that is the number of deals before you look at your card"),
                 14 * 13 * 12: N_("that counts ordered hands; a set has no order")}),
    Exercise(2, N_("a pair of Fractions (before, after)"), _before_after,
             mistakes=lambda: {
                 _before_after()[::-1]: N_("the two are swapped: before looking comes first"),
                 (_before_after()[0], _before_after()[0]): N_("the second number should use "
                                                              "your 5: condition on it"),
                 (_before_after()[0], hs.call_odds(3, None, 7)): N_(
                     "the other three hands hold 3 of the 14 cards left, not 3 of a full pile of 15: "
                     "your 5 is not among them")}),
    Exercise(3, N_("a card value (a whole number from 0 to 7)"),
             lambda: min(v for v in VALUES if hs.call_odds(4, v, 12) > Fraction(1, 2)),
             mistakes=lambda: {3: N_("with a 3 the call is true exactly half the time, "
                                     "not more often than not")}),
    Exercise(4, N_("a Fraction"), lambda: hs.call_odds(4, None, 12),
             mistakes=lambda: {_plain_average(4, 12): N_("that is the plain average of the eight "
                                                         "chances; but a 0 is three times as likely as a 7: "
                                                         "weigh each by its number of cards")}),
    Exercise(5, N_("a pair of Fractions (a 0 face up, a 7 face up)"),
             lambda: (hs.call_odds(4, 3, 12, (0,)), hs.call_odds(4, 3, 12, (7,))),
             mistakes=lambda: {
                 (hs.call_odds(4, 3, 12), hs.call_odds(4, 3, 12)): N_(
                     "that leaves the face-up card among the unseen ones; nobody holds it any more"),
                 (hs.call_odds(4, 3, 12, (7,)), hs.call_odds(4, 3, 12, (0,))): N_(
                     "the two are swapped: a low card face up leaves higher cards for the hands")}),
    Exercise(6, N_("a tuple of card values, lowest first"), lambda: hs.cards_to_exchange(4, 16),
             mistakes=lambda: {
                 hs.cards_to_exchange(4, 12): N_("that is the answer for a call of 12; look again at "
                                                 "16: a high call rewards a gamble"),
                 tuple(v for v in VALUES if v not in hs.cards_to_exchange(4, 16)): N_(
                     "those are the cards to keep: an exchange lowers their chance")}),
])
check = KEY.check


def _by_total(d: Distribution[int], sets: int) -> dict[int, int]:
    """A total's chances as counts of ``sets`` equally likely sets of cards."""
    return {t: int(d[t] * sets) for t in sorted(d)}


def _paper_before_after() -> str:
    before = across(_("red total"), _("sets"), _by_total(hs.total_distribution(4), comb(15, 4)),
                    caption=_("Four players, before you look: the sets of four red cards from all 15, counted "
                              "by their total:"))
    after = across(_("red total"), _("sets"), _by_total(hs.total_distribution(4, own=5), comb(14, 3)),
                   caption=_("After you have seen your 5: the sets of the other three red cards (from the 14 "
                             "you have not seen), counted by the red total they make with your 5:"))
    return before + after


def _paper_each_card() -> str:
    sets = comb(14, 3)
    return table([_("your red card"), _("sets (of {sets}) that make the call of 12 true").format(sets=sets)],
                 [[v, int(hs.call_odds(4, own=v, call=12) * sets)] for v in VALUES],
                 caption=_("Four players, a call of 12. For each card you may hold: how many of the {sets} "
                           "equally likely sets of the other three red cards (from the 14 you have not seen) "
                           "bring the total to 12 or more. The chance is the count divided by {sets}.").format(
                               sets=sets))


def _paper_face_up() -> str:
    sets = comb(13, 3)
    return "".join(across(_("red total"), _("sets"),
                          _by_total(hs.total_distribution(4, own=3, face_up=(card,)), sets),
                          caption=_("You hold the red 3 and a red {card} lies face up: the {sets} sets of the "
                                    "other three red cards (from the 13 left), counted by the red total they "
                                    "make with your 3:").format(card=card, sets=sets)) for card in (0, 7))


def _paper_exchange() -> str:
    keep, swap = comb(14, 3), comb(14, 4)
    return table([_("your red card"), _("keep it: sets (of {sets}) reaching 16").format(sets=keep),
                  _("exchange it: sets (of {sets}) reaching 16").format(sets=swap)],
                 [[v, int(hs.call_odds(4, v, 16) * keep), int(hs.exchange_distribution(4, own=v).at_least(16) * swap)]
                  for v in VALUES],
                 caption=_("Four players, a call of 16 in red. Keeping your card, the other three hands are 3 "
                           "of the 14 cards you have not seen ({keep} sets, your card added to their total). "
                           "After an exchange, all four hands are 4 of those 14 cards ({swap} sets):").format(
                               keep=keep, swap=swap))


#: What the printed worksheet shows for an exercise: the counts it reads.
PAPER = {2: _paper_before_after, 3: _paper_each_card, 5: _paper_face_up, 6: _paper_exchange}

"""Lesson 7, "Münchhausen's face-down card: is it honest?": its position, widget and key.

The lesson's position comes from a short, fixed game of three players on the rules
engine (:func:`position`): seat 1 lays a card face down on seat 0's pile claiming at
least 6, and seat 0 believes it; seat 1 names 8 and nobody offers; then seat 1 lays a
second card face down, on seat 2's pile, claiming at least 8. Seat 2 (you) must believe
or doubt. :class:`ThreeModels` sets the three card models side by side for that position
(both claims can be changed). Every number comes from :mod:`bluffmath.muenchhausen`.

>>> state = position()
>>> state.phase, state.to_act, state.offer_value
('decide', 2, 8)
>>> [honest_chance(knowledge(state, model)) for model in MODEL_NAMES]
[Fraction(1, 8), Fraction(1, 1), Fraction(2, 3)]
>>> KEY.check(6, ("doubt", "believe", "believe")).right
True

The widget speaks the language in use; the models' and the choices' names a lesson types
(``"uniform"``, ``"doubt"``) stay the code's:

>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     view = ThreeModels()
>>> "glauben" in view.compare.value, "Platz 1 legt" in view.story.value
(True, True)
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

import ipywidgets as w

from bluffmath.display import Raw, percent, signed, table_html
from bluffmath.i18n import N_, _, p_
from bluffmath.muenchhausen import (
    MODELS,
    Game,
    Knowledge,
    State,
    card_chances,
    decide,
    explain_decision,
    explain_honest,
    honest_chance,
)
from bluffmath.muenchhausen.events import (
    Believed,
    Chose,
    Doubted,
    Laid,
    Named,
    NoOffer,
    Offered,
    Passed,
)
from bluffmath.muenchhausen.rules import values

from ..common import Panel, marked_fraction_html
from .key import Exercise, Key

__all__ = ["KEY", "MODEL_NAMES", "PLAYERS", "ThreeModels", "check", "choices", "first_was",
           "knowledge", "position"]

PLAYERS = 3
ME = 2
MODEL_NAMES = ("uniform", "lowest-enough", "random-enough")
"""The card models, in the order the lesson compares them."""


def position(first_offer: int = 6, claim: int = 8,
             cards: tuple[int, int] | None = None) -> State:
    """The lesson's fixed game, up to seat 2's decision.

    Turn 1: seat 0 names (at most 4), seat 1 offers ``first_offer``, lays a card face
    down, seat 0 believes it. Turn 2: seat 1 names 8 and nobody offers. Turn 3: seat 2
    names (at most 5), seat 1 offers ``claim`` and lays a second card face down. The engine
    needs the two real ``cards`` (by default: the first offer, then the highest card
    left); the log, which is all the table sees, never shows them.

    >>> for event in position().log[-6:]:
    ...     print(event)
    seat 2 names 5
    seat 0 passes
    seat 1 offers 8
    seat 0 passes
    seat 1 passes
    seat 1 lays a card face down on seat 2's pile: "at least 8"
    """
    if cards is None:
        cards = (first_offer, max(v for v in values(PLAYERS) if v != first_offer))
    return (Game(players=PLAYERS).new_game()
            .name(min(4, first_offer)).offer(first_offer).pass_().pass_().lay(cards[0]).believe()
            .name(8).pass_().pass_()
            .name(min(5, claim)).pass_().offer(claim).pass_().pass_().lay(cards[1]))


def knowledge(state: State, model: str) -> Knowledge:
    """What the table knows after ``state``'s log, under the card model named ``model``."""
    return Knowledge.from_log(state.log, MODELS[model])


def first_was(card: int, model: str) -> Fraction:
    """P(seat 1's first face-down card was ``card`` | seat 2 doubts and sees an honest 8).

    >>> first_was(6, "random-enough"), first_was(6, "uniform")
    (Fraction(1, 2), Fraction(1, 7))
    """
    shown = knowledge(position().doubt(), model)  # the 8 is turned over: a Bayes update
    return 1 - shown.holds(1, card)


def choices(state: State | None = None) -> tuple[str, ...]:
    """Seat 2's choice, believe or doubt, under each model (in :data:`MODEL_NAMES` order)."""
    state = state or position()
    return tuple(decide(knowledge(state, m), state.hands[ME]).choice for m in MODEL_NAMES)


#: The choices' words, by the code's names of them.
CHOICES = {"believe": N_("believe"), "doubt": N_("doubt")}


def model_words(name: str) -> str:
    """A card model's name (:data:`MODEL_NAMES`) in the language in use."""
    return {"uniform": p_("card model", "uniform"), "lowest-enough": p_("card model", "lowest-enough"),
            "random-enough": p_("card model", "random-enough")}[name]


def event_words(event: object) -> str:
    """An event of the lesson's log in the language in use (any other as the engine says it).

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     event_words(position().log[-1])
    'Platz 1 legt eine Karte verdeckt auf den Ablagestapel von Platz 2: „mindestens 8“'
    """
    if isinstance(event, Named):
        return _("seat {seat} names {value}").format(seat=event.seat, value=event.value)
    if isinstance(event, Offered):
        return _("seat {seat} offers {value}").format(seat=event.seat, value=event.value)
    if isinstance(event, Passed):
        return _("seat {seat} passes").format(seat=event.seat)
    if isinstance(event, NoOffer):
        return _("nobody offers: seat {seat}'s turn passes").format(seat=event.start)
    if isinstance(event, Chose):
        return _("seat {start} takes seat {seat}'s offer").format(start=event.start, seat=event.seat)
    if isinstance(event, Laid):
        return _('seat {seat} lays a card face down on seat {start}\'s pile: "at least {offer}"').format(
            seat=event.seat, start=event.start, offer=event.offer)
    if isinstance(event, Believed):
        return _("seat {start} believes: the card stays on its pile, unseen").format(start=event.start)
    if isinstance(event, Doubted) and event.honest:
        return _("seat {start} doubts: a {card}, honest; seat {start} takes it").format(start=event.start, card=event.card)
    if isinstance(event, Doubted):
        return _("seat {start} doubts: a {card}, a lie; seat {seat} takes it back").format(
            start=event.start, card=event.card, seat=event.seat)
    return str(event)


def _offer(description: str, value: int) -> w.Dropdown:
    return w.Dropdown(options=list(values(PLAYERS)), value=value, description=description,
                      style={"description_width": "initial"}, layout=w.Layout(width="16em"))


class ThreeModels(Panel):
    """The lesson's position under the three card models, side by side: P(honest), the
    card's chances (a bar chart; the honest cards darker), believe and doubt, the choice.
    Below, the counting for one model (``detail``)."""

    def __init__(self, first_offer: int = 6, claim: int = 8, detail: str = "random-enough") -> None:
        self.first_offer = _offer(_("turn 1: seat 1 offers"), first_offer)
        self.claim = _offer(_("turn 3: seat 1 offers"), claim)
        self.detail = w.Dropdown(options=[(model_words(name), name) for name in MODEL_NAMES], value=detail,
                                 description=_("the counting under"), style={"description_width": "initial"})
        self.story, self.compare, self.details = w.HTML(), w.HTML(), w.HTML()
        self.state: State | None = None
        super().__init__([w.HBox([self.first_offer, self.claim]), self.detail],
                         [self.story, self.compare, self.details])
        self._watch([self.first_offer, self.claim, self.detail])
        self.refresh()

    def _render(self) -> None:
        state = position(self.first_offer.value, self.claim.value)
        hand, claim = state.hands[ME], state.offer_value
        columns = []
        for name in MODEL_NAMES:
            k = knowledge(state, name)
            d = decide(k, hand)
            chart = _chart(card_chances(k), claim)
            columns.append([Raw(marked_fraction_html(honest_chance(k), "bm-honest")), chart, signed(d.believe), signed(d.doubt),
                            Raw(f"<b data-choice='{d.choice}'>{escape(_(CHOICES[d.choice]))}</b>")])
        labels = [_("P(honest)"), _("the card's chances"), _("E[believe]"), _("E[doubt]"), _("choice")]
        rows = [[label, *(column[i] for column in columns)] for i, label in enumerate(labels)]
        k = knowledge(state, self.detail.value)
        text = f"{explain_honest(k)}\n\n{explain_decision(k, hand)}"
        log = "".join(f"<li>{escape(event_words(e))}</li>" for e in state.log[1:])
        self.state = state
        saw = escape(_("what the table saw"))
        self.story.value = f"<details><summary>{saw}</summary><ol>{log}</ol></details>"
        self.compare.value = table_html(["", *map(model_words, MODEL_NAMES)], rows)
        self.details.value = f"<pre style='white-space: pre-wrap'>{escape(text)}</pre>"

    def _clear(self) -> None:
        self.state = None
        self.story.value = self.compare.value = self.details.value = ""


def _chart(chances: dict[int, Fraction], claim: int, height: int = 60) -> Raw:
    """A bar per card value (honest ones darker), each labelled, its chance in the tooltip."""
    parts = []
    for i, card in enumerate(values(PLAYERS)):
        p = chances.get(card, Fraction(0))
        h, x = round(p * height), i * 16
        colour = "#1f5f8b" if card >= claim else "#8fb8d8"
        parts.append(f'<rect x="{x}" y="{height - h}" width="14" height="{h}" fill="{colour}">'
                     f"<title>{card}: {p} ({percent(p)})</title></rect>"
                     f'<text x="{x + 7}" y="{height + 12}" font-size="12" text-anchor="middle">'
                     f"{card}</text>")
    width, label = 16 * len(values(PLAYERS)), escape(_("the card's chances"))
    return Raw(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 16}" '
               f'role="img" aria-label="{label}">{"".join(parts)}</svg>')


def _hands_after() -> tuple[int, Fraction]:
    hands = knowledge(position(), "uniform").hands(1)
    return len(hands), hands[(1, 2, 3, 4, 5, 6)]


def _decision(model: str) -> tuple[Fraction, Fraction]:
    state = position()
    d = decide(knowledge(state, model), state.hands[ME])
    return d.believe, d.doubt


KEY = Key("face_down", [
    Exercise(1, N_("a pair (number of hands, Fraction)"), _hands_after,
             mistakes=lambda: {
                 (56, Fraction(1, 56)): N_("that counts ordered pairs of cards; a hand is a set: "
                                        "the 7 then the 8 leave the same hand as the 8 then the 7"),
                 (28, Fraction(1, 56)): N_("28 hands is right; each comes about in two orders"),
                 (8, Fraction(1, 8)): N_("that is before the second card; seat 1 has laid two")}),
    Exercise(2, N_("a Fraction"), lambda: honest_chance(knowledge(position(), "uniform")),
             mistakes=lambda: {
                 Fraction(1, 7): N_("that assumes seat 1 still holds its 8; the first face-down "
                                 "card may have been the 8"),
                 Fraction(7, 8): N_("that is the chance that seat 1 still holds an 8"),
                 Fraction(0): N_("a lie is likely, but an 8 is possible")}),
    Exercise(3, N_("a Fraction"), lambda: honest_chance(knowledge(position(), "random-enough")),
             mistakes=lambda: {
                 Fraction(1): N_("that is the lowest-enough model; under random-enough the first "
                              "card may have been the 8"),
                 Fraction(1, 8): N_("that is the uniform model"),
                 Fraction(1, 3): N_("that is the prior of one row; add prior × likelihood over "
                                 "the rows")}),
    Exercise(4, N_("a Fraction"), lambda: first_was(6, "random-enough"),
             mistakes=lambda: {
                 Fraction(1, 3): N_("that is the prior: divide the row by the normaliser"),
                 Fraction(2, 3): N_("that is the normaliser, P(honest)"),
                 Fraction(1, 7): N_("that is the uniform model")}),
    Exercise(5, N_("a pair of Fractions (believe, doubt)"), lambda: _decision("uniform"),
             mistakes=lambda: {
                 (Fraction(9, 2), Fraction(6)): N_("a doubted lie lets you lay your 8 from your hand "
                                               "on your pile: +8 on the pile and 8 less in hand"),
                 (Fraction(9, 2), Fraction(-1)): N_("a doubted lie is worth something: you lay a "
                                                 "card on your own pile"),
                 (Fraction(13), Fraction(9, 2)): N_("that is (doubt, believe): the other order")}),
    Exercise(6, N_('a tuple of three words ("believe" or "doubt")'), choices,
             mistakes=lambda: {("doubt", "believe", "doubt"):
                               N_("under random-enough, believing gains 20/3 on average and "
                                  "doubting 0")}),
])
check = KEY.check

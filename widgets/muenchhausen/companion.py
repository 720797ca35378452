"""A companion for a real Münchhausen table: record what everyone sees, read the exact odds.

At a real table of 2 to 8 players the values of the cards laid face down are unknown, so
no rules engine can referee. :class:`MuenchhausenCompanion` keeps the public log instead, as the user
records it, one event at a time: a card laid face down on a start player's pile with its
claim, believed or doubted (a doubted card is turned over: its value is recorded), and a
card laid face down on one's own pile. For the user's own seat the companion also asks
which card they laid, so that it knows their hand (a card shown on a doubt comes back or
joins it as the rules say). With two players every card is laid face up (the rules'
two-player variant): the companion then records which card went where and shows what the
other player holds. Every number comes from :mod:`bluffmath.muenchhausen`, from
the log and the user's hand: each opponent's most likely hands, and while a card lies face
down the exact chance that it is honest, the chance of each value, the counting, and, on
the user's own pile, what believing or doubting is worth (the numbers are the current
round's). This module only checks that the log makes sense, asks the core, and draws the
answers, escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from bluffmath.errors import IllegalActionError, InconsistentEvidenceError, InvalidInputError
from bluffmath.i18n import N_, _
from bluffmath.muenchhausen import (
    MODELS,
    UNIFORM,
    Knowledge,
    ModelContradicted,
)
from bluffmath.muenchhausen.events import (
    Believed,
    Doubted,
    Event,
    Laid,
    OpenCard,
    Rewarded,
    RoundStarted,
)
from bluffmath.muenchhausen.rules import MAX_PLAYERS, MIN_PLAYERS, Hand, values
from bluffmath.validate import whole_number

from ..common import Panel, cards_text, error_html
from ..rules import rules_card
from .views import hands_html, model_options, numbers_html

__all__ = ["KINDS", "MuenchhausenCompanion"]

KINDS = {
    "lay": N_("X lays face down on Y's pile: at least V"),
    "believe": N_("Y believes"),
    "doubt": N_("Y doubts: the card is C"),
    "reward": N_("X lays a card on own pile"),
    "open": N_("X lays C face up; Y named V"),
}
"""Each kind of event as the *event* dropdown names it (in English; shown in the language in use)."""
#: The kinds of event at a table of two players (every card face up), and of more.
TWO_PLAYER_KINDS, KINDS_3_UP = ("open",), ("lay", "believe", "doubt", "reward")


def _dropdown(description: str, name: str, options: list[object], value: object, em: float) -> w.Dropdown:
    """A dropdown of class ``bm-mhc-<name>``, ``em`` wide (its label included) and never wider
    than the page, so that its box stays wide enough to read and tap."""
    dropdown = w.Dropdown(options=options, description=description, style={"description_width": "initial"},
                          layout=w.Layout(width=f"{em}em", max_width="100%"))
    if value is not None:
        dropdown.value = value
    dropdown.add_class(f"bm-mhc-{name}")
    return dropdown


def _set(dropdown: w.Dropdown, options: list[object] | None, value: object) -> None:
    """New ``options`` (``None``: the same) and ``value`` for ``dropdown``."""
    if options is not None:
        dropdown.options = options
    dropdown.value = value


def _row(children: list[w.Widget]) -> w.HBox:
    """Controls side by side that wrap onto the next line on a narrow page."""
    return w.HBox(children, layout=w.Layout(flex_flow="row wrap", max_width="100%"))


def _this_round(events: Sequence[Event]) -> list[Event]:
    """The events of the current round: a card shown in an earlier round says nothing now."""
    return list(events[max(i for i, e in enumerate(events) if isinstance(e, RoundStarted)):])


class MuenchhausenCompanion(Panel):
    """The public log of a real Münchhausen table with ``players`` players (2 to 8), seen
    from seat ``me``, and the exact numbers under the card ``model`` (``uniform``,
    ``lowest-enough`` or ``random-enough``). Pick an event kind and its seats and values,
    press *add* (or call :meth:`record`); *undo* takes back the last event, *new round* deals
    every hand afresh. ``X`` is the seat in the *seat* dropdown, ``Y`` the *start player*,
    ``V`` the *claim* (with two players: the value named), ``C`` the *card* (the card turned
    over on a doubt, laid face up, or the card I lay myself). The *players* and *you are*
    dropdowns start a new log for another table.

    >>> from bluffmath.muenchhausen import honest_chance
    >>> c = MuenchhausenCompanion(players=4, me=0)
    >>> c.record("lay", seat=1, start=0, value=6)    # seat 1 lays a card on my pile
    >>> c.message.value, c.knowledge.pending
    ('', Laid(seat=1, start=0, offer=6))
    >>> honest_chance(c.knowledge), "class='bm-mhc-honest' data-p='1'" in c.numbers.value
    (Fraction(1, 1), True)
    >>> c.record("believe", start=2)                 # not seat 2's pile: refused inline
    >>> print(c.message.value)
    <div ...>⚠ the card lies on seat 0&#x27;s pile: only seat 0 believes or doubts it</div>
    >>> c.model.value = "uniform"                    # the numbers follow the model
    >>> "data-p='3/8'" in c.numbers.value
    True
    >>> c.record("doubt", start=0, card=7)           # a 7: honest, it joins my hand
    >>> c.my_hand, c.message.value
    ((1, 2, 3, 4, 5, 6, 7, 7, 8), '')
    >>> c.record("reward", seat=1)                   # seat 1 may lay a card on its own pile
    >>> [str(e) for e in c.events][-2:]
    ['seat 0 doubts: a 7, honest; seat 0 takes it', 'seat 1 lays a card face down on its own pile']
    >>> c.player_count.value = 2                     # another table: two players, cards face up
    >>> [k for _, k in c.kind.options], len(c.events)
    (['open'], 1)
    >>> c.record("open", seat=1, start=0, value=4, card=6)
    >>> str(c.events[-1]), c.knowledge.hands(1)[(1, 2, 3, 4, 5, 7, 8)]
    ("seat 1 lays a 6 face up: it goes to seat 0's pile", Fraction(1, 1))
    """

    def __init__(self, players: int = 4, me: int = 0, model: str = "lowest-enough") -> None:
        players = whole_number("players", players, MIN_PLAYERS, MAX_PLAYERS)
        me = whole_number("me", me, 0, players - 1)
        if not isinstance(model, str) or model not in MODELS:
            raise InvalidInputError(f"model must be one of {', '.join(MODELS)}, got {model!r}")
        self.knowledge: Knowledge | None = None
        self.contradiction: str | None = None

        counts = range(MIN_PLAYERS, MAX_PLAYERS + 1)
        self.player_count = _dropdown(_("players"), "players", list(counts), players, 10)
        self.my_seat = _dropdown(_("you are"), "me", [], None, 11)
        self.model = _dropdown(_("card model"), "model", model_options(), model, 16)
        self.kind = _dropdown(_("event"), "kind", [], None, 26)
        self.seat = _dropdown(_("seat X"), "seat", [], None, 11)
        self.start = _dropdown(_("start player Y"), "start", [], None, 15)
        self.claim = _dropdown(_("claim V"), "claim", [], None, 9)
        self.card = _dropdown(_("card C"), "card", [], None, 9)
        self.card.tooltip = _("the card turned over on a doubt, laid face up, or the card you lay")
        self.add_button = w.Button(description=_("add"), button_style="primary")
        self.add_button.add_class("bm-mhc-add")
        self.undo_button = w.Button(description=_("undo"), tooltip=_("take back the last event"))
        self.undo_button.add_class("bm-mhc-undo")
        self.round_button = w.Button(description=_("new round"), tooltip=_("every hand holds every value again"))
        self.round_button.add_class("bm-mhc-new-round")

        self.mine = w.HTML()
        self.mine.add_class("bm-mhc-mine")
        self.numbers = w.HTML()
        self.numbers.add_class("bm-mhc-numbers")
        self.hands = w.HTML()
        self.hands.add_class("bm-mhc-hands")
        self.log_html = w.HTML()
        self.log_html.add_class("bm-mhc-log")

        controls = [rules_card("muenchhausen"), _row([self.player_count, self.my_seat, self.model]),
                    _row([self.kind]), _row([self.seat, self.start, self.claim, self.card]),
                    _row([self.add_button, self.undo_button, self.round_button])]
        super().__init__(controls, [self.mine, self.numbers, self.hands, self.log_html])
        self.add_class("bm-mhc-companion")
        with self._hold():
            self._seat_table(players, me)
        self._watch([self.model])
        for control in (self.player_count, self.my_seat):
            control.observe(lambda _: self._act(self._reseat), names="value")
        self.add_button.on_click(lambda _: self.record(self.kind.value, self.seat.value, self.start.value,
                                                       self.claim.value, self.card.value))
        self.undo_button.on_click(lambda _: self._act(self._undo))
        self.round_button.on_click(lambda _: self._act(self._new_round))

    def _seat_table(self, players: int, me: int) -> None:
        """A new log for ``players`` players seen from seat ``me``; the dropdowns follow."""
        self._resetting = True
        try:
            self.players, self.me, self.values = players, me, values(players)
            # Every event with, for my own lays and rewards, the card I laid (else None).
            self.entries: list[tuple[Event, int | None]] = [
                (RoundStarted(0, 0, (self.values,) * players), None)]
            seats = [(_("seat {seat} (you)").format(seat=s) if s == me else _("seat {seat}").format(seat=s), s)
                     for s in range(players)]
            kinds = TWO_PLAYER_KINDS if players == 2 else KINDS_3_UP
            _set(self.player_count, None, players)
            _set(self.my_seat, [(_("seat {seat}").format(seat=s), s) for s in range(players)], me)
            _set(self.kind, [(_(KINDS[k]), k) for k in kinds], kinds[0])
            _set(self.seat, seats, (me + 1) % players)
            _set(self.start, seats, me)
            _set(self.claim, list(self.values), self.values[len(self.values) // 2])
            _set(self.card, list(self.values), self.values[0])
        finally:
            self._resetting = False

    def _reseat(self) -> None:
        """The players or my seat changed: a new log for that table."""
        if self._resetting:
            return
        players = self.player_count.value
        self._seat_table(players, min(self.my_seat.value, players - 1))

    # --- what a script or a test uses ---------------------------------------------------
    @property
    def events(self) -> list[Event]:
        """The public log so far."""
        return [event for event, _card in self.entries]

    @property
    def my_hand(self) -> Hand:
        """My hand now, from the events and the cards I laid."""
        return self._replay(self.entries)[1]

    def record(self, kind: str, seat: int | None = None, start: int | None = None,
               value: int | None = None, card: int | None = None) -> None:
        """Add one event of ``kind`` (a key of :data:`KINDS`); an event that does not fit
        the log is explained in :attr:`message` and nothing changes."""
        self._act(lambda: self._add(kind, seat, start, value, card))

    def undo(self) -> None:
        """Take back the last event (the first deal stays)."""
        self._act(self._undo)

    def new_round(self) -> None:
        """Start a new round: every hand holds every value again."""
        self._act(self._new_round)

    # --- building the log --------------------------------------------------------------
    def _act(self, work) -> None:
        with self._reporting():
            work()
            self._say(None)
            self.refresh()

    def _seat(self, what: str, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise InvalidInputError(_("{what} must be a seat from 0 to {last}, got {seat}").format(
                what=what, last=self.players - 1, seat=repr(seat)))
        return seat

    def _value(self, what: str, value: object) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value not in self.values:
            raise InvalidInputError(_("{what} must be a card value from {low} to {high}, got {value}").format(
                what=what, low=self.values[0], high=self.values[-1], value=repr(value)))
        return value

    def _add(self, kind: str, seat: int | None, start: int | None, value: int | None,
             card: int | None) -> None:
        last = self.entries[-1][0]
        pending = last if isinstance(last, Laid) else None
        mine: int | None = None
        if kind in KINDS_3_UP and self.players == 2:
            raise IllegalActionError(_("with two players every card is laid face up: record 'open' "
                                       "(X lays C face up; Y named V)"))
        if kind == "lay":
            seat, start = self._seat(_("seat X"), seat), self._seat(_("start player Y"), start)
            value = self._value(_("claim V"), value)
            if pending is not None:
                raise IllegalActionError(_("a card lies face down on seat {seat}'s pile: record believe or doubt "
                                           "first").format(seat=pending.start))
            if seat == start:
                raise IllegalActionError(_("seat {seat} cannot lay a card on its own pile against an offer: the "
                                           "start player Y must be another seat").format(seat=seat))
            event: Event = Laid(seat, start, value)
            if seat == self.me:
                mine = self._value(_("card C (the card you lay)"), card)
        elif kind in ("believe", "doubt"):
            if pending is None:
                raise IllegalActionError(_("believe only right after a card is laid face down") if kind == "believe"
                                         else _("doubt only right after a card is laid face down"))
            start = self._seat(_("start player Y"), start)
            if start != pending.start:
                raise IllegalActionError(_("the card lies on seat {seat}'s pile: only seat {seat} believes or "
                                           "doubts it").format(seat=pending.start))
            if kind == "believe":
                event = Believed(pending.seat, pending.start, pending.offer)
            else:
                card = self._value(_("card C (the card turned over)"), card)
                laid_by_me = self.entries[-1][1]
                if laid_by_me is not None and card != laid_by_me:
                    raise IllegalActionError(_("you laid a {laid}: the card turned over is your {laid}, not a "
                                               "{card}").format(laid=laid_by_me, card=card))
                event = Doubted(pending.seat, pending.start, pending.offer, card)
        elif kind == "open":
            if self.players != 2:
                raise IllegalActionError(_("cards are laid face up only at a table of two players: "
                                           "record a face-down lay (lay) instead"))
            seat, start = self._seat(_("seat X"), seat), self._seat(_("start player Y"), start)
            if seat == start:
                raise IllegalActionError(_("the start player Y names the value, and the other seat X lays "
                                           "the card: pick two different seats"))
            event = OpenCard(seat, start, self._value(_("the value V named"), value),
                             self._value(_("card C (the card laid face up)"), card))
        elif kind == "reward":
            seat = self._seat(_("seat X"), seat)
            if not isinstance(last, Doubted):
                raise IllegalActionError(_("a card goes face down on its owner's own pile only right after "
                                           "a doubt"))
            rewarder = last.seat if last.honest else last.start
            if seat != rewarder:
                raise IllegalActionError(_("after that doubt only seat {rewarder} may lay a card on its own "
                                           "pile, not seat {seat}").format(rewarder=rewarder, seat=seat))
            event = Rewarded(seat)
            if seat == self.me:
                mine = self._value(_("card C (the card you lay)"), card)
        else:
            raise InvalidInputError(_("the event kind must be one of {kinds}, got {kind}").format(
                kinds=", ".join(KINDS), kind=repr(kind)))
        self._replay([*self.entries, (event, mine)])  # refuses a card of mine that is not there
        try:  # and a shown card that nobody's possible hand holds
            Knowledge.from_log(_this_round([*self.events, event]), UNIFORM)
        except InconsistentEvidenceError as error:
            raise IllegalActionError(_("that cannot be: {error}").format(error=error)) from None
        self.entries.append((event, mine))

    def _undo(self) -> None:
        if len(self.entries) == 1:
            raise IllegalActionError(_("nothing to undo: the log holds only the first deal"))
        self.entries.pop()

    def _new_round(self) -> None:
        last = self.entries[-1][0]
        if isinstance(last, Laid):
            raise IllegalActionError(_("a card lies face down on seat {seat}'s pile: record believe or doubt "
                                       "first").format(seat=last.start))
        deals = [e for e, _card in self.entries if isinstance(e, RoundStarted)]
        round_, first = deals[-1].round + 1, (deals[-1].first + 1) % self.players
        self.entries.append((RoundStarted(round_, first, (self.values,) * self.players), None))

    def _replay(self, entries: Sequence[tuple[Event, int | None]]) -> tuple[list[int], Hand]:
        """How many cards each seat holds, and my hand; refuses a lay from an empty hand or
        a card of mine that I do not hold."""
        sizes: list[int] = []
        hand: list[int] = []
        for event, mine in entries:
            if isinstance(event, RoundStarted):
                sizes, hand = [len(h) for h in event.hands], list(event.hands[self.me])
            elif isinstance(event, Laid | Rewarded):
                if sizes[event.seat] == 0:
                    raise IllegalActionError(_("seat {seat} holds no card").format(seat=event.seat))
                sizes[event.seat] -= 1
                if event.seat == self.me:
                    if mine not in hand:
                        raise IllegalActionError(_("you hold no {card}: your hand is {hand}").format(
                            card=mine, hand=cards_text(sorted(hand))))
                    hand.remove(mine)
            elif isinstance(event, OpenCard):
                if sizes[event.seat] == 0:
                    raise IllegalActionError(_("seat {seat} holds no card").format(seat=event.seat))
                sizes[event.seat] -= 1
                if event.seat == self.me:
                    if event.card not in hand:
                        raise IllegalActionError(_("you hold no {card}: your hand is {hand}").format(
                            card=event.card, hand=cards_text(sorted(hand))))
                    hand.remove(event.card)
            elif isinstance(event, Doubted):
                gets = event.start if event.honest else event.seat
                sizes[gets] += 1
                if gets == self.me:
                    hand.append(event.card)
        return sizes, tuple(sorted(hand))

    # --- drawing -----------------------------------------------------------------------
    def _render(self) -> None:
        events = self.events
        sizes, hand = self._replay(self.entries)
        # The numbers are this round's: a card shown in an earlier round says nothing now.
        try:
            k = Knowledge.from_log(_this_round(events), MODELS[self.model.value], me=self.me, my_hand=hand)
            contradiction = None
        except ModelContradicted as error:
            k, contradiction = None, str(error)
        held = ", ".join(_("seat {seat}: {points}").format(seat=s, points=n) for s, n in enumerate(sizes))
        mine = "<p>" + _("You are seat {seat}. Your hand: {hand}; cards held: {held}.").format(
            seat=self.me, hand=f"<b class='bm-mhc-my-hand'>{cards_text(hand)}</b>", held=held) + "</p>"
        if k is None:
            numbers = (f"<div class='bm-mhc-contradicted'>{error_html(contradiction)}</div>"
                       "<i>" + _("Pick another card model for the numbers, or undo.") + "</i>")
            hands = ""
        else:
            numbers = numbers_html(k, hand, self.me)
            hands = hands_html(k, self.players, self.me, self.model.value)
        lines = []
        for event, card in self.entries:
            note = (" <i class='bm-mhc-mine'>" + _("(you laid a {card})").format(card=card) + "</i>"
                    if card is not None else "")
            lines.append(f"<li>{escape(str(event))}{note}</li>")
        log = "<b>" + _("Log") + f"</b><ol class='bm-mhc-events'>{''.join(lines)}</ol>"

        self.knowledge, self.contradiction = k, contradiction
        self.mine.value = mine
        self.numbers.value = numbers
        self.hands.value = hands
        self.log_html.value = log

    def _clear(self) -> None:
        self.numbers.value = self.hands.value = ""

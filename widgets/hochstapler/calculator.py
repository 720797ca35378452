"""Hochstapler in Jupyter: a calculator for one colour, and the odds table of a real table.

Both widgets are :class:`ipywidgets.VBox` subclasses: show one as the last line of a cell,
or put it inside another layout. Their controls and outputs are attributes, so a script
or a test drives them headless by setting a control's ``.value`` and reading an output's
``.value`` (HTML built from what :mod:`bluffmath.hochstapler` returns; fractions travel
to the browser as text). Every number comes from the core: these classes only read the
controls, call it, and draw the answer.

>>> from bluffmath_widgets.hochstapler import OddsCalculator
>>> calc = OddsCalculator(players=5, own=3, face_up="0,7", call=12)
>>> calc.probability
Fraction(377, 495)
>>> print(calc.result.value)
P(total ≥ 12) = <b>377/495</b> (76.2 %)
>>> calc.face_up.value = "0,0,0,0"            # a colour has only three 0s
>>> print(calc.message.value)
<div ...>⚠ a colour has only 3 card(s) of value 0, but the face-up cards need 4 (...)</div>
>>> calc.probability is None
True
>>> calc.face_up.value = "0,7"                # fixed: the message goes, the answer is back
>>> calc.message.value, calc.probability
('', Fraction(377, 495))

The whole hand at a real table, with a call of 14 in blue to beat:

>>> table = PositionOdds(players=4, call=(14, "blue"))
>>> table.odds.current == table.odds.probability(14, "blue")
True
>>> table.face_up["red"].value = "7"
>>> table.odds.position.face_up("red")
(7,)

Or the deal as it happened, so that the bids are read from the real calls: calls as
``seat:total colour``, exchanges as ``seat:colour:value``, doubts as ``seat:doubt``:

>>> table.call_colour.value = NO_CALL
>>> table.history.value = "1:12 red, 2:blue:3, 2:14 blue"
>>> table.odds.position.call, table.odds.position.face_up("blue")
(Call(seat=2, total=14, colour='blue'), (3,))
>>> parse_history("3:12 green diamonds, 1:doubt", players=4)
[Call(seat=3, total=12, colour='green'), Doubt(seat=1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from html import escape

import ipywidgets as w

from bluffmath import Distribution
from bluffmath import hochstapler as hs
from bluffmath.display import Raw, bar_chart_svg, table_html
from bluffmath.errors import BluffmathError, InvalidInputError
from bluffmath.hochstapler.rules import MAX_PLAYERS, MIN_PLAYERS, VALUES
from bluffmath.hochstapler.turns import check_turns
from bluffmath.i18n import N_, _, percent, speaking
from bluffmath.validate import parse_whole_numbers

from ..common import Panel, fraction_html, language, values_text
from ..rules import rules_card
from .cards import call_text, calls_text, card_label, colour_name
from .typed_history import (
    HISTORY_HELP,
    call_to_beat,
    colours_out,
    in_words,
    laid_before,
    parse_history,
)

__all__ = [
    "EXAMPLE_HAND",
    "HISTORY_HELP",
    "NOT_COUNTED",
    "NO_CALL",
    "OddsCalculator",
    "PositionOdds",
    "parse_history",
]

#: The ``own`` dropdown's value when my card is left out of the count (its label is in the
#: language in use).
NOT_COUNTED = N_("not counted")
#: The ``call_colour`` dropdown's value when there is no call to beat (I open the round).
NO_CALL = N_("no call yet")
#: The hand :class:`PositionOdds` starts with when none is given.
EXAMPLE_HAND: Mapping[str, int] = {
    "red": 3, "orange": 0, "yellow": 1, "green": 6, "blue": 5, "purple": 2, "black": 4,
}

_WIDE = {"description_width": "initial"}
_WAITING = N_("no answer until the input above is fixed")


def _wrap() -> w.Layout:
    """A row of controls that wraps on a narrow page."""
    return w.Layout(flex_flow="row wrap", align_items="center", max_width="100%")


def _scrolling(html: str) -> str:
    """A wide table in its own sideways-scrolling box, never the page's."""
    return f'<div style="overflow-x: auto; max-width: 100%;">{html}</div>'


def _waiting() -> str:
    return f'<span style="color: #595959;">{_(_WAITING)}</span>'


def _distribution_html(d: Distribution[int], highlight: int) -> str:
    """The totals' bar chart and table (:func:`bluffmath.display.distribution_html`, its
    headers in the language in use)."""
    rows = [[x, d.weight(x), d[x], percent(d[x]), d.at_least(x), percent(d.at_least(x))] for x in d]
    header = [_("outcome"), _("weight"), "P(= x)", "", "P(≥ x)", ""]
    chart = bar_chart_svg([(x, d[x]) for x in d], highlight)
    return f'<div class="bluffmath-distribution">{chart}{table_html(header, rows)}</div>'


class OddsCalculator(Panel):
    """The chance that a call in one colour is true, by card counting.

    Arguments are the controls' first values: ``players`` (3 to 7), ``own`` (my card in
    the colour, 0 to 7, or ``None`` to leave it out of the count), ``face_up`` (the values
    lying face up beside the colour's pile, as text like ``"0,7"`` or a sequence of ints)
    and ``call`` (the total the call names).

    Controls, to set by ``.value``: ``players`` (IntSlider), ``own`` (Dropdown: an int or
    :data:`NOT_COUNTED`), ``face_up`` (Text), ``call`` (IntText) and ``show_counting``
    (ToggleButton). Outputs, to read by ``.value``: ``result`` (HTML: P(total ≥ call) as
    an exact fraction and a percentage), ``chart`` (HTML: the total's distribution),
    ``exchange`` (HTML: keeping my card against exchanging it), ``counting`` (HTMLMath:
    :func:`~bluffmath.hochstapler.explain_call` in words and as a formula, empty while
    ``show_counting`` is off) and ``message`` (HTML: what is wrong with the input, empty
    when nothing is). ``probability`` is the Fraction shown, ``None`` while the input is bad.
    """

    def __init__(self, players: int = 5, own: int | None = 3,
                 face_up: Iterable[int] | str = "0,7", call: int = 12) -> None:
        with speaking(language()):
            self._build(players, own, face_up, call)

    def _build(self, players: int, own: int | None, face_up: Iterable[int] | str, call: int) -> None:
        self.players = w.IntSlider(value=players, min=MIN_PLAYERS, max=MAX_PLAYERS,
                                   description=_("players"), continuous_update=False, style=_WIDE)
        self.own = w.Dropdown(options=[(_(NOT_COUNTED), NOT_COUNTED), *((str(v), v) for v in VALUES)],
                              value=NOT_COUNTED if own is None else own,
                              description=_("my card"), style=_WIDE)
        self.face_up = w.Text(value=values_text(face_up), placeholder=_("e.g. 0,7"),
                              description=_("face up"), continuous_update=False, style=_WIDE)
        self.call = w.IntText(value=call, description=_("call: total at least"),
                              continuous_update=False, style=_WIDE)
        self.show_counting = w.ToggleButton(value=False, description=_("show the counting"),
                                            tooltip=_("how the chance is counted, with the formula"))
        self.result = w.HTML()
        self.chart = w.HTML()
        self.exchange = w.HTML()
        self.counting = w.HTMLMath(layout=w.Layout(display="none"))
        self.probability: Fraction | None = None
        self.rules = rules_card("hochstapler")
        super().__init__(
            controls=[self.rules, w.HBox([self.players, self.own], layout=_wrap()),
                      w.HBox([self.face_up, self.call], layout=_wrap())],
            outputs=[self.result, self.show_counting, self.counting,
                     w.HBox([self.chart, self.exchange], layout=_wrap())],
            layout=w.Layout(max_width="100%"),
        )
        self._watch([self.players, self.own, self.face_up, self.call, self.show_counting])
        self.refresh()

    def _render(self) -> None:
        players, call = self.players.value, self.call.value
        own = None if self.own.value == NOT_COUNTED else self.own.value
        face_up = parse_whole_numbers(_("face up"), self.face_up.value)
        top = hs.MAX_TOTAL[players]
        if call > top:  # a call the rules do not allow: refused, not "P = 0"
            raise InvalidInputError(_(
                "a call names a total from 0 to {top}: the {players} highest cards of a colour add up to {top}, "
                "so no call can go higher; got {call}").format(top=top, players=players, call=call))
        probability = hs.call_odds(players, own, call, face_up)
        keep = hs.total_distribution(players, own, face_up)
        chart = _distribution_html(keep, highlight=call)
        exchange = _exchange_html(players, own, call, face_up, keep)
        counting = ""
        if self.show_counting.value:
            explanation = hs.explain_call(players, own, call, face_up)
            counting = (f"<p><b>{escape(explanation.title)}.</b> {escape(explanation.text)}</p>"
                        f"<p>$$ {escape(explanation.latex)} $$</p>")
        self.probability = probability
        self.result.value = _("P(total ≥ {call})").format(call=call) + f" = {fraction_html(probability)}"
        self.chart.value = chart
        self.exchange.value = exchange
        self.counting.value = counting
        self.counting.layout.display = None if counting else "none"

    def _clear(self) -> None:
        self.probability = None
        self.result.value = _waiting()
        self.chart.value = self.exchange.value = self.counting.value = ""
        self.counting.layout.display = "none"


def _exchange_html(players: int, own: int | None, call: int, face_up: tuple[int, ...],
                   keep: Distribution[int]) -> str:
    """Keep (the total ``keep``) against exchange: both chances of reaching ``call``, and why."""
    if own is None:
        return "<p>" + _("Pick your card to compare keeping it with exchanging it.") + "</p>"
    try:
        swap = hs.exchange_distribution(players, own, face_up)
    except BluffmathError as error:  # the input was checked already: the pile is empty
        return f"<p>{escape(str(error))}</p>"
    explanation = hs.explain_exchange(players, own, call, face_up)
    rows = [
        [_wrapping(label), Raw(fraction_html(d.at_least(call))),
         bar_chart_svg(list(d.items()), highlight=call, height=40, bar_width=5)]
        for label, d in ((_("keep your {card}").format(card=own), keep), (_("exchange it"), swap))
    ]
    header = ["", _("P(total ≥ {call})").format(call=call), _("total")]
    return (f"<h4>{escape(explanation.title)}</h4>"
            f"{table_html(header, rows)}"
            f"<p>{escape(explanation.text)}</p>")


def _wrapping(label: str) -> Raw:
    """``label`` free to break between its words in a table that keeps its cells on one
    line: a phone's narrow page wraps a long one (German: „deine 3 behalten“) instead of
    scrolling sideways; a wide page shows it as before."""
    return Raw(f'<span style="white-space:normal">{escape(label)}</span>')


class PositionOdds(Panel):
    """The odds table of a whole hand at a real table (companion mode, simple version).

    Arguments are the controls' first values: ``players`` (3 to 7), ``me`` (my seat,
    0 to players - 1), ``hand`` (colour -> my card, all seven colours; default
    :data:`EXAMPLE_HAND`), ``face_up`` (colour -> the values face up beside its pile, as
    text like ``"0,7"`` or a sequence of ints; missing colours have none) and ``call``
    (the call to beat as ``(total, colour)``, or ``None`` when I open the round) and
    ``history`` (the deal as it happened, typed as :data:`HISTORY_HELP`; default none).

    Controls, to set by ``.value``: ``players`` and ``me`` (IntSliders; ``me`` follows the
    number of players), ``hand`` and ``face_up`` (dicts from colour to a Dropdown and a
    Text), ``history`` (Textarea), ``call_total`` (IntText) and ``call_colour`` (Dropdown:
    a colour or :data:`NO_CALL`). The ``new_deal`` Button clears the face-up cards, the
    history and the call.
    Outputs, to read by ``.value``: ``table`` (HTML: the
    :func:`~bluffmath.hochstapler.odds_table`), ``best`` (HTML: the best calls by card
    counting and reading the bids, side by side), ``current`` (HTML: the chance that the
    call to beat is true) and ``message`` (HTML: what is wrong, empty when nothing is).
    ``odds`` is the :class:`~bluffmath.hochstapler.OddsTable` shown, ``None`` while the
    input is bad.

    The Position's history is built in three parts, in this order. First one
    :class:`~bluffmath.hochstapler.Exchange` per value in the ``face_up`` fields, all by
    the seat after mine, colour by colour: cards laid face up at some time before, whose
    order is not known (who laid them does not change the odds, since they come before
    every call the table knows). Then the typed ``history``, event by event, so that
    reading the bids uses the real calls: a call made before its caller exchanged in its
    colour no longer counts, and a doubt takes the colour of the call before it out of play
    (my card in it is then left out of the hand). Last the call to beat, if one is set, as
    a :class:`~bluffmath.hochstapler.Call` by the seat before mine; leave it at
    :data:`NO_CALL` when the typed history ends with the call to beat. With no history
    typed, earlier calls of the round, and what they said, are left out.
    """

    def __init__(self, players: int = 4, me: int = 0, hand: Mapping[str, int] | None = None,
                 face_up: Mapping[str, Iterable[int] | str] | None = None,
                 call: tuple[int, str] | None = None, history: str = "") -> None:
        hand = EXAMPLE_HAND if hand is None else hand
        face_up = {} if face_up is None else face_up
        if set(hand) != set(hs.COLOURS):
            raise InvalidInputError(f"hand must give a card for each of {', '.join(hs.COLOURS)}")
        with speaking(language()):
            self._build(players, me, hand, face_up, call, history)

    def _build(self, players: int, me: int, hand: Mapping[str, int],
               face_up: Mapping[str, Iterable[int] | str], call: tuple[int, str] | None, history: str) -> None:
        self.players = w.IntSlider(value=players, min=MIN_PLAYERS, max=MAX_PLAYERS,
                                   description=_("players"), continuous_update=False, style=_WIDE)
        self.me = w.IntSlider(value=me, min=0, max=self.players.value - 1,
                              description=_("my seat"), continuous_update=False, style=_WIDE)
        # each card's list is named by its colour (a screen reader says "red clock, 3")
        self.hand = {c: w.Dropdown(options=VALUES, value=hand[c], description=card_label(c),
                                   style={"description_width": "8em"}, layout=w.Layout(width="13em"))
                     for c in hs.COLOURS}
        self.face_up = {c: w.Text(value=values_text(face_up.get(c, "")), placeholder=_("none"),
                                  continuous_update=False, layout=w.Layout(width="95%"))
                        for c in hs.COLOURS}
        self.call_total = w.IntText(value=0 if call is None else call[0],
                                    description=_("call to beat"), continuous_update=False,
                                    style=_WIDE, layout=w.Layout(width="12em"))
        self.call_colour = w.Dropdown(
            options=[(_(NO_CALL), NO_CALL), *((card_label(c), c) for c in hs.COLOURS)],
            value=NO_CALL if call is None else call[1], description=_("colour"), style=_WIDE,
            layout=w.Layout(width="14em"))
        self.history = w.Textarea(value=history, placeholder=_(HISTORY_HELP),
                                  description=_("the deal so far"), continuous_update=False,
                                  style=_WIDE, layout=w.Layout(width="100%", max_width="40em",
                                                              height="4em"))
        self.new_deal = w.Button(description=_("new deal"),
                                 tooltip=_("clear the face-up cards, the history and the call to beat"))
        self.table = w.HTML()
        self.best = w.HTML()
        self.current = w.HTML()
        self.odds: hs.OddsTable | None = None
        grid = [w.HTML("<b>" + _("colour: my card") + "</b>"), w.HTML("<b>" + _("face up") + "</b>")]
        for c in hs.COLOURS:
            grid += [self.hand[c], self.face_up[c]]
        self.rules = rules_card("hochstapler")
        super().__init__(
            controls=[
                self.rules,
                w.HBox([self.players, self.me], layout=_wrap()),
                w.GridBox(grid, layout=w.Layout(grid_template_columns="13em minmax(5em, 11em)", max_width="100%")),
                self.history,
                w.HBox([self.call_total, self.call_colour, self.new_deal], layout=_wrap()),
            ],
            outputs=[self.current, self.table, self.best],
            layout=w.Layout(max_width="100%"),
        )
        # Before the redraw is watched: the seat follows the number of players first.
        self.players.observe(self._seats, names="value")
        self.new_deal.on_click(self._new_deal)
        self._watch([self.players, self.me, *self.hand.values(), *self.face_up.values(),
                     self.history, self.call_total, self.call_colour])
        self.refresh()

    def _seats(self, change: dict[str, int]) -> None:
        self.me.max = change["new"] - 1

    def _new_deal(self, button: w.Button) -> None:
        with self._hold():
            for field in self.face_up.values():
                field.value = ""
            self.history.value = ""
            self.call_colour.value = NO_CALL

    def position(self) -> hs.Position:
        """The :class:`~bluffmath.hochstapler.Position` the controls describe (see above)."""
        players, me = self.players.value, self.me.value
        typed = parse_history(self.history.value, players)
        history: list[hs.Call | hs.Exchange | hs.Doubt] = [
            hs.Exchange((me + 1) % players, colour, value)
            for colour, field in self.face_up.items()
            for value in laid_before(parse_whole_numbers(_("{colour} face up").format(colour=colour_name(colour)),
                                                         field.value),
                                      colour, typed)
        ]
        earlier = len(history)
        history += typed
        if self.call_colour.value != NO_CALL:
            history.append(hs.Call((me - 1) % players, call_to_beat(self.call_total.value, players),
                                   self.call_colour.value))
        out = colours_out(typed)
        hand = {colour: field.value for colour, field in self.hand.items() if colour not in out}
        try:
            check_turns(history[earlier:], first=earlier + 1)
            return hs.Position(players=players, hand=hand, history=history, me=me)
        except InvalidInputError as error:
            raise InvalidInputError(in_words(str(error), earlier, typed, self.history.value)) from None

    def _render(self) -> None:
        no_call = self.call_colour.value == NO_CALL
        self.call_total.disabled = no_call
        self.call_total.layout.visibility = "hidden" if no_call else "visible"  # never a stray "0"
        odds = hs.odds_table(self.position())
        call = odds.position.call
        if no_call:  # the choice names the call to beat the typed deal ends with
            label = _(NO_CALL) if call is None else _("{call} (the deal's last call)").format(
                call=calls_text(call.total, call.colour))
            if self.call_colour.options[0][0] != label:  # NO_CALL stays chosen: no redraw
                self.call_colour.options = [(label, NO_CALL), *self.call_colour.options[1:]]
        if call is None:
            current = "<p>" + _("No call to beat: you open the round, with any total.") + "</p>"
        else:
            said = (_("The call to beat, {call} by you, is true with P = {p} by card counting and {q} reading the "
                      "bids.") if call.seat == odds.position.me else
                    _("The call to beat, {call} by the player at seat {seat}, is true with P = {p} by card counting "
                      "and {q} reading the bids."))
            current = "<p>" + said.format(call=escape(calls_text(call.total, call.colour)), seat=call.seat,
                                          p=fraction_html(odds.current),
                                          q=fraction_html(odds.current_reading)) + "</p>"
        by_counting, by_reading = odds.best_calls(3), odds.best_calls(3, reading=True)
        rows = [
            [i, call_text(a.total, a.colour), Raw(fraction_html(p)),
             call_text(b.total, b.colour), Raw(fraction_html(q))]
            for i, ((a, p), (b, q)) in enumerate(zip(by_counting, by_reading, strict=True), 1)
        ]
        best = "<h4>" + _("Best calls") + "</h4>" + _scrolling(table_html(
            ["", _("card counting"), _("P(true)"), _("reading the bids"), _("P(true)")], rows))
        no_raise = _("No call can beat {total}: the only answer is a doubt.").format(
            total=call.total) if call is not None else ""
        self.odds = odds
        self.current.value = current
        self.table.value = (_scrolling(odds._repr_html_()) if odds.position.legal_totals() else
                            f"<p>{no_raise}</p>")
        self.best.value = best

    def _clear(self) -> None:
        self.odds = None
        self.current.value = _waiting()
        self.table.value = self.best.value = ""

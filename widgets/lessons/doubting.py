"""Lesson 3, "When to doubt and when to raise": its widget and its key.

A doubt settles a call at once: one player takes the colour as one penalty point, the
doubter if the total reaches the call, the caller if it does not. Looking one step ahead,
doubting costs ``P(call true)`` and raising ``d * (1 - P(raise true))``, ``d`` the chance
that the raise is doubted. bluffmath's core gives the chances
(:func:`~bluffmath.hochstapler.call_odds`, :func:`~bluffmath.hochstapler.odds_table`),
the two expected penalties and the choice (:mod:`bluffmath.hochstapler.penalties`), and
the bot's decision (:class:`~bluffmath.hochstapler.CardCountingBot`); this module draws
them.

>>> hs.doubt_or_raise(hs.doubt_penalty(4, 4, 13), hs.raise_penalty(4, 7, 14)), bot_says(SCENE)
('raise', 'raise')
>>> view = DoubtOrRaise(players=4, own=4, raise_with=SAME_COLOUR, call=13)
>>> view.decision, view.break_even
('doubt', Fraction(229, 364))
>>> KEY.check(4, "raise").right
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from math import comb

import ipywidgets as w

from bluffmath import hochstapler as hs
from bluffmath.display import Raw, percent, table_html
from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.game import SeatView
from bluffmath.hochstapler.rules import MAX_PLAYERS, MIN_PLAYERS, VALUES, colour_noun
from bluffmath.i18n import N_, _, n_, number, p_

from ..common import Panel
from .key import Exercise, Key
from .paper import table, together

__all__ = ["HAND", "KEY", "PAPER", "SAME_COLOUR", "SCENE", "DoubtOrRaise", "bot_says", "check"]

#: The lesson's hand: four players, you sit at seat 1, seat 0 has called 13 in red.
HAND = {"red": 4, "orange": 2, "yellow": 1, "green": 3, "blue": 7, "purple": 0, "black": 5}
SCENE = hs.Position(players=4, me=1, hand=HAND, history=[hs.Call(0, 13, "red")])
#: The ``raise_with`` dropdown's value for raising in the called colour itself.
SAME_COLOUR = N_("the called colour")


def bot_says(position: hs.Position, colours: Sequence[str] | None = None) -> str:
    """What bluffmath's :class:`~bluffmath.hochstapler.CardCountingBot` does at
    ``position`` when it may raise only in ``colours`` (default: every colour in play)
    and never exchanges: ``"doubt"`` or ``"raise"``."""
    call = position.call
    if call is None:
        raise InvalidInputError("there is no call to doubt in this position")
    totals = position.legal_totals()
    legal: list[hs.Action] = [hs.Raise(t, c) for c in colours or position.colours for t in totals]
    view = SeatView(position, position.me, (0,) * position.players, (), 0)
    action = hs.CardCountingBot(exchange_gain=Fraction(1)).choose(
        view, [*legal, hs.DoubtCall()], random.Random(0))
    return "doubt" if isinstance(action, hs.DoubtCall) else "raise"


Point = tuple[int, Fraction, Fraction | None]  # call, doubt's penalty, raise's penalty

#: The ``doubted`` dropdown's options, labelled in the language in use when a widget is made.
_DOUBTED = [(N_("always (assume the worst)"), Fraction(1)), (N_("3 times in 4"), Fraction(3, 4)),
            (N_("half the time"), Fraction(1, 2)), (N_("1 time in 4"), Fraction(1, 4))]


class DoubtOrRaise(Panel):
    """Doubt a call or raise it by one: both expected penalties, and the break-even line.

    Controls, to set by ``.value``: ``players`` (IntSlider), ``own`` (Dropdown: my card
    in the called colour), ``raise_with`` (Dropdown: :data:`SAME_COLOUR`, or my card in
    another colour to raise in), ``call`` (IntSlider: the call to beat) and ``doubted``
    (Dropdown: the chance that the next player doubts my raise, a Fraction). My raise is
    the lowest one, call + 1. Outputs: ``summary`` (HTML table), ``verdict`` (HTML),
    ``chart`` (HTML: an SVG of both expected penalties over every call, the current call
    marked) and ``message``. The numbers shown are attributes: ``p_call``, ``p_raise``,
    ``doubt``, ``raise_`` (``None`` when no raise is left), ``break_even`` (the same as
    ``raise_``) and ``decision``.
    """

    def __init__(self, players: int = 4, own: int = 4, raise_with: int | str = 7,
                 call: int = 13, doubted: Fraction = Fraction(1)) -> None:
        style = {"description_width": "initial"}
        self.players = w.IntSlider(value=players, min=MIN_PLAYERS, max=MAX_PLAYERS,
                                   description=_("players"), style=style)
        self.own = w.Dropdown(options=list(VALUES), value=own,
                              description=_("my card in the called colour"), style=style)
        self.raise_with = w.Dropdown(
            options=[(_("raise in the called colour"), SAME_COLOUR),
                     *((_("raise in another colour, where I hold {value}").format(value=v), v) for v in VALUES)],
            value=raise_with, description=_("my raise"), style=style)
        self.call = w.IntSlider(value=call, min=0, max=hs.MAX_TOTAL[MAX_PLAYERS],
                                description=_("the call to beat"), style=style)
        self.doubted = w.Dropdown(options=[(_(label), d) for label, d in _DOUBTED], value=doubted,
                                  description=_("the next player doubts my raise"), style=style)
        self.summary, self.verdict, self.chart = w.HTML(), w.HTML(), w.HTML()
        self.p_call = self.p_raise = self.doubt = self.raise_ = None
        self.decision: str | None = None
        super().__init__(
            [w.HBox([self.players, self.call]), w.HBox([self.own, self.raise_with]), self.doubted],
            [self.verdict, w.HBox([self.summary, self.chart])])
        self._watch([self.players, self.own, self.raise_with, self.call, self.doubted])
        self.refresh()

    @property
    def break_even(self) -> Fraction | None:
        """The chance of the call below which a doubt costs less: the raise's penalty."""
        return self.raise_

    def _curves(self, players: int, own: int, mine: int, d: Fraction) -> list[Point]:
        """Every call to beat with both expected penalties, from the core."""
        top = hs.MAX_TOTAL[players]
        return [(t, hs.doubt_penalty(players, own, t),
                 hs.raise_penalty(players, mine, t + 1, doubted=d) if t < top else None)
                for t in range(top + 1)]

    def _render(self) -> None:
        players, own, call, d = (self.players.value, self.own.value, self.call.value,
                                 self.doubted.value)
        mine = own if self.raise_with.value == SAME_COLOUR else self.raise_with.value
        top = hs.MAX_TOTAL[players]
        p_call = hs.call_odds(players, own, call)
        p_raise = hs.call_odds(players, mine, call + 1) if call < top else None
        doubt = hs.doubt_penalty(players, own, call)
        raise_ = hs.raise_penalty(players, mine, call + 1, doubted=d) if call < top else None
        decision = hs.doubt_or_raise(doubt, raise_)
        curves = self._curves(players, own, mine, d)
        rows = [
            [_("P(the call of {call} is true)").format(call=call), *_shown(p_call)],
            [_("expected penalty if you doubt"), *_shown(doubt, points=True)],
            [_("P(your raise to {call} is true)").format(call=call + 1), *_shown(p_raise)],
            [_("expected penalty if you raise"), *_shown(raise_, points=True)],
            [_("break-even: doubt when P(call true) is below"), *_shown(raise_)],
        ]
        if raise_ is None:
            why = (_("no total reaches {call} with {players} players").format(call=call, players=players)
                   if call > top else _("no higher call exists: you must doubt"))
        else:
            why = f"{doubt} {'<' if decision == 'doubt' else '≥'} {raise_}"
        self.p_call, self.p_raise, self.doubt, self.raise_ = p_call, p_raise, doubt, raise_
        self.decision = decision
        self.summary.value = table_html(["", _("exact"), ""], rows)
        said = _("doubt") if decision == "doubt" else _("raise")
        self.verdict.value = (f'<p data-decision="{decision}" style="font-size: 1.2em;">'
                              f"<b>{said}</b> ({why})</p>")
        self.chart.value = _chart_svg(curves, call)

    def _clear(self) -> None:
        self.p_call = self.p_raise = self.doubt = self.raise_ = None
        self.decision = None
        self.summary.value = self.verdict.value = self.chart.value = ""


def _shown(p: Fraction | None, points: bool = False) -> list[str]:
    """An exact number and, for reading, a percentage or a decimal number of points."""
    if p is None:
        return ["–", _("no raise is left")]
    return [str(p), p_("expected penalty", "{points} points").format(points=number(p)) if points else percent(p)]


def _chart_svg(curves: list[Point], call: int, width: int = 420, height: int = 196) -> Raw:
    """Both expected penalties against the call, on 0 to 1, with the current call marked."""
    left, bottom, right, top = 34, 38, 10, 20
    n = max(len(curves) - 1, 1)

    def x(t: int) -> int:
        return left + round(Fraction(t * (width - left - right), n))

    def y(p: Fraction) -> int:
        return top + round((1 - p) * (height - top - bottom))

    doubt = " ".join(f"{x(t)},{y(p)}" for t, p, _r in curves)
    raise_ = " ".join(f"{x(t)},{y(r)}" for t, _p, r in curves if r is not None)
    parts = [f'<line x1="{left}" y1="{y(Fraction(k, 4))}" x2="{width - right}" '
             f'y2="{y(Fraction(k, 4))}" stroke="#ddd"/><text x="{left - 4}" '
             f'y="{y(Fraction(k, 4)) + 4}" font-size="12" text-anchor="end">{k * 25}%</text>'
             for k in range(5)]
    parts += [f'<text x="{x(t)}" y="{height - bottom + 14}" font-size="12" '
              f'text-anchor="middle">{t}</text>' for t, _p, _r in curves if t % 5 == 0]
    axis = _("the call to beat")
    parts.append(f'<text x="{(left + width - right) // 2}" y="{height - 4}" font-size="12" '
                 f'text-anchor="middle">{axis}</text>')
    if 0 <= call < len(curves):
        parts.append(f'<line x1="{x(call)}" y1="{top}" x2="{x(call)}" y2="{height - bottom}" '
                     f'stroke="#555" stroke-dasharray="2,2"/>')
        _t, p, r = curves[call]
        for value, colour in ((p, "#1f5f8b"), (r, "#d2691e")):
            if value is not None:
                parts.append(f'<circle cx="{x(call)}" cy="{y(value)}" r="4" fill="{colour}">'
                             f"<title>{value} ({percent(value)})</title></circle>")
    parts += _lines(doubt, raise_, left)
    label = _("expected penalties by call")
    return Raw(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
               f'role="img" aria-label="{label}">{"".join(parts)}</svg>')


def _lines(doubt: str, raise_: str, left: int) -> list[str]:
    """The two penalties' lines (their points as SVG ``points``) and their legend."""
    words = {"doubt_title": _("expected penalty if you doubt = P(the call is true)"),
             "raise_title": _("expected penalty if you raise = the break-even line"),
             "doubt_key": _("— doubt: P(call true)"), "raise_key": _("-- raise: the break-even line")}
    return [
        f'<polyline points="{doubt}" fill="none" stroke="#1f5f8b" stroke-width="2">'
        f"<title>{words['doubt_title']}</title></polyline>",
        f'<polyline points="{raise_}" fill="none" stroke="#d2691e" stroke-width="2" '
        'stroke-dasharray="6,3">' f"<title>{words['raise_title']}</title></polyline>",
        f'<text x="{left + 4}" y="12" font-size="12" fill="#1f5f8b">{words["doubt_key"]}</text>',
        f'<text x="{left + 160}" y="12" font-size="12" fill="#d2691e">{words["raise_key"]}</text>',
    ]


def _table() -> hs.OddsTable:
    return hs.odds_table(SCENE)


def _raises() -> tuple[Fraction, Fraction]:
    return 1 - _table().probability(14, "red"), 1 - _table().probability(14, "blue")


def _half_rule(players: int, own: int) -> int:
    """The lowest call less likely than not: the rule that forgets the raise's risk."""
    return next(t for t in range(hs.MAX_TOTAL[players] + 2)
                if hs.call_odds(players, own, t) < Fraction(1, 2))


_PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)

KEY = Key("doubting", [
    Exercise(1, N_("a Fraction"), lambda: _table().current,
             mistakes=lambda: {
                 1 - _table().current: N_("that is the chance that your doubt is right; you pay "
                                          "the point when the call is true"),
                 hs.call_odds(4, None, 13): N_("that leaves your red 4 out: condition on it "
                                               "(lesson 2)")}),
    Exercise(2, N_("a pair of Fractions (red, blue)"), _raises,
             mistakes=lambda: {
                 (1 - _raises()[0], 1 - _raises()[1]): N_("those are the chances that the raises "
                                                          "are true; a raise costs you the point when it is false"),
                 _raises()[::-1]: N_("the two are swapped: red first, then blue")}),
    Exercise(3, N_("a Fraction"), lambda: 1 - _table().best_calls(1)[0][1],
             mistakes=lambda: {
                 _raises()[0]: N_("that is the break-even for a raise in red; you would raise "
                                  "in the colour where the raise is likeliest"),
                 1 - _raises()[1]: N_("that is the chance that the raise is true; the break-even "
                                      "is the raise's expected penalty"),
                 Fraction(1, 2): N_("one half would be right only if your raise were a coin toss")}),
    Exercise(4, N_('"doubt" or "raise"'), lambda: bot_says(SCENE),
             mistakes=lambda: {"doubt": N_("compare the doubt's expected penalty (exercise 1) "
                                           "with the best raise's (exercise 3)")}),
    Exercise(5, N_("a tuple of five calls (3 to 7 players)"),
             lambda: tuple(hs.lowest_doubt(n, 4) for n in _PLAYERS),
             mistakes=lambda: {
                 tuple(_half_rule(n, 4) for n in _PLAYERS): N_(
                     "that doubts every call less likely than not; but a raise has its own risk, and with "
                     "many players the raise can be the worse bet even when the call is likely"),
                 tuple(hs.lowest_doubt(n, 4) - 1 for n in _PLAYERS): N_(
                     "those are the highest calls you still raise; the question asks for the lowest you doubt")}),
    Exercise(6, N_("a pair of calls (holding a 0, holding a 7)"),
             lambda: (hs.lowest_doubt(4, 0), hs.lowest_doubt(4, 7)),
             mistakes=lambda: {
                 (hs.lowest_doubt(4, 7), hs.lowest_doubt(4, 0)): N_(
                     "the two are swapped: a high card makes high calls believable"),
                 (_half_rule(4, 0), _half_rule(4, 7)): N_(
                     "that doubts every call less likely than not; compare with the raise's risk instead")}),
])
check = KEY.check


def _sets_reaching(players: int, own: int, call: int) -> int:
    """How many of the equally likely sets of the other players' cards (from the 14 you
    have not seen) bring the colour's total, with your ``own`` card, to ``call`` or more."""
    return int(hs.call_odds(players, own, call) * comb(14, players - 1))


def _paper_position() -> str:
    """The lesson's position, and the counts of four players' deals exercises 1 to 4 and 6 read."""
    hand = ", ".join(f"{colour_noun(colour)} {value}" for colour, value in HAND.items())
    calls = range(8, 21)
    counts = table([_("your card"), *map(str, calls)],
                   [[own, *(_sets_reaching(4, own, call) for call in calls)] for own in VALUES],
                   caption=_("Four players. For each card you may hold in a colour: how many of the "
                             "{sets} equally likely sets of the other three cards (3 of the 14 cards "
                             "of that colour you have not seen) bring the colour's total to each call or "
                             "more. A call's chance is its count divided by {sets}.").format(sets=comb(14, 3)))
    position = _("The position for the whole lesson. Four players: Ada, at seat 0, opens with "
                 "<strong>\"13 red\"</strong>: the red cards in all hands add up to at least 13. You sit at "
                 "seat 1 and must answer. Nothing lies face up. Your hand: {hand}.").format(hand=hand)
    return f"<p>{position}</p>{counts}"


def _paper_table_sizes() -> str:
    """Holding the red 4: the counts for 3 to 7 players that exercise 5 compares."""
    halves = (range(8, 16), range(16, 24))
    tables = [table([_("players"), *map(str, calls), _("sets in all")],
                    [[n_("{players} player", "{players} players", players).format(players=players),
                      *(_sets_reaching(players, 4, call) for call in calls),
                      comb(14, players - 1)] for players in _PLAYERS]) for calls in halves]
    return together(_("Holding the red 4: for each number of players, how many of the equally likely sets of "
                      "the other players' red cards bring the red total to each call or more, and how many "
                      "sets there are in all."), "".join(tables))


#: What the printed worksheet shows before an exercise: the position and its counts.
PAPER = {1: _paper_position, 5: _paper_table_sizes}

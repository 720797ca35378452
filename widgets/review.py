"""Review a game: the timeline of one seat's decisions, each coloured by its mark.

Every number comes from :func:`bluffmath.review.review`; this widget only lays it out.
The timeline holds one button per decision, coloured by its mark (:data:`COLOURS`): green
when the choice was among the best, then yellow, orange and red for an inaccuracy, a
mistake and a blunder (the share of the decision's spread given up, at the review's
:class:`~bluffmath.review.Thresholds`). A click opens the position as the seat saw it,
every option's exact value (the best first, the choice marked) and the explanation; the
summary gives the accuracy, the marks, the three costliest decisions and the total cost,
with the model the values rest on. :class:`HabitsWidget` shows one player's habits over
many games (:func:`bluffmath.review.review_many`).

>>> from bluffmath.hochstapler import Game
>>> state = Game(players=3).new_game(seed=4).raise_(6, "red").doubt()
>>> view = ReviewWidget(state, seat=1)
>>> [(b.description, b.style.button_color == COLOURS["blunder"]) for b in view.timeline.children]
[('#2 doubt', True)]
>>> view.timeline.children[0].click()
>>> view.selected, "62/91" in view.detail.value
(2, True)
>>> view.seat.value = 0
>>> view.review.seat, len(view.timeline.children)     # seat 0 opened: valued over the round
(0, 1)
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w

from bluffmath.errors import InvalidInputError
from bluffmath.i18n import _, n_, p_
from bluffmath.review import Decision, Habits, Review, Thresholds, load, review, review_many
from bluffmath.review.habits import doubt_timing
from bluffmath.review.words import (
    advice,
    decimal,
    mark_words,
    option_words,
    options_words,
    pattern_words,
)

from .common import Panel

__all__ = ["COLOURS", "HabitsWidget", "ReviewWidget", "colour", "habits_html"]

#: A decision's colour by its mark (None: among the best).
COLOURS = {None: "#81c784", "inaccuracy": "#fff176", "mistake": "#ffb74d", "blunder": "#e57373"}
_CELL = "border-top: 1px solid #ddd; padding: 2px 8px 2px 0; text-align: left"
_SHOWN = 12  # options listed in a decision's table (the choice always among them)


def colour(decision: Decision, thresholds: Thresholds | None = None) -> str:
    """A decision's colour on the timeline, by its mark (:data:`COLOURS`).

    >>> from fractions import Fraction
    >>> d = Decision(1, 0, "raise", "", {"a": Fraction(0), "b": Fraction(1, 2), "c": Fraction(1)}, "b", "")
    >>> colour(d) == COLOURS["blunder"], colour(d, Thresholds(blunder=Fraction(3, 4))) == COLOURS["mistake"]
    (True, True)
    """
    return COLOURS[decision.mark(thresholds)]


class ReviewWidget(Panel):
    """The review of one seat's decisions in ``save`` (a saved game's JSON text, or a
    game's State), under ``model`` (see :func:`bluffmath.review.review`), marked at
    ``thresholds`` (None: the defaults)."""

    def __init__(self, save: Any, seat: int = 0, model: Any = None,
                 thresholds: Thresholds | None = None) -> None:
        self._state = save if not isinstance(save, str | bytes) else load(save)
        self._model = model
        self._thresholds = thresholds
        players = getattr(self._state, "players", 2)  # the Duel has two seats
        self.seat = w.Dropdown(options=[(_("seat {seat}").format(seat=s), s) for s in range(players)], value=seat,
                               description=p_("review widget", "review"), layout=w.Layout(width="12em"))
        self.timeline = w.Box(layout=w.Layout(flex_flow="row wrap", max_width="100%"))
        self.detail = w.HTML()
        self.summary = w.HTML()
        self.review: Review | None = None
        self.selected: int | None = None
        super().__init__([self.seat], [self.summary, self.timeline, self.detail],
                         layout=w.Layout(max_width="100%"))
        self._watch([self.seat])
        self.refresh()

    def _render(self) -> None:
        result = review(self._state, self.seat.value, self._model)
        buttons = []
        for d in result.decisions:
            button = w.Button(description=f"#{d.number} {option_words(d.choice)}", tooltip=_tip(d, self._thresholds),
                              layout=w.Layout(width="auto", margin="2px"))
            button.style.button_color = colour(d, self._thresholds)
            button.on_click(lambda _button, number=d.number: self.select(number))
            buttons.append(button)
        self.review, self.selected = result, None
        self.summary.value = _summary(result, self._thresholds)
        self.timeline.children = buttons
        self.detail.value = "<i>{}</i>".format(_("click a decision to see its position and every option's value")
                                               if result.decisions else _("this seat made no reviewed decision"))

    def _clear(self) -> None:
        self.review, self.selected = None, None
        self.summary.value = self.detail.value = ""
        self.timeline.children = []

    def select(self, number: int) -> None:
        """Open decision ``number`` (its action's number in the game)."""
        with self._reporting():
            assert self.review is not None
            decision = next((d for d in self.review.decisions if d.number == number), None)
            if decision is None:
                numbers = ", ".join(str(d.number) for d in self.review.decisions)
                raise InvalidInputError(_("no decision #{number}; this seat's are {numbers}").format(
                    number=number, numbers=numbers))
            self.selected = number
            self.detail.value = _detail(decision, self.review.unit)


def _tip(d: Decision, thresholds: Thresholds | None) -> str:
    if d.is_best:
        return _("a best choice")
    mark = d.mark(thresholds)
    said = _("{mark}: cost {cost} (about {decimal})") if mark else _("cost: cost {cost} (about {decimal})")
    return said.format(mark=mark_words(mark), cost=d.cost, decimal=decimal(d.cost, 3))


def _percent(share: Fraction) -> str:
    """An accuracy as a percentage with one decimal (English ``60.4%``, German ``60,4 %``)."""
    return _("{value}%").format(value=decimal(100 * share, 1))


def _chip(mark: str, n: int) -> str:
    """A mark's chip, its count a ``{count}`` (English keeps the mark's name as it is: ``2 mistake``)."""
    return {"inaccuracy": lambda: n_("{count} inaccuracy", "{count} inaccuracy", n),
            "mistake": lambda: n_("{count} mistake", "{count} mistake", n),
            "blunder": lambda: n_("{count} blunder", "{count} blunder", n)}[mark]()


def _marks(r: Review, thresholds: Thresholds | None) -> str:
    counts = r.marks(thresholds)
    accuracy = (_("no decision had options of different worth") if r.accuracy is None else
                _("accuracy {accuracy}").format(accuracy=f"<b class='accuracy' data-p='{r.accuracy}'>"
                                                         f"{_percent(r.accuracy)}</b>"))
    chips = " ".join(f"<span style='background: {COLOURS[name]}; padding: 0 4px; border-radius: 3px; white-space: nowrap'>"
                     + _chip(name, n).format(count=f"<span class='mark' data-mark='{name}'>{n}</span>") + "</span>"
                     for name, n in counts.items())
    return f"<p class='review-marks'>{accuracy}; {chips}</p>"


def _luck(r: Review) -> str:
    """The luck line beside the cost line: with the result against the expected one where
    the model values the whole game, else the luck of the events the model values."""
    if not r.luck:
        return ""
    chips = " ".join(
        f"<span class='luck' data-number='{x.number}' data-p='{x.value}' title='{escape(x.event)}' "
        f"style='background: {'#c8e6c9' if x.value > 0 else '#ffcdd2' if x.value < 0 else '#eee'}; "
        f"padding: 0 4px; border-radius: 3px; white-space: nowrap'>#{x.number} {'+' if x.value > 0 else ''}"
        f"{decimal(x.value, 2)}</span>" for x in r.luck)
    line = "<p style='line-height: 1.8'>{}</p>".format(_("luck line: {chips}").format(chips=chips))
    if r.expected is None or r.result is None:
        said = _("Luck at your turns (what each card drawn, shown or guessed gave, minus its average): {luck} "
                 "(about {decimal}), beside decisions {cost}.").format(
            luck=f"<b class='total-luck' data-p='{r.total_luck}'>{r.total_luck}</b>",
            decimal=decimal(r.total_luck, 3), cost=f"<b>-{r.total_cost}</b>")
        return f"<p class='review-luck'>{said}</p>{line}"
    said = _("Result {result} against an expected {expected} (about {decimal}): luck {luck}, decisions {cost}; the "
             "two add up to the difference.").format(
        result=f"<b class='result' data-p='{r.result}'>{r.result}</b>",
        expected=f"<span class='expected' data-p='{r.expected}'>{r.expected}</span>",
        decimal=decimal(r.expected, 3), luck=f"<b class='total-luck' data-p='{r.total_luck}'>{r.total_luck}</b>",
        cost=f"<b>-{r.total_cost}</b>")
    return f"<p class='review-luck'>{said}</p>{line}"


def _summary(r: Review, thresholds: Thresholds | None = None) -> str:
    costly = "".join("<li>{}</li>".format(_("#{number} {choice}: cost {cost} (about {decimal}); best: {best}").format(
        number=d.number, choice=f"<b>{escape(option_words(d.choice))}</b>",
        cost=f"<span class='cost' data-p='{d.cost}'>{d.cost}</span>", decimal=decimal(d.cost, 3),
        best=escape(options_words(d.best[:3])))) for d in r.costliest(3))
    head = n_("{seat}: {n} decisions, total cost {cost} (about {decimal}) in {unit}.",
              "{seat}: {n} decisions, total cost {cost} (about {decimal}) in {unit}.", len(r.decisions)).format(
        seat="<b>{}</b>".format(_("Seat {seat}").format(seat=r.seat)), n=len(r.decisions),
        cost=f"<span class='total' data-p='{r.total_cost}'><b>{r.total_cost}</b></span>",
        decimal=decimal(r.total_cost, 3), unit=escape(r.unit))
    every = " " + _("Every decision was among the best.")
    model = p_("review", "the model")
    return (f"<div class='review-summary'>{head}{_marks(r, thresholds)}{_luck(r)}"
            f"{'<ol>' + costly + '</ol>' if costly else every}"
            f"<details><summary>{model}</summary>{escape(r.model)}</details></div>")


def _detail(d: Decision, unit: str) -> str:
    ranked = sorted(d.values.items(), key=lambda item: -item[1])
    shown = ranked[:_SHOWN] + [item for item in ranked[_SHOWN:] if item[0] == d.choice]
    rows = "".join(
        f"<tr class='option' data-option='{escape(o)}' data-p='{v}'>"
        f"<td style='{_CELL}'>{'▶ ' if o == d.choice else ''}{escape(option_words(o))}</td>"
        f"<td style='{_CELL}'><b>{v}</b></td><td style='{_CELL}'>{decimal(v, 3)}</td></tr>"
        for o, v in shown)
    more = len(ranked) - len(shown)
    choice = _("choice: {choice}; cost {cost} in {unit}").format(
        choice=f"<b>{escape(option_words(d.choice))}</b>", cost=f"<b>{d.cost}</b>", unit=escape(unit))
    more_text = "<p>({})</p>".format(n_("{n} more options, each worth no more", "{n} more options, each worth no more",
                                        more).format(n=more)) if more else ""
    heads = "".join(f"<th style='{_CELL}'>{h}</th>" for h in (
        p_("review table", "option"), p_("review table", "value"), p_("review table", "about")))
    return (f"<div class='review-decision' data-number='{d.number}' data-cost='{d.cost}'>"
            f"<p><b>#{d.number}</b> {escape(d.position)}</p><p>{choice}</p>"
            f"<div style='max-width: 100%; overflow-x: auto'><table style='border-collapse: collapse'>"
            f"<tr>{heads}</tr>{rows}</table></div>{more_text}<p>{escape(d.explanation)}</p></div>")


class HabitsWidget(Panel):
    """One player's habits over ``games`` (:func:`bluffmath.review.review_many`: saved games
    or States, or ``(game, names)`` pairs when ``player`` is a name): the accuracy over
    every decision, the three most costly patterns each with its example from the
    player's own games, the Duel's bluff count against the equilibrium, and when the
    player doubted against the break-even.

    >>> from fractions import Fraction
    >>> from bluffmath.hochstapler import CardCountingBot, Game, play_game
    >>> late = CardCountingBot(doubt_bias=Fraction(-1, 4))
    >>> games = [play_game(Game(players=3), [late, CardCountingBot(), CardCountingBot()], seed=s)
    ...          for s in range(4)]
    >>> view = HabitsWidget(games, 0)
    >>> view.habits.top(1)[0].name, "doubts too late" in view.summary.value
    ('calls above the odds', True)
    >>> HabitsWidget(games, 0, "counting").habits.top(1)[0].name     # one step ahead
    'doubts too late'
    """

    def __init__(self, games: Any, player: int | str = 0, model: Any = None) -> None:
        self._games, self._model = list(games), model
        self.player = w.Text(value=str(player), description=_("player"),
                             placeholder=_("a seat number or a name"), layout=w.Layout(width="16em"))
        self.summary = w.HTML()
        self.habits: Habits | None = None
        super().__init__([self.player], [self.summary], layout=w.Layout(max_width="100%"))
        self._watch([self.player])
        self.refresh()

    def _render(self) -> None:
        typed = self.player.value.strip()
        player: int | str = int(typed) if typed.isdigit() else typed
        habits = review_many(self._games, player, self._model)
        self.habits = habits
        self.summary.value = habits_html(habits)

    def _clear(self) -> None:
        self.habits = None
        self.summary.value = ""


def habits_html(h: Habits) -> str:
    """The habits as HTML: every number exact in a ``data-p`` attribute beside its decimal."""
    items = "".join(
        f"<li class='habit' data-name='{escape(p.name)}' data-cost='{p.cost}' data-count='{p.count}'>"
        + _("{name}: {count} times, cost {cost} (about {decimal}); {advice}.").format(
            name=f"<b>{escape(pattern_words(p.name))}</b>", count=p.count, cost=p.cost, decimal=decimal(p.cost, 3),
            advice=escape(advice(p.name)))
        + " <br>" + _("{for_example}, game {game}, #{number}: {position}; you chose {choice}, best was {best}.").format(
            for_example="<i>{}</i>".format(_("For example")), game=p.example.game + 1,
            number=p.example.decision.number, position=escape(p.example.decision.position),
            choice=f"<b>{escape(option_words(p.example.decision.choice))}</b>",
            best=f"<b>{escape(options_words(p.example.decision.best[:2]))}</b>")
        + "</li>" for p in h.top(3))
    tendencies = "".join(f"<p class='tendency' data-name='{escape(t.name)}' data-p='{t.chance}'>"
                         f"{escape(t.text())}</p>" for t in h.tendencies)
    doubts = f"<p class='doubt-timing'>{escape(doubt_timing(h.doubts))}</p>" if h.doubts else ""
    who = _("seat {seat}").format(seat=h.player) if isinstance(h.player, int) else escape(h.player)
    head = (_("{who} over {games} games, {decisions} decisions: total cost {cost}.") if h.accuracy is None else
            _("{who} over {games} games, {decisions} decisions: total cost {cost}, accuracy {accuracy}.")).format(
        who=f"<b>{who}</b>", games=len(h.reviews), decisions=len(h.decisions),
        cost=f"<span class='total' data-p='{h.total_cost}'>{h.total_cost}</span>",
        accuracy=f"<b class='accuracy' data-p='{h.accuracy}'>{_percent(h.accuracy or 0)}</b>")
    every = "<p>{}</p>".format(_("Every decision was among the best."))
    return (f"<div class='habits'><p>{head}</p>"
            f"{'<ol>' + items + '</ol>' if items else every}"
            f"{tendencies}{doubts}</div>")

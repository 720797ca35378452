"""Train on your own mistakes in a notebook: drills from your saves, or a puzzle set, one at a time.

The :class:`Trainer` holds no mathematics: it calls :mod:`bluffmath.train` and draws what
comes back. It shows one drill at a time: the position as the seat saw it (only what
:meth:`~bluffmath.train.Drill.question` gives), the options in a list the keyboard
reaches (Tab, then the arrow keys), and an *Answer* button; after the answer, every
option's exact value, the best, what the answer cost and why, in the review's words
(:meth:`~bluffmath.train.Answer.text`), and a *Next* button. Drills come from saved
games (given in Python or loaded as files, one or many, all of one game) or from a
puzzle set that ships with bluffmath; puzzles are chosen near the player's level
(:meth:`~bluffmath.train.Progress.next_puzzle`) and drills due again come first
(:meth:`~bluffmath.train.Progress.due`). Every answer is recorded at once in the
progress file (SQLite: it survives a restart), and the progress panel draws its charts,
each also said in words. A damaged save, a save of another game or an unknown player is
shown in words above the drill, and the widget goes on.

>>> from bluffmath.hochstapler import Game, save_game
>>> game = Game(players=3).new_game(seed=4).raise_(6, "red").raise_(12, "red").doubt()
>>> trainer = Trainer(":memory:", saves=[save_game(game)], player=1)
>>> trainer.drill.number, trainer.options.options[:2]
(2, ('doubt', 'raise 7 red'))
>>> trainer.options.value = "raise 7 red"
>>> trainer.answer_button.click()
>>> trainer.last.cost, trainer.last.is_best, trainer.progress.attempts("1")
(Fraction(37, 91), False, 1)
>>> "cost 37/91 (mistake)" in trainer.result.value, trainer.next_button.layout.display
(True, None)
>>> trainer.next_button.click()
>>> trainer.drill is None, "Nothing to answer" in trainer.question.value
(True, True)
>>> trainer.source.value = "hoax"                       # a shipped puzzle set
>>> trainer.drill.game, trainer.options.options == trainer.drill.options
('hoax', True)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from bluffmath.display import percent, written
from bluffmath.errors import BluffmathError, InvalidInputError, SaveFileError
from bluffmath.i18n import N_, _, p_
from bluffmath.review import load
from bluffmath.review.words import option_words, pattern_words
from bluffmath.train import (
    Answer,
    Attempt,
    Drill,
    Item,
    Progress,
    PuzzleSet,
    answer,
    drills,
    puzzle_set,
)

from .common import Panel

__all__ = ["DEFAULT_PROGRESS", "SOURCES", "Trainer", "answer_html", "progress_html", "question_html"]

#: The progress file kept when none is named: ``BLUFFMATH_TRAIN_PROGRESS`` if set (the test
#: suite's temporary file), else ``train.sqlite`` in the working folder.
DEFAULT_PROGRESS = "train.sqlite"
#: Where drills come from: your saves, or the puzzle set of a game (its name in the core).
SOURCES = {"saves": N_("my saves"), "hochstapler": N_("Hochstapler puzzles"), "gauner": N_("Gauner raus! puzzles"),
           "hoax": N_("Hoax puzzles"), "muenchhausen": N_("Münchhausen puzzles"),
           "hochstapler-duel": N_("the Duel puzzles")}
#: The orders of drills from saves (:func:`bluffmath.train.drills`).
ORDERS = ((N_("costliest first"), "costliest"), (N_("next mistake (game order)"), "game"))
_WIDE = {"description_width": "initial"}
_CELL = "border-top: 1px solid #ddd; padding: 2px 8px 2px 0; text-align: left"
#: The page's own rules for the trainer: charts and tables scroll in their own box.
TRAIN_CSS = (".bm-train .bm-train-scroll { max-width: 100%; overflow-x: auto; }\n"
             ".bm-train figure { margin: 0.5em 0; }\n"
             ".bm-train .widget-select select { min-width: 0; }")


def _now() -> datetime:
    """The time now, in the computer's time zone (a day is the player's own day)."""
    return datetime.now().astimezone()


class Trainer(Panel):
    """Drills from ``saves`` (saved games' JSON text or States, all of one game) for
    ``player`` (a seat number or a name the saves give), or a puzzle set (``source``: a
    key of :data:`SOURCES`), every answer recorded in ``progress`` (a file name, made if
    need be, or an open :class:`~bluffmath.train.Progress`; None: :data:`DEFAULT_PROGRESS`)
    under the player as typed.
    ``threshold`` and ``order`` are :func:`~bluffmath.train.drills`'; ``clock`` gives the
    time now (for tests); ``seed`` draws among puzzles rated alike."""

    def __init__(self, progress: str | Path | Progress | None = None, saves: Iterable[Any] = (),
                 player: int | str = 0, source: str | None = None, order: str = "costliest",
                 threshold: Any = "mistake", clock: Callable[[], datetime] = _now, seed: int = 0) -> None:
        if progress is None:
            progress = os.environ.get("BLUFFMATH_TRAIN_PROGRESS", DEFAULT_PROGRESS)
        self.progress = progress if isinstance(progress, Progress) else Progress(progress)
        self._saves, self._threshold, self._clock, self._seed = list(saves), threshold, clock, seed
        self._drills: list[Drill] = []
        self._puzzles: PuzzleSet | None = None
        self._answered: set[str] = set()
        self.drill: Drill | None = None
        self.last: Answer | None = None
        self.source = w.Dropdown(options=[(_(label), key) for key, label in SOURCES.items()],
                                 value=source or ("saves" if self._saves else "hochstapler"),
                                 description=_("practise"), style=_WIDE, layout=w.Layout(width="auto"))
        self.player = w.Text(value=str(player), description=_("you are"), placeholder=_("a seat number or your name"),
                             continuous_update=False, style=_WIDE, layout=w.Layout(width="16em", max_width="100%"))
        self.order = w.Dropdown(options=[(_(label), key) for label, key in ORDERS], value=order,
                                description=p_("training", "order"), style=_WIDE, layout=w.Layout(width="auto"))
        self.upload = w.FileUpload(accept=".json", multiple=True, description=_("load saved games"),
                                   layout=w.Layout(width="auto"))
        self.status, self.question, self.result, self.report = w.HTML(), w.HTML(), w.HTML(), w.HTML()
        self.options = w.Select(options=[], value=None, rows=8, description=_("your answer"), style=_WIDE,
                                layout=w.Layout(width="auto", max_width="40em"))
        self.answer_button = w.Button(description=_("Answer"), button_style="primary",
                                      tooltip=_("my answer: its exact value, the best, and why"))
        self.next_button = w.Button(description=_("Next"), tooltip=_("the next drill"),
                                    layout=w.Layout(display="none"))
        for widget, name in ((self.source, "source"), (self.player, "player"), (self.order, "order"),
                             (self.upload, "upload"), (self.status, "status"), (self.question, "question"),
                             (self.options, "options"), (self.answer_button, "answer"),
                             (self.next_button, "next"), (self.result, "result"), (self.report, "progress")):
            widget.add_class(f"bm-train-{name}")
        controls = w.Box([self.source, self.player, self.order, self.upload],
                         layout=w.Layout(flex_flow="row wrap", align_items="center", max_width="100%"))
        buttons = w.Box([self.answer_button, self.next_button], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([controls], [self.status, self.question, self.options, buttons, self.result,
                                      self.report, w.HTML(f"<style>{TRAIN_CSS}</style>",
                                                          layout=w.Layout(display="none"))],
                         layout=w.Layout(max_width="100%"))
        self.add_class("bm-train")
        self.answer_button.on_click(lambda _button: self.submit())
        self.next_button.on_click(lambda _button: self.show_next())
        self.upload.observe(self._on_upload, names="value")
        self._watch([self.source, self.player, self.order])
        self.refresh()

    # --- who and what ---------------------------------------------------------------------
    @property
    def name(self) -> str:
        """The player as typed: the name the progress file keeps the answers under."""
        typed = self.player.value.strip()
        if not typed:
            raise InvalidInputError(_("type your seat number (0 is the first) or your name in \"you are\""))
        return typed

    def _seat(self) -> int | str:
        """The player as the saves know it: a seat number, or a name."""
        typed = self.name
        return int(typed) if typed.isascii() and typed.isdigit() else typed

    def add_saves(self, saves: Sequence[Any]) -> None:
        """Add saved games (JSON text or States) and drill from your saves. The saves are
        refused (an error raised, none kept) if the drills of all the saves together cannot
        be built: a damaged save, another game's, a player they do not name."""
        candidate = [*self._saves, *saves]
        drills(candidate, self._seat(), self._threshold, self.order.value)
        self._saves = candidate
        with self._hold():
            self.source.value = "saves"

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        with self._reporting():
            try:
                texts = [_save_of(file) for file in files]
            finally:
                self.upload.value = ()  # so that the same files can be loaded again
            try:
                self.add_saves(texts)
            except BluffmathError as error:
                names = ", ".join(str(file.get("name", _("a file"))) for file in files)
                raise type(error)(_("{names} not loaded: {error}").format(names=names, error=error)) from None

    # --- drawing ------------------------------------------------------------------------
    def _render(self) -> None:
        name, source = self.name, self.source.value
        if source == "saves":
            found = drills(self._saves, self._seat(), self._threshold, self.order.value) if self._saves else []
            self.progress.add_items(Item(d.id, d.skill) for d in found)
            self._drills, self._puzzles = found, None
        else:
            puzzles = puzzle_set(source)
            self.progress.add_items(Item(p.id, p.solution.skill, puzzle=True) for p in puzzles.puzzles)
            self._drills, self._puzzles = [], puzzles
        self._answered = self.progress.answered(name)  # answered before, here or in an earlier session
        self._show(self._chosen(name))
        self.report.value = progress_html(self.progress, name)

    def _clear(self) -> None:
        self.drill = self.last = None
        self.status.value = self.question.value = self.result.value = ""
        self._ask(None)

    def _chosen(self, name: str) -> Drill | None:
        """The next drill: for a puzzle set, the puzzle the progress file picks near the
        player's level; from saves, a drill due again first, then the next not yet answered."""
        now = self._clock()
        if self._puzzles is not None:
            key = self.progress.next_puzzle(name, now, seed=self._seed + len(self._answered))
            return None if key is None else self._puzzles.drill(key)
        by_id = {d.id: d for d in self._drills}
        due = [by_id[i] for i in self.progress.due(name, now) if i in by_id]
        if due:
            return due[0]
        return next((d for d in self._drills if d.id not in self._answered), None)

    def _show(self, drill: Drill | None) -> None:
        self.drill, self.last, self.result.value = drill, None, ""
        self.status.value = self._status()
        self.question.value = question_html(drill.question()) if drill else _nothing_html(self.source.value)
        self._ask(drill)

    def _ask(self, drill: Drill | None) -> None:
        """The options and the Answer button for ``drill`` (hidden without one)."""
        self.options.options = _labelled(drill.options) if drill else ()
        self.options.value = None
        self.options.disabled = self.answer_button.disabled = False
        shown = None if drill else "none"
        self.options.layout.display = self.answer_button.layout.display = shown
        self.next_button.layout.display = "none"

    def _status(self) -> str:
        if self._puzzles is not None:
            where = _("{source} ({count} in the set); your rating {rating}.").format(
                source=escape(_(SOURCES[self.source.value])), count=len(self._puzzles),
                rating=f"<b>{self.progress.rating(self.name)}</b>")
            return f"<p class='bm-train-where'>{where}</p>"
        left = sum(d.id not in self._answered for d in self._drills)
        said = _("{drills} drills from your {saves} saved games; {left} not yet answered here.").format(
            drills=len(self._drills), saves=len(self._saves), left=left)
        return f"<p class='bm-train-where' data-drills='{len(self._drills)}'>{said}</p>"

    # --- answering ----------------------------------------------------------------------
    def submit(self) -> None:
        """Answer the drill with the option chosen: record it, then show the result."""
        with self._reporting():
            if self.drill is None:
                raise InvalidInputError(_("there is no drill to answer: load saved games or choose a puzzle set"))
            if self.options.value is None:
                raise InvalidInputError(_("choose one of the options first (Tab to the list, then the arrow keys)"))
            result = answer(self.drill, self.options.value)
            self.progress.record([Attempt(self.name, self.drill.id, self._clock(), result.cost)])
            self.last = result
            self._answered.add(self.drill.id)
            self.result.value = answer_html(result)
            self.report.value = progress_html(self.progress, self.name)
            self.options.disabled = self.answer_button.disabled = True
            self.next_button.layout.display = None
            self._say(None)
            self.next_button.focus()

    def show_next(self) -> None:
        """The next drill (a drill due again first)."""
        with self._reporting():
            self._show(self._chosen(self.name))
            self._say(None)
            if self.drill is not None:
                self.options.focus()


def _labelled(options: tuple[str, ...]) -> tuple[str, ...] | list[tuple[str, str]]:
    """The drill's options for the list: each with its words as the label where the language
    in use says them otherwise (the value stays the core's option)."""
    said = [(option_words(o), o) for o in options]
    return said if any(label != o for label, o in said) else options


def _save_of(file: dict[str, Any]) -> str:
    """An uploaded file's text, checked to be a saved game (its name in the message if not)."""
    name = str(file.get("name", _("the file")))
    try:
        text = bytes(file["content"]).decode("utf-8")
        load(text)
    except UnicodeDecodeError:
        raise SaveFileError(_("{name} is not a saved game: it is not UTF-8 text").format(name=name)) from None
    except BluffmathError as error:
        raise type(error)(f"{name}: {error}") from None
    return text


# --- HTML --------------------------------------------------------------------------------
def question_html(question: dict[str, Any]) -> str:
    """What is shown before an answer, from :meth:`~bluffmath.train.Drill.question` alone
    (the options go in the list beside it).

    >>> html = question_html({"id": "ab", "game": "hoax", "seat": 0, "number": 9, "kind": "doubt",
    ...                       "unit": "chance", "position": "you hold <the Judge>", "options": ["doubt"]})
    >>> html[:40]
    "<div class='bm-train-drill' data-id='ab'"
    >>> html[html.index("<p>"):]
    '<p><b>hoax, seat 0, move 9</b>: you hold &lt;the Judge&gt;.</p><p>Values are in chance. ...</p></div>'
    """
    q = {k: escape(str(v)) for k, v in question.items() if k != "options"}
    where = _("{game}, seat {seat}, move {number}").format(game=q["game"], seat=q["seat"], number=q["number"])
    return (f"<div class='bm-train-drill' data-id='{q['id']}' data-game='{q['game']}' data-seat='{q['seat']}' "
            f"data-number='{q['number']}'><p><b>{where}</b>: {q['position']}.</p><p>"
            + _("Values are in {unit}. Which option is best?").format(unit=q["unit"]) + "</p></div>")


def _nothing_html(source: str) -> str:
    said = (_("Nothing to answer right now. Load saved games (JSON files) above, or choose a puzzle set.")
            if source == "saves" else
            _("Nothing to answer right now. Every puzzle of this set is answered for now: answered ones come back "
              "when they are due."))
    return f"<p class='bm-train-drill bm-train-none'>{said}</p>"


def answer_html(result: Answer) -> str:
    """The result of an answer: the review's words (:meth:`~bluffmath.train.Answer.text`)
    and every option's exact value in a table (``data-p``), the best and the answer marked."""
    decision = result.drill.decision
    verdict = result.text().partition("\n")[0]  # the answer's line; the explanation is the decision's
    best = " " + _("(best)")
    rows = "".join(
        f"<tr class='bm-train-option' data-option='{escape(o)}' data-p='{v}'><td style='{_CELL}'>"
        f"{'▶ ' if o == result.option else ''}{escape(option_words(o))}{best if o in decision.best else ''}</td>"
        f"<td style='{_CELL}'><b>{escape(written(v))}</b></td></tr>" for o, v in decision.values.items())
    why = _("Why: {why}").format(why=escape(decision.explanation))
    trains = _("This drill trains: {skill}.").format(skill=f"<i>{escape(pattern_words(result.drill.skill))}</i>")
    caption = _("Every option, in {unit}").format(unit=escape(result.drill.unit))
    option, value = p_("review table", "option"), p_("review table", "value")
    return (f"<div class='bm-train-outcome' role='status' data-option='{escape(result.option)}' "
            f"data-cost='{result.cost}' data-best='{str(result.is_best).lower()}' data-mark='{result.mark or ''}'>"
            f"<p><b>{escape(verdict)}</b></p><p>{why}</p><p>{trains}</p>"
            f"<div class='bm-train-scroll'><table style='border-collapse: collapse'>"
            f"<caption style='text-align: left'>{caption}</caption>"
            f"<tr><th style='{_CELL}'>{option}</th><th style='{_CELL}'>{value}</th></tr>{rows}</table>"
            f"</div></div>")


def _figure(kind: str, chart: str, said: str, more: str = "") -> str:
    """A chart with its content said in words below it (WCAG: text beside the picture)."""
    every = p_("chart", "every point")
    details = f"<details><summary>{every}</summary><p>{more}</p></details>" if more else ""
    return (f"<figure class='bm-train-chart' data-chart='{kind}'><div class='bm-train-scroll'>{chart}</div>"
            f"<figcaption class='bm-train-said'>{said}</figcaption>{details}</figure>")


def progress_html(progress: Progress, player: str) -> str:
    """The player's progress: the share of best answers after each answer, the puzzle
    rating, the accuracy of each skill per day, and the habits then and now, each chart
    said in words too.

    >>> from bluffmath.train import Attempt, Item, Progress
    >>> p = Progress(":memory:")
    >>> p.add_items([Item("d1", "call by the odds")])
    >>> p.record([Attempt("bo", "d1", "2026-03-02T09:00:00+00:00", 0)])
    >>> html = progress_html(p, "bo")
    >>> html.count("<figure"), "1 (100.0 %) after all 1." in html
    (2, True)
    """
    count, who = progress.attempts(player), escape(player)
    head = "<h3>{}</h3>".format(_("Your progress ({who})").format(who=who))
    if not count:
        return ("<section class='bm-train-report' data-attempts='0'>{}<p>{}</p></section>".format(
            head, _("No answer recorded yet: answer a drill and your progress shows here.")))
    shares = progress.running_accuracy(player)
    figures = [_figure("accuracy", progress.progress_chart(player),
                       _("The share of your answers that were best: {first} after your first answer, {last} "
                         "({percent}) after all {count}.").format(first=written(shares[0]), last=written(shares[-1]),
                                                                  percent=percent(shares[-1]), count=count),
                       ", ".join(written(s) for s in shares))]
    ratings = progress.rating_series(player)
    if len(ratings) > 1:
        figures.append(_figure("rating", progress.rating_chart(player),
                               _("Your puzzle rating: {start} at the start, {now} after {puzzles} puzzles.").format(
                                   start=ratings[0], now=ratings[-1], puzzles=len(ratings) - 1),
                               "; ".join(str(r) for r in ratings)))
    for skill, days in progress.accuracy(player).items():
        said = "; ".join(_("{day}: {share} best").format(day=day.isoformat(), share=written(share))
                         for day, share in days)
        figures.append(_figure("skill", progress.accuracy_chart(player, skill),
                               _("{skill}, the share answered best each day: {said}.").format(
                                   skill=f"<b>{escape(pattern_words(skill))}</b>", said=said)))
    changes = "".join(f"<li class='bm-train-change' data-skill='{escape(c.skill)}' data-then='{c.then}' "
                      f"data-now='{c.now}'>{escape(c.text())}</li>" for c in progress.then_and_now(player))
    habits = (f"<ul>{changes}</ul>" if changes else
              "<p>{}</p>".format(_("Answer a skill twice or more to see your habits then and now.")))
    recorded = _("{count} answers recorded in {path}.").format(count=count, path=escape(progress.path))
    return (f"<section class='bm-train-report' data-attempts='{count}'>{head}<p>{recorded}</p>{''.join(figures)}"
            "<h4>{}</h4>{}</section>".format(_("Your habits then and now"), habits))

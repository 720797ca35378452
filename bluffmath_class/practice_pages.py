"""The practice pages' HTML (:mod:`bluffmath_class.practice`): a drill as the seat saw it,
its answer, a student's progress, and the teacher's view of the class drill set. Plain
pages with plain forms (POST): no script, so they work on any phone and with any keyboard.

Every text here is either the core's (a drill's position and options, an answer's words,
exact values written by :func:`bluffmath.display.written`) or the server's own, and all of
it passes through :func:`~bluffmath_class.markup.esc`.

>>> from fractions import Fraction
>>> from bluffmath.review import Decision
>>> from bluffmath.train import Drill
>>> d = Decision(2, 1, "doubt", "9 blue to beat", {"doubt": Fraction(1, 3), "raise 10 blue": Fraction(2, 3)},
...              "doubt", "a doubt wins when the call is false")
>>> drill = Drill("abc123", "hochstapler", 0, "the round", "probability", d, "doubts too late")
>>> page = question(drill, "/practice/game/4", {"n": "0", "level": "mistake"}, "Drill 1 of 3")
>>> 'type="radio" name="option" value="raise 10 blue"' in page, "9 blue to beat" in page
(True, True)
>>> "2/3" in page  # no value before the answer
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from bluffmath.display import written
from bluffmath.i18n import _, n_, percent
from bluffmath.review.words import mark_words, option_words, options_words
from bluffmath.train import Answer, Drill, Progress

from .games.base import scroll_box
from .markup import esc, tag
from .pages import _page

#: Up to this many options are radio buttons; more (a Hochstapler raise) are a list to choose from.
RADIOS = 8


def page(title: str, body: str) -> str:
    """A practice page: the class table's style, no script."""
    return _page(title, f'<main class="practice"><h1>{esc(title)}</h1>{body}</main>')


def nav(links: Sequence[tuple[str, str]]) -> str:
    """A row of links (already-safe addresses, words escaped here)."""
    items = "".join(f'<li><a href="{esc(href)}">{esc(words)}</a></li>' for href, words in links)
    label = esc(_("Practice"))
    return f'<nav aria-label="{label}"><ul class="practice-nav">{items}</ul></nav>'


def question(drill: Drill, action: str, hidden: Mapping[str, str], heading: str) -> str:
    """One drill before its answer: the position as the seat saw it, and its options as a
    form (radio buttons, or a list when there are many), with ``hidden`` fields kept."""
    kept = "".join(f'<input type="hidden" name="{esc(k)}" value="{esc(v)}">' for k, v in hidden.items())
    options = drill.options
    w = {k: esc(v) for k, v in (
        ("yours", _("Your answer")), ("many", _("Your answer ({n} options)").format(n=len(options))),
        ("choose", _("Choose…")), ("answer", _("Answer")), ("seen", _("The position as you saw it:")),
        ("move", _("Move {n}; values are in {unit}.").format(n=drill.number, unit=_(drill.unit))))}
    if len(options) <= RADIOS:
        choices = "".join(f'<label class="option"><input type="radio" name="option" value="{esc(o)}" required>'
                          f" {esc(option_words(o))}</label>" for o in options)
        field = f'<fieldset class="options"><legend>{w["yours"]}</legend>{choices}</fieldset>'
    else:
        items = "".join(f'<option value="{esc(o)}">{esc(option_words(o))}</option>' for o in options)
        field = (f'<label class="options">{w["many"]} <select name="option" required>'
                 f'<option value="">{w["choose"]}</option>{items}</select></label>')
    return (f'<section class="drill" aria-labelledby="drill-head"><h2 id="drill-head">{esc(heading)}</h2>'
            f'<p class="small">{w["move"]}</p>'
            f'<p class="position"><b>{w["seen"]}</b> {esc(drill.position)}</p>'
            f'<form method="post" action="{esc(action)}" class="answer">'
            f'<input type="hidden" name="drill" value="{esc(drill.id)}">{kept}{field}'
            f'<button type="submit">{w["answer"]}</button></form></section>')


def answered(result: Answer, heading: str, next_link: str, more: Sequence[tuple[str, str]]) -> str:
    """What an answer shows: the verdict, the best, what the game's choice cost and why
    (the core's words), every option's exact value, and the way on."""
    d = result.drill.decision
    cost = esc(written(result.cost))
    said = (_("A best option.") if result.is_best else
            _("It cost {cost} ({mark}).").format(cost=cost, mark=esc(mark_words(result.mark))) if result.mark else
            _("It cost {cost}.").format(cost=cost))
    verdict = tag("p", tag("b", said), f' class="verdict {"good" if result.is_best else "bad"}" role="status"')
    first, why, _rest = result.text().split("\n", 2)
    best = esc(_("best"))
    values = "".join(f"<tr><td>{esc(option_words(o))}</td><td>{esc(written(v))}</td><td>{best if v == d.best_value else ''}"
                     "</td></tr>" for o, v in d.values.items())
    head = "".join(tag("th", esc(t)) for t in (_("option"), _("exact value"), ""))
    table = scroll_box(f'<table class="results"><tr>{head}</tr>{values}</table>',
                       _("every option's exact value"), tall=True)
    every = _("Every option's exact value ({unit})").format(unit=esc(_(result.drill.unit)))
    on = esc(_("Next"))
    return (f'<section class="drill" aria-labelledby="answer-head"><h2 id="answer-head">{esc(heading)}</h2>'
            f'{verdict}<p>{esc(first)}</p><p>{esc(why)}</p>'
            f"<details><summary>{every}</summary>{table}</details>"
            f'<p><a class="button" href="{esc(next_link)}">{on}</a></p></section>{nav(more)}')


def progress_section(progress: Progress, player: str) -> str:
    """The student's progress: the chart of their share of best answers after each answer,
    with its meaning in words, their accuracy by skill and their habits then and now."""
    count = progress.attempts(player)
    w = {k: esc(v) for k, v in (("yours", _("Your progress")), ("by", _("Accuracy by skill")),
                                ("then", _("Your habits then and now")))}
    if not count:
        none = esc(_("No answer yet."))
        return f'<section class="progress"><h2>{w["yours"]}</h2><p>{none}</p></section>'
    shares = progress.running_accuracy(player)
    now = shares[-1]
    best = now * count
    said = n_("After each of your {n} answers, the line shows the share of all your answers so far that were a best "
              "option: 0 at the bottom, 100 % at the top. Now: {best} of {n} ({exact}, {percent}).",
              "After each of your {n} answers, the line shows the share of all your answers so far that were a best "
              "option: 0 at the bottom, 100 % at the top. Now: {best} of {n} ({exact}, {percent}).", count).format(
        n=count, best=best, exact=written(now), percent=percent(now))
    rows = "".join(f"<tr><td>{esc(_(skill))}</td><td>{esc(day.isoformat())}</td><td>{esc(written(share))} "
                   f"({esc(percent(share))})</td></tr>"
                   for skill, days in progress.accuracy(player).items() for day, share in days)
    head = "".join(tag("th", esc(t)) for t in (_("skill"), _("day"), _("share best")))
    skills = scroll_box(f'<table class="results"><tr>{head}</tr>{rows}</table>', esc(_("your accuracy by skill")))
    changes = progress.then_and_now(player)
    then = ("<ul>" + "".join(f"<li>{esc(c.text())}</li>" for c in changes) + "</ul>" if changes else
            tag("p", esc(_("A skill shows here once you have answered it twice.")), ' class="small"'))
    return (f'<section class="progress" aria-labelledby="progress-head"><h2 id="progress-head">{w["yours"]}</h2>'
            f'<figure class="chart">{progress.progress_chart(player)}<figcaption>{esc(said)}</figcaption></figure>'
            f'<h3>{w["by"]}</h3>{skills}<h3>{w["then"]}</h3>{then}</section>')


def class_results(drills: Sequence[Drill], answers: Sequence[tuple[str, str, str]]) -> str:
    """The teacher's view of the class drill set: each drill as the seat saw it, its best,
    and the class's first answers (how many, the share best as an exact fraction, which
    options were chosen); no student is named."""
    by_drill: dict[str, list[tuple[str, Fraction]]] = {}
    for drill, option, cost in answers:
        by_drill.setdefault(drill, []).append((option, Fraction(cost)))
    parts = []
    for number, drill in enumerate(drills, 1):
        got = by_drill.get(drill.id, [])
        best = sum(cost == 0 for _option, cost in got)
        share = (_("{best} of {n} best ({exact}, {percent})").format(
            best=best, n=len(got), exact=written(Fraction(best, len(got))), percent=percent(Fraction(best, len(got))))
            if got else _("no answer yet"))
        chosen: dict[str, int] = {}
        for option, _cost in got:
            chosen[option] = chosen.get(option, 0) + 1
        picks = "; ".join(f"{esc(option_words(o))}: {n}" for o, n in sorted(chosen.items(), key=lambda x: (-x[1], x[0])))
        d = drill.decision
        head = _("<b>Drill {number}</b> ({game}, move {move}):").format(number=number, game=esc(drill.game),
                                                                        move=drill.number)
        said = (_("Best: {best} ({value} {unit}). The class: {share}. Chosen: {picks}.") if picks else
                _("Best: {best} ({value} {unit}). The class: {share}.")).format(
            best=esc(options_words(d.best[:3])), value=esc(written(d.best_value)), unit=esc(_(drill.unit)),
            share=esc(share), picks=picks)
        parts.append(f'<li class="set-drill" data-drill="{esc(drill.id)}" data-answers="{len(got)}" '
                     f'data-best="{best}"><p>{head} {esc(drill.position)}</p><p>{said}</p></li>')
    return f'<ol class="set">{"".join(parts)}</ol>'


def links(items: Sequence[tuple[str, str, Any]]) -> str:
    """A list of links with a note each: (address, words, note)."""
    return "<ul>" + "".join(f'<li><a href="{esc(h)}">{esc(w)}</a> {esc(n)}</li>' for h, w, n in items) + "</ul>"

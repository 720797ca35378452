"""Print the course: per lesson a worksheet and a one-page answer key, per game a quiz.

Everything comes from the lessons' sources (``notebooks/lessons/NN-subject.py``) and their
answer keys (``bluffmath_widgets.lessons.<subject>.KEY``), so that paper and notebook
cannot drift apart:

- the **worksheet** (``NN-subject-worksheet.html``): the lesson's title and goals, the
  activity with cards (section "0. Hands on", where the lesson has one) with room for the
  tally, each exercise's question (the paragraph that starts ``**Exercise N.**`` and the
  one before it, without the hints that only make sense in Python), a box to write in,
  and the "Going further" questions; no code, no answer. Where a question needs the
  lesson's code to make sense, the source holds its paper form, a markdown cell tagged
  ``paper`` (an exercise's, or "## Going further", written "### Going further" in a
  lesson with extra practice, whose sections ``tests/test_lessons.py`` reads in order),
  printed instead. A key module's ``PAPER`` adds what the sheet shows for an exercise
  (lesson 5's positions as grids, counts of deals, Bayes tables with empty cells to fill
  in): before it, or where its paper text says ``<!-- paper -->``. Paper says everything
  in words and mathematics: TeX is printed as mathematics (:func:`tex_html`), and no
  code, programming word, or table the sheet does not print reaches it
  (``tests/test_paper.py`` reads every printed PDF);
- the **answer key** (``NN-subject-key.html``): each exercise's exact answer, computed by
  the core when the key is built, and the answers to "Going further" (the teacher's cell);
- per game a **quiz** and its key (``quiz-GAME.html``, ``quiz-GAME-key.html``), from
  :mod:`bluffmath_widgets.lessons.quiz`;
- per game a **deck** to print and cut (``deck-GAME.html``, from ``decks.py`` beside this
  file), for a class without the boxed games.

The pages are HTML styled for print (``@page { size: A4 }``): open one in a browser and
print it. ``--pdf`` also prints each page to PDF with a headless Chromium, when one is
installed. ``python notebooks/lessons/handouts.py [--out build/handouts] [--lang de] [--pdf]``
(``make handouts``) writes them all, with an ``index.html``.

**Languages.** The pages of a language are made from the lessons in that language
(``build.read(path, lang)``: the twins of ``build.py``) and speak it
(:mod:`bluffmath.i18n`: the pages' own words, the key modules' ``PAPER`` and ``wants``,
the quizzes and the decks), ``<html lang="de">``. English goes to ``build/handouts``, each
other language to a folder of its own, ``build/handouts/de``; with no ``--lang`` every
language is written, and a language gets the worksheets of the lessons wholly translated
into it (``build.languages``). A lesson marks its parts in its language's words
(:data:`build.MARKS`: ``**Aufgabe 3.**``, ``## Weiterdenken``).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import Any

import jupytext
from markdown_it import MarkdownIt

from bluffmath import i18n
from bluffmath.i18n import N_, _, p_, speaking

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
OUT = ROOT / "build" / "handouts"
ENGLISH = "en"
#: The worksheet's headings for the exercises of each part of a lesson (timing.py's
#: markers, ``build.MARKS``: a lesson may take two school lessons, and may end with extra
#: practice), translated when the page is made.
PARTS = {"second": N_("Exercises: second school lesson"), "extra": N_("Extra practice: at home, or for a fast class")}
CODE_LIKE = re.compile(r"\w\(|\.\w|\[|=")
WRITING_LINES = 5
#: Where an exercise's paper text puts what its key module's ``PAPER`` shows (else before it).
SHOWN_HERE = "<!-- paper -->"
GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "theta": "θ", "lambda": "λ",
         "mu": "μ", "pi": "π", "sigma": "σ", "Sigma": "Σ", "Delta": "Δ"}
#: TeX's relations and operators, printed with a space either side.
OPERATORS = {"ge": "≥", "geq": "≥", "le": "≤", "leq": "≤", "ne": "≠", "neq": "≠", "cdot": "·", "times": "×",
             "approx": "≈", "mid": "|", "in": "∈", "cap": "∩", "cup": "∪", "to": "→", "pm": "±"}
#: TeX's other commands printed as one character (or a space).
SYMBOLS = {"ldots": "…", "dots": "…", "cdots": "⋯", "infty": "∞", "sum": "Σ", "quad": "\u2003",
           "qquad": "\u2003\u2003", ",": "\u2009", ";": " ", ":": " ", " ": " ", "!": "", "{": "{", "}": "}",
           "%": "%", **GREEK}
TEXT_COMMANDS = {"text", "mathrm", "textrm", "operatorname", "mathit", "textit"}
IGNORED = {"left", "right", "displaystyle", "big", "Big", "bigl", "bigr", "Bigl", "Bigr"}
#: Characters printed otherwise in mathematics than in TeX's source.
MATH_CHARACTERS = {"-": "−", "'": "′", "*": "∗"}
#: Characters that mean something to markdown, written as entities so that it leaves them.
MARKDOWN_SAFE = {"*": "&#42;", "_": "&#95;", "|": "&#124;", "[": "&#91;", "]": "&#93;", "`": "&#96;",
                 "\\": "&#92;", "~": "&#126;"}

STYLE = """
@page { size: A4; margin: 16mm 18mm; }
body { font: 11pt/1.4 Georgia, "DejaVu Serif", serif; color: #111; max-width: 44em; margin: auto; }
h1 { font-size: 17pt; margin: 0 0 .2em; } h2 { font-size: 13pt; margin: 1em 0 .3em; }
.who { border-bottom: 1px solid #555; padding: .4em 0; margin-bottom: .6em; }
.exercise { margin: .6em 0 .8em; }
.ask, .together, .exercise[data-question], .exercise[data-activity], table { break-inside: avoid; }
.exercise p:has(+ table), .exercise p:has(+ .position), .position p:has(+ table) { break-after: avoid; }
.space { border: 1px solid #999; height: 5.5em; margin-top: .3em; }
.answer { font-weight: bold; font-family: "DejaVu Sans Mono", monospace; }
table { border-collapse: collapse; } td, th { border: 1px solid #999; padding: .2em .5em; text-align: left; }
.math { font-family: "DejaVu Serif", Georgia, serif; white-space: nowrap; }
.math.display { display: block; text-align: center; margin: .4em 0; }
.frac { display: inline-flex; flex-direction: column; vertical-align: middle; text-align: center;
  font-size: 92%; line-height: 1.15; margin: 0 .1em; }
.frac > span + span { border-top: 1px solid currentColor; }
.frac.nobar > span + span { border-top: none; }
.binom { white-space: nowrap; } .binom .paren { display: inline-block; transform: scale(1.1, 2.1); }
td.blank, table:not(.grid) td:empty { min-width: 4.5em; height: 1.7em; }
table.paper { margin: .3em 0 .5em; font-size: 10pt; } table.paper th[scope="row"] { font-weight: normal; }
.seat-grid { break-inside: avoid; } .legend { font-size: 9.5pt; }
.seat-grid { display: inline-block; vertical-align: top; margin: 0 1.2em .3em 0; }
table.grid td, table.grid th { min-width: 2.4em; height: 1.3em; text-align: center; font-size: 9pt;
  padding: 0 .2em; white-space: nowrap; }
.position p { margin: .3em 0; } .position table td, .position table th { padding: .1em .25em; }
@media screen { body { padding: 1em; } }
"""


@dataclass(frozen=True)
class Lesson:
    """What the handouts need of one lesson's source."""

    stem: str
    title: str
    goals: str
    exercises: dict[int, str]
    further: str
    further_answers: str
    key: Any
    hands_on: str = ""
    parts: tuple[tuple[str, tuple[int, ...]], ...] = ()
    #: What the sheet prints before an exercise (HTML): the key module's ``PAPER``, such as
    #: lesson 5's positions, which a student on paper cannot see otherwise.
    shown: tuple[tuple[int, str], ...] = ()


def read_lesson(path: Path, lang: str = ENGLISH) -> Lesson:
    """The title, goals, exercises and "Going further" of the lesson at ``path``, in ``lang``
    (its headings in the language in use: call it inside ``speaking(lang)``)."""
    build = _build()
    marks = build.MARKS[lang]
    cells = build.read(path, lang).cells
    markdown = [(set(c.metadata.get("tags", ())), c.source) for c in cells if c.cell_type == "markdown"]
    open_text = [text for tags, text in markdown if not tags & {"teacher", "paper"}]
    paper = {int(found[1]): text.strip() for tags, text in markdown if "paper" in tags
             for found in [marks.question.search(text)] if found}
    title = open_text[0].splitlines()[0].lstrip("# ").strip()
    goals = "\n\n".join(p for p in _paragraphs(_section(open_text[0], marks.goals))
                          if "`check(" not in p and marks.fits not in p)
    exercises: dict[int, str] = {}
    parts: list[tuple[str, list[int]]] = [(_("Exercises"), [])]
    for text in open_text:
        heading = PARTS["second"] if text.startswith(marks.second) else PARTS["extra"] if text.startswith(
            marks.extra) else None
        if heading:
            parts.append((_(heading), []))
        paragraphs = _paragraphs(text)
        for i, paragraph in enumerate(paragraphs):
            found = marks.question.match(paragraph)
            if found:
                before = paragraphs[i - 1] if i and not paragraphs[i - 1].startswith("#") else ""
                exercises[int(found[1])] = "\n\n".join(p for p in (before, paragraph) if p)
                parts[-1][1].append(int(found[1]))
    further = next((_section(t, f"## {marks.further}") for tags, t in markdown if "paper" in tags
                    and re.match(rf"#{{2,3}} {marks.further}", t)), "") or next(
        (_section(t, f"## {marks.further}") for t in open_text if f"## {marks.further}" in t), "")
    further = "\n\n".join(p for p in _paragraphs(further) if marks.no_check not in p)
    hands_on = next((_section(t, marks.hands_on) for t in open_text if marks.hands_on in t), "")
    hands_on = "\n\n".join(p for p in _paragraphs(hands_on)[1:] if marks.below not in p)
    answers = next((t for tags, t in markdown if "teacher" in tags and marks.answers in t), "")
    answers = answers.replace(marks.answers, "").strip()
    exercises.update((n, text) for n, text in paper.items() if n in exercises)
    if any(name == _(PARTS["second"]) for name, __ in parts):
        parts[0] = (_("Exercises: first school lesson"), parts[0][1])
    module = _key_module(path)
    shown = tuple((n, draw()) for n, draw in sorted(getattr(module, "PAPER", {}).items()))
    return Lesson(path.stem, title, goals, exercises, further, answers, module.KEY, hands_on,
                  tuple((name, tuple(numbers)) for name, numbers in parts if numbers), shown)


def _build() -> Any:
    """The module ``build.py`` beside this file (this folder is not a package)."""
    return _beside("lesson_build", "build.py")


def _key_module(path: Path) -> Any:
    found = re.search(r"^from bluffmath_widgets\.lessons\.(\w+) import", path.read_text(encoding="utf-8"), re.M)
    if not found:
        raise ValueError(f"{path.name} does not import its answer key from bluffmath_widgets.lessons")
    return importlib.import_module(f"bluffmath_widgets.lessons.{found[1]}")


def _paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]


def _section(text: str, heading: str) -> str:
    """The text under ``heading`` up to the next heading of the same level."""
    if heading not in text:
        return ""
    rest = text.split(heading, 1)[1]
    return re.split(r"^## ", rest, maxsplit=1, flags=re.M)[0].strip()


def for_paper(text: str) -> str:
    """Markdown for paper: drop parentheses that only point at Python, print inline code
    that is no code as plain text, say programming words in plain English, and print TeX
    as mathematics (:func:`tex_html`).

    >>> for_paper("How many? (Use `hands`.) Give a `Fraction`.")
    'How many? Give a fraction.'
    >>> for_paper('Say `"doubt"`; give `(c, d)` as a tuple, lowest first.')
    'Say "doubt"; give (c, d), lowest first.'
    >>> for_paper("Is $\\\\frac{1}{3} \\\\times 3 = 1$?")
    'Is <span class="math">1/3 × 3 = 1</span>?'
    """
    out, i = [], 0
    while i < len(text):
        if text[i] == "(":
            end = _closing(text, i)
            inner = text[i + 1:end]
            if end > i and ((inner.startswith(("`", "Use `")) and "`" in inner)
                            or any(CODE_LIKE.search(span) for span in re.findall(r"`([^`]*)`", inner))):
                i = end + 1
                while out and out[-1] in " \n" and (i >= len(text) or text[i] in " .,;:\n"):
                    out.pop()
                continue
        out.append(text[i])
        i += 1
    parts = re.split(r"(\$\$.+?\$\$|\$[^$]+\$)", "".join(out), flags=re.S)
    return "".join(_math(part) if part.startswith("$") else paper_words(_plain_code(part)) for part in parts)


def _math(tex: str) -> str:
    display = tex.startswith("$$")
    inner = tex.strip("$").strip()
    return f'<span class="math{" display" if display else ""}">{tex_html(inner)}</span>'


def _plain_code(text: str) -> str:
    """Inline code that is no code (a quoted word, a pair such as ``(red, blue)``, a type
    named in the notebook such as ``Fraction``) as plain text; code stays code."""
    def plain(found: re.Match[str]) -> str:
        code = found[1]
        return found[0] if CODE_LIKE.search(code) or "_" in code or re.search(r"[a-z][A-Z]", code) else code
    return re.sub(r"`([^`\n]+)`", plain, text)


#: Words of the notebooks that mean nothing on paper, with what a reader of paper is told.
PAPER_WORDS = ((re.compile(r",? as a tuple\b"), ""), (re.compile(r"\ba tuple of\b"), "the"),
               (re.compile(r"\bgive its name\s+as text\b"), "give its name"))


#: The same in German: a "Bruch" needs no "(Fraction)" on paper, and no "Tupel".
GERMAN_PAPER_WORDS = ((re.compile(r" ?\((?:`?Fraction`?|als Fraction)\)"), ""), (re.compile(r",? als Tupel\b"), ""))


def paper_words(text: str) -> str:
    """Programming words in plain words of the language in use: in English a fraction, not
    a ``Fraction`` (except where it starts a sentence); the values, not a tuple of them;
    in German a "Bruch", without "(Fraction)" after it.

    >>> with speaking("de"):
    ...     paper_words("ein Bruch (Fraction), als Tupel")
    'ein Bruch'

    >>> paper_words("A pair of Fractions. Fraction(1, 3) is a Fraction; give a tuple of values.")
    'A pair of fractions. Fraction(1, 3) is a fraction; give the values.'
    """
    if i18n.language() != ENGLISH:
        for pattern, said in GERMAN_PAPER_WORDS:
            text = pattern.sub(said, text)
        return text
    for pattern, said in PAPER_WORDS:
        text = pattern.sub(said, text)
    return re.sub(r"(^|[.!?:]\s+)?\bFraction(s?)\b(?!\()",
                  lambda m: m[0] if m[1] is not None else f"fraction{m[2]}", text)


def _closing(text: str, start: int) -> int:
    depth, code = 0, False
    for j in range(start, len(text)):
        if text[j] == "`":
            code = not code
        elif not code and text[j] == "(":
            depth += 1
        elif not code and text[j] == ")":
            depth -= 1
            if depth == 0:
                return j
    return start


class _TeX:
    """A reader of the little TeX the lessons write, printing it as HTML mathematics."""

    def __init__(self, source: str) -> None:
        self.source, self.at = source, 0

    def error(self, what: str) -> ValueError:
        return ValueError(f"TeX {self.source!r}: {what} (handouts.py prints only a small part of TeX)")

    def sequence(self, closing: str = "") -> str:
        """Atoms up to ``closing`` (a ``}``) or the end, with their powers and subscripts."""
        out: list[str] = []
        while self.at < len(self.source):
            char = self.source[self.at]
            if closing and char == closing:
                self.at += 1
                return "".join(out)
            if char in "^_":
                self.at += 1
                tag = "sup" if char == "^" else "sub"
                out.append(f"<{tag}>{self.argument()}</{tag}>")
            else:
                out.append(self.atom())
        if closing:
            raise self.error("a { is never closed")
        return "".join(out)

    def argument(self) -> str:
        """A command's argument, or what a ^ or _ raises: a {group} or one atom."""
        while self.at < len(self.source) and self.source[self.at].isspace():
            self.at += 1
        if self.at >= len(self.source):
            raise self.error("an argument is missing")
        return self.atom()

    def atom(self) -> str:
        char = self.source[self.at]
        self.at += 1
        if char == "{":
            return self.sequence("}")
        if char == "}":
            raise self.error("a } closes nothing")
        if char == "\\":
            return self.command()
        if char.isspace():
            while self.at < len(self.source) and self.source[self.at].isspace():
                self.at += 1
            return " "
        if char.isalpha():
            return f"<i>{char}</i>"
        return MATH_CHARACTERS.get(char) or _safe(char)

    def command(self) -> str:
        name = re.match(r"[A-Za-z]+|.", self.source[self.at:], re.S)
        if name is None:
            raise self.error("a backslash ends it")
        word = name[0]
        self.at += len(word)
        if word in TEXT_COMMANDS:
            return self.text()
        if word in ("frac", "dfrac", "tfrac"):
            return _fraction(self.argument(), self.argument())
        if word == "binom":
            top, bottom = self.argument(), self.argument()
            return (f'<span class="binom"><span class="paren">(</span><span class="frac nobar"><span>{top}</span>'
                    f'<span>{bottom}</span></span><span class="paren">)</span></span>')
        if word in IGNORED:
            if self.source[self.at:self.at + 1] == ".":
                self.at += 1
            return ""
        if word in OPERATORS:
            return f" {_safe(OPERATORS[word])} "
        if word in SYMBOLS:
            return _safe(SYMBOLS[word])
        raise self.error(f"\\{word} is not known")

    def text(self) -> str:
        """The argument of ``\\text``: words, printed upright as they are."""
        while self.at < len(self.source) and self.source[self.at].isspace():
            self.at += 1
        if self.source[self.at:self.at + 1] != "{":
            raise self.error("\\text needs {...}")
        end = self.source.find("}", self.at)
        if end < 0:
            raise self.error("a { is never closed")
        words = self.source[self.at + 1:end]
        self.at = end + 1
        return "".join(_safe(c) for c in words)


def _safe(text: str) -> str:
    """Text escaped for HTML and for markdown (which must not read ``*`` or ``_`` in it)."""
    return "".join(MARKDOWN_SAFE.get(c, c) for c in escape(text, quote=False))


def _fraction(top: str, bottom: str) -> str:
    """``a/b`` where both are a number or a letter, else one above the other."""
    simple = re.compile(r"−?(<i>)?\w+(</i>)?")
    if simple.fullmatch(top.strip()) and simple.fullmatch(bottom.strip()):
        return f"{top.strip()}/{bottom.strip()}"
    return f'<span class="frac"><span>{top.strip()}</span><span>{bottom.strip()}</span></span>'


def tex_html(tex: str) -> str:
    """TeX as HTML mathematics, for paper: fractions (``a/b`` when short, else one above
    the other), ``\\binom``, powers and subscripts, Greek, ``≥ ≤ ≠ · ×``, ``\\sum`` as Σ,
    ``\\text`` upright, letters in italics, minus signs. A command it does not know is an
    error, never printed.

    >>> tex_html(r"\\binom{15}{3} = 455, \\frac{7}{13}").split("</span>")[-1]
    ' = 455, 7/13'
    >>> tex_html(r"\\frac12 \\beta \\ge x^2_{i}")
    '1/2 β ≥ <i>x</i><sup>2</sup><sub><i>i</i></sub>'
    >>> tex_html(r"(x - \\text{mean})^2")
    '(<i>x</i> − mean)<sup>2</sup>'
    """
    return re.sub(r" {2,}", " ", _TeX(tex).sequence()).strip()


_MD = MarkdownIt("commonmark", {"html": True}).enable("table")


def html(markdown: str) -> str:
    """Paper markdown as HTML."""
    return _MD.render(for_paper(markdown))


def show(answer: object) -> str:
    """An exact answer as a reader writes it: ``1/3``, ``(12, 7/13)``, ``red-D``.

    >>> show((12, Fraction(7, 13))), show(Fraction(4, 2)), show("doubt")
    ('(12, 7/13)', '2', 'doubt')
    """
    if isinstance(answer, tuple | list):
        return "(" + ", ".join(show(item) for item in answer) + ")"
    if isinstance(answer, Fraction):
        return str(answer.numerator) if answer.denominator == 1 else f"{answer.numerator}/{answer.denominator}"
    return str(answer)


def page(title: str, body: str, who: bool = True) -> str:
    """A print-styled HTML page, in the language in use."""
    line = '<div class="who">' + _("Name: ____________________ &nbsp; Class: ________ &nbsp; Date: ________") + "</div>"
    return (f'<!DOCTYPE html>\n<html lang="{i18n.language()}"><head><meta charset="utf-8"><title>{escape(title)}'
            f"</title><style>{STYLE}</style></head><body>\n<h1>{escape(title)}</h1>\n"
            f"{line if who else ''}\n{body}</body></html>\n")


def worksheet(lesson: Lesson) -> str:
    """The student's sheet: goals, the exercises with room to write, "Going further"."""
    goals, cards, further = _("Goals"), _("Before the screen: with cards"), _("Going further")
    parts = [f"<h2>{goals}</h2>{html(lesson.goals)}"]
    if lesson.hands_on:
        parts.append(f'<h2>{cards}</h2><div class="exercise" data-activity>'
                     f'{html(lesson.hands_on)}<div class="space"></div></div>')
    for heading, numbers in lesson.parts or ((_("Exercises"), tuple(sorted(lesson.exercises))),):
        parts.append(f"<h2>{escape(heading)}</h2>")
        shown = dict(lesson.shown)
        parts.extend(_exercise(number, lesson.exercises[number], shown.get(number, "")) for number in numbers)
    if lesson.further:
        parts.append(f"<h2>{further}</h2>{html(lesson.further)}")
    return page(_("{title}: worksheet").format(title=lesson.title), "\n".join(parts))


def _exercise(number: int, text: str, shown: str) -> str:
    """One exercise on the sheet: its text, then its question and room to write, kept on
    one page (the text before may break across pages); what the key module's ``PAPER``
    shows for it goes where its paper text says ``<!-- paper -->``, else before it."""
    body = html(text)
    position = f'<div class="position" data-before="{number}">{shown}</div>' if shown else ""
    if SHOWN_HERE in body:
        body, position = body.replace(SHOWN_HERE, position), ""
    ask = body.find(f"<p><strong>{_build().MARKS[i18n.language()].exercise} {number}.</strong>")
    context, question = (body[:ask], body[ask:]) if ask >= 0 else ("", body)
    return (f'{position}<div class="exercise" data-exercise="{number}">{context}'
            f'<div class="ask">{question}<div class="space"></div></div></div>')


def answer_key(lesson: Lesson) -> str:
    """The teacher's page: every exercise's exact answer and the "Going further" answers."""
    rows = "".join(f'<tr data-exercise="{n}"><td>{n}</td><td>{escape(paper_words(_(e.wants)))}</td>'
                   f'<td class="answer">{escape(show(lesson.key.answer(n)))}</td></tr>'
                   for n, e in sorted(lesson.key.exercises.items()))
    head = "".join(f"<th>{escape(word)}</th>" for word in (_("Exercise"), _("Answer is"), p_("answer key", "Answer")))
    answers = _("Going further: answers")
    body = f"<table><tr>{head}</tr>{rows}</table><h2>{answers}</h2>{html(lesson.further_answers)}"
    return page(_("{title}: answer key (teacher)").format(title=lesson.title), body, who=False)


def quiz(game: str, with_answers: bool = False) -> str:
    """A game's quiz, or its key."""
    from bluffmath_widgets.lessons.quiz import QUIZZES

    questions = QUIZZES[game]
    parts = []
    for q in questions.questions:
        said = _("Answer:")
        answer = (f'<p>{said} <span class="answer">{escape(show(q.answer()))}</span></p>'
                  if with_answers else '<div class="space"></div>')
        parts.append(f'<div class="exercise" data-question="{q.number}"><p><strong>{q.number}.</strong> '
                     f"{html(_(q.text)).removeprefix('<p>')}{answer}</div>")
    title = (_("Quiz: {game} (answer key, teacher)") if with_answers else _("Quiz: {game}")).format(
        game=questions.title)
    return page(title, "\n".join(parts), who=not with_answers)


def index(pages: list[Path]) -> str:
    items = "".join(f'<li><a href="{p.name}">{escape(p.stem)}</a></li>' for p in pages)
    return page(_("bluffmath course: handouts"), f"<ul>{items}</ul>", who=False)


def sources(lang: str = ENGLISH) -> list[Path]:
    """The lessons' sources (not the notebook basics, which has no handout) that are in
    ``lang``: every lesson in English, the lessons wholly translated in another."""
    build = _build()
    return [p for p in sorted(HERE.glob("[0-9][0-9]-*.py")) if not p.name.startswith("00-")
            and (lang == ENGLISH or lang in build.languages(p, jupytext.read(p)))]


def folder(out: Path, lang: str) -> Path:
    """Where the pages of ``lang`` go: ``out`` for English, ``out/LANG`` for another."""
    return out if lang == ENGLISH else out / lang


def build(out: Path = OUT, lang: str = ENGLISH) -> list[Path]:
    """Write every worksheet, answer key, quiz and deck in ``lang`` into ``out``; the pages written."""
    from bluffmath_widgets.lessons.quiz import QUIZZES

    out.mkdir(parents=True, exist_ok=True)
    pages: dict[str, str] = {}
    with speaking(lang):
        for path in sources(lang):
            lesson = read_lesson(path, lang)
            pages[f"{lesson.stem}-worksheet.html"] = worksheet(lesson)
            pages[f"{lesson.stem}-key.html"] = answer_key(lesson)
        for game in QUIZZES:
            pages[f"quiz-{game}.html"] = quiz(game)
            pages[f"quiz-{game}-key.html"] = quiz(game, with_answers=True)
        for game, draw in decks().DECKS.items():
            pages[f"deck-{game}.html"] = draw()
        written = []
        for name, text in pages.items():
            (out / name).write_text(text, encoding="utf-8")
            written.append(out / name)
        (out / "index.html").write_text(index(written), encoding="utf-8")
    return written


def decks() -> Any:
    """The module ``decks.py`` beside this file (this folder is not a package)."""
    return _beside("lesson_decks", "decks.py")


def _beside(name: str, file: str) -> Any:
    """The module ``file`` beside this one, loaded once as ``name``."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, HERE / file)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def print_pdf(pages: list[Path], chromium: str | None = None) -> list[Path]:
    """Print each page to PDF beside it with a headless Chromium; the PDFs written."""
    browser = chromium or shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        raise FileNotFoundError("--pdf needs Chromium (chromium on the PATH); the HTML pages print from any browser")
    written = []
    for path in pages:
        target = path.with_suffix(".pdf")
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                        f"--print-to-pdf={target}", path.as_uri()], check=True, capture_output=True, timeout=120)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write (default: build/handouts)")
    parser.add_argument("--pdf", action="store_true", help="also print each page to PDF with Chromium")
    parser.add_argument("--lang", choices=_build().MARKS, help="only this language (default: every language, "
                        "each but English in a folder of its own, such as build/handouts/de)")
    args = parser.parse_args(argv)
    pages = []
    for lang in [args.lang] if args.lang else list(_build().MARKS):
        pages += build(folder(args.out, lang), lang)
    if args.pdf:
        pages += print_pdf(pages)
    for path in pages:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())

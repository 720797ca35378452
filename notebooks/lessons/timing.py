"""A lesson's working time for a high-school class that has never programmed, counted.

The count walks the student copy of a lesson as such a student works through it, alone
or in pairs, and charges each step at a stated rate:

- reading the text (the lesson's markdown, formulas counted as one word each; "Going
  further" left out): 120 words a minute, slow reading of a text with numbers in it;
- each code cell run and its output read: half a minute, plus 0.15 minutes for each line
  of code to read (a class that has never programmed reads code slowly); the lines an
  exercise's cell gives (a start with a blank to fill in) are code to read too;
- each exercise, by **what it asks** (:func:`kind`, read from the exercise's cell and its
  solution's, below);
- each widget on screen (a cell that makes one of the ``CamelCase`` classes the lesson
  imports from ``bluffmath_widgets``): 3 minutes of trying its controls;
- the hands-on activity with cards (a section "0. Hands on"): 10 minutes.

**What an exercise asks.** The student writes what the solution has and the exercise's
cell does not: each ``...`` blank's filling, or the whole solution where the cell is only
``answer_N = ...`` (the solution's last line, when it only shows the answer, is left
out). What is written is sorted into four kinds, each with its minutes:

=====================  =======  ==========================================================
kind                   minutes  what is written, and why it takes that long
=====================  =======  ==========================================================
reading                2        no operation: a number, a fraction or a word in quotes
                                read off the screen (or worked out from such and the
                                student's own earlier answers), or a name the lesson
                                computed. Find it, type it, run the check.
one call               4        one operation: one call of a function the lesson showed,
                                one look-up (``d[x]``, ``d.value``) or one sum such as
                                ``1 - q``. Copy a line shown above and change it: a class
                                working alone needs a hint or a second try.
a few lines            7        two operations or more: several calls, unpacking a pair,
                                ``1 - q`` of a value looked up, a pair of computed values;
                                or a blank inside a loop the cell gives. The student
                                plans the steps, and most need a "not yet" and a retry.
a function to write    14       ``def``, ``for``, ``while``, an ``if`` statement,
                                ``return``, ``lambda`` or a loop in one line
                                (``sum(... for ...)``): none of these is taught to the
                                class, which needs the teacher at its side.
=====================  =======  ==========================================================

An operation is a call (``Fraction(1, 3)`` of plain numbers is a number, no call), a
look-up by ``[...]`` or of an attribute, a sum, difference, product, quotient or
comparison with a name in it, an ``x if c else y``, and unpacking ``a, b = ...``.

**Calibrated against a read-through.** Issue 45 read lesson 3, as it was when the issue
was filed (commit a66be84), as a 15-year-old working alone would, and found that it takes
such a class about 55 to 60 minutes; the count at that time gave every exercise 4 minutes
and said 40. By the kinds above its five exercises are a few lines (the expected penalty
from a chance the lesson had not yet shown), a few lines (two raises' penalties, 1 - q
each), a few lines (unpacking ``table.best_calls()``, then 1 - q), reading (the word
"doubt" or "raise") and a function to write (``for``, ``if``, ``return`` around
``hs.MAX_TOTAL``): 37 minutes instead of 20, and with its 1051 words, 12 cells, 25 lines
of code (18, and the 7 given lines of exercise 5's start) and its widget the lesson counts
59 minutes, within the read-through's 55 to 60 (``tests/test_pacing.py`` keeps it so).

A lesson longer than one school lesson is split where a markdown cell starts with
``## Second school lesson``: each part is counted on its own and none may take more than
40 minutes (a 45-minute school lesson, less 5 for logging in and handing out cards). A
section ``## Extra practice`` after the summary (exercises for a fast class
or for home) is counted apart, and "Going further" not at all.

``python notebooks/lessons/timing.py`` prints every lesson's count; ``--write`` puts it
into each lesson's teacher note (the paragraph that starts ``**Working time``), which the
tests compare with the count, and the count's numbers into the note's German twin (the
paragraph that starts ``**Arbeitszeit``, :data:`TWIN_NOTES`), in the same order: its words
are the translator's, and ``tests/test_course_german.py`` checks that its numbers are the
English note's. The count is of the English copy; a translation has the same code cells
and exercises, and its reading time is counted in English words.
"""

from __future__ import annotations

import argparse
import ast
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import jupytext

HERE = Path(__file__).resolve().parent
READING = 120
CELL, LINE, WIDGET, HANDS_ON = 0.5, 0.15, 3, 10
#: The kinds of exercise, by what the student writes, and the minutes each takes.
READ, CALL, LINES, FUNCTION = "reading", "one call", "a few lines", "a function to write"
KINDS: dict[str, int] = {READ: 2, CALL: 4, LINES: 7, FUNCTION: 14}
LIMIT = 40
#: The notebook basics, before lesson 1 (counted and printed, but it has no teacher's note).
START = "00-notebook-basics.py"
SECOND, EXTRA, FURTHER = "## Second school lesson", "## Extra practice", "## Going further"
NOTE = re.compile(r"^# \*\*Working time.*?(?=^#\s*$)", re.M | re.S)
#: The note's paragraph in each translation (a twin of the teacher's cell, ``build.py``).
TWIN_NOTES = {"de": re.compile(r"^# \*\*Arbeitszeit.*?(?=^#\s*$)", re.M | re.S)}
NUMBER = re.compile(r"\d+")
#: What a student must write a loop or a function for.
LOOPS = (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef, ast.AsyncFunctionDef, ast.If, ast.Return,
         ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
ANSWER = re.compile(r"answer_\d+ = \.\.\.")
ANSWERED = re.compile(r"answer_\d+")


@dataclass(frozen=True)
class Count:
    """What a lesson asks of a student, and the minutes it takes at the rates above."""

    words: int
    cells: int
    lines: int
    exercises: tuple[str, ...]
    widgets: int
    hands_on: bool

    @property
    def minutes(self) -> int:
        return round(self.words / READING + self.cells * CELL + self.lines * LINE
                     + sum(KINDS[kind] for kind in self.exercises) + self.widgets * WIDGET
                     + HANDS_ON * self.hands_on)

    def what(self) -> str:
        """What was counted, in words.

        >>> print(Count(240, 3, 10, (CALL, READ, CALL), 1, False).what())  # doctest: +NORMALIZE_WHITESPACE
        240 words to read at 120 a minute, 3 code cells to run (10 lines of code to read), 3 exercises
        by kind (reading: 1 at 2 minutes; one call: 2 at 4 minutes), 1 widget at 3 minutes
        """
        kinds = Counter(self.exercises)
        asked = "; ".join(f"{kind}: {kinds[kind]} at {minutes} minutes" for kind, minutes in KINDS.items()
                          if kinds[kind])
        n = len(self.exercises)
        return (f"{self.words} words to read at {READING} a minute, {self.cells} code cells to "
                f"run ({self.lines} lines of code to read), {n} exercise{'s' if n != 1 else ''}"
                + (f" by kind ({asked})" if asked else "")
                + f", {self.widgets} widget{'s' if self.widgets != 1 else ''} at {WIDGET} minutes"
                + (f", the activity with cards {HANDS_ON} minutes" if self.hands_on else ""))


@dataclass(frozen=True)
class Timing:
    """A lesson's school lessons (one or two parts) and its extra practice, counted."""

    parts: tuple[Count, ...]
    extra: Count | None = None

    @property
    def minutes(self) -> tuple[int, ...]:
        """The minutes of each school lesson the lesson takes.

        >>> Timing((Count(0, 0, 0, (FUNCTION,) * 3, 1, False), Count(1200, 2, 0, (CALL,) * 5, 0, False))).minutes
        (45, 31)
        """
        return tuple(part.minutes for part in self.parts)

    @property
    def fits(self) -> bool:
        """Whether every school lesson of it fits the :data:`LIMIT`."""
        return max(self.minutes) <= LIMIT

    def note(self) -> str:
        """The teacher note's paragraph, as jupytext comment lines."""
        total = self.parts[0] if len(self.parts) == 1 else None
        if total is not None:
            head = f"about {total.minutes} minutes**, within a {LIMIT}-minute lesson"
        else:
            head = (f"two school lessons, about {' and '.join(map(str, self.minutes))} minutes"
                    f"**, each within a {LIMIT}-minute lesson (the second starts at \"Second "
                    f"school lesson\")")
        if not self.fits:
            head = head.replace(f"within a {LIMIT}", f"NOT within a {LIMIT}")
        text = (f"**Working time, counted for a class that has never programmed: {head}. "
                f"Counted by `notebooks/lessons/timing.py` from the student copy, each exercise "
                f"by what it asks"
                + "".join(f"{'; part ' + str(i) if total is None else ''}: {part.what()}"
                          for i, part in enumerate(self.parts, 1)) + ".")
        if self.extra is not None:
            text += (f" The extra practice after the summary, for a fast class or for home, "
                     f"takes about {self.extra.minutes} minutes more: {self.extra.what()}.")
        return _comment(text)


def _comment(text: str) -> str:
    lines, line = [], ""
    for word in text.split():
        if len(line) + len(word) + 1 > 86:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return "\n".join(f"# {part}" for part in [*lines, line]) + "\n"


def _words(text: str) -> int:
    return len(re.findall(r"[\w'\-]+", re.sub(r"\$[^$]*\$", " x ", text)))


# --- what an exercise asks -------------------------------------------------------------------

def kind(exercise: str, solution: str) -> str:
    """What an exercise asks, from its cell (``exercise``) and its solution's: one of
    :data:`KINDS`.

    >>> kind("answer_4 = ...", 'answer_4 = "doubt"')
    'reading'
    >>> kind("answer_1 = ...", "answer_1 = hs.call_odds(4, own=4, call=13)\\nanswer_1, percent(answer_1)")
    'one call'
    >>> kind("answer_3 = ...", "best, q = table.best_calls(1)[0]\\nanswer_3 = 1 - q")
    'a few lines'
    >>> kind("answer_3 = ...", "answer_3 = min(v for v, p in after.items() if p > Fraction(1, 2))")
    'a function to write'
    >>> kind("answer_2 = (1 - q_red, ...)", "answer_2 = (1 - q_red, 1 - q_blue)")
    'one call'
    """
    written, in_loop = _written(exercise, solution)
    if any(isinstance(node, LOOPS) for part in written for node in ast.walk(part)):
        return FUNCTION
    operations = sum(_operations(part) for part in written)
    if operations >= 2 or in_loop:
        return LINES
    return CALL if operations == 1 else READ


def given_lines(exercise: str) -> int:
    """The lines of code an exercise's cell gives to read (its start), besides a bare
    ``answer_N = ...`` and comments."""
    return sum(1 for line in exercise.splitlines() if line.strip() and not line.lstrip().startswith("#")
               and not ANSWER.fullmatch(line.split("#")[0].strip()))


def _written(exercise: str, solution: str) -> tuple[list[ast.AST], bool]:
    """What the student writes: the parts of the solution that fill the exercise's blanks,
    or its statements that the exercise's cell does not give; and whether a blank lies
    inside a loop, a test or a function the cell gives."""
    statements = ast.parse(solution).body
    if statements and isinstance(statements[-1], ast.Expr):
        statements = statements[:-1]  # it only shows the answer
    given = [node for node in ast.walk(ast.parse(exercise)) if isinstance(node, ast.stmt)]
    written: list[ast.AST] = []
    in_loop = False
    for statement in statements:
        for offered in given:
            filled = _fill(offered, statement)
            if filled is not None:
                written += filled
                in_loop = in_loop or (bool(filled) and isinstance(offered, (ast.For, ast.While, ast.If,
                                                                            ast.FunctionDef)))
                break
        else:
            written.append(statement)
    return written, in_loop


def _fill(blank: object, full: object) -> list[ast.AST] | None:
    """The subtrees of ``full`` that fill the ``...`` of ``blank`` (the same tree but for
    them), or None if the two differ elsewhere."""
    if isinstance(blank, ast.Constant) and blank.value is Ellipsis:
        return [] if isinstance(full, ast.Constant) and full.value is Ellipsis else [full]  # type: ignore[list-item]
    if isinstance(blank, list) and isinstance(full, list):
        if len(blank) != len(full):
            return None
        found: list[ast.AST] = []
        for a, b in zip(blank, full, strict=True):
            part = _fill(a, b)
            if part is None:
                return None
            found += part
        return found
    if isinstance(blank, ast.AST) and isinstance(full, ast.AST):
        if type(blank) is not type(full):
            return None
        found = []
        for field in blank._fields:
            if field == "ctx":
                continue
            part = _fill(getattr(blank, field, None), getattr(full, field, None))
            if part is None:
                return None
            found += part
        return found
    return [] if blank == full else None


def _literal(node: ast.AST) -> bool:
    """A number, a word or a fraction typed as such, or worked out from such and the
    student's earlier answers: ``3``, ``-1``, ``"doubt"``, ``Fraction(2, 3)``,
    ``Fraction(2, 3) * -1 + 1``, ``(1, "x")``, ``"doubt" if answer_1 < answer_3 else "raise"``."""
    if isinstance(node, ast.Constant) or (isinstance(node, ast.Name) and ANSWERED.fullmatch(node.id)):
        return True
    if isinstance(node, ast.UnaryOp):
        return _literal(node.operand)
    if isinstance(node, ast.BinOp):
        return _literal(node.left) and _literal(node.right)
    if isinstance(node, ast.Compare):
        return _literal(node.left) and all(_literal(item) for item in node.comparators)
    if isinstance(node, ast.IfExp):
        return _literal(node.test) and _literal(node.body) and _literal(node.orelse)
    if isinstance(node, ast.Tuple):
        return all(_literal(item) for item in node.elts)
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Fraction"
            and not node.keywords and all(_literal(arg) for arg in node.args))


def _operations(node: ast.AST, inside: bool = False) -> int:
    """The operations in a part the student writes (the module's docstring says which);
    ``inside``: ``node`` is called, or looked up in (the ``d`` of ``d.value`` or ``d[x]``)."""
    if _literal(node):
        return 0
    here = isinstance(node, (ast.Call, ast.Subscript, ast.IfExp, ast.BinOp, ast.Compare, ast.BoolOp)) or (
        isinstance(node, ast.Attribute) and not inside) or (
        isinstance(node, ast.Tuple) and isinstance(node.ctx, ast.Store))
    below = 0
    for child in ast.iter_child_nodes(node):
        held = (isinstance(node, ast.Call) and child is node.func) or (
            isinstance(node, (ast.Attribute, ast.Subscript)) and child is node.value)
        below += _operations(child, held)
    return int(here) + below


# --- the count -----------------------------------------------------------------------------

def count(path: Path) -> Timing:
    """Count the lesson whose source is at ``path`` (its student copy's cells)."""
    parts: list[list] = [[]]
    extra: list = []
    place = parts[0]
    cells = [c for c in jupytext.read(path).cells if "lang" not in c.metadata]  # English: build.py's twins left out
    widgets = _widget_classes(cell.source for cell in cells if cell.cell_type == "code")
    for i, cell in enumerate(cells):
        tags = set(cell.metadata.get("tags", ()))
        if tags & {"teacher", "solution", "paper"}:
            continue
        if cell.cell_type == "markdown":
            if cell.source.startswith(SECOND):
                parts.append([])
                place = parts[-1]
            elif cell.source.startswith(EXTRA):
                place = extra
            elif cell.source.startswith(FURTHER):
                place = []
        solution = cells[i + 1].source if "exercise" in tags and i + 1 < len(cells) else None
        place.append((cell, solution))
    return Timing(tuple(_count(cells, widgets) for cells in parts), _count(extra, widgets) if extra else None)


def _widget_classes(sources: Iterable[str]) -> set[str]:
    """The widgets a lesson can show: the CamelCase names it imports from bluffmath_widgets."""
    names: set[str] = set()
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bluffmath_widgets"):
                names |= {alias.asname or alias.name for alias in node.names
                          if re.fullmatch(r"[A-Z][a-z]\w*", alias.asname or alias.name)}
    return names


def _shows_widget(source: str, widgets: set[str]) -> bool:
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in widgets
               for node in ast.walk(ast.parse(source)))


def _count(cells: list, widgets: set[str]) -> Count:
    words = code = lines = shown = 0
    exercises: list[str] = []
    hands_on = False
    for cell, solution in cells:
        if cell.cell_type == "markdown":
            hands_on = hands_on or "## 0. Hands on" in cell.source
            words += _words(cell.source)
        elif solution is not None:
            exercises.append(kind(cell.source, solution))
            lines += given_lines(cell.source)
        else:
            code += 1
            lines += sum(1 for line in cell.source.splitlines() if line.strip() and not line.startswith("#"))
            shown += _shows_widget(cell.source, widgets)
    return Count(words, code, lines, tuple(exercises), shown, hands_on)


def write(path: Path) -> None:
    """Put the count into the lesson's teacher note (after its Timing paragraph)."""
    text = path.read_text(encoding="utf-8")
    note = count(path).note()
    if NOTE.search(text):
        text = NOTE.sub(lambda _: note, text, count=1)
    else:
        anchor = re.search(r"^# \*\*Timing.*?(?=^#\s*$)", text, re.M | re.S)
        if anchor is None:
            raise ValueError(f"{path.name}: no **Timing paragraph in the teacher's note")
        text = text[:anchor.end()] + "#\n" + note + text[anchor.end():]
    path.write_text(_twins_noted(text, NUMBER.findall(note), path.name), encoding="utf-8")


def _twins_noted(text: str, numbers: list[str], name: str) -> str:
    """``text`` with each translated note's numbers replaced by ``numbers``, in order; a
    ValueError when a translated note has not as many numbers (its words need a translator).

    >>> _twins_noted("# **Arbeitszeit: etwa 30 Minuten, 2 Widgets.\\n#\\n", ["40", "3"], "x.py")
    '# **Arbeitszeit: etwa 40 Minuten, 3 Widgets.\\n#\\n'
    """
    for lang, pattern in TWIN_NOTES.items():
        found = pattern.search(text)
        if found is None:
            continue
        if len(NUMBER.findall(found[0])) != len(numbers):
            raise ValueError(f"{name}: the {lang!r} twin of the working time note has not the note's "
                             f"{len(numbers)} numbers: translate the new note into it by hand")
        pieces = NUMBER.split(found[0])
        noted = "".join(piece + number for piece, number in zip(pieces, [*numbers, ""], strict=True))
        text = text[:found.start()] + noted + text[found.end():]
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write each count into its teacher note")
    args = parser.parse_args(argv)
    for path in sorted(HERE.glob("[0-9][0-9]-*.py")):
        if args.write and path.name != START:
            write(path)
        timing = count(path)
        extra = f", extra practice {timing.extra.minutes}" if timing.extra else ""
        print(f"{path.stem}: {' + '.join(map(str, timing.minutes))} minutes{extra}"
              + ("" if timing.fits else f"  (over {LIMIT})"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

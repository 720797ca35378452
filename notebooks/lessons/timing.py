"""A lesson's working time for a high-school class that has never programmed, counted.

The count walks the student copy of a lesson as such a student works through it, and
charges each step at a stated rate:

- reading the text (the lesson's markdown, formulas counted as one word each; "Going
  further" left out): 120 words a minute, slow reading of a text with numbers in it;
- each code cell run and its output read: half a minute, plus 0.15 minutes for each line
  of code to read (a class that has never programmed reads code slowly);
- each exercise: 4 minutes, worked with the teacher or a neighbour (most of the class
  cannot write the line of Python alone; the teacher shows it, the class computes);
- each widget on screen: 3 minutes of trying its controls;
- the hands-on activity with cards (a section "0. Hands on"): 10 minutes.

A lesson longer than one school lesson is split where a markdown cell starts with
``## Second school lesson``: each part is counted on its own and none may take more than
40 minutes (a 45-minute school lesson, less 5 for logging in and handing out cards). A
section ``## Extra practice`` after the summary (exercises for a fast class
or for home) is counted apart, and "Going further" not at all.

``python notebooks/lessons/timing.py`` prints every lesson's count; ``--write`` puts it
into each lesson's teacher note (the paragraph that starts ``**Working time``), which the
tests compare with the count.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path

import jupytext

HERE = Path(__file__).resolve().parent
READING = 120
CELL, LINE, EXERCISE, WIDGET, HANDS_ON = 0.5, 0.15, 4, 3, 10
LIMIT = 40
#: The notebook basics, before lesson 1 (counted and printed, but it has no teacher's note).
START = "00-notebook-basics.py"
SECOND, EXTRA, FURTHER = "## Second school lesson", "## Extra practice", "## Going further"
NOTE = re.compile(r"^# \*\*Working time.*?(?=^#\s*$)", re.M | re.S)


@dataclass(frozen=True)
class Count:
    """What a lesson asks of a student, and the minutes it takes at the rates above."""

    words: int
    cells: int
    lines: int
    exercises: int
    widgets: int
    hands_on: bool

    @property
    def minutes(self) -> int:
        return round(self.words / READING + self.cells * CELL + self.lines * LINE
                     + self.exercises * EXERCISE + self.widgets * WIDGET + HANDS_ON * self.hands_on)

    def what(self) -> str:
        """What was counted, in words."""
        return (f"{self.words} words to read at {READING} a minute, {self.cells} code cells to "
                f"run ({self.lines} lines of code to read), {self.exercises} exercise"
                f"{'s' if self.exercises != 1 else ''} at {EXERCISE} minutes, {self.widgets} "
                f"widget{'s' if self.widgets != 1 else ''} at {WIDGET} minutes"
                + (f", the activity with cards {HANDS_ON} minutes" if self.hands_on else ""))


@dataclass(frozen=True)
class Timing:
    """A lesson's school lessons (one or two parts) and its extra practice, counted."""

    parts: tuple[Count, ...]
    extra: Count | None = None

    @property
    def minutes(self) -> tuple[int, ...]:
        """The minutes of each school lesson the lesson takes.

        >>> Timing((Count(0, 0, 0, 10, 1, False), Count(1200, 2, 0, 5, 0, False))).minutes
        (43, 31)
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
                f"Counted by `notebooks/lessons/timing.py` from the student copy"
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


def count(path: Path) -> Timing:
    """Count the lesson whose source is at ``path`` (its student copy's cells)."""
    parts: list[list] = [[]]
    extra: list = []
    place = parts[0]
    for cell in jupytext.read(path).cells:
        if set(cell.metadata.get("tags", ())) & {"teacher", "solution", "paper"}:
            continue
        if cell.cell_type == "markdown":
            if cell.source.startswith(SECOND):
                parts.append([])
                place = parts[-1]
            elif cell.source.startswith(EXTRA):
                place = extra
            elif cell.source.startswith(FURTHER):
                place = []
        place.append(cell)
    return Timing(tuple(_count(cells) for cells in parts), _count(extra) if extra else None)


def _count(cells: list) -> Count:
    words = code = lines = exercises = widgets = 0
    hands_on = False
    for cell in cells:
        if cell.cell_type == "markdown":
            hands_on = hands_on or "## 0. Hands on" in cell.source
            words += _words(cell.source)
        elif "exercise" in cell.metadata.get("tags", ()):
            exercises += 1
        else:
            code += 1
            lines += sum(1 for line in cell.source.splitlines() if line.strip() and not line.startswith("#"))
            widgets += bool(re.search(r"^[A-Z]\w+\(", cell.source, re.M)) and "import" not in cell.source
    return Count(words, code, lines, exercises, widgets, hands_on)


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
    path.write_text(text, encoding="utf-8")


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

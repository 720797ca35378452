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
LIMIT = 45
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

    def note(self) -> str:
        """The teacher note's paragraph, as jupytext comment lines."""
        over = (f"more than the {LIMIT} minutes of a school lesson: give it two lessons (the "
                f"exercises up to the middle, then the rest), or take the no-code path"
                if self.minutes > LIMIT else f"within a {LIMIT}-minute lesson")
        text = (f"**Working time, counted for a class that has never programmed: about "
                f"{self.minutes} minutes**, {over}. Counted by `notebooks/lessons/timing.py` "
                f"from the student copy: {self.words} words to read at {READING} a minute, "
                f"{self.cells} code cells to run ({self.lines} lines of code to read), "
                f"{self.exercises} exercises at {EXERCISE} minutes, {self.widgets} "
                f"widget{'s' if self.widgets != 1 else ''} at {WIDGET} minutes"
                + (f", the activity with cards {HANDS_ON} minutes" if self.hands_on else "") + ".")
        lines, line = [], ""
        for word in text.split():
            if len(line) + len(word) + 1 > 86:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}".strip()
        return "\n".join(f"# {part}" for part in [*lines, line]) + "\n"


def count(path: Path) -> Count:
    """Count the lesson whose source is at ``path`` (its student copy's cells)."""
    words = cells = lines = exercises = widgets = 0
    hands_on = False
    for cell in jupytext.read(path).cells:
        tags = set(cell.metadata.get("tags", ()))
        if tags & {"teacher", "solution"}:
            continue
        if cell.cell_type == "markdown":
            hands_on = hands_on or "## 0. Hands on" in cell.source
            if "## Going further" not in cell.source:
                words += len(re.findall(r"[\w'\-]+", re.sub(r"\$[^$]*\$", " x ", cell.source)))
        elif "exercise" in tags:
            exercises += 1
        else:
            cells += 1
            lines += sum(1 for line in cell.source.splitlines() if line.strip() and not line.startswith("#"))
            widgets += bool(re.search(r"^[A-Z]\w+\(", cell.source, re.M)) and "import" not in cell.source
    return Count(words, cells, lines, exercises, widgets, hands_on)


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
        if args.write:
            write(path)
        c = count(path)
        print(f"{path.stem}: about {c.minutes} minutes ({c})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The class's Gauner raus! beside the exact mathematics, for the teacher's screen: guesses
against their exact chances, how often the class asked for a certain card, and how soon
the certain cards were taken.

Only the students' moves count (a bot's seat is left out). Live, the picture holds what is
public: how many guesses, hits and stops. A guess's chance is the guesser's, from their own
cards and every table (the core's joint solution at that moment), so it counts the
guesser's hand: it is shown once that game is over, with

- the hits against the hits expected (the sum of the chances);
- the guesses at a certain card (chance 1), against the moments a student had one to ask
  for (a card they could know an opponent holds), and the guesses below the best chance;
- every certain card a student could know: whether they took it in the turn it became
  certain for them, a turn of theirs later, or later still, or never (someone else took
  it, or the game ended first);
- the guesses by their chance, each band with its hits beside the hits expected.

>>> from bluffmath import gauner
>>> from bluffmath_class.games import GAMES, Record, Seating
>>> rules = GAMES["gauner"]
>>> state, notes = gauner.Game(players=2).new_game(seed=4), []
>>> for action in [gauner.Ask(1, sorted(state.hidden[1])[0]), gauner.Stop()]:
...     before, state = state, state.apply(action)
...     notes.append(rules.note(before, action, state))
>>> record = Record(Seating(("Ann", "Bo")), state, notes, ended_by="teacher", table=1, game=1)
>>> f = figures([record])
>>> f.guesses, f.hits, f.stops, f.expected_hits == notes[0].chance
(1, 1, 1, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bluffmath.display import decimal, percent

from ..markup import chance, esc, rows
from .base import Record, scroll_box
from .gauner_notes import MoveNote
from .gauner_page import cell_chip

#: The bands of the chances: 0-10 %, ..., 90-100 % (a certain card in a band of its own).
BANDS = 10
#: The guesses the list shows (the latest first).
LISTED = 40


def over(record: Record) -> bool:
    """Whether the record's game is over (finished, or ended by the teacher)."""
    return record.ended_by is not None or record.state.is_terminal


def class_notes(record: Record) -> list[MoveNote]:
    """The notes of the students' moves (a bot's seat left out)."""
    return [n for n in record.notes if isinstance(n, MoveNote) and n.seat not in record.seating.bots]


@dataclass(frozen=True)
class Taken:
    """A card a student could know for certain that an opponent held: the turn of the table
    it first was (at one of the student's moves), and the turn the student asked for it
    (None: never)."""

    seat: int
    target: int
    cell: int
    seen: int
    asked: int | None

    def late(self, players: int) -> int | None:
        """How many of the student's own turns passed before they asked (None: never)."""
        return None if self.asked is None else (self.asked - self.seen) // players


def certain_cards(record: Record) -> list[Taken]:
    """Every (student, opponent, cell) the student could know for certain, in the order
    they first could."""
    seen: dict[tuple[int, int, int], int] = {}
    asked: dict[tuple[int, int, int], int] = {}
    for n in class_notes(record):
        for target, cell in sorted(n.certain):
            seen.setdefault((n.seat, target, cell), n.turn)
        if n.guess:
            asked.setdefault((n.seat, n.target, n.cell), n.turn)
    return [Taken(*key, turn, asked.get(key)) for key, turn in seen.items()]


@dataclass(frozen=True)
class Figures:
    """The picture's numbers. Public: the games, the students' guesses, hits and stops.
    Over the games that are over: the guesses and hits there and the hits expected, the
    guesses at a certain card, the moves with a certain card to ask for, the guesses below
    the best chance, and the certain cards by how soon they were taken (at once, a turn
    later, later, never)."""

    games: int
    guesses: int
    hits: int
    stops: int
    finished: int
    valued: int
    valued_hits: int
    expected_hits: Fraction
    sure: int
    sure_moments: int
    below_best: int
    at_once: int
    next_turn: int
    later: int
    never: int


def _takes(records: Sequence[Record]) -> Iterator[int | None]:
    for r in records:
        if over(r):
            yield from (t.late(r.state.players) for t in certain_cards(r))


def figures(records: Sequence[Record]) -> Figures:
    """The picture's numbers over every game of ``records``."""
    every = [n for r in records for n in class_notes(r)]
    done = [n for r in records if over(r) for n in class_notes(r)]
    valued = [n for n in done if n.guess]
    late = list(_takes(records))
    return Figures(len(records), sum(n.guess for n in every), sum(n.hit for n in every),
                   sum(not n.guess for n in every), sum(map(over, records)), len(valued),
                   sum(n.hit for n in valued), sum((n.chance for n in valued), Fraction(0)),
                   sum(n.sure for n in valued), sum(bool(n.certain) for n in done),
                   sum(n.chance < n.best for n in valued), late.count(0), late.count(1),
                   sum(x is not None and x > 1 for x in late), late.count(None))


def band_of(p: Fraction) -> int:
    """The band of a chance: ``floor(10 p)``; a certain card in a band of its own (10)."""
    return BANDS if p == 1 else int(p * BANDS)


def _b(name: str, n: int) -> str:
    return f'<b data-{name}="{n}">{n}</b>'


#: The longest fraction shown first; a longer one (a sum of many chances) follows its decimal.
SHORT = 13


def _exact(kind: str, x: Fraction) -> str:
    data = f'class="{kind}" data-p="{x.numerator}/{x.denominator}"'
    if len(str(x)) <= SHORT:
        return f"<span {data}><b>{x}</b> (about {decimal(x)})</span>"
    return f'<span {data}><b>about {decimal(x)}</b> <span class="exact">(exactly {x})</span></span>'


def _s(n: int, noun: str) -> str:
    return noun if n == 1 else noun + ("es" if noun.endswith("s") else "s")


def picture(records: Sequence[Record]) -> str:
    """The panel (see the module docstring)."""
    head = "<h3>Guesses against their exact chances, and the certain cards</h3>"
    f = figures(records)
    public = (f'<p class="big">{_b("guesses", f.guesses)} {_s(f.guesses, "guess")} by students, '
              f'{_b("hits", f.hits)} {_s(f.hits, "hit")}; {_b("stops", f.stops)} {_s(f.stops, "stop")} after a '
              f"hit, in {f.games} {_s(f.games, 'game')}.</p>")
    stated = ('<p class="small">A chance is the guesser’s, at that moment: the core counts every deal that fits '
              "the guesser’s own cards and all the tables, each equally likely. It counts the guesser’s cards, so "
              "it is shown once the game is over. Bots’ moves are left out.</p>")
    if not f.finished:
        return head + public + '<p class="small">The chances show when a game is over.</p>' + stated
    return head + public + _summary(f) + stated + _bands(records) + _list(records)


def _summary(f: Figures) -> str:
    certain = f.at_once + f.next_turn + f.later + f.never
    return (f'<p class="big">In the {_b("finished", f.finished)} {_s(f.finished, "game")} over: '
            f'{_b("valued", f.valued)} {_s(f.valued, "guess")}, {_b("valued-hits", f.valued_hits)} '
            f"{_s(f.valued_hits, 'hit')}; guessing at exactly these chances hits "
            f"{_exact('expected-hits', f.expected_hits)} times on average. "
            f'{_b("sure", f.sure)} {_s(f.sure, "guess")} asked for a certain card (chance 1); a student had a '
            f'certain card to ask for at {_b("sure-moments", f.sure_moments)} of their moves. '
            f'{_b("below-best", f.below_best)} {_s(f.below_best, "guess")} had a lower chance than the best '
            "guess then.</p>"
            f'<p class="big">{certain} certain {_s(certain, "card")} a student could know: '
            f'{_b("at-once", f.at_once)} asked for in the turn it became certain, {_b("next-turn", f.next_turn)} '
            f'a turn of theirs later, {_b("later", f.later)} later still, {_b("never", f.never)} never (someone '
            "else took it, or the game ended first).</p>")


def _bands(records: Sequence[Record]) -> str:
    bands: list[list[MoveNote]] = [[] for _ in range(BANDS + 1)]
    for r in records:
        if over(r):
            for n in class_notes(r):
                if n.guess:
                    bands[band_of(n.chance)].append(n)
    cells = [_band_row(i, found) for i, found in enumerate(bands) if found]
    return scroll_box(rows(cells, ["P(hit)", "guesses", "hits", "expected"], "gn-bands"),
                      "the guesses by their chance of a hit, and how many hit")


def _band_row(i: int, found: list[MoveNote]) -> list[str]:
    hits = sum(n.hit for n in found)
    label = "certain (1)" if i == BANDS else f"{i * 10}–{i * 10 + 10} %"
    expected = sum((n.chance for n in found), Fraction(0))
    return [label, str(len(found)), f"{hits} ({percent(Fraction(hits, len(found)))})",
            _exact("band-expected", expected)]


def _list(records: Sequence[Record]) -> str:
    cells = []
    for record in records:
        if not over(record):
            continue
        names = record.seating.names
        for n in class_notes(record):
            if n.guess:
                cells.append([f"T{record.table} G{record.game}", esc(names[n.seat]),
                              f"{esc(names[n.target])}: {cell_chip(n.cell)}", chance(n.chance),
                              ("a hit" if n.hit else "a miss") + (" (certain)" if n.sure else "")])
    shown = cells[-LISTED:]
    more = f'<p class="small">and {len(cells) - LISTED} earlier guesses</p>' if len(cells) > LISTED else ""
    return scroll_box(rows(reversed(shown), ["table, game", "guesser", "asked", "P(hit)", "outcome"],
                           "doubts-table gn-guesses-table"), "every guess with its chance of a hit", tall=True) + more

"""The class's Gauner raus! beside the exact mathematics, for the teacher's screen: guesses
against their exact chances, how often the class asked for a certain card, and how soon
the certain cards were taken; and a table's public summary (:func:`table_page`).

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

from bluffmath.gauner import State
from bluffmath.i18n import _, n_, number, p_, percent

from ..markup import chance, esc, rows, tag
from .base import Record, Seating, Words, scroll_box, won_by
from .gauner_notes import MoveNote, seat_view, turns
from .gauner_page import cell_chip, chips, to_guess, turn_line

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
        return f"<span {data}><b>{x}</b> " + _("(about {x})").format(x=number(x)) + "</span>"
    return (f"<span {data}><b>" + _("about {x}").format(x=number(x)) + '</b> <span class="exact">'
            + _("(exactly {x})").format(x=x) + "</span></span>")


def picture(records: Sequence[Record]) -> str:
    """The panel (see the module docstring)."""
    head = tag("h3", _("Guesses against their exact chances, and the certain cards"))
    f = figures(records)
    public = tag("p", n_("{n} guess by students", "{n} guesses by students", f.guesses).format(
        n=_b("guesses", f.guesses)) + ", " + n_("{n} hit", "{n} hits", f.hits).format(n=_b("hits", f.hits)) + "; "
        + n_("{n} stop after a hit", "{n} stops after a hit", f.stops).format(n=_b("stops", f.stops)) + ", "
        + n_("in {n} game", "in {n} games", f.games).format(n=f.games) + ".", ' class="big"')
    stated = tag("p", _("A chance is the guesser’s, at that moment: the core counts every deal that fits the "
                        "guesser’s own cards and all the tables, each equally likely. It counts the guesser’s cards, "
                        "so it is shown once the game is over. Bots’ moves are left out."), ' class="small"')
    if not f.finished:
        return head + public + tag("p", _("The chances show when a game is over."), ' class="small"') + stated
    return head + public + _summary(f) + stated + _bands(records) + _list(records)


def _summary(f: Figures) -> str:
    certain = f.at_once + f.next_turn + f.later + f.never
    said = [
        n_("In the {n} game over:", "In the {n} games over:", f.finished).format(
            n=_b("finished", f.finished)) + " "
        + n_("{n} guess", "{n} guesses", f.valued).format(n=_b("valued", f.valued)) + ", "
        + n_("{n} hit", "{n} hits", f.valued_hits).format(n=_b("valued-hits", f.valued_hits)) + "; "
        + _("guessing at exactly these chances hits {n} times on average.").format(
            n=_exact("expected-hits", f.expected_hits)),
        n_("{n} guess asked for a certain card (chance 1)", "{n} guesses asked for a certain card (chance 1)",
           f.sure).format(n=_b("sure", f.sure)) + "; " + _(
            "a student had a certain card to ask for at {n} of their moves.").format(
            n=_b("sure-moments", f.sure_moments)),
        n_("{n} guess had a lower chance than the best guess then.",
           "{n} guesses had a lower chance than the best guess then.", f.below_best).format(
            n=_b("below-best", f.below_best))]
    taken = n_("{n} certain card a student could know: {at_once} asked for in the turn it became certain, "
               "{next_turn} a turn of theirs later, {later} later still, {never} never (someone else took it, or "
               "the game ended first).",
               "{n} certain cards a student could know: {at_once} asked for in the turn it became certain, "
               "{next_turn} a turn of theirs later, {later} later still, {never} never (someone else took it, or "
               "the game ended first).", certain).format(
        n=certain, at_once=_b("at-once", f.at_once), next_turn=_b("next-turn", f.next_turn),
        later=_b("later", f.later), never=_b("never", f.never))
    return tag("p", " ".join(said), ' class="big"') + tag("p", taken, ' class="big"')


def _bands(records: Sequence[Record]) -> str:
    bands: list[list[MoveNote]] = [[] for _unused in range(BANDS + 1)]
    for r in records:
        if over(r):
            for n in class_notes(r):
                if n.guess:
                    bands[band_of(n.chance)].append(n)
    cells = [_band_row(i, found) for i, found in enumerate(bands) if found]
    header = [_("P(hit)"), p_("Gauner raus! picture", "guesses"), p_("Gauner raus! picture", "hits"),
              p_("Gauner raus! picture", "expected")]
    return scroll_box(rows(cells, header, "gn-bands"), _("the guesses by their chance of a hit, and how many hit"))


def _band_row(i: int, found: list[MoveNote]) -> list[str]:
    hits = sum(n.hit for n in found)
    label = _("certain (1)") if i == BANDS else f"{i * 10}–{i * 10 + 10} %"
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
                said = p_("Gauner raus! guess", "a hit") if n.hit else p_("Gauner raus! guess", "a miss")
                cells.append([f"T{record.table} G{record.game}", esc(names[n.seat]),
                              f"{esc(names[n.target])}: {cell_chip(n.cell)}", chance(n.chance),
                              said + (" " + _("(certain)") if n.sure else "")])
    shown = cells[-LISTED:]
    more = len(cells) - LISTED
    earlier = tag("p", n_("and {n} earlier guess", "and {n} earlier guesses", more).format(n=more),
                  ' class="small"') if more > 0 else ""
    header = [_("table, game"), p_("Gauner raus! picture", "guesser"), p_("Gauner raus! picture", "asked"),
              _("P(hit)"), p_("Gauner raus! picture", "outcome")]
    return scroll_box(rows(reversed(shown), header, "doubts-table gn-guesses-table"),
                      _("every guess with its chance of a hit"), tall=True) + earlier


def table_page(state: State, seating: Seating, over: bool = False) -> str:
    """The teacher's view of a table: whose turn, the points, every seat's cards laid face
    up, and the latest turns; a game that is over (``over``, or finished) names nobody to
    play. Public facts only: the screen is projected."""
    view = seat_view(state, None)
    words = Words(seating, None)
    if state.is_terminal:
        turn = won_by(state.scores, words)
    elif over:
        turn = _("The teacher ended the game before its end")
    else:
        turn = to_guess(state.current, state.must_guess, words)
    seats = "".join(tag("li", n_("{name}: {n} point, {hidden} hidden; laid {cards}",
                                 "{name}: {n} points, {hidden} hidden; laid {cards}", state.scores[s]).format(
        name=words.who(s), n=state.scores[s], hidden=view.hidden(s), cards=chips(state.laid[s])))
        for s in range(state.players))
    found = turns(view)
    recent = "".join(f"<li>{turn_line(view, t, found[t], words, {})}</li>"
                     for t in range(len(found) - 1, max(-1, len(found) - 5), -1))
    return (f'<p><b>{turn}</b></p><ul class="gn-public">{seats}</ul>'
            + (f'<ol class="doubts gn-recent">{recent}</ol>' if recent else ""))

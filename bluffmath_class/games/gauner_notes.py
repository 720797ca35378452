"""What the class table keeps beside a Gauner raus! game's log: each move with the mover's
exact chances at that moment, from the core's joint solution of the mover's position; and
what a seat's page is drawn from (:class:`SeatView`: the seat's position and the public
facts of the game, with its turns and rolls).

A guess's note holds the chance, from the guesser's seat (their own cards and every table
on the board), that the named opponent holds the named card, the best chance any guess had
then, and every card the guesser could know for certain (chance 1); a stop's note the
same, without a guess. The chances count the mover's own hand, so they are **not**
public: a page shows a note's numbers to the mover alone, and the teacher's picture only
once the game is over. Which cards were asked, and whether they hit, is public.

>>> from bluffmath import gauner
>>> before = gauner.Game(players=2).new_game(seed=4)
>>> cell = sorted(before.hidden[1])[0]            # a peek, for the example
>>> after = before.guess(1, cell)
>>> note = move_note(before, gauner.Ask(1, cell), after)
>>> note.seat, note.target, note.hit, note.turn, note.chance == solution(before.view(0)).guess(1, cell)
(0, 1, True, 0, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from bluffmath import gauner
from bluffmath.gauner import GRID, HAND_SIZE, Action, Ask, Position, Solution, State, Stop
from bluffmath.gauner.grid import SETUP_ROLLS

#: How many solutions are kept (every page of every seat, and every note, asks for one; the
#: review at the end of a game reads the notes' again). About 20 KB each: 40 MB at most.
CACHED = 2048


@lru_cache(maxsize=CACHED)
def solution(position: Position) -> Solution:
    """The core's exact joint solution of ``position`` (kept: a position is asked for by
    the mover's page, the note and the other pages of the same moment; and a seat whose
    counting problem a move left as it was, such as the seat whose card was just found,
    gets the counts the core kept from before, :data:`bluffmath.gauner.kept.KEPT`)."""
    return gauner.solve(position)


def certain(found: Solution) -> frozenset[tuple[int, int]]:
    """Every (opponent, cell) that the solution's seat knows for certain the opponent holds."""
    return frozenset((seat, GRID.index(name)) for seat in found.position.opponents
                     for name, p in found.table(seat).items() if p == 1)


def hit_chance(found: Solution, seat: int, cell: int, table: dict[str, Fraction] | None = None) -> Fraction:
    """The chance that asking opponent ``seat`` for ``cell`` hits, from the solution's seat
    (0 for a card that is the seat's own, or one the opponent marked "not mine"), as the
    core's review values a guess (``table``: ``found.table(seat)``, if already at hand)."""
    return (found.table(seat) if table is None else table).get(GRID.name(cell), Fraction(0))


def turn_number(state: State) -> int:
    """How many turns of the table ended before ``state`` (a miss or a stop ends one; a
    guess was a miss exactly when its card is not laid face up in front of that seat)."""
    return sum(1 for a in state.actions if not isinstance(a, Ask) or a.cell not in state.laid[a.seat])


@dataclass(frozen=True)
class MoveNote:
    """A move: its number in the game (1 is the first), the mover, the table's turn it was
    made in (0 is the first turn), the opponent and cell asked (None for a stop), the
    mover's exact chance that the guess hits (None for a stop), the best chance any guess
    had then, whether it hit, and every (opponent, cell) the mover could know for certain."""

    number: int
    seat: int
    turn: int
    target: int | None
    cell: int | None
    chance: Fraction | None
    best: Fraction
    hit: bool
    certain: frozenset[tuple[int, int]]

    @property
    def guess(self) -> bool:
        """True for a guess, False for a stop."""
        return self.target is not None

    @property
    def sure(self) -> bool:
        """True for a guess at a card the guesser knew for certain (chance 1)."""
        return self.chance == 1


def move_note(before: State, action: object, after: State) -> MoveNote:
    """The note of a guess or a stop (every Gauner raus! move is one)."""
    seat = before.current
    found = solution(before.view(seat))
    best = max((g.probability for g in found.best_guesses(1)), default=Fraction(0))
    if isinstance(action, Ask):
        hit = action.cell in after.laid[action.seat]
        return MoveNote(len(after.actions), seat, turn_number(before), action.seat, action.cell,
                        hit_chance(found, action.seat, action.cell), best, hit, certain(found))
    return MoveNote(len(after.actions), seat, turn_number(before), None, None, None, best, False, certain(found))


def replay_notes(state: State) -> list[MoveNote]:
    """Every note of ``state``'s game, made again move by move from its deal."""
    now, notes = state.game.new_game(state.seed), []
    for action in state.actions:
        before, now = now, now.apply(action)
        notes.append(move_note(before, action, now))
    return notes


# --- what a page is drawn from ---------------------------------------------------------------


@dataclass(frozen=True)
class SeatView:
    """What one seat may know (``me`` None: what everyone may know): its position (its own
    cards and every table; None for the public view) and the public facts of the game."""

    me: int | None
    position: Position | None
    game: gauner.Game
    numbers: tuple[tuple[tuple[int, int], ...], ...]
    laid: tuple[frozenset[int], ...]
    marks: tuple[frozenset[int], ...]
    scores: tuple[int, ...]
    actions: tuple[Action, ...]
    current: int
    must_guess: bool
    turn_points: int
    over: bool

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def hand(self) -> frozenset[int]:
        """The seat's own hidden cards (none for the public view)."""
        return frozenset() if self.position is None else self.position.hand

    def hidden(self, seat: int) -> int:
        """How many hidden cards ``seat`` holds."""
        return HAND_SIZE[self.players] - len(self.laid[seat])

    def holder(self, cell: int) -> int | None:
        """The seat that laid ``cell`` face up, or None."""
        return next((s for s, cards in enumerate(self.laid) if cell in cards), None)


def seat_view(state: State, seat: int | None) -> SeatView:
    """``seat``'s view of ``state`` (None: the public view, no cards)."""
    position = state.view(seat) if seat is not None else None
    return SeatView(seat, position, state.game, state.numbers, state.laid, state.marks, state.scores,
                    state.actions, state.current, state.must_guess, state.turn_points, state.is_terminal)


def rolled(view: SeatView, turn: int) -> tuple[int, int] | None:
    """The cell the dice gave on the table's turn ``turn`` (0 is the first) and the number its
    player wrote there, or None once that player's table was full (no roll)."""
    seat, k = turn % view.players, SETUP_ROLLS[view.players] + turn // view.players
    written = view.numbers[seat]
    return written[k] if k < len(written) else None


def turns(view: SeatView) -> list[list[tuple[int, Action]]]:
    """The moves of every turn of the table, in order (each with its number, 1 the first);
    the turn under way last (it may have no move yet)."""
    found: list[list[tuple[int, Action]]] = [[]]
    for number_, action in enumerate(view.actions, 1):
        found[-1].append((number_, action))
        if isinstance(action, Stop) or action.cell not in view.laid[action.seat]:
            found.append([])
    return found if found[-1] or not view.over else found[:-1]

"""The rules engine of Gauner raus! for 2-4 players: an immutable State, actions as
verify / can / do, seeded dice, and each seat's view as a solver position.

A turn: the engine rolls the dice for the player until the cell is empty in the player's
own table (no roll once it is full) and writes the number; then the player must guess
(``guess(seat, cell)``: name an opponent and a cell). A hit lays that card face up, scores
a point, and lets the player guess again or ``stop``; a miss marks the cell "not mine" for
that opponent and ends the turn. The game ends the moment a player has no hidden card.
In the brave-investigator variant the points of a turn are lost when it ends with a miss.
Rules: ``shared/rules/gauner-raus.md`` and ``docs/reference/rulings.md``.

>>> state = Game(players=2).new_game(seed=4)
>>> state.current, state.must_guess, len(state.numbers[0])
(0, True, 5)
>>> target = 1
>>> cell = sorted(state.hidden[1])[0]          # a peek, for the example
>>> state = state.guess(target, GRID.name(cell))
>>> state.scores, GRID.name(cell) in [GRID.name(c) for c in state.laid[1]], state.must_guess
((1, 0), True, False)
>>> state = state.stop()
>>> state.current, state.view(1).tables[0].laid
(1, frozenset())
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from bluffmath.errors import IllegalActionError, InvalidInputError
from bluffmath.gauner.grid import GRID, HAND_SIZE, SETUP_ROLLS
from bluffmath.gauner.position import Position, Table, cell_words
from bluffmath.i18n import _
from bluffmath.limits import MAX_SEED
from bluffmath.validate import shown, whole_number

"""The largest seed: any whole number from 0 to 2**64 - 1 deals a game (a tournament's
seeds, SHA-256 digests cut to 64 bits, are all of them)."""


@dataclass(frozen=True)
class Ask:
    """Name ``cell`` (a cell number) to opponent ``seat``."""

    seat: int
    cell: int

    def __post_init__(self) -> None:
        whole_number("an Ask's seat", self.seat, 0, 3)
        whole_number("an Ask's cell", self.cell, 0, len(GRID.cells) - 1)


@dataclass(frozen=True)
class Stop:
    """End the turn after a hit (keeps the turn's points in the brave variant)."""


Action = Ask | Stop


@dataclass(frozen=True)
class Game:
    """A variant: the number of players and whether the brave-investigator rule applies."""

    players: int = 3
    brave: bool = False

    def __post_init__(self) -> None:
        whole_number("players", self.players, 2, 4)
        if not isinstance(self.brave, bool):
            raise InvalidInputError(f"brave must be True or False, got {shown(self.brave)}")

    def new_game(self, seed: int = 0) -> State:
        """Deal (seeded), make the setup rolls, and roll for the first player's turn."""
        whole_number("seed", seed, 0, MAX_SEED)
        cells = list(GRID.cells)
        random.Random(seed).shuffle(cells)
        size = HAND_SIZE[self.players]
        hidden = tuple(frozenset(cells[i * size:(i + 1) * size]) for i in range(self.players))
        state = State(self, seed, hidden, frozenset(cells[self.players * size:]))
        rolled: set[int] = set()
        for __ in range(SETUP_ROLLS[self.players]):
            cell, state = state._roll(lambda c: c not in rolled)
            rolled.add(cell)
            state = state._write_all(cell)
        return state._start_turn()


@dataclass(frozen=True)
class State:
    """Everything about one moment of a game; actions return a new State."""

    game: Game
    seed: int
    hidden: tuple[frozenset[int], ...]
    surplus: frozenset[int]
    laid: tuple[frozenset[int], ...] = ()
    marks: tuple[frozenset[int], ...] = ()
    numbers: tuple[tuple[tuple[int, int], ...], ...] = ()
    scores: tuple[int, ...] = ()
    turn_points: int = 0
    current: int = 0
    must_guess: bool = True
    rolls: int = 0
    actions: tuple[Action, ...] = field(default=(), repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.game, Game):
            raise InvalidInputError(f"a State's game must be a Game, got {shown(self.game)}; "
                                    f"start a game with Game(players).new_game(seed)")
        whole_number("seed", self.seed, 0, MAX_SEED)
        empty = tuple(frozenset() for __ in range(self.game.players))
        for name, value in (("laid", empty), ("marks", empty), ("numbers", tuple(() for __ in empty)),
                            ("scores", tuple(0 for __ in empty))):
            if not getattr(self, name):
                object.__setattr__(self, name, value)

    # --- what anyone can ask ---------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    @property
    def is_terminal(self) -> bool:
        return any(not h for h in self.hidden)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the most points once the game has ended, all of them if tied (they
        share the win); none before the end (``docs/reference/rulings.md``)."""
        if not self.is_terminal:
            return ()
        best = max(self.scores)
        return tuple(s for s, points in enumerate(self.scores) if points == best)

    def number(self, seat: int, cell: int | str) -> int | None:
        """The number ``seat`` has written at ``cell``, or None if none is written there yet."""
        whole_number("seat", seat, 0, self.players - 1)
        return dict(self.numbers[seat]).get(_cell(cell))

    def view(self, seat: int) -> Position:
        """What ``seat`` may know: its own hidden cards and every public fact."""
        whole_number("seat", seat, 0, self.players - 1)
        tables = tuple(Table(dict(self.numbers[s]), self.laid[s], self.marks[s]) for s in range(self.players))
        return Position(self.players, seat, self.hidden[seat], tables)

    def legal_actions(self) -> list[Action]:
        """Every guess the current player may make (and Stop after a hit)."""
        if self.is_terminal:
            return []
        guesses: list[Action] = [Ask(s, c) for s in range(self.players) if s != self.current
                                 for c in GRID.cells if self._guess_problem(s, c) is None]
        return guesses if self.must_guess else [*guesses, Stop()]

    # --- verify / can / do -------------------------------------------------------------
    def verify_guess(self, seat: int, cell: int | str) -> None:
        """Raise :class:`IllegalActionError` saying why this guess is not allowed now."""
        if self.is_terminal:
            raise IllegalActionError(_("the game is over"))
        whole_number("seat", seat, 0, self.players - 1)
        c = _cell(cell)
        problem = self._guess_problem(seat, c)
        if problem == "self":
            raise IllegalActionError(_("seat {seat} is the player guessing; name an opponent").format(seat=seat))
        if problem == "laid":
            raise IllegalActionError(_("{cell} already lies face up").format(cell=cell_words(c)))
        if problem == "marked":
            raise IllegalActionError(_("seat {seat} has already marked {cell} not mine").format(
                seat=seat, cell=cell_words(c)))

    def can_guess(self, seat: int, cell: int | str) -> bool:
        try:
            self.verify_guess(seat, cell)
        except (IllegalActionError, InvalidInputError):
            return False
        return True

    def guess(self, seat: int, cell: int | str) -> State:
        """Name ``cell`` to opponent ``seat``: a hit lays it face up, a miss ends the turn."""
        self.verify_guess(seat, cell)
        c = _cell(cell)
        done = replace(self, actions=(*self.actions, Ask(seat, c)))
        if c not in self.hidden[seat]:
            marks = _with(self.marks, seat, self.marks[seat] | {c})
            return replace(done, marks=marks, turn_points=0)._next_turn(bank=False)
        hidden = _with(self.hidden, seat, self.hidden[seat] - {c})
        laid = _with(self.laid, seat, self.laid[seat] | {c})
        marks = tuple(m if s == seat else m | {c} for s, m in enumerate(self.marks))
        if self.game.brave:
            hit = replace(done, hidden=hidden, laid=laid, marks=marks, turn_points=self.turn_points + 1,
                          must_guess=False)
            return hit._bank() if hit.is_terminal else hit
        scores = _with(self.scores, self.current, self.scores[self.current] + 1)
        return replace(done, hidden=hidden, laid=laid, marks=marks, scores=scores, must_guess=False)

    def verify_stop(self) -> None:
        if self.is_terminal:
            raise IllegalActionError(_("the game is over"))
        if self.must_guess:
            raise IllegalActionError(_("a turn needs at least one guess; stopping is allowed after a hit"))

    def can_stop(self) -> bool:
        try:
            self.verify_stop()
        except IllegalActionError:
            return False
        return True

    def stop(self) -> State:
        """End the turn after a hit; the next player's turn starts with their roll."""
        self.verify_stop()
        return replace(self, actions=(*self.actions, Stop()))._next_turn(bank=True)

    def apply(self, action: Action) -> State:
        """Do ``action`` (a :class:`Ask` (a guess) or :class:`Stop`)."""
        if isinstance(action, Ask):
            return self.guess(action.seat, action.cell)
        if isinstance(action, Stop):
            return self.stop()
        raise InvalidInputError(f"an action is an Ask (a guess) or a Stop, got {shown(action)}")

    # --- the engine's own moves -----------------------------------------------------------
    def _guess_problem(self, seat: int, cell: int) -> str | None:
        """Why this guess is not allowed, in a word (``self``, ``laid``, ``marked``: the
        message is written only for a refusal), or None."""
        if seat == self.current:
            return "self"
        if any(cell in laid for laid in self.laid):
            return "laid"
        if cell in self.marks[seat]:
            return "marked"
        return None

    def _roll(self, wanted) -> tuple[int, State]:
        """Roll both dice (seeded: the game's seed and the count of rolls so far) until ``wanted``."""
        state = self
        while True:
            rng = random.Random(f"gauner-raus:{self.seed}:{state.rolls}")
            cell = rng.randrange(len(GRID.colours)) * len(GRID.letters) + rng.randrange(len(GRID.letters))
            state = replace(state, rolls=state.rolls + 1)
            if wanted(cell):
                return cell, state

    def _dealt(self, seat: int) -> frozenset[int]:
        return self.hidden[seat] | self.laid[seat]

    def _write(self, seat: int, cell: int) -> State:
        count = len(GRID.cross(cell) & self._dealt(seat))
        return replace(self, numbers=_with(self.numbers, seat, (*self.numbers[seat], (cell, count))))

    def _write_all(self, cell: int) -> State:
        state = self
        for seat in range(self.players):
            state = state._write(seat, cell)
        return state

    def _start_turn(self) -> State:
        own = dict(self.numbers[self.current])
        if len(own) == len(GRID.cells):
            return self
        cell, state = self._roll(lambda c: c not in own)
        return state._write(self.current, cell)

    def _bank(self) -> State:
        scores = _with(self.scores, self.current, self.scores[self.current] + self.turn_points)
        return replace(self, scores=scores, turn_points=0)

    def _next_turn(self, bank: bool) -> State:
        state = self._bank() if bank and self.game.brave else self
        return replace(state, current=(self.current + 1) % self.players, must_guess=True,
                       turn_points=0)._start_turn()


def _with(values: tuple, index: int, value: object) -> tuple:
    return (*values[:index], value, *values[index + 1:])


def _cell(cell: int | str) -> int:
    if isinstance(cell, int) and not isinstance(cell, bool) and cell in GRID.cells:
        return cell
    return GRID.index(cell)

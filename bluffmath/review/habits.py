"""Habits over many games: the patterns behind one player's costly decisions.

:func:`review_many` reviews every game for one player (a seat, or a name when each game
comes with its seats' names) and sorts each decision that cost something into a
*pattern* by what was chosen against what was best: a Hochstapler doubt where a raise was
better is "doubts too early", a raise where the doubt was better "doubts too late", and
so on (:data:`~bluffmath.review.patterns.ADVICE` lists them all). Patterns are ranked by the cost they add up to,
each with its costliest decision as the example, from the player's own games. The
values are the reviews' own (:func:`bluffmath.review.review`, the same model), so a
player who always takes a best option has no pattern at all.

Two findings are not costs: when the chance of a doubt is read against its break-even
(``Habits.doubts``: every Hochstapler decision where a doubt was possible, the chance
that the call was false and the best alternative's value, and whether the player
doubted); and, in the Duel, how often the player bluffs against how often the
equilibrium would in the same spots (``Habits.tendencies``), with the exact chance that
a player following the equilibrium bluffs that rarely (or that often). Against an
equilibrium opponent a player who never bluffs loses nothing move by move, so only the
count can show that habit.

>>> from bluffmath.hochstapler import CardCountingBot, Game, play_game
>>> games = [play_game(Game(players=3), [CardCountingBot(doubt_bias=Fraction(-1, 4)),
...                                      CardCountingBot(), CardCountingBot()], seed=s) for s in range(4)]
>>> habits = review_many(games, 0)                     # the round model: its openings cost most
>>> [(p.name, p.count) for p in habits.top(3)]
[('calls above the odds', 13), ('misses an exchange', 2), ('doubts too late', 2)]
>>> sum(p.cost for p in habits.patterns) == habits.total_cost
True
>>> review_many(games, 0, "counting").top(1)[0].name  # one step ahead: its late doubts
'doubts too late'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from typing import Any

from bluffmath.errors import BluffmathError, InvalidInputError
from bluffmath.i18n import _, n_
from bluffmath.limits import MAX_ACTIONS, MAX_REVIEWED_GAMES, MAX_STRING, bounded
from bluffmath.review.decision import Review, fraction_text
from bluffmath.review.dispatch import review, seats_of, state_of
from bluffmath.review.findings import SURPRISE as SURPRISE
from bluffmath.review.findings import DoubtSpot, Tendency, doubt_spots, doubt_timing, tendencies
from bluffmath.review.patterns import ADVICE as ADVICE
from bluffmath.review.patterns import GAMES as GAMES
from bluffmath.review.patterns import Pattern, Seen, patterns
from bluffmath.review.patterns import pattern_of as pattern_of
from bluffmath.review.words import about, decimal
from bluffmath.validate import shown

# The ``name as name`` imports: names that moved to the module named, still found here.


@dataclass(frozen=True)
class Habits:
    """One player's habits over many games (see the module)."""

    player: int | str
    reviews: tuple[tuple[int, Review], ...]
    patterns: tuple[Pattern, ...]
    doubts: tuple[DoubtSpot, ...]
    tendencies: tuple[Tendency, ...]

    def top(self, n: int = 3) -> list[Pattern]:
        """The ``n`` most costly patterns, most costly first."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidInputError(f"n must be a whole number of at least 0, got {shown(n)}")
        return list(self.patterns[:n])

    @property
    def decisions(self) -> list[Seen]:
        """Every reviewed decision of the player, game by game."""
        return [Seen(g, d) for g, r in self.reviews for d in r.decisions]

    @cached_property
    def total_cost(self) -> Fraction:
        """What every decision cost, over all the games."""
        return sum((s.decision.cost for s in self.decisions), Fraction(0))

    @cached_property
    def accuracy(self) -> Fraction | None:
        """The accuracy over all the games: each decision weighed by its difficulty."""
        spread = sum((s.decision.difficulty for s in self.decisions), Fraction(0))
        return 1 - self.total_cost / spread if spread else None

    def to_json(self) -> dict[str, Any]:
        """The habits as JSON data, every Fraction as ``"p/q"`` (a decimal, without
        the slash, when too long: :func:`~bluffmath.review.decision.fraction_text`)."""
        accuracy = self.accuracy
        return {"player": self.player, "games": len(self.reviews), "decisions": len(self.decisions),
                "total_cost": fraction_text(self.total_cost),
                "accuracy": None if accuracy is None else fraction_text(accuracy),
                "patterns": [p.to_json() for p in self.patterns],
                "doubts": [{"game": s.game, "number": s.number, "chance": fraction_text(s.chance),
                            "break_even": fraction_text(s.break_even), "doubted": s.doubted}
                           for s in self.doubts],
                "tendencies": [t.to_json() for t in self.tendencies]}

    def text(self) -> str:
        """The habits as plain text, in the language in use: the three most costly patterns first."""
        who = _("seat {seat}").format(seat=self.player) if isinstance(self.player, int) else self.player
        games = n_("{n} game", "{n} games", len(self.reviews)).format(n=len(self.reviews))
        head = (_("Habits of {who} over {games}, {decisions} decisions: total cost {cost}.") if self.accuracy is None
                else _("Habits of {who} over {games}, {decisions} decisions: total cost {cost}, accuracy "
                       "{accuracy}%."))
        lines = [head.format(who=who, games=games, decisions=len(self.decisions), cost=about(self.total_cost),
                             accuracy=decimal(100 * (self.accuracy or 0), 1))]
        lines += [f"{i}. {p.text()}" for i, p in enumerate(self.top(3), 1)] or [
            _("Every decision was among the best.")]
        lines += [t.text() for t in self.tendencies]
        if self.doubts:
            lines.append(doubt_timing(self.doubts))
        return "\n".join(lines)


def review_many(games: Iterable[Any], player: int | str, model: Any = None) -> Habits:
    """The habits of ``player`` over ``games`` (see the module).

    Each game is a saved game's JSON text or a State, as :func:`bluffmath.review.review`
    takes it, or a pair ``(game, names)`` with ``names`` the seats' names in order (a seat
    that changed hands named ``"Ann then Bot 2"``), or a triple ``(game, names, makers)``
    with ``makers`` the name of the student who made each move themselves, in order (None:
    a bot, in an empty seat or for an absent student): then only the player's own decisions
    count. ``player`` is a seat number (that seat in every game) or a name (its seat in
    each game that names it; games that do not are left out). ``model`` is passed to every
    review. At most :data:`~bluffmath.limits.MAX_REVIEWED_GAMES` games, in a list (not a
    dict, whose keys would be read).

    >>> review_many([], 0)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: review_many needs at least one game to review
    >>> review_many({"a save": 1}, 0)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: games must be a list of games (saves, States or (game, names) pairs), got a dict
    """
    games = _games(games)
    _player(player)
    reviews, states = [], []
    for index, entry in enumerate(games):
        try:
            found = _reviewed(entry, player, model)
        except BluffmathError as error:
            raise type(error)(f"game {index + 1}: {error}") from None
        if found is not None:
            reviews.append((index, found[0]))
            states.append((index, *found[1:]))
    if not reviews:
        raise InvalidInputError(f"no game names the player {shown(player)}")
    kinds = sorted({r.game for _, r in reviews})
    if len(kinds) > 1:
        raise InvalidInputError(f"review_many reads games of one kind, whose costs share a unit; these are "
                                f"{', '.join(kinds)}: give each kind's games on their own")
    return habits_of(player, reviews, states)


def _games(games: object) -> tuple[Any, ...]:
    """The games given to :func:`review_many`, as a tuple: at least one, at most
    :data:`MAX_REVIEWED_GAMES`, from a list or another ordered iterable."""
    if isinstance(games, Mapping | Set | bytearray | memoryview):
        raise InvalidInputError(f"games must be a list of games (saves, States or (game, names) pairs), "
                                f"got a {type(games).__name__}")
    games = bounded("games", games, MAX_REVIEWED_GAMES)
    if not games:
        raise InvalidInputError("review_many needs at least one game to review")
    return games


def _player(player: object) -> None:
    """Refuse a player that is neither a seat number nor a name."""
    if isinstance(player, bool) or not isinstance(player, int | str) or player == "":
        raise InvalidInputError(f"the player is a seat number or a name (such as 0 or \"Ann\"), "
                                f"got {shown(player)}")
    if isinstance(player, str) and len(player) > MAX_STRING:
        raise InvalidInputError(f"the player's name has {len(player):,} characters; at most {MAX_STRING:,} "
                                "are allowed")


def _reviewed(entry: Any, player: int | str, model: Any) -> tuple[Review, Any, int] | None:
    """The player's review of one entry of :func:`review_many`, with its State and seat;
    None if the entry's names do not name the player."""
    game, names, makers = _parts(entry)
    state = state_of(game)  # read once: the review and the Duel's bluffs share it
    seat, own = _seat(state, names, makers, player)
    if seat is None:
        return None
    found = review(state, seat, model)
    if own is not None:  # the player's own decisions, not a bot's for them
        found = replace(found, decisions=tuple(d for d in found.decisions if d.number in own))
    return found, state, seat


def habits_of(player: int | str, reviews: Sequence[tuple[int, Review]],
              states: Sequence[tuple[int, Any, int]] = ()) -> Habits:
    """The habits in reviews already made: ``reviews`` pairs a game's number with the
    player's review of it; ``states`` gives (number, State, seat) for the Duel's games,
    whose bluffs are counted (the class table, which values every move as it is played,
    passes what it has)."""
    reviews = _pairs("reviews", reviews, 2, "(number, Review)", lambda r: isinstance(r[1], Review))
    states = _pairs("states", states, 3, "(number, State, seat)", lambda s: type(s[2]) is int)
    found = [Seen(g, d) for g, r in reviews for d in r.decisions]
    return Habits(player, tuple(reviews), patterns(reviews, found), doubt_spots(reviews, found),
                  tendencies(reviews, list(states)))


def _pairs(name: str, items: object, size: int, form: str, fits: Any) -> list[tuple[Any, ...]]:
    """``items`` as a list of tuples of ``size``, each a game's number first and ``fits``."""
    found = None if isinstance(items, Mapping) else bounded(name, items, MAX_REVIEWED_GAMES)
    if found is None or not all(isinstance(x, tuple) and len(x) == size and type(x[0]) is int and fits(x)
                                for x in found):
        raise InvalidInputError(f"{name} must be a list of {form}, got {shown(items)}")
    return list(found)


def _parts(entry: Any) -> tuple[Any, tuple[Any, ...] | None, tuple[Any, ...] | None]:
    """An entry of :func:`review_many` as (game, names, makers); None for what it lacks."""
    if not isinstance(entry, tuple):
        return entry, None, None
    if len(entry) not in (2, 3) or any(not isinstance(part, Sequence) or isinstance(part, str | bytes)
                                       for part in entry[1:]):
        raise InvalidInputError(f"a game with names is a pair (game, names) or a triple (game, names, makers), "
                                f"names and makers lists, got {shown(entry)}")
    names = bounded("names", entry[1], 100)
    makers = bounded("makers", entry[2], MAX_ACTIONS) if len(entry) == 3 else None
    for name in (*names, *(who for who in makers or () if who is not None)):
        if not isinstance(name, str) or len(name) > MAX_STRING:
            raise InvalidInputError(f"names and makers must be text of at most {MAX_STRING:,} characters "
                                    f"(a maker may be None: a bot), got {shown(name)}")
    return entry[0], names, makers


def _seat(state: Any, names: tuple[str, ...] | None, makers: tuple[str | None, ...] | None,
          player: int | str) -> tuple[int | None, frozenset[int] | None]:
    """The player's seat in the game of ``state`` (None: ``names`` does not name it) and the
    moves the player made themselves (None: every move of the seat)."""
    seats = seats_of(state)
    if names is not None and len(names) != seats:
        raise InvalidInputError(f"the game has {seats} seats, so names must name {seats} (one a seat, in "
                                f"order); got {len(names)}: {shown(names)}")
    if isinstance(player, int):
        return player, None
    if names is None:
        raise InvalidInputError(f"the game has no names: give it as (game, names) to find {shown(player)}, "
                                f"or give a seat number")
    found = [s for s, name in enumerate(names) if player in name.split(" then ")]
    if len(found) > 1:
        raise InvalidInputError(f"the game names {shown(player)} at seats {found}; a name must be one seat")
    own = None if makers is None else frozenset(n for n, who in enumerate(makers, 1) if who == player)
    return (found[0] if found else None), own

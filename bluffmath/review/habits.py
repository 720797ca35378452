"""Habits over many games: the patterns behind one player's costly decisions.

:func:`review_many` reviews every game for one player (a seat, or a name when each game
comes with its seats' names) and sorts each decision that cost something into a
*pattern* by what was chosen against what was best: a Hochstapler doubt where a raise was
better is "doubts too early", a raise where the doubt was better "doubts too late", and
so on (:data:`ADVICE` lists them all). Patterns are ranked by the cost they add up to,
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

import re
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from typing import Any

from bluffmath.display import decimal, written, written_about
from bluffmath.errors import BluffmathError, InvalidInputError
from bluffmath.limits import MAX_ACTIONS, MAX_REVIEWED_GAMES, MAX_STRING, bounded
from bluffmath.review.decision import Decision, Review, fraction_text
from bluffmath.validate import shown

#: Every pattern, with what it means in words.
ADVICE = {
    "doubts too early": "you doubted where raising was likelier to keep you clear of a point",
    "doubts too late": "you let a call stand (raising or exchanging) where the doubt was likelier right",
    "calls above the odds": "you called higher than your best call (one step ahead: less likely true; over the "
                            "round: it brings the risky totals back to you)",
    "calls the wrong colour": "you called a colour worth less than another at the same total",
    "calls too low": "you called lower than your best call: over the round, a higher call leaves the risky "
                     "totals to the others",
    "exchanges when it does not pay": "you exchanged where a raise without it was better",
    "misses an exchange": "you raised where exchanging a card first was better",
    "calls the wrong total": "you called a total that expects less than the best call against the equilibrium",
    "guesses before the odds say so": "you guessed again where stopping kept more points",
    "stops too early": "you stopped where another guess was worth more",
    "guesses a less likely card": "you guessed a card less likely than the best guess",
    "believes too readily": "you believed a card where doubting it was worth more",
    "doubts too readily": "you doubted a card where believing it was worth more",
    "takes the weaker offer": "you took an offer worth less than another tied one",
    "lays the wrong card": "you laid a card worth less than another from your hand",
    "doubts a likely truth": "you doubted (or voted yes on) a claim more likely true than a lie",
    "lets a likely lie pass": "you let pass (or voted no on) a claim more likely a lie than true",
    "accuses the less likely role": "you accused where another role or player was likelier right",
    "names a likely role in the showdown": "you doubted a role the other was likelier to hold than another",
    "bluffs too rarely": "you bluffed less often than the equilibrium does in the same spots",
    "bluffs too often": "you bluffed more often than the equilibrium does in the same spots",
}
#: The games a review may be of (a Review's ``game``).
GAMES = ("hochstapler", "hochstapler-duel", "gauner", "muenchhausen", "hoax")
_RAISE = re.compile(r"raise [0-9]{1,3} [a-z]+")
#: A tendency is reported when a player following the equilibrium would bluff this rarely
#: (or this often) with at most this chance.
SURPRISE = Fraction(1, 20)


@dataclass(frozen=True)
class Seen:
    """One reviewed decision of the player: the game it comes from (its place in the list
    given to :func:`review_many`) and the decision."""

    game: int
    decision: Decision


@dataclass(frozen=True)
class Pattern:
    """Costly decisions of one kind: ``name`` (a key of :data:`ADVICE`) and every one seen."""

    name: str
    seen: tuple[Seen, ...]

    @property
    def count(self) -> int:
        """How many decisions show the pattern."""
        return len(self.seen)

    @cached_property
    def cost(self) -> Fraction:
        """What they cost together, in the reviews' unit."""
        return sum((s.decision.cost for s in self.seen), Fraction(0))

    @cached_property
    def example(self) -> Seen:
        """The costliest of them (ties: the earliest)."""
        return min(self.seen, key=lambda s: (-s.decision.cost, s.game, s.decision.number))

    @cached_property
    def chosen(self) -> Fraction:
        """The chosen options' mean value."""
        return _mean([s.decision.chosen_value for s in self.seen])

    @cached_property
    def best(self) -> Fraction:
        """The best options' mean value."""
        return _mean([s.decision.best_value for s in self.seen])

    def text(self) -> str:
        """The pattern in words, with its example."""
        e = self.example
        d = e.decision
        return (f"{self.name}: {self.count} times, cost {written_about(self.cost)}: "
                f"{ADVICE[self.name]}. On average your choice was worth {decimal(self.chosen, 3)}, "
                f"the best {decimal(self.best, 3)}. For example game {e.game + 1}, #{d.number}: "
                f"{d.position}; you chose {d.choice} ({written(d.chosen_value)}), best was "
                f"{', '.join(d.best[:2])} ({written(d.best_value)}).")

    def to_json(self) -> dict[str, Any]:
        """The pattern as JSON data, every Fraction as ``"p/q"`` (a decimal, without
        the slash, when too long: :func:`~bluffmath.review.decision.fraction_text`)."""
        e = self.example
        return {"name": self.name, "advice": ADVICE[self.name], "count": self.count,
                "cost": fraction_text(self.cost), "chosen": fraction_text(self.chosen),
                "best": fraction_text(self.best),
                "example": {"game": e.game, **e.decision.to_json()}}


@dataclass(frozen=True)
class DoubtSpot:
    """A Hochstapler decision where the player could doubt: the chance that the call was
    false, its break-even (the best other option's chance of no penalty point), and
    whether the player doubted."""

    game: int
    number: int
    chance: Fraction
    break_even: Fraction
    doubted: bool


@dataclass(frozen=True)
class Tendency:
    """How often the player bluffed in the Duel against the equilibrium, in the same spots:
    ``spots`` moves where either might bluff, ``bluffs`` the player's, ``expected`` the
    equilibrium's mean count, and ``chance`` the exact chance that a player following the
    equilibrium bluffs at most (``name`` "bluffs too rarely") or at least ("bluffs too
    often") as many times."""

    name: str
    spots: int
    bluffs: int
    expected: Fraction
    chance: Fraction
    example: Seen

    def text(self) -> str:
        """The tendency in words."""
        fewer = "at most" if self.name == "bluffs too rarely" else "at least"
        return (f"{self.name}: {ADVICE[self.name]}: {self.bluffs} bluffs in {self.spots} spots where the "
                f"equilibrium bluffs {decimal(self.expected, 2)} times on average; it bluffs {fewer} "
                f"{self.bluffs} times with chance {decimal(self.chance, 4)}. For example game "
                f"{self.example.game + 1}, #{self.example.decision.number}: {self.example.decision.position}; "
                f"you chose {self.example.decision.choice}.")

    def to_json(self) -> dict[str, Any]:
        """The tendency as JSON data, every Fraction as ``"p/q"`` (a decimal, without
        the slash, when too long: :func:`~bluffmath.review.decision.fraction_text`)."""
        return {"name": self.name, "advice": ADVICE[self.name], "spots": self.spots, "bluffs": self.bluffs,
                "expected": fraction_text(self.expected), "chance": fraction_text(self.chance),
                "example": {"game": self.example.game, **self.example.decision.to_json()}}


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
        """The habits as plain text: the three most costly patterns first."""
        who = f"seat {self.player}" if isinstance(self.player, int) else self.player
        accuracy = self.accuracy
        games = f"{len(self.reviews)} game{'' if len(self.reviews) == 1 else 's'}"
        lines = [f"Habits of {who} over {games}, {len(self.decisions)} decisions: "
                 f"total cost {written_about(self.total_cost)}"
                 + ("" if accuracy is None else f", accuracy {decimal(100 * accuracy, 1)}%") + "."]
        lines += [f"{i}. {p.text()}" for i, p in enumerate(self.top(3), 1)] or ["Every decision was among the best."]
        lines += [t.text() for t in self.tendencies]
        if self.doubts:
            lines.append(doubt_timing(self.doubts))
        return "\n".join(lines)


def doubt_timing(spots: Sequence[DoubtSpot]) -> str:
    """When the player doubted, in words: the mean chance that the call was false at the
    doubts, and at the calls let stand where doubting was better, against the break-even.

    >>> print(doubt_timing([DoubtSpot(0, 2, Fraction(1, 2), Fraction(1, 4), True),
    ...                     DoubtSpot(0, 5, Fraction(3, 5), Fraction(2, 5), False)]))
    You doubted 1 of 2 times you could: at a mean chance of 0.500 that the call was false
    (break-even 0.250). You let 1 call stand where the doubt was better: false with mean
    chance 0.600 (break-even 0.400).
    """
    found = () if isinstance(spots, Mapping) else bounded("spots", spots, MAX_ACTIONS * MAX_REVIEWED_GAMES)
    if isinstance(spots, Mapping) or not all(isinstance(s, DoubtSpot) for s in found):
        raise InvalidInputError(f"spots must be a list of DoubtSpot (Habits.doubts), got {shown(spots)}")
    spots = found
    doubted = [s for s in spots if s.doubted]
    late = [s for s in spots if not s.doubted and s.chance > s.break_even]
    words = f"You doubted {len(doubted)} of {len(spots)} times you could"
    if doubted:
        words += (f": at a mean chance of {decimal(_mean([s.chance for s in doubted]), 3)} that the call was "
                  f"false (break-even {decimal(_mean([s.break_even for s in doubted]), 3)})")
    words += "."
    if late:
        words += (f" You let {len(late)} call{'s' if len(late) > 1 else ''} stand where the doubt was better: "
                  f"false with mean chance {decimal(_mean([s.chance for s in late]), 3)} "
                  f"(break-even {decimal(_mean([s.break_even for s in late]), 3)}).")
    return words


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
    from bluffmath.review.dispatch import review, state_of
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
    return Habits(player, tuple(reviews), _patterns(reviews, found), _doubts(reviews, found),
                  _tendencies(reviews, list(states)))


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
    from bluffmath.review.dispatch import seats_of
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


def pattern_of(game: str, decision: Decision) -> str | None:
    """The pattern a decision of ``game`` (a review's ``game``) shows; None at no cost.

    >>> d = Decision(2, 0, "doubt", "", {"doubt": Fraction(1, 3), "raise 5 red": Fraction(1, 2)}, "doubt", "")
    >>> pattern_of("hochstapler", d)
    'doubts too early'
    """
    if not isinstance(game, str) or game not in GAMES:
        raise InvalidInputError(f"game must be one of {', '.join(GAMES)} (a review's game), got {shown(game)}")
    if not isinstance(decision, Decision):
        raise InvalidInputError(f"decision must be a Decision (a review's), got {shown(decision)}")
    if decision.is_best:
        return None
    chosen, best = _verb(decision.choice), {_verb(o) for o in decision.best}
    if game == "gauner":
        return ("guesses before the odds say so" if best == {"stop"} else
                "stops too early" if chosen == "stop" else "guesses a less likely card")
    if game == "hoax":
        if decision.kind in ("accusation", "showdown"):
            return {"accusation": "accuses the less likely role",
                    "showdown": "names a likely role in the showdown"}[decision.kind]
        doubted = decision.choice == "vote yes" or chosen == "doubt"
        return "doubts a likely truth" if doubted else "lets a likely lie pass"
    if game == "muenchhausen":
        return {"believe": "believes too readily", "doubt": "doubts too readily",
                "take": "takes the weaker offer"}.get(chosen, "lays the wrong card")
    if chosen == "doubt":
        return "doubts too early"
    if "doubt" in best:
        return "doubts too late"
    if game == "hochstapler-duel":
        return "calls the wrong total"
    if chosen == "exchange":
        return "exchanges when it does not pay"
    calls = {o: v for o, v in decision.values.items() if _RAISE.fullmatch(o)}
    if not calls or not _RAISE.fullmatch(decision.choice):
        raise InvalidInputError(f"a costly Hochstapler decision that is no doubt or exchange is a raise, "
                                f"\"raise TOTAL COLOUR\"; got {shown(decision.choice)}")
    if decision.chosen_value == max(calls.values()):
        return "misses an exchange"
    best_call, chosen_total = _total(max(calls, key=calls.__getitem__)), _total(decision.choice)
    return ("calls too low" if best_call > chosen_total else
            "calls the wrong colour" if best_call == chosen_total else "calls above the odds")


def _total(option: str) -> int:
    return int(option.split(" ")[1])


def _verb(option: str) -> str:
    return option.partition(" ")[0]


def _patterns(reviews: Sequence[tuple[int, Review]], found: list[Seen]) -> tuple[Pattern, ...]:
    games = dict(reviews)
    grouped: dict[str, list[Seen]] = {}
    for seen in found:
        name = pattern_of(games[seen.game].game, seen.decision)
        if name is not None:
            grouped.setdefault(name, []).append(seen)
    patterns = [Pattern(name, tuple(seen)) for name, seen in grouped.items()]
    return tuple(sorted(patterns, key=lambda p: (-p.cost, list(ADVICE).index(p.name))))


def _doubts(reviews: Sequence[tuple[int, Review]], found: list[Seen]) -> tuple[DoubtSpot, ...]:
    games = dict(reviews)
    spots = []
    for seen in found:
        d = seen.decision
        if games[seen.game].game == "hochstapler" and "doubt" in d.values:
            others = max((v for o, v in d.values.items() if o != "doubt"), default=Fraction(0))
            spots.append(DoubtSpot(seen.game, d.number, d.values["doubt"], others, d.choice == "doubt"))
    return tuple(spots)


def _tendencies(reviews: Sequence[tuple[int, Review]], states: Sequence[tuple[int, Any, int]]
                ) -> tuple[Tendency, ...]:
    from bluffmath.hochstapler.duel_play import bluff_spots
    duels = {g for g, r in reviews if r.game == "hochstapler-duel"}
    decisions = {(g, d.number): d for g, r in reviews for d in r.decisions}
    spots = []
    for index, state, seat in states:
        if index in duels:
            spots += [(Seen(index, decisions[index, n]), bluffed, share) for n, bluffed, share in bluff_spots(state, seat)
                      if (index, n) in decisions]  # the player's own: a bot's for them is left out
    if not spots:
        return ()
    bluffs = sum(bluffed for _, bluffed, _ in spots)
    expected = sum((share for _, _, share in spots), Fraction(0))
    counts = _count_chances([share for _, _, share in spots])
    rarely = sum(counts[:bluffs + 1], Fraction(0))
    often = sum(counts[bluffs:], Fraction(0))
    found = []
    if bluffs < expected and rarely <= SURPRISE:
        example = next(s for s, bluffed, share in sorted(spots, key=lambda x: -x[2]) if not bluffed)
        found.append(Tendency("bluffs too rarely", len(spots), bluffs, expected, rarely, example))
    if bluffs > expected and often <= SURPRISE:
        example = next(s for s, bluffed, share in sorted(spots, key=lambda x: x[2]) if bluffed)
        found.append(Tendency("bluffs too often", len(spots), bluffs, expected, often, example))
    return tuple(found)


def _count_chances(shares: list[Fraction]) -> list[Fraction]:
    """``result[k]``: the exact chance of exactly ``k`` bluffs when each spot bluffs with
    its own share, independently.

    >>> _count_chances([Fraction(1, 2), Fraction(1, 3)])
    [Fraction(1, 3), Fraction(1, 2), Fraction(1, 6)]
    """
    counts = [Fraction(1)]
    for p in shares:
        counts = [(counts[k] if k < len(counts) else 0) * (1 - p) + (counts[k - 1] * p if k else 0)
                  for k in range(len(counts) + 1)]
    return counts


def _mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values)

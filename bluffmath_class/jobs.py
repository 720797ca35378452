"""The work the class server hands to its workers (:mod:`bluffmath_class.workers`), each a
function of a worker's copy of the games (:class:`~bluffmath_class.mirror.Store`) and of
small messages: a table's :class:`Sketch` and a game's new moves (:class:`Sync`).

A seat's page holds regions of HTML drawn by the game's page module from the engine's
``view(seat)``, the public notes and the seating; nothing else about the game goes in.

>>> from bluffmath_class.games.base import Seating
>>> from bluffmath_class.mirror import Deal, Store
>>> from bluffmath_class.settings import TableSettings
>>> store, settings = Store(), TableSettings(seats=3)
>>> sync = Sync((1, 4), Deal("hochstapler", 3, "one-deal", 4, 0), 0, ())
>>> sketch = Sketch(1, settings, Seating(("Ann", "Bot 2", "Bot 3"), frozenset({1, 2})), "", (0,), sync, 1)
>>> drawn = draw(store, sketch)
>>> message = json.loads(drawn.views[0])
>>> message["game"], message["at"], message["turn"], sorted(message["regions"])[:3]
(1, 0, True, ['board', 'end', 'hand'])
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bluffmath.i18n import _, n_, speaking

from .games import GAMES, Record, Seating
from .markup import esc, tag
from .mirror import Deal, Game, Key, Store
from .results import GameRecord, class_habits, habits_row, move_rows, result_rows
from .settings import TableSettings

#: The regions of a student's page, top to bottom.
SEAT_REGIONS = ("status", "time", "board", "hand", "moves", "odds", "seats", "log", "end", "practice")
#: What a seat's end region says while its review is being counted (in English;
#: :func:`counting` in the language in use).
COUNTING = '<p class="small">Counting your review…</p>'


def counting() -> str:
    """:data:`COUNTING` in the language in use."""
    return tag("p", _("Counting your review…"), ' class="small"')


@dataclass(frozen=True)
class Sync:
    """A game's moves that a worker may not have yet: from move ``start + 1`` on, with
    their notes if another worker made them (None: the worker makes them)."""

    key: Key
    deal: Deal
    start: int
    moves: tuple[dict[str, Any], ...]
    notes: tuple[Any, ...] | None = None
    number: int = 1
    ended_by: str | None = None

    def game(self, store: Store) -> Game:
        """The game in ``store``, brought up to date."""
        return store.sync(self.key, self.deal, self.start, self.moves, self.notes)


@dataclass(frozen=True)
class Sketch:
    """What a worker needs to draw a table besides the game: its id and settings, the names
    the pages show, who sits there (as HTML, for a table with no game yet), the seats to
    draw, the table's latest game (None: none yet) and the change it shows (``version``),
    each seat's time for a move (``clocks``); ``later``: the seats' odds are left out, to follow (a game whose rules say
    :func:`~bluffmath_class.games.base.odds_follow`, with odds always on)."""

    table: int
    settings: TableSettings
    seating: Seating
    seated: str
    seats: tuple[int, ...]
    sync: Sync | None
    version: int
    ends: tuple[tuple[int, str], ...] = ()
    later: bool = False
    #: Each seat's seconds for a move before a bot plays it (0: no limit).
    clocks: tuple[int, ...] = ()
    #: The language the seats' pages (and the public page) are drawn in.
    language: str = "en"


@dataclass(frozen=True)
class Drawn:
    """A table drawn: each drawn seat's message as JSON text, the public page of the table
    for the teacher's screen, the game and move it shows, the notes of the moves the
    draw was sent (one per move, None for a move without), and whether the views wait for
    their odds (:attr:`Sketch.later`, in a game in play)."""

    table: int
    version: int
    views: dict[int, str]
    public: str
    played: tuple[int, int] | None
    notes: tuple[Any, ...]
    later: bool = False


def draw(store: Store, sketch: Sketch) -> Drawn:
    """Each seat's message and the table's public page (see the module docstring), in the
    sketch's language."""
    with speaking(sketch.language):
        return _draw(store, sketch)


def _draw(store: Store, sketch: Sketch) -> Drawn:
    if sketch.sync is None:
        views = {s: json.dumps(seat_message(sketch, None, s), ensure_ascii=False) for s in sketch.seats}
        return Drawn(sketch.table, sketch.version, views, "", None, ())
    game = sketch.sync.game(store)
    ends = dict(sketch.ends)
    views = {s: json.dumps(seat_message(sketch, game, s, ends.get(s, counting())), ensure_ascii=False)
             for s in sketch.seats}
    public = game.rules.table_page(game.state, sketch.seating, game.notes, over=sketch.sync.ended_by is not None)
    return Drawn(sketch.table, sketch.version, views, public, (sketch.sync.key[0], game.at),
                 tuple(game.marks[sketch.sync.start:]), _later(sketch, game))


def seat_message(sketch: Sketch, game: Game | None, seat: int, end: str = "") -> dict[str, Any]:
    """The message for ``seat``'s pages: its view of the table (``end``: its end panel,
    once the game has ended). A view drawn without the odds that follow it says
    ``"counting": true``."""
    settings, seating = sketch.settings, sketch.seating
    regions = dict.fromkeys(SEAT_REGIONS, "")
    regions["table"] = _("Table {table} · {game} · <b>{name}</b>").format(
        table=sketch.table, game=esc(_(settings.rules.title)), name=esc(seating.names[seat]))
    if game is None or sketch.sync is None:
        regions["status"] = tag("p", _("Waiting for the teacher to start the game"), ' class="status"')
        regions["board"], regions["picture"] = sketch.seated, ""
        return {"type": "view", "game": None, "at": 0, "turn": False, "regions": regions}
    rules, live, later = game.rules, sketch.sync.ended_by is None, _later(sketch, game)
    regions.update(rules.seat_page(game.state, seat, seating, "later" if later else settings.odds, game.notes,
                                   live=live))
    turn = live and rules.to_act(game.state) == seat
    if live:
        regions["picture"] = ""  # the class's picture of the game shows once it has ended
    else:
        regions["moves"] = ""
        regions["status"] = tag("p", _("Game over: waiting for the next game"), ' class="status"')
        regions["end"] = end
        mistakes = tag("a", _("Practise my mistakes"), f' class="button" href="/practice/game/{sketch.sync.key[0]}"')
        regions["practice"] = tag("p", mistakes + " " + tag("a", _("More practice"), ' href="/practice"'))
    message = {"type": "view", "game": sketch.sync.key[0], "at": game.at, "turn": turn, "regions": regions}
    seconds = sketch.clocks[seat] if turn and seat < len(sketch.clocks) else 0
    if seconds:  # the page warns the student before it runs out, and offers more
        said = n_("You have {n} second for this move; then a bot plays it for you. You will be told before, "
                  "and can ask for more time.", "You have {n} seconds for this move; then a bot plays it for you. "
                  "You will be told before, and can ask for more time.", seconds).format(n=seconds)
        regions["time"] = f'<p class="small">{said}</p>'
        message["clock"] = seconds
    return {**message, "counting": True} if later else message


def _later(sketch: Sketch, game: Game) -> bool:
    """Whether the seats' odds are left out of this drawing, to follow (a game in play only)."""
    return sketch.later and sketch.sync is not None and sketch.sync.ended_by is None \
        and game.rules.to_act(game.state) is not None


def end_panels(store: Store, sync: Sync, seating: Seating, owns: dict[int, frozenset[int]],
               language: str = "en") -> tuple[dict[int, str], tuple[Any, ...], list[Any]]:
    """The end panels of an ended game's seats (``owns``: each seat's student's own moves,
    :meth:`~bluffmath_class.table.Run.own`): the result and each seat's own review (kept
    with the game: an ended game never changes); the notes of the moves ``sync`` brought,
    as :class:`Drawn` has them; and every seat's decisions, valued here once (this worker
    holds the game's solves), for the class's habits and the downloads. The panels are in
    ``language`` (and kept by it)."""
    game = sync.game(store)
    if game.decisions is None:
        with speaking(language):
            game.decisions = game.rules.decisions(game.state)
    found = {}
    for seat, own in owns.items():
        key = (seat, seating, own, language)
        if key not in game.ends:
            with speaking(language):
                game.ends[key] = game.rules.end_page(game.state, seat, seating, own)
        found[seat] = game.ends[key]
    return found, tuple(game.marks[sync.start:]), game.decisions


def warm(store: Store, sync: Sync) -> None:
    """Count ahead what the game's end pages will need (a game's ``warm``, if it has one:
    Hochstapler's round tables) for every move not counted yet, in the worker that will
    make them."""
    game = sync.game(store)
    warming = getattr(game.rules, "warm", None)
    if warming is not None:
        game.warmed = warming(game.state, game.warmed)


def think(store: Store, sync: Sync, bot: str, seed: str) -> tuple[dict[str, Any], tuple[Any, ...]]:
    """A bot's move for the seat to act, as the database keeps it (seeded by ``seed``); and
    the notes of the moves ``sync`` brought, as :class:`Drawn` has them."""
    import random

    game = sync.game(store)
    rules = game.rules
    return rules.move_json(rules.bot_move(game.state, bot, random.Random(seed))), tuple(game.marks[sync.start:])


@dataclass(frozen=True)
class Entry:
    """A game as the class picture names it: its key, seating, table, number there, and how
    it ended (None while it is played)."""

    key: Key
    seating: Seating
    table: int
    number: int
    ended_by: str | None


def pictures(store: Store, syncs: Sequence[Sync], entries: Sequence[Entry], kinds: Sequence[str],
             language: str = "en") -> dict[str, str]:
    """The class picture of each game of ``kinds`` over the games ``entries`` name, each
    game's copy brought up to date by ``syncs`` first, in ``language``."""
    for sync in syncs:
        sync.game(store)
    by_kind: dict[str, list[Record]] = {kind: [] for kind in kinds}
    for e in entries:
        game = store.games[e.key]
        if game.deal.rules in by_kind:
            by_kind[game.deal.rules].append(Record(e.seating, game.state, game.notes, e.ended_by, e.table, e.number))
    with speaking(language):
        return {kind: GAMES[kind].picture(found) if found else "" for kind, found in by_kind.items()}


# --- the class's habits and the teacher's downloads ----------------------------------------------


#: A game as the server ships it for work over many games: its key, its record without its
#: state (the worker has its copy), and its decisions if a worker valued them already.
Shipped = tuple[Key, GameRecord, Any]


def records(store: Store, syncs: Sequence[Sync], games: Sequence[Shipped]) -> list[GameRecord]:
    """The games ``games`` names with their states from the worker's copies, brought up to
    date by ``syncs`` first."""
    for sync in syncs:
        sync.game(store)
    return [replace(g, state=store.games[key].state) for key, g, _ in games]


def valued(store: Store, games: Sequence[Shipped]) -> dict[tuple[int, int], list[Any]]:
    """Every decision of each ended game, valued once by the review (here, unless shipped)
    and kept with the copy (in the language in use, if valued here)."""
    found = {}
    for key, g, decisions in games:
        game = store.games[key]
        if g.ended_by is None:
            continue
        if game.decisions is None:
            game.decisions = decisions if decisions is not None else game.rules.decisions(game.state)
        found[g.table, g.number] = game.decisions
    return found


def habits_of_class(store: Store, syncs: Sequence[Sync], games: Sequence[Shipped],
                    names: bool, language: str = "en") -> str:
    """The class's habits over ``games`` as HTML in ``language`` (``names``: each
    student's costliest too), each game valued once (:func:`valued`)."""
    from .pages import habits_section

    with speaking(language):
        return habits_section(class_habits(records(store, syncs, games), valued(store, games)), names)


def results_part(store: Store, syncs: Sequence[Sync], games: Sequence[Shipped],
                 language: str = "en") -> list[list[object]]:
    """The results' rows of ``games`` (:func:`~bluffmath_class.results.result_rows`), their
    words in ``language``."""
    with speaking(language):
        return result_rows(records(store, syncs, games))


def moves_part(store: Store, syncs: Sequence[Sync], games: Sequence[Shipped],
               language: str = "en") -> list[list[object]]:
    """The moves' rows of ``games``, each with its exact value (an ended game valued once),
    their words in ``language``."""
    with speaking(language):
        found, every = [], records(store, syncs, games)
        done = valued(store, games)
        for g in every:
            found += move_rows(g, done.get((g.table, g.number)))
        return found


def habits_part(store: Store, syncs: Sequence[Sync], games: Sequence[Shipped],
                language: str = "en") -> list[list[object]]:
    """The habits' rows over ``games``: a row per student and kind of game, their words in
    ``language``."""
    with speaking(language):
        return [habits_row(h) for h in class_habits(records(store, syncs, games), valued(store, games))]


def saves_part(store: Store, syncs: Sequence[Sync], games: Sequence[Shipped]) -> list[tuple[str, str]]:
    """Each game's file name in the ZIP and its save (the core's own, which replays)."""
    return [(f"table-{g.table}-game-{g.number}.json", g.rules.save(g.state)) for g in records(store, syncs, games)]


def picture_part(store: Store, syncs: Sequence[Sync], games: Sequence[Shipped],
                 language: str = "en") -> dict[str, str]:
    """The class picture of every kind of game among ``games``, each kind's part by its key,
    in ``language``."""
    for sync in syncs:
        sync.game(store)
    entries = [Entry(key, g.seating, g.table, g.number, g.ended_by) for key, g, _ in games]
    return pictures(store, (), entries, sorted({store.games[key].deal.rules for key, _, _ in games}), language)

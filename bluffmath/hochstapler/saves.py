"""Saved games: a :class:`~bluffmath.hochstapler.game.State` as versioned JSON and back.

The file holds the whole state (the deal included, so a saved game is not for the eyes
of the players). Loading checks the format, the version, every field, and that the state
could happen in play (:func:`check_state`); a damaged file raises
:class:`~bluffmath.errors.SaveFileError` and never gives a half-loaded game.

The layout (version 1)::

    {"format": "bluffmath/hochstapler-game", "version": 1,
     "game": {"players": 4, "target": null}, "seed": 3, "deal": 0, "to_act": 1,
     "hands": {"red": [5, 0, 2, 7], ...},          colour in play -> each seat's card
     "piles": {"red": [3, 0, ...], ...},           colour in play -> its pile, top first
     "history": [["exchange", 0, "red", 4],        this deal's events: the event's name,
                 ["call", 0, 12, "red"],           then its fields in the order of
                 ["doubt", 1]],                    Exchange, Call and Doubt
     "reveals": [{"deal": 0, "call": ["call", 0, 12, "red"], "doubter": 1,
                  "cards": [5, 0, 2, 7], "taker": 0}]}

>>> from bluffmath.hochstapler.game import Game
>>> state = Game(players=4).new_game(seed=3).exchange("red").raise_(12, "red")
>>> load_game(save_game(state)) == state
True
>>> load_game('{"format": "bluffmath/hochstapler-game", "version": 99}')
Traceback (most recent call last):
...
bluffmath.errors.SaveFileError: this file is version 99 of the Hochstapler save format; this bluffmath reads version 1
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from itertools import chain
from types import MappingProxyType
from typing import Any, NoReturn

from bluffmath.errors import InvalidInputError, SaveFileError
from bluffmath.hochstapler.game import Game, Reveal, State, _shared_event
from bluffmath.hochstapler.position import Call, Doubt, Event, Exchange
from bluffmath.hochstapler.rules import (
    CARDS_PER_COLOUR,
    COLOURS,
    MAX_TOTAL,
    PILE,
    VALUES,
    describe_pile,
)
from bluffmath.validate import json_data, whole_number

FORMAT = "bluffmath/hochstapler-game"
VERSION = 1

_FIELDS = ("format", "version", "game", "seed", "deal", "to_act", "hands", "piles",
           "history", "reveals")
_REVEAL_FIELDS = ("deal", "call", "doubter", "cards", "taker")
_CARDS = sorted(Counter(PILE).elements())  # one colour's cards, sorted
_HIGHEST = max(VALUES)
_ALL_COLOURS = frozenset(COLOURS)
_INT = {int}
_LIST = frozenset((list,))
_DAMAGED = "the saved game is damaged: "
_EVENT_FORMS = '["call", seat, total, colour], ["exchange", seat, colour, value] or ["doubt", seat]'


# --- saving --------------------------------------------------------------------------------


def save_game(state: State) -> str:
    """The state as JSON text (format and version first)."""
    if not isinstance(state, State):
        raise InvalidInputError(f"save_game saves a Hochstapler State, got {type(state).__name__}")
    game = state.game
    try:
        return "".join((
            '{"format": "', FORMAT, '", "version": ', str(VERSION),
            ', "game": {"players": ', _number(game.players), ', "target": ', _number(game.target),
            '}, "seed": ', _number(state.seed), ', "deal": ', _number(state.deal),
            ', "to_act": ', _number(state.to_act),
            ', "hands": {', _colour_texts(state.hands), '}, "piles": {', _colour_texts(state.piles),
            '}, "history": [', ", ".join(_texts(state.history, _event_text)),
            '], "reveals": [', ", ".join(_texts(state.reveals, _reveal_text)), "]}",
        ))
    except (TypeError, ValueError, AttributeError) as error:
        raise InvalidInputError(f"this state cannot be saved: {error}") from None


# The loader keeps what it has read before (events, reveals, reveals found good) so that
# loading every state of one game does not build and check the same objects again; each
# cache is emptied when it reaches this size.
_TEXTS_KEPT = 1 << 16


def _texts(items: list[Any] | tuple[Any, ...], write: Any) -> list[str]:
    """Each item's text, written by ``write(item)``."""
    return list(map(write, items))


def _colour_texts(cards: Mapping[str, tuple[int, ...]]) -> str:
    texts = _texts(list(cards.values()), _cards)
    keys = [_KEYS.get(c) or json.dumps(str(c)) + ": " for c in cards]
    return ", ".join(map(str.__add__, keys, texts))


def _event_text(event: Event) -> str:
    if type(event) is Call:
        fields: list[Any] = ["call", event.seat, event.total, event.colour]
    elif type(event) is Exchange:
        fields = ["exchange", event.seat, event.colour, event.value]
    elif type(event) is Doubt:
        fields = ["doubt", event.seat]
    else:
        raise TypeError(f"a history holds Call, Exchange and Doubt events, not {event!r}")
    return json.dumps(fields)


def _reveal_text(reveal: Reveal) -> str:
    return "".join((
        '{"deal": ', _number(reveal.deal), ', "call": ', _event_text(reveal.call),
        ', "doubter": ', _number(reveal.doubter), ', "cards": ', _cards(reveal.cards),
        ', "taker": ', _number(reveal.taker), "}",
    ))


def _cards(values: tuple[int, ...]) -> str:
    if type(values) is tuple and set(map(type, values)) <= _INT:
        return "[" + ", ".join(map(str, values)) + "]"
    return json.dumps(list(values))


def _number(value: Any) -> str:
    return str(value) if type(value) is int else json.dumps(value)


_KEYS = {colour: f'"{colour}": ' for colour in COLOURS}


# --- loading -------------------------------------------------------------------------------


def load_game(text: str | bytes) -> State:
    """The state saved in ``text``; SaveFileError if the file is damaged or foreign."""
    data = json_data(text, "this is not a saved game: a save", SaveFileError)
    if type(data) is not dict or data.get("format") != FORMAT:
        raise SaveFileError(f"this is not a saved Hochstapler game (its format is not {FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise SaveFileError(
            f"this file is version {version!r} of the Hochstapler save format; "
            f"this bluffmath reads version {VERSION}"
        )
    state = _state(data)
    check_state(state)
    return state


def _state(data: dict[str, Any]) -> State:
    _fields(data, "the save", _FIELDS)
    settings = data["game"]
    _fields(settings, "game", ("players", "target"))
    try:
        game = Game(settings["players"], settings["target"])
    except InvalidInputError as error:
        _fail(f"game: {error}")
    history = _list(data["history"], "history", "events")
    reveals = _list(data["reveals"], "reveals", "reveals")
    return State(
        game, data["seed"], data["deal"],
        _colour_lists(data["hands"], "hands"), _colour_lists(data["piles"], "piles"),
        _events(history), data["to_act"],
        tuple([_reveal(r, i) for i, r in enumerate(reveals)]),
    )


# Events read before: ("call", 1, 5, "red") -> the engine's shared Call(1, 5, "red"). Keys
# hold exact ints and strs only, and are looked up only when every field read is one.
_ITEM_EVENTS: dict[tuple[Any, ...], Event] = {}
_STR_INT = frozenset((str, int))
_EVENT_TYPES = frozenset((Call, Exchange, Doubt))


def _events(items: list[Any]) -> tuple[Event, ...]:
    if set(map(type, items)) <= _LIST and set(map(type, chain.from_iterable(items))) <= _STR_INT:
        events = list(map(_ITEM_EVENTS.get, map(tuple, items)))
        if set(map(type, events)) <= _EVENT_TYPES:
            return tuple(events)
    return tuple([_fast_event(item) or _event(item, f"history[{i}]") for i, item in enumerate(items)])


def _fast_event(item: Any) -> Event | None:
    """The (shared) event of a well-typed item, or None (then :func:`_event` says what is
    wrong). Only exact ints and strs are looked up: True == 1, but is not a seat."""
    if type(item) is not list:
        return None
    made: Event | None = None
    if len(item) == 4:
        kind, seat, a, b = item
        if type(seat) is int:
            if kind == "call" and type(a) is int and type(b) is str:
                made = _shared_event(Call, seat, a, b)
            elif kind == "exchange" and type(a) is str and type(b) is int:
                made = _shared_event(Exchange, seat, a, b)
    elif len(item) == 2 and item[0] == "doubt" and type(item[1]) is int:
        made = _shared_event(Doubt, item[1])
    if made is not None:
        if len(_ITEM_EVENTS) >= _TEXTS_KEPT:
            _ITEM_EVENTS.clear()
        _ITEM_EVENTS[tuple(item)] = made
    return made


def _event(item: Any, where: str) -> Event:
    """An event of any field types (check_state checks them), or SaveFileError."""
    if type(item) is not list or not item:
        _fail(f"{where} must be an event, {_EVENT_FORMS}; got {_json_kind(item)}")
    kind, fields = item[0], item[1:]
    forms = {"call": (Call, 3, '["call", seat, total, colour]'),
             "exchange": (Exchange, 3, '["exchange", seat, colour, value]'),
             "doubt": (Doubt, 1, '["doubt", seat]')}
    if type(kind) is not str or kind not in forms:
        _fail(f"{where}: unknown event {kind!r} (an event is {_EVENT_FORMS})")
    cls, size, form = forms[kind]
    if len(fields) != size:
        _fail(f"{where}: a {kind} is {form}, got {json.dumps(item)}")
    return cls(*fields)  # type: ignore[no-any-return]


# Reveals read before, by their exact fields (as events are), and the reveals found
# consistent for a number of players, by identity: a game's states share their reveals.
_REVEALS: dict[tuple[Any, ...], Reveal] = {}
_GOOD_REVEALS: dict[int, tuple[Reveal, int]] = {}


def _reveal(data: Any, i: int) -> Reveal:
    if type(data) is dict and data.keys() == _REVEAL_KEYS:
        call, cards = data["call"], data["cards"]
        if type(call) is list and type(cards) is list:
            key = (data["deal"], data["doubter"], data["taker"], *call, *cards)
            if tuple(map(type, key)) == _REVEAL_TYPES.get(len(key)) and key[3] == "call":
                reveal = _REVEALS.get(key)
                if reveal is None:
                    reveal = Reveal(key[0], _shared_event(Call, *key[4:7]), key[1], tuple(cards), key[2])
                    if len(_REVEALS) >= _TEXTS_KEPT:
                        _REVEALS.clear()
                    _REVEALS[key] = reveal
                return reveal
    where = f"reveals[{i}]"
    _fields(data, where, _REVEAL_FIELDS)
    call = _fast_event(data["call"]) or _event(data["call"], f"{where}: the call")
    cards = _list(data["cards"], f"{where}: cards", "card values")
    return Reveal(data["deal"], call, data["doubter"], tuple(cards), data["taker"])  # type: ignore[arg-type]


_REVEAL_KEYS = frozenset(_REVEAL_FIELDS)
# the types of (deal, doubter, taker, "call", seat, total, colour, *cards), by length
_REVEAL_TYPES = {7 + n: (int, int, int, str, int, int, str, *[int] * n) for n in range(3, 8)}


def _fields(data: Any, where: str, names: tuple[str, ...]) -> None:
    if type(data) is not dict:
        _fail(f"{where} must be an object with the fields {', '.join(names)}, got {_json_kind(data)}")
    missing = [name for name in names if name not in data]
    if missing:
        _fail(f"{where}: the field {missing[0]!r} is missing (the fields are {', '.join(names)})")
    unknown = [name for name in data if name not in names]
    if unknown:
        _fail(f"{where}: unknown field {unknown[0]!r} (the fields are {', '.join(names)})")


def _list(data: Any, where: str, of: str) -> list[Any]:
    if type(data) is not list:
        _fail(f"{where} must be a list of {of}, got {_json_kind(data)}")
    return data  # type: ignore[no-any-return]


def _colour_lists(data: Any, where: str) -> Mapping[str, tuple[Any, ...]]:
    if type(data) is not dict:
        _fail(f"{where} must be an object mapping colours to lists of cards, got {_json_kind(data)}")
    for colour in data:
        if colour not in COLOURS:
            _fail(f"{where}: unknown colour {colour!r} (the colours are {', '.join(COLOURS)})")
    lists = {}
    for colour in COLOURS:
        if colour in data:
            cards = data[colour]
            if type(cards) is not list:
                _fail(f"{where}: {colour} must be a list of card values, got {_json_kind(cards)}")
            lists[colour] = tuple(cards)
    return MappingProxyType(lists)


def _json_kind(value: Any) -> str:
    kinds = {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}
    if type(value) in kinds:
        return kinds[type(value)]
    return f"the number {value!r}" if isinstance(value, int | float) else type(value).__name__


# --- checking a state ----------------------------------------------------------------------


def check_state(state: State) -> None:
    """Check that a state could happen in play; SaveFileError (saying what is wrong) if not.

    Checked: every field's type and range; each deal before the current one ended with all
    seven colours taken and left everybody below the target; each reveal's seats, cards
    and taker agree with the rules; the history of the current deal follows the turn order
    (calls rise up to the highest reachable total, an exchange is followed by its seat's
    raise, a doubt answers the call just made and matches its reveal); the seat to act is
    the one whose turn it is; and the cards of every colour in play (hands, pile, face up)
    are exactly that colour's 15. Not checked: that the cards are the ones ``seed`` deals
    (a save holds the cards, not a proof of the shuffle).
    """
    if not isinstance(state, State):
        _fail(f"not a game state: check_state needs a State, got {type(state).__name__}")
    game = state.game
    if not isinstance(game, Game):
        _fail(f"game must be a Game, got {type(game).__name__}")
    players, target = game.players, game.target
    top = MAX_TOTAL[players]
    seed, deal, to_act = state.seed, state.deal, state.to_act
    if not (type(seed) is int and seed >= 0 and type(deal) is int and deal >= 0
            and type(to_act) is int and 0 <= to_act < players):
        _whole("seed", seed, 0)
        _whole("deal", deal, 0)
        _whole("to_act", to_act, 0, players - 1)
    if target is None and deal != 0:
        _fail(f"deal is {deal}, but a game without a target has only deal 0")
    hands, piles, history, reveals = state.hands, state.piles, state.history, state.reveals
    for name, value in (("hands", hands), ("piles", piles)):
        if type(value) is not MappingProxyType and not isinstance(value, Mapping):
            _fail(f"{name} must map colours to cards, got {type(value).__name__}")
    if type(history) is not tuple or type(reveals) is not tuple:
        for name, value in (("history", history), ("reveals", reveals)):
            if type(value) is not tuple:
                _fail(f"{name} must be a tuple, got {type(value).__name__}")

    deals = _check_reveals(reveals, players, top, deal)
    points = [0] * players
    for d, done in enumerate(deals[:-1]):
        if len(done) != len(COLOURS):
            _fail(f"deal {d} ended with {len(done)} colours taken; a deal ends when all "
                  f"{len(COLOURS)} are, and only then does the next deal begin")
        for reveal in done:
            points[reveal.taker] += 1
        if max(points) >= target:  # type: ignore[operator]  # deal > 0 only with a target
            _fail(f"the game ended after deal {d}, when seat {points.index(max(points))} "
                  f"reached {target} points (the target), but the save goes on to deal {deal}")
    current = deals[-1]
    opener = deals[-2][-1].doubter if deal else None
    out, face_up, expected = _check_history(history, current, players, top, opener)
    if expected is not None and state.to_act != expected:
        why = "" if history else f" (the last doubter of deal {deal - 1} opens deal {deal})"
        _fail(f"to_act is {state.to_act}, but it is seat {expected}'s turn{why}")

    if hands.keys() != _ALL_COLOURS - out or piles.keys() != hands.keys():
        _check_colours(hands, piles, out, deal)
    for colour, cards in hands.items():
        pile = piles[colour]
        if type(cards) is not tuple or type(pile) is not tuple:
            _fail(f"{colour}: the hand cards and the pile must be tuples of card values")
        if len(cards) != players:
            _fail(f"{colour}: {len(cards)} cards in the hands, one for each of {players} seats")
        every = [*cards, *pile, *face_up.get(colour, ())]
        if set(map(type, every)) != {int} or sorted(every) != _CARDS:
            _check_values(colour, every)
            _fail(f"{colour}: the cards in the hands, the pile and face up must be the colour's "
                  f"{CARDS_PER_COLOUR} cards ({describe_pile()}), got {len(every)} cards: "
                  f"{','.join(map(str, sorted(every)))}")
    if not hands and target is not None:
        for reveal in current:
            points[reveal.taker] += 1
        if max(points) < target:
            _fail(f"the game is over (every colour is taken), but nobody has reached {target} "
                  f"points, the target: deal {deal + 1} is missing")


def _check_colours(hands: Mapping[str, Any], piles: Mapping[str, Any], out: set[str],
                   deal: int) -> None:
    for name, colours in (("hands", hands), ("piles", piles)):
        for colour in colours:
            if colour not in COLOURS:
                _fail(f"{name}: unknown colour {colour!r} (the colours are {', '.join(COLOURS)})")
    for colour in COLOURS:
        if colour in out and colour in hands:
            _fail(f"{colour} is in play but was taken in deal {deal}")
        if colour not in out and colour not in hands:
            _fail(f"{colour} is neither in play nor taken in deal {deal}")
    for name, colours, others in (("hands", hands, piles), ("piles", piles, hands)):
        for colour in colours:
            if colour not in others:
                other = "piles" if name == "hands" else "hands"
                _fail(f"{colour}: the {name} hold it but the {other} do not")


def _check_reveals(reveals: tuple[Reveal, ...], players: int, top: int,
                   deal: int) -> list[list[Reveal]]:
    """Check each reveal; return them grouped by deal, deals 0 to ``deal``."""
    deals: list[list[Reveal]] = [[] for _ in range(deal + 1)]
    taken: set[str] = set()
    last = 0
    good = _GOOD_REVEALS
    for i, reveal in enumerate(reveals):
        known = good.get(id(reveal))
        if known is None or known[0] is not reveal or known[1] != players:
            if _good_reveal(reveal, players, top):
                if len(good) >= _TEXTS_KEPT:
                    good.clear()
                good[id(reveal)] = (reveal, players)
            else:
                _check_reveal(f"reveals[{i}]", reveal, players, top, deal)
        d = reveal.deal
        if d > deal:
            _whole(f"reveals[{i}]: deal", d, 0, deal)
        if d != last:
            if d < last:
                _fail(f"reveals[{i}]: deal {d} comes after deal {last}; reveals are kept in "
                      f"the order they happened")
            taken, last = set(), d
        colour = reveal.call.colour
        if colour in taken:
            _fail(f"reveals[{i}]: {colour} is taken a second time in deal {d}")
        taken.add(colour)
        deals[d].append(reveal)
    return deals


def _good_reveal(reveal: Reveal, players: int, top: int) -> bool:
    """The fast test of what :func:`_check_reveal` checks (but the deal's upper bound),
    without the messages."""
    if type(reveal) is not Reveal:
        return False
    call, cards, doubter = reveal.call, reveal.cards, reveal.doubter
    if not (type(call) is Call and type(reveal.deal) is int and reveal.deal >= 0
            and type(call.seat) is int and 0 <= call.seat < players
            and type(call.total) is int and 0 <= call.total <= top
            and type(call.colour) is str and call.colour in _ALL_COLOURS
            and type(doubter) is int and doubter == (call.seat + 1) % players
            and type(cards) is tuple and len(cards) == players
            and set(map(type, cards)) == {int} and _fits(tuple(sorted(cards)))):
        return False
    right = doubter if sum(cards) >= call.total else call.seat
    return type(reveal.taker) is int and reveal.taker == right


def _check_reveal(where: str, reveal: Reveal, players: int, top: int, deal: int) -> None:
    """Raise SaveFileError saying what is wrong with one reveal."""
    if type(reveal) is not Reveal:
        _fail(f"{where} must be a Reveal, got {type(reveal).__name__}")
    _whole(f"{where}: deal", reveal.deal, 0, deal)
    call = reveal.call
    if type(call) is not Call:
        _fail(f"{where}: the call must be a Call, got {call!r}")
    _whole(f"{where}: the call's seat", call.seat, 0, players - 1)
    _whole(f"{where}: the call's total", call.total, 0, top)
    colour = call.colour
    if type(colour) is not str or colour not in COLOURS:
        _fail(f"{where}: the call's colour must be one of {', '.join(COLOURS)}, got {colour!r}")
    _whole(f"{where}: doubter", reveal.doubter, 0, players - 1)
    if reveal.doubter != (call.seat + 1) % players:
        _fail(f"{where}: seat {reveal.doubter} doubts a call of seat {call.seat}, but only "
              f"the next seat, {(call.seat + 1) % players}, can doubt it")
    cards = reveal.cards
    if type(cards) is not tuple or len(cards) != players:
        shown = len(cards) if type(cards) is tuple else repr(cards)
        _fail(f"{where}: {shown} cards shown, one for each of {players} seats")
    _check_values(where, cards)
    _check_fits(f"{where}: the {colour} cards shown", cards)
    _whole(f"{where}: taker", reveal.taker, 0, players - 1)
    total = sum(cards)
    right = reveal.doubter if total >= call.total else call.seat
    if reveal.taker != right:
        how = "reached" if total >= call.total else "fell short of"
        _fail(f"{where}: the {colour} total {total} {how} the call of {call.total}, so "
              f"seat {right} takes {colour}, not seat {reveal.taker}")


def _check_history(history: tuple[Event, ...], reveals: list[Reveal], players: int, top: int,
                   opener: int | None) -> tuple[set[str], dict[str, list[int]], int | None]:
    """Replay the current deal's history; return the colours taken, the face-up cards and
    the seat whose turn it is (None: any seat may open). Each event passes one quick test;
    :func:`_history_problem` says what is wrong with one that fails it."""
    live = set(COLOURS)  # the colours in play
    face_up: dict[str, list[int]] = {}
    call: Call | None = None
    low = 0  # the lowest total a call may name
    exchanged = False
    expected = opener
    doubts = 0
    seats = range(players)
    for i, event in enumerate(history):
        kind = type(event)
        if kind is Call:
            seat, total, colour = event.seat, event.total, event.colour
            if not (type(seat) is int and (seat == expected or (expected is None and seat in seats))
                    and type(total) is int and low <= total <= top
                    and type(colour) is str and colour in live):
                _history_problem(i, event, players, top, expected, call, live)
            call, low, exchanged = event, total + 1, False
            expected = seat + 1 if seat + 1 < players else 0
        elif kind is Exchange:
            seat, colour, value = event.seat, event.colour, event.value
            if not (type(seat) is int and (seat == expected or (expected is None and seat in seats))
                    and type(colour) is str and colour in live and not exchanged and low <= top
                    and type(value) is int and 0 <= value <= _HIGHEST):
                _history_problem(i, event, players, top, expected, call, live, exchanged)
            if colour in face_up:
                face_up[colour].append(value)
            else:
                face_up[colour] = [value]
            exchanged, expected = True, seat
        elif kind is Doubt:
            seat = event.seat
            reveal = reveals[doubts] if doubts < len(reveals) else None
            if not (type(seat) is int and (seat == expected or (expected is None and seat in seats))
                    and call is not None and not exchanged
                    and reveal is not None and reveal.call == call and reveal.doubter == seat):
                _history_problem(i, event, players, top, expected, call, live, exchanged)
            colour = call.colour  # type: ignore[union-attr]
            if colour in face_up:
                _check_fits(f"history[{i}]: the {colour} cards shown and laid face up",
                            (*reveal.cards, *face_up[colour]))  # type: ignore[union-attr]
            live.discard(colour)
            call, low, expected = None, 0, seat
            doubts += 1
        else:
            _fail(f"history[{i}]: each event must be a Call, an Exchange or a Doubt, got {event!r}")
    if doubts != len(reveals):
        missing = reveals[doubts]
        _fail(f"{missing.call.colour} was taken in this deal (a reveal says so), but the history "
              f"shows no doubt of it")
    return _ALL_COLOURS - live, face_up, expected  # type: ignore[return-value]


def _history_problem(i: int, event: Event, players: int, top: int, expected: int | None,
                     call: Call | None, live: set[str], exchanged: bool = False) -> None:
    """Raise SaveFileError saying why ``history[i]`` cannot come next."""
    where = f"history[{i}]"
    seat = event.seat
    _whole(f"{where}: the seat", seat, 0, players - 1)
    if expected is not None and seat != expected:
        _fail(f"{where}: seat {seat} acts, but it is seat {expected}'s turn")
    if type(event) is Doubt:
        if call is None:
            _fail(f"{where}: a doubt, but there is no call to doubt")
        if exchanged:
            _fail(f"{where}: seat {seat} doubts right after an exchange; after an exchange a "
                  f"seat must raise")
        _fail(f"{where}: seat {seat} doubts seat {call.seat}'s call of {call.total} "
              f"{call.colour}, but the reveals of this deal do not show that doubt")
    colour = event.colour  # type: ignore[union-attr]
    if type(colour) is not str or colour not in COLOURS:
        _fail(f"{where}: the colour must be one of {', '.join(COLOURS)}, got {colour!r}")
    if colour not in live:
        _fail(f"{where}: {colour} has already left play")
    if type(event) is Exchange:
        if exchanged:
            _fail(f"{where}: a second exchange in one turn; a seat exchanges at most one card, "
                  f"then raises")
        if call is not None and call.total >= top:
            _fail(f"{where}: an exchange after a call of {call.total}, which nothing beats; "
                  f"after an exchange a seat must raise")
        _whole(f"{where}: the value", event.value, 0, _HIGHEST)
    else:
        low = 0 if call is None else call.total + 1
        beat = "" if call is None else f" to beat {call.total}"
        _fail(f"{where}: a call{beat} names a whole number from {low} to {top}, got {event.total!r}")  # type: ignore[union-attr]


def _check_values(where: str, values: Any) -> None:
    for value in values:
        if type(value) is not int or not 0 <= value <= _HIGHEST:
            _fail(f"{where}: the cards must be whole numbers from 0 to {_HIGHEST}, got {value!r}")


def _check_fits(what: str, values: Any) -> None:
    if not _fits(tuple(sorted(values))):
        _fail(f"{what} ({','.join(map(str, values))}) are more than one colour holds "
              f"({describe_pile()})")


@lru_cache(maxsize=4096)
def _fits(values: tuple[int, ...]) -> bool:
    """Whether these card values (whole numbers, sorted) can all come out of one colour's pile."""
    return not Counter(values) - Counter(PILE)


def _whole(name: str, value: Any, low: int, high: int | None = None) -> None:
    if type(value) is int and value >= low and (high is None or value <= high):
        return
    try:
        whole_number(name, value, low, high)
    except InvalidInputError as error:
        _fail(str(error))


def _fail(problem: str) -> NoReturn:
    raise SaveFileError(_DAMAGED + problem)

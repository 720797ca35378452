"""Equilibrium certificates: a value and both players' strategies, checked by best response.

A certificate claims that ``value`` is the game's value and that the two strategies are an
equilibrium. :meth:`Certificate.verify` checks it from scratch, with no solver: player 2's
exact best reply to player 1's strategy gives what player 1's strategy guarantees, player
1's best reply to player 2's gives what player 2's concedes; the claim holds exactly when
both equal ``value`` (then neither player gains by deviating).

A certificate is saved as JSON (``to_json``) naming its game by how to build it, never
the tree itself (a save is a recipe, not a snapshot); :meth:`Certificate.from_json`
reads it strictly and builds the game again::

    {"format": "bluffmath-equilibrium", "version": 1,
     "game": {"game": "kuhn-poker"}, "value": "-1/18",
     "strategies": [{"J": {"check": "2/3", "bet": "1/3"}, ...}, {...}]}

Strategies list only the information sets a player's own choices reach, and only actions
of positive probability; fractions are written as text, ``"p/q"``.

>>> from bluffmath.equilibrium.examples import matching_pennies
>>> half = {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}
>>> cert = Certificate(matching_pennies(), Fraction(0), ({"hide": half}, {"guess": half}))
>>> cert.verify()
True
>>> Certificate.from_json(cert.to_json()).value
Fraction(0, 1)
>>> Certificate(matching_pennies(), Fraction(0), ({"hide": {"heads": 1}}, {"guess": half})).verify()
Traceback (most recent call last):
...
bluffmath.errors.CertificateError: the certificate of matching pennies does not hold: it claims the value 0, ...
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bluffmath.equilibrium.games import builder, certificate_folder, names, read_game
from bluffmath.equilibrium.response import (
    Strategy,
    _plan,
    _respond,
    check_strategy,
    realisation_plan,
)
from bluffmath.equilibrium.tree import Game, Sequence_, _game, _parameter, _player
from bluffmath.errors import CertificateError, InvalidInputError
from bluffmath.limits import MAX_CERTIFICATE_FRACTION
from bluffmath.moved import moved
from bluffmath.schema import Node
from bluffmath.validate import shown

FORMAT = "bluffmath-equilibrium"
VERSION = 1


@dataclass(frozen=True, eq=False)
class Certificate:
    """A claimed equilibrium of ``game``: its ``value`` (to player 1) and ``strategies``
    (player 1's, player 2's), each ``{infoset: {action: Fraction}}``."""

    game: Game
    value: Fraction
    strategies: tuple[Strategy, Strategy]

    def __post_init__(self) -> None:
        _game(self.game)
        object.__setattr__(self, "value", claimed_value(self.value, self.strategies))
        object.__setattr__(self, "strategies", (check_strategy(self.game, 1, self.strategies[0]),
                                                check_strategy(self.game, 2, self.strategies[1])))
        _plan(self.game, 1, self.strategies[0])  # every reached infoset is there
        _plan(self.game, 2, self.strategies[1])

    def __repr__(self) -> str:
        return f"Certificate({self.game.name}: value {self.value})"

    def strategy(self, player: int) -> Strategy:
        """Player ``player``'s strategy (a copy)."""
        return {key: dict(mix) for key, mix in self.strategies[_player(player) - 1].items()}

    def realisation_plan(self, player: int) -> dict[Sequence_, Fraction]:
        """Player ``player``'s realisation plan (sequences of chance 0 left out)."""
        return realisation_plan(self.game, player, self.strategies[_player(player) - 1])

    def bounds(self) -> tuple[Fraction, Fraction]:
        """What player 1's strategy guarantees and what player 2's concedes (player 2's
        and player 1's exact best replies), computed now."""
        low, _ = _respond(self.game, 1, _plan(self.game, 1, self.strategies[0]))
        high, _ = _respond(self.game, 2, _plan(self.game, 2, self.strategies[1]))
        return low, high

    def verify(self) -> bool:
        """True if both best replies reach exactly ``value``; else CertificateError."""
        return holds(self.game.name, self.value, self.bounds())

    def to_data(self) -> dict[str, Any]:
        """The certificate as JSON data (see the module)."""
        if self.game.spec is None:
            raise InvalidInputError(f"{self.game.name} has no spec, so a certificate of it cannot "
                                    f"name it in JSON; build the game with a spec")
        return {
            "format": FORMAT, "version": VERSION, "game": self.game.spec, "value": _text(self.value),
            "strategies": [{key: {a: _text(p) for a, p in mix.items()} for key, mix in s.items()}
                           for s in self.strategies],
        }

    def to_json(self) -> str:
        """The certificate as compact JSON text."""
        return json.dumps(self.to_data(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes | dict) -> Certificate:
        """Read a certificate strictly (unknown keys, wrong types, an unknown game or
        version are refused with the path of the value). It is not verified here: call
        :meth:`verify`. Data (a dict) is read as the JSON text it stands for."""
        root = Node.of(_json_text(text), "a certificate", CertificateError)
        fields = root.fields(["format", "version", "game", "value", "strategies"])
        fields["format"].text([FORMAT])
        fields["version"].integer(1, VERSION)
        spec = fields["game"].value
        if type(spec) is dict and spec.get("game") in names():
            _builder(spec["game"], fields["game"])  # one that cannot be imported: refused here
        game = read_game(fields["game"])
        value = fields["value"].fraction(-(10**12), 10**12)
        sides = fields["strategies"].items(size=2)
        strategies = []
        for player, side in enumerate(sides, start=1):
            strategy: Strategy = {}
            for key, mix in side.entries(limit=len(game.infosets)):
                info = game.infosets.get(key)
                if info is None or info.player != player:
                    mix.refuse(f"{key!r} is not one of player {player}'s information sets in {game.name}")
                strategy[key] = {}
                for action, p in mix.entries(limit=len(info.actions)):
                    if action not in info.actions:
                        p.refuse(f"{action!r} is not an action there; the actions are {', '.join(info.actions)}")
                    strategy[key][action] = _probability(p)
            strategies.append(strategy)
        try:
            return cls(game, value, (strategies[0], strategies[1]))
        except InvalidInputError as error:
            raise CertificateError(f"a certificate: {error}") from None


def claimed_value(value: object, strategies: object) -> Fraction:
    """A claim's ``value`` as a Fraction, once it is exact and ``strategies`` is a pair (a
    tuple of two); else InvalidInputError. What the strategies hold is the claim's own check."""
    if isinstance(value, bool) or type(value) not in (int, Fraction):
        raise InvalidInputError(f"value must be an exact number (an int or a Fraction), got {shown(value)}")
    if type(strategies) is not tuple or len(strategies) != 2:
        raise InvalidInputError(f"strategies must be a pair (player 1's, player 2's), a tuple of two "
                                f"dicts {{infoset: {{action: probability}}}}, got {shown(strategies)}")
    return Fraction(value)


def holds(name: str, value: Fraction, bounds: tuple[Fraction, Fraction]) -> bool:
    """True if both best replies (``bounds``: what player 1's strategy guarantees, what
    player 2's concedes) reach exactly the claimed ``value``; else CertificateError."""
    low, high = bounds
    if not low == high == value:
        raise CertificateError(f"the certificate of {name} does not hold: it claims the value {value}, "
                               f"player 1's strategy guarantees {low} and player 2's concedes {high}")
    return True


def _json_text(data: object) -> object:
    """A certificate given as data (a dict), written as JSON text, so that it is read as
    strictly as text is (a key that is not text, a float or a Fraction is refused there or
    here); anything else as it is.

    >>> _json_text({(1, 2): 1})
    Traceback (most recent call last):
    ...
    bluffmath.errors.CertificateError: a certificate given as data must be JSON data (...): keys must be str, ...
    """
    if not isinstance(data, dict):
        return data
    try:
        return json.dumps(data, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as problem:
        raise CertificateError(f"a certificate given as data must be JSON data (objects with text keys, lists, "
                               f"texts and whole numbers): {problem}") from None


_FRACTION = re.compile(r"([0-9]+)(?:/([0-9]+))?\Z")


def _probability(node: Node) -> Fraction:
    """A probability written as text, "p/q" or "1": exact fractions of an equilibrium can
    have a hundred digits, more than other forms allow (MAX_CERTIFICATE_FRACTION)."""
    value = node.value
    if type(value) is int and value in (0, 1):
        return Fraction(value)
    if type(value) is not str or len(value) > MAX_CERTIFICATE_FRACTION:
        node.fail(f'an exact probability written as text, such as "1/4", of at most '
                  f"{MAX_CERTIFICATE_FRACTION:,} characters")
    match = _FRACTION.match(value)
    if not match or (match[2] is not None and int(match[2]) == 0):
        node.fail('an exact probability written as text, such as "1/4"')
    p = Fraction(int(match[1]), int(match[2] or 1))
    if p > 1:
        node.fail('an exact probability from 0 to 1, such as "1/4"')
    return p


def _text(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def file_name(spec: dict[str, Any]) -> str:
    """The file name a stored certificate of the game ``spec`` has, such as
    ``hochstapler-duel-0-1-2.json``."""
    parts = [spec["game"]]
    for key, value in sorted(spec.items()):
        if key != "game":
            parts.append("-".join(map(str, value)) if isinstance(value, list) else str(value))
    return "-".join(parts) + ".json"


_VERIFIED: dict[str, Certificate | None] = {}
# what a stored certificate's file name can be (longer names, or other characters, are of
# specs that no stored certificate has, and no file system would open)
_FILE_NAME = re.compile(r"[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\Z")
_LONGEST_FILE_NAME = 255


def stored(spec: dict[str, Any], refined: bool = False) -> Certificate | None:
    """The certificate of the game ``spec`` that ships with bluffmath (in
    ``bluffmath/equilibrium/certificates/``, or where the game's registration says:
    :func:`~bluffmath.equilibrium.games.certificate_folder`), verified once; None if
    there is none. ``refined=True``: its refined equilibrium
    (:func:`~bluffmath.equilibrium.refine.refined`, in the folder's ``refined/``), which
    the equilibrium bots play; the lessons read the plain one.

    ``spec`` must name a registered game with the parameters its builder takes, as in a
    certificate (an unknown game or key is an error); the game is not built unless a
    certificate of it ships.

    >>> stored({"game": "kuhn-poker"}).value, stored({"game": "hochstapler-duel", "deck": [9, 9]})
    (Fraction(-1, 18), None)
    >>> stored({"game": "kuhn-poker", "cards": 4})
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: a game spec: unknown key "cards"; allowed: game
    >>> stored({"game": "kuhn-poker"}, refined="yes")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: refined must be True or False, got 'yes'
    """
    if type(refined) is not bool:
        raise InvalidInputError(f"refined must be True or False, got {shown(refined)}")
    name = file_name(checked_spec(spec))
    if len(name) > _LONGEST_FILE_NAME or not _FILE_NAME.match(name):
        return None
    key = ("refined/" if refined else "") + name
    if key not in _VERIFIED:
        _VERIFIED[key] = _read_stored(spec["game"], name, refined)
    return _VERIFIED[key]


def _read_stored(game: str, name: str, refined: bool) -> Certificate | None:
    """The stored certificate ``name`` of ``game`` (in ``refined/`` if ``refined``), verified;
    None if there is none."""
    from importlib.resources import files
    package, folder = certificate_folder(game)
    try:
        root = files(package)
    except (ImportError, TypeError) as problem:
        raise InvalidInputError(f"the certificates of the game {game!r} are registered to "
                                f"{package}:{folder}, which cannot be imported ({problem})") from None
    path = root.joinpath(folder, *(["refined"] if refined else []), name)
    if not path.is_file():
        return None
    cert = Certificate.from_json(path.read_text(encoding="utf-8"))
    cert.verify()
    return cert


def checked_spec(spec: object) -> dict[str, Any]:
    """``spec`` if it names a registered game with parameters its builder takes (whole
    numbers, texts and lists of them), else InvalidInputError saying what is wrong; the
    game itself is not built.

    >>> checked_spec({"game": "kuhn-poker"})
    {'game': 'kuhn-poker'}
    >>> checked_spec({"game": "kuhn-pokr"})
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: a game spec: game: "kuhn-pokr" is not allowed (did you mean "kuhn-poker"?); allowed: ...
    """
    node = Node(spec, "a game spec")
    if type(spec) is not dict or "game" not in spec or not all(type(key) is str for key in spec):
        node.fail('an object naming a game, with text keys, such as {"game": "kuhn-poker"}')
    games, game = names(), Node(spec["game"], "a game spec", path="game")
    if type(game.value) is not str or len(game.value) > 100:
        game.fail("one of " + ", ".join(map(json.dumps, games)))
    name = game.text(games)
    required, optional = [], []
    for parameter in inspect.signature(_builder(name, node)).parameters.values():
        (optional if parameter.default is not parameter.empty else required).append(parameter.name)
    for key, value in node.fields(["game", *required], optional).items():
        if key != "game" and not _parameter(value.value):
            value.fail("a whole number, a text (of at most 1,000 characters), or a list of them")
    return spec


def _builder(name: str, node: Node) -> Callable[..., Game]:
    """The builder of the registered game ``name``, imported now; one that cannot be
    imported, or that is no function, is refused at ``node`` with the form's error."""
    try:
        build = builder(name)
        inspect.signature(build)
    except (ImportError, AttributeError, TypeError, ValueError) as problem:
        node.refuse(f"the game {name!r} is registered, but its builder cannot be imported or is no "
                    f"function ({type(problem).__name__}: {problem}); register(name, 'module:function') "
                    f"must name an importable function")
    return build


def stored_names() -> list[str]:
    """The file names of every certificate that ships with bluffmath."""
    from importlib.resources import files
    folder = files("bluffmath.equilibrium").joinpath("certificates")
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".json")) if folder.is_dir() else []


# deprecated path: the names that moved, found here until the next release
_MOVED = {"game_value": "bluffmath.equilibrium.value", "game_from_spec": "bluffmath.equilibrium.games"}


def __getattr__(name: str) -> Any:
    """A name that moved (``_MOVED``), with a DeprecationWarning (:mod:`~bluffmath.moved`)."""
    return moved(__name__, _MOVED, name)

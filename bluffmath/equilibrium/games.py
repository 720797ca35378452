"""The games a certificate can name, and how a spec builds one again.

A certificate names its game by a *spec* (JSON data): ``{"game": name, **parameters}``,
such as ``{"game": "hochstapler-duel", "deck": [0, 1, 2]}``. The registry maps each
name to the game's builder, written as text, ``"module:function"``, and imported only
when a spec names it. So the equilibrium package imports no game: the games import it,
never the other way round. A builder takes the spec's parameters as keyword arguments
(a JSON list comes as a tuple) and checks them itself; its parameters are the keys a
spec may have (those without a default must be there).

=====================================  ================================================
``register(name, "module:function")``  a game a spec may name (a callable works too)
``builder(name)``                      the builder of a registered game, imported now
``game_from_spec(spec)``               the game a spec names, built again
``certificate_folder(name)``           where the game's stored certificates are
=====================================  ================================================

>>> game_from_spec({"game": "kuhn-poker"})
Game('Kuhn poker': 55 nodes, 12 information sets)
>>> game_from_spec({"game": "kuhn-poker", "cards": 4})
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: a game spec: unknown key "cards"; allowed: game
>>> register("matching-pennies", "bluffmath.equilibrium.examples:kuhn_poker")
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: the game 'matching-pennies' is registered already, to ...:matching_pennies
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from importlib import import_module
from typing import Any

from bluffmath.equilibrium.tree import Game
from bluffmath.errors import InvalidInputError
from bluffmath.limits import MAX_ITEMS
from bluffmath.schema import Node
from bluffmath.validate import shown

Builder = Callable[..., Game]

_REGISTRY: dict[str, str | Builder] = {
    "matching-pennies": "bluffmath.equilibrium.examples:matching_pennies",
    "kuhn-poker": "bluffmath.equilibrium.examples:kuhn_poker",
    "hochstapler-duel": "bluffmath.duel.tree:duel",
    "muenchhausen-one-turn": "bluffmath.muenchhausen.one_turn:one_turn",
    "liars-dice": "bluffmath.liars_dice.game:liars_dice",
    "liars-dice-reduced": "bluffmath.liars_dice.reduced:reduced_liars_dice",
}
# where a game's stored certificates live, "package:folder", if not with these modules
_FOLDERS: dict[str, str] = {
    "liars-dice": "bluffmath.liars_dice:certificates",
    "liars-dice-reduced": "bluffmath.liars_dice:certificates",
}


def register(name: str, target: str | Builder, certificates: str | None = None) -> None:
    """Let specs name the game ``name``, built by ``target``: a function, or its place as
    text ``"module:function"`` (imported when a spec first names it). ``certificates``
    (``"package:folder"``) is where the game's stored certificates are, if it has any
    outside ``bluffmath/equilibrium/certificates``. A name is registered once;
    registering the same target again changes nothing."""
    if not isinstance(name, str) or not name or len(name) > 100:
        raise InvalidInputError(f"a game's name must be text of 1 to 100 characters, got {shown(name)}")
    if not (callable(target) or (isinstance(target, str) and target.count(":") == 1)):
        raise InvalidInputError(f"a game's builder must be a function or 'module:function', got {shown(target)}")
    old = _REGISTRY.get(name)
    if old is not None and _place(old) != _place(target):
        raise InvalidInputError(f"the game {name!r} is registered already, to {_place(old)}")
    if certificates is not None:
        if not isinstance(certificates, str) or certificates.count(":") != 1:
            raise InvalidInputError(f"certificates must be 'package:folder', got {shown(certificates)}")
        _FOLDERS[name] = certificates
    _REGISTRY[name] = target


def certificate_folder(name: str) -> tuple[str, str]:
    """The package and the folder in it that hold the stored certificates of ``name``."""
    package, _, folder = _FOLDERS.get(name, "bluffmath.equilibrium:certificates").partition(":")
    return package, folder


def _place(target: str | Builder) -> str:
    return target if isinstance(target, str) else f"{target.__module__}:{target.__qualname__}"


def names() -> list[str]:
    """The registered games' names."""
    return list(_REGISTRY)


def builder(name: str) -> Builder:
    """The builder of the game ``name``, imported now if it was registered as text."""
    target = _REGISTRY.get(name) if isinstance(name, str) else None
    if target is None:
        raise InvalidInputError(f"no game is registered as {shown(name)}; the games are {', '.join(_REGISTRY)}")
    if isinstance(target, str):
        module, _, function = target.partition(":")
        try:
            found = getattr(import_module(module), function)
        except (ImportError, AttributeError, ValueError) as error:
            raise InvalidInputError(f"the game {name!r} is registered to {target!r}, which cannot be "
                                    f"imported: {error}") from None
        if not callable(found):
            raise InvalidInputError(f"the game {name!r} is registered to {target!r}, which is not a function")
        return found
    return target


def read_game(node: Node) -> Game:
    """The game a spec names (``node``: the spec, read strictly: unknown or missing
    parameters, and values other than whole numbers, texts and lists of them, are
    refused with their path; the builder's own error is given at the spec)."""
    if type(node.value) is not dict or "game" not in node.value or not all(type(k) is str for k in node.value):
        node.fail('an object naming a game, such as {"game": "kuhn-poker"}')
    name = node.fields(["game"], [k for k in node.value if k != "game"])["game"].text(_REGISTRY)
    build = builder(name)
    required, optional = [], []
    for parameter in inspect.signature(build).parameters.values():
        (optional if parameter.default is not parameter.empty else required).append(parameter.name)
    fields = node.fields(["game", *required], optional)
    arguments = {key: _plain(value) for key, value in fields.items() if key != "game"}
    try:
        return build(**arguments)
    except InvalidInputError as error:
        node.refuse(str(error))


def _plain(node: Node) -> Any:
    """A parameter's value: a whole number, a text, or a list of them (as a tuple)."""
    value = node.value
    if (type(value) is int or type(value) is str) and len(str(value)) <= 1000:
        return value
    if type(value) is list:
        items = node.items(limit=MAX_ITEMS)
        return tuple(_plain(item) if type(item.value) is not list else item.fail("a whole number or a text")
                     for item in items)
    node.fail("a whole number, a text, or a list of them")


def game_from_spec(spec: Any) -> Game:
    """The game a spec names (as in a certificate's ``"game"``), built again."""
    return read_game(Node(spec, "a game spec"))

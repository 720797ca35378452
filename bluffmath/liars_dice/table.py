"""The table of exact values: 1v1, 2v1 and 1v2, sides 1 to 6, in the three modes; and
two dice against two, which no table had published.

Each cell's certificate is stored with bluffmath (``bluffmath/liars_dice/certificates``):
an equilibrium of the reduced game (:func:`~bluffmath.liars_dice.reduced.reduced_liars_dice`,
whose value is the whole game's). :func:`cell` reads it and checks it by exact best
responses on the call histories (:mod:`bluffmath.liars_dice.response`), without building
the game: every cell in well under a second. :func:`certificate` gives the same as a
:class:`~bluffmath.equilibrium.Certificate`, with the reduced game built (seconds for
the largest cells, the one-die stairs game with six sides about seven), which the solver's
tools (``refined``, ``best_response``) take.
``PUBLISHED`` holds the values of Thomas Ahle's ``snyd`` README, as printed there (floats
turned into fractions by ``limit_denominator``; its stairs mode plays other rules, see
:mod:`bluffmath.liars_dice`).

>>> value(1, 1, 6)
Fraction(-1, 9)
>>> value(2, 1, 4), PUBLISHED[2, 1, 4, "normal"], PUBLISHED[2, 1, 6, "normal"]
(Fraction(345, 1696), '345/1696', '0.275..')
>>> value(1, 1, 1, "joker") is None                 # no face 2 to call
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from importlib.resources import files

from bluffmath.equilibrium import Certificate
from bluffmath.equilibrium.certificate import (
    FORMAT,
    VERSION,
    _probability,
    claimed_value,
    file_name,
    holds,
)
from bluffmath.equilibrium.games import certificate_folder
from bluffmath.equilibrium.response import Strategy
from bluffmath.equilibrium.tree import _player
from bluffmath.errors import CertificateError
from bluffmath.liars_dice.rules import MODES, Rules, checked_rules
from bluffmath.limits import MAX_GAME_NODES
from bluffmath.schema import Node

#: Every cell of the table: (d1, d2, sides, mode); joker and stairs need 2 sides.
CELLS = tuple((d1, d2, s, mode) for mode in MODES for d1, d2 in ((1, 1), (2, 1), (1, 2))
              for s in range(1, 7) if mode == "normal" or s > 1)

#: Two dice against two (first certified here): every variant with 1 to 6 sides; those
#: whose reduced game is larger than MAX_GAME_NODES have no certificate.
TWO_AGAINST_TWO = tuple((2, 2, s, mode) for mode in MODES for s in range(1, 7) if mode == "normal" or s > 1)

#: The values in the README of github.com/thomasahle/snyd, as printed ("" where it has none).
PUBLISHED: dict[tuple[int, int, int, str], str] = {}
for (_d1, _d2), _columns in {
    (1, 1): (("1", "0", "-1/9", "-1/8", "-3/35", "-1/9"), ("-", "1", "1/3", "0", "0", "-7/327"),
             ("-", "0", "1/9", "0", "1/25", "0")),
    (2, 1): (("1", "1/4", "1/9", "345/1696", "2128/8375", "0.275.."), ("-", "1", "1/3", "1/4", "34/125", "7/27"),
             ("-", "3/8", "1/27", "1/16", "", "")),
    (1, 2): (("1", "0", "-1/27", "-1/8", "-27/125", ""), ("-", "1", "-1/27", "-1/32", "-3/125", "-5/54"),
             ("-", "-1/4", "-1/27", "1/16", "", "")),
}.items():
    for _mode, _column in zip(MODES, _columns, strict=True):
        for _s, _text in enumerate(_column, start=1):
            PUBLISHED[_d1, _d2, _s, _mode] = _text
PUBLISHED.update(dict.fromkeys(TWO_AGAINST_TWO, ""))


def spec(d1: int, d2: int, sides: int, mode: str = "normal") -> dict:
    """The spec of a cell's reduced game, which its stored certificate names."""
    Rules(d1, d2, sides, mode)  # checked
    return {"game": "liars-dice-reduced", "d1": d1, "d2": d2, "sides": sides, "mode": mode}


def _playable(d1: int, d2: int, sides: int, mode: str) -> bool:
    """Whether the variant exists (the joker and stairs modes need 2 sides); bad arguments
    are refused as :class:`Rules` refuses them."""
    Rules(d1, d2, sides)
    if mode not in MODES:
        Rules(d1, d2, sides, mode)  # refused, with the modes named
    return mode == "normal" or sides >= 2


@dataclass(frozen=True, eq=False)
class Cell:
    """A cell's stored certificate, read without building its game: the ``rules``, the
    claimed ``value`` to player 1 and both players' ``strategies`` in the reduced game
    (``{infoset: {action: Fraction}}``, as :class:`~bluffmath.equilibrium.Certificate`
    holds them).

    >>> small = cell(1, 1, 3)
    >>> small.value, small.verify(), small.strategy(1)["1:"]
    (Fraction(-1, 9), True, {'1x3': Fraction(1, 1)})
    """

    rules: Rules
    value: Fraction
    strategies: tuple[Strategy, Strategy]

    def __post_init__(self) -> None:
        from bluffmath.liars_dice.response import bounds
        checked_rules(self.rules)
        object.__setattr__(self, "value", claimed_value(self.value, self.strategies))
        # both strategies checked here, by the best responses that verify() compares
        object.__setattr__(self, "_bounds", bounds(self.rules, self.strategies))

    @property
    def name(self) -> str:
        """The variant's name, such as ``"Liar's dice 1v1, 3 sides, normal"``."""
        return self.rules.name

    def strategy(self, player: int) -> Strategy:
        """Player ``player``'s strategy (a copy)."""
        return {key: dict(mix) for key, mix in self.strategies[_player(player) - 1].items()}

    def bounds(self) -> tuple[Fraction, Fraction]:
        """What player 1's strategy guarantees and what player 2's concedes, by exact best
        responses on the call histories (:func:`bluffmath.liars_dice.response.bounds`)."""
        return self._bounds

    def verify(self) -> bool:
        """True if both best replies reach exactly ``value``; else CertificateError."""
        return holds(self.name, self.value, self.bounds())

    @cached_property
    def certificate(self) -> Certificate:
        """The same claim as a :class:`~bluffmath.equilibrium.Certificate` of the reduced
        game, which is built now (once)."""
        from bluffmath.liars_dice.reduced import reduced_liars_dice
        return Certificate(reduced_liars_dice(*self.rules.dice, self.rules.sides, self.rules.mode),
                           self.value, self.strategies)


_READ: dict[tuple[int, int, int, str], Cell | None] = {}


def cell(d1: int, d2: int, sides: int, mode: str = "normal") -> Cell | None:
    """A cell's stored certificate, verified by exact best responses when first read
    (then kept); None if none is stored. Arguments are checked as :class:`Rules` checks
    them.

    >>> cell(2, 1, 6).value, cell(2, 1, 5, "stairs")
    (Fraction(212027, 771552), None)
    """
    if not _playable(d1, d2, sides, mode):
        return None
    key = (d1, d2, sides, mode)
    if key not in _READ:
        _READ[key] = _read(Rules(d1, d2, sides, mode))
    return _READ[key]


def _read(rules: Rules) -> Cell | None:
    """The stored certificate of ``rules``' cell, read strictly from its file and
    verified; None if there is none."""
    package, folder = certificate_folder("liars-dice-reduced")
    path = files(package).joinpath(folder, file_name(spec(*rules.dice, rules.sides, rules.mode)))
    if not path.is_file():
        return None
    root = Node.of(path.read_text(encoding="utf-8"), f"the certificate {path.name}", CertificateError)
    fields = root.fields(["format", "version", "game", "value", "strategies"])
    fields["format"].text([FORMAT])
    fields["version"].integer(1, VERSION)
    if fields["game"].value != spec(*rules.dice, rules.sides, rules.mode):
        fields["game"].fail(f"the spec of {rules.name}'s reduced game")
    value = fields["value"].fraction(-1, 1)
    sides = fields["strategies"].items(size=2)
    one, two = ({key: {action: _probability(p) for action, p in mix.entries()}
                 for key, mix in side.entries(limit=MAX_GAME_NODES)} for side in sides)
    try:
        read = Cell(rules, value, (one, two))
    except CertificateError as error:
        raise CertificateError(f"the certificate {path.name}: {error}") from None
    read.verify()
    return read


def certificate(d1: int, d2: int, sides: int, mode: str = "normal") -> Certificate | None:
    """A cell's stored certificate as a :class:`~bluffmath.equilibrium.Certificate`, with
    the reduced game built (see the module), or None."""
    read = cell(d1, d2, sides, mode)
    return None if read is None else read.certificate


def value(d1: int, d2: int, sides: int, mode: str = "normal") -> Fraction | None:
    """A cell's exact value to player 1, from its stored certificate (None: none stored)."""
    read = cell(d1, d2, sides, mode)
    return None if read is None else read.value

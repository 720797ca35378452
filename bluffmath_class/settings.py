"""A table's settings, as the teacher chooses them, read strictly like every other input.

>>> s = TableSettings.read(Node.of('{"game": "hochstapler", "seats": 4, "bot": "counting", '
...     '"odds": "always", "move_seconds": 60, "variant": "one-deal"}', "the settings"))
>>> s.seats, s.rules.title
(4, 'Hochstapler')
>>> TableSettings.read(Node.of('{"game": "hochstapler", "seats": 9, "bot": "counting", '
...     '"odds": "always", "move_seconds": 60, "variant": "one-deal"}', "the settings"))
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: the settings: seats must be a whole number from 3 to 7; found 9
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from bluffmath.i18n import N_
from bluffmath.schema import Node

from .games import GAMES, NAME_MODES, ODDS_MODES, Rules

#: The longest time per move the teacher may set, in seconds (0: no limit).
MAX_MOVE_SECONDS = 600
#: The shortest time per move other than 0: enough to read the table and tap.
MIN_MOVE_SECONDS = 10
#: A student's time for a move as the teacher sets it for them (WCAG 2.2.1): the words,
#: and how many times the table's ``move_seconds`` it is (0: no limit). The words are
#: marked for the catalogs and translated where they are shown.
CLOCKS = {"table": (N_("the table's time"), 1), "double": (N_("twice the table's time"), 2),
          "triple": (N_("three times the table's time"), 3), "off": (N_("no time limit"), 0)}
SETTINGS_KEYS = ["game", "seats", "bot", "odds", "move_seconds", "variant"]
#: Keys a table's settings may leave out, and take their default.
OPTIONAL_KEYS = ["names"]


@dataclass(frozen=True)
class TableSettings:
    """One table: the game, its number of seats, the bots that fill empty seats, whether
    students see their odds (:data:`~bluffmath_class.games.ODDS_MODES`), the time per move
    after which a bot plays for an absent student (0: none), the game's variant, and
    whether names are shown (:data:`~bluffmath_class.games.NAME_MODES`)."""

    game: str = "hochstapler"
    seats: int = 4
    bot: str = "counting"
    odds: str = "always"
    move_seconds: int = 60
    variant: str = "one-deal"
    names: str = "names"

    @property
    def rules(self) -> Rules:
        """The game's rules at the class table."""
        return GAMES[self.game]

    @classmethod
    def read(cls, node: Node) -> TableSettings:
        """The settings from JSON (every key required, none unknown)."""
        fields = node.fields(SETTINGS_KEYS, OPTIONAL_KEYS)
        rules = GAMES[fields["game"].text(choices=GAMES)]
        variant = fields["variant"].text(choices=rules.variants)
        seats = rules.seat_range(variant)
        seconds = fields["move_seconds"].integer(0, MAX_MOVE_SECONDS)
        if 0 < seconds < MIN_MOVE_SECONDS:
            fields["move_seconds"].fail(f"0 (no limit) or a whole number from {MIN_MOVE_SECONDS} "
                                        f"to {MAX_MOVE_SECONDS}")
        names = fields["names"].text(choices=NAME_MODES) if "names" in fields else "names"
        return cls(rules.name, fields["seats"].integer(seats.start, seats.stop - 1),
                   fields["bot"].text(choices=rules.bots), fields["odds"].text(choices=ODDS_MODES),
                   seconds, variant, names)

    def to_json(self) -> dict[str, Any]:
        """The settings as :meth:`read` reads them."""
        return asdict(self)

"""The value of a game, and what a strategy loses against it (its exploitability).

:func:`game_value` reads the value from a certificate stored with bluffmath if one names
the game (checked before use), else solves the game (which needs the solver extra);
:func:`exploitability` compares it with what a strategy gets against the other player's
exact best reply.

>>> from fractions import Fraction
>>> from bluffmath.equilibrium.examples import matching_pennies
>>> exploitability(matching_pennies(), 1, {"hide": {"heads": Fraction(2, 3), "tails": Fraction(1, 3)}}, value=0)
Fraction(1, 3)
"""

from __future__ import annotations

from fractions import Fraction

from bluffmath.equilibrium.certificate import stored
from bluffmath.equilibrium.response import best_response
from bluffmath.equilibrium.solver import solve
from bluffmath.equilibrium.tree import Game, _game, _player
from bluffmath.errors import InvalidInputError
from bluffmath.validate import shown


def game_value(game: Game) -> Fraction:
    """The value of ``game`` to player 1: from a certificate stored with bluffmath if one
    names this game (checked before use), else by :func:`~bluffmath.equilibrium.solver.solve`.

    >>> from bluffmath.equilibrium.examples import kuhn_poker
    >>> game_value(kuhn_poker())
    Fraction(-1, 18)
    """
    spec = _game(game).spec
    try:
        cert = stored(spec) if spec is not None else None
    except InvalidInputError:  # a spec of no game bluffmath knows: it ships no certificate
        cert = None
    if cert is not None:
        return cert.value
    return solve(game).value


def exploitability(game: Game, player: int, strategy: object, value: Fraction | int | None = None) -> Fraction:
    """How much ``player``'s ``strategy`` loses against a best reply, compared with the
    game's value (0 exactly for an equilibrium strategy). ``value`` is the game's value to
    player 1; left out, it is read from a stored certificate of the game if bluffmath has
    one (:mod:`bluffmath.equilibrium.certificates`), else computed by
    :func:`~bluffmath.equilibrium.solver.solve` (which needs the solver extra)."""
    game, player = _game(game), _player(player)
    if value is None:
        value = game_value(game)
    elif isinstance(value, bool) or type(value) not in (int, Fraction):
        raise InvalidInputError(f"value must be an exact number (an int or a Fraction), got "
                                f"{shown(value)} ({type(value).__name__})")
    reply = best_response(game, player, strategy).value
    return value - reply if player == 1 else reply - value

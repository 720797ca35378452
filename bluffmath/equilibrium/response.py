"""Strategies, realisation plans and exact best responses (pure Python).

A *strategy* of a player is a dict ``{infoset: {action: probability}}`` with exact
probabilities (ints or Fractions) that sum to 1 at each information set; an action left
out has probability 0. An information set that the player's own choices never reach may
be left out (what is played there changes nothing).

A *best response* to a strategy is computed bottom-up over the other player's information
sets in the sequence form, in integer arithmetic (the plan and the payoffs brought to
common denominators), so it is exact and fast enough for a browser.

>>> from fractions import Fraction
>>> from bluffmath.equilibrium.examples import matching_pennies
>>> g = matching_pennies()
>>> br = best_response(g, 1, {"hide": {"heads": Fraction(2, 3), "tails": Fraction(1, 3)}})
>>> br.value, br.strategy
(Fraction(-1, 3), {'guess': {'heads': Fraction(1, 1)}})

What a strategy loses against that reply, compared with the game's value, is
:func:`~bluffmath.equilibrium.value.exploitability`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from bluffmath.equilibrium.sequence import SequenceForm, form
from bluffmath.equilibrium.tree import Game, Sequence_, _game, _player
from bluffmath.errors import InvalidInputError
from bluffmath.limits import MAX_ITEMS
from bluffmath.moved import moved
from bluffmath.validate import shown

Strategy = dict[str, dict[str, Fraction]]


def check_strategy(game: Game, player: int, strategy: object) -> Strategy:
    """``strategy`` as a clean dict of Fractions, or a clear error (an unknown infoset or
    action, a probability that is not exact or not in [0, 1], a sum that is not 1)."""
    game, player = _game(game), _player(player)
    if not isinstance(strategy, Mapping):
        raise InvalidInputError(f"a strategy must be a dict {{infoset: {{action: probability}}}}, "
                                f"got {shown(strategy)} ({type(strategy).__name__})")
    if len(strategy) > max(MAX_ITEMS, len(game.infosets)):
        raise InvalidInputError(f"a strategy has {len(strategy):,} information sets; the game has "
                                f"{len(game.infosets):,}")
    clean: Strategy = {}
    for key, mix in strategy.items():
        info = game.infosets.get(key) if isinstance(key, str) else None
        if info is None or info.player != player:
            raise InvalidInputError(f"player {player}'s strategy names {shown(key)}, which is not one "
                                    f"of player {player}'s information sets in {game.name}")
        if not isinstance(mix, Mapping):
            raise InvalidInputError(f"the strategy at {key!r} must be a dict {{action: probability}}, "
                                    f"got {shown(mix)}")
        probs: dict[str, Fraction] = {}
        for action, p in mix.items():
            if action not in info.actions:
                raise InvalidInputError(f"the strategy at {key!r} names the action {shown(action)}; "
                                        f"the actions there are {', '.join(info.actions)}")
            if isinstance(p, bool) or type(p) not in (int, Fraction) or not 0 <= p <= 1:
                raise InvalidInputError(f"the strategy at {key!r}: {action} must have an exact "
                                        f"probability (an int or a Fraction from 0 to 1), got "
                                        f"{shown(p)} ({type(p).__name__})")
            if p:
                probs[action] = Fraction(p)
        total = sum(probs.values(), Fraction(0))
        if total != 1:
            raise InvalidInputError(f"the strategy at {key!r} must have probabilities that sum to "
                                    f"exactly 1; they sum to {total}")
        clean[key] = {a: probs[a] for a in info.actions if a in probs}
    return clean


def realisation_plan(game: Game, player: int, strategy: object) -> dict[Sequence_, Fraction]:
    """The chance that ``player``'s own choices make each of their sequences
    (``None``: the empty sequence, 1); sequences of chance 0 are left out.

    >>> from bluffmath.equilibrium.examples import kuhn_poker
    >>> plan = realisation_plan(kuhn_poker(), 1, {"J": {"check": 1}, "Q": {"check": 1},
    ...     "K": {"bet": 1}, "J check bet": {"fold": 1}, "Q check bet": {"call": 1}})
    >>> plan[("Q", "check")], plan[("Q check bet", "call")], ("K", "check") in plan
    (Fraction(1, 1), Fraction(1, 1), False)
    """
    plan = _plan(game, player, check_strategy(game, player, strategy))
    seqs = form(game).sequences[player - 1]
    return {seqs[k]: v for k, v in enumerate(plan) if v}


def _plan(game: Game, player: int, strategy: Strategy) -> list[Fraction]:
    f = form(game)
    p = player - 1
    plan = [Fraction(0)] * len(f.sequences[p])
    plan[0] = Fraction(1)
    for i, key in enumerate(f.infosets[p]):
        before = plan[f.parent[p][i]]
        if not before:
            continue
        mix = strategy.get(key)
        if mix is None:
            raise InvalidInputError(f"player {player}'s strategy leaves out {key!r}, which its own "
                                    f"choices reach (only unreached information sets may be left out)")
        start = f.first[p][i]
        for k, action in enumerate(game.infosets[key].actions):
            plan[start + k] = before * mix.get(action, 0)
    return plan


def behaviour(game: Game, player: int, plan: Mapping[Sequence_, Fraction]) -> Strategy:
    """The strategy of a realisation plan (a dict sequence -> chance; missing: 0): at each
    infoset the plan reaches, each action's share. The inverse of
    :func:`realisation_plan`. The plan's keys must be the player's sequences (``None``,
    the empty one, of chance 1, or ``(infoset, action)``), its chances exact, from 0 to 1.

    >>> from bluffmath.equilibrium.examples import matching_pennies
    >>> behaviour(matching_pennies(), 1, {("hide", "heads"): Fraction(1, 4), ("hide", "tails"): Fraction(3, 4)})
    {'hide': {'heads': Fraction(1, 4), 'tails': Fraction(3, 4)}}
    >>> behaviour(matching_pennies(), 1, {("guess", "heads"): 1})
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: plan names ('guess', 'heads'), which is not one of player 1's sequences ...
    """
    return _behaviour(game, player, _checked_plan(game, player, plan))


def _checked_plan(game: Game, player: int, plan: object) -> Mapping[Sequence_, Fraction]:
    """``plan`` if it is a realisation plan's dict for ``player`` (see :func:`behaviour`)."""
    index = form(game).index[_player(player) - 1]
    allowed = (f"a dict from player {player}'s sequences (None, or (infoset, action)) to exact "
               f"chances (ints or Fractions from 0 to 1)")
    if not isinstance(plan, Mapping):
        raise InvalidInputError(f"plan must be {allowed}, got {shown(plan)} ({type(plan).__name__})")
    if len(plan) > len(index):
        raise InvalidInputError(f"plan names {len(plan):,} sequences; player {player} has {len(index):,}")
    for key, chance in plan.items():
        if key not in index:
            raise InvalidInputError(f"plan names {shown(key)}, which is not one of player {player}'s "
                                    f"sequences in {game.name}; plan must be {allowed}")
        if isinstance(chance, bool) or type(chance) not in (int, Fraction) or not 0 <= chance <= 1:
            raise InvalidInputError(f"plan gives {shown(key)} the chance {shown(chance)} "
                                    f"({type(chance).__name__}); plan must be {allowed}")
        if key is None and chance != 1:
            raise InvalidInputError(f"plan gives the empty sequence None the chance {chance}; it is 1 "
                                    f"in every realisation plan")
    _consistent(game, player, plan)
    return plan


def _consistent(game: Game, player: int, plan: Mapping[Sequence_, Fraction]) -> None:
    """Refuse a plan whose actions' chances at an information set do not add up to the
    chance of the sequence before it (missing sequences: 0; the empty one: 1)."""
    f = form(game)
    p = player - 1
    for i, key in enumerate(f.infosets[p]):
        parent = f.sequences[p][f.parent[p][i]]
        before = plan.get(parent, 0) if parent is not None else 1
        total = sum((plan.get((key, a), 0) for a in game.infosets[key].actions), Fraction(0))
        if total != before:
            raise InvalidInputError(
                f"plan must be a realisation plan of player {player}: at {key!r} the actions' chances "
                f"sum to {total}, not {before}, the chance of the sequence before it ({shown(parent)})")


def _behaviour(game: Game, player: int, plan: Mapping[Sequence_, Fraction]) -> Strategy:
    """:func:`behaviour` without the checks: the solver's plans, rebuilt exactly, may hold
    a tiny negative rounding, which is dropped here."""
    f = form(game)
    p = player - 1
    out: Strategy = {}
    for i, key in enumerate(f.infosets[p]):
        before = plan.get(f.sequences[p][f.parent[p][i]], 0) if f.parent[p][i] else 1
        if before <= 0:
            continue
        weights = {a: plan.get((key, a), 0) for a in game.infosets[key].actions}
        weights = {a: Fraction(w) for a, w in weights.items() if w > 0}
        total = sum(weights.values(), Fraction(0))
        if total == 0:  # the plan breaks its own rule here: play the first action
            out[key] = {game.infosets[key].actions[0]: Fraction(1)}
        else:
            out[key] = {a: w / total for a, w in weights.items()}
    return out


@dataclass(frozen=True)
class BestResponse:
    """The other player's best reply to a strategy: ``value`` is player 1's expected
    payoff when it is played; ``strategy`` is pure (one action, probability 1, at each of
    the replying player's information sets)."""

    player: int
    value: Fraction
    strategy: Strategy


def best_response(game: Game, player: int, strategy: object) -> BestResponse:
    """The best reply of the other player to ``player``'s ``strategy``, exactly."""
    player = _player(player)
    plan = _plan(game, player, check_strategy(game, player, strategy))
    value, choice = _respond(game, player, plan)
    return BestResponse(3 - player, value, {key: {a: Fraction(1)} for key, a in choice.items()})


def own_payoffs(f: SequenceForm, r: int, plan: list[Fraction]) -> tuple[list[int], int]:
    """Player 1's payoff at the leaves each sequence of player ``r + 1`` ends at, against the
    other player's realisation ``plan``, in integers: times the payoff's denominator and the
    ``scale`` returned with them (the least common multiple of the plan's denominators).
    The best replies add up what follows each sequence from these.

    >>> from bluffmath.equilibrium.examples import matching_pennies
    >>> f = form(matching_pennies())
    >>> own_payoffs(f, 1, [Fraction(1), Fraction(1), Fraction(0)])  # hidden heads: guessing heads, -1
    ([0, -1, 1], 1)
    >>> own_payoffs(f, 1, [Fraction(1), Fraction(1, 2), Fraction(1, 2)])  # hidden at random: 0 either way
    ([0, 0, 0], 2)
    """
    scale = lcm(*(v.denominator for v in plan if v))
    weights = [v.numerator * (scale // v.denominator) for v in plan]
    value = [0] * len(f.sequences[r])
    if r == 1:
        for (i, j), n in zip(f.cells, f.numerators, strict=True):
            if weights[i]:
                value[j] += n * weights[i]
    else:
        for (i, j), n in zip(f.cells, f.numerators, strict=True):
            if weights[j]:
                value[i] += n * weights[j]
    return value, scale


def _respond(game: Game, player: int, plan: list[Fraction]) -> tuple[Fraction, dict[str, str]]:
    """Player 1's payoff when the other player replies best to ``plan``, and the reply."""
    f = form(game)
    r = 2 - player  # the replying player's index
    value, scale = own_payoffs(f, r, plan)
    maximise = r == 0  # player 1 replies: the most for player 1; player 2: the least
    choice: dict[str, str] = {}
    infosets, parent, first = f.infosets[r], f.parent[r], f.first[r]
    for i in range(len(infosets) - 1, -1, -1):  # children before parents
        key = infosets[i]
        start = first[i]
        actions = game.infosets[key].actions
        best_k = start
        best = value[start]
        for k in range(start + 1, start + len(actions)):
            if (value[k] > best) if maximise else (value[k] < best):
                best, best_k = value[k], k
        value[parent[i]] += best
        choice[key] = actions[best_k - start]
    ordered = {key: choice[key] for key in infosets}
    return Fraction(value[0], f.denominator * scale), ordered


# deprecated path: exploitability, which needs the game's value, found here until the next release
_MOVED = {"exploitability": "bluffmath.equilibrium.value"}


def __getattr__(name: str) -> object:
    """A name that moved (``_MOVED``), with a DeprecationWarning (:mod:`~bluffmath.moved`)."""
    return moved(__name__, _MOVED, name)

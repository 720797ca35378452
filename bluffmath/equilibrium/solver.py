"""Exact equilibria: HiGHS finds the optimal basis in floats, exact arithmetic does the rest.

1. The linear program (:func:`~bluffmath.equilibrium.program.lp_rows`): player 1 chooses
   a realisation plan ``x`` and values ``q`` for player 2's information sets, maximising
   ``q[root]`` subject to ``E x = e`` and ``F^T q <= A^T x`` (player 2's best reply,
   written by LP duality).
   Its optimum is the game's value; the row duals of ``F^T q <= A^T x`` are player 2's
   realisation plan. If the game names actions dominated by sure outcomes
   (``Game.dominated``: the Duel's doubts that surely lose, its raises past a call that
   surely fails), the program first leaves out the sequences through them; should that
   certificate fail on the whole game (it cannot when the builder is right), the whole
   program is solved.
2. HiGHS (through ``highspy``, tolerances 1e-10) solves it and hands back its optimal
   basis: by the simplex method on programs of up to ``IPM_FROM`` rows (on every program
   of a game whose builder says so, ``Game.simplex``: Liar's dice), by its interior
   point method and a crossover to a basis on larger ones (the real colour's Duel; on a
   12-card Duel the simplex method is the faster; ``benchmarks/EQUILIBRIUM.md`` has the
   current figures).
3. The basis's square system (its nonbasic rows, its basic columns; integer coefficients)
   is solved exactly, twice, for the primal (``x``) and the dual (player 2's plan), by
   numeric lifting: a float LU solve gives a few digits, the exact integer residual the
   next ones, until rational reconstruction gives fractions that satisfy the system
   exactly (:func:`~bluffmath.equilibrium.exact.exact_solve`).
4. Each plan becomes a strategy (an action's share of its infoset's realisation; a
   negative rounding left is dropped), so the sequence-form constraints hold exactly.
5. Exact best responses to both strategies (:mod:`bluffmath.equilibrium.response`): player
   2's best reply to ``x`` gives a lower bound of the value, player 1's to ``y`` an upper
   bound. When they meet, that Fraction is the value and the pair is the certificate;
   otherwise the LP is solved again with tighter tolerances, and then
   :class:`~bluffmath.errors.CertificateError` is raised.

Steps 1 to 3 are in :mod:`~bluffmath.equilibrium.program` and
:mod:`~bluffmath.equilibrium.exact`; this module solves (the whole program, or a double
oracle) and certifies; :mod:`~bluffmath.equilibrium.refine` refines. scipy and highspy
are imported only inside the functions that solve: the rest of bluffmath (and checking a
certificate) runs without them (and without numpy, which the Duel's builder uses when it
is there).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import lcm
from typing import Any

from bluffmath.equilibrium.certificate import Certificate
from bluffmath.equilibrium.program import _need_solver, _Program, _silent
from bluffmath.equilibrium.refine import refined as _refined  # not as refined: see __getattr__
from bluffmath.equilibrium.response import _behaviour, _plan, _respond
from bluffmath.equilibrium.sequence import SequenceForm, form, reached
from bluffmath.equilibrium.tree import Game, _game
from bluffmath.errors import CertificateError, InvalidInputError
from bluffmath.moved import moved
from bluffmath.validate import shown

EXAMPLE = """
>>> from bluffmath.equilibrium import kuhn_poker, solve
>>> cert = solve(kuhn_poker())
>>> cert.value, cert.verify()
(Fraction(-1, 18), True)
>>> cert.strategy(2)["J check"]
{'check': Fraction(2, 3), 'bet': Fraction(1, 3)}
"""


def has_solver() -> bool:
    """True if scipy and highspy are installed (found, not imported)."""
    from importlib.util import find_spec
    return find_spec("highspy") is not None and find_spec("scipy") is not None


# the example needs the solver: a browser's Python (no highspy) leaves it out
__test__ = {"solve": EXAMPLE} if has_solver() else {}


def solve(game: Game, method: str = "auto", refine: bool = False,
          progress: Callable[[str], None] | None = None) -> Certificate:
    """An exact equilibrium of ``game`` with its certificate (see the module and the
    example below, which runs where the solver is installed).

    ``method``: ``"lp"`` solves the whole sequence-form LP at once; ``"oracle"`` grows a
    restricted game by exact best replies until they no longer gain (double oracle);
    ``"auto"`` (the default) is the whole LP, which measured faster on every Duel: the
    oracle needs many rounds there, as the Duel's equilibria mix over many calls.

    ``refine=True``: each player's strategy is then refined
    (:func:`~bluffmath.equilibrium.refine.refined`): still an
    exact equilibrium strategy, certified the same way, and one that also punishes the
    opponent's misplays where an equilibrium strategy can.

    ``progress``: called with a line of text as each stage starts (the sequence form, each
    linear program HiGHS solves, the exact rebuild, the best responses), for a long solve's
    user to see; the command line prints them. Ctrl+C stops HiGHS too (KeyboardInterrupt)."""
    _game(game)
    if type(method) is not str or method not in ("auto", "lp", "oracle"):
        raise InvalidInputError(f"method must be 'auto', 'lp' or 'oracle', got {shown(method)}")
    if type(refine) is not bool:
        raise InvalidInputError(f"refine must be True or False, got {shown(refine)}")
    if progress is not None and not callable(progress):
        raise InvalidInputError(f"progress must be a function of one text, or None, got {shown(progress)}")
    cert = _solve(game, method, progress or _silent)
    return _refined(cert) if refine else cert


def _solve(game: Game, method: str, say: Callable[[str], None]) -> Certificate:
    _need_solver("solve")
    say(f"the sequence form of {game.name}")
    f = form(game)
    full = _Program(f, say, simplex=game.simplex)
    if method == "oracle":
        cert = _oracle(game, f, full)
        if cert is not None:
            return cert
    if game.dominated:  # first without the dominated sequences: a smaller program
        plan1, plan2 = full.solve(*_undominated(f, game.dominated), 1e-10)
        say("both exact best responses, to check the exact plans")
        cert, _, _ = _certify(game, f, plan1, plan2)
        if cert is not None:
            return cert
    gaps = []
    for tolerance in (1e-10, 1e-12):
        plan1, plan2 = full.solve(None, None, tolerance)
        say("both exact best responses, to check the exact plans")
        cert, low, high = _certify(game, f, plan1, plan2)
        if cert is not None:
            return cert
        gaps.append(high - low)
    raise CertificateError(f"the exact best responses did not meet for {game.name}: the gap is "
                           f"{float(gaps[-1]):.3g} after tolerances 1e-10 and 1e-12")


def _undominated(f: SequenceForm, dominated: frozenset) -> tuple[list[int], list[int]]:
    """Each player's sequences that their own undominated choices can make (every
    information set they reach keeps an action: :class:`~bluffmath.equilibrium.tree.Game`
    checks it)."""
    return (reached(f, 0, [s not in dominated for s in f.sequences[0]]),
            reached(f, 1, [s not in dominated for s in f.sequences[1]]))


def _certify(game: Game, f: SequenceForm, plan1: list[Fraction], plan2: list[Fraction]) -> tuple:
    """The strategies of two plans, and the certificate if their best replies meet."""
    s1 = _behaviour(game, 1, dict(zip(f.sequences[0], plan1, strict=True)))
    s2 = _behaviour(game, 2, dict(zip(f.sequences[1], plan2, strict=True)))
    low, _ = _respond(game, 1, _plan(game, 1, s1))
    high, _ = _respond(game, 2, _plan(game, 2, s2))
    return (Certificate(game, low, (s1, s2)) if low == high else None), low, high


def _oracle(game: Game, f: SequenceForm, full: _Program) -> Certificate | None:
    """Double oracle in the sequence form: solve the game restricted to some sequences of
    each player, add the sequences of each player's exact best reply to the other's
    strategy (where the other's strategy reaches), and stop when the replies gain nothing:
    then the restricted equilibrium is one of the whole game, and its certificate is
    checked on the whole game. None if it stalls (the whole LP then decides)."""
    kids = _children(f)
    allowed = [_grow(f, kids, r, None, None, set()) for r in (0, 1)]
    while True:
        plan1, plan2 = full.solve(sorted(allowed[0]), sorted(allowed[1]), 1e-10)
        s1 = _behaviour(game, 1, dict(zip(f.sequences[0], plan1, strict=True)))
        s2 = _behaviour(game, 2, dict(zip(f.sequences[1], plan2, strict=True)))
        low, add2 = _reply(game, f, kids, 1, _plan(game, 1, s1), allowed[1])
        high, add1 = _reply(game, f, kids, 2, _plan(game, 2, s2), allowed[0])
        if low == high:
            return Certificate(game, low, (s1, s2))
        if add1 <= allowed[0] and add2 <= allowed[1]:
            return None
        allowed[0] |= add1
        allowed[1] |= add2


def _children(f: SequenceForm) -> tuple[list[list[int]], list[list[int]]]:
    """For each player and each of their sequences, the infosets that follow it."""
    out: tuple[list[list[int]], list[list[int]]] = ([], [])
    for r in (0, 1):
        kids: list[list[int]] = [[] for _ in f.sequences[r]]
        for i, parent in enumerate(f.parent[r]):
            kids[parent].append(i)
        out[r].extend(kids)
    return out


def _grow(f: SequenceForm, kids: tuple, r: int, choice: list[int] | None, relevant: list[bool] | None,
          allowed: set[int]) -> set[int]:
    """The sequences of player ``r + 1`` to add: from the root, at each infoset the
    player's own sequences reach, the chosen action where the other player's strategy
    reaches (``relevant``), else an action already allowed, else the chosen (or first)
    one. The result with ``allowed`` is closed: every infoset it reaches has an action."""
    new = {0}
    stack = [0]
    while stack:
        seq = stack.pop()
        for i in kids[r][seq]:
            start = f.first[r][i]
            end = f.first[r][i + 1] if i + 1 < len(f.first[r]) else len(f.sequences[r])
            if relevant is None or not relevant[i]:
                old = next((k for k in range(start, end) if k in allowed), None)
                if old is not None:
                    continue  # the allowed set is closed below it, and nothing there matters
                k = start if choice is None else choice[i]
            else:
                k = choice[i]
            new.add(k)
            stack.append(k)
    return new


def _reply(game: Game, f: SequenceForm, kids: tuple, player: int, plan: list[Fraction],
           allowed: set[int]) -> tuple[Fraction, set[int]]:
    """Player 1's payoff under the other player's exact best reply to ``plan``, and the
    reply's sequences to add (see :func:`_grow`)."""
    scale = lcm(*(v.denominator for v in plan if v))
    weights = [v.numerator * (scale // v.denominator) for v in plan]
    r = 2 - player
    value = [0] * len(f.sequences[r])
    touched = [False] * len(f.sequences[r])
    for (i, j), n in zip(f.cells, f.numerators, strict=True):
        w = weights[i] if player == 1 else weights[j]
        if w:
            k = j if player == 1 else i
            value[k] += n * w
            touched[k] = True
    maximise = r == 0
    choice = [0] * len(f.infosets[r])
    relevant = [False] * len(f.infosets[r])
    n_seq = len(f.sequences[r])
    for i in range(len(f.infosets[r]) - 1, -1, -1):
        start = f.first[r][i]
        end = f.first[r][i + 1] if i + 1 < len(f.first[r]) else n_seq
        best_k, best = start, value[start]
        for k in range(start + 1, end):
            if (value[k] > best) if maximise else (value[k] < best):
                best, best_k = value[k], k
        choice[i] = best_k
        value[f.parent[r][i]] += best
        if any(touched[start:end]):
            relevant[i] = True
            touched[f.parent[r][i]] = True
    return Fraction(value[0], f.denominator * scale), _grow(f, kids, r, choice, relevant, allowed)


# deprecated path: the names that moved to modules of their own, found here until the next release
_MOVED = {"refined": "bluffmath.equilibrium.refine", "lp_rows": "bluffmath.equilibrium.program",
          "IPM_FROM": "bluffmath.equilibrium.program", "exact_solve": "bluffmath.equilibrium.exact"}


def __getattr__(name: str) -> Any:
    """A name that moved (``_MOVED``), with a DeprecationWarning (:mod:`~bluffmath.moved`)."""
    return moved(__name__, _MOVED, name)

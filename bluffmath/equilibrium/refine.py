"""Refined equilibria: equilibrium strategies that also punish the opponent's misplays.

:func:`refined` takes a certificate and gives another of the same game and value, each
player's strategy refined over the optimal face of the sequence-form program
(:mod:`bluffmath.equilibrium.program`), each vertex rebuilt exactly and checked again by
an exact best response. It needs the solver extra, as :func:`~bluffmath.equilibrium.solver.solve`
does (``solve(game, refine=True)`` calls it).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from bluffmath.equilibrium.certificate import Certificate
from bluffmath.equilibrium.program import _Face, _need_solver, _Program, _silent
from bluffmath.equilibrium.response import _behaviour, _plan, _respond, own_payoffs
from bluffmath.equilibrium.sequence import SequenceForm, form, reached
from bluffmath.equilibrium.tree import Game
from bluffmath.errors import CertificateError, InvalidInputError
from bluffmath.validate import shown


def refined(cert: Certificate, progress: Callable[[str], None] | None = None) -> Certificate:
    """The certificate's game with each player's strategy refined to punish the other's
    misplays: still an equilibrium strategy (it guarantees the value, checked again by an
    exact best response), and one that gains against every *single misplay* of the
    opponent that some equilibrium strategy gains against. A single misplay is the
    opponent's equilibrium strategy with one action at one information set played for
    certain (an information set its equilibrium never reaches plays its first action,
    as the equilibrium bot does).

    How: linear programs over the optimal face alone (:func:`_optimal_face`: the player's
    best replies to the opponent's equilibrium, with the opponent's rows where that
    equilibrium plays held as equalities, which holds the value without a row of its own;
    player 2's face is narrowed by player 1's refined strategy too). The misplays some
    equilibrium strategy punishes are those whose gain (linear, never negative on the face)
    is positive somewhere on it, so at any point inside it. The first program finds such a
    point (:meth:`~bluffmath.equilibrium.program._Face.inside`, in floating point), a guess
    at those misplays; the second holds each of them punished (a row each, at least half
    what the point gains) and maximises the total gain against the rest. Its vertex is
    rebuilt exactly and each misplay's gain counted exactly; if it gains nothing against
    the rest, none of them can be punished at all (a point a little way from the first
    towards one that punished it would keep the held rows and gain against it), and the
    guess was right. If not, the misplays it does not
    punish are tried again alone, until the program gains nothing on those left; the refined
    strategy is the average of the vertices found (an average of equilibrium strategies is
    one, and it gains wherever one of them does). The programs' optima are found in floating
    point: a gain they cannot see (below HiGHS's tolerance of 1e-10) is not sought.

    A cousin of the quasi-perfect refinement (Miltersen and Sørensen, 2010): it looks at
    one misplay at a time, with the equilibrium's play after it, and does not refine a
    player's play after their own mistakes.

    ``cert`` must be a :class:`~bluffmath.equilibrium.certificate.Certificate` (it needs the
    solver extra, as :func:`~bluffmath.equilibrium.solver.solve` does). ``progress``, as
    :func:`~bluffmath.equilibrium.solver.solve` takes it, hears of each program before
    HiGHS solves it, with the misplays left to punish; Ctrl+C stops HiGHS too:

    >>> refined({"game": "kuhn-poker"})
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: cert must be a Certificate (such as ...), got {'game': 'kuhn-poker'} (dict)
    """
    if not isinstance(cert, Certificate):
        raise InvalidInputError(f'cert must be a Certificate (such as stored({{"game": "kuhn-poker"}}) or '
                                f"solve(game)), got {shown(cert)} ({type(cert).__name__})")
    if progress is not None and not callable(progress):
        raise InvalidInputError(f"progress must be a function of one text, or None, got {shown(progress)}")
    _need_solver("refined")
    say = progress or _silent
    game, value = cert.game, cert.value
    f = form(game)
    strategies = []
    for player, swapped in ((1, f), (2, _swapped(f))):
        opponent = _complete(game, cert.strategies[2 - player], 3 - player)
        refined_before = [_plan(game, 1, strategies[0])] if strategies else []
        plan = _punishing(swapped, game, opponent, refined_before,
                          lambda text, player=player: say(f"player {player}'s strategy: {text}"))
        strategy = _behaviour(game, player, dict(zip(f.sequences[player - 1], plan, strict=True)))
        guaranteed, _ = _respond(game, player, _plan(game, player, strategy))
        if guaranteed != value:
            raise CertificateError(f"the refined strategy of player {player} guarantees {guaranteed}, "
                                   f"not the value {value}")
        strategies.append(strategy)
    return Certificate(game, value, (strategies[0], strategies[1]))


def _complete(game: Game, strategy: dict, player: int) -> dict:
    """``player``'s strategy at every one of their information sets: where it says
    nothing, the first action."""
    return {key: strategy.get(key) or {info.actions[0]: Fraction(1)}
            for key, info in game.infosets.items() if info.player == player}


def _punishing(fs: SequenceForm, game: Game, beh: dict, others: list[list[Fraction]],
               say: Callable[[str], None] = _silent) -> list[Fraction]:
    """The maximiser's exact plan in ``fs`` (player 1's place): see :func:`refined`. ``beh``
    is the opponent's completed equilibrium strategy, ``others`` more of the opponent's
    equilibrium plans (each narrows the program: :func:`_optimal_face`); ``say`` hears of
    each program."""
    opp = _Opponent(fs, game, beh)
    face = _Program(fs, simplex=game.simplex).face(*_optimal_face(fs, game, [opp.plan, *others]))
    say(f"program 1, against {len(opp.misplays):,} of {len(opp.misplays):,} single misplays not yet punished")
    held, rows, floor = opp.held(face, face.inside())
    target = set(opp.misplays)
    found: list[list[Fraction]] = []
    programs = 1
    while target:
        aim = target - held
        programs += 1
        say(f"program {programs}, against {len(aim):,} of {len(opp.misplays):,} single misplays not yet punished"
            + (f", holding the {len(held):,} a point inside the face punishes" if held else ""))
        try:
            plan = face.best(opp.objective(aim), rows, floor)
        except CertificateError:
            if not held:
                raise
            held, rows = set(), None  # the point's guess cannot be held: the misplays one program at a time
            continue
        gains = opp.gains(plan)
        punished = {m for m in target if gains[m] > 0}
        if punished:
            found.append(plan)
            target -= punished
        if not punished & aim:
            break
        held, rows = set(), None
    if not found:
        return face.best([0.0] * len(fs.sequences[0]))
    return [sum(column, Fraction(0)) / len(found) for column in zip(*found, strict=True)]


def _optimal_face(fs: SequenceForm, game: Game, plans: list[list[Fraction]]) -> tuple[list[int], list[int], set[int]]:
    """The maximiser's equilibrium plans in ``fs`` as a restricted program, against the
    opponent's equilibrium realisations ``plans``: the maximiser's sequences (exact best
    replies to each plan, reached through best replies, none dominated), the opponent's
    (none dominated, unless a plan plays one) and the opponent's sequences a plan plays,
    whose rows are held as equalities.

    Why these are the equilibrium plans, as far as punishing goes: every equilibrium plan
    plays only best replies to the opponent's equilibrium and meets the opponent's rows
    where that equilibrium plays with equality (complementary slackness); those equalities,
    weighted by one of the ``plans`` and summed, give ``q[root]`` = the maximiser's payoff
    against it, which is the value for a plan of best replies: so a plan of the program
    guarantees the value. An action dominated by sure outcomes changes nothing: the opponent never
    gains by it (its row is implied), and the maximiser's dominating action there does at
    least as well against every play, so gains at least as much against every misplay."""
    best = [all(flags) for flags in zip(*(_best_replies(fs, plan) for plan in plans), strict=True)]
    seq1 = reached(fs, 0, _undominated_where_possible(fs, best, game.dominated))
    played = {j for plan in plans for j, v in enumerate(plan) if v}
    seq2 = reached(fs, 1, [s not in game.dominated or j in played for j, s in enumerate(fs.sequences[1])])
    return seq1, seq2, played


def _undominated_where_possible(fs: SequenceForm, allowed: list[bool], dominated: frozenset) -> list[bool]:
    """``allowed`` without the maximiser's dominated sequences, at each information set
    where an undominated one is allowed."""
    out = list(allowed)
    first, n = fs.first[0], len(fs.sequences[0])
    for h, start in enumerate(first):
        end = first[h + 1] if h + 1 < len(first) else n
        kept = [allowed[k] and fs.sequences[0][k] not in dominated for k in range(start, end)]
        if any(kept):
            out[start:end] = kept
    return out


def _best_replies(fs: SequenceForm, plan: list[Fraction]) -> list[bool]:
    """For each of the maximiser's sequences, whether its action is a best reply to the
    opponent's realisation ``plan`` at its information set (the maximiser playing best
    replies after it), in exact integer arithmetic."""
    worth, _ = own_payoffs(fs, 0, plan)
    n = len(worth)
    best = [False] * n
    best[0] = True
    first, parent = fs.first[0], fs.parent[0]
    for h in range(len(first) - 1, -1, -1):  # children before parents
        end = first[h + 1] if h + 1 < len(first) else n
        top = max(worth[first[h]:end])
        for k in range(first[h], end):
            best[k] = worth[k] == top
        worth[parent[h]] += top
    return best


class _Opponent:
    """The opponent's side of a refinement: its equilibrium plan and its single misplays,
    with the objective over the maximiser's sequences and each misplay's exact gain."""

    def __init__(self, fs: SequenceForm, game: Game, beh: dict) -> None:
        self.fs = fs
        infosets, parent, first = fs.infosets[1], fs.parent[1], fs.first[1]
        n = len(fs.sequences[1])
        self.actions = [game.infosets[key].actions for key in infosets]
        self.chance = [Fraction(0)] * n  # each sequence's own action's chance at its infoset
        self.plan = [Fraction(0)] * n
        self.plan[0] = Fraction(1)
        self.infoset_of = [-1] * n
        for i, key in enumerate(infosets):
            for k, a in enumerate(self.actions[i]):
                j = first[i] + k
                self.chance[j] = Fraction(beh[key].get(a, 0))
                self.plan[j] = self.plan[parent[i]] * self.chance[j]
                self.infoset_of[j] = i
        self.misplays = [(i, k) for i, key in enumerate(infosets) for k in range(len(self.actions[i]))
                         if self.chance[first[i] + k] != 1 and self.plan[parent[i]]]
        self.after: list[list[int]] = [[] for _ in range(n)]  # infosets right after each sequence
        for i, p in enumerate(parent):
            self.after[p].append(i)
        self.cells_of: dict[int, list[tuple[int, int]]] = {}  # each opponent sequence's cells of the payoff
        for (a, b), v in zip(fs.cells, fs.numerators, strict=True):
            self.cells_of.setdefault(b, []).append((a, v))

    def objective(self, target: set[tuple[int, int]]) -> list[float]:
        """The total gain against the misplays ``target``, per unit of each maximiser sequence."""
        fs = self.fs
        change = self._change(target)
        c = [0.0] * len(fs.sequences[0])
        for (i, j), a in zip(fs.cells, fs.numerators, strict=True):
            if change[j]:
                c[i] += a * change[j]
        return c

    def _change(self, target: set[tuple[int, int]]) -> list[float]:
        """Each opponent sequence's plan, summed over the misplays, minus the equilibrium's,
        in one walk down the sequences (parents first).

        A misplay ``(i, k)`` moves the reach of infoset ``i`` (``plan[parent[i]]``) onto its
        action ``k`` and leaves the play below as it was, so below ``i`` it changes a
        sequence's plan by that reach times the product of the chances below ``i``, times
        ``[its action at i is k] - chance(its action at i)``. Summed over the misplays above
        a sequence ``j`` that extends ``p`` by action ``a`` at infoset ``h``:
        ``change[j] = change[p] * chance(a) + plan[p] * ([(h, a) is a misplay] - n_h * chance(a))``,
        ``n_h`` the misplays at ``h``; a misplay's own subtree is never walked on its own."""
        fs = self.fs
        first, parent = fs.first[1], fs.parent[1]
        at: dict[int, int] = {}
        for i, _ in target:
            at[i] = at.get(i, 0) + 1
        change = [0.0] * len(fs.sequences[1])
        for i, p in enumerate(parent):  # parents first
            above, reach, count = change[p], float(self.plan[p]), at.get(i, 0)
            for k in range(len(self.actions[i])):
                j = first[i] + k
                chance = float(self.chance[j])
                change[j] = above * chance + (reach * ((i, k) in target) - reach * count * chance if count else 0.0)
        return change

    def gains(self, plan: list[Fraction] | list[float]) -> dict[tuple[int, int], Fraction]:
        """Each misplay's exact gain to the maximiser playing ``plan`` (in units of the
        payoff's denominator): the opponent's reach of the infoset times what its misplay
        gives there, against what its equilibrium gives (a plan in floating point gives
        the gains in floating point)."""
        fs = self.fs
        first, parent = fs.first[1], fs.parent[1]
        n = len(fs.sequences[1])
        worth = [Fraction(0)] * n
        for (i, j), a in zip(fs.cells, fs.numerators, strict=True):
            if plan[i]:
                worth[j] += a * plan[i]
        for j in range(n - 1, -1, -1):  # children have larger indices than their parents
            for h in self.after[j]:
                worth[j] += sum((self.chance[first[h] + kk] * worth[first[h] + kk]
                                 for kk in range(len(self.actions[h]))), Fraction(0))
        out = {}
        for i, k in self.misplays:
            here = sum((self.chance[first[i] + kk] * worth[first[i] + kk] for kk in range(len(self.actions[i]))),
                       Fraction(0))
            out[i, k] = self.plan[parent[i]] * (worth[first[i] + k] - here)
        return out


    def held(self, face: _Face, point: list[float] | None) -> tuple[set[tuple[int, int]], Any, int]:
        """The misplays a ``point`` of the face (:meth:`_Face.inside`, one number per face
        column; None: no point) punishes, as rows over the face's columns to hold each
        punished, and ``floor``: each row holds its misplay's gain (divided by the reach of
        its information set) at least ``2 ** -floor``, half what the point gains at most.

        A misplay whose gain at the point is clearly positive (above 1e-9 of the largest) is
        kept if its action is one the equilibrium never plays and the equilibrium plays
        purely below it (so that its gain is an integer row): its gain is then
        ``w - q[i]``, ``q[i]`` the face's value of its information set ``i`` and ``w`` the
        payoffs of the sequences its action and the pure play below it make."""
        import numpy as np
        from scipy import sparse

        if point is None:
            return set(), None, 0
        n1 = face.n1
        x = [0.0] * n1
        for c, v in zip(face.cols, point, strict=True):
            if c < n1:
                x[c] = v
        gains = self.gains(x)
        top = max(gains.values(), default=0.0)
        column = {c: k for k, c in enumerate(face.cols)}
        kept, rows = [], []
        for m in self.misplays:
            row = self._row(m, column) if gains[m] > 1e-9 * top else None
            if row is not None:
                kept.append(m)
                rows.append(row)
        if not rows:
            return set(), None, 0
        shape = (len(rows), len(face.cols))
        matrix = sparse.csr_matrix((np.array([v for row in rows for v in row.values()], dtype=np.int64),
                                    ([r for r, row in enumerate(rows) for _ in row], [c for row in rows for c in row])),
                                   shape=shape)
        local = matrix @ np.array(point)
        if local.min() <= 0:
            return set(), None, 0
        return set(kept), matrix, max(0, int(np.ceil(np.log2(2 / local.min()))))

    def _row(self, misplay: tuple[int, int], column: dict[int, int]) -> dict[int, int] | None:
        """The misplay's gain over its information set's reach, as integers over the face's
        ``column`` s; None if its action is one the equilibrium plays or the equilibrium
        mixes below it (see :meth:`held`)."""
        fs, (i, k) = self.fs, misplay
        first = fs.first[1]
        if self.chance[first[i] + k]:
            return None
        row: dict[int, int] = {}
        stack = [first[i] + k]
        while stack:
            j = stack.pop()
            for a, n in self.cells_of.get(j, ()):
                if a in column:
                    row[column[a]] = row.get(column[a], 0) + n
            for h in self.after[j]:
                sure = [first[h] + kk for kk in range(len(self.actions[h])) if self.chance[first[h] + kk] == 1]
                if not sure:
                    return None
                stack.append(sure[0])
        q = column.get(len(fs.sequences[0]) + 1 + i)
        if q is None:
            return None
        row[q] = row.get(q, 0) - 1
        return {c: v for c, v in row.items() if v}


def _swapped(f: SequenceForm) -> SequenceForm:
    """The sequence form with the players' roles swapped and the payoffs negated, so that
    player 2 is the maximiser of :func:`~bluffmath.equilibrium.program.lp_rows`."""
    return SequenceForm((f.sequences[1], f.sequences[0]), (f.index[1], f.index[0]), (f.infosets[1], f.infosets[0]),
                        (f.parent[1], f.parent[0]), (f.first[1], f.first[0]), [(j, i) for i, j in f.cells],
                        [-n for n in f.numerators], f.denominator)

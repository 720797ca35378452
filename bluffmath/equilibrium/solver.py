"""Exact equilibria: HiGHS finds the optimal basis in floats, exact arithmetic does the rest.

1. The linear program (:func:`lp_rows`): player 1 chooses a realisation plan ``x`` and
   values ``q`` for player 2's information sets, maximising ``q[root]`` subject to
   ``E x = e`` and ``F^T q <= A^T x`` (player 2's best reply, written by LP duality).
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
   exactly (:func:`exact_solve`).
4. Each plan becomes a strategy (an action's share of its infoset's realisation; a
   negative rounding left is dropped), so the sequence-form constraints hold exactly.
5. Exact best responses to both strategies (:mod:`bluffmath.equilibrium.response`): player
   2's best reply to ``x`` gives a lower bound of the value, player 1's to ``y`` an upper
   bound. When they meet, that Fraction is the value and the pair is the certificate;
   otherwise the LP is solved again with tighter tolerances, and then
   :class:`~bluffmath.errors.CertificateError` is raised.

scipy and highspy are imported here only, inside :func:`solve`: the rest of bluffmath
(and checking a certificate) runs without them (and without numpy, which the Duel's
builder uses when it is there).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import isqrt, lcm
from typing import Any

from bluffmath.equilibrium.certificate import Certificate
from bluffmath.equilibrium.response import _behaviour, _respond
from bluffmath.equilibrium.sequence import SequenceForm, form
from bluffmath.equilibrium.tree import Game, _game
from bluffmath.errors import CertificateError, InvalidInputError
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

    ``refine=True``: each player's strategy is then refined (:func:`refined`): still an
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
    return refined(cert) if refine else cert


def _need_solver(what: str) -> None:
    """Raise CertificateError if scipy or highspy cannot be imported: ``what`` needs them."""
    try:
        import highspy  # noqa: F401
        import scipy  # noqa: F401
    except ImportError as missing:
        raise CertificateError(
            f"{what} needs the solver extra (pip install 'bluffmath[solve]': scipy, highspy): {missing}"
        ) from None


def _silent(_: str) -> None:
    """A ``progress`` that says nothing."""


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
    out: tuple[list[int], list[int]] = ([0], [0])
    for r in (0, 1):
        allowed = [False] * len(f.sequences[r])
        allowed[0] = True
        for i, parent in enumerate(f.parent[r]):  # parents first
            if allowed[parent]:
                start = f.first[r][i]
                end = f.first[r][i + 1] if i + 1 < len(f.first[r]) else len(f.sequences[r])
                for k in range(start, end):
                    if f.sequences[r][k] not in dominated:
                        allowed[k] = True
                        out[r].append(k)
    return out


def _certify(game: Game, f: SequenceForm, plan1: list[Fraction], plan2: list[Fraction]) -> tuple:
    """The strategies of two plans, and the certificate if their best replies meet."""
    from bluffmath.equilibrium.response import _plan
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
    from bluffmath.equilibrium.response import _plan
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


def lp_rows(f: SequenceForm) -> tuple[list[dict[int, int]], list[float], list[float], int, int]:
    """The LP's rows over the columns ``x`` (player 1's sequences, ``>= 0``) then ``q``
    (``q[0]`` for the root, ``q[1 + k]`` for player 2's infoset ``k``; free): each row a
    dict column -> integer coefficient, with its lower and upper bounds. ``A`` enters
    times its common denominator, so every coefficient is an integer."""
    n1 = len(f.sequences[0])
    rows: list[dict[int, int]] = []
    lower: list[float] = []
    upper: list[float] = []
    # E x = e
    rows.append({0: 1})
    lower.append(1.0)
    upper.append(1.0)
    for i in range(len(f.infosets[0])):
        row = {f.parent[0][i]: -1}
        start = f.first[0][i]
        end = f.first[0][i + 1] if i + 1 < len(f.infosets[0]) else n1
        for k in range(start, end):
            row[k] = 1
        rows.append(row)
        lower.append(0.0)
        upper.append(0.0)
    # F^T q - A^T x <= 0, one row per sequence of player 2
    n2 = len(f.sequences[1])
    first_row = len(rows)
    ftq: list[dict[int, int]] = [{} for _ in range(n2)]
    # the sequence's own row of F: the root (sequence 0) or the infoset that ends it
    ftq[0][n1] = 1
    for k, start in enumerate(f.first[1]):
        end = f.first[1][k + 1] if k + 1 < len(f.first[1]) else n2
        for j in range(start, end):
            ftq[j][n1 + 1 + k] = 1
        ftq[f.parent[1][k]][n1 + 1 + k] = ftq[f.parent[1][k]].get(n1 + 1 + k, 0) - 1
    for (i, j), a in zip(f.cells, f.numerators, strict=True):
        ftq[j][i] = ftq[j].get(i, 0) - a
    rows.extend(ftq)
    lower.extend([-float("inf")] * n2)
    upper.extend([0.0] * n2)
    return rows, lower, upper, n1, first_row


class _Program:
    """The whole LP as a sparse integer matrix, solved whole or restricted to some
    sequences of each player."""

    def __init__(self, f: SequenceForm, say: Callable[[str], None] = _silent, simplex: bool = False) -> None:
        import numpy as np
        from scipy import sparse

        self.say, self.simplex = say, simplex
        rows, lower, upper, n1, first_row = lp_rows(f)
        self.f, self.n1, self.first_row = f, n1, first_row
        self.ncols = n1 + 1 + len(f.infosets[1])
        r_idx, c_idx, vals = [], [], []
        for r, row in enumerate(rows):
            for c, v in row.items():
                if v:
                    r_idx.append(r)
                    c_idx.append(c)
                    vals.append(v)
        self.m = sparse.csr_matrix((np.array(vals, dtype=np.int64), (r_idx, c_idx)),
                                   shape=(len(rows), self.ncols))
        self.lower, self.upper = np.array(lower), np.array(upper)

    def solve(self, seq1: list[int] | None, seq2: list[int] | None,
              tolerance: float) -> tuple[list[Fraction], list[Fraction]]:
        """Both players' exact plans (full length) at HiGHS's optimal basis of the LP
        restricted to ``seq1`` and ``seq2`` (None: all sequences)."""
        import highspy
        import numpy as np

        f, n1, first_row = self.f, self.n1, self.first_row
        if seq1 is None:
            cols = list(range(self.ncols))
            rows = list(range(self.m.shape[0]))
        else:
            have1, have2 = set(seq1), set(seq2)
            infos2 = [k for k, p in enumerate(f.parent[1]) if p in have2]
            cols = [*seq1, n1, *(n1 + 1 + k for k in infos2)]
            rows = [0, *(1 + i for i, p in enumerate(f.parent[0]) if p in have1),
                    *(first_row + j for j in seq2)]
        m = self.m[rows, :][:, cols].tocsc()
        h = _highs()
        for option in ("primal_feasibility_tolerance", "dual_feasibility_tolerance"):
            h.setOptionValue(option, tolerance)
        method = "ipm" if len(rows) > IPM_FROM and not self.simplex else "simplex"
        h.setOptionValue("solver", method)
        h.setOptionValue("run_crossover", "on")
        lp = highspy.HighsLp()
        lp.num_col_ = len(cols)
        lp.num_row_ = len(rows)
        root = cols.index(n1)
        cost = np.zeros(len(cols))
        cost[root] = -1.0  # maximise q[root]
        lp.col_cost_ = cost
        inf = highspy.kHighsInf
        lp.col_lower_ = np.array([0.0 if c < n1 else -inf for c in cols])
        lp.col_upper_ = np.full(len(cols), inf)
        lp.row_lower_ = np.maximum(self.lower[rows], -inf)
        lp.row_upper_ = self.upper[rows]
        lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
        lp.a_matrix_.start_ = m.indptr
        lp.a_matrix_.index_ = m.indices
        lp.a_matrix_.value_ = m.data.astype(float)
        h.passModel(lp)
        self.say(f"the linear program: {len(rows):,} rows, {len(cols):,} columns, by HiGHS's "
                 f"{'interior point method' if method == 'ipm' else 'simplex method'}")
        status = _run(h)
        if status != highspy.HighsModelStatus.kOptimal:
            raise CertificateError(f"HiGHS did not find the optimum: {h.modelStatusToString(status)}")
        basis = h.getBasis()
        basic = highspy.HighsBasisStatus.kBasic
        cols_b = [j for j, st in enumerate(basis.col_status) if st == basic]
        rows_nb = [i for i, st in enumerate(basis.row_status) if st != basic]
        if len(cols_b) != len(rows_nb):
            raise CertificateError("HiGHS's basis is not square; cannot rebuild the exact vertex")
        self.say(f"the exact plans at HiGHS's basis ({len(cols_b):,} equations)")
        bound = [1 if rows[i] == 0 else 0 for i in rows_nb]  # every nonbasic column sits at 0
        square = m[rows_nb, :][:, cols_b].tocsc()
        z = exact_solve(square, bound)
        plan1 = [Fraction(0)] * n1
        for j, v in zip(cols_b, z, strict=True):
            if cols[j] < n1:
                plan1[cols[j]] = v
        duals = exact_solve(square.T.tocsc(), [-1 if j == root else 0 for j in cols_b])
        plan2 = [Fraction(0)] * len(f.sequences[1])
        for i, v in zip(rows_nb, duals, strict=True):
            if rows[i] >= first_row:
                plan2[rows[i] - first_row] = -v
        return plan1, plan2

    def refine(self, value: Fraction, objective: list[float]) -> list[Fraction]:
        """Player 1's exact plan at a vertex that keeps ``q[root]`` at the game's ``value``
        and maximises ``objective`` (one number per sequence of player 1)."""
        import highspy
        import numpy as np
        from scipy import sparse

        n1 = self.n1
        scale = self.f.denominator  # q is the value times the payoff's denominator (lp_rows)
        hold = sparse.csr_matrix(([value.denominator], ([0], [n1])), shape=(1, self.ncols), dtype=np.int64)
        m = sparse.vstack([self.m, hold]).tocsr()
        floor = scale * value.numerator
        lower = np.append(self.lower, float(floor))
        upper = np.append(self.upper, highspy.kHighsInf)
        top = max((abs(c) for c in objective), default=0.0) or 1.0
        cost = np.zeros(self.ncols)
        cost[:n1] = [-c / top for c in objective]  # HiGHS minimises
        for tolerance in (1e-10, 1e-12):
            plan = self._vertex(m, lower, upper, cost, tolerance, {m.shape[0] - 1: floor})
            if plan is not None:
                return plan
        raise CertificateError("the refining program's vertex was not rebuilt exactly")

    def _vertex(self, m: Any, lower: Any, upper: Any, cost: Any, tolerance: float,
                rhs: dict[int, int]) -> list[Fraction] | None:
        """Player 1's exact plan at HiGHS's optimal basis of ``min cost z`` over the rows
        ``m`` (bounds ``lower``, ``upper``); ``rhs``: the rows other than ``x[root] = 1``
        whose active bound is not 0."""
        import highspy
        import numpy as np

        n1 = self.n1
        h = _highs()
        for option in ("primal_feasibility_tolerance", "dual_feasibility_tolerance"):
            h.setOptionValue(option, tolerance)
        h.setOptionValue("solver", "ipm" if m.shape[0] > IPM_FROM and not self.simplex else "simplex")
        h.setOptionValue("run_crossover", "on")
        lp = highspy.HighsLp()
        lp.num_col_, lp.num_row_ = self.ncols, m.shape[0]
        inf = highspy.kHighsInf
        lp.col_cost_ = cost
        lp.col_lower_ = np.array([0.0 if c < n1 else -inf for c in range(self.ncols)])
        lp.col_upper_ = np.full(self.ncols, inf)
        lp.row_lower_, lp.row_upper_ = np.maximum(lower, -inf), upper
        csc = m.tocsc()
        lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
        lp.a_matrix_.start_, lp.a_matrix_.index_, lp.a_matrix_.value_ = csc.indptr, csc.indices, csc.data.astype(float)
        h.passModel(lp)
        if _run(h) != highspy.HighsModelStatus.kOptimal:
            return None
        basis = h.getBasis()
        basic = highspy.HighsBasisStatus.kBasic
        cols_b = [j for j, st in enumerate(basis.col_status) if st == basic]
        rows_nb = [i for i, st in enumerate(basis.row_status) if st != basic]
        if len(cols_b) != len(rows_nb):
            return None
        bound = [1 if i == 0 else rhs.get(i, 0) for i in rows_nb]
        try:
            z = exact_solve(m[rows_nb, :][:, cols_b].tocsc(), bound)
        except CertificateError:
            return None
        plan = [Fraction(0)] * n1
        for j, v in zip(cols_b, z, strict=True):
            if j < n1:
                plan[j] = v
        return plan


def refined(cert: Certificate, progress: Callable[[str], None] | None = None) -> Certificate:
    """The certificate's game with each player's strategy refined to punish the other's
    misplays: still an equilibrium strategy (it guarantees the value, checked again by an
    exact best response), and one that gains against every *single misplay* of the
    opponent that some equilibrium strategy gains against. A single misplay is the
    opponent's equilibrium strategy with one action at one information set played for
    certain (an information set its equilibrium never reaches plays its first action,
    as the equilibrium bot does).

    How: a linear program over the first one's optimal face (the value held as a
    constraint) maximises the total gain against the misplays; its vertex is rebuilt
    exactly and each misplay's gain counted exactly. The misplays it does not punish are
    tried again alone, until the program gains nothing on those left; the refined
    strategy is the average of the vertices found (an average of equilibrium strategies is
    one, and it gains wherever one of them does). The programs' optima are found in floating
    point: a gain they cannot see (below HiGHS's tolerance of 1e-10) is not sought.

    A cousin of the quasi-perfect refinement (Miltersen and Sørensen, 2010): it looks at
    one misplay at a time, with the equilibrium's play after it, and does not refine a
    player's play after their own mistakes.

    ``cert`` must be a :class:`~bluffmath.equilibrium.certificate.Certificate` (it needs the
    solver extra, as :func:`solve` does). ``progress``, as :func:`solve` takes it, hears of
    each program before HiGHS solves it, with the misplays left to punish; Ctrl+C stops
    HiGHS too:

    >>> refined({"game": "kuhn-poker"})
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: cert must be a Certificate (such as ...), got {'game': 'kuhn-poker'} (dict)
    """
    from bluffmath.equilibrium.response import _plan

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
    for player, sign, swapped in ((1, 1, f), (2, -1, _swapped(f))):
        opponent = _complete(game, cert.strategies[2 - player], 3 - player)
        plan = _punishing(_Program(swapped, simplex=game.simplex), swapped, game, opponent, sign * value,
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


def _punishing(program: _Program, fs: SequenceForm, game: Game, beh: dict, value: Fraction,
               say: Callable[[str], None] = _silent) -> list[Fraction]:
    """The maximiser's exact plan in ``fs`` (player 1's place): see :func:`refined`. ``beh``
    is the opponent's completed equilibrium strategy, ``value`` the game's value to the
    maximiser; ``say`` hears of each program."""
    opp = _Opponent(fs, game, beh)
    target = set(opp.misplays)
    found: list[list[Fraction]] = []
    while target:
        say(f"program {len(found) + 1}, against {len(target):,} of {len(opp.misplays):,} single misplays "
            f"not yet punished")
        plan = program.refine(value, opp.objective(target))
        gains = opp.gains(plan)
        punished = {m for m in target if gains[m] > 0}
        if not punished:
            break
        found.append(plan)
        target -= punished
    if not found:
        return program.refine(value, [0.0] * program.n1)
    return [sum(column, Fraction(0)) / len(found) for column in zip(*found, strict=True)]


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

    def gains(self, plan: list[Fraction]) -> dict[tuple[int, int], Fraction]:
        """Each misplay's exact gain to the maximiser playing ``plan`` (in units of the
        payoff's denominator): the opponent's reach of the infoset times what its misplay
        gives there, against what its equilibrium gives."""
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


def _swapped(f: SequenceForm) -> SequenceForm:
    """The sequence form with the players' roles swapped and the payoffs negated, so that
    player 2 is the maximiser of :func:`lp_rows`."""
    return SequenceForm((f.sequences[1], f.sequences[0]), (f.index[1], f.index[0]), (f.infosets[1], f.infosets[0]),
                        (f.parent[1], f.parent[0]), (f.first[1], f.first[0]), [(j, i) for i, j in f.cells],
                        [-n for n in f.numerators], f.denominator)


IPM_FROM = 20_000
"""Rows from which HiGHS's interior point method (with crossover) solves the program."""


def _highs() -> Any:
    """A silent HiGHS: its constructor writes a banner to the standard output (the file
    descriptor, not sys.stdout), which would spoil the command line's JSON."""
    import os
    import sys

    import highspy
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 1)
            h = highspy.Highs()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
    h.silent()
    return h


def _run(h: Any) -> Any:
    """Run HiGHS on its model and return its model status. HiGHS works in a thread of its
    own (highspy's ``HandleKeyboardInterrupt``), so that Ctrl+C stops it at its next
    iteration, not minutes later when the program is solved: KeyboardInterrupt then
    (highspy's own note about it, printed to the standard output, is left out: it would
    spoil the command line's JSON)."""
    import contextlib
    import io

    import highspy
    h.HandleKeyboardInterrupt = True
    with contextlib.redirect_stdout(io.StringIO()):
        h.solve()
    status = h.getModelStatus()
    if status == highspy.HighsModelStatus.kInterrupt:
        raise KeyboardInterrupt
    return status


def exact_solve(matrix: Any, rhs: list[int]) -> list[Fraction]:
    """The exact solution of ``matrix @ z = rhs`` (a square, nonsingular scipy sparse
    matrix of integers; an integer right-hand side), by numeric lifting (Wan, 2006):
    ``z = N / alpha^k + S^-1 r_k / alpha^k`` with an integer residual ``r_k`` kept small,
    then rational reconstruction, checked exactly before it is returned."""
    import numpy as np
    from scipy.sparse.linalg import splu

    n = matrix.shape[0]
    if n == 0:
        return []
    a = matrix.astype(np.int64).tocsr()
    lu = splu(matrix.astype(float).tocsc())
    rowsum = int(abs(a).sum(axis=1).max())
    r = np.array(rhs, dtype=np.int64)
    numerators = np.zeros(n, dtype=object)  # N, exact Python ints
    steps = 0
    bits = 16
    alpha = 1 << bits
    previous = None
    for step in range(1, 400):
        approx = lu.solve(r.astype(float))
        if not np.all(np.isfinite(approx)):
            raise CertificateError("the basis system is singular in floating point")
        scaled = np.rint(approx * alpha)
        if np.abs(scaled).max(initial=0) * rowsum >= 2.0**62:
            raise CertificateError("the basis system's lifting would overflow; it is too ill-conditioned")
        xhat = scaled.astype(np.int64)
        r = alpha * r - a @ xhat
        if np.abs(r).max(initial=0) * alpha * rowsum >= 2.0**60:
            raise CertificateError("the basis system's lifting does not converge (ill-conditioned)")
        numerators = numerators * alpha + xhat.astype(object)
        steps = step
        if step % 4 == 0:
            z = _reconstruct(numerators, bits * steps, lu, r)
            if z is not None and z == previous and _satisfies(a, z, rhs):
                return z
            previous = z
    raise CertificateError("the basis system's exact solution was not found in 400 lifting steps")


def _reconstruct(numerators: Any, bits: int, lu: Any, r: Any) -> list[Fraction] | None:
    """Fractions of denominators at most ``limit`` within the lifting's error of ``N / D``
    (unique when they exist); None if the denominators outgrow what ``D`` can tell."""
    import numpy as np

    denominator = 1 << bits
    # |z - N / D| <= |S^-1 r_k| / D: bound |S^-1 r_k| by twice its float value, plus 1
    error = int(float(np.abs(lu.solve(r.astype(float))).max(initial=0)) * 2) + 1
    limit = isqrt(denominator // (2 * error))
    if limit < 1:
        return None
    common = 1
    out = []
    for v in numerators.tolist():
        # with the common denominator so far, most entries are a rounding away
        scaled = v * common
        nearest = (2 * scaled + denominator) // (2 * denominator)
        if abs(scaled - nearest * denominator) <= common * error:
            out.append(Fraction(nearest, common))
            continue
        frac = Fraction(v, denominator).limit_denominator(limit)
        common = lcm(common, frac.denominator)
        if common > limit:
            return None
        out.append(frac)
    return out


def _satisfies(a: Any, z: list[Fraction], rhs: list[int]) -> bool:
    common = lcm(*(v.denominator for v in z))
    ints = [v.numerator * (common // v.denominator) for v in z]
    indptr, indices, data = a.indptr.tolist(), a.indices.tolist(), a.data.tolist()
    for i, b in enumerate(rhs):
        total = 0
        for p in range(indptr[i], indptr[i + 1]):
            total += data[p] * ints[indices[p]]
        if total != b * common:
            return False
    return True


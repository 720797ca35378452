"""The sequence-form linear program, as HiGHS solves it.

The program (:func:`lp_rows`): player 1 chooses a realisation plan ``x`` and values ``q``
for player 2's information sets, maximising ``q[root]`` subject to ``E x = e`` and
``F^T q <= A^T x`` (player 2's best reply, written by LP duality). Its optimum is the
game's value; the row duals of ``F^T q <= A^T x`` are player 2's realisation plan.

HiGHS (through ``highspy``, tolerances 1e-10) solves it and hands back its optimal basis:
by the simplex method on programs of up to ``IPM_FROM`` rows (on every program of a game
whose builder says so, ``Game.simplex``: Liar's dice), by its interior point method and a
crossover to a basis on larger ones. The basis's square system is solved exactly, for the
primal (``x``) and the dual (player 2's plan), by :func:`~bluffmath.equilibrium.exact.exact_solve`.
:mod:`bluffmath.equilibrium.solver` solves the program whole or restricted;
:mod:`bluffmath.equilibrium.refine` over its optimal face.

scipy, numpy and highspy are imported inside the functions that use them:

>>> from bluffmath.equilibrium.examples import matching_pennies
>>> from bluffmath.equilibrium.sequence import form
>>> rows, lower, upper, n1, first_row = lp_rows(form(matching_pennies()))
>>> rows[:2], lower[:2], upper[:2]
([{0: 1}, {0: -1, 1: 1, 2: 1}], [1.0, 0.0], [1.0, 0.0])
>>> n1, first_row, len(rows)
(3, 2, 5)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from bluffmath.equilibrium.exact import exact_solve
from bluffmath.equilibrium.sequence import SequenceForm
from bluffmath.errors import CertificateError

IPM_FROM = 20_000
"""Rows from which HiGHS's interior point method (with crossover) solves the program."""


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
        if seq1 is None or seq2 is None:
            cols = list(range(self.ncols))
            rows = list(range(self.m.shape[0]))
        else:
            rows, cols = self._restricted(seq1, seq2)
        m = self.m[rows, :][:, cols].tocsc()
        method = _method(len(rows), self.simplex)
        root = cols.index(n1)
        cost = np.zeros(len(cols))
        cost[root] = -1.0  # maximise q[root]
        h = _model(m, cols, n1, cost, self.lower[rows], self.upper[rows], method, tolerance)
        self.say(f"the linear program: {len(rows):,} rows, {len(cols):,} columns, by HiGHS's "
                 f"{'interior point method' if method == 'ipm' else 'simplex method'}")
        status = _run(h)
        if status != highspy.HighsModelStatus.kOptimal:
            raise CertificateError(f"HiGHS did not find the optimum: {h.modelStatusToString(status)}")
        cols_b, rows_nb = _basis(h)
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

    def face(self, seq1: list[int], seq2: list[int], held: set[int]) -> _Face:
        """Player 1's plans over ``seq1`` (a closed set of their sequences) that meet every
        row of player 2's sequences ``seq2``, the rows of ``held`` (player 2's sequences)
        as equalities: :func:`~bluffmath.equilibrium.refine.refined` holds the rows where
        player 2's equilibrium plays, which holds ``q[root]`` at the value."""
        rows, cols = self._restricted(seq1, seq2)
        lower = self.lower[rows].copy()
        for r, row in enumerate(rows):
            if row >= self.first_row and row - self.first_row in held:
                lower[r] = 0.0
        return _Face(self.m[rows, :][:, cols].tocsc(), lower, self.upper[rows], cols, self.n1, self.simplex)

    def _restricted(self, seq1: list[int], seq2: list[int]) -> tuple[list[int], list[int]]:
        """The rows and columns of the program restricted to ``seq1`` and ``seq2``: player 2's
        information sets after ``seq2``, player 1's after ``seq1``."""
        f, n1 = self.f, self.n1
        have1, have2 = set(seq1), set(seq2)
        infos2 = [k for k, p in enumerate(f.parent[1]) if p in have2]
        cols = [*seq1, n1, *(n1 + 1 + k for k in infos2)]
        rows = [0, *(1 + i for i, p in enumerate(f.parent[0]) if p in have1),
                *(self.first_row + j for j in seq2)]
        return rows, cols


class _Face:
    """A restricted program with no objective of its own: :meth:`inside` finds a point in
    it, :meth:`best` puts an objective on it (and perhaps more rows) and rebuilds the
    optimal vertex's plan of player 1 exactly."""

    def __init__(self, m: Any, lower: Any, upper: Any, cols: list[int], n1: int, simplex: bool) -> None:
        self.m, self.lower, self.upper, self.cols, self.n1, self.simplex = m, lower, upper, cols, n1, simplex

    def inside(self) -> list[float] | None:
        """A point of the face in floating point, one number per column (``cols``), by
        HiGHS's interior point method without crossover and without an objective: it heads
        for the face's analytic centre, inside the face (HiGHS's presolve may still move it
        to the face's boundary, so what it shows is a guess, for :meth:`best` to confirm).
        None if HiGHS finds no point."""
        import highspy
        import numpy as np

        h = _model(self.m, self.cols, self.n1, np.zeros(len(self.cols)), self.lower, self.upper, "ipm", 1e-10)
        h.setOptionValue("run_crossover", "off")
        if _run(h) != highspy.HighsModelStatus.kOptimal:
            return None
        return list(h.getSolution().col_value)

    def best(self, objective: list[float], rows: Any = None, floor: int = 0) -> list[Fraction]:
        """Player 1's exact plan (one number per sequence of theirs) at a vertex that
        maximises ``objective`` (one number per sequence of player 1); ``rows`` (integer, over
        the face's columns) are more rows, each held at least ``2 ** -floor``."""
        import numpy as np
        from scipy import sparse

        top = max((abs(c) for c in objective), default=0.0) or 1.0
        cost = np.array([-objective[c] / top if c < self.n1 else 0.0 for c in self.cols])  # HiGHS minimises
        m, lower, upper = self.m, self.lower, self.upper
        if rows is not None and rows.shape[0]:
            m = sparse.vstack([m, rows]).tocsc()
            lower = np.concatenate([lower, np.full(rows.shape[0], 2.0 ** -floor)])
            upper = np.concatenate([upper, np.full(rows.shape[0], np.inf)])
        for tolerance in (1e-10, 1e-12):
            plan = self._vertex(m, (lower, upper), cost, tolerance, floor)
            if plan is not None:
                return plan
        raise CertificateError("the refining program's vertex was not rebuilt exactly")

    def _vertex(self, m: Any, bounds: tuple[Any, Any], cost: Any, tolerance: float, floor: int) -> list[Fraction] | None:
        """Player 1's exact plan at HiGHS's optimal basis of ``min cost z`` over the rows ``m``
        (the face's, then those held at ``2 ** -floor``); None if HiGHS finds no optimum or
        its basis does not rebuild exactly."""
        import highspy

        cols, n1, face_rows = self.cols, self.n1, self.m.shape[0]
        h = _model(m, cols, n1, cost, bounds[0], bounds[1], _method(m.shape[0], self.simplex), tolerance)
        if _run(h) != highspy.HighsModelStatus.kOptimal:
            return None
        cols_b, rows_nb = _basis(h)
        if len(cols_b) != len(rows_nb):
            return None
        # every face row's active bound is 0 but the first's, x[root] = 1; the rows after
        # the face's sit at 2 ** -floor; nonbasic columns sit at 0: all times 2 ** floor
        rhs = [1 << floor if i == 0 else int(i >= face_rows) for i in rows_nb]
        try:
            z = exact_solve(m[rows_nb, :][:, cols_b].tocsc(), rhs)
        except CertificateError:
            return None
        plan = [Fraction(0)] * n1
        for j, v in zip(cols_b, z, strict=True):
            if cols[j] < n1:
                plan[cols[j]] = v / (1 << floor)
        return plan


def _method(rows: int, simplex: bool) -> str:
    """HiGHS's method for a program of ``rows`` rows: see :data:`IPM_FROM`."""
    return "ipm" if rows > IPM_FROM and not simplex else "simplex"


def _model(m: Any, cols: list[int], n1: int, cost: Any, lower: Any, upper: Any, method: str,
           tolerance: float) -> Any:
    """A silent HiGHS holding ``min cost z`` over the sparse rows ``m`` (CSC) and their
    bounds; ``cols`` name the program's columns, the first ``n1`` of them player 1's
    sequences (at least 0), the rest free."""
    import highspy
    import numpy as np

    h = _highs()
    for option in ("primal_feasibility_tolerance", "dual_feasibility_tolerance"):
        h.setOptionValue(option, tolerance)
    h.setOptionValue("solver", method)
    h.setOptionValue("run_crossover", "on")
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = len(cols), m.shape[0]
    inf = highspy.kHighsInf
    lp.col_cost_ = cost
    lp.col_lower_ = np.array([0.0 if c < n1 else -inf for c in cols])
    lp.col_upper_ = np.full(len(cols), inf)
    lp.row_lower_, lp.row_upper_ = np.maximum(lower, -inf), upper
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_, lp.a_matrix_.index_, lp.a_matrix_.value_ = m.indptr, m.indices, m.data.astype(float)
    h.passModel(lp)
    return h


def _basis(h: Any) -> tuple[list[int], list[int]]:
    """HiGHS's optimal basis: its basic columns and its nonbasic rows (the rows whose bound
    is active), the square system that gives the vertex."""
    import highspy

    basis = h.getBasis()
    basic = highspy.HighsBasisStatus.kBasic
    return ([j for j, st in enumerate(basis.col_status) if st == basic],
            [i for i, st in enumerate(basis.row_status) if st != basic])


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

"""The exact solution of a square integer system, as the solver rebuilds a vertex.

HiGHS hands back an optimal basis in floating point; its square system (integer
coefficients) is solved exactly by numeric lifting (Wan, 2006): a float LU solve gives a
few digits, the exact integer residual the next ones, until rational reconstruction gives
fractions that satisfy the system exactly (:func:`exact_solve`, which
:mod:`bluffmath.equilibrium.program` calls for the primal and the dual of each vertex).

numpy and scipy are imported inside the functions: the module itself is pure Python.
"""

from __future__ import annotations

from fractions import Fraction
from importlib.util import find_spec
from math import isqrt, lcm
from typing import Any

from bluffmath.errors import CertificateError

EXAMPLE = """
>>> from scipy import sparse
>>> exact_solve(sparse.csr_matrix([[3, 1], [1, 2]]), [1, 0])
[Fraction(2, 5), Fraction(-1, 5)]
"""

# the example needs scipy: a browser's Python (without it) leaves it out
__test__ = {"exact_solve": EXAMPLE} if find_spec("scipy") is not None else {}


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


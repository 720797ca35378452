"""A player's Bayes table in Hoax: prior, likelihood, unnormalised, posterior per role.

:meth:`~bluffmath.hoax.deduce.Deduction.table` makes one (Think Bayes' columns); the
normaliser below the rows is P(all the evidence), the same for every player.

>>> from fractions import Fraction
>>> half, zero = Fraction(1, 2), Fraction(0)
>>> t = BayesTable(1, (BayesRow("King", half, Fraction(1), half, Fraction(1)),
...                    BayesRow("Thief", half, zero, zero, zero)), half)
>>> t.row("king").posterior
Fraction(1, 1)
>>> "<td><b>1</b> (100.0 %)</td>" in bayes_html(t)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape

from bluffmath.display import exact, percent
from bluffmath.errors import InvalidInputError
from bluffmath.hoax.roles import any_role, role_words
from bluffmath.i18n import p_
from bluffmath.validate import shown


@dataclass(frozen=True)
class BayesRow:
    """One role of one player's Bayes table (Think Bayes' columns)."""

    role: str
    prior: Fraction
    likelihood: Fraction
    unnormalised: Fraction
    posterior: Fraction


@dataclass(frozen=True)
class BayesTable:
    """``player``'s identity: a row per role, and ``normaliser`` = P(all the evidence)."""

    player: int
    rows: tuple[BayesRow, ...]
    normaliser: Fraction

    def row(self, role: str) -> BayesRow:
        """The row of ``role`` (any case)."""
        role = any_role(role)
        for row in self.rows:
            if row.role == role:
                return row
        raise InvalidInputError(f"role must be one of {', '.join(r.role for r in self.rows)}, got {role!r}")

    def _repr_html_(self) -> str:
        return bayes_html(self)


def bayes_html(t: BayesTable) -> str:
    """A Bayes table as HTML: prior, likelihood, unnormalised, posterior; the normaliser below."""
    if not isinstance(t, BayesTable):
        raise InvalidInputError(f"bayes_html needs a BayesTable (Deduction.table(player)), got {shown(t)}")
    head = "".join(f"<th>{h}</th>" for h in (p_("Bayes table", "role"), p_("Bayes table", "prior"),
                                             p_("Bayes table", "likelihood"), p_("Bayes table", "prior × likelihood"),
                                             p_("Bayes table", "posterior")))
    total = p_("Bayes table", "sum")
    rows = "".join(
        f"<tr><td>{escape(role_words(r.role))}</td><td>{exact(r.prior)}</td><td>{exact(r.likelihood)}</td>"
        f"<td>{exact(r.unnormalised)}</td><td><b>{exact(r.posterior)}</b> ({percent(r.posterior)})</td></tr>"
        for r in t.rows)
    return (f"<table class='bluffmath-bayes' data-player='{escape(str(t.player))}'><tr>{head}</tr>{rows}"
            f"<tr><td>{total}</td><td></td><td></td><td>{exact(t.normaliser)}</td><td>1</td></tr></table>")

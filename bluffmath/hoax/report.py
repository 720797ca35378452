"""Hoax answers for people: the counting in words, Bayes tables and the sheet as HTML.

>>> from bluffmath.hoax.evidence import Case, Holds, IsNot
>>> from bluffmath.hoax.deduce import deduce
>>> d = deduce(Case("original", 3, (Holds(0, "King", "own card"), IsNot(1, "Thief"))))
>>> print(d.explain(1, "Judge"))
Deal the 12 cards (2 each of King, Judge, Vicar, Wizard, Thief, Peasant) one to each of
3 players: 1,320 ordered deals, each as likely.
What was seen (2 facts: player 0 is the King (my own card); player 1 is not the Thief
(bought information)) leaves 180 of them; 40 give player 1 the Judge.
No claims weigh the deals, so P(player 1 is the Judge) = 40/180 = 2/9.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

from bluffmath.display import decimal, exact, percent
from bluffmath.errors import InvalidInputError
from bluffmath.hoax.bayes import bayes_html as bayes_html
from bluffmath.hoax.deduce import Deduction
from bluffmath.hoax.evidence import Claim
from bluffmath.validate import shown

# The ``name as name`` imports: names that moved to the module named, still found here.


def explain(d: Deduction, player: int, role: str) -> str:
    """How ``P(player is role)`` is counted: the deals, what the facts leave, the claims'
    weights (:meth:`~bluffmath.hoax.deduce.Deduction.explain`)."""
    return _deduction(d).explain(player, role)


def text(d: Deduction) -> str:
    """Every player's chances as a plain table, exact fractions (for the command line).

    >>> from bluffmath.hoax.evidence import Case, Holds
    >>> from bluffmath.hoax.deduce import deduce
    >>> print(text(deduce(Case("original", 3, (Holds(0, "King", "own card"),)))))
    P(player is role), from 1 fact; 1,320 ordered deals
              King  Judge  Vicar  Wizard  Thief  Peasant
    player 0     1      0      0       0      0        0
    player 1  1/11   2/11   2/11    2/11   2/11     2/11
    player 2  1/11   2/11   2/11    2/11   2/11     2/11
    """
    case = _deduction(d).case
    names = [*case.names]
    width = max(len(n) for n in names)
    roles = case.edition.roles
    cells = [[exact(q) for q in row.values()] for row in d.grid()]
    widths = [max(len(r), *(len(row[i]) for row in cells)) for i, r in enumerate(roles)]
    facts = len(case.facts)
    lines = [f"P(player is role), from {facts} fact{'s' * (facts != 1)}; {d.deals:,} ordered deals",
             "  ".join([" " * width, *(r.rjust(w) for r, w in zip(roles, widths, strict=True))])]
    if any(isinstance(f, Claim) for f in case.facts):
        lines[0] += f"; claims weighed by the model {case.model.to_json()}"
    for name, row in zip(names, cells, strict=True):
        lines.append("  ".join([name.ljust(width), *(c.rjust(w) for c, w in zip(row, widths, strict=True))]))
    return "\n".join(lines)


def sheet_html(d: Deduction) -> str:
    """Players by identities: each cell the exact posterior (title and data-p), shaded by it."""
    case = _deduction(d).case
    head = "".join(f"<th>{r}</th>" for r in case.edition.roles)
    rows = []
    for p, row in enumerate(d.grid()):
        cells = "".join(
            f"<td data-player='{p}' data-role='{r}' data-p='{exact(q)}' title='{exact(q)}' "
            f"style='background: rgba(200,60,30,{decimal(q, 2)}); text-align: center; min-width: 4em'>"
            f"{_short(q)}</td>" for r, q in row.items())
        rows.append(f"<tr><th>{escape(case.names[p])}</th>{cells}</tr>")
    return f"<table class='bluffmath-sheet'><tr><th></th>{head}</tr>{''.join(rows)}</table>"


def _deduction(d: object) -> Deduction:
    if not isinstance(d, Deduction):
        raise InvalidInputError(f"needs a Deduction (deduce(case)), got {shown(d)}")
    return d


def _short(p: Fraction) -> str:
    """A cell as the sheet shows it: ✓ for certain, 0 for impossible, else a percentage."""
    return "✓" if p == 1 else "0" if p == 0 else percent(p)

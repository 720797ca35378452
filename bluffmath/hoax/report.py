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
from typing import TYPE_CHECKING

from bluffmath.display import decimal, exact, percent
from bluffmath.errors import InvalidInputError
from bluffmath.hoax.evidence import Claim
from bluffmath.hoax.roles import COPIES
from bluffmath.validate import shown, whole_number

if TYPE_CHECKING:
    from bluffmath.hoax.deduce import BayesTable, Deduction


def explain(d: Deduction, player: int, role: str) -> str:
    """How ``P(player is role)`` is counted: the deals, what the facts leave, the claims' weights."""
    d = _deduction(d)
    case = d.case
    player, role = whole_number("player", player, 0, case.players - 1), case.edition.role(role)
    ed = case.edition
    name = case.names[player]
    seen = [f for f in case.facts if not isinstance(f, Claim)]
    claims = [f for f in case.facts if isinstance(f, Claim)]
    lines = [f"Deal the {ed.deck_size} cards ({COPIES} each of {', '.join(ed.roles)}) one to each of "
             f"{case.players} players: {d.deals:,} ordered deals, each as likely."]
    fit, give = d.hard.total // d.hard.scale, d.hard.by[player, role] // d.hard.scale
    facts = f" ({len(seen)} fact{'s' * (len(seen) != 1)}: {'; '.join(map(case.said, seen))})" if seen else ""
    lines.append(f"What was seen{facts} leaves {fit:,} of them; {give:,} give {name} the {role}.")
    p = d.probability(player, role)
    if not claims:
        lines.append(f"No claims weigh the deals, so P({name} is the {role}) = {give}/{fit} = {exact(p)}.")
        return "\n".join(lines)
    model = case.model
    bluff = (str(model.bluff) if isinstance(model.bluff, Fraction)
             else ", ".join(f"{r} {b}" for r, b in model.bluff) + ", others 0")
    weighted = Fraction(d.counts.by[player, role], d.counts.scale)
    total = Fraction(d.counts.total, d.counts.scale)
    each = "The claim multiplies" if len(claims) == 1 else f"Each of the {len(claims)} claims multiplies"
    lines.append(f"{each} every deal by {model.honest} if the speaker "
                 f"holds the role and by the bluff chance ({bluff}) if not (a silence: by one minus these).")
    lines.append(f"Weighted, the deals that fit count {exact(total)}; those giving {name} the {role} "
                 f"count {exact(weighted)}; P({name} is the {role}) = {exact(weighted)} ÷ {exact(total)} = "
                 f"{exact(p)}.")
    return "\n".join(lines)


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


def bayes_html(t: BayesTable) -> str:
    """A Bayes table as HTML: prior, likelihood, unnormalised, posterior; the normaliser below."""
    from bluffmath.hoax.deduce import BayesTable
    if not isinstance(t, BayesTable):
        raise InvalidInputError(f"bayes_html needs a BayesTable (Deduction.table(player)), got {shown(t)}")
    head = "".join(f"<th>{h}</th>" for h in ("role", "prior", "likelihood", "prior × likelihood", "posterior"))
    rows = "".join(
        f"<tr><td>{escape(str(r.role))}</td><td>{exact(r.prior)}</td><td>{exact(r.likelihood)}</td>"
        f"<td>{exact(r.unnormalised)}</td><td><b>{exact(r.posterior)}</b> ({percent(r.posterior)})</td></tr>"
        for r in t.rows)
    return (f"<table class='bluffmath-bayes' data-player='{escape(str(t.player))}'><tr>{head}</tr>{rows}"
            f"<tr><td>sum</td><td></td><td></td><td>{exact(t.normaliser)}</td><td>1</td></tr></table>")


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
    from bluffmath.hoax.deduce import Deduction
    if not isinstance(d, Deduction):
        raise InvalidInputError(f"needs a Deduction (deduce(case)), got {shown(d)}")
    return d


def _short(p: Fraction) -> str:
    """A cell as the sheet shows it: ✓ for certain, 0 for impossible, else a percentage."""
    return "✓" if p == 1 else "0" if p == 0 else percent(p)

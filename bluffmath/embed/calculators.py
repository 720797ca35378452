"""The embedded calculators, by name: what a page's script calls, with the form's text.

A page calls :func:`calculate_json` with its calculator's name and the form's values as
JSON; it gets JSON back: the answer (exact, as ``"p/q"``, and rounded for reading), lines,
tables and details, or ``{"error": message}`` for bad input (bluffmath's own exceptions),
which the page shows beside the form. Only the standard library and bluffmath's pure
modules are imported here: no numpy, no sympy (the page's Python has neither).

>>> import json
>>> sorted(CALCULATORS)
['gauner-grid', 'hoax-identities', 'hochstapler-odds', 'muenchhausen-card']
>>> form = {"players": "5", "own": "3", "face_up": "0,7", "call": "12"}
>>> json.loads(calculate_json("hochstapler-odds", json.dumps(form)))["answer"]["fraction"]
'377/495'
>>> json.loads(calculate_json("hochstapler-odds", '{"players": "9"}'))
{'error': 'players must be a whole number from 3 to 7, got 9'}
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from bluffmath.embed import gauner_grid, hoax_identities, hochstapler_odds, muenchhausen_card
from bluffmath.embed.forms import Calculator, Result
from bluffmath.errors import BluffmathError, InvalidInputError
from bluffmath.validate import json_data

CALCULATORS: dict[str, Calculator] = {c.name: c for c in (
    hochstapler_odds.CALCULATOR, gauner_grid.CALCULATOR, hoax_identities.CALCULATOR,
    muenchhausen_card.CALCULATOR)}


def calculator(name: str) -> Calculator:
    """The calculator called ``name``, or an error listing them all."""
    if name not in CALCULATORS:
        raise InvalidInputError(f"no calculator {name!r}; there are {', '.join(CALCULATORS)}")
    return CALCULATORS[name]


def calculate(name: str, params: Mapping[str, str]) -> Result:
    """Run calculator ``name`` on the form's text; fields left out take their defaults."""
    calc = calculator(name)
    return calc.run({**calc.defaults(), **params})


def calculate_json(name: str, params: str) -> str:
    """:func:`calculate` for a page: JSON in, JSON out, bad input as ``{"error": ...}``."""
    try:
        values = json_data(params, "the form's values")
        if not isinstance(values, dict) or not all(isinstance(v, str) for v in values.values()):
            raise InvalidInputError("the form's values must be a JSON object of strings")
        return json.dumps(calculate(name, values))
    except BluffmathError as error:
        return json.dumps({"error": str(error)})

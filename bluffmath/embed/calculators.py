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
from bluffmath.i18n import speaking
from bluffmath.limits import MAX_TEXT
from bluffmath.schema import Node

CALCULATORS: dict[str, Calculator] = {c.name: c for c in (
    hochstapler_odds.CALCULATOR, gauner_grid.CALCULATOR, hoax_identities.CALCULATOR,
    muenchhausen_card.CALCULATOR)}


def calculator(name: str) -> Calculator:
    """The calculator called ``name``, or an error listing them all."""
    if name not in CALCULATORS:
        raise InvalidInputError(f"no calculator {name!r}; there are {', '.join(CALCULATORS)}")
    return CALCULATORS[name]


def calculate(name: str, params: Mapping[str, str], language: str = "en") -> Result:
    """Run calculator ``name`` on the form's text; fields left out take their defaults.
    Its words (and its refusals) are in ``language`` (:data:`bluffmath.i18n.LANGUAGES`).

    A name that is not one of the calculator's fields is refused (a misspelt field would
    otherwise be ignored, and the answer given for another question).
    """
    with speaking(language):
        calc = calculator(name)
        form = Node(params, "the form's values").fields(optional=[f.name for f in calc.fields])
        values = {key: node.text(allowed="text", longest=MAX_TEXT) for key, node in form.items()}
        return calc.run({**calc.defaults(), **values})


def calculate_json(name: str, params: str, language: str = "en") -> str:
    """:func:`calculate` for a page: JSON in, JSON out, bad input as ``{"error": ...}``.

    >>> print(json.loads(calculate_json("hochstapler-odds", '{"player": "4"}'))["error"])
    the form's values: unknown key "player" (did you mean "players"?); allowed: players, own, face_up, call
    >>> print(json.loads(calculate_json("hochstapler-odds", '{"players": "9"}', "de"))["error"])
    Spieler muss eine ganze Zahl von 3 bis 7 sein, nicht 9
    """
    try:
        return json.dumps(calculate(name, Node.of(params, "the form's values").value, language))
    except BluffmathError as error:
        return json.dumps({"error": str(error)})

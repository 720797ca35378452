"""Hochstapler: the odds calculator and companion (``calculator``), the table against bots
(``table``, with its panels in ``panels`` and ``odds_panel``, its call box in ``callbox``,
its setup in ``setup`` and its saves in ``saving``)."""

from .calculator import (
    EXAMPLE_HAND,
    HISTORY_HELP,
    NO_CALL,
    NOT_COUNTED,
    OddsCalculator,
    PositionOdds,
    parse_history,
)
from .table import CARD_COLOURS, DEFAULT_NAMES, HochstaplerTable, available_bots, card_html

__all__ = [
    "CARD_COLOURS", "DEFAULT_NAMES", "EXAMPLE_HAND", "HISTORY_HELP", "NOT_COUNTED", "NO_CALL",
    "HochstaplerTable", "OddsCalculator", "PositionOdds", "available_bots", "card_html", "parse_history"
]

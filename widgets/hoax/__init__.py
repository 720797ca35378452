"""Hoax: the deduction sheet and the practice (``sheet``), the whole game against bots (``table``)."""

from .sheet import FACT_KINDS, HoaxPractice, HoaxSheet, facts_html, parse_bluff
from .table import BOTS, HoaxTable, sheet_case

__all__ = ["BOTS", "FACT_KINDS", "HoaxPractice", "HoaxSheet", "HoaxTable", "facts_html", "parse_bluff", "sheet_case"]

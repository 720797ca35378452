"""Hoax: the deduction sheet and the practice (``sheet``)."""

from .sheet import FACT_KINDS, HoaxPractice, HoaxSheet, facts_html, parse_bluff

__all__ = ["FACT_KINDS", "HoaxPractice", "HoaxSheet", "facts_html", "parse_bluff"]

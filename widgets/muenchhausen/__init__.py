"""Münchhausen: the table against bots (``table``) and the companion for a real table (``companion``)."""

from .companion import KINDS, MuenchhausenCompanion
from .table import MuenchhausenTable, action_label, in_words

__all__ = ["KINDS", "MuenchhausenCompanion", "MuenchhausenTable", "action_label", "in_words"]

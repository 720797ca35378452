"""Gauner raus!: the solver and companion (``solver``), the table against bots (``table``)."""

from .solver import GaunerCompanion, GaunerSolver, example_position, parse_cells, parse_numbers
from .table import GaunerTable

__all__ = ["GaunerCompanion", "GaunerSolver", "GaunerTable", "example_position", "parse_cells", "parse_numbers"]

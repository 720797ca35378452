"""Münchhausen (a variant for an Elfer raus! deck): offers, a card laid face down, believe
or doubt. Rules: ``shared/rules/muenchhausen.md`` and ``RULINGS.md``."""

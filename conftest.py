"""Collection rules for the whole repository (pytest runs doctests in every module)."""

collect_ignore = ["docs/conf.py", "docs/_build", "build", "notebooks"]

"""The lessons' side of the front end: answer keys, the check, and each lesson's widgets.

One module per lesson in ``notebooks/lessons/``, named after its subject; each holds the
lesson's ``KEY`` (its exercises, answered by the core when checked), ``check`` and the
widgets the lesson shows. :mod:`.key` is what they share.
"""

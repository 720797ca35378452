"""Calculators for a static web page, running the real core in the reader's browser.

``bluffmath embed CALCULATOR -o DIR`` writes a page (plain HTML form controls and a small
script), a wheel of the core, and, with ``--pyodide PATH``, a copy of Pyodide; the page
loads Pyodide, installs the wheel and calls :mod:`bluffmath.embed.calculators`, so that no
mathematics is written twice. How-to: ``docs/how-to/embed-calculator.md``.

==========================================  ==============================================
:mod:`bluffmath.embed.calculators`          the calculators by name; what the page calls
:mod:`bluffmath.embed.forms`                fields, reading the form's text, the answer
``hochstapler_odds``, ``gauner_grid``,      one module per calculator
``hoax_identities``, ``muenchhausen_card``
:mod:`bluffmath.embed.wheel`                a wheel of the core, written from its files
:mod:`bluffmath.embed.site`                 the pages, the script, the blog snippet
==========================================  ==============================================
"""

"""Calculators for a static web page, running the real core in the reader's browser.

``bluffmath embed CALCULATOR -o DIR`` writes a page (plain HTML form controls, a small
script, and the answer for the form's own values, computed by the core as the page is
written), a worker script, a wheel of the core, and, with ``--pyodide PATH``, a copy of
Pyodide. The page shows its written answer at once; its worker loads Pyodide off the page's
thread, installs the wheel and calls :mod:`bluffmath.embed.calculators` (first to check the
written answer), so that no mathematics is written twice and the page never freezes.
How-to: ``docs/how-to/embed-calculator.md``.

==========================================  ==============================================
:mod:`bluffmath.embed.calculators`          the calculators by name; what the page calls
:mod:`bluffmath.embed.forms`                fields, reading the form's text, the answer
``hochstapler_odds``, ``gauner_grid``,      one module per calculator
``hoax_identities``, ``muenchhausen_card``
:mod:`bluffmath.embed.wheel`                a wheel of the core, written from its files
:mod:`bluffmath.embed.site`                 the pages, the script, the blog snippet
==========================================  ==============================================
"""

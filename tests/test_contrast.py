"""Every text colour the widgets' sources set is readable: WCAG AA, a contrast of 4.5:1.

The widgets' Python sources (and the core's HTML report they show) are read as text (their
string literals, f-strings included): a string that sets a text ``color`` and a
``background`` together is checked as that pair, a text colour alone against white (the
page's background), and a background alone (a button's ``button_color``, an ``rgba(...)``
heat map at every opacity) against the default widget text colour. Colours a game keeps
in a table of (background, text) pairs, such as Hochstapler's cards, are checked from the
module itself.

The formula is WCAG 2.2's (relative luminance of linearised sRGB; ratio (L1 + 0.05) /
(L2 + 0.05)), tested on pairs whose ratios are published. A colour that fails would be
listed in :data:`KNOWN_OFFENDERS` (empty: none fails): the test fails for any other failing
colour, and for a listed one that passes (then delete its line).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
WIDGETS = ROOT / "widgets"
#: The core's modules that write HTML a widget shows (the Gauner solver's heat map).
REPORTS = (ROOT / "bluffmath" / "gauner" / "report.py",)
AA = 4.5  # normal text; large text (24 px, or 18.66 px bold) needs 3
WHITE = (255, 255, 255, 1.0)
#: The text colour of ipywidgets' controls in a light page: ``--jp-widgets-color``,
#: ``--jp-content-font-color1`` = ``rgba(0, 0, 0, 0.87)``.
WIDGET_TEXT_CSS = "rgba(0, 0, 0, 0.87)"

#: Colours in the widgets' files (and the core's HTML reports they show) that fail AA today: (file, text, background) with
#: each colour as written in the source. The lead empties this list as they are fixed.
KNOWN_OFFENDERS: frozenset[tuple[str, str, str]] = frozenset()

Colour = tuple[int, int, int, float]


def parse_colour(text: str) -> Colour:
    """``#rgb``, ``#rrggbb``, ``#rrggbbaa``, ``rgb(r, g, b)`` or ``rgba(r, g, b, a)`` as
    (r, g, b, alpha).

    >>> parse_colour("#777"), parse_colour("rgba(30, 100, 220, 0.5)")
    ((119, 119, 119, 1.0), (30, 100, 220, 0.5))
    """
    text = text.strip().lower()
    if text.startswith("#"):
        digits = text[1:]
        if len(digits) in (3, 4):
            digits = "".join(d * 2 for d in digits)
        if len(digits) not in (6, 8) or not re.fullmatch(r"[0-9a-f]+", digits):
            raise ValueError(f"not a hex colour: {text!r}")
        alpha = int(digits[6:], 16) / 255 if len(digits) == 8 else 1.0
        return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16), alpha
    match = re.fullmatch(r"rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+))?\s*\)", text)
    if not match:
        raise ValueError(f"not a colour: {text!r}")
    r, g, b, a = match.groups()
    return round(float(r)), round(float(g)), round(float(b)), 1.0 if a is None else float(a)


def over(top: Colour, bottom: Colour) -> Colour:
    """``top`` painted over ``bottom`` (alpha compositing), opaque when ``bottom`` is."""
    a = top[3] + bottom[3] * (1 - top[3])
    if a == 0:
        return 0, 0, 0, 0.0
    mix = [(t * top[3] + b * bottom[3] * (1 - top[3])) / a for t, b in zip(top[:3], bottom[:3], strict=True)]
    return mix[0], mix[1], mix[2], a  # type: ignore[return-value]


def luminance(colour: Colour) -> float:
    """WCAG's relative luminance of an opaque colour, 0 (black) to 1 (white)."""
    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(text: Colour, background: Colour) -> float:
    """WCAG's contrast ratio of ``text`` over ``background`` (a see-through background
    lies on white, see-through text on its background), from 1 to 21.

    >>> round(contrast(parse_colour("#000"), parse_colour("#fff")), 2)
    21.0
    """
    ground = over(background, WHITE)
    lighter, darker = sorted((luminance(over(text, ground)), luminance(ground)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


# --- the formula, on published pairs -------------------------------------------------

@pytest.mark.parametrize(("text", "background", "ratio"), [
    ("#000000", "#ffffff", 21.0),
    ("#ffffff", "#ffffff", 1.0),
    ("#777777", "#ffffff", 4.48),   # the grey that just fails AA, cited by WebAIM
    ("#767676", "#ffffff", 4.54),   # the lightest grey that passes on white
    ("#595959", "#ffffff", 7.0),    # AAA's threshold grey
    ("#0000ff", "#ffffff", 8.59),
    ("#ff0000", "#ffffff", 4.0),
    ("#008000", "#ffffff", 5.14),
])
def test_the_formula_gives_the_published_ratios(text: str, background: str, ratio: float) -> None:
    assert round(contrast(parse_colour(text), parse_colour(background)), 2) == ratio


def test_luminance_is_exact_at_the_ends() -> None:
    assert luminance((0, 0, 0, 1.0)) == 0
    assert luminance((255, 255, 255, 1.0)) == pytest.approx(1, abs=1e-12)
    # One sRGB step below the knee is linear: 10/255/12.92.
    assert luminance((10, 10, 10, 1.0)) == pytest.approx(float(Fraction(10, 255) / Fraction(1292, 100)))


def test_see_through_colours_lie_on_what_is_below() -> None:
    half_black = parse_colour("rgba(0, 0, 0, 0.5)")
    assert over(half_black, WHITE)[:3] == (127.5, 127.5, 127.5)
    assert contrast(half_black, WHITE) == pytest.approx(contrast((127.5, 127.5, 127.5, 1.0), WHITE))  # type: ignore[arg-type]
    assert contrast(WHITE, (0, 0, 0, 0.0)) == pytest.approx(1)  # a clear background is the white page


channel = st.integers(0, 255)
opaque = st.tuples(channel, channel, channel, st.just(1.0))


@given(opaque, opaque)
def test_contrast_is_symmetric_and_between_1_and_21(a: Colour, b: Colour) -> None:
    assert contrast(a, b) == pytest.approx(contrast(b, a))
    assert 1 <= contrast(a, b) <= 21 + 1e-9
    assert contrast(a, a) == pytest.approx(1)


@given(channel, channel)
def test_darker_text_on_white_has_more_contrast(a: int, b: int) -> None:
    lo, hi = sorted((a, b))
    assert contrast((lo, lo, lo, 1.0), WHITE) >= contrast((hi, hi, hi, 1.0), WHITE)


# --- the colours in the widgets' sources ---------------------------------------------

COLOUR = r"(#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\))"
TEXT = re.compile(r"(?<![-\w])color\s*:\s*" + COLOUR)
BACKGROUND = re.compile(r"background(?:-color)?\s*:\s*" + COLOUR)
RUNTIME_BACKGROUND = re.compile(r"background(?:-color)?\s*:\s*\{\.\.\.\}")


def constants(tree: ast.Module) -> dict[str, str]:
    """The module's top-level string constants (``TEXT = "#1a1a1a"``), by name."""
    found = {}
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) and node.value else []
        value = getattr(node, "value", None)
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            found.update((t.id, value.value) for t in targets if isinstance(t, ast.Name))
    return found


def strings(tree: ast.Module) -> Iterator[tuple[int, str, bool]]:
    """(line, text, is a button's colour) for each string literal. In an f-string a
    module constant's name becomes its value, any other value ``{...}``."""
    names = constants(tree)
    buttons = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign)
               and any(isinstance(t, ast.Attribute) and t.attr == "button_color" for t in node.targets)}
    inside = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in node.values}

    def shown(part: ast.expr) -> str:
        if isinstance(part, ast.Constant):
            return str(part.value)
        value = part.value if isinstance(part, ast.FormattedValue) else part
        return names.get(value.id, "{...}") if isinstance(value, ast.Name) else "{...}"

    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            yield node.lineno, "".join(map(shown, node.values)), id(node) in buttons
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in inside:
            yield node.lineno, node.value, id(node) in buttons


def opacities(colour: str) -> list[str]:
    """A colour, or, for ``rgba(r,g,b,{...})`` whose opacity is computed, one at each 5 %."""
    if "{...}" not in colour:
        return [colour]
    return [colour.replace("{...}", str(a / 20)) for a in range(21)]


def source_pairs(path: Path) -> Iterator[tuple[int, str, str]]:
    """(line, text, background) for every text colour set in ``path``'s strings, and for
    every button colour (under the widgets' default text)."""
    for line, text, button in strings(ast.parse(path.read_text(encoding="utf-8"))):
        if button:
            if re.fullmatch(COLOUR, text.strip()):
                yield line, WIDGET_TEXT_CSS, text.strip()
            continue
        # A colour and a background count together only when they style one element (a
        # tag's style, or one CSS rule); a text colour alone lies on the white page.
        for element in re.split(r"<(?=[a-zA-Z])|(?<!\.\.\.)\}", text):
            grounds = BACKGROUND.findall(element)
            if not grounds and RUNTIME_BACKGROUND.search(element):
                continue  # a background chosen at run time: the browser test sees it
            for colour in TEXT.findall(element):
                for ground in grounds or ["#ffffff"]:
                    yield line, colour, ground


def widget_sources() -> list[Path]:
    return [*sorted(WIDGETS.rglob("*.py")), *REPORTS]


def offenders() -> dict[tuple[str, str, str], tuple[int, float]]:
    """Every failing (file, text, background) in the sources, with a line and the worst ratio."""
    found: dict[tuple[str, str, str], tuple[int, float]] = {}
    for path in widget_sources():
        for line, text, ground in source_pairs(path):
            if "{...}" in text:
                continue  # a text colour chosen at run time: checked where it is chosen
            ratio = min(contrast(parse_colour(text), parse_colour(g)) for g in opacities(ground))
            if ratio < AA:
                key = (path.relative_to(ROOT).as_posix(), text, ground)
                found.setdefault(key, (line, ratio))
    return found


def test_the_scan_finds_colours_in_each_kind_of_string(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'a = \'<span style="color: #777;">x</span>\'\n'
        'TEXT = "#1a1a1a"\n'
        'b = f\'<td style="background: {bg}; color: #777"><th style="color: {TEXT}">\'\n'
        'c = f\'<div style="background-color: #fbc02d; color: #000;">{x}</div><i style="color: #555">\'\n'
        'button.style.button_color = "#e8e8e8"\n'
        'button.style.button_color = f"rgba(30,100,220,{p})"\n'
        'd = "border-color: #ccc; background: #eee"\n'
        'e = ".a{background:#eee;color:#777 !important}.b{color:#111}"\n',
        encoding="utf-8")
    assert sorted(source_pairs(sample)) == [
        (1, "#777", "#ffffff"),
        (3, "#1a1a1a", "#ffffff"),   # not the #777 on a background chosen at run time
        (4, "#000", "#fbc02d"),
        (4, "#555", "#ffffff"),
        (5, WIDGET_TEXT_CSS, "#e8e8e8"),
        (6, WIDGET_TEXT_CSS, "rgba(30,100,220,{...})"),
        (8, "#111", "#ffffff"),
        (8, "#777", "#eee"),
    ]


def test_the_scan_reads_the_widgets() -> None:
    assert len(widget_sources()) >= 10
    assert ("widgets/common.py", "#b00020", "#ffffff") in {
        (p.relative_to(ROOT).as_posix(), t, g) for p in widget_sources() for _, t, g in source_pairs(p)}


def test_the_common_colours_pass_aa() -> None:
    pairs = list(source_pairs(WIDGETS / "common.py"))
    assert pairs
    for line, text, ground in pairs:
        assert contrast(parse_colour(text), parse_colour(ground)) >= AA, (line, text, ground)


def test_every_text_colour_in_the_widgets_passes_aa_or_is_a_known_offender() -> None:
    found = offenders()
    new = {k: v for k, v in found.items() if k not in KNOWN_OFFENDERS}
    assert not new, "text below 4.5:1 (file, text, background): (line, ratio): " + repr(new)


def test_every_known_offender_still_fails() -> None:
    """A colour fixed in its file leaves :data:`KNOWN_OFFENDERS`: delete its entry."""
    fixed = KNOWN_OFFENDERS - set(offenders())
    assert not fixed, f"these now pass (or are gone): remove them from KNOWN_OFFENDERS: {fixed}"


def test_the_hochstapler_cards_are_readable() -> None:
    """The cards' (background, text) pairs, from the table that holds them."""
    from bluffmath_widgets.hochstapler import CARD_COLOURS

    assert len(CARD_COLOURS) == 7
    failing = {colour: round(contrast(parse_colour(text), parse_colour(background)), 2)
               for colour, (background, text) in CARD_COLOURS.items()
               if contrast(parse_colour(text), parse_colour(background)) < AA}
    assert not failing, f"card colours below 4.5:1: {failing}"


def test_the_common_page_style_makes_ipywidgets_colours_readable() -> None:
    """:data:`~bluffmath_widgets.common.READABLE_CSS`: white on each button colour it sets,
    and a disclosure's title (a toggle button: ipywidgets' dark text on its #eee) styled as a title."""
    from bluffmath_widgets.common import READABLE_CSS, Panel

    buttons = re.findall(r"\.mod-(\w+) \{ background-color: (#[0-9a-f]{6}); \}", READABLE_CSS)
    assert {b for b, _ in buttons} == {"success", "info", "warning"}
    for name, ground in buttons:
        assert contrast(WHITE, parse_colour(ground)) >= AA, name
    assert ".bm-disclosure > .jupyter-button" in READABLE_CSS
    assert contrast(parse_colour("rgba(0, 0, 0, 0.87)"), parse_colour("#eeeeee")) >= AA
    # ipywidgets' own: the grey title and white on the green button fail.
    assert contrast(parse_colour("rgba(0, 0, 0, 0.54)"), parse_colour("#eeeeee")) < AA
    assert contrast(WHITE, parse_colour("#388e3c")) < AA
    panel = Panel([], [])
    assert panel.children[-1] is panel.page_style
    assert READABLE_CSS in panel.page_style.value

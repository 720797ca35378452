"""The rules card every widget carries: one per game, closed until clicked, and its numbers
agree with the rules the core plays by."""

from __future__ import annotations

import re

import pytest

from bluffmath.errors import BluffmathError
from bluffmath.gauner.grid import COLOURS, HAND_SIZE, LETTERS
from bluffmath.hoax.roles import ORIGINAL
from bluffmath.hochstapler.rules import COLOURS as H_COLOURS
from bluffmath.hochstapler.rules import PILE
from bluffmath.muenchhausen.rules import values
from bluffmath_widgets.rules import RULES, rules_card


def _text(game: str) -> str:
    return re.sub(r"<[^>]+>", "", " ".join(RULES[game]))


@pytest.mark.parametrize("game", sorted(RULES))
def test_a_card_starts_closed_and_opens_on_a_click(game: str) -> None:
    card = rules_card(game)
    assert card.selected_index is None
    assert card.get_title(0).startswith("Rules of ")
    card.toggle.value = True  # what a press does
    assert card.selected_index == 0
    assert card.body.layout.display is None
    assert "<li>" in card.body.value


def test_the_hochstapler_card_lists_a_colour_as_the_core_deals_it() -> None:
    cards = [v for v, n in sorted(PILE.items()) for _ in range(n)]
    assert ", ".join(map(str, cards)) in _text("hochstapler")
    assert f"{len(H_COLOURS)} colours of {len(cards)} cards" in _text("hochstapler")
    assert f"({sum(cards)} in each colour)" in _text("hochstapler")


def test_the_gauner_card_has_the_grid_and_hand_sizes_of_the_core() -> None:
    text = _text("gauner")
    assert f"{len(COLOURS) * len(LETTERS)} cards: {len(COLOURS)} colours × {len(LETTERS)} letters" in text
    assert f"{HAND_SIZE[2]}, {HAND_SIZE[3]} or {HAND_SIZE[4]} cards" in text


def test_the_hoax_card_names_every_role_of_the_original_deck() -> None:
    for role in ORIGINAL.roles:
        assert role in _text("hoax")


def test_the_muenchhausen_card_has_the_values_the_core_deals() -> None:
    few, many = values(5), values(6)  # the smaller hand starts at 6 players
    assert few != many
    assert f"each value {few[0]} to {few[-1]} ({many[0]} to {many[-1]} with 6 or more players)" in _text("muenchhausen")


def test_an_unknown_game_is_refused_with_the_choices() -> None:
    with pytest.raises(BluffmathError, match="gauner, hoax, hochstapler, muenchhausen"):
        rules_card("Hochstapler ")

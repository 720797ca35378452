"""The Hoax widgets, headless: the sheet and the practice table driven through their
controls, every number shown compared with :func:`bluffmath.hoax.deduce` computed here."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from html import unescape

import pytest

from bluffmath.display import exact, percent
from bluffmath.hoax import BluffModel, Case, Claim, ConflictError, Holds, IsNot, deduce
from bluffmath.hoax.practice import Practice
from bluffmath.hoax.report import bayes_html
from bluffmath.limits import MAX_SEED
from bluffmath_widgets.hoax import FACT_KINDS, HoaxPractice, HoaxSheet

CELL = re.compile(r"<td class='bm-hoax-cell' data-player='(\d+)' data-role='(\w+)' data-p='([\d/]+)'")
SHOWN = re.compile(r"<td class='bm-hoax-cell' data-player='(\d+)' data-role='(\w+)'[^>]*>"
                   r"<span class='bm-hoax-frac'>([^<]*)</span> <span class='bm-hoax-pct'>\(([^<]*)\)</span></td>")


def cells(html: str) -> dict[tuple[int, str], Fraction]:
    """The exact fraction of every cell of a sheet, from its data attributes."""
    found = {(int(p), role): Fraction(q) for p, role, q in CELL.findall(html)}
    assert found, "no sheet in the HTML"
    return found


def shown_numbers(html: str) -> dict[tuple[int, str], tuple[str, str]]:
    """The text every cell shows: its fraction and, beside it, its percentage."""
    return {(int(p), role): (q, pct) for p, role, q, pct in SHOWN.findall(html)}


def expected(case: Case) -> dict[tuple[int, str], Fraction]:
    d = deduce(case)
    return {(p, role): d.probability(p, role) for p in range(case.players) for role in case.edition.roles}


def add(sheet: HoaxSheet, player: int, kind: str, role: str) -> None:
    """Record a fact as a person does: the three dropdowns, then the add button."""
    sheet.player.value, sheet.kind.value, sheet.role.value = player, kind, role
    sheet.add_button.click()


def log_lines(sheet_or_game) -> list[str]:
    return [unescape(re.sub("<[^>]+>", "", item))
            for item in re.findall(r"<li>(.*?)</li>", sheet_or_game.history.value)]


NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


def test_facts_recorded_through_the_controls_give_the_cores_numbers():
    sheet = HoaxSheet(players=5, my_role="Thief", names=NAMES)
    facts = [Holds(0, "Thief", "own card")]
    steps = [(1, "spoke as", "King", Claim(1, "King")),
             (2, "spoke as", "King", Claim(2, "King")),
             (3, "kept silent as", "King", Claim(3, "King", False)),
             (1, "is not (bought information)", "Wizard", IsNot(1, "Wizard", "bought")),
             (2, "is not (successful challenge)", "King", IsNot(2, "King", "challenge")),
             (4, "is (accused correctly)", "Peasant", Holds(4, "Peasant", "accused")),
             (3, "is not (accused wrongly)", "Judge", IsNot(3, "Judge", "accused"))]
    for player, kind, role, fact in steps:
        add(sheet, player, kind, role)
        facts.append(fact)
        case = Case("original", 5, tuple(facts), BluffModel(), NAMES)
        assert sheet.message.value == ""
        assert sheet.case == case
        assert cells(sheet.grid.value) == expected(case)
        assert shown_numbers(sheet.grid.value) == {cell: (exact(p), percent(p)) for cell, p in expected(case).items()}
    assert log_lines(sheet) == [f"{NAMES[f.player]} {str(f).split(' ', 2)[2]}" for f in facts]
    assert log_lines(sheet)[1] == "Bo spoke as the King"


def test_every_kind_of_fact_the_dropdown_offers():
    made = {kind: make(1, "Vicar") for kind, make in FACT_KINDS.items()}
    assert made["spoke as"] == Claim(1, "Vicar", True)
    assert made["kept silent as"] == Claim(1, "Vicar", False)
    assert made["is (revealed)"] == Holds(1, "Vicar", "revealed")
    assert made["is (my own card)"] == Holds(1, "Vicar", "own card")
    assert {f.how for f in made.values() if isinstance(f, IsNot)} == {"bought", "challenge", "covered", "accused"}


def test_details_show_the_bayes_table_the_counting_and_the_odds_of_a_cell():
    sheet = HoaxSheet(players=4, my_role="Wizard")
    add(sheet, 1, "spoke as", "Wizard")
    add(sheet, 2, "spoke as", "Wizard")
    d = deduce(sheet.case)
    sheet.detail_player.value, sheet.detail_role.value = 2, "Wizard"
    assert sheet.bayes.value == bayes_html(d.table(2))
    details = unescape(sheet.details.value)
    assert d.explain(2, "Wizard") in details
    assert f"a lie with P = <b>{d.lie(2, 'Wizard')}</b>" in details
    assert f"succeeds with P = <b>{d.accusation_succeeds(2, 'Wizard')}</b>" in details
    assert d.lie(2, "Wizard") == Fraction(13, 17)


def test_undo_drops_the_last_fact_and_says_when_there_is_none():
    sheet = HoaxSheet(players=3, my_role="King")
    first = sheet.grid.value
    add(sheet, 1, "spoke as", "Judge")
    assert sheet.grid.value != first
    sheet.undo_button.click()
    assert sheet.grid.value == first
    assert sheet.case.facts == (Holds(0, "King", "own card"),)
    sheet.undo_button.click()
    assert sheet.case.facts == ()
    assert cells(sheet.grid.value)[0, "King"] == Fraction(1, 6)
    sheet.undo_button.click()
    assert "there is no fact to undo" in sheet.message.value
    add(sheet, 2, "is (revealed)", "Thief")
    assert sheet.message.value == ""
    assert cells(sheet.grid.value)[2, "Thief"] == 1


def test_a_conflicting_fact_is_refused_and_the_sheet_keeps_working():
    sheet = HoaxSheet(players=4, my_role="King", names=("Ann", "Bo", "Cy", "Di"))
    add(sheet, 1, "is (revealed)", "King")
    before = sheet.grid.value
    add(sheet, 2, "is (revealed)", "King")
    message = unescape(sheet.message.value)
    assert "no deal of the cards fits these facts together" in message
    assert "Bo is the King (shown to all)" in message
    assert "Cy is the King (shown to all)" in message
    assert len(sheet.case.facts) == 2
    assert sheet.grid.value == before
    with pytest.raises(ConflictError):
        sheet.record(IsNot(1, "King", "bought"))
    add(sheet, 2, "spoke as", "Vicar")
    assert sheet.message.value == ""
    assert cells(sheet.grid.value) == expected(sheet.case)
    assert sheet.case.facts[-1] == Claim(2, "Vicar")


def test_the_bluffing_model_is_read_exactly_and_bad_text_is_explained():
    sheet = HoaxSheet(players=4, my_role="Judge")
    add(sheet, 1, "spoke as", "King")
    add(sheet, 2, "kept silent as", "King")
    facts = sheet.case.facts
    sheet.honest.value, sheet.bluff.value = "9/10", "1/3"
    case = Case("original", 4, facts, BluffModel(Fraction(9, 10), Fraction(1, 3)))
    assert cells(sheet.grid.value) == expected(case)
    sheet.bluff.value = "0.25"  # a decimal string is an exact fraction: 1/4
    assert sheet.case.model.bluff == Fraction(1, 4)
    sheet.bluff.value = "1/0"
    assert "bluff must be an exact probability" in sheet.message.value
    assert sheet.grid.value == ""
    assert sheet.deduction is None
    assert "spoke as the King" in sheet.history.value  # the facts stay in view
    sheet.bluff.value = "king=1/2, Thief=1/8"
    case = Case("original", 4, facts, BluffModel(Fraction(9, 10), {"King": Fraction(1, 2), "Thief": Fraction(1, 8)}))
    assert sheet.message.value == ""
    assert cells(sheet.grid.value) == expected(case)
    sheet.honest.value = "3/2"
    assert "honest must be from 0 to 1, got 3/2" in sheet.message.value


def test_save_and_load_round_trip():
    sheet = HoaxSheet(edition="german", players=5, my_role="Merchant", names=("A", "B", "C", "D", "E"))
    add(sheet, 1, "is not (covered role)", "Thief")
    add(sheet, 3, "spoke as", "Merchant")
    sheet.bluff.value = "Merchant=1/2, King=1/5"
    sheet.save_button.click()
    saved = sheet.save_text.value
    assert Case.from_json(saved) == sheet.case
    other = HoaxSheet()
    other.save_text.value = saved
    other.load_button.click()
    assert other.message.value == ""
    assert other.case == sheet.case
    assert other.grid.value == sheet.grid.value
    assert (other.edition.value, other.players.value, other.names.value) == ("german", 5, "A, B, C, D, E")
    assert other.save() == saved


def test_a_bad_or_impossible_saved_sheet_is_refused_and_nothing_changes():
    sheet = HoaxSheet(players=4)
    add(sheet, 2, "spoke as", "Vicar")
    before = sheet.case
    sheet.save_text.value = '{"format": "something else"}'
    sheet.load_button.click()
    assert 'the saved sheet is a JSON object with "format": "bluffmath-hoax"' in unescape(sheet.message.value)
    assert sheet.case == before
    impossible = before.keeping([Holds(0, "King", "own card"), IsNot(0, "King", "bought")]).dumps()
    sheet.save_text.value = impossible
    sheet.load_button.click()
    assert "no deal of the cards fits" in sheet.message.value
    assert sheet.case == before
    assert cells(sheet.grid.value) == expected(before)

    with_comma = Case("original", 3, (), BluffModel(), ("Smith, J", "Bo", "Cy")).dumps()
    sheet.save_text.value = with_comma
    sheet.load_button.click()
    assert "none may hold one" in sheet.message.value
    assert sheet.case == before


def test_the_setup_fields_names_escaped_and_editions():
    sheet = HoaxSheet(players=3, my_role=None)
    sheet.names.value = "<b>Ann</b>, Bo, Cy"
    assert "&lt;b&gt;Ann&lt;/b&gt;" in sheet.grid.value
    assert "<b>Ann</b>" not in sheet.grid.value
    assert [label for label, _ in sheet.player.options] == ["<b>Ann</b>", "Bo", "Cy"]
    add(sheet, 0, "spoke as", "Wizard")
    assert "&lt;b&gt;Ann&lt;/b&gt;" in sheet.history.value
    sheet.names.value = "Ann, Bo"  # too few names: the others keep their numbers
    assert sheet.message.value == ""
    assert sheet.case.names == ("Ann", "Bo", "player 2")
    sheet.names.value = "Ann, Bo, Bo"
    assert "&#x27;Bo&#x27; and &#x27;Bo&#x27; are the same name" in sheet.message.value
    sheet.names.value = ""
    assert sheet.message.value == ""
    assert list(sheet.players.options) == [3, 4, 5, 6]  # the counts the edition is played with
    sheet.edition.value = "german"
    assert list(sheet.players.options) == [4, 5, 6, 7, 8]
    assert sheet.players.value == 4
    sheet.players.value = 8
    assert sheet.message.value == ""
    assert [role for role, _ in sheet.role.options][-1] == "Merchant"
    add(sheet, 7, "is (revealed)", "Merchant")
    assert cells(sheet.grid.value) == expected(Case("german", 8, (Claim(0, "Wizard"), Holds(7, "Merchant"))))


# --- practice ---------------------------------------------------------------------------

def test_a_practice_game_to_the_end_with_accusations_and_the_truth_shown():
    game = HoaxPractice(players=4, seed=5, buys=2)
    mirror = Practice.new("original", 4, BluffModel(), seed=5, buys=2)
    assert cells(game.grid.value) == expected(mirror.case)
    assert game.truth.value == ""
    for _ in range(3):
        game.occasion_button.click()
        mirror = mirror.occasion()
        assert cells(game.grid.value) == expected(mirror.case)
    game.target.value = 2
    game.buy_button.click()
    mirror = mirror.buy(2)
    assert game.practice == mirror
    assert "purchases of information left: 1" in game.status.value
    assert len(log_lines(game)) == len(mirror.case.facts)
    for bot in (1, 2, 3):  # right every time: each is out, and I win
        game.target.value, game.role.value = bot, mirror.truth[bot]
        game.accuse_button.click()
        mirror = mirror.accuse(bot, mirror.truth[bot])
        assert game.message.value == ""
        assert cells(game.grid.value)[bot, mirror.truth[bot]] == 1
    assert game.practice.over
    assert "you found everyone: you win" in game.status.value
    shown = dict(re.findall(r"<td data-player='(\d)'>(\w+)</td>", game.truth.value))
    assert shown == {str(p): role for p, role in enumerate(mirror.truth)}
    assert all(b.disabled for b in (game.occasion_button, game.buy_button, game.accuse_button))


def test_illegal_practice_moves_are_explained_inline_and_the_game_goes_on():
    game = HoaxPractice(players=3, seed=1, buys=0)
    game.target.value, game.role.value = 1, "King"
    game.challenge_button.click()
    assert "player 1 has not spoken as the King" in game.message.value
    game.buy_button.click()
    assert "no purchases of information left" in game.message.value
    before = game.practice
    game.bluff.value = "lots"
    game.new_button.click()
    assert "bluff must be an exact probability" in game.message.value
    assert game.practice == before
    game.occasion_button.click()
    assert game.message.value == ""
    assert game.practice.rounds == 1
    assert cells(game.grid.value) == expected(game.practice.case)


def test_a_wrong_accusation_ends_the_game_and_a_new_game_starts_afresh():
    game = HoaxPractice(players=4, seed=2)
    wrong = next(r for r in game.practice.case.edition.roles if r != game.practice.truth[1])
    game.target.value, game.role.value = 1, wrong
    game.accuse_button.click()
    assert game.practice.over
    assert f"player 1 is not the {wrong}: a wrong accusation, you are out" in unescape(game.status.value)
    assert "bm-hoax-truth" in game.truth.value
    game.occasion_button.click()
    assert "the practice game is over" in game.message.value
    game.edition.value, game.players.value, game.seed.value = "german", 6, "9"
    game.new_button.click()
    assert game.message.value == ""
    assert not game.practice.over
    assert game.practice == Practice.new("german", 6, BluffModel(), seed=9)
    assert [label for label, _ in game.target.options] == [f"player {p}" for p in range(1, 6)]
    assert cells(game.grid.value) == expected(game.practice.case)
    assert game.truth.value == ""


def test_a_bought_look_shows_the_role_it_revealed_until_the_next_move():
    game = HoaxPractice(edition="german", players=4, seed=4, buys=9)
    game.target.value = 2
    game.buy_button.click()
    look = game.practice.look
    assert look == game.practice.case.facts[-1]
    assert look.role != game.practice.truth[2]
    shown = re.findall(r"<span class='bm-hoax-look' data-player='(\d)' data-role='(\w+)'>", game.news.value)
    assert shown == [("2", look.role)]
    assert f"player 2 shows you a role they are not: the {look.role}" in unescape(re.sub("<[^>]+>", "", game.news.value))
    assert cells(game.grid.value)[2, look.role] == 0
    for _ in range(len(game.practice.case.edition.roles)):  # until nothing is left to show
        game.buy_button.click()
    assert game.message.value == ""
    assert "player 2 has nothing left to show you: your purchase comes back" in game.news.value
    assert "bm-hoax-look" not in game.news.value
    game.occasion_button.click()
    assert "an occasion for the" in game.news.value


def test_the_practice_names_the_role_each_question_is_about():
    game = HoaxPractice(players=5, seed=7, buys=9)
    mirror = Practice.new("original", 5, BluffModel(), seed=7, buys=9)
    assert "No occasion yet" in game.question.value
    for _ in range(4):
        game.occasion_button.click()
        before = len(mirror.case.facts)
        mirror = mirror.occasion()
        said = mirror.case.facts[before:]
        role = said[0].role
        assert game.role.value == role  # the dropdown for challenge and accuse turns to it
        text = unescape(re.sub("<[^>]+>", "", game.question.value))
        spoke = ", ".join(f"player {c.player}" for c in said if c.spoke) or "nobody"
        silent = ", ".join(f"player {c.player}" for c in said if not c.spoke) or "nobody"
        assert text == (f"This round's question is about the {role}: spoke as the {role}: {spoke}; "
                        f"kept silent: {silent}.")
        game.target.value = 1
        game.buy_button.click()  # the question stays in view after another move
        mirror = mirror.buy(1)
        assert f"data-role='{role}'" in game.question.value


def test_bad_settings_and_saved_sheets_are_explained_in_a_players_words():
    game = HoaxPractice(players=4, seed=1)
    before = game.practice
    for seed in ("0_7", "٣", "-1", "1e3", str(MAX_SEED + 1), ""):
        game.seed.value = seed
        game.new_button.click()
        assert "the seed must be" in game.message.value
        assert game.practice == before
    game.seed.value = str(MAX_SEED)  # the largest seed the core takes
    game.new_button.click()
    assert game.message.value == ""
    assert game.practice == Practice.new("original", 4, BluffModel(), seed=MAX_SEED)
    game.bluff.value = "King=1/2, king=1/3"
    game.new_button.click()
    assert "bluff: the King has two chances" in game.message.value

    sheet = HoaxSheet(players=4)
    good = json.loads(sheet.save())
    for change, words in [
        (lambda d: d["facts"][0].__setitem__("role", "abcd"), "the saved sheet: fact 1's role: \"abcd\" is not allowed"),
        (lambda d: d["facts"][0].__setitem__("Spoke", True), "the saved sheet: fact 1: unknown key \"Spoke\""),
        (lambda d: d["model"].__setitem__("bluff", {"Kng": "1/2"}), "a role in the bluff chances: \"Kng\""),
        (lambda d: d.__setitem__("names", ["A", "a", "B", "C"]), "name 2: \"a\" is another player's name too"),
    ]:
        data = json.loads(json.dumps(good))
        change(data)
        sheet.save_text.value = json.dumps(data)
        sheet.load_button.click()
        message = unescape(sheet.message.value)
        assert words in message
        assert "facts[" not in message
        assert "model." not in message
        assert "bug" not in message
    add(sheet, 1, "spoke as", "Thief")  # and the sheet goes on
    assert sheet.message.value == ""
    assert cells(sheet.grid.value) == expected(sheet.case)


def test_an_edition_change_sets_aside_a_fact_out_of_the_deck_and_brings_it_back():
    sheet = HoaxSheet(edition="german", players=4, my_role="Merchant")
    add(sheet, 1, "spoke as", "King")
    sheet.edition.value = "original"
    assert sheet.message.value == ""
    assert sheet.case.facts == (Claim(1, "King"),)
    assert cells(sheet.grid.value) == expected(Case("original", 4, (Claim(1, "King"),)))
    assert "player 0 is the Merchant (my own card)" in sheet.aside.value
    sheet.edition.value = "german"
    assert sheet.case.facts == (Holds(0, "Merchant", "own card"), Claim(1, "King"))
    assert sheet.aside.value == ""


def test_changing_the_player_count_keeps_the_facts_that_fit_and_never_blanks_the_grid():
    sheet = HoaxSheet(players=5, my_role="Thief", names=NAMES)
    add(sheet, 4, "kept silent as", "King")
    add(sheet, 1, "spoke as", "King")
    add(sheet, 4, "is not (bought information)", "Judge")
    add(sheet, 2, "is not (bought information)", "King")
    sheet.players.value = 4
    kept = (Holds(0, "Thief", "own card"), Claim(1, "King"), IsNot(2, "King", "bought"))
    assert sheet.message.value == ""
    assert sheet.case == Case("original", 4, kept, BluffModel(), NAMES[:4])
    assert cells(sheet.grid.value) == expected(sheet.case)
    aside = unescape(sheet.aside.value)
    assert "Ed kept silent as the King; Ed is not the Judge (bought information)" in aside
    assert [label for label, _ in sheet.player.options] == list(NAMES[:4])
    sheet.players.value = 3
    assert cells(sheet.grid.value) == expected(Case("original", 3, kept, BluffModel(), NAMES[:3]))
    sheet.players.value = 5  # the facts set aside come back, in the order they were recorded
    assert sheet.case.facts == (Holds(0, "Thief", "own card"), Claim(4, "King", False), Claim(1, "King"),
                                IsNot(4, "Judge", "bought"), IsNot(2, "King", "bought"))
    assert sheet.aside.value == ""


def test_a_fact_that_no_longer_fits_any_deal_is_set_aside_and_the_earlier_ones_stay():
    sheet = HoaxSheet(edition="german", players=4, my_role=None)
    roles = ("King", "Judge", "Vicar", "Wizard", "Thief", "Peasant")
    for role in roles:  # not any of these: in the German deck, the Merchant
        add(sheet, 1, "is not (bought information)", role)
    assert cells(sheet.grid.value)[1, "Merchant"] == 1
    sheet.edition.value = "original"  # with no Merchant, the six cannot all be true
    kept = tuple(IsNot(1, r, "bought") for r in roles[:5])
    assert sheet.message.value == ""
    assert sheet.case.facts == kept
    assert cells(sheet.grid.value) == expected(Case("original", 4, kept))
    assert cells(sheet.grid.value)[1, "Peasant"] == 1
    assert "player 1 is not the Peasant" in sheet.aside.value


def test_every_number_is_an_exact_fraction_with_its_percentage_zero_included_on_one_line():
    sheet = HoaxSheet(players=3, my_role="King", names=("Ann", "Bo", "Cy"))
    add(sheet, 1, "is not (bought information)", "Judge")
    shown = shown_numbers(sheet.grid.value)
    assert shown[0, "Judge"] == ("0", "0.0 %")  # zero reads 0, never a blank cell
    assert shown[0, "King"] == ("1", "100.0 %")
    assert shown[2, "Judge"] == ("1/5", "20.0 %")  # Bo holds one of the 9 others: 2 Judges in 10 left
    assert len(shown) == 3 * 6
    cells_html = re.findall(r"<td class='bm-hoax-cell'[^>]*>", sheet.grid.value)
    assert len(cells_html) == 18
    assert all("white-space: nowrap" in c for c in cells_html)
    assert "title=" not in sheet.grid.value  # nothing only on hover
    # a box that scrolls sideways, reached by the keyboard and saying what it holds
    assert ("<div class='bm-hoax-grid-box' tabindex='0' role='region' aria-label='The chance of each player "
            "holding each role' style='overflow-x: auto; max-width: 100%'>") in sheet.grid.value


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a #rrggbb colour."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_every_shade_of_the_grid_keeps_the_text_readable():
    sheet = HoaxSheet(players=4, my_role="King")
    add(sheet, 1, "is (revealed)", "Judge")
    add(sheet, 2, "spoke as", "Wizard")
    pairs = re.findall(r"background: (#[0-9a-f]{6}); color: (#[0-9a-f]{6})", sheet.grid.value)
    assert {bg for bg, _ in pairs} >= {"#ffffff"}
    assert len({bg for bg, _ in pairs}) > 3
    for background, text in pairs:
        light, dark = sorted((luminance(background), luminance(text)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, (background, text)


def test_a_new_sheet_clears_every_fact_and_keeps_the_setup():
    sheet = HoaxSheet(players=4, my_role="Vicar", names=("Ann", "Bo", "Cy", "Di"))
    add(sheet, 2, "kept silent as", "Vicar")
    sheet.bluff.value = "1/3"
    sheet.players.value = 3  # a fact set aside goes too
    sheet.new_sheet_button.click()
    assert sheet.case == Case("original", 3, (), BluffModel(1, Fraction(1, 3)), ("Ann", "Bo", "Cy"))
    assert cells(sheet.grid.value) == {(p, r): Fraction(1, 6) for p in range(3) for r in sheet.case.edition.roles}
    assert "No facts recorded yet" in sheet.history.value
    sheet.players.value = 4
    assert sheet.case.facts == ()
    sheet.undo_button.click()
    assert "there is no fact to undo" in sheet.message.value


def test_a_rules_card_sits_at_the_top_of_the_sheet_and_of_the_practice():
    for widget in (HoaxSheet(), HoaxPractice()):
        card = widget.children[0]
        assert card.get_title(0) == "Rules of Hoax"
        assert "King" in card.body.value


def test_parse_bluff_and_facts_html_check_their_arguments():
    from bluffmath.errors import InvalidInputError
    from bluffmath_widgets.hoax import facts_html, parse_bluff
    with pytest.raises(InvalidInputError, match="one chance such as 1/4"):
        parse_bluff(None, "original")
    with pytest.raises(InvalidInputError, match="the King has two chances"):
        parse_bluff("King=1/2, KING = 1/3", "original")
    with pytest.raises(InvalidInputError, match="facts must be Holds, IsNot and Claim facts"):
        facts_html([Claim(3, "King")], ["Ann", "Bo"])
    with pytest.raises(InvalidInputError, match="facts must be"):
        facts_html(["Ann spoke"], ["Ann"])

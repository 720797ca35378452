"""The Hoax widgets, headless: the sheet and the practice table driven through their
controls, every number shown compared with :func:`bluffmath.hoax.deduce` computed here."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from html import unescape

import pytest

from bluffmath.hoax import BluffModel, Case, Claim, ConflictError, Holds, IsNot, deduce
from bluffmath.hoax.practice import Practice
from bluffmath.hoax.report import bayes_html, sheet_html
from bluffmath.limits import MAX_SEED
from bluffmath_widgets.hoax import FACT_KINDS, HoaxPractice, HoaxSheet

CELL = re.compile(r"<td data-player='(\d+)' data-role='(\w+)' data-p='([\d/]+)'")


def cells(html: str) -> dict[tuple[int, str], Fraction]:
    """The exact fraction of every cell of a sheet, from its data attributes."""
    found = {(int(p), role): Fraction(q) for p, role, q in CELL.findall(html)}
    assert found, "no sheet in the HTML"
    return found


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
        assert sheet.grid.value == sheet_html(deduce(case))
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
    sheet.names.value = "Ann, Bo"
    assert "names must be one per player: 3 names, each different and not blank; got 2 names" in sheet.message.value
    sheet.names.value = ""
    assert sheet.message.value == ""
    sheet.players.value = 8
    assert "players must be a whole number from 3 to 6" in sheet.message.value
    sheet.edition.value = "german"
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


def test_an_edition_change_that_leaves_a_fact_out_of_the_deck_says_which_fact():
    sheet = HoaxSheet(edition="german", players=4, my_role="Merchant")
    sheet.edition.value = "original"
    assert "fact 1: role must be one of King" in sheet.message.value
    assert "facts[" not in sheet.message.value
    sheet.edition.value = "german"
    assert sheet.message.value == ""


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

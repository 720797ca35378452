"""The Hoax table, headless: whole games played through its controls, every number on the
sheet checked against an enumeration of the deals written here, hostile input shown."""

from __future__ import annotations

import itertools
import json
import math
import random
import re
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hoax_rules import thieves_with_no_move

from bluffmath.hoax import BluffModel, Case, Claim, Holds, IsNot, deduce, edition
from bluffmath.hoax.actions import Accuse, Act, Hoax, Pass, Take
from bluffmath.hoax.events import Silent
from bluffmath.hoax.saves import from_json, to_json
from bluffmath_widgets.hoax.table import HoaxTable

CELL = re.compile(r"data-player='(\d+)' data-role='(\w+)' data-p='([0-9/]+)'")


def shown_odds(table: HoaxTable) -> dict[tuple[int, str], Fraction]:
    """Every number on the sheet, read back from the page's HTML."""
    return {(int(p), r): Fraction(q) for p, r, q in CELL.findall(table.odds.value)}


def seen_facts(state, seat: int, silences: bool = False) -> list:
    """What ``seat`` knows: its card and what the events of its view say about the others
    (the silences only if they count)."""
    view = state.view(seat)
    return [Holds(seat, view.card, "own card"),
            *(f for e in view.log if silences or not isinstance(e, Silent) for f in e.facts(seat) if f.player != seat)]


def enumerated(ed_name: str, players: int, facts: list, honest: Fraction, bluff: Fraction) -> dict:
    """P(player holds role) by listing every assignment of roles to seats, each weighted by
    the number of ways to deal it (two cards a role) and the chance of every claim and silence."""
    roles = edition(ed_name).roles
    weight: Counter = Counter()
    total = Fraction(0)
    for deal in itertools.product(roles, repeat=players):
        ways = math.prod(math.perm(2, k) for k in Counter(deal).values())
        w = Fraction(ways)
        for f in facts:
            if isinstance(f, Holds):
                w *= f.role == deal[f.player]
            elif isinstance(f, IsNot):
                w *= f.role != deal[f.player]
            else:
                p = honest if deal[f.player] == f.role else bluff
                w *= p if f.spoke else 1 - p
        total += w
        for seat, role in enumerate(deal):
            weight[seat, role] += w
    return {(seat, role): weight[seat, role] / total for seat in range(players) for role in roles}


def play_to_end(table: HoaxTable, rng: random.Random, check=None, limit: int = 400) -> int:
    """Pick my moves at random through the dropdown and the play button until the game ends."""
    clicks = 0
    while not table.state.is_terminal:
        assert clicks < limit, "the game did not end"
        if check is not None:
            check(table)
        table.moves.value = rng.choice(table.moves.options)[1]
        table.play_button.click()
        assert table.message.value == "", table.message.value
        clicks += 1
    return clicks


def check_against_enumeration(table: HoaxTable) -> None:
    state = table.state
    facts = seen_facts(state, table.me, table.silences.value)
    honest, bluff = Fraction(table.honest.value), Fraction(table.bluff.value)
    assert shown_odds(table) == enumerated(state.game.edition.name, state.players, facts, honest, bluff)


def check_the_truth(table: HoaxTable) -> None:
    """At the end every card is turned over: the sheet shows who held what."""
    state = table.state
    assert state.is_terminal
    assert shown_odds(table) == {(p, r): Fraction(r == card) for p, card in enumerate(state.cards)
                                 for r in state.game.edition.roles}


@pytest.mark.parametrize("seed", range(6))
def test_a_whole_game_shows_the_enumerated_odds_at_every_move(seed):
    table = HoaxTable("original", players=3, seed=seed)
    assert table.honest.value == "1"
    assert table.bluff.value == "1/4"
    assert not table.silences.value
    play_to_end(table, random.Random(seed), check_against_enumeration)
    check_the_truth(table)


@pytest.mark.parametrize("seed", range(4))
def test_silences_count_under_a_model_that_allows_them(seed):
    table = HoaxTable("original", players=4, seed=seed, honest="2/3", bluff="1/5", silences=True)
    play_to_end(table, random.Random(seed), check_against_enumeration)
    check_the_truth(table)


@pytest.mark.parametrize(("ed", "players"), [("original", 4), ("original", 6), ("german", 4), ("german", 8)])
def test_whole_games_end_with_every_card_revealed(ed, players):
    for seed in range(3):
        table = HoaxTable(ed, players=players, seed=seed)

        def check(t: HoaxTable) -> None:
            assert t.state.to_act == t.me
            assert t.end.value == ""
            case = Case(ed, players, seen_facts(t.state, t.me), BluffModel(1, "1/4"))
            d = deduce(case)
            assert shown_odds(t) == {(p, r): d.probability(p, r) for p in range(players)
                                     for r in edition(ed).roles}

        play_to_end(table, random.Random(seed), check)
        state = table.state
        assert table.moves.options == ()
        assert table.play_button.disabled
        assert "class='bm-hoax-end'" in table.end.value
        for seat, card in enumerate(state.cards):
            assert f"{table.names[seat]}: the {card}" in table.end.value
        if state.winner is not None:
            assert f"{table.names[state.winner]} wins" in table.end.value
        assert "the sheet shows who held what" in table.odds.value  # the truth, not the last posterior
        check_the_truth(table)


def test_the_log_speaks_in_names_never_seat_numbers_or_reprs():
    for seed in range(8):
        table = HoaxTable("german", players=5, seed=seed)
        play_to_end(table, random.Random(seed))
        text = table.events.value + table.status.value + table.end.value
        assert "seat " not in text
        assert "Act(" not in text
        assert "None" not in text
        assert "Ann" in table.events.value
        assert "turn 1: " in table.events.value


def test_every_move_label_is_words_and_different():
    for seed in range(6):
        table = HoaxTable("german", players=6, seed=seed)
        rng = random.Random(seed)
        while not table.state.is_terminal:
            labels = [label for label, _ in table.moves.options]
            assert len(set(labels)) == len(labels), labels
            assert not any("(" in label and "=" in label for label in labels), labels
            table.act(rng.choice(table.moves.options)[1])


def test_the_numbers_follow_the_model():
    table = HoaxTable("original", players=4, seed=3)
    while table.state.phase != "turn" and not table.state.is_terminal:
        table.act(table.moves.options[0][1])
    for honest, bluff, silences in (("1", "1/8", False), ("3/4", "King=1/2, Thief=1/3", True), ("0.5", "0", True)):
        with table._hold():
            table.honest.value, table.bluff.value, table.silences.value = honest, bluff, silences
        bluffs = {"King=1/2, Thief=1/3": {"King": "1/2", "Thief": "1/3"}}.get(bluff, bluff)
        case = Case("original", 4, seen_facts(table.state, 0, silences), BluffModel(honest, bluffs))
        d = deduce(case)
        assert table.message.value == ""
        assert shown_odds(table) == {(p, r): d.probability(p, r) for p in range(4) for r in edition("original").roles}


@pytest.mark.parametrize(("field", "text", "words"), [
    ("honest", "2", "honest"), ("honest", "0.3.1", "honest"), ("bluff", "Wizzard=1/2", "did you mean &#x27;Wizard&#x27;"),
    ("bluff", "King=1/2, Thief 1/8", "one per role"), ("bluff", "1e9", "bluff"),
])
def test_a_bad_model_is_said_and_the_table_stays(field, text, words):
    table = HoaxTable("original", players=3, seed=1)
    moves = table.moves.options
    getattr(table, field).value = text
    assert words in table.message.value
    assert "bluffmath-error" in table.message.value
    assert table.odds.value == ""
    assert "bm-hoax-tokens" in table.tokens.value
    assert table.moves.options == moves
    getattr(table, field).value = {"honest": "1/2", "bluff": "1/4"}[field]
    assert table.message.value == ""
    assert "data-p=" in table.odds.value


@pytest.mark.parametrize(("seed", "words"), [("abc", "digits"), ("1e3", "digits"), ("-1", "from 0"),
                                             ("9" * 30, "seed"), ("<b>x</b>", "&lt;b&gt;")])
def test_a_bad_seed_is_said_and_the_game_goes_on(seed, words):
    table = HoaxTable("original", players=3, seed=1)
    before = table.state
    table.seed.value = seed
    table.new_button.click()
    assert words in table.message.value
    assert table.state is before


@pytest.mark.parametrize("bots", ["random", "deducer"])
def test_a_turn_with_no_move_says_so_offers_the_pass_and_the_draw_is_shown(bots):
    table = HoaxTable("original", players=3, seed=0)
    table.bot_kind.value = bots
    table.load(to_json(thieves_with_no_move()))
    assert table.moves.options == (("pass: the rules leave you no other move", Pass()),)
    assert "your turn, but the rules leave you no move: pass (a full round of passes is a draw)." in table.status.value
    assert table.end.value == ""
    table.act(Pass())                                  # Bo, the other Thief, has nothing either
    assert table.message.value == ""
    assert table.state.is_draw
    assert "No winner: every player still in passed in one full round: a draw." in table.end.value
    assert "data-winner=''" in table.end.value
    assert "Ann has no legal move and passes" in table.events.value
    assert "Bo has no legal move and passes" in table.events.value
    assert table.moves.options == ()


def test_a_move_out_of_turn_or_against_the_rules_is_said():
    table = HoaxTable("original", players=3, seed=2)
    before = table.state
    table.act(Pass())
    assert "not allowed now" in table.message.value
    assert table.state is before
    table.act("take gold")
    assert "an action is one of" in table.message.value
    assert table.state is before
    table.act(Take(0))
    assert table.message.value == ""
    play_to_end(table, random.Random(0))
    table.act(Accuse(1, "King"))
    assert "the game is over" in table.message.value
    table.play_button.click()
    assert "the game is over" in table.message.value


def test_save_and_load_go_on_with_the_same_game():
    table = HoaxTable("german", players=5, seed=4)
    rng = random.Random(1)
    for _ in range(3):
        if not table.state.is_terminal:
            table.act(rng.choice(table.moves.options)[1])
    table.save_button.click()
    assert from_json(table.save_text.value) == table.state
    other = HoaxTable("original", players=3, seed=0)
    other.save_text.value = table.save_text.value
    other.load_button.click()
    assert other.message.value == ""
    assert other.state == table.state
    assert (other.edition.value, other.players.value) == ("german", 5)
    assert other.odds.value == table.odds.value


@pytest.mark.parametrize("text", ["not a save", "{}", "[1, 2]", '{"format": "bluffmath-hoax-game", "version": 9}'])
def test_a_bad_save_is_said_in_words_and_nothing_changes(text):
    table = HoaxTable("original", players=3, seed=5)
    before = table.state
    table.save_text.value = text
    table.load_button.click()
    assert "the saved game in the box" in table.message.value
    assert table.state is before


def test_an_edited_save_is_refused():
    table = HoaxTable("original", players=3, seed=6)
    table.save_button.click()
    data = json.loads(table.save_text.value)
    data["deal"] = list(reversed(data["deal"]))
    table.save_text.value = json.dumps(data)
    table.load_button.click()
    assert "bluffmath-error" in table.message.value


def test_a_model_no_deal_fits_is_said():
    """Under honest 1 a holder always speaks when it can: a silence then rules a role out,
    and random bots soon say things no deal fits."""
    for seed in range(40):
        table = HoaxTable("german", players=4, seed=seed, honest="1", bluff="0")
        rng = random.Random(seed)
        while not table.state.is_terminal and "no deal of the cards fits" not in table.message.value:
            table.act(rng.choice(table.moves.options)[1])
        if "no deal of the cards fits" in table.message.value:
            assert table.odds.value == ""
            assert "bm-hoax-tokens" in table.tokens.value
            return
    pytest.fail("no game of 40 said anything the model 1/0 rules out")


def test_names_are_escaped_and_the_setup_follows_the_edition():
    table = HoaxTable("original", players=3, seed=0, names=("<i>A</i>", "Bo", "Cy"))
    assert "&lt;i&gt;A&lt;/i&gt;" in table.tokens.value
    assert "<i>A</i>" not in table.tokens.value
    table.edition.value = "german"
    assert list(table.players.options) == [4, 5, 6, 7, 8]
    assert table.players.value == 4
    table.new_button.click()
    assert table.state.game.edition.name == "german"
    assert table.state.players == 4


def test_controls_wrap_and_never_grow_past_the_page():
    table = HoaxTable()
    for control in (table.edition, table.players, table.bot_kind, table.seed, table.moves, table.honest, table.bluff):
        assert control.layout.max_width == "100%"
    assert "overflow-x: auto" in table.odds.value
    assert "overflow-x: auto" in table.tokens.value
    assert table.children[0].get_title(0) == "Rules of Hoax"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(4, 8), pick=st.randoms(use_true_random=False))
def test_any_seed_plays_to_an_end_and_each_row_sums_to_one(seed, players, pick):
    table = HoaxTable("german", players=players, seed=seed)

    def rows_sum_to_one(t: HoaxTable) -> None:
        odds = shown_odds(t)
        for p in range(players):
            assert sum(q for (who, _), q in odds.items() if who == p) == 1
        for role in edition("german").roles:  # two cards of each role: at most 2 holders
            assert sum(q for (_, r), q in odds.items() if r == role) <= 2
        assert odds[t.me, t.state.cards[t.me]] == 1

    play_to_end(table, pick, rows_sum_to_one)


def test_a_role_shown_to_me_is_ruled_out():
    """Buy looks whenever I can: what was shown to me has probability 0 on my sheet."""
    for seed in range(30):
        table = HoaxTable("original", players=4, seed=seed)
        rng = random.Random(seed)
        while not table.state.is_terminal:
            buys = [a for _, a in table.moves.options if type(a).__name__ == "Buy"]
            table.act(buys[0] if buys else rng.choice(table.moves.options)[1])
            shown = [f for f in seen_facts(table.state, 0) if isinstance(f, IsNot) and f.how == "bought"]
            if shown and not table.state.is_terminal:
                assert all(shown_odds(table)[f.player, f.role] == 0 for f in shown)
                assert "shows Ann: not the" in table.events.value
                return
    pytest.fail("no look was bought in 30 games")


def test_the_bots_claims_are_in_the_log_with_their_names():
    for seed in range(20):
        table = HoaxTable("original", players=4, seed=seed)
        rng = random.Random(seed)
        while not table.state.is_terminal:
            claims = [f for f in seen_facts(table.state, 0) if isinstance(f, Claim) and f.spoke and f.player != 0]
            if claims:
                assert f"{table.names[claims[-1].player]} as the {claims[-1].role}" in table.events.value
                return
            calm = [a for _, a in table.moves.options if not isinstance(a, Accuse)]
            table.act(rng.choice(calm or [a for _, a in table.moves.options]))
    pytest.fail("no bot claimed a role in 20 games")


@pytest.mark.parametrize("bots", ["honest", "bluffer", "deducer"])
def test_every_kind_of_bot_plays_a_game_to_its_end(bots):
    table = HoaxTable("original", players=3, seed=2, bots=bots)
    assert table.bot_kind.value == bots
    assert {type(bot).__name__ for bot in table.bots.values()} == {bots.capitalize() + "Bot"}
    play_to_end(table, random.Random(3))
    assert "class='bm-hoax-end'" in table.end.value


def test_the_german_showdown_is_offered_in_words():
    """Seed 0, deducer bots, and I never lie, doubt or accuse: two of us are left, and I am
    in the showdown; its moves name the other player."""
    table = HoaxTable("german", players=4, seed=0, bots="deducer")
    rng = random.Random(0)
    while table.state.phase != "duel":
        assert not table.state.is_terminal, "the game ended before a showdown"
        calm = [a for _, a in table.moves.options if not isinstance(a, Accuse | Hoax)
                and not (isinstance(a, Act) and a.role != table.state.cards[0])]
        table.act(rng.choice(calm or [a for _, a in table.moves.options]))
    other = next(s for s in range(4) if s != 0 and table.state.alive[s])
    labels = [label for label, _ in table.moves.options]
    assert f"say {table.names[other]} is not the Merchant" in labels
    assert f"accuse {table.names[other]} of being the King" in labels
    name = table.names[other]
    assert re.search(f"showdown: (Ann and {name}|{name} and Ann)", table.events.value)
    play_to_end(table, rng)
    assert "class='bm-hoax-end'" in table.end.value


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"edition": "klingon"}, "edition must be one of original, german"),
    ({"edition": "original", "players": 7}, "players must be a whole number from 3 to 6"),
    ({"bots": "psychic"}, "bots must be one of random, honest, bluffer, deducer"),
    ({"me": 4}, "me must be a whole number from 0 to 3"),
    ({"names": ("Ann", 7)}, "names must be a list of texts"),
])
def test_a_table_set_up_wrongly_says_what_is_allowed(kwargs, words):
    with pytest.raises(ValueError, match=words):
        HoaxTable(**kwargs)


def test_names_given_come_first_and_the_defaults_fill_the_rest():
    table = HoaxTable("german", players=5, names=("Bo", "Zed"))
    assert table.names == ("Bo", "Zed", "Ann", "Cy", "Di")


def test_when_i_answer_a_claim_the_status_names_it():
    table = HoaxTable("original", players=4, seed=3, bots="honest")
    rng = random.Random(1)
    while table.state.phase != "king":
        assert not table.state.is_terminal, "no King's round came to me"
        calm = [a for _, a in table.moves.options if not isinstance(a, Accuse | Hoax)]
        table.act(rng.choice(calm or [a for _, a in table.moves.options]))
    claim = next(e for e in reversed(table.state.log) if type(e).__name__ == "Claimed")
    assert f"The claim in question: {table.names[claim.seat]} as the {claim.role}" in table.status.value
    assert "as the King, call the turn action illegal?" in table.status.value


@pytest.mark.parametrize("ed", ["original", "german"])
def test_my_move_is_always_chosen_so_play_plays_it(ed):
    """'my move' is never blank on my turn: play makes the move shown, never 'not your move'."""
    table = HoaxTable(ed, players=4, seed=3)
    for _ in range(40):
        if table.state.is_terminal:
            break
        assert table.moves.value in table.state.legal_actions()
        before = len(table.state.actions)
        table.play_button.click()
        assert table.message.value == ""
        assert len(table.state.actions) > before


def test_undo_takes_back_my_last_decision_and_the_bots_after_it():
    table = HoaxTable("original", players=4, seed=2)
    assert table.undo_button.disabled
    first = table.state
    table.play_button.click()
    table.play_button.click()
    assert len(table.state.actions) > len(first.actions) + 1
    table.undo_button.click()
    table.undo_button.click()
    assert table.state == first
    assert table.moves.value in table.state.legal_actions()
    table.undo_button.click()
    assert "nothing to undo" in table.message.value
    assert table.state == first

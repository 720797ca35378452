"""The Münchhausen table, headless: whole games played through the widget's controls, and
at every decision of mine the numbers it shows compared with the core's, computed here
from the public log and my hand."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from html import unescape

import pytest

from bluffmath.muenchhausen import (
    MODELS,
    Game,
    HonestBot,
    Knowledge,
    ModelContradicted,
    OddsBot,
    RandomBot,
    card_chances,
    decide,
    explain_decision,
    explain_honest,
    honest_chance,
    load_game,
    offers,
    save_game,
)
from bluffmath.muenchhausen.game import Believe, Doubt, Lay, Name, Offer, Pass, Reward
from bluffmath_widgets.muenchhausen import MuenchhausenTable, action_label

SPAN = re.compile(r"class='(bm-mh-[\w-]+)' data-p='([\d/]+)'")
CARD = re.compile(r"<tr data-card='(\d)'><td>\d</td><td><span class='bm-mh-card-p' data-p='([\d/]+)'")
VALUE = re.compile(r"class='bm-mh-(believe|doubt)' data-value='(-?[\d/]+)'")
CHOICE = re.compile(r"class='bm-mh-choice' data-choice='(\w+)'")
OFFER = re.compile(r"<tr data-value='(\d)' data-backed='(\w+)' data-looks='([\d/]+)' "
                   r"data-believed='(-?[\d/]+)' data-doubted='(-?[\d/]+)'>")
HAND_P = re.compile(r"class='bm-mh-hand-p' data-p='([\d/]+)' data-seat='(\d)'")


def core_knowledge(table: MuenchhausenTable) -> Knowledge:
    state = table.state
    return Knowledge.from_log(state.log, MODELS[table.model.value], me=0, my_hand=state.hands[0])


def check_numbers(table: MuenchhausenTable) -> str:
    """The numbers shown equal the core's; returns the phase checked."""
    state = table.state
    html = table.numbers.value
    try:
        k = core_knowledge(table)
    except ModelContradicted as error:
        reason = str(error)
    else:
        reason = None
    if reason is not None:
        assert table.knowledge is None
        assert "bm-mh-contradicted" in html
        assert reason.replace("'", "&#x27;") in html
        return "contradicted"
    assert table.knowledge == k
    hand = state.hands[0]
    if state.phase == "decide":
        d = decide(k, hand)
        assert {n: Fraction(p) for n, p in SPAN.findall(html) if n == "bm-mh-honest"} == {
            "bm-mh-honest": honest_chance(k)}
        assert {int(c): Fraction(p) for c, p in CARD.findall(html)} == card_chances(k)
        assert {n: Fraction(v) for n, v in VALUE.findall(html)} == {"believe": d.believe, "doubt": d.doubt}
        assert CHOICE.findall(html) == [d.choice]
        assert unescape(re.search(r"<pre class='bm-mh-explain'[^>]*>(.*?)</pre>", html, re.S).group(1)) \
            == explain_honest(k)
        assert unescape(re.search(r"<pre class='bm-mh-explain-decision'[^>]*>(.*?)</pre>", html, re.S).group(1)) \
            == explain_decision(k, hand)
    elif state.phase == "offer":
        values = [a.value for a in state.legal_actions() if isinstance(a, Offer)]
        shown = [(int(v), b == "True", Fraction(lk), Fraction(bl), Fraction(db)) for v, b, lk, bl, db in
                 OFFER.findall(html)]
        assert shown == [(o.value, o.backed, o.looks_honest, o.if_believed, o.if_doubted)
                         for o in offers(k, 0, hand, values)]
    else:
        assert "bm-mh-honest" not in html
        assert "bm-mh-offers" not in html
    # every opponent's top hands: the shown chances are the core's most likely ones
    for seat in range(1, state.players):
        top = list(k.hands(seat).values())[:4]
        assert [Fraction(p) for p, s in HAND_P.findall(table.hands.value) if int(s) == seat] == top
    return state.phase


def play_through(table: MuenchhausenTable, seed: int) -> set[str]:
    """Play to the end by picking random legal moves in the dropdown and pressing play."""
    rng = random.Random(seed)
    checked = set()
    for _ in range(500):
        if table.state.is_terminal:
            break
        assert table.state.to_act == 0
        checked.add(check_numbers(table))
        legal = table.state.legal_actions()
        assert [label for label, _ in table.moves.options] == [action_label(a, table.game.two_player)
                                                               for a in legal]
        table.moves.value = rng.choice(legal)
        before = len(table.state.actions)
        table.play_button.click()
        assert table.message.value == ""
        assert len(table.state.actions) > before
    assert table.state.is_terminal
    assert "The game is over" in table.status.value
    assert table.moves.options == ()
    assert table.play_button.disabled
    return checked


@pytest.mark.parametrize(("players", "bots", "seed"), [
    (2, None, 0),
    (3, None, 1),
    (3, [HonestBot(), RandomBot(seed=5)], 2),
    (5, [OddsBot(), HonestBot(), RandomBot(seed=1), OddsBot()], 3),
])
def test_whole_games_show_the_cores_numbers_at_every_decision(players, bots, seed):
    table = MuenchhausenTable(players=players, bots=bots)
    checked = play_through(table, seed)
    assert {"name", "lay"} <= checked
    if players > 2:
        assert {"offer", "choose", "decide"} <= checked
    # the state shown on the page is the game's
    assert "data-phase='over'" in table.status.value
    for s in range(players):
        assert f"data-score='{table.state.scores[s]}'" in table.seats.value
    assert load_game(table.save()) == table.state


def test_a_decide_phase_in_every_model():
    table = MuenchhausenTable(players=3)
    table.act(Name(2))
    table.act(table.state.legal_actions()[0])
    assert table.state.phase == "decide"
    honest = {}
    for model in MODELS:
        table.model.value = model
        assert check_numbers(table) == "decide"
        honest[model] = honest_chance(table.knowledge)
    assert honest == {"uniform": Fraction(1, 8), "lowest-enough": 1, "random-enough": 1}
    table.model.value = "uniform"
    assert "class='bm-mh-honest' data-p='1/8'" in table.numbers.value


def test_illegal_and_out_of_turn_moves_are_explained_and_the_game_goes_on():
    table = MuenchhausenTable(players=3)
    state = table.state
    table.act(Believe())
    assert "cannot believe now: seat 0 is to name a value" in table.message.value
    assert table.state == state
    assert table.message.layout.display is None
    table.act(Offer(12))
    assert "cannot offer now" in table.message.value
    table.act(Name(12))
    assert "the named value must be a card value from 1 to 8, got 12" in table.message.value
    table.act(Name(3))
    assert table.message.value == ""
    assert table.message.layout.display == "none"
    assert table.state.phase == "choose"
    table.act(Lay(4))
    assert "cannot lay a card now: seat 0 is to choose among the highest offers" in table.message.value
    # out of turn: a state where a bot is to act (as after loading a half-played turn)
    table.state = table.state.choose(1)
    table.act(Doubt())
    assert "it is seat 1&#x27;s turn, not yours (seat 0)" in table.message.value
    table.state = state
    table.refresh()
    table.act(Name(3))
    assert table.message.value == ""
    assert table.state.phase == "choose"


def test_the_game_over_refuses_moves():
    table = MuenchhausenTable(players=2)
    play_through(table, 7)
    end = table.state
    table.play_button.click()
    assert "the game is over: start a new one" in table.message.value
    table.act(Name(3))
    assert "the game is over" in table.message.value
    assert table.state == end
    table.new_button.click()
    assert table.state == Game(2).new_game()
    assert table.message.value == ""


def test_the_model_switch_changes_the_offer_numbers():
    table = MuenchhausenTable(players=3, bots=[HonestBot(), HonestBot()])
    # turns pass until I am to offer
    for _ in range(50):
        if table.state.phase == "offer":
            break
        table.act(table.state.legal_actions()[-1] if table.state.phase != "name" else Name(8))
    assert table.state.phase == "offer"
    assert table.state.to_act == 0
    shown = {}
    for model in ("uniform", "lowest-enough"):
        table.model.value = model
        assert check_numbers(table) == "offer"
        shown[model] = OFFER.findall(table.numbers.value)
    assert shown["uniform"] != shown["lowest-enough"]


def test_save_and_load_round_trip():
    table = MuenchhausenTable(players=4)
    rng = random.Random(3)
    for _ in range(12):
        table.act(rng.choice(table.state.legal_actions()))
    table.save_button.click()
    assert load_game(table.save_text.value) == table.state
    other = MuenchhausenTable(players=3, model="uniform")
    other.save_text.value = table.save_text.value
    other.load_button.click()
    assert other.message.value == ""
    assert other.state == table.state
    assert other.game.players == 4
    assert len(other.bots) == 3
    assert check_numbers(other) in {"name", "offer", "choose", "lay", "decide", "reward", "over"}
    # a damaged save is refused inline; the game shown stays
    other.save_text.value = '{"format": "bluffmath-muenchhausen", "version": 1, "players": 3}'
    other.load_button.click()
    assert "The saved game in the box: keys &quot;rounds&quot;, &quot;actions&quot; missing" in other.message.value
    assert other.state == table.state
    other.save_text.value = save_game(Game(3).new_game().name(5))
    other.load_button.click()   # the bots play on until it is my turn
    assert other.message.value == ""
    assert other.state.to_act == 0
    assert other.game.players == 3


def contradicted_table() -> MuenchhausenTable:
    """A game against random bots where a doubted card contradicts the lowest-enough model."""
    for seed in range(40):
        table = MuenchhausenTable(players=3, bots=[RandomBot(seed=seed), RandomBot(seed=seed + 100)])
        rng = random.Random(seed)
        while not table.state.is_terminal:
            if table.contradiction is not None:
                return table
            legal = table.state.legal_actions()
            table.act(Doubt() if Doubt() in legal else rng.choice(legal))
    raise AssertionError("no contradiction in 40 games")


def test_a_contradicted_model_is_shown_inline_and_the_game_goes_on():
    table = contradicted_table()
    assert table.knowledge is None
    assert "says seat 1" in table.contradiction
    assert "try the uniform model" in table.contradiction
    assert check_numbers(table) == "contradicted"
    assert table.message.value == ""            # no failure: the game goes on
    assert table.moves.options
    assert not table.play_button.disabled
    table.model.value = "uniform"
    assert table.contradiction is None
    assert "bm-mh-contradicted" not in table.numbers.value
    check_numbers(table)
    play_through(table, 1)


def test_bots_and_seats_are_checked():
    with pytest.raises(ValueError, match="one bot for each of the 2 other seats, got 1"):
        MuenchhausenTable(players=3, bots=[OddsBot()])
    with pytest.raises(ValueError, match="me must be"):
        MuenchhausenTable(players=3, me=3)
    assert action_label(Pass()) == "pass"
    assert action_label(Reward(8)) == "lay 8 on my pile"
    assert action_label(Lay(3), two_player=True) == "lay 3 face up"


def test_each_opponents_steps_are_shown():
    table = MuenchhausenTable(players=3)
    for _ in range(12):  # my moves (the last legal one each time); the bots answer
        if table.state.is_terminal:
            break
        table.act(table.state.legal_actions()[-1])
    page = _page(table)
    for seat in (1, 2):
        shown = re.search(rf"<pre class='bm-mh-steps' data-seat='{seat}'[^>]*>(.*?)</pre>", page, re.S)
        assert shown is not None
        assert unescape(shown.group(1)) == table.knowledge.explain(seat)
    assert "lays a card face down" in page


def _page(table: MuenchhausenTable) -> str:
    """Every HTML output of the table, joined."""
    out, todo = [], [table]
    while todo:
        widget = todo.pop()
        value = getattr(widget, "value", None)
        if isinstance(value, str) and "<" in value:
            out.append(value)
        todo.extend(getattr(widget, "children", ()))
    return "".join(out)


def test_a_bad_save_in_the_box_is_explained_in_a_players_words_and_the_table_goes_on():
    import json
    table = MuenchhausenTable(players=3)
    good = table.state
    text = json.loads(save_game(table.state.name(3)))
    for edit, words in [
        (lambda d: d["actions"][0].__setitem__(1, 9), "the value of move 1 must be a whole number from 1 to 8"),
        (lambda d: d["actions"].__setitem__(0, ["shout"]), "move 1: &quot;shout&quot; is not allowed"),
        (lambda d: d["actions"].append(["lay", 1]), "move "),
        (lambda d: d["observations"][0].__setitem__("first", 1), "observation 1 (its first): says 1; the replay shows 0"),
        (lambda d: d.__setitem__("version", True), "version must be a whole number from 1 to 2"),
    ]:
        data = json.loads(json.dumps(text))
        edit(data)
        table.save_text.value = json.dumps(data)
        table.load_button.click()
        shown = table.message.value
        assert "The saved game in the box" in shown
        assert words in shown, shown
        for internal in ("actions[", "observations[", "Münchhausen save", "a bug", "Name(", "State"):
            assert internal not in shown
        assert table.state == good
    table.save_text.value = "{not json"
    table.load_button.click()
    assert "must be JSON text" in table.message.value
    table.act(Name(3))                     # and the table plays on
    assert table.message.value == ""
    assert table.state.phase == "choose"


def test_a_round_with_no_offers_ends_at_the_table():
    """I name 8 and pass whenever I may: with the table's bots the game still ends."""
    table = MuenchhausenTable(players=3, bots=[HonestBot(named=8), HonestBot(named=8)])
    for _ in range(500):
        if table.state.is_terminal:
            break
        legal = table.state.legal_actions()
        table.act(Name(8) if Name(8) in legal else Pass() if Pass() in legal else legal[-1])
        assert table.message.value == ""
    assert table.state.is_terminal
    assert "The game is over" in table.status.value


def test_the_constructor_refuses_bad_models_and_bots_with_bluffmath_errors():
    import itertools

    from bluffmath.errors import InvalidInputError
    for kwargs in [{"model": "clever"}, {"model": None}, {"bots": itertools.count()}, {"bots": ["OddsBot"] * 2},
                   {"players": 2.0}, {"me": True}]:
        with pytest.raises(InvalidInputError):
            MuenchhausenTable(**kwargs)


class NeverOffers:
    """A bot that names the highest value and never offers (nor lays, so never lies)."""

    name = "never offers"

    def act(self, state):
        if state.phase == "name":
            return Name(state.game.values[-1])
        if state.phase == "offer":
            return Pass()
        return state.legal_actions()[0]


@pytest.mark.parametrize("players", range(3, 9))
def test_a_table_of_bots_that_never_offer_reaches_the_end_of_the_game(players):
    """The ruling "a round that cannot stall": after a full circle of start players with no
    offer the round is scored as it stands, so the game ends, at the table too."""
    rounds = 2
    table = MuenchhausenTable(players=players, rounds=rounds, bots=[NeverOffers() for _ in range(players - 1)])
    hand = tuple(range(3 if players >= 6 else 1, 9))
    my_moves = 0
    while not table.state.is_terminal:
        legal = table.state.legal_actions()
        assert table.state.to_act == 0
        table.act(Pass() if Pass() in legal else Name(hand[-1]))  # I never offer either
        assert table.message.value == ""
        my_moves += 1
        assert my_moves <= rounds * players * players  # a circle is one turn per start player
    ends = [e for e in table.state.log if type(e).__name__ == "RoundEnded"]
    assert [e.circle for e in ends] == [True] * rounds
    # no card ever moved: every pile is empty, so each round scores minus the whole hand
    assert table.state.scores == tuple(-rounds * sum(hand) for _ in range(players))
    assert "The game is over" in table.status.value
    assert table.moves.options == ()
    assert table.play_button.disabled


def test_the_rules_card_sits_on_top_and_the_controls_fit_a_phone():
    table = MuenchhausenTable(players=3)
    assert table.children[0].get_title(0) == "Rules of Münchhausen"
    assert "full circle with no offer" in table.children[0].body.value
    for row in table.children[1:3]:
        assert row.layout.flex_flow == "row wrap"
    for control in (table.model, table.moves, table.save_text):
        assert control.layout.max_width == "100%"
    table.act(Name(2))
    table.act(table.state.legal_actions()[0])  # a card on my pile: the opponents' hands show
    assert table.hands.value.count("<table style='border-spacing: 1em 0.1em'>") == 2  # hand and chance apart


def test_a_forced_pass_plays_itself():
    """When a pass is all I may do, the table plays it: I am asked only when I have a choice."""
    for seed in range(6):
        table = MuenchhausenTable(players=4, bots=[RandomBot(seed=seed + k) for k in range(3)])
        rng = random.Random(seed)
        while not table.state.is_terminal:
            assert table.state.to_act == 0
            assert table.state.legal_actions() != [Pass()]
            table.moves.value = rng.choice(table.state.legal_actions())
            table.play_button.click()
        passes = [a for a in table.state.actions if a == Pass()]
        assert passes  # some were played, by the bots or for me


def test_undo_takes_back_my_last_decision_and_the_bots_after_it():
    table = MuenchhausenTable(players=3, bots=[RandomBot(seed=1), RandomBot(seed=2)])
    assert table.undo_button.disabled
    table.undo_button.click()
    assert "nothing to undo" in table.message.value
    states = [table.state]
    for _ in range(3):
        table.moves.value = table.state.legal_actions()[0]
        table.play_button.click()
        states.append(table.state)
    assert not table.undo_button.disabled
    for before in reversed(states[:-1]):
        table.undo_button.click()
        assert table.state == before
        assert table.state.to_act == table.me
        assert table.message.value == ""
    assert table.undo_button.disabled
    table.new_game()
    assert table.undo_button.disabled

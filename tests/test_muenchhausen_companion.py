"""The Münchhausen companion, headless: public events recorded through its dropdowns and
buttons, and every number it shows compared with the core's, computed here from the same
events and my hand, written out independently of the widget."""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape, unescape

import pytest

from bluffmath.errors import InvalidInputError
from bluffmath.muenchhausen import (
    MODELS,
    Knowledge,
    ModelContradicted,
    card_chances,
    decide,
    explain_honest,
    honest_chance,
)
from bluffmath.muenchhausen.events import Believed, Doubted, Laid, OpenCard, Rewarded, RoundStarted
from bluffmath_widgets.muenchhausen import MuenchhausenCompanion

FULL = (1, 2, 3, 4, 5, 6, 7, 8)
DEAL = RoundStarted(0, 0, (FULL,) * 4)
HONEST = re.compile(r"class='bm-mhc-honest' data-p='([\d/]+)'")
CARD = re.compile(r"<tr data-card='(\d)'><td>\d</td><td><span class='bm-mhc-card-p' data-p='([\d/]+)'")
VALUE = re.compile(r"class='bm-mhc-(believe|doubt)' data-value='(-?[\d/]+)'")
CHOICE = re.compile(r"class='bm-mhc-choice' data-choice='(\w+)'")
HAND_P = re.compile(r"class='bm-mhc-hand-p' data-p='([\d/]+)' data-seat='(\d)'")


def add(c: MuenchhausenCompanion, kind: str, seat: int = 1, start: int = 0, claim: int = 5,
        card: int = 1) -> None:
    """Record an event as a person does: set the dropdowns, press add."""
    c.kind.value, c.seat.value, c.start.value, c.claim.value, c.card.value = kind, seat, start, claim, card
    c.add_button.click()


def check(c: MuenchhausenCompanion, events: list, hand: tuple[int, ...]) -> str:
    """Everything shown equals the core's numbers for ``events`` and my ``hand``."""
    assert c.message.value == ""
    assert c.events == events
    assert c.my_hand == hand
    assert f"<b class='bm-mhc-my-hand'>{' '.join(map(str, hand))}</b>" in c.mine.value
    items = re.findall(r"<li>(.*?)(?: <i class='bm-mhc-mine'>.*?</i>)?</li>", c.log_html.value)
    assert items == [escape(str(e)) for e in events]
    html = c.numbers.value
    this_round = events[max(i for i, e in enumerate(events) if isinstance(e, RoundStarted)):]
    try:
        k = Knowledge.from_log(this_round, MODELS[c.model.value], me=0, my_hand=hand)
    except ModelContradicted as error:
        reason = str(error)
    else:
        reason = None
    if reason is not None:
        assert c.knowledge is None
        assert "bm-mhc-contradicted" in html
        assert escape(reason) in html
        assert "bm-mhc-honest" not in html
        return "contradicted"
    assert c.knowledge == k
    for seat in (1, 2, 3):
        top = list(k.hands(seat).values())[:4]
        assert [Fraction(p) for p, s in HAND_P.findall(c.hands.value) if int(s) == seat] == top
    if not isinstance(events[-1], Laid):
        assert k.pending is None
        assert "bm-mhc-honest" not in html
        return "quiet"
    assert [Fraction(p) for p in HONEST.findall(html)] == [honest_chance(k)]
    assert {int(v): Fraction(p) for v, p in CARD.findall(html)} == card_chances(k)
    assert unescape(re.search(r"<pre[^>]*>(.*)</pre>", html, re.S).group(1)) == explain_honest(k)
    if events[-1].start == 0:
        d = decide(k, hand)
        assert {n: Fraction(v) for n, v in VALUE.findall(html)} == {"believe": d.believe, "doubt": d.doubt}
        assert CHOICE.findall(html) == [d.choice]
        return "decide"
    assert "bm-mhc-believe" not in html
    return "pending"


def test_a_recorded_sequence_shows_the_cores_numbers_in_every_model():
    for model in MODELS:
        c = MuenchhausenCompanion(players=4, me=0, model=model)
        events, hand, seen = [DEAL], FULL, set()
        seen.add(check(c, events, hand))

        add(c, "lay", seat=2, start=1, claim=5)
        events.append(Laid(2, 1, 5))
        seen.add(check(c, events, hand))
        add(c, "believe", start=1)
        events.append(Believed(2, 1, 5))
        seen.add(check(c, events, hand))

        add(c, "lay", seat=1, start=0, claim=6)                # on my pile
        events.append(Laid(1, 0, 6))
        seen.add(check(c, events, hand))
        add(c, "doubt", start=0, card=3)                       # a lie: back to seat 1
        events.append(Doubted(1, 0, 6, 3))
        seen.add(check(c, events, hand))
        add(c, "reward", seat=0, card=8)                       # I lay my 8 on my own pile
        events.append(Rewarded(0))
        hand = (1, 2, 3, 4, 5, 6, 7)
        seen.add(check(c, events, hand))

        add(c, "lay", seat=0, start=3, claim=4, card=5)        # my own lay: an honest 5
        events.append(Laid(0, 3, 4))
        hand = (1, 2, 3, 4, 6, 7)
        seen.add(check(c, events, hand))
        assert "(you laid a 5)" in c.log_html.value
        add(c, "doubt", start=3, card=5)                       # honest: seat 3 takes it
        events.append(Doubted(0, 3, 4, 5))
        seen.add(check(c, events, hand))
        add(c, "reward", seat=0, card=1)
        events.append(Rewarded(0))
        hand = (2, 3, 4, 6, 7)
        seen.add(check(c, events, hand))

        add(c, "lay", seat=3, start=0, claim=7)                # on my pile again
        events.append(Laid(3, 0, 7))
        seen.add(check(c, events, hand))
        add(c, "doubt", start=0, card=8)                       # honest: the 8 joins my hand
        events.append(Doubted(3, 0, 7, 8))
        hand = (2, 3, 4, 6, 7, 8)
        seen.add(check(c, events, hand))

        add(c, "lay", seat=0, start=1, claim=8, card=2)        # my lie
        events.append(Laid(0, 1, 8))
        hand = (3, 4, 6, 7, 8)
        seen.add(check(c, events, hand))
        add(c, "doubt", start=1, card=2)                       # it comes back
        events.append(Doubted(0, 1, 8, 2))
        hand = (2, 3, 4, 6, 7, 8)
        seen.add(check(c, events, hand))

        c.round_button.click()
        events.append(RoundStarted(1, 1, (FULL,) * 4))
        seen.add(check(c, events, FULL))
        add(c, "lay", seat=3, start=0, claim=4)
        events.append(Laid(3, 0, 4))
        assert check(c, events, FULL) == "decide"
        assert {"quiet", "decide", "pending"} <= seen, model
        if model != "uniform":  # a 3 on a claim of 6, from a full hand: not this model's
            assert "contradicted" in seen


def test_undo_takes_back_one_event_at_a_time():
    c = MuenchhausenCompanion(players=4, model="uniform")
    c.undo_button.click()
    assert "nothing to undo" in c.message.value
    add(c, "lay", seat=0, start=2, claim=8, card=1)
    add(c, "doubt", start=2, card=1)
    check(c, [DEAL, Laid(0, 2, 8), Doubted(0, 2, 8, 1)], FULL)
    c.undo_button.click()                                      # my 1 lies face down again
    check(c, [DEAL, Laid(0, 2, 8)], (2, 3, 4, 5, 6, 7, 8))
    c.undo()
    check(c, [DEAL], FULL)
    c.new_round()
    c.undo()
    check(c, [DEAL], FULL)


@pytest.mark.parametrize(("steps", "message"), [
    ([("believe", {})], "believe only right after a card is laid face down"),
    ([("doubt", {})], "doubt only right after a card is laid face down"),
    ([("reward", {"seat": 1})], "only right after a doubt"),
    ([("lay", {"seat": 2, "start": 2})], "the start player Y must be another seat"),
    ([("lay", {}), ("lay", {"seat": 2})], "record believe or doubt first"),
    ([("lay", {}), ("believe", {"start": 3})], "only seat 0 believes or doubts it"),
    ([("lay", {}), ("doubt", {"card": 4}), ("reward", {"seat": 1})],
     "after that doubt only seat 0 may lay a card on its own pile, not seat 1"),
    ([("lay", {}), ("doubt", {"card": 5}), ("reward", {"seat": 2})], "only seat 1 may lay a card"),
    ([("lay", {"seat": 0, "start": 1, "card": 3}), ("doubt", {"start": 1, "card": 4})],
     "you laid a 3: the card turned over is your 3, not a 4"),
    ([("lay", {"seat": 0, "start": 1, "card": 3}), ("believe", {"start": 1}),
      ("lay", {"seat": 0, "start": 2, "card": 3})], "you hold no 3: your hand is 1 2 4 5 6 7 8"),
])
def test_invalid_sequences_are_refused_inline_and_the_widget_keeps_working(steps, message):
    c = MuenchhausenCompanion(players=4, model="uniform")
    for kind, fields in steps[:-1]:
        add(c, kind, **fields)
        assert c.message.value == ""
    before, shown = list(c.entries), (c.numbers.value, c.hands.value, c.log_html.value)
    kind, fields = steps[-1]
    add(c, kind, **fields)
    assert "bluffmath-error" in c.message.value
    assert escape(message) in c.message.value
    assert c.entries == before
    assert (c.numbers.value, c.hands.value, c.log_html.value) == shown
    # the next valid event clears the message
    if len(before) > 1:
        c.undo()
        assert c.entries == before[:-1]
    else:
        add(c, "lay")
        assert c.events[-1] == Laid(1, 0, 5)
    assert c.message.value == ""


def test_values_seats_and_kinds_from_a_script_are_checked():
    c = MuenchhausenCompanion(players=7, me=2, model="uniform")
    assert c.values == (3, 4, 5, 6, 7, 8)
    for args, message in [(("lay", 9, 0, 5), "seat X must be a seat from 0 to 6, got 9"),
                          (("lay", 1, 0, 2), "claim V must be a card value from 3 to 8, got 2"),
                          (("lay", 2, 0, 5, None), "card C (the card you lay) must be a card value"),
                          (("shout", 1, 0, 5), "the event kind must be one of lay, believe, doubt, reward, open"),
                          (("open", 1, 0, 5, 6), "cards are laid face up only at a table of two players")]:
        c.record(*args)
        assert escape(message) in c.message.value
        assert c.events == [RoundStarted(0, 0, (c.values,) * 7)]
    c.record("lay", 1, 2, 5)
    assert c.message.value == ""
    assert "bm-mhc-believe" in c.numbers.value
    c.round_button.click()
    assert "record believe or doubt first" in c.message.value
    for players in (1, 9):
        with pytest.raises(InvalidInputError, match="players must be a whole number from 2 to 8"):
            MuenchhausenCompanion(players=players)
    with pytest.raises(InvalidInputError):
        MuenchhausenCompanion(model="clever")


def test_a_model_contradiction_is_shown_inline_and_the_model_can_change():
    c = MuenchhausenCompanion(players=4, model="lowest-enough")
    add(c, "lay", seat=1, start=0, claim=6)
    add(c, "doubt", start=0, card=3)      # lowest-enough says a full hand lays its 6
    assert c.message.value == ""          # the event is recorded: it is what happened
    assert c.knowledge is None
    assert "bm-mhc-contradicted" in c.numbers.value
    assert "could not have laid a 3" in c.numbers.value
    assert "seat 0 doubts: a 3, a lie" in c.log_html.value
    c.model.value = "uniform"
    check(c, [DEAL, Laid(1, 0, 6), Doubted(1, 0, 6, 3)], FULL)
    c.model.value = "lowest-enough"
    c.undo()                              # without the doubt, the model holds again
    assert check(c, [DEAL, Laid(1, 0, 6)], FULL) == "decide"
    assert honest_chance(c.knowledge) == 1


def test_a_shown_card_nobody_could_hold_is_refused_and_the_companion_goes_on():
    c = MuenchhausenCompanion(players=4, model="uniform")
    add(c, "lay", seat=1, start=0, claim=5)
    add(c, "doubt", start=0, card=8)            # honest: seat 1's only 8 joins my hand
    add(c, "reward", seat=1, card=1)
    add(c, "lay", seat=1, start=2, claim=5)
    before = list(c.entries)
    add(c, "doubt", start=2, card=8)            # seat 1 holds no 8 any more
    assert "that cannot be: seat 1 cannot have laid a card of value 8" in c.message.value
    assert c.entries == before
    add(c, "doubt", start=2, card=7)
    assert c.message.value == ""
    assert c.events[-1] == Doubted(1, 2, 5, 7)


def test_my_empty_hand_still_shows_the_numbers():
    c = MuenchhausenCompanion(players=3, me=0, model="uniform")
    for card in FULL:
        add(c, "lay", seat=0, start=1, claim=1, card=card)
        add(c, "believe", start=1)
        assert c.message.value == ""
    assert c.my_hand == ()
    assert "bm-mhc-seat-hands" in c.hands.value
    add(c, "lay", seat=0, start=2, claim=1, card=1)
    assert "bluffmath-error" in c.message.value
    assert "a bug" not in c.message.value


@pytest.mark.parametrize("players", range(3, 9))
def test_the_players_dropdown_seats_every_table_from_three_to_eight(players):
    c = MuenchhausenCompanion(players=3 if players == 4 else 4, me=0, model="uniform")
    add(c, "lay", seat=1, start=0, claim=5)
    c.player_count.value = players  # a new table: a new log
    hand = tuple(range(3 if players >= 6 else 1, 9))  # every value, 3-8 from six players on
    assert c.events == [RoundStarted(0, 0, (hand,) * players)]
    assert [s for _, s in c.seat.options] == list(range(players))
    assert [s for _, s in c.start.options] == list(range(players))
    assert list(c.claim.options) == list(c.card.options) == list(hand)
    assert [k for _, k in c.kind.options] == ["lay", "believe", "doubt", "reward"]
    c.my_seat.value = players - 1  # and from the last seat
    assert c.start.label == f"seat {players - 1} (you)"
    add(c, "lay", seat=0, start=players - 1, claim=hand[-2], card=hand[0])
    log = [RoundStarted(0, 0, (hand,) * players), Laid(0, players - 1, hand[-2])]
    k = Knowledge.from_log(log, MODELS["uniform"], me=players - 1, my_hand=hand)
    assert c.message.value == ""
    assert [Fraction(p) for p in HONEST.findall(c.numbers.value)] == [honest_chance(k)]
    # uniform: the card laid is any of the 8 (or 6) values alike, honest if one of the top two
    assert honest_chance(k) == Fraction(2, len(hand))
    assert CHOICE.findall(c.numbers.value) == [decide(k, hand).choice]
    assert len({s for _, s in HAND_P.findall(c.hands.value)}) == players - 1


def test_two_players_lay_their_cards_face_up_and_the_other_hand_is_known():
    c = MuenchhausenCompanion(players=2, me=0)
    assert [k for _, k in c.kind.options] == ["open"]
    assert [label for label, _ in c.seat.options] == ["seat 0 (you)", "seat 1"]
    c.record("lay", seat=1, start=0, value=5)  # no face-down card with two players
    assert "with two players every card is laid face up" in c.message.value
    add(c, "open", seat=1, start=0, claim=4, card=6)  # a 6 against a named 4: onto my pile
    add(c, "open", seat=0, start=1, claim=5, card=2)  # my 2 against a named 5: onto my own pile
    add(c, "open", seat=1, start=0, claim=3, card=1)
    assert c.message.value == ""
    assert c.events[1:] == [OpenCard(1, 0, 4, 6), OpenCard(0, 1, 5, 2), OpenCard(1, 0, 3, 1)]
    assert c.my_hand == (1, 3, 4, 5, 6, 7, 8)
    assert c.knowledge.hands(1) == {(2, 3, 4, 5, 7, 8): 1}  # everything was in plain view
    assert HAND_P.findall(c.hands.value) == [("1", "1")]
    assert "cards held: seat 0: 7, seat 1: 6" in c.mine.value
    add(c, "open", seat=1, start=0, claim=3, card=6)  # seat 1 has no 6 left
    assert "bluffmath-error" in c.message.value
    add(c, "open", seat=0, start=1, claim=3, card=2)  # nor have I a 2
    assert "you hold no 2" in c.message.value
    add(c, "open", seat=0, start=0, claim=3, card=3)
    assert "pick two different seats" in c.message.value
    assert len(c.events) == 4
    c.undo_button.click()
    assert c.knowledge.hands(1) == {(1, 2, 3, 4, 5, 7, 8): 1}


def test_the_rules_card_sits_on_top_and_the_controls_keep_their_width():
    c = MuenchhausenCompanion()
    assert c.children[0].get_title(0) == "Rules of Münchhausen"
    for control in (c.player_count, c.my_seat, c.model, c.kind, c.seat, c.start, c.claim, c.card):
        assert control.layout.max_width == "100%"  # never wider than a phone's page
    # the card box keeps room for its value: the label is short and the control 9em wide
    assert c.card.description == "card C"
    assert c.card.layout.width == "9em"
    for row in c.children[1:5]:
        assert row.layout.flex_flow == "row wrap"

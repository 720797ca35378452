"""The strategy explorer and the Duel against the equilibrium bot, headless.

Every number the widgets show is compared with bluffmath's core called here, and the best
reply's value with a brute force written here: every pure strategy of the replying player
played out on the game tree with exact fractions (Kuhn poker and the Duel on 0,1,2).
"""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction
from html import unescape

import ipywidgets as w
import pytest
from reading import estimate

from bluffmath.duel import bot_strategy, duel
from bluffmath.equilibrium import exploitability, kuhn_poker, stored
from bluffmath.equilibrium.tree import Chance, Terminal
from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler import CardCountingBot
from bluffmath_widgets.equilibrium import (
    DUELS,
    STARTS,
    VARIANTS,
    DuelMatch,
    StrategyExplorer,
    variant,
)

SMALL = [name for name in VARIANTS if "real colour" not in name]
NEVER_BLUFF = {"J": {"check": 1}, "Q": {"check": 1}, "K": {"bet": 1},
               "J check bet": {"fold": 1}, "Q check bet": {"call": 1}, "K check bet": {"call": 1}}


def shown_p(html: str) -> dict[tuple[str, str], Fraction]:
    """The exact chances a widget shows, by (situation, action)."""
    return {(unescape(k), unescape(a)): Fraction(p) for p, k, a in
            re.findall(r"data-p='([^']*)' data-key='([^']*)' data-action='([^']*)'", html)}


def play_out(node: object, s1: dict, s2: dict) -> Fraction:
    """Player 1's expected payoff when both play these strategies, by walking the tree."""
    if isinstance(node, Terminal):
        return Fraction(node.payoff)
    if isinstance(node, Chance):
        return sum((p * play_out(child, s1, s2) for p, child in node.branches), Fraction(0))
    mix = (s1 if node.player == 1 else s2).get(node.infoset, {})
    return sum((Fraction(mix.get(a, 0)) * play_out(child, s1, s2)
                for a, child in zip(node.actions, node.children, strict=True) if mix.get(a, 0)),
               Fraction(0))


def brute_best_reply(game, player: int, strategy: dict) -> Fraction:
    """Player 1's payoff under the other player's best pure reply, by trying them all."""
    other = 3 - player
    keys = game.infosets_of(other)
    best = None
    for choice in itertools.product(*(game.infosets[k].actions for k in keys)):
        reply = {k: {a: 1} for k, a in zip(keys, choice, strict=True)}
        s1, s2 = (strategy, reply) if player == 1 else (reply, strategy)
        value = play_out(game.root, s1, s2)
        if best is None or (value > best if other == 1 else value < best):
            best = value
    assert best is not None
    return best


# --- the explorer ----------------------------------------------------------------------
def test_every_game_offered_has_a_stored_certificate() -> None:
    for spec in VARIANTS.values():
        assert spec in ({"game": "kuhn-poker"}, *({"game": "hochstapler-duel", "deck": list(d)}
                                                    for d in DUELS.values()))
    for name in SMALL:
        assert stored(VARIANTS[name]) is not None


@pytest.mark.parametrize("name", SMALL)
@pytest.mark.parametrize("seat", [1, 2])
def test_the_explorer_shows_the_certificates_chances_everywhere(name: str, seat: int) -> None:
    cert = stored(VARIANTS[name])
    ex = StrategyExplorer(variant=name, seat=seat)
    assert f"data-value='{cert.value}'" in ex.summary.value
    assert ex.exploitability == 0
    seen = 0
    for card in ex.card.options:
        ex.card.value = card
        shown = shown_p(ex.overview.value)
        for situation in [k for _, k in ex.situation.options]:
            ex.situation.value = situation
            assert ex.message.value == ""
            want = cert.strategy(seat)[situation]
            shown.update(shown_p(ex.mix.value))
            for action, p in want.items():
                assert shown[situation, action] == p
                assert f"<b>{p}</b>" in ex.mix.value
            seen += 1
        assert all(p == cert.strategy(seat)[k].get(a, 0) for (k, a), p in shown.items())
    assert seen == sum(1 for k in cert.strategy(seat))  # every situation is offered


def test_the_percentages_are_shown_with_the_fractions() -> None:
    ex = StrategyExplorer(variant="Kuhn poker", seat=2, card="J")
    assert "<b>1/3</b> (33.3 %)" in ex.mix.value  # the Jack bets 1 time in 3 after a check


def test_kuhn_poker_never_bluffing_is_exploited_as_the_brute_force_says() -> None:
    game = kuhn_poker()
    ex = StrategyExplorer(variant="Kuhn poker", seat=1, card="J")
    assert ex.situation.value == "J"
    ex.sliders["bet"].value = Fraction(0)  # the Jack never bets
    ex.card.value = "Q"
    ex.situation.value = "Q check bet"
    ex.sliders["call"].value = Fraction(1)  # the Queen calls a bet
    ex.card.value = "K"
    ex.sliders["bet"].value = Fraction(1)  # the King bets
    assert ex.strategy is not None
    for key, mix in NEVER_BLUFF.items():
        assert ex.strategy[key] == {a: Fraction(p) for a, p in mix.items()}
    value = brute_best_reply(game, 1, NEVER_BLUFF)
    assert ex.best is not None
    assert ex.best.value == value
    assert ex.exploitability == Fraction(-1, 18) - value == exploitability(game, 1, NEVER_BLUFF)
    assert f"data-value='{ex.exploitability}'" in ex.yours.value


@pytest.mark.parametrize("seat", [1, 2])
def test_a_duel_strategy_set_with_sliders_against_the_brute_force(seat: int) -> None:
    name = "Duel on 0,1,2"
    game = duel((0, 1, 2))
    value = stored(game.spec).value
    ex = StrategyExplorer(variant=name, seat=seat, card="0")
    for situation in [k for _, k in ex.situation.options][:2]:
        ex.situation.value = situation
        for slider in ex.sliders.values():  # everything on the first slider's action
            slider.value = Fraction(0)
        first = next(iter(ex.sliders.values()))
        first.value = Fraction(7, 20)
        assert ex.message.value == "", ex.message.value
    assert ex.strategy is not None
    best = brute_best_reply(game, seat, ex.strategy)
    assert ex.best is not None
    assert ex.best.value == best
    assert ex.exploitability == (value - best if seat == 1 else best - value)
    assert ex.exploitability == exploitability(game, seat, ex.strategy, value)
    assert ex.exploitability > 0


def test_the_sliders_are_exact_and_the_rest_takes_what_they_leave() -> None:
    ex = StrategyExplorer(variant="Duel on 0,1,2,3,4", seat=2, card="4")
    ex.situation.value = "4:2"
    assert ex.rest.value == "doubt"
    assert all(isinstance(o, Fraction) for s in ex.sliders.values() for _, o in s.options)
    assert all(Fraction(k, 20) in [o for _, o in s.options] for s in ex.sliders.values() for k in range(21))
    ex.sliders["3"].value = Fraction(1, 4)
    ex.sliders["4"].value = Fraction(1, 2)
    ex.sliders["6"].value = Fraction(0)
    assert ex.strategy is not None
    assert ex.strategy["4:2"] == {"3": Fraction(1, 4), "4": Fraction(1, 2), "doubt": Fraction(1, 4)}
    assert "<b>1/4</b> (25.0 %)" in ex.yours.value


def test_too_much_on_the_sliders_is_refused_in_words_and_the_widget_recovers() -> None:
    ex = StrategyExplorer(variant="Duel on 0,1,2,3,4", seat=1, card="0")
    assert ex.rest.value == "4"  # the equilibrium's most likely call takes the rest
    ex.sliders["3"].value = Fraction(3, 4)
    ex.sliders["5"].value = Fraction(1, 2)
    assert "add up to 5/4 (125.0 %), more than 1" in unescape(ex.message.value)
    assert "where you open" in ex.message.value
    assert 'role="alert"' in ex.message.value
    assert ex.exploitability is None
    assert "no answer" in ex.yours.value
    ex.sliders["5"].value = Fraction(1, 4)
    assert ex.message.value == ""
    assert ex.exploitability == exploitability(duel((0, 1, 2, 3, 4)), 1, ex.strategy)
    ex.card.value = "3"  # and it keeps working elsewhere
    assert ex.message.value == ""
    assert ex.exploitability is not None


def test_the_rest_can_move_to_another_action() -> None:
    ex = StrategyExplorer(variant="Duel on 0,1,2,3,4", seat=1, card="0")
    ex.sliders["3"].value = Fraction(1, 5)  # the rest, 4/5, on call 4
    assert ex.rest.value == "4"
    ex.rest.value = "3"  # now call 4 has a slider, at 4/5, and call 3 takes the rest
    assert ex.sliders["4"].value == Fraction(4, 5)
    assert ex.strategy is not None
    assert ex.strategy["0:"] == {"3": Fraction(1, 5), "4": Fraction(4, 5)}


def test_reset_and_starting_from_a_bot() -> None:
    deck = (0, 1, 2, 3, 4)
    ex = StrategyExplorer(variant="Duel on 0,1,2,3,4", seat=1)
    ex.start.value = "card counting bot"
    bot = bot_strategy(CardCountingBot(), 1, deck)
    assert ex.exploitability == exploitability(duel(deck), 1, bot)
    assert ex.strategy is not None
    assert all(ex.strategy[k] == mix for k, mix in bot.items())
    ex.sliders["1"].value = Fraction(1, 2)
    assert ex.exploitability != exploitability(duel(deck), 1, bot)
    ex.reset.click()
    assert ex.exploitability == exploitability(duel(deck), 1, bot)
    ex.start.value = STARTS[0]
    assert ex.exploitability == 0


def test_bots_are_for_the_duel_only() -> None:
    ex = StrategyExplorer(variant="Kuhn poker")
    assert ex.start.disabled
    ex.variant.value = "Duel on 0,1,2"
    assert not ex.start.disabled
    assert ex.exploitability == 0


def test_the_best_reply_shown_is_the_cores() -> None:
    ex = StrategyExplorer(variant="Duel on 0,1,2,3,4", seat=1, card="0")
    ex.sliders["3"].value = Fraction(1)  # always call 3 with the 0
    assert ex.best is not None
    rows = re.findall(r"<td[^>]*>call 3</td><td[^>]*>(\d)</td><td[^>]*>([^<]*)</td>", ex.reply.value)
    assert [card for card, _ in rows] == ["1", "2", "3", "4"]  # not 0: the deck has one 0
    for card, reply in rows:
        (answer,) = ex.best.strategy[f"{card}:3"]
        assert reply == ("doubt" if answer == "doubt" else f"call {answer}")


def test_bluffs_are_the_calls_card_counting_calls_unlikely() -> None:
    v = variant("Duel on 0,1,2,3,4")
    deck = (0, 1, 2, 3, 4)
    for card in deck:
        others = [c for c in deck if c != card]
        for call in range(1, 8):
            chance = Fraction(sum(card + b >= call for b in others), len(others))
            assert v.true_chance(f"{card}:", str(call)) == chance
            assert v.is_bluff(f"{card}:", str(call)) == (chance < Fraction(1, 2))
    kuhn = variant("Kuhn poker")
    assert kuhn.is_bluff("J", "bet")
    assert kuhn.is_bluff("J check", "bet")
    assert not kuhn.is_bluff("Q", "bet")
    assert not kuhn.is_bluff("J", "check")
    ex = StrategyExplorer(variant="Kuhn poker", seat=2, card="J")
    assert "bluff" in ex.mix.value


def test_situations_in_a_players_words() -> None:
    v = variant("Duel on 0,1,2,3,4")
    assert v.situation_words(1, "0:") == "you open"
    assert v.situation_words(2, "4:2,3,5") == "they called 2, you called 3, they called 5"
    assert variant("Kuhn poker").situation_words(1, "J check bet") == "you checked, they bet"
    with pytest.raises(ValueError, match="the games here are"):
        variant("chess")


def test_only_text_crosses_to_the_browser() -> None:
    ex = StrategyExplorer()
    for child in (ex.summary, ex.overview, ex.mix, ex.yours, ex.reply):
        assert isinstance(child, w.HTML)
        assert isinstance(child.value, str)


# --- the Duel against the equilibrium bot ----------------------------------------------
def _finish(match: DuelMatch, rng: random.Random) -> None:
    while match.state is not None and match.state.payoff is None:
        match.choice.value = rng.choice([v for _, v in match.choice.options])
        match.play.click()
        assert match.message.value == ""


@pytest.mark.parametrize("seat", [1, 2])
def test_a_match_plays_by_the_rules_and_the_bot_by_its_certificate(seat: int) -> None:
    deck = (0, 1, 2, 3, 4)
    cert = stored(duel(deck).spec)
    match = DuelMatch(deck="0,1,2,3,4", seat=seat, seed=3)
    me = random.Random(0)
    total = Fraction(0)
    for deal in range(30):
        if deal:
            match.deal.click()
        state = match.state
        assert state is not None
        assert (int(state.my_card), int(state.their_card)) in {
            (a, b) if seat == 1 else (b, a) for a in deck for b in deck if a != b}
        _finish(match, me)
        for who, action in state.said:  # every move of the bot is one its strategy plays
            if who != seat:
                assert any(cert.strategy(who).get(k, {}).get(action) for k in cert.strategy(who))
        calls = [int(a) for _, a in state.said if a != "doubt"]
        assert calls == sorted(set(calls))
        mine, theirs = int(state.my_card), int(state.their_card)
        last_caller = next(who for who, a in reversed(state.said) if a != "doubt")
        true = mine + theirs >= calls[-1]
        assert state.payoff == (1 if true == (last_caller == seat) else -1)
        total += state.payoff
        assert f"data-payoff='{state.payoff}'" in match.table.value
    assert match.deals == 30
    assert match.total == total
    assert f"data-total='{total}'" in match.score.value


def test_the_same_seed_deals_the_same_match() -> None:
    def cards(seed: int) -> list[tuple[str, str]]:
        match = DuelMatch(seed=seed)
        out = []
        for _ in range(8):
            _finish(match, random.Random(1))
            assert match.state is not None
            out.append((match.state.my_card, match.state.their_card))
            match.deal.click()
        return out

    assert cards(5) == cards(5)
    assert cards(5) != cards(6)


def test_moves_out_of_turn_are_refused_in_words_and_the_match_goes_on() -> None:
    match = DuelMatch(seat=1, seed=2)
    match.deal.click()
    assert "finish this deal first" in match.message.value
    _finish(match, random.Random(4))
    match.play.click()
    assert "this deal is over: press next deal" in match.message.value
    match.deal.click()
    assert match.message.value == ""
    assert match.state is not None
    assert match.state.said == []
    assert match.deals == 1


def test_a_new_seat_or_deck_starts_a_new_match() -> None:
    match = DuelMatch(seat=1, seed=2)
    _finish(match, random.Random(4))
    assert match.deals == 1
    match.seat.value = 2
    assert match.deals == 0
    assert match.state is not None
    assert match.state.me == 2
    match.deck.value = "0,1,2"
    assert match.state.my_card in ("0", "1", "2")
    assert "+1/3" in match.score.value or "-1/3" in match.score.value


@pytest.mark.slow
def test_the_real_colour_loads_and_answers() -> None:
    ex = StrategyExplorer(variant="Duel on the real colour", seat=1, card="0")
    assert ex.certificate is not None
    assert ex.certificate.value == Fraction(1, 60)
    assert shown_p(ex.mix.value)[("0:", next(iter(ex.certificate.strategy(1)["0:"])))]
    assert ex.exploitability == 0


# --- the Duel against the bot that reads you ---------------------------------------------
def _never_bluff(match: DuelMatch) -> None:
    """A predictable player: calls the lowest total it may while its card alone makes the
    call at least even money, else doubts (or, opening, calls the lowest)."""
    from bluffmath.duel import call_chance

    while match.state is not None and match.state.payoff is None:
        options = [v for _, v in match.choice.options]
        calls = [o for o in options if o != "doubt"]
        mine = int(match.state.my_card)
        safe = [o for o in calls if call_chance((0, 1, 2, 3, 4), mine, int(o)) >= Fraction(1, 2)]
        match.choice.value = safe[0] if safe else ("doubt" if "doubt" in options else calls[0])
        match.play.click()
        assert match.message.value == ""


@pytest.mark.parametrize("seat", [1, 2])
def test_the_reader_replies_best_to_the_moves_it_saw_and_punishes_a_predictable_player(seat: int) -> None:
    """After each deal the reader counts the player's moves; it then plays the exact best
    reply to those counts (mixed with 4 imaginary equilibrium moves at each information
    set), counted here again from the deals, and the score shows the player's exact
    expectation against that reply: below the value for a player who never bluffs."""
    from bluffmath.equilibrium import best_response, exploitability

    deck = (0, 1, 2, 3, 4)
    cert = stored(duel(deck).spec)
    match = DuelMatch(deck="0,1,2,3,4", seat=seat, seed=7, opponent="reader")
    seen: dict[str, dict[str, int]] = {}
    for deal in range(25):
        if deal:
            match.deal.click()
        state = match.state
        assert state is not None
        reply = best_response(cert.game, seat, estimate(cert, seat, seen)).strategy
        _never_bluff(match)
        moves = iter(state.mine)
        for who, action in state.said:
            if who == seat:
                infoset, mine = next(moves)
                assert mine == action
                seen.setdefault(infoset, {}).setdefault(action, 0)
                seen[infoset][action] += 1
            else:  # the bot's move: its pure reply to what it had seen before this deal
                assert any(reply.get(k) == {action: 1} for k in reply)
    guessed = estimate(cert, seat, seen)
    answer = best_response(cert.game, seat, guessed)
    expected = answer.value if seat == 1 else -answer.value
    value = cert.value if seat == 1 else -cert.value
    assert expected < value
    assert f"data-expected='{expected}'" in match.score.value
    risk = exploitability(cert.game, 3 - seat, answer.strategy, cert.value)
    assert risk > 0
    assert f"data-risk='{risk}'" in match.score.value
    assert "Predictable play is punished" in match.score.value




def test_an_unknown_opponent_is_refused_in_words() -> None:
    with pytest.raises(InvalidInputError, match="opponent must be one of equilibrium, reader"):
        DuelMatch(opponent="genius")

"""bluffmath.equilibrium without a solver: trees, the sequence form, best responses,
exploitability and certificates, checked against brute force over pure strategies."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath.duel import COLOUR, check_deck, deals, duel, highest_call
from bluffmath.equilibrium import (
    Certificate,
    Chance,
    Decision,
    Game,
    Terminal,
    behaviour,
    best_response,
    constraints,
    exploitability,
    kuhn_poker,
    matching_pennies,
    payoff_matrix,
    realisation_plan,
    sequences,
    stored,
)
from bluffmath.equilibrium.certificate import file_name, stored_names
from bluffmath.equilibrium.games import game_from_spec
from bluffmath.errors import CertificateError, InvalidInputError

F = Fraction


# --- brute force: a tree walk over every pure strategy of the replying player ------------
def _value(node, s1, s2) -> Fraction:
    """Player 1's expected payoff, both strategies behavioural, by walking the tree."""
    if isinstance(node, Terminal):
        return Fraction(node.payoff)
    if isinstance(node, Chance):
        return sum((p * _value(child, s1, s2) for p, child in node.branches), Fraction(0))
    mix = (s1 if node.player == 1 else s2).get(node.infoset, {})
    return sum((mix.get(a, 0) * _value(child, s1, s2)
                for a, child in zip(node.actions, node.children, strict=True) if mix.get(a, 0)),
               Fraction(0))


def _brute_reply(game: Game, player: int, strategy: dict) -> Fraction:
    other = 3 - player
    keys = game.infosets_of(other)
    best = None
    for choice in itertools.product(*(game.infosets[k].actions for k in keys)):
        pure = {k: {a: 1} for k, a in zip(keys, choice, strict=True)}
        v = _value(game.root, strategy, pure) if player == 1 else _value(game.root, pure, strategy)
        if best is None or (v < best if other == 2 else v > best):
            best = v
    return best


def _full(game: Game, player: int, strategy: dict) -> dict:
    """The strategy with a first action filled in where it leaves an infoset out."""
    return {k: strategy.get(k, {game.infosets[k].actions[0]: 1}) for k in game.infosets_of(player)}


def kuhn_family(alpha: Fraction) -> dict:
    """Player 1's equilibria of Kuhn poker (Kuhn, 1950): bet J with alpha in [0, 1/3],
    K with 3 alpha, never Q; call a bet with Q with alpha + 1/3, always with K, never J."""
    return {"J": {"check": 1 - alpha, "bet": alpha}, "Q": {"check": 1},
            "K": {"check": 1 - 3 * alpha, "bet": 3 * alpha},
            "J check bet": {"fold": 1}, "Q check bet": {"fold": F(2, 3) - alpha, "call": alpha + F(1, 3)},
            "K check bet": {"call": 1}}


#: Player 2's unique equilibrium strategy in Kuhn poker.
KUHN_2 = {"J check": {"check": F(2, 3), "bet": F(1, 3)}, "J bet": {"fold": 1},
          "Q check": {"check": 1}, "Q bet": {"fold": F(2, 3), "call": F(1, 3)},
          "K check": {"bet": 1}, "K bet": {"call": 1}}


# --- trees -----------------------------------------------------------------------------
def test_a_tree_is_checked_once() -> None:
    win = Terminal(1)
    with pytest.raises(InvalidInputError, match="an int or a Fraction"):
        Game(Terminal(0.5))
    with pytest.raises(InvalidInputError, match="sum to exactly 1"):
        Game(Chance(((F(1, 2), win), (F(1, 4), win))))
    with pytest.raises(InvalidInputError, match="player must be 1 or 2"):
        Game(Decision(3, "i", ("a",), (win,)))
    with pytest.raises(InvalidInputError, match="different players or action lists"):
        Game(Chance(((F(1, 2), Decision(1, "i", ("a",), (win,))),
                     (F(1, 2), Decision(1, "i", ("b",), (win,))))))
    # player 1 forgets their own first move: not perfect recall
    forgets = Decision(1, "first", ("l", "r"), (Decision(1, "second", ("a",), (win,)),
                                                Decision(1, "second", ("a",), (win,))))
    with pytest.raises(InvalidInputError, match="perfect recall"):
        Game(forgets)
    with pytest.raises(InvalidInputError, match="one child per action"):
        Game(Decision(1, "i", ("a", "b"), (win,)))


# --- the sequence form, worked by hand on Kuhn poker -----------------------------------
def test_kuhn_sequence_form_by_hand() -> None:
    g = kuhn_poker()
    s1, s2 = sequences(g, 1), sequences(g, 2)
    assert len(s1) == len(s2) == 13  # the empty sequence and 6 infosets x 2 actions
    assert s1[0] is None
    assert ("J check bet", "call") in s1
    assert ("Q bet", "fold") in s2
    E, e = constraints(g, 1)
    assert e == [1] + [0] * 6
    i = s1.index(("J", "check"))
    # the row of "J check bet" says: fold + call = the realisation of ("J", "check")
    k = g.infosets_of(1).index("J check bet")
    assert E[1 + k] == {i: -1, s1.index(("J check bet", "fold")): 1, s1.index(("J check bet", "call")): 1}
    A = payoff_matrix(g)
    # J against Q: player 1 bets, player 2 calls: 1/6 x -2; checks twice: 1/6 x -1
    assert A[s1.index(("J", "bet")), s2.index(("Q bet", "call"))] == F(-1, 3)
    assert A[s1.index(("J", "check")), s2.index(("Q check", "check"))] == F(-1, 6)
    # x^T A y is the expected payoff, as the tree walk gives it
    x = realisation_plan(g, 1, kuhn_family(F(1, 5)))
    y = realisation_plan(g, 2, KUHN_2)
    total = sum(A[a, b] * x.get(s1[a], 0) * y.get(s2[b], 0) for a, b in A)
    assert total == _value(g.root, kuhn_family(F(1, 5)), KUHN_2) == F(-1, 18)


# --- best responses and exploitability -------------------------------------------------
@pytest.mark.parametrize("alpha", [F(0), F(1, 7), F(1, 6), F(1, 3)])
def test_the_kuhn_family_is_unexploitable(alpha: Fraction) -> None:
    g = kuhn_poker()
    assert best_response(g, 1, kuhn_family(alpha)).value == F(-1, 18)
    assert exploitability(g, 1, kuhn_family(alpha), value=F(-1, 18)) == 0
    assert exploitability(g, 2, KUHN_2, value=F(-1, 18)) == 0


def test_outside_the_family_is_exploitable() -> None:
    g = kuhn_poker()
    too_much = kuhn_family(F(1, 2))
    too_much["K"] = {"bet": 1}
    assert exploitability(g, 1, too_much, value=F(-1, 18)) > 0
    assert exploitability(g, 1, too_much, value=F(-1, 18)) == F(-1, 18) - _brute_reply(g, 1, too_much)


def _random_strategy(game: Game, player: int, draw) -> dict:
    out = {}
    for key in game.infosets_of(player):
        actions = game.infosets[key].actions
        weights = [draw(st.integers(0, 4)) for _ in actions]
        if not any(weights):
            weights[0] = 1
        out[key] = {a: F(w, sum(weights)) for a, w in zip(actions, weights, strict=True) if w}
    return out


GAMES = {"pennies": matching_pennies(), "kuhn": kuhn_poker(), "duel3": duel((0, 1, 2))}


@settings(max_examples=40, deadline=None)
@given(data=st.data(), name=st.sampled_from(sorted(GAMES)), player=st.sampled_from([1, 2]))
def test_best_response_matches_brute_force(data, name: str, player: int) -> None:
    g = GAMES[name]
    strategy = _random_strategy(g, player, data.draw)
    reply = best_response(g, player, strategy)
    assert reply.value == _brute_reply(g, player, strategy)
    # the reply, played, earns what it says
    pure = _full(g, 3 - player, reply.strategy)
    both = (strategy, pure) if player == 1 else (pure, strategy)
    assert _value(g.root, *both) == reply.value
    # the plan and the strategy are two forms of one thing
    assert behaviour(g, player, realisation_plan(g, player, strategy)) == {
        k: v for k, v in strategy.items() if k in behaviour(g, player, realisation_plan(g, player, strategy))}


def test_strategies_are_checked() -> None:
    g = kuhn_poker()
    good = kuhn_family(F(0))
    with pytest.raises(InvalidInputError, match="sum to exactly 1"):
        best_response(g, 1, {**good, "J": {"check": F(1, 2)}})
    with pytest.raises(InvalidInputError, match="exact probability"):
        best_response(g, 1, {**good, "J": {"check": 0.5, "bet": 0.5}})
    with pytest.raises(InvalidInputError, match="not one of player 1's"):
        best_response(g, 1, {**good, "J bet": {"call": 1}})
    with pytest.raises(InvalidInputError, match="the actions there are check, bet"):
        best_response(g, 1, {**good, "J": {"raise": 1}})
    with pytest.raises(InvalidInputError, match="leaves out 'Q check bet'"):
        best_response(g, 1, {k: v for k, v in good.items() if k != "Q check bet"})
    with pytest.raises(InvalidInputError, match="player must be 1 or 2"):
        best_response(g, True, good)
    # an infoset the player's own choices never reach may be left out
    assert best_response(g, 1, {k: v for k, v in good.items() if k != "K check bet"} | {"K": {"bet": 1}})


# --- certificates ----------------------------------------------------------------------
def test_a_certificate_round_trips_and_a_changed_one_fails() -> None:
    cert = Certificate(kuhn_poker(), F(-1, 18), (kuhn_family(F(1, 4)), KUHN_2))
    assert cert.verify()
    again = Certificate.from_json(cert.to_json())
    assert again.value == F(-1, 18)
    assert again.strategies == cert.strategies
    assert again.verify()
    data = json.loads(cert.to_json())
    data["value"] = "-1/17"
    with pytest.raises(CertificateError, match="does not hold"):
        Certificate.from_json(json.dumps(data)).verify()
    data["value"] = "-1/18"
    data["strategies"][1]["J check"] = {"check": "1/2", "bet": "1/2"}
    with pytest.raises(CertificateError, match="player 2's concedes"):
        Certificate.from_json(json.dumps(data)).verify()


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(extra=1), 'unknown key "extra"'),
    (lambda d: d.update(version=2), "version must be a whole number from 1 to 1"),
    (lambda d: d.update(game={"game": "poker"}), '"poker" is not allowed'),
    (lambda d: d["strategies"][0].update({"X": {}}), "'X' is not one of player 1's"),
    (lambda d: d["strategies"][0]["J"].update(bet=0.5), 'strategies\\[0\\].J.bet must be an exact probability'),
    (lambda d: d["strategies"][0].update(J={"raise": "1"}), "'raise' is not an action there"),
    (lambda d: d["game"].update(deck=[1]), 'unknown key "deck"'),
])
def test_the_certificate_reader_is_strict(change, message: str) -> None:
    data = json.loads(Certificate(kuhn_poker(), F(-1, 18), (kuhn_family(F(0)), KUHN_2)).to_json())
    change(data)
    with pytest.raises(CertificateError, match=message):
        Certificate.from_json(json.dumps(data))


REAL_COLOUR = "hochstapler-duel-0-0-0-1-1-2-2-3-3-4-4-5-5-6-7.json"


def test_every_stored_certificate_verifies() -> None:
    """Every certificate in the repository, rechecked by exact best responses (the real
    colour's in the next test)."""
    names = stored_names()
    assert "kuhn-poker.json" in names
    assert "hochstapler-duel-0-1-2-3-4.json" in names
    assert REAL_COLOUR in names
    for name in names:
        if name == REAL_COLOUR:
            continue
        from importlib.resources import files
        text = files("bluffmath.equilibrium").joinpath("certificates", name).read_text()
        cert = Certificate.from_json(text)
        assert file_name(cert.game.spec) == name
        assert cert.verify()
        assert stored(cert.game.spec).value == cert.value
    assert stored({"game": "hochstapler-duel", "deck": [9, 9]}) is None
    assert stored({"game": "kuhn-poker"}).value == F(-1, 18)


@pytest.mark.slow
def test_the_real_colours_certificate_verifies() -> None:
    """The Duel on the real colour: 761,795 nodes; its value is 1/60."""
    cert = stored({"game": "hochstapler-duel", "deck": list(COLOUR)})
    assert cert.value == F(1, 60)
    low, high = cert.bounds()
    assert low == high == F(1, 60)


def test_the_stored_kuhn_equilibrium_lies_in_the_family() -> None:
    s1 = stored({"game": "kuhn-poker"}).strategy(1)
    alpha = s1["J"].get("bet", F(0))
    assert 0 <= alpha <= F(1, 3)
    full = _full(kuhn_poker(), 1, s1)
    family = kuhn_family(alpha)
    for key in ("J", "K", "Q", "Q check bet"):
        assert {a: p for a, p in full[key].items() if p} == {a: F(p) for a, p in family[key].items() if p}
    assert stored({"game": "kuhn-poker"}).strategy(2) == {
        k: {a: F(p) for a, p in v.items()} for k, v in KUHN_2.items()}


def test_game_specs_build_the_games() -> None:
    assert game_from_spec({"game": "hochstapler-duel", "deck": [0, 1, 2]}).nodes == duel((2, 1, 0)).nodes
    with pytest.raises(InvalidInputError, match="at least 2 cards"):
        game_from_spec({"game": "hochstapler-duel", "deck": [0]})


# --- the Duel's tree -------------------------------------------------------------------
def test_duel_deals_by_counts() -> None:
    d = deals(COLOUR)
    assert sum(d.values()) == 1
    assert d[0, 0] == F(3 * 2, 15 * 14)
    assert d[7, 6] == F(1, 210)
    assert (7, 7) not in d
    assert highest_call() == 13
    assert highest_call((0, 0, 1)) == 1
    with pytest.raises(InvalidInputError, match="sum to 1 to 13"):
        check_deck((0, 0, 0))
    with pytest.raises(InvalidInputError, match="sum to 1 to 13"):
        check_deck((7, 7, 7))
    with pytest.raises(InvalidInputError, match=r"a whole number from 0 to 13, got 2\.0"):
        check_deck((1, 2.0))


def test_duel_plays_by_the_rulings() -> None:
    """Walk Duel(0,1,2) where player 1 holds 2 and player 2 holds 1 (total 3)."""
    g = duel((0, 1, 2))
    (p, node), = [(p, n) for p, n in g.root.branches if n.infoset == "2:" and n.children[0].infoset == "1:1"]
    assert p == F(1, 6)
    assert node.actions == ("1", "2", "3")
    assert node.children[2] == Terminal(1)  # a call of T = 3 is doubted at once; 3 >= 3: true
    after = node.children[0]  # player 1 called 1
    assert after.player == 2
    assert after.actions == ("doubt", "2", "3")
    assert after.children[0] == Terminal(1)  # doubting a true call: the caller (player 1) wins
    assert after.children[2] == Terminal(-1)  # player 2 calls 3 = T, doubted, true: player 2 wins
    back = after.children[1]  # player 2 called 2
    assert back.player == 1
    assert back.infoset == "2:1,2"
    assert back.actions == ("doubt", "3")
    assert back.children[0] == Terminal(-1)  # player 1 doubts 2 <= 3: the doubter loses


# --- the Hochstapler bots in the Duel --------------------------------------------------
def test_bot_exploitability_matches_brute_force() -> None:
    from bluffmath.duel import bot_exploitability, bot_strategy
    from bluffmath.hochstapler import BidReadingBot, CardCountingBot, RandomBot
    deck = (0, 1, 2)
    g = duel(deck)
    value = stored(g.spec).value
    bots = [RandomBot(), CardCountingBot(), BidReadingBot(), CardCountingBot(doubt_bias=F(1, 4))]
    table = bot_exploitability(bots, deck)
    for bot in bots:
        s1, s2 = bot_strategy(bot, 1, deck), bot_strategy(bot, 2, deck)
        assert table[bot.name] == (value - _brute_reply(g, 1, s1), _brute_reply(g, 2, s2) - value)
        assert min(table[bot.name]) >= 0


def test_bot_strategies_by_hand() -> None:
    """Deck 0-4, player 2 holding 3 facing a call of 4: the other card is 0, 1, 2 or 4."""
    from bluffmath.duel import bot_strategy
    from bluffmath.hochstapler import BidReadingBot, CardCountingBot, OpponentModel, RandomBot
    deck = (0, 1, 2, 3, 4)
    # card counting: P(3 + b >= 4) = 3/4 (b = 1, 2, 4); P(>= 5) = 1/2: raise to 5
    assert bot_strategy(CardCountingBot(), 2, deck)["3:4"] == {"5": 1}
    # with a bias of 1/2 it doubts: 3/4 - 1/2 < 1 - 1/2
    assert bot_strategy(CardCountingBot(doubt_bias=F(1, 2)), 2, deck)["3:4"] == {"doubt": 1}
    assert bot_strategy(RandomBot(), 2, deck)["3:4"] == {"doubt": F(1, 3), "5": F(2, 9), "6": F(2, 9), "7": F(2, 9)}
    # bid reading, nobody bluffs: a call of 4 is believed (P >= 1/2) only from a card b with
    # P(b + other >= 4) >= 1/2: b = 2 (other 2 of {0,1,3,4}), b = 4; so b is 2 or 4, and
    # 3 + b >= 6 only for b = 4: P(>= 6) = 1/2 against the doubt's 1 - P(>= 4) = 0: raise 5
    honest = BidReadingBot(model=OpponentModel(bluff=F(0)))
    assert bot_strategy(honest, 2, deck)["3:4"] == {"5": 1}
    # facing 6 holding 0: only b = 4 believes 6 (P(4 + other >= 6) = 1/2), and 0 + 4 < 6
    assert bot_strategy(honest, 2, deck)["0:6"] == {"doubt": 1}


# --- playing an equilibrium ------------------------------------------------------------------
class _Every:
    """A generator that gives every whole number below the scale once, in turn."""

    def __init__(self) -> None:
        self.n = 0

    def randrange(self, scale: int) -> int:
        self.n += 1
        return (self.n - 1) % scale


def test_the_draw_has_exactly_the_chances() -> None:
    from collections import Counter

    from bluffmath.equilibrium import draw
    weights = [Fraction(1, 6), Fraction(1, 2), Fraction(1, 3)]
    rng = _Every()
    counts = Counter(draw(rng, weights) for _ in range(6))
    assert {i: Fraction(c, 6) for i, c in counts.items()} == dict(enumerate(weights))
    with pytest.raises(InvalidInputError, match="sum to 1"):
        draw(rng, [Fraction(1, 2)])


def test_the_equilibrium_bot_plays_the_certificates_mix_exactly() -> None:
    from collections import Counter

    from bluffmath.equilibrium import EquilibriumBot, stored
    cert = stored({"game": "kuhn-poker"})
    for player in (1, 2):
        bot = EquilibriumBot(cert, player)
        nodes = [n for n in _decisions(cert.game.root) if n.player == player]
        for node in nodes:
            mix = cert.strategies[player - 1].get(node.infoset)
            if not mix:
                continue
            rng, scale = _Every(), 6
            counts = Counter(bot.act(node, rng) for _ in range(scale))
            assert {a: Fraction(c, scale) for a, c in counts.items()} == {a: p for a, p in mix.items() if p}
    with pytest.raises(InvalidInputError, match="plays player 1's decisions"):
        EquilibriumBot(cert, 1).act(next(n for n in _decisions(cert.game.root) if n.player == 2), _Every())


def _decisions(node):
    from bluffmath.equilibrium import Decision
    if isinstance(node, Decision):
        yield node
    for child in (getattr(node, "children", None) or [c for _, c in getattr(node, "branches", ())]):
        yield from _decisions(child)

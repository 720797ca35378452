"""The Hochstapler Duel at the class table: moves read strictly, pages drawn from a seat's
view alone (checked by dealing the card it cannot see anew, in random positions and in every
message of whole matches played over the sockets), every number on a page and on the
teacher's picture recomputed here (by counting the deck's cards, from the certificates, and
by a best reply walked on the game tree), and whole matches between students and against
the bots."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import zipfile
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import duel as dp
from bluffmath.duel import COLOUR, duel
from bluffmath.equilibrium import stored
from bluffmath.equilibrium.tree import Chance, Terminal
from bluffmath.errors import IllegalActionError
from bluffmath.review import review_many
from bluffmath.schema import Node
from bluffmath_class.errors import MessageError
from bluffmath_class.games import GAMES, Record, Seating
from bluffmath_class.games.duel import VARIANTS
from bluffmath_class.games.duel_picture import class_tally
from bluffmath_class.jobs import COUNTING
from bluffmath_class.results import games_of, moves_csv
from tests.class_server import (
    Player,
    join,
    open_table,
    order,
    play_threads,
    reviewed,
    served,
    teacher_socket,
    until,
)
from tests.test_duel_play import brute_values

RULES = GAMES["duel"]
LESSON = (0, 1, 2, 3, 4)
SEATING = Seating(("Ann", "<b>Ben</b>"))


def _move(text: str) -> Any:
    return RULES.read_move(Node.of(text, "a move", MessageError))


def _certificate(deck: tuple[int, ...]) -> Any:
    return stored({"game": "hochstapler-duel", "deck": list(deck)})


@cache
def _tree(deck: tuple[int, ...]) -> Any:
    """The Duel on ``deck`` as the solver's game, built once here."""
    return duel(deck)


@cache
def _equilibrium(deck: tuple[int, ...], player: int) -> dict[str, dict[str, Fraction]]:
    """The certificate's strategy of ``player`` (the information sets it reaches)."""
    return _certificate(deck).strategy(player)


def _match(variant: str, seed: int, moves: int, bots: tuple[str, str] = ("random", "equilibrium")) -> dp.State:
    """A match of bots stopped after ``moves`` moves."""
    state, rng = RULES.new_state(2, variant, seed, seed % 2), random.Random(seed)
    for _ in range(moves):
        if state.to_act is None:
            break
        state = RULES.apply(state, RULES.bot_move(state, bots[state.to_act], rng))
    return state


# --- the rules at the table -----------------------------------------------------------------


def test_the_duel_is_registered_with_its_variants_and_bots():
    assert RULES.title == "Hochstapler Duel"
    assert next(iter(RULES.variants)) == "0-4-10"
    assert {(g.deck, g.deals) for g in VARIANTS.values()} == {
        (d, n) for d in [(0, 1, 2), (0, 1, 2, 3), LESSON, COLOUR] for n in (1, 10)}
    assert set(RULES.bots) == {"equilibrium", "reader", "random"}
    assert all(RULES.seat_range(v) == range(2, 3) for v in RULES.variants)


@pytest.mark.parametrize(("text", "message"), [
    ('{"kind": "call", "total": 5, "colour": "red"}', 'a move: unknown key "colour"; allowed: kind, total'),
    ('{"kind": "raise", "total": 5}', 'a move: kind: "raise" is not allowed; allowed: call, doubt'),
    ('{"kind": "call"}', 'a move: key "total" missing'),
    ('{"kind": "call", "total": 5.0}', "a move: total must be a whole number from 1 to 13; found 5.0"),
    ('{"kind": "call", "total": true}', "a move: total must be a whole number from 1 to 13; found true"),
    ('{"kind": "call", "total": 14}', "a move: total must be a whole number from 1 to 13; found 14"),
    ('{"kind": "doubt", "total": 3}', 'a move: unknown key "total"; allowed: kind'),
    ('{"kind": "doubt", "kind": "doubt"}', '"kind" appears twice'),
])
def test_a_move_is_read_strictly_naming_the_place(text, message):
    with pytest.raises(MessageError) as caught:
        _move(text)
    assert message in str(caught.value)


def test_a_move_read_back_from_its_json_is_the_same_move():
    for action in [dp.DOUBT, *(dp.Call(t) for t in range(1, 14))]:
        assert RULES.read_move(Node(RULES.move_json(action), "a stored move", MessageError)) == action


def test_the_engine_refuses_an_illegal_move_read_from_the_wire():
    state = RULES.new_state(2, "0-4-1", 22, 0)
    with pytest.raises(IllegalActionError, match="a call names a whole number from 1 to 7"):
        RULES.apply(state, _move('{"kind": "call", "total": 9}'))


def test_the_opener_of_a_new_match_opens_its_first_deal_and_the_seats_alternate():
    state = _match("0-4-10", 4, 200)
    assert RULES.to_act(state) is None
    assert [d.opener for d in state.deals] == [0, 1] * 5
    assert RULES.new_state(2, "colour-1", 3, 1).to_act == 1
    assert sum(RULES.scores(state)) == 0
    assert RULES.winners(state) == tuple(s for s in (0, 1) if state.scores[s] >= 0)


@pytest.mark.parametrize("bot", ["equilibrium", "random"])
def test_a_bot_moves_only_legally_from_its_seats_view(bot):
    for seed in range(30):
        state, rng = RULES.new_state(2, "0-3-10", seed, 0), random.Random(seed)
        while state.to_act is not None:
            action = RULES.bot_move(state, bot, rng)
            assert action in state.legal_actions()
            state = RULES.apply(state, action)


def test_the_save_is_the_cores_and_replays():
    state = _match("0-4-10", 8, 13)
    assert dp.load_duel(RULES.save(state)) == state


def test_the_decisions_are_both_seats_moves_valued_against_the_equilibrium():
    state = _match("0-4-10", 6, 60)
    decisions = RULES.decisions(state)
    assert [d.number for d in decisions] == list(range(1, len(state.events) + 1))
    assert [d.choice for d in decisions] == [str(a) for _, a in state.events]
    number = 0
    for deal in state.deals:
        for i, (seat, _) in enumerate(deal.events()):
            number += 1
            player = 1 if seat == deal.opener else 2
            assert dict(decisions[number - 1].values) == {
                ("doubt" if a == "doubt" else f"call {a}"): v
                for a, v in brute_values(LESSON, player, deal.cards[seat], deal.calls[:i]).items()}
    assert RULES.unit == dp.UNIT


# --- what a seat may see --------------------------------------------------------------------


def other_world(state: dp.State, seat: int, rng: random.Random) -> dp.State:
    """``state`` with every card ``seat`` cannot see dealt anew: the other seat's card of the
    deal under way (any of the deck's other cards), and the seed that deals the deals to
    come (``seat`` -1: both cards). The finished deals, shown to everyone, stay."""
    world = object.__new__(dp.State)
    world.__dict__.update(state.__dict__)
    world.__dict__["seed"] = rng.randrange(2**62)
    if state.cards is not None:
        if seat in (0, 1):
            rest = list(state.game.deck)
            rest.remove(state.cards[seat])
            cards = list(state.cards)
            cards[1 - seat] = rng.choice(rest)
        else:
            cards = rng.sample(list(state.game.deck), 2)
        world.__dict__["cards"] = tuple(cards)
    return world


def _duel_state(variant: str, seed: int, moves: int) -> dp.State:
    return _match(variant, seed, moves, ("equilibrium", "random"))


@given(variant=st.sampled_from(list(VARIANTS)), seed=st.integers(0, 10**9), moves=st.integers(0, 40),
       odds=st.sampled_from(["always", "after-doubt", "never"]))
@settings(max_examples=60, deadline=None)
def test_a_seats_page_is_the_same_whatever_the_card_it_cannot_see(variant, seed, moves, odds):
    state = _duel_state(variant, seed, moves)
    rng = random.Random(seed)
    for seat in (0, 1):
        page = RULES.seat_page(state, seat, SEATING, odds, [])
        for _ in range(3):
            world = other_world(state, seat, rng)
            assert world.view(seat) == state.view(seat)
            assert RULES.seat_page(world, seat, SEATING, odds, []) == page
        assert RULES.end_page(other_world(state, seat, rng), seat, SEATING) == RULES.end_page(state, seat, SEATING)
    public = RULES.table_page(state, SEATING, [])
    assert RULES.table_page(other_world(state, -1, rng), SEATING, []) == public


def test_the_other_world_really_deals_the_hidden_card_anew():
    state = _duel_state("colour-10", 3, 5)
    worlds = [other_world(state, 0, random.Random(i)) for i in range(12)]
    assert any(w.cards[1] != state.cards[1] for w in worlds)
    assert all(w.cards[0] == state.cards[0] for w in worlds)
    assert all(w.seed != state.seed for w in worlds)
    assert all(w.view(0) == state.view(0) for w in worlds)


def test_a_page_that_used_the_hidden_card_would_be_caught():
    state = _duel_state("colour-10", 3, 5)

    def leaky(s: dp.State) -> str:   # what a careless page might do
        return RULES.seat_page(s, 0, SEATING, "always", [])["board"] + str(s.cards[1])

    assert len({leaky(other_world(state, 0, random.Random(i))) for i in range(12)}) > 1


def test_names_are_escaped_on_every_page():
    state = _duel_state("0-4-10", 2, 9)
    seating = Seating(('<img src=x onerror="alert(1)">', "Ben"))
    html = "".join(RULES.seat_page(state, 1, seating, "always", []).values())
    html += RULES.table_page(state, seating, []) + RULES.end_page(state, 1, seating)
    assert "<img" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html


# --- the numbers on a page, recomputed ----------------------------------------------------


def counted(deck: tuple[int, ...], card: int, call: int) -> Fraction:
    """P(card + the other card >= call), the other card one of the deck's others, by counting."""
    rest = list(deck)
    rest.remove(card)
    return Fraction(sum(card + b >= call for b in rest), len(rest))


def _ps(html: str, css: str) -> list[Fraction]:
    """The exact fractions inside the elements of class ``css`` (a chance, short or long)."""
    found = re.findall(rf'class="{css}"><(?:span|details) class="p(?: long)?" data-p="(\d+)/(\d+)"', html)
    return [Fraction(int(a), int(b)) for a, b in found]


@given(variant=st.sampled_from(["0-4-10", "colour-10", "0-3-10"]), seed=st.integers(0, 10**9),
       moves=st.integers(0, 25))
@settings(max_examples=40, deadline=None)
def test_the_odds_are_the_cards_counted_and_the_certificates_mix(variant, seed, moves):
    state = _duel_state(variant, seed, moves)
    if state.to_act is None:
        return
    seat, deck = state.to_act, state.game.deck
    card, calls = state.cards[seat], state.calls
    odds = RULES.seat_page(state, seat, SEATING, "always", [])["odds"]
    if calls:
        assert _ps(odds, "current") == [counted(deck, card, calls[-1])]
    player = state.player(seat)
    mix = _equilibrium(deck, player).get(f"{card}:" + ",".join(map(str, calls)))
    rows = re.findall(r'<tr data-action="(\w+)">(.*?)</tr>', odds)
    assert [a for a, _ in rows] == (["doubt"] if calls else []) + [str(t) for t in range((calls or (0,))[-1] + 1,
                                                                                          deck[-1] + deck[-2] + 1)]
    for action, row in rows:
        right = 1 - counted(deck, card, calls[-1]) if action == "doubt" else counted(deck, card, int(action))
        assert _ps(row, "right") == [right]
        assert _ps(row, "eq") == ([mix.get(action, Fraction(0))] if mix is not None else [])
        assert ("bluff" in row) == (action != "doubt" and right < Fraction(1, 2))
    if mix is not None:
        bluffs = sum((p for a, p in mix.items() if a != "doubt" and counted(deck, card, int(a)) < Fraction(1, 2)),
                     Fraction(0))
        assert _ps(odds, "eq-bluff") == [bluffs]
    else:
        assert "The equilibrium never comes here" in odds


def test_a_finished_deals_moves_show_their_chances_and_the_equilibriums_mix():
    state = _duel_state("0-4-10", 12, 30)
    log = RULES.seat_page(state, 0, SEATING, "after-doubt", [])["log"]
    shown = re.findall(r'holding (\d), (called|doubted) (\d+): (?:true|right) with P = <span class="p" '
                       r'data-p="(\d+)/(\d+)"', log)
    expected = []
    for deal in reversed(state.deals):
        for seat, action in deal.events():
            card = deal.cards[seat]
            if isinstance(action, dp.Doubt):
                expected.append((card, "doubted", deal.calls[-1], 1 - counted(LESSON, card, deal.calls[-1])))
            else:
                expected.append((card, "called", action.total, counted(LESSON, card, action.total)))
    assert [(int(c), w, int(t), Fraction(int(a), int(b))) for c, w, t, a, b in shown] == expected
    assert "P =" not in RULES.seat_page(state, 0, SEATING, "never", [])["log"]


def test_the_end_page_reviews_the_seats_moves_by_the_tree():
    state = _duel_state("0-4-10", 21, 200)
    end = RULES.end_page(state, 1, SEATING)
    items = re.findall(r'<li data-number="(\d+)">.*?: (doubt|call \d+), worth <span class="pts" data-x="(-?\d+)/(\d+)"', end)
    mine = [(n, s, a) for n, (s, a) in enumerate(state.events, 1) if s == 1]
    assert [int(n) for n, _, _, _ in items] == [n for n, _, _ in mine]
    for (_, choice, a, b), deal_move in zip(items, _moves_with_position(state, 1), strict=True):
        player, card, calls, action = deal_move
        values = brute_values(LESSON, player, card, calls)
        assert Fraction(int(a), int(b)) == values[dp.action_name(action)]
        assert choice == str(action)


def _moves_with_position(state: dp.State, seat: int):
    for deal in state.deals:
        for i, (s, action) in enumerate(deal.events()):
            if s == seat:
                yield 1 if s == deal.opener else 2, deal.cards[s], deal.calls[:i], action


# --- the teacher's picture, recomputed -------------------------------------------------------


def tree_exploitability(deck: tuple[int, ...], player: int, strategy: dict[str, dict[str, Fraction]]) -> Fraction:
    """What ``strategy`` of ``player`` loses against the other's best reply, walking the tree:
    the other's information sets, deepest first, each choosing the move that is best over all
    its nodes (weighted by chance and ``strategy``)."""
    root, other = _tree(deck).root, 3 - player
    sets: dict[str, list[tuple[Any, Fraction]]] = defaultdict(list)
    stack = [(root, Fraction(1))]
    while stack:
        node, w = stack.pop()
        if isinstance(node, Terminal) or not w:
            continue
        if isinstance(node, Chance):
            stack.extend((c, w * p) for p, c in node.branches)
        elif node.player == other:
            sets[node.infoset].append((node, w))
            stack.extend((c, w) for c in node.children)
        else:
            mix = strategy[node.infoset]
            stack.extend((c, w * mix.get(a, 0)) for a, c in zip(node.actions, node.children, strict=True))
    choice: dict[str, int] = {}
    sign = 1 if other == 1 else -1

    def value(node: Any) -> Fraction:   # to player 1
        if isinstance(node, Terminal):
            return Fraction(node.payoff)
        if isinstance(node, Chance):
            return sum((p * value(c) for p, c in node.branches), Fraction(0))
        if node.player == other:
            return value(node.children[choice.get(node.infoset, 0)])
        mix = strategy[node.infoset]
        return sum((p * value(node.children[node.actions.index(a)]) for a, p in mix.items() if p), Fraction(0))

    def depth(key: str) -> int:
        said = key.partition(":")[2]
        return len(said.split(",")) if said else 0

    for key in sorted(sets, key=depth, reverse=True):
        actions = sets[key][0][0].actions
        totals = [sign * sum((w * value(n.children[i]) for n, w in sets[key]), Fraction(0)) for i in range(len(actions))]
        choice[key] = totals.index(max(totals))
    reply = value(root)
    cert = _certificate(deck)
    return cert.value - reply if player == 1 else reply - cert.value


@dataclass
class Expected:
    """The picture's figures, recomputed from the matches' states and seating alone."""

    counts: dict[tuple[int, str], Counter]
    moves: int
    bluffs: int
    facing: int
    doubts: int
    eq_bluffs: Fraction
    eq_doubts: Fraction
    won: dict[int, list[int]]


def expected(records: list[Record], deck: tuple[int, ...]) -> Expected:
    counts: dict[tuple[int, str], Counter] = defaultdict(Counter)
    moves = bluffs = facing = doubts = 0
    eq_bluffs = eq_doubts = Fraction(0)
    won: dict[int, list[int]] = {1: [], 2: []}
    for record in records:
        state = record.state
        if state.game.deck != deck:
            continue
        for deal in state.deals:   # finished deals only: their cards are shown
            for seat in (0, 1):
                if seat not in record.seating.bots:
                    won[1 if seat == deal.opener else 2].append(1 if deal.winner == seat else -1)
            for i, (seat, action) in enumerate(deal.events()):
                if seat in record.seating.bots:
                    continue
                player, card, before = 1 if seat == deal.opener else 2, deal.cards[seat], deal.calls[:i]
                key = f"{card}:" + ",".join(map(str, before))
                name = "doubt" if isinstance(action, dp.Doubt) else str(action.total)
                counts[player, key][name] += 1
                moves += 1
                mix = _equilibrium(deck, player).get(key) or {"doubt" if before else "1": Fraction(1)}
                eq_bluffs += sum((p for a, p in mix.items() if a != "doubt" and counted(deck, card, int(a)) < Fraction(1, 2)),
                                 Fraction(0))
                if before:
                    facing += 1
                    doubts += name == "doubt"
                    eq_doubts += mix.get("doubt", Fraction(0))
                if name != "doubt":
                    bluffs += counted(deck, card, int(name)) < Fraction(1, 2)
    return Expected(dict(counts), moves, bluffs, facing, doubts, eq_bluffs, eq_doubts, won)


def class_strategy(deck: tuple[int, ...], player: int, counts: dict[tuple[int, str], Counter]) -> dict:
    """The class's average strategy, the equilibrium bot's play where the class never was:
    the certificate's mix, else the first move (the doubt, or opening, the call of 1)."""
    strategy = {}
    for key, info in _tree(deck).infosets.items():
        if info.player == player:
            strategy[key] = _equilibrium(deck, player).get(key) or {info.actions[0]: Fraction(1)}
    for (p, key), row in counts.items():
        if p == player:
            strategy[key] = {a: Fraction(c, sum(row.values())) for a, c in row.items()}
    return strategy


def _x(html: str, pattern: str) -> Fraction:
    a, b = re.search(pattern + r'[^>]*data-x="(-?\d+)/(\d+)"', html).groups()
    return Fraction(int(a), int(b))


def shown_figures(html: str, deck: tuple[int, ...]) -> dict[str, Any]:
    """The figures the picture of ``deck`` carries, read from its data attributes."""
    panel = re.search(rf'<div class="duel-picture" data-deck="{",".join(map(str, deck))}">(.*?)</div>', html, re.S)[1]
    numbers = {n: int(re.search(rf'data-{n}="(\d+)"', panel)[1]) for n in ("moves", "bluffs", "facing", "doubts")}
    rows: dict[tuple[int, str], dict[str, int]] = defaultdict(dict)
    eq: dict[tuple[int, str], dict[str, str]] = defaultdict(dict)
    for player, key, action, count, rest in re.findall(
            r'<tr data-key="(\d)\|([\d:,]+)" data-action="(\w+)" data-count="(\d+)" data-n="\d+">(.*?)</tr>', panel):
        if int(count):
            rows[int(player), key][action] = int(count)
        cells = re.findall(r"<td>(.*?)</td>", rest)
        eq[int(player), key][action] = cells[-1]
    return {**numbers,
            "eq_bluffs": _x(panel, 'class="eq-bluffs"><(?:span|details) class="pts'),
            "eq_doubts": _x(panel, 'class="eq-doubts"><(?:span|details) class="pts'),
            "exploit": {p: _x(panel, f'class="exploit" data-player="{p}"') for p in (1, 2)},
            "deals": {p: int(re.search(rf'<li data-player="{p}" data-deals="(\d+)"', panel)[1]) for p in (1, 2)},
            "per_deal": {p: [Fraction(int(a), int(b)) for a, b in re.findall(
                r'data-x="(-?\d+)/(\d+)"', re.search(rf'<li data-player="{p}" data-deals.*?</li>', panel)[0])]
                for p in (1, 2)},
            "held_to": {p: [Fraction(int(a), int(b)) for a, b in re.findall(
                r'data-x="(-?\d+)/(\d+)"', re.search(rf'<li class="exploit" data-player="{p}".*?</li>', panel)[0])]
                for p in (1, 2)},
            "shares": re.findall(r'data-count="(\d+)" data-n="(\d+)">(?:<td rowspan.*?</td>){0,3}<td>[^<]*</td>'
                                 r'<td>\d+ \(<span class="p" data-p="(\d+)/(\d+)"', panel),
            "rows": dict(rows), "eq": dict(eq)}


def assert_picture_is_recomputed(html: str, records: list[Record], deck: tuple[int, ...], walk: bool = True) -> None:
    """Every figure of the deck's panel equal to one recomputed here from the records."""
    want = expected(records, deck)
    shown = shown_figures(html, deck)
    assert {k: shown[k] for k in ("moves", "bluffs", "facing", "doubts")} == \
        {"moves": want.moves, "bluffs": want.bluffs, "facing": want.facing, "doubts": want.doubts}
    assert shown["eq_bluffs"] == want.eq_bluffs
    assert shown["eq_doubts"] == want.eq_doubts
    assert shown["deals"] == {p: len(want.won[p]) for p in (1, 2)}
    value = _certificate(deck).value
    for p, fair in ((1, value), (2, -value)):   # the mean per deal (if any), then the value
        mean = [Fraction(sum(want.won[p]), len(want.won[p]))] if want.won[p] else []
        assert shown["per_deal"][p] == [*mean, fair]
    assert len(shown["shares"]) == sum(len(set(c) | set(_equilibrium(deck, k[0]).get(k[1], {})))
                                       for k, c in want.counts.items())
    assert all(Fraction(int(a), int(b)) == Fraction(int(c), int(n)) for c, n, a, b in shown["shares"])
    assert shown["rows"] == {k: dict(v) for k, v in want.counts.items()}
    for (player, key), cells in shown["eq"].items():
        mix = _equilibrium(deck, player).get(key)
        for action, cell in cells.items():
            if mix is None:
                assert cell == "never here"
            else:
                assert re.search(r'data-p="(\d+)/(\d+)"', cell).groups() == \
                    (str(mix.get(action, Fraction(0)).numerator), str(mix.get(action, Fraction(0)).denominator))
    for player in (1, 2):
        strategy = class_strategy(deck, player, want.counts)
        loss = tree_exploitability(deck, player, strategy) if walk else _core_exploitability(deck, player, strategy)
        assert shown["exploit"][player] == loss
        fair = value if player == 1 else -value   # the loss, what the best reply holds it to, the value
        assert shown["held_to"][player] == [loss, loss, fair - loss, fair]


def _core_exploitability(deck: tuple[int, ...], player: int, strategy: dict) -> Fraction:
    from bluffmath.equilibrium import exploitability
    cert = _certificate(deck)
    return exploitability(cert.game, player, strategy, cert.value)


def _records(variant: str, seeds: range, bots: frozenset[int] = frozenset()) -> list[Record]:
    records = []
    for seed in seeds:
        state = _match(variant, seed, random.Random(seed).randint(5, 60), ("random", "equilibrium"))
        records.append(Record(Seating(("A", "B"), bots), state, [], table=seed % 3 + 1, game=seed))
    return records


@pytest.mark.parametrize("bots", [frozenset(), frozenset({1})])
def test_every_figure_of_the_picture_is_recomputed(bots):
    records = _records("0-4-10", range(8), bots)
    assert_picture_is_recomputed(RULES.picture(records), records, LESSON)


def test_the_equilibrium_alone_gives_nothing_away():
    """Seats that play the stored (plain) equilibrium of 0-3, which is pure: the class's
    average strategy is that equilibrium, and nothing is given away."""
    plain = dp.StrategyBot("plain", (dp.equilibrium_strategy((0, 1, 2, 3), 1), dp.equilibrium_strategy((0, 1, 2, 3), 2)))
    assert all(len(mix) == 1 for side in plain.strategies for mix in side.values())
    records = []
    for seed in range(6):
        state, rng = RULES.new_state(2, "0-3-10", seed, seed % 2), random.Random(seed)
        for _ in range(200):
            if state.to_act is None:
                break
            state = RULES.apply(state, plain.choose(state.view(state.to_act), rng))
        records.append(Record(Seating(("A", "B")), state, []))
    html = RULES.picture(records)
    assert shown_figures(html, (0, 1, 2, 3))["exploit"] == {1: 0, 2: 0}
    assert_picture_is_recomputed(html, records, (0, 1, 2, 3))


def test_each_deck_has_its_own_panel_and_the_real_colour_is_checked_by_the_core():
    records = _records("0-4-10", range(3)) + _records("colour-10", range(3, 6)) + _records("0-2-1", range(6, 9))
    html = RULES.picture(records)
    assert html.count('class="duel-picture"') == 3
    assert_picture_is_recomputed(html, records, LESSON)
    assert_picture_is_recomputed(html, records, (0, 1, 2))
    assert_picture_is_recomputed(html, records, COLOUR, walk=False)


def test_the_picture_shows_nothing_a_deal_under_way_could_change():
    rng = random.Random(4)
    for seed in range(10):
        record = _records("0-4-10", range(seed, seed + 1))[0]
        picture = RULES.picture([record])
        world = other_world(record.state, -1, rng)
        assert RULES.picture([replace(record, state=world)]) == picture


def test_a_picture_without_a_finished_deal_says_so():
    state = RULES.new_state(2, "0-4-10", 1, 0)
    html = RULES.picture([Record(SEATING, RULES.apply(state, dp.Call(3)), [])])
    assert "No finished deal with a student's move yet" in html


def test_the_tally_counts_only_students_in_finished_deals():
    state = _match("0-4-10", 3, 7)
    tallies = class_tally([Record(Seating(("A", "B"), frozenset({0})), state, [])])
    moves = [(s, a) for d in state.deals for s, a in d.events() if s == 1]
    assert len(tallies[LESSON].moves) == len(moves)


# --- whole matches over the sockets -----------------------------------------------------------


class DuelPlayer(Player):
    """A student who plays a random legal move of the engine whenever it is their turn."""

    def _move(self, socket: Any, message: dict[str, Any], table: Any, rng: random.Random) -> None:
        run = table.current
        if run is None or run.at != message["at"]:
            return
        action = rng.choice(run.state.legal_actions()[:5])
        socket.send_text(json.dumps({"type": "move", "game": message["game"], "at": message["at"],
                                     "move": table.rules.move_json(action)}))


def assert_views_hide_the_other_card(run: Any, variant: str, seating: Seating, seat: int,
                                     messages: list[dict[str, Any]], odds: str, rng: random.Random) -> int:
    """Every view ``seat`` received of ``run`` is the page drawn in worlds where the card it
    cannot see (and the seed of the deals to come) is dealt anew. The number checked."""
    states = [RULES.new_state(2, variant, run.seed, run.opener)]
    for move in run.moves:
        states.append(RULES.apply(states[-1], RULES.read_move(Node(move.move, "a stored move"))))
    assert states[-1] == run.state
    views = [m for m in messages if m["type"] == "view" and m["game"] == run.id]
    for message in views:
        state = states[message["at"]]
        for _ in range(2):
            world = other_world(state, seat, rng)
            page = RULES.seat_page(world, seat, seating, odds, [])
            if message["regions"]["end"]:  # the server's own words for a match that ended
                page.pop("status"), page.pop("moves")
                if reviewed(message):  # (the end shows at once; its panel follows)
                    assert message["regions"]["end"] == RULES.end_page(world, seat, seating)
                else:
                    assert message["regions"]["end"] == COUNTING
            assert {k: message["regions"][k] for k in page} == page
    return len(views)


def test_two_students_play_whole_matches_and_every_message_hides_the_other_card():
    with served() as (client, app):
        table_id = open_table(client, app, game="duel", seats=2, bot="equilibrium", odds="always",
                              variant="0-4-10", move_seconds=0)
        players = [DuelPlayer(client, app, join(client, app, n), table_id, seed=3 + i) for i, n in enumerate(["Ann", "Ben"])]
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
            play_threads(players)
            order(teacher, type="start", table=table_id)
            play_threads(players, games=2)
            room_message = until(teacher, lambda m: m["type"] == "room" and "Game 2 is over" in m["regions"]["tables"]
                                 and 'data-deals="20"' in m["regions"]["picture"])
        table = app.state.room.tables[table_id]
        seating = table.seating()
        runs = list(table.runs)
        csv_text = moves_csv(games_of(app.state.room))
    rng = random.Random(1)
    for run in runs:
        assert run.state.is_terminal
        for seat, player in enumerate(players):
            assert assert_views_hide_the_other_card(run, "0-4-10", seating, seat, player.messages, "always", rng) > 10
    assert [r.opener for r in runs] == [0, 1]
    records = [Record(seating, r.state, r.notes, r.ended_by, table_id, r.number) for r in runs]
    assert_picture_is_recomputed(room_message["regions"]["picture"], records, LESSON)
    assert csv_text.count("against the equilibrium bot") == sum(len(r.moves) for r in runs)


def test_a_student_plays_the_equilibrium_bot_and_the_teacher_downloads_the_saves():
    with served() as (client, app):
        table_id = open_table(client, app, game="duel", seats=2, bot="equilibrium", odds="after-doubt",
                              variant="0-3-10", move_seconds=0)
        player = DuelPlayer(client, app, join(client, app, "Ann"), table_id, seed=11)
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
            play_threads([player])
        client.cookies.set("bm_teacher", app.state.room.teacher_key)
        archive = zipfile.ZipFile(io.BytesIO(client.get("/teacher/saves.zip").content))
        table = app.state.room.tables[table_id]
        seating, run = table.seating(), table.last
        picture = GAMES["duel"].picture([Record(seating, run.state, run.notes, run.ended_by, table_id, 1)])
    assert seating.bots == frozenset({1})
    saved = dp.load_duel(archive.read(f"table-{table_id}-game-1.json"))
    assert saved == run.state
    assert saved.is_terminal
    # the student's habits are the core's, read as the Duel's (its patterns, its bluff count)
    habits = list(csv.DictReader(io.StringIO(archive.read("habits.csv").decode())))
    row = next(r for r in habits if r["name"] == "Ann")
    core = review_many([saved], 0)
    assert row["bluffing"] == "; ".join(t.text() for t in core.tendencies)
    assert [row[f"habit {i} name"] for i in (1, 2, 3)] == [*(p.name for p in core.top(3)), "", "", ""][:3]
    assert {p.name for p in core.patterns} <= {"doubts too early", "doubts too late", "calls the wrong total"}
    by = Counter(m.by for m in run.moves)
    assert by["bot"] == sum(1 for s, _ in saved.events if s == 1)
    records = [Record(seating, saved, [], "finished", table_id, 1)]
    assert_picture_is_recomputed(picture, records, (0, 1, 2, 3))
    assert assert_views_hide_the_other_card(run, "0-3-10", seating, 0, player.messages, "after-doubt",
                                            random.Random(2)) > 10


def test_the_teachers_table_page_says_the_deal_the_calls_and_the_result():
    state = RULES.new_state(2, "0-4-10", 22, 0)
    state = RULES.apply(RULES.apply(state, dp.Call(5)), dp.DOUBT)     # 4 + 3 reach 5: Ann wins
    page = RULES.table_page(RULES.apply(state, dp.Call(2)), SEATING, [])
    assert "Deal 2 of 10: Ann to play; calls &lt;b&gt;Ben&lt;/b&gt; 2" in page
    assert "Ann held <b>4</b>, &lt;b&gt;Ben&lt;/b&gt; held <b>3</b>. Calls: Ann 5; &lt;b&gt;Ben&lt;/b&gt; doubted" in page
    end = _match("0-4-10", 4, 200)
    words = RULES.table_page(end, SEATING, [])
    level = end.scores[0] == end.scores[1]
    assert ("A draw: Ann and &lt;b&gt;Ben&lt;/b&gt; level" in words) == level
    assert ("Won by" in words) == (not level)


def test_a_match_the_teacher_ends_keeps_its_points_and_reviews_the_moves_made():
    from bluffmath_class.database import Database
    from bluffmath_class.protocol import Move
    from bluffmath_class.room import Room
    from bluffmath_class.settings import TableSettings
    from bluffmath_class.views import Views

    room = Room(Database(":memory:"))
    [table] = room.open_tables(TableSettings("duel", 2, "equilibrium", "always", 0, "0-4-10"), 1)
    room.join(room.code, "Ann")
    room.join(room.code, "Ben")
    run = room.start(table.id)
    room.move(table, 0, Move(run.id, 0, dp.Call(2)))
    room.end(table.id)
    message = Views(room).seat(table, 0)
    assert "The teacher ended the match; the points so far" in message["regions"]["end"]
    assert "#1" in message["regions"]["end"]
    assert message["regions"]["moves"] == ""
    assert "No finished deal with a student's move yet" in Views(room).room_view(set())["regions"]["picture"]

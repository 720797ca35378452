"""The Hoax engine: the rules checked after every action of many random games, a search of
the positions a game can reach for a seat left without a move, and refusals.

The hand-worked positions (every role's action, every reaction, the Marlene example, the
pass and the draw of a full round of passes) are in ``test_hoax_rules.py``.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.hoax_games import check_turn
from bluffmath.errors import BluffmathError, IllegalActionError, InvalidInputError
from bluffmath.hoax.actions import Accuse, Act, Buy, Done, Pass, Show, Take, Vote
from bluffmath.hoax.bots import RandomBot, play
from bluffmath.hoax.events import Claimed, Covered, Ended, Moved, Vaulted
from bluffmath.hoax.game import Game, State
from bluffmath.hoax.moves import turn_moves
from bluffmath.hoax.roles import edition as deck
from bluffmath.hoax.saves import from_json, to_json

VAULT_WHYS = {"Thief: steal from the vault", "a fine", "a fine, to the King", "a pardon", "a look, from the vault"}


def check(before: State, action, after: State) -> None:
    """Every rule a move must keep, from the raw fields."""
    for t in range(3):
        held = sum(o[t] for o in after.outside) + sum(after.vault)
        assert after.castle[t] + held == 20, "tokens not conserved"
        assert after.castle[t] >= 0
        assert all(o[t] >= 0 for o in after.outside)
    assert all(v >= 0 for v in after.vault)
    new = after.log[len(before.log):]
    assert after.log[:len(before.log)] == before.log, "the log was rewritten"
    covered = [set(c) for c in before.covered]
    for e in new:
        if isinstance(e, Claimed):
            assert e.role not in covered[e.seat], f"seat {e.seat} claimed its covered {e.role}"
        if isinstance(e, Covered):
            assert e.role != after.cards[e.seat], "a role covered by its holder"
            covered[e.seat].add(e.role)
    _check_vault(before, action, after, new)
    assert not after.is_terminal or any(isinstance(e, Ended) for e in new) or after.winner is not None
    if after.is_terminal:
        assert after.winner is not None or "draw" in after.how
        assert after.winner is None or after.alive[after.winner]


def _check_vault(before: State, action, after: State, new) -> None:
    """A vault changes only by its owner's Store/Break, a Thief, a fine or pardon paid from
    it by choice, a look bought with it, or a leaver's trios."""
    change = [a - b for a, b in zip(after.vault, before.vault, strict=True)]
    seen = [0] * after.players
    for i, e in enumerate(new):
        if isinstance(e, Vaulted):
            seen[e.seat] += e.trios
            if e.trios > 0:
                assert type(action).__name__ == "Store"
                assert e.seat == before.to_act
            elif type(action).__name__ != "Break":
                why = next(m.why for m in new[i + 1:] if isinstance(m, Moved))
                assert why in VAULT_WHYS, why
                if why.startswith(("a fine", "a pardon")):
                    assert action.vault, "a fine paid from the vault without choosing it"
        if isinstance(e, Moved) and e.why.startswith("leaves: vault"):
            seen[e.source] -= e.tokens[0]
            seen[e.to] += e.tokens[0]
    assert seen == change


def run(game: Game, seed: int, every=None) -> tuple[State, int]:
    rng = random.Random(seed)
    state, moves = game.new_game(), 0
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal
        assert len(legal) == len(set(legal))
        check_turn(state, legal)
        action = rng.choice(legal)
        after = state.apply(action)
        check(state, action, after)
        if every:
            every(state, legal, after)
        state, moves = after, moves + 1
    assert state.legal_actions() == []
    return state, moves


def _refuses_others(state: State, legal, after) -> None:
    """Every legal move applies (and keeps the rules); anything else is refused (a sample
    of plausible moves)."""
    for action in legal:
        check(state, action, state.apply(action))
    p = state.to_act
    for action in (Pass(), Done(), Vote(True), Take(0), Act("Peasant", "take"), Buy((p + 1) % state.players),
                   Show("King"), Accuse((p + 1) % state.players, "King")):
        if action not in legal:
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert not state.can(action)


@pytest.mark.parametrize(("edition", "sizes"), [("original", range(3, 7)), ("german", range(4, 9))])
def test_random_games_keep_every_rule(edition, sizes):
    ends = set()
    for seed in range(300):
        game = Game(edition, players=sizes[seed % len(sizes)], seed=seed, accuse_on_turn=seed % 7 == 3
                    if edition == "original" else False)
        state, _ = run(game, seed, _refuses_others if seed % 10 == 0 else None)
        assert from_json(to_json(state)) == state
        ends.add("draw" if state.is_draw else "left" if "last player" in state.how else "truthful")
    assert ends >= {"left", "truthful"}


# --- a search of the positions a game can reach, for a seat left without a move --------------
#: The fewest moves a seat holding each card can have at its turn, worked out from docs/reference/rulings.md:
#: every other role covered, nothing anywhere but in the castle, and the fewest others still
#: in (one in the original edition; two in the German, where a turn needs three players in:
#: with two left the showdown replaces turns). The King takes wine or gold, or taxes; the
#: Judge takes grain or wine; the Vicar tithes one of three types (German: takes 2 wine, or
#: tithes); the Wizard casts a spell on each other player; the Peasant and the Merchant take;
#: the Thief finds nothing to steal. Accusations on the turn (the variant sheet, the German
#: edition) add one per role for each other player.
FEWEST = {"original": {"King": 3, "Judge": 2, "Vicar": 3, "Wizard": 1, "Thief": 0, "Peasant": 1},
          "german": {"King": 3, "Judge": 2, "Vicar": 2, "Wizard": 2, "Thief": 0, "Peasant": 1, "Merchant": 1}}


def _reached(beam: list[State], seen: set, seat: int):
    """Every position one move after those of ``beam`` not seen before in which ``seat`` will
    still take turns (it is in; no German showdown), each checked: there is a move to make,
    and a turn offers a pass alone exactly when the rules leave it nothing else."""
    for state in beam:
        for action in state.legal_actions():
            after = state.apply(action)
            key = (after.castle, after.outside, after.vault, after.alive, after.covered, after.shown, after.agenda,
                   after.ctx, after.vaulting, after.passes, after.showdown)
            if key in seen or after.is_terminal or not after.alive[seat] or after.showdown:
                continue
            seen.add(key)
            legal = after.legal_actions()
            assert legal
            check_turn(after, legal)
            yield after


def fewest_moves(game: Game, seat: int, depth: int, width: int = 20) -> tuple[tuple[int, int], int]:
    """A beam search over the positions ``game`` can reach, toward a turn of ``seat`` with the
    fewest moves: after each move it keeps the ``width`` positions where ``seat``'s turn would
    offer the fewest moves but accusations, then where the most players are in, then the
    fewest moves in all (ties at random). Returns the fewest moves found at a turn of ``seat``
    (but accusations, and in all) and how many of those turns offered a pass alone."""
    rng, beam, seen = random.Random(seat), [game.new_game()], set()
    fewest, passes = (99, 99), 0
    for _ in range(depth):
        found = []
        for state in _reached(beam, seen, seat):
            offered = turn_moves(state, seat)
            count = (sum(not isinstance(a, Accuse) for a in offered), len(offered))
            if state.phase == "turn" and state.to_act == seat:
                fewest, passes = min(fewest, count), passes + (not offered)
            found.append(((count[0], -sum(state.alive), count[1], rng.random()), state))
        beam = [state for _, state in sorted(found, key=lambda f: f[0])[:width]]
    return fewest, passes


@pytest.mark.parametrize(("edition", "variant", "players", "depth"), [
    ("original", False, 3, 40), ("original", True, 3, 40), ("german", False, 4, 100)])
def test_a_search_of_reachable_positions_leaves_only_the_thief_without_a_move(edition, variant, players, depth):
    """For each card, a search from a deal giving it to seat 0 drives that seat toward its
    fewest moves. It reaches the fewest the rules allow (FEWEST, plus the accusations on the
    turn, where there are any) and at every position it reaches there is a move; the only
    turn with no move but a pass is the original edition's Thief, without the variant sheet."""
    roles = deck(edition).roles
    others = 1 if edition == "original" else 2
    accusations = len(roles) * others if variant or edition == "german" else 0
    for role in roles:
        deal = (role, *[r for r in roles if r != role][:players - 1])
        fewest, passes = fewest_moves(Game(edition, players, deal=deal, accuse_on_turn=variant), 0, depth)
        assert fewest[1] - fewest[0] == accusations, role
        if (role, edition) != ("Thief", "german"):  # the search leaves the German Thief a theft or two
            assert fewest[0] == FEWEST[edition][role], role
        assert (passes > 0) == (fewest[1] == 0) == (role == "Thief" and accusations == 0), role


def test_long_games_reach_a_draw():
    state, _ = run(Game("original", players=3, seed=1, max_turns=1), 1)
    assert state.is_terminal
    games = [run(Game("german", players=4, seed=s, max_turns=2), s)[0] for s in range(30)]
    assert any(g.is_draw and "after 2 turns: a draw" in g.how for g in games)


@given(st.sampled_from(["original", "german"]), st.integers(0, 10**6))
def test_property_random_game_ends_with_tokens_conserved(edition, seed):
    ed_sizes = range(3, 7) if edition == "original" else range(4, 9)
    state, moves = run(Game(edition, players=ed_sizes[seed % len(ed_sizes)], seed=seed), seed)
    assert moves == len(state.actions)


def test_random_bot_plays_whole_games_the_same_for_the_same_seed():
    game = Game("german", players=6, seed=5)
    a = play(game, [RandomBot(seed=i) for i in range(6)])
    b = play(game, [RandomBot(seed=i) for i in range(6)])
    assert a == b
    assert a.is_terminal
    assert play(game, [RandomBot(seed=i) for i in range(6)], seed=6).game.seed == 6


def test_view_shows_own_card_and_public_log_only():
    """A view holds one card (its own), and of the private events only its own: what it
    was shown or showed, and its own accusations."""
    private_seen = 0
    for seed in range(60):
        game = Game("original" if seed % 2 else "german", players=5, seed=seed)
        rng = random.Random(seed)
        state = game.new_game()
        while not state.is_terminal:
            for seat in range(5):
                view = state.view(seat)
                assert view.card == state.cards[seat]
                assert set(vars(view)) == {"seat", "card", "edition", "players", "phase", "to_act", "alive",
                                           "castle", "outside", "vault", "covered", "winner", "log"}
                mine = [e for e in state.log if e.seen_by is None or seat in e.seen_by]
                assert list(view.log) == mine
                private_seen += sum(e.seen_by is not None for e in view.log)
                for e in view.log:
                    assert "cards" not in vars(e)
            state = state.apply(rng.choice(state.legal_actions()))
    assert private_seen > 0


def test_game_refuses_bad_parameters():
    with pytest.raises(InvalidInputError, match="players must be a whole number from 3 to 6"):
        Game("original", players=7)
    with pytest.raises(InvalidInputError, match="from 4 to 8"):
        Game("german", players=3)
    with pytest.raises(InvalidInputError, match="edition must be one of original, german"):
        Game("english")
    with pytest.raises(InvalidInputError, match="holds the King 3 times"):
        Game("original", players=3, deal=("King", "King", "King"))
    with pytest.raises(InvalidInputError, match="one card per player"):
        Game("original", players=3, deal=("King", "Thief"))
    with pytest.raises(InvalidInputError, match="Merchant"):
        Game("original", players=3, deal=("King", "Thief", "Merchant"))
    with pytest.raises(InvalidInputError, match="max_turns"):
        Game(max_turns=0)
    with pytest.raises(InvalidInputError, match="accuse_on_turn"):
        Game(accuse_on_turn=1)


def test_apply_refuses_with_bluffmath_errors():
    state = Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game()
    with pytest.raises(IllegalActionError, match=r"seat 0 is to take a token \(Take\)"):
        state.apply(Pass())
    with pytest.raises(IllegalActionError, match="an action is one of"):
        state.apply("take gold")
    assert issubclass(IllegalActionError, BluffmathError)
    assert issubclass(IllegalActionError, ValueError)
    assert state.can_take(0)
    assert not state.can_take(3)
    assert not state.can_take(0.0)
    assert not state.can_pass()
    with pytest.raises(IllegalActionError, match="not allowed now"):
        state.verify_pass()
    with pytest.raises(InvalidInputError, match="Take's token must be a whole number from 0 to 2"):
        state.verify_take(5)
    assert state.take(2).outside[0] == (0, 0, 1)


@pytest.mark.parametrize("edition", ["original", "german"])
def test_every_event_says_itself_with_names_and_with_seat_numbers(edition):
    """``event.text(names)`` names every seat and says what ``str(event)`` says with numbers;
    a claimed turn action names its target too."""
    names = ("Ann", "Bo", "Cy", "Di", "Ed")
    seen_target = False
    for seed in range(6):
        state = play(Game(edition, players=5, seed=seed), [RandomBot(seed=i) for i in range(5)])
        for event in state.log:
            named, plain = event.text(names), str(event)
            assert "seat " not in named, named
            plain = re.sub(r"showdown: seats (\d) and (\d)", r"showdown: seat \1 and seat \2", plain)
            assert named == re.sub(r"seat (\d)", lambda m: names[int(m[1])], plain)
            if isinstance(event, Claimed) and event.act is not None and event.act.target is not None:
                assert names[event.act.target] in named
                seen_target = True
    assert seen_target


def test_a_fixed_take_says_how_much():
    assert str(Act("Peasant", "take")) == "Peasant: take 2 grain"
    assert Act("Wizard", "spell", target=2).what(("Ann", "Bo", "Cy")) == "spell on Cy"

"""Every move of the Duel valued exactly against the equilibrium: move values, a match's
review, its luck and its bluffs.

:func:`move_values` values every move exactly in :data:`UNIT` (see :data:`MODEL`) against
the certificate the lessons read (:func:`~bluffmath.equilibrium.stored`, completed by
:func:`~bluffmath.duel.strategies.equilibrium_strategy`); :func:`review` reviews a seat's
moves so, :func:`luck` says what chance did (:func:`position_value`: what a seat expects
from a deal), and :func:`bluff_spots` where the seat or the equilibrium might bluff.

>>> from bluffmath.duel.actions import DOUBT, Call
>>> from bluffmath.duel.engine import Game
>>> values = move_values(Game(deck=(0, 1, 2, 3, 4)), player=2, card=2, calls=(4,))
>>> values[DOUBT], values[Call(6)], values[Call(7)]   # the equilibrium doubts or calls 6 here
(Fraction(-1, 5), Fraction(-1, 5), Fraction(-1, 1))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from bluffmath.duel.actions import DOUBT, Action, Call, Doubt
from bluffmath.duel.engine import Game, State, _legal, checked
from bluffmath.duel.strategies import equilibrium_strategy
from bluffmath.duel.tree import check_calls, check_deck
from bluffmath.errors import InvalidInputError
from bluffmath.i18n import N_, _
from bluffmath.review.decision import Decision as Reviewed
from bluffmath.review.decision import Luck, Review
from bluffmath.validate import shown, whole_number

#: What :func:`move_values` and :func:`review` measure (a review says it in the language in use).
UNIT = N_("expected points of the deal against the equilibrium bot, playing best after this move")
#: How the review values a move (a review says it in the language in use).
MODEL = N_("Each move is valued by the points it expects in its deal (+1 a deal won, -1 a deal "
         "lost) against the equilibrium bot (the certificate that ships with bluffmath), when "
         "you play best from then on. The other card is weighted by how likely the equilibrium "
         "makes the other player's calls with it; if the equilibrium would never have made "
         "those calls with any card, by card counting alone (the deck's other cards, at random).")


def move_values(game: Game, player: int, card: int, calls: tuple[int, ...]) -> dict[Action, Fraction]:
    """Each legal move of ``player`` holding ``card`` after ``calls``, valued exactly in
    :data:`UNIT` (see :data:`MODEL`): the points the deal then expects against the
    equilibrium bot, with best play afterwards.

    >>> game = Game(deck=(0, 1, 2))
    >>> move_values(game, 1, 0, ())     # with the 0, only a call of 1 or 2 can be true
    {Call(total=1): Fraction(1, 1), Call(total=2): Fraction(1, 1), Call(total=3): Fraction(-1, 1)}
    """
    checked("game", game, Game)
    _check_position(game.deck, player, card, calls, game.top - 1)
    if len(calls) % 2 != player - 1:
        raise InvalidInputError(f"after {len(calls)} calls it is player {1 + len(calls) % 2}'s move, "
                                f"not player {player}'s: move_values values the moves of the player to move")
    return dict(_values(game.deck, player, card, calls))


def _check_position(deck: tuple[int, ...], player: int, card: int, calls: tuple[int, ...], highest: int) -> None:
    """Raise InvalidInputError unless ``player`` is 1 or 2, ``card`` one of the deck's and
    ``calls`` rising calls up to ``highest``."""
    whole_number("player", player, 1, 2)
    if type(card) is not int or card not in deck:
        raise InvalidInputError(f"card must be one of the deck's values {sorted(set(deck))}, got {shown(card)}")
    check_calls(highest + 1, calls)


@lru_cache(maxsize=4096)
def _values(deck: tuple[int, ...], player: int, card: int, calls: tuple[int, ...]) -> tuple[tuple[Action, Fraction], ...]:
    other = equilibrium_strategy(deck, 3 - player)
    top = deck[-1] + deck[-2]
    prior = _other_cards(deck, card)
    weights = {}
    for b, p in prior.items():  # the other player's calls: the even ones if player 2 is valued
        for i in range(player % 2, len(calls), 2):
            p *= other[_key(b, calls[:i])].get(str(calls[i]), 0)
        weights[b] = p
    if not any(weights.values()):
        weights = prior
    total = sum(weights.values(), Fraction(0))
    walk = _Walk(other, card, top)
    return tuple((a, walk.action(calls, a, weights) / total) for a in _legal(top, calls))


def _other_cards(deck: tuple[int, ...], card: int) -> dict[int, Fraction]:
    counts = Counter(deck)
    counts[card] -= 1
    return {b: Fraction(n, len(deck) - 1) for b, n in sorted(counts.items()) if n}


def _key(card: int, calls: tuple[int, ...]) -> str:
    return f"{card}:" + ",".join(map(str, calls))


@dataclass(frozen=True)
class _Walk:
    """The best reply, below one history, of a player holding ``card`` to the other's
    strategy ``other``, by the weights of the other's cards (unnormalised)."""

    other: Mapping[str, Mapping[str, Fraction]]
    card: int
    top: int

    def best(self, calls: tuple[int, ...], weights: dict[int, Fraction]) -> Fraction:
        return max(self.action(calls, a, weights) for a in _legal(self.top, calls))

    def action(self, calls: tuple[int, ...], action: Action, weights: dict[int, Fraction]) -> Fraction:
        card = self.card
        if isinstance(action, Doubt):  # I doubt: I win when the cards fall short of the call
            return sum((w if card + b < calls[-1] else -w for b, w in weights.items()), Fraction(0))
        t = action.total
        if t == self.top:  # doubted at once: I win when the cards reach it
            return sum((w if card + b >= t else -w for b, w in weights.items()), Fraction(0))
        after = (*calls, t)
        value = Fraction(0)
        replies: dict[int, dict[int, Fraction]] = {}
        for b, w in weights.items():
            for name, p in self.other[_key(b, after)].items():
                if name == "doubt":
                    value += w * p if card + b >= t else -w * p
                else:
                    replies.setdefault(int(name), {})[b] = w * p
        for reply, split in replies.items():
            value += self.best((*after, reply), split)
        return value


def review(state: State, seat: int) -> Review:
    """Every move of ``seat`` in the match, valued by :func:`move_values` (see :data:`MODEL`).

    >>> state = Game(deck=(0, 1, 2)).new_game(seed=0).call(3)     # holding 0: 3 cannot be true
    >>> [(d.choice, d.chosen_value, d.best) for d in review(state, 0).decisions]
    [('call 3', Fraction(-1, 1), ('call 1', 'call 2'))]
    """
    checked("state", state, State)
    whole_number("seat", seat, 0, 1)
    decisions, model = [], _(MODEL)
    for number, deal, opener, card, before, action in _seat_moves(state, seat):
        player = 1 if seat == opener else 2
        values = _values(state.game.deck, player, card, before)
        decisions.append(Reviewed(number, seat, "doubt" if isinstance(action, Doubt) else "call",
                                  _position_text(deal, player, card, before),
                                  {str(a): v for a, v in values}, str(action), model))
    found, expected, result = luck(state, seat)
    return Review("hochstapler-duel", seat, model, _(UNIT), tuple(decisions), found, expected, result)


def luck(state: State, seat: int) -> tuple[tuple[Luck, ...], Fraction, Fraction]:
    """What chance did to ``seat`` in the match, event by event, under :data:`MODEL`, with
    the seat's expected result before the match and its result (a deal in play counted at
    its value now). Every value is :func:`position_value`: the deal's luck is the value
    with the card dealt minus the average over every card; the other player's move, the
    value after it minus the value before (the average over its every move, weighted as
    the model has them); the cards shown, the points won minus the value before. So the
    result minus the expected is exactly the luck minus the cost of the seat's moves.

    Seat 0 opens holding the 0 of (0, 1, 2): a call of 1 or 2 is sure to win against the
    equilibrium, so the deal is worth 1 where the opener's average is 1/3:

    >>> state = Game(deck=(0, 1, 2)).new_game(seed=0).call(2).doubt()
    >>> found, expected, result = luck(state, 0)
    >>> [(x.event, x.value) for x in found]
    [('deal 1: you hold 0', Fraction(2, 3)), ('their doubt and the cards shown', Fraction(0, 1))]
    >>> expected, result
    (Fraction(1, 3), Fraction(1, 1))
    """
    checked("state", state, State)
    whole_number("seat", seat, 0, 1)
    deck, found = state.game.deck, []
    expected, result, number = Fraction(0), Fraction(0), 0
    pieces = [(d.number, d.opener, d.cards, d.calls, d, d.forced) for d in state.deals]
    if state.cards is not None:
        pieces.append((state.deal, state.deal_opener, state.cards, state.calls, None, False))
    for deal, opener, cards, calls, finished, forced in pieces:
        player, card = (1 if seat == opener else 2), cards[seat]
        average = sum((p * _position_value(deck, player, c, ()) for c, p in _card_chances(deck).items()),
                      Fraction(0))
        now = _position_value(deck, player, card, ())
        expected += average
        found.append(Luck(number + 1, _("deal {deal}: you hold {card}").format(deal=deal + 1, card=card),
                          now - average))
        for i, total in enumerate(calls):
            number += 1
            if (opener + i) % 2 == seat:
                now = dict(_values(deck, player, card, calls[:i]))[Call(total)]
            else:
                after = _position_value(deck, player, card, calls[:i + 1])
                found.append(Luck(number, _("their call of {total}").format(total=total), after - now))
                now = after
        if finished is None:
            result += now
            continue
        if not forced:
            number += 1
            if finished.doubter == seat:
                now = dict(_values(deck, player, card, calls))[DOUBT]
        shown = (_("their doubt and the cards shown") if not forced and finished.doubter != seat
                 else _("the cards shown"))
        found.append(Luck(number, shown, finished.payoff(seat) - now))
        result += finished.payoff(seat)
    return tuple(found), expected, result


def position_value(deck: tuple[int, ...], player: int, card: int, calls: tuple[int, ...]) -> Fraction:
    """What ``player`` holding ``card`` expects from the deal after ``calls`` under
    :data:`MODEL`: its best move's value on its turn; on the other's turn, its last call's
    value (or, before the other's opening call, the average over the other's every card and
    opening call, each followed by its best reply).

    >>> position_value((0, 1, 2), 1, 0, ()), position_value((0, 1, 2), 1, 2, ())
    (Fraction(1, 1), Fraction(0, 1))
    >>> position_value((0, 1, 2), 2, 2, ())     # answering with the 2: the opener's call wins
    Fraction(-1, 1)
    """
    deck = check_deck(deck)
    _check_position(deck, player, card, calls, deck[-1] + deck[-2])  # a last call of T: doubted at once
    return _position_value(deck, player, card, calls)


def _position_value(deck: tuple[int, ...], player: int, card: int, calls: tuple[int, ...]) -> Fraction:
    """:func:`position_value`, unchecked."""
    if len(calls) % 2 == player - 1:  # the player's turn
        return max(v for _a, v in _values(deck, player, card, calls))
    if calls:
        return dict(_values(deck, player, card, calls[:-1]))[Call(calls[-1])]
    other = equilibrium_strategy(deck, 1)
    walk = _Walk(other, card, deck[-1] + deck[-2])
    replies: dict[int, dict[int, Fraction]] = {}
    for b, w in _other_cards(deck, card).items():
        for name, p in other[_key(b, ())].items():
            replies.setdefault(int(name), {})[b] = w * p
    return sum((walk.best((reply,), split) for reply, split in replies.items()), Fraction(0))


def _card_chances(deck: tuple[int, ...]) -> dict[int, Fraction]:
    return {c: Fraction(n, len(deck)) for c, n in sorted(Counter(deck).items())}


def bluff_spots(state: State, seat: int) -> list[tuple[int, bool, Fraction]]:
    """Each move of ``seat`` where it or the equilibrium might bluff: ``(number, bluffed,
    share)``, with ``share`` the equilibrium's chance of a bluff there (the certificate
    the lessons read, :func:`equilibrium_strategy`). A *bluff* is a call that the caller's
    own card gives no better than an even chance (card counting: the other card is any of
    the deck's others alike).

    >>> state = Game(deck=(0, 1, 2)).new_game(seed=0).call(2)     # seat 0 holds 0: even at best
    >>> bluff_spots(state, 0)
    [(1, True, Fraction(1, 1))]
    """
    checked("state", state, State)
    whole_number("seat", seat, 0, 1)
    deck, spots = state.game.deck, []
    for number, _deal, opener, card, before, action in _seat_moves(state, seat):
        others = _other_cards(deck, card)

        def bluff(total: int, card: int = card, others: dict[int, Fraction] = others) -> bool:
            return 2 * sum((p for b, p in others.items() if card + b >= total), Fraction(0)) <= 1
        mix = equilibrium_strategy(deck, 1 if seat == opener else 2)[_key(card, before)]
        share = sum((p for a, p in mix.items() if a != "doubt" and bluff(int(a))), Fraction(0))
        bluffed = isinstance(action, Call) and bluff(action.total)
        if share or bluffed:
            spots.append((number, bluffed, share))
    return spots


def _seat_moves(state: State, seat: int) -> Iterator[tuple[int, int, int, int, tuple[int, ...], Action]]:
    """Each move of ``seat``: (its number in the match, the deal, the deal's opener, the
    seat's card, the calls before it, the move); a forced doubt is no move."""
    number = 0
    pieces = [(d.opener, d.cards, d.calls, d.forced, d.number) for d in state.deals]
    if state.cards is not None:
        pieces.append((state.deal_opener, state.cards, state.calls, True, state.deal))
    for opener, cards, calls, no_doubt, deal in pieces:
        moves = [(i, Call(t)) for i, t in enumerate(calls)] + ([] if no_doubt else [(len(calls), DOUBT)])
        for i, action in moves:
            number += 1
            if (opener + i) % 2 == seat:
                yield number, deal, opener, cards[seat], calls[:i], action


def positions(state: State, seat: int) -> dict[int, str]:
    """Each of ``seat``'s moves (by its number in the review) and where it was made, in the
    language in use: :func:`review`'s ``position``.

    >>> from bluffmath.i18n import speaking
    >>> state = Game(deck=(0, 1, 2)).new_game(seed=0).call(1).call(2)
    >>> positions(state, 1)
    {2: 'deal 1, holding 2, they called 1'}
    >>> with speaking("de"):
    ...     positions(state, 1)
    {2: 'Durchgang 1, du hast die 2, der andere hat 1 angesagt'}
    """
    checked("state", state, State)
    whole_number("seat", seat, 0, 1)
    return {number: _position_text(deal, 1 if seat == opener else 2, card, before)
            for number, deal, opener, card, before, _action in _seat_moves(state, seat)}


def _position_text(deal: int, player: int, card: int, calls: tuple[int, ...]) -> str:
    said = ", ".join((_("you called {total}") if (i % 2 == 0) == (player == 1) else _("they called {total}")).format(
        total=t) for i, t in enumerate(calls))
    if not said:
        return _("deal {deal}, holding {card}, you open").format(deal=deal + 1, card=card)
    return _("deal {deal}, holding {card}, {calls}").format(deal=deal + 1, card=card, calls=said)


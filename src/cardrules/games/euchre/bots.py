"""A heuristic Euchre bot: orders up on strong trump holdings, leads trump as maker, plays second
hand low and third hand high, and trumps in when void.

>>> from cardrules.bots import RandomBot
>>> from cardrules.sim import play_game
>>> from cardrules.games.euchre import make_game
>>> game = make_game()
>>> final = play_game(game, [EuchreBot(), RandomBot(), EuchreBot(), RandomBot()], seed=3)
>>> game.is_over(final)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from typing import Any, Final, cast

from cardrules import (
    ArgumentError,
    ArgumentTypeError,
    Card,
    Suit,
    SuitOrder,
)
from cardrules.bots import check_legal_actions
from cardrules.game import check_rng
from cardrules.games.euchre.actions import (
    ClaimRevoke,
    CorrectRevoke,
    DefendAlone,
    Discard,
    EuchreAction,
    FarmersHandClaim,
    NameNoTrump,
    NameTrump,
    OrderUp,
    Pass,
    Play,
)
from cardrules.games.euchre.checks import show
from cardrules.games.euchre.engine import ORDERS
from cardrules.games.euchre.state import DECK
from cardrules.games.euchre.views import EuchreView

__all__ = ["EuchreBot", "hand_strength"]

_ACTIONS: Final = frozenset(
    {
        Pass,
        OrderUp,
        NameTrump,
        NameNoTrump,
        Discard,
        Play,
        DefendAlone,
        FarmersHandClaim,
        CorrectRevoke,
        ClaimRevoke,
    }
)
"""The types of Euchre's actions (:data:`~cardrules.games.euchre.actions.EuchreAction`)."""


def _order(trump: Suit | None) -> SuitOrder:
    """The card ranking of ``trump`` (E10), the engine's one copy."""
    return ORDERS[trump]


def _strength(order: SuitOrder, card: Card) -> int:
    """A total strength: any trump above any plain card, then the power inside the suit."""
    i = DECK.index(card)
    trump = order.trump is not None and order.effective_suits[i] == order.trump
    return order.powers[i] + (100 if trump else 0)


def hand_strength(cards: Sequence[Card], trump: Suit | None) -> float:
    """A rough value of a hand with ``trump``: bowers and high trumps count most, off aces help.

    >>> hand_strength(parse_cards("JH JD AH KH 9C"), Suit.HEARTS) > hand_strength(parse_cards("9H 10S QD KC AC"), Suit.HEARTS)
    True

    ``cards`` are cards of the 24-card deck and ``trump`` one of ♣ ♦ ♥ ♠ or ``None`` (no-trump);
    anything else raises :class:`~cardrules.errors.ArgumentTypeError`.
    """
    if trump is not None and (type(trump) is not Suit or not trump.is_french):
        raise ArgumentTypeError(f"trump must be ♣ ♦ ♥ ♠ or None, not {show(trump)}")
    given: object = cards  # checked as what it is, not as what the annotation promises
    if isinstance(given, str | bytes) or not isinstance(given, Iterable):
        raise ArgumentTypeError(f"cards must be a sequence of Cards, not {show(cards)}")
    order = _order(trump)
    value = 0.0
    for card in cards:
        if type(card) is not Card or card not in DECK:
            raise ArgumentTypeError(f"cards must be cards of the euchre24 deck, not {show(card)}")
        i = DECK.index(card)
        if trump is not None and order.effective_suits[i] == trump:
            value += {7: 3.0, 6: 2.6, 5: 2.0, 4: 1.6}.get(order.powers[i], 1.2)
        elif card.rank == 14:
            value += 1.0 if trump is not None else 2.2
        elif trump is None and card.rank == 13:
            value += 1.0
    return value


class EuchreBot:
    """Plays sensible Euchre from its view alone (thresholds are tunable)."""

    def __init__(self, order_threshold: float = 7.0, alone_threshold: float = 11.5) -> None:
        for name, value in (
            ("order_threshold", order_threshold),
            ("alone_threshold", alone_threshold),
        ):
            if type(value) is not float and type(value) is not int:
                raise ArgumentTypeError(f"{name} must be a float, not {show(value)}")
            if not -math.inf < value < math.inf:
                raise ArgumentError(f"{name} must be a finite number, not {value}")
        self.order_threshold = order_threshold
        self.alone_threshold = alone_threshold

    def __repr__(self) -> str:
        return f"EuchreBot({self.order_threshold}, {self.alone_threshold})"

    def choose(
        self, view: EuchreView, legal_actions: Sequence[EuchreAction], rng: random.Random
    ) -> EuchreAction:
        """The bot's action among ``legal_actions`` (the legal actions of ``view``'s seat).

        ``view`` must be a ``EuchreView``, ``rng`` a :class:`random.Random` and
        ``legal_actions`` a non-empty sequence of Euchre actions; anything else raises
        :class:`~cardrules.errors.ArgumentTypeError` (an empty list
        :class:`~cardrules.errors.ArgumentError`):

        >>> EuchreBot().choose(None, ["x"], random.Random(0))
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentTypeError: view must be a EuchreView, not NoneType None
        """
        return cast(EuchreAction, self._decide(view, legal_actions, rng))

    def _decide(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        # The decision on values of any type: choose gives it its type.
        if type(view) is not EuchreView:
            raise ArgumentTypeError(f"view must be a EuchreView, not {show(view)}")
        check_rng(rng)
        check_legal_actions(legal_actions)
        for action in legal_actions:
            if type(action) not in _ACTIONS:  # one set look-up: the loop is walked anyway
                raise ArgumentTypeError(
                    f"legal_actions must hold Euchre actions, not {show(action)}"
                )
            if isinstance(action, ClaimRevoke | FarmersHandClaim):
                return action  # a claimed revoke scores; a farmer's hand is not worth playing
        first = legal_actions[0]
        if isinstance(first, Play):
            return self._play(view, legal_actions)
        if isinstance(first, Discard):
            return self._discard(view, legal_actions)
        if any(isinstance(a, OrderUp | NameTrump | NameNoTrump) for a in legal_actions):
            return self._bid(view, legal_actions)
        return first  # the defend-alone question: decline

    # -- bidding --------------------------------------------------------------------------------
    def _bid(self, view: EuchreView, legal: Sequence[Any]) -> Any:
        hand = list(view.hand)
        best: tuple[float, Any] = (-1.0, None)
        for action in legal:
            if isinstance(action, OrderUp):
                assert view.upcard is not None
                trump = view.upcard.suit
                cards = hand
                if view.seat == view.dealer:
                    cards = [*hand, view.upcard]  # the dealer will discard the weakest
                value = hand_strength(cards, trump)
                if view.seat == view.dealer:
                    value -= min(hand_strength([c], trump) for c in cards)
                elif view.seat % 2 != view.dealer % 2:
                    value -= 1.0  # ordering up hands the opponents' dealer a trump
            elif isinstance(action, NameTrump):
                value = hand_strength(hand, action.suit)
            elif isinstance(action, NameNoTrump):
                value = hand_strength(hand, None)
            else:
                continue
            if action.alone:
                value = value + 0.01 if value >= self.alone_threshold else value - 100
            if value > best[0]:
                best = (value, action)
        value, action = best
        may_pass = any(isinstance(a, Pass) for a in legal)
        if action is None or (value < self.order_threshold and may_pass):
            return next(a for a in legal if isinstance(a, Pass))
        return action

    def _discard(self, view: EuchreView, legal: Sequence[Any]) -> Any:
        assert view.contract is not None
        order = _order(view.contract.trump)
        return min(legal, key=lambda a: _strength(order, a.card))

    # -- play -----------------------------------------------------------------------------------
    def _play(self, view: EuchreView, legal: Sequence[Any]) -> Any:
        contract = view.contract
        assert contract is not None
        order = _order(contract.trump)
        cards = [a.card for a in legal]

        def strength(card: Card) -> int:
            return _strength(order, card)

        def low(options: Sequence[Card]) -> Any:
            return Play(min(options, key=strength))

        if not view.trick:
            maker_side = contract.maker % 2 == view.seat % 2
            trumps = [c for c in cards if strength(c) >= 100]
            if maker_side and trumps:
                return Play(max(trumps, key=strength))  # the maker draws trump
            aces = [c for c in cards if c.rank == 14 and strength(c) < 100]
            if aces:
                return Play(aces[0])
            return low(cards)
        led = order.effective_suit(DECK.index(view.trick[0]))
        best_pos = order.winning_position([DECK.index(c) for c in view.trick])
        best = view.trick[best_pos]
        seats = [view.leader]
        out = contract.out
        while len(seats) < len(view.trick):
            nxt = (seats[-1] + 1) % 4
            while out >> nxt & 1:
                nxt = (nxt + 1) % 4
            seats.append(nxt)
        partner_winning = seats[best_pos] % 2 == view.seat % 2

        def beats(card: Card) -> bool:
            i = DECK.index(card)
            return order.beats(i, DECK.index(best), led)

        if partner_winning:
            return low(cards)
        winners = [c for c in cards if beats(c)]
        following = order.effective_suit(DECK.index(cards[0])) == led
        if len(view.trick) == 1 and following and not (winners and strength(best) < 100):
            return low(cards)  # second hand low
        if winners:
            return low(winners)  # third hand high enough; trump in when void
        return low(cards)

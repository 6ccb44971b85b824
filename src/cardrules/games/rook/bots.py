"""A heuristic Rook bot: bids from counted strength, buries sensibly, feeds counters to partners.

>>> from cardrules.games.rook import make_game
>>> from cardrules.sim import play_game
>>> game = make_game()
>>> final = play_game(game, [RookBot(game)] * 4, seed=3, start="hand", dealer=0)
>>> game.is_over(final)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from cardrules import ArgumentTypeError, Card, Suit
from cardrules.bots import check_legal_actions
from cardrules.errors import short_repr
from cardrules.game import check_rng
from cardrules.games.rook.actions import (
    Bid,
    Bury,
    ClaimRevoke,
    CorrectRevoke,
    NameTrump,
    Pass,
    Play,
    Redeal,
    RookAction,
)
from cardrules.games.rook.views import RookView

if TYPE_CHECKING:
    from cardrules.games.rook.game import RookGame

__all__ = ["RookBot"]

_ACTIONS: Final = frozenset({Pass, Bid, Redeal, Bury, NameTrump, Play, CorrectRevoke, ClaimRevoke})
"""The types of Rook's actions (:data:`~cardrules.games.rook.actions.RookAction`)."""

_COLOURS = (Suit.RED, Suit.YELLOW, Suit.GREEN, Suit.BLACK)


def _points(card: Card) -> int:
    if card.is_bird:
        return 20
    return {5: 5, 10: 10, 14: 10}.get(card.rank, 0)


def _best_colour(cards: Sequence[Card]) -> Suit:
    """The colour to name trump in: most cards, then highest ranks."""

    def strength(colour: Suit) -> tuple[int, int]:
        mine = [c.rank for c in cards if c.suit == colour]
        return (len(mine), sum(mine))

    return max(_COLOURS, key=strength)


class RookBot:
    """A rule-of-thumb player for :class:`~cardrules.games.rook.game.RookGame` (needs the game for its
    rank orders). Deterministic given its view; ``rng`` breaks nothing but is accepted."""

    def __init__(self, game: RookGame, *, caution: int = 45) -> None:
        from cardrules.games.rook.game import RookGame  # here: that module builds this bot

        if not isinstance(game, RookGame):
            raise ArgumentTypeError(
                f"game must be a RookGame, not {type(game).__name__} {short_repr(game)}"
            )
        if type(caution) is not int:
            raise ArgumentTypeError(
                f"caution must be an int, not {type(caution).__name__} {short_repr(caution)}"
            )
        self.game = game
        self.caution = caution

    def __repr__(self) -> str:
        return f"RookBot(caution={self.caution})"

    def choose(
        self, view: RookView, legal_actions: Sequence[RookAction], rng: random.Random
    ) -> RookAction:
        """Pick one of ``legal_actions`` (those of the seat to move, a non-empty sequence).

        The bot claims an established revoke of its opponents whenever it may (R24): the hand
        ends with the offenders losing the bid.

        ``view`` must be a :class:`~cardrules.games.rook.views.RookView`, ``rng`` a
        :class:`random.Random` and ``legal_actions`` a non-empty sequence of Rook actions;
        anything else raises :class:`~cardrules.errors.ArgumentTypeError` (an empty list
        :class:`~cardrules.errors.ArgumentError`).
        """
        return cast(RookAction, self._decide(view, legal_actions, rng))

    def _decide(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        # The decision on values of any type: choose gives it its type.
        self.game.check_view(view)
        check_rng(rng)
        check_legal_actions(legal_actions)
        for action in legal_actions:
            if type(action) not in _ACTIONS:  # one set look-up: the loop is walked anyway
                raise ArgumentTypeError(
                    f"legal_actions must hold Rook actions, not "
                    f"{type(action).__name__} {short_repr(action)}"
                )
            if isinstance(action, Redeal):
                return action  # R8: a hand without counters is worth throwing back
            if isinstance(action, ClaimRevoke):
                return action  # R24: the offenders lose the bid
        first = legal_actions[0]
        if isinstance(first, Pass | Bid):
            return self._bid(view, legal_actions)
        if isinstance(first, Bury):
            return self._bury(view, legal_actions)
        if isinstance(first, NameTrump):
            colour = _best_colour(list(view.hand))
            return next(a for a in legal_actions if a.suit == colour)
        if isinstance(first, Play):
            return self._play(view, self._proper(view, legal_actions))
        return legal_actions[rng.randrange(len(legal_actions))]

    def _proper(self, view: RookView, legal: Sequence[Any]) -> list[Play]:
        """The plays that follow R15-R17: in renege mode every held card is offered, and this
        bot never revokes on purpose."""
        plays = [a for a in legal if isinstance(a, Play)]
        if not view.trick or view.trump is None:
            return plays
        index = self.game.deck.index
        held = sum(1 << index(a.card) for a in plays)
        # The game's follow rule (follow_rule): the led effective suit if held, the Bird any time.
        proper = self.game.follow[view.trump](held, index(view.trick[0]))
        return [a for a in plays if proper >> index(a.card) & 1]

    def _bid(self, view: RookView, legal: Sequence[Any]) -> Any:
        cards = list(view.hand)
        colour = _best_colour(cards)
        length = sum(1 for c in cards if c.suit == colour)
        strength = (
            sum(_points(c) for c in cards)
            + 5 * length
            + 5 * sum(1 for c in cards if c.rank == 14)
            + (10 if any(c.is_bird for c in cards) else 0)
        )
        auction = view.auction
        high = auction.high_bidder if auction is not None else None
        if high is not None and high % 2 == view.seat % 2:
            return Pass()  # never overbid the partner
        limit = (
            0 if strength < self.caution else min(100, 70 + 5 * ((strength - self.caution) // 8))
        )
        bids = [a for a in legal if isinstance(a, Bid) and a.amount <= limit]
        return bids[0] if bids else Pass()

    def _bury(self, view: RookView, legal: Sequence[Any]) -> Any:
        cards = list(view.hand)
        trump = _best_colour(cards)
        lengths = {s: sum(1 for c in cards if c.suit == s) for s in _COLOURS}

        def keep(card: Card) -> int:
            if card.is_bird or card.suit == trump:
                return 100 + card.rank
            value = card.rank + (20 if card.rank == 14 else 0)
            assert card.suit is not None
            return value - 3 * (lengths[card.suit] <= 2)  # voids let the bidder trump in

        return min(legal, key=lambda a: sum(keep(c) for c in a.cards))

    def _play(self, view: RookView, legal: list[Play]) -> Play:
        trump = view.trump
        assert trump is not None
        game = self.game
        order = game.orders[trump]
        index = game.deck.index

        def power(card: Card) -> tuple[int, int]:
            i = index(card)
            return (order.effective_suits[i] == trump, order.powers[i])

        if not view.trick:
            mine = view.bidder % 2 == view.seat % 2
            trumps = [a for a in legal if power(a.card)[0] and not a.card.is_bird]
            if mine and trumps:
                return max(trumps, key=lambda a: power(a.card))  # draw the opponents' trumps
            aces = [a for a in legal if a.card.rank == 14 and a.card.suit != trump]
            if aces:
                return aces[0]
            return min(legal, key=lambda a: (_points(a.card), power(a.card)))
        cards = [index(c) for c in view.trick]
        best = order.winning_position(cards)
        winner = (view.leader + best) % 4
        last = len(cards) == 3
        at_stake = sum(_points(c) for c in view.trick)
        if winner % 2 == view.seat % 2:
            top = power(view.trick[best])
            safe = last or top[0] or view.trick[best].rank == 14
            if safe:
                fed = [a for a in legal if not a.card.is_bird]
                if fed:
                    return max(fed, key=lambda a: (_points(a.card), -power(a.card)[1]))
            return min(legal, key=lambda a: (_points(a.card), power(a.card)))
        led = order.effective_suits[cards[0]]
        winners = [
            a
            for a in legal
            if order.beats(index(a.card), cards[best], led)
            and (not a.card.is_bird or at_stake >= 15)
        ]
        if winners:
            return max(
                winners, key=lambda a: (_points(a.card), -power(a.card)[0], -power(a.card)[1])
            )
        return min(legal, key=lambda a: (_points(a.card), power(a.card)))

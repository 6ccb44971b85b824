"""Write a bot: Euchre. Call trump with three trumps or more; follow with the lowest winning card.

``python examples/tutorials/euchre_bot.py [HANDS] [SEED]`` plays two of these bots against two
random bots and prints the share of hands their team won.
"""

import functools
import random
import sys
from collections.abc import Sequence

from cardrules import JACK, Bot, Card, RandomBot, Suit, SuitOrder, get_game, simulate, trump_order
from cardrules.games.euchre import Discard, EuchreView, NameTrump, OrderUp, Pass, Play
from cardrules.games.euchre import EuchreAction as Action

game = get_game("euchre")
deck = game.deck


@functools.cache
def order_of(trump: Suit) -> SuitOrder:
    """The card order with ``trump``: both jacks of its colour are trumps (the bowers)."""
    return trump_order(deck, trump, promoted=(Card(JACK, trump), Card(JACK, trump.same_colour)))


def strength(card: Card, trump: Suit) -> tuple[bool, int]:
    """Any trump above any other card, then the card's power within its suit."""
    order = order_of(trump)
    return order.effective_suit(deck.index(card)) == trump, order.powers[deck.index(card)]


class TrumpCounter:
    """A bot: ``choose`` sees its seat's view only and returns one of the legal actions."""

    def choose(self, view: EuchreView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "bidding":
            assert view.upcard is not None
            hand = [*view.hand, view.upcard] if view.seat == view.dealer else list(view.hand)
            for action in legal:  # order up, or name a suit, holding three trumps or more
                if isinstance(action, OrderUp | NameTrump) and not action.alone:
                    suit = action.suit if isinstance(action, NameTrump) else view.upcard.suit
                    if suit is not None and sum(strength(c, suit)[0] for c in hand) >= 3:
                        return action
            return Pass() if Pass() in legal else legal[0]  # a stuck dealer must name a suit
        if view.phase == "defend":
            return Pass()  # never defend alone
        trump = view.contract.trump if view.contract else None
        assert view.contract is not None  # (the no-trump option is off)
        assert trump is not None
        plays = [a for a in legal if isinstance(a, Play | Discard)]
        cards = sorted(plays, key=lambda a: strength(a.card, trump))
        if view.phase == "discard" or not view.trick:
            return cards[0] if view.phase == "discard" else cards[-1]  # bury low, lead high
        seats = [view.leader]  # who played each card: clockwise, skipping a seat sitting out
        for _ in view.trick[1:]:
            seats.append(game.next_seats[view.contract.out][seats[-1]])
        trick, winner = [deck.index(c) for c in view.trick], order_of(trump).winning_position
        if seats[winner(trick)] == (view.seat + 2) % 4:
            return cards[0]  # the partner is winning: throw the lowest card
        wins = [a for a in cards if winner([*trick, deck.index(a.card)]) == len(trick)]
        return (wins or cards)[0]  # the lowest card that wins, else the lowest card


if __name__ == "__main__":
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    bots: list[Bot] = [TrumpCounter(), RandomBot(), TrumpCounter(), RandomBot()]
    rate, low, high = simulate(game, bots, games=hands, seed=seed, start="hand").win_rates[0]
    print(f"Euchre: TrumpCounter won {rate:.0%} of {hands} hands against RandomBot", end=" ")
    print(f"(95% interval {low:.0%}-{high:.0%})")

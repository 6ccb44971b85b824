"""Write a bot: Tournament Rook. Bid by counting counters, bury low cards, smear to a winning partner.

``python examples/tutorials/rook_bot.py [HANDS] [SEED]`` plays two of these bots against two
random bots and prints the share of hands their team won.
"""

import random
import sys
from collections.abc import Sequence

from cardrules import Bot, Card, RandomBot, Suit, get_game, simulate
from cardrules.games.rook import Bid, Bury, NameTrump, Pass, Play, Redeal, RookView, counter_value
from cardrules.games.rook import RookAction as Action

game = get_game("rook")


def best_colour(hand: Sequence[Card]) -> Suit:
    """The colour to make trump: the longest, then the one with the highest cards."""

    def weight(suit: Suit) -> tuple[int, int]:
        ranks = [c.rank for c in hand if c.suit == suit]
        return len(ranks), sum(ranks)

    colours = dict.fromkeys(c.suit for c in hand if c.suit is not None)  # in hand order; no Bird
    return max(colours, key=weight)


def power(card: Card, led: Suit | None, trump: Suit | None) -> int:
    """How strongly ``card`` plays to a trick led in ``led``: the Bird is the highest trump."""
    if card.is_bird:
        return 100
    return 50 + card.rank if card.suit == trump else card.rank if card.suit == led else 0


class CounterBidder:
    """A bot: ``choose`` sees its seat's view only and returns one of the legal actions."""

    def choose(self, view: RookView, legal: Sequence[Action], rng: random.Random) -> Action:
        hand = list(view.hand)
        if view.phase == "bidding":
            if Redeal() in legal:
                return Redeal()  # no counter at all: ask for a new deal
            limit = 60 + sum(counter_value(c) for c in hand)  # 60 + the counters we hold
            bids = [a for a in legal if isinstance(a, Bid) and a.amount <= limit]
            return bids[0] if bids else Pass()
        if view.phase == "bury":  # keep trumps and the Bird; bury low cards, counters last
            keep = best_colour(hand)
            spare = sorted(
                hand, key=lambda c: (c.suit == keep or c.is_bird, counter_value(c), c.rank)
            )
            return Bury(tuple(spare[:5]))
        if view.phase == "trump":
            return NameTrump(best_colour(hand))
        cards = [a.card for a in legal if isinstance(a, Play)]
        if not view.trick:  # leading: the strongest card as a lead
            return Play(max(cards, key=lambda c: power(c, c.suit, view.trump)))
        led = view.trump if view.trick[0].is_bird else view.trick[0].suit
        powers = [power(c, led, view.trump) for c in view.trick]
        winner = (view.leader + powers.index(max(powers))) % 4  # seats play clockwise
        if winner == (view.seat + 2) % 4:  # the partner is winning: give it a counter
            return Play(max(cards, key=lambda c: (counter_value(c), -power(c, led, view.trump))))
        wins = [c for c in cards if power(c, led, view.trump) > max(powers)]
        if wins:  # win as cheaply as we can
            return Play(min(wins, key=lambda c: power(c, led, view.trump)))
        return Play(min(cards, key=lambda c: (counter_value(c), c.rank)))  # else give nothing away


if __name__ == "__main__":
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    bots: list[Bot] = [CounterBidder(), RandomBot(), CounterBidder(), RandomBot()]
    rate, low, high = simulate(game, bots, games=hands, seed=seed, start="hand").win_rates[0]
    print(f"Rook: CounterBidder won {rate:.0%} of {hands} hands against RandomBot", end=" ")
    print(f"(95% interval {low:.0%}-{high:.0%})")

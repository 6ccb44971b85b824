"""Write a bot: Voormsi. Keep the matadors for the tricks that matter; take tricks cheaply.

``python examples/tutorials/voormsi_bot.py [DEALS] [SEED]`` plays two of these bots against two
random bots and prints the share of deals their side won.
"""

import random
import sys
from collections.abc import Sequence

from cardrules import Bot, Card, RandomBot, get_game, simulate
from cardrules.games.voormsi import NORMAL_ORDER, Lead, Play, VoormsiView, beats

game = get_game("voormsi")
deck = game.deck
TOQUTSIT, VOORMSI, DIAMOND_THREE = Card.parse("JC"), Card.parse("KH"), Card.parse("3D")


def value(card: Card) -> int:
    """What a card is worth keeping: its power in the normal ranking; the ♦3 above all (it beats
    anything when it is not led), a Seven little (it is strong only as the lead)."""
    power = NORMAL_ORDER.power(deck.index(card))
    return 99 if card == DIAMOND_THREE else 5 if power is None else power


def cost(action: Lead | Play) -> int:
    return sum(value(c) for c in action.cards)


class MatadorKeeper:
    """A bot: ``choose`` sees its seat's view only and returns one of the legal actions."""

    def choose(
        self, view: VoormsiView, legal: Sequence[Lead | Play], rng: random.Random
    ) -> Lead | Play:
        cheapest = min(legal, key=cost)
        if not view.trick:  # lead one cheap card: matadors win more when they follow
            singles = [a for a in legal if len(a.cards) == 1 and a.cards[0] != DIAMOND_THREE]
            return min(singles or legal, key=cost)  # (a led ♦3 is powerless)
        head_seat, head_cards = view.trick[view.heading]
        if head_seat % 2 == view.seat % 2 or len(head_cards) > 1:
            return cheapest  # partner heads (never capture its Voormsi!), or a group: save cards
        head, status = view.statuses[0]
        adjacent = view.heading == len(view.trick) - 1  # we play right after the heading card
        winners = [
            a
            for a in legal
            if beats(deck.index(a.cards[0]), deck.index(head), status, adjacent=adjacent)
        ]
        if head == VOORMSI and any(TOQUTSIT in a.cards for a in winners):
            return next(a for a in winners if TOQUTSIT in a.cards)  # their Voormsi captured: +2
        if winners:
            return min(winners, key=cost)  # take the trick as cheaply as we can (the ♦3 last)
        return cheapest


if __name__ == "__main__":
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    bots: list[Bot] = [MatadorKeeper(), RandomBot(), MatadorKeeper(), RandomBot()]
    rate, low, high = simulate(game, bots, games=deals, seed=seed, start="hand").win_rates[0]
    print(f"Voormsi: MatadorKeeper won {rate:.0%} of {deals} deals against RandomBot", end=" ")
    print(f"(95% interval {low:.0%}-{high:.0%})")

"""A Euchre bot in thirty lines, evaluated with ``simulate``: ``python examples/bot_in_thirty_lines.py``.

"Greedy" orders up with three trumps or more, plays its highest card when it leads and its lowest
legal card otherwise. It sees only its view (its hand, the up-card, the public history).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardrules import RandomBot, get_game, simulate
from cardrules.games.euchre import NameTrump, OrderUp, Pass, Play


class Greedy:
    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            by_rank = sorted(plays, key=lambda a: a.card.rank)
            return by_rank[-1] if not view.trick else by_rank[0]
        if view.upcard is not None and any(isinstance(a, OrderUp) and not a.alone for a in legal):
            same = sum(c.suit == view.upcard.suit for c in view.hand)
            if same >= 3:
                return next(a for a in legal if isinstance(a, OrderUp) and not a.alone)
        names = [a for a in legal if isinstance(a, NameTrump) and not a.alone]
        if names and not any(isinstance(a, Pass) for a in legal):
            return names[0]  # stuck dealer: must name a suit
        return next((a for a in legal if isinstance(a, Pass)), legal[0])


if __name__ == "__main__":
    game = get_game("euchre")
    result = simulate(game, [Greedy(), RandomBot(), Greedy(), RandomBot()], games=40, seed=1)
    print(result.table())

"""Shared helpers of the Voormsi tests: stacked deals, and positions reached by play (built with
the public ``game.position`` only: every card placed once, the draws following the play)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from cardrules import Deal, get_deck, parse_cards
from cardrules.games.voormsi import VoormsiGame, VoormsiState, make_game
from cardrules.games.voormsi.ranking import DECK

__all__ = ["d", "play", "position", "random_play", "rest", "stacked_deal", "start_hand"]


def d(text: str) -> int:
    """The deck index of one card."""
    return get_deck("voormsi36").index(text)


def _mask(text: str) -> int:
    return sum(1 << DECK.index(c) for c in parse_cards(text))


def rest(*hands: str) -> str:
    """The cards of the deck not in ``hands``, in deck order (a stock for ``game.position``)."""
    used = _mask(" ".join(hands))
    return " ".join(c.ascii for i, c in enumerate(DECK.cards) if not used >> i & 1)


def stacked_deal(game: VoormsiGame, dealer: int, hands: Mapping[int, str], stock: str = "") -> Deal:
    """A deal giving each listed seat those four cards (others get leftovers), then ``stock`` on top."""
    n = game.num_players
    left = (dealer + 1) % n
    given = {s: [DECK.index(c) for c in parse_cards(t)] for s, t in hands.items()}
    top = [DECK.index(c) for c in parse_cards(stock)]
    used = {c for cs in given.values() for c in cs} | set(top)
    spare = [i for i in range(len(DECK)) if i not in used]
    for s in range(n):
        cards = given.setdefault(s, [])
        while len(cards) < 4:
            cards.append(spare.pop(0))
    order = [given[(left + k % n) % n][k // n] for k in range(4 * n)]
    return Deal(tuple(order + top + spare))


def start_hand(
    hands: Mapping[int, str], stock: str = "", dealer: int = 3, **rules: Any
) -> tuple[VoormsiGame, VoormsiState]:
    """A single hand, dealt with the stacked hands (seat ``dealer + 1`` leads)."""
    game = make_game(**rules)
    s = game.new_hand(dealer=dealer)
    return game, game.apply(s, stacked_deal(game, dealer, hands, stock))


def random_play(game: VoormsiGame, seed: int) -> Iterator[VoormsiState]:
    """The play positions of one random single deal, dealer, shuffle and choices drawn from ``seed``."""
    rng = random.Random(seed)
    s = game.new_hand(dealer=seed % game.num_players)
    s = game.apply(s, game.sample_chance(s, rng))
    while s.phase == "play":
        yield s
        legal = game.legal_actions(s)
        s = game.apply(s, legal[rng.randrange(len(legal))])


def play(game: VoormsiGame, state: VoormsiState, *moves: str) -> VoormsiState:
    """Apply moves in notation, each by the seat to move."""
    for text in moves:
        state = game.apply(state, game.parse_action(text, state))
    return state


# Cards for the earlier tricks of a position, strongest first in the normal ranking (V12 step 9,
# V3 inside a level), with no special power when played as below: the matadors J♣ and K♥ (the J♣
# first, so a later K♥ earns no B1, exception b), the ♦3 (unbeatable unless led, V8), then the
# plain cards; the Sevens (powerless unless led, V9) and K♣/K♠ close the list.
_STRENGTH = [
    "JC",
    "KH",
    "3D",
    "8S",
    "9C",
    "9S",
    "9H",
    "9D",
    "AC",
    "AS",
    "AH",
    "AD",
    "JS",
    "JH",
    "JD",
    "6C",
    "6S",
    "6H",
    "6D",
    "5C",
    "5S",
    "5H",
    "5D",
    "8C",
    "8H",
    "8D",
    "QC",
    "QS",
    "QH",
    "QD",
    "KC",
    "KS",
    "7C",
    "7S",
    "7H",
    "7D",
]
# Cards left out of the earlier tricks while the stock has room for them: bonuses (V24) and
# special powers are then only what the test plays.
_KEEP_OUT = ("JC", "KH", "3D", "7C", "7S", "7H", "7D", "KC", "KS")


def position(
    game: VoormsiGame,
    hands: Sequence[str],
    *,
    won_by: Sequence[int] = (),
    stock: str = "",
    scores: Sequence[int] | None = None,
    dealer: int = 3,
    match: bool = True,
) -> VoormsiState:
    """A position reached by play, built with the public ``game.position``: ``hands`` now (each
    topped up with spare cards to the size the play leaves), after earlier single-card tricks won
    by the seats ``won_by`` in order (the first led by the dealer's left, each next one by the last
    winner), with ``stock`` on top of the stock.

    The earlier tricks are made of the cards left: in each the winner plays one of the strongest,
    the others weak ones (never a Seven or the ♦3 as the lead, the ♦3 only where it is not led,
    V8, the K♥ only after the J♣, so it earns no B1). Sevens and black Kings fill the hands'
    spare places first; the J♣, K♥ and ♦3 stay in the stock while it has room. Every card is placed once and the draws
    (V21) follow the play, so ``game.position`` replays a real deal; the winners are checked.
    """
    n = game.num_players
    tricks_n = len(won_by)
    rounds = min(tricks_n, 20 // n)  # the tricks after which everybody still draws
    size = 4 + rounds - tricks_n  # the hand size the play leaves
    given = [h.split() for h in hands]
    taken = {c for h in given for c in h} | set(stock.split())
    pool = [c for c in _STRENGTH if c not in taken]
    # Spare places in the hands: Sevens and black Kings (no power unless led), then weak cards;
    # the J♣, K♥ and ♦3 go to the stock (or the earlier tricks), never to a hand unasked.
    powerless = [c for c in pool if c[0] in "7K" and c != "KH"]
    spare = powerless + [c for c in reversed(pool) if c not in _KEEP_OUT]
    for h in given:
        if len(h) > size:
            raise ValueError(f"hands hold {size} cards after {tricks_n} tricks, not {len(h)}")
        while len(h) < size:
            h.append(spare.pop(0))
    pool = [c for c in pool if c not in {c for h in given for c in h}]
    need = n * tricks_n
    kept = [c for c in pool if c in _KEEP_OUT][: len(pool) - need]
    used = [c for c in pool if c not in kept]
    leftovers = used[need:] + kept
    used = used[:need]
    tops = used[:tricks_n]  # each beats every card of ``bottoms`` (V12 step 9)
    bottoms = sorted(used[tricks_n:], key=lambda c: c.startswith("7") or c == "3D")
    plays: list[list[str]] = [[] for _ in range(n)]
    tricks = []
    leader = (dealer + 1) % n
    toqutsit_played = "JC" not in tops
    for winner in won_by:
        allowed = [
            c for c in tops
            if (c != "3D" or winner != leader) and (c != "KH" or toqutsit_played)
        ]  # fmt: skip
        if not allowed:
            raise ValueError(f"no card wins the trick led by {leader} for seat {winner}")
        card = "3D" if "3D" in allowed else allowed[0]
        tops.remove(card)
        toqutsit_played = toqutsit_played or card == "JC"
        cards = []
        for j in range(n):
            seat = (leader + j) % n
            cards.append(card if seat == winner else bottoms.pop(0 if j == 0 else -1))
            plays[seat].append(cards[-1])
        tricks.append((leader, " ".join(cards)))
        leader = winner
    sequences = [plays[s] + given[s] for s in range(n)]
    drawn = [sequences[(won_by[k] + j) % n][4 + k] for k in range(rounds) for j in range(n)]
    state = game.position(
        dealer=dealer,
        hands=[" ".join(h) for h in given],
        stock=" ".join([*stock.split(), *leftovers]),
        drawn=" ".join(drawn),
        tricks=tricks,
        scores=tuple(scores) if scores is not None else None,
        match=match,
    )
    assert [winner for _, winner in state.tricks] == list(won_by), "the earlier tricks"
    return state

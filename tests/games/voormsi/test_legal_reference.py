"""V14–V17, V15, C2, C4, V27: the engine's legal groups, in order, against a slow reference.

The engine builds the legal groups from precomputed tables (per face rank, per 9-card chunk of the
deck); this reference rebuilds them from the rules with plain loops over the cards, for random
positions of every preset and a few single options. The order matters too: random play and the
fused rollout draw an index into it.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card
from cardrules.games.voormsi import Lead, Play, VoormsiGame, VoormsiRules, make_game
from cardrules.games.voormsi.actions import face_rank
from cardrules.games.voormsi.ranking import DECK
from cardrules.games.voormsi.state import VoormsiState

from ._helpers import random_play

_PRESETS: list[dict[str, object]] = [{"preset": name} for name in VoormsiRules.PRESETS]
_CONFIGS: list[dict[str, object]] = [
    *_PRESETS,
    {"must_follow_suit": True},
    {"diamond_three_is_king": True},
    {"players": 3, "must_follow_suit": True, "diamond_three_is_king": True},
    {"multi_card_leads": False},
]


def _index(text: str) -> int:
    return next(i for i, c in enumerate(DECK.cards) if c.ascii == text)


def _suit(card: Card) -> str:
    assert card.suit is not None
    return card.suit.letter


def _bits(mask: int) -> list[int]:
    return [i for i in range(len(DECK)) if mask >> i & 1]


def _reference(game: VoormsiGame, s: VoormsiState) -> list[int]:
    """The legal group masks of the seat to move, in the engine's documented order: leads face
    rank by face rank (the ♦3 alone is the lowest rank without C4), each rank's groups by
    increasing mask; plays as :func:`itertools.combinations` of the hand, filtered by V15 and C2."""
    rules = game.rules
    seat = s.to_move
    assert seat is not None
    hand = _bits(s.hands[seat])
    if not s.trick:
        # V17, C6: every player holding cards must be able to follow.
        limit = min(4, *(h.bit_count() for h in s.hands if h)) if rules.multi_card_leads else 1
        d3k = rules.diamond_three_is_king
        out: list[int] = []
        for rank in sorted({face_rank(i, diamond_three_is_king=d3k) for i in range(len(DECK))}):
            held = [i for i in hand if face_rank(i, diamond_three_is_king=d3k) == rank]
            groups = [
                sum(1 << i for i in combo)
                for size in range(1, min(limit, len(held)) + 1)
                for combo in itertools.combinations(held, size)
            ]
            out.extend(sorted(groups))
        return out
    led = s.trick[0][1]
    options = [sum(1 << i for i in c) for c in itertools.combinations(hand, led.bit_count())]
    jc = 1 << _index("JC")
    head_seat, head_mask = s.trick[s.heading]

    def side(x: int) -> int:
        return x % 2 if rules.players == 4 else x

    if head_mask >> _index("KH") & 1 and side(head_seat) != side(seat) and s.hands[seat] & jc:
        options = [g for g in options if g & jc]  # V15
    if rules.must_follow_suit:  # C2: per suit, as many of the led suit as able
        suits = [sum(1 << i for i, c in enumerate(DECK.cards) if _suit(c) == su) for su in "CDHS"]
        need = [min((led & m).bit_count(), (s.hands[seat] & m).bit_count()) for m in suits]

        def followed(g: int) -> int:
            return sum(min((g & m).bit_count(), r) for m, r in zip(suits, need, strict=True))

        best = max(map(followed, options))
        options = [g for g in options if followed(g) == best]
    return options


@pytest.mark.parametrize(
    "options", _CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_legal_groups_match_the_reference_in_order(options: dict[str, object], seed: int) -> None:
    game = make_game(**options)
    for s in random_play(game, seed):
        legal = game.legal_actions(s)
        assert [a.mask for a in legal] == _reference(game, s)
        kind = Play if s.trick else Lead
        assert all(
            type(a) is kind and a == kind(DECK.cards[i] for i in _bits(a.mask)) for a in legal
        )

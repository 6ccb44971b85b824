"""The hot-path shortcuts against the general code they stand in for (V6–V25, every preset).

* :meth:`Engine._play_card` (one ordinary card with four players, the bulk of the plays) must build
  exactly the state :meth:`Engine._play_any` builds, for every legal play of random deals;
* :meth:`VoormsiGame.apply` accepts a group without asking the engine when it is a single card free
  to be played or a lead of one face rank within the size limit: it must accept exactly the
  legal actions, whatever is offered.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import IllegalActionError
from cardrules.games.voormsi import Lead, Play, VoormsiRules, make_game
from cardrules.games.voormsi.ranking import DECK

_PRESETS: list[dict[str, object]] = [{"preset": name} for name in VoormsiRules.PRESETS]
_CONFIGS: list[dict[str, object]] = [
    {},
    *_PRESETS,
    {"must_follow_suit": True},
    {"diamond_three_is_king": True},
    {"sequence_scope": "any_run"},
    {"draw_order": "complete_each", "trick_threshold": 3},
    {"bust_mode": "no_bust", "target": 5},
]


def _ids(options: dict[str, object]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


@pytest.mark.parametrize("options", _CONFIGS, ids=_ids)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_single_card_path_builds_the_general_state(
    options: dict[str, object], seed: int
) -> None:
    game = make_game(**options)
    engine = game._engine
    rng = random.Random(seed)
    # A match, so that deals follow one another and the ladder's end (V25) is met too.
    s = game.new_match()
    plays = 0
    while not game.is_over(s) and plays < 400:
        if s.phase != "play":
            s = game.apply(s, game.sample_chance(s, rng))
            continue
        seat = s.to_move
        assert seat is not None
        legal = game.legal_actions(s)
        for action in legal:
            assert engine.play(s, seat, action.mask) == engine._play_any(s, seat, action.mask)
        s = game.apply(s, legal[rng.randrange(len(legal))])
        plays += 1


def _offers(hand: int, other: int, rng: random.Random) -> list[Lead | Play]:
    """Leads and plays of 1–4 cards, held or not, of one rank or not."""
    held = [i for i in range(len(DECK)) if hand >> i & 1]
    not_held = [i for i in range(len(DECK)) if other >> i & 1][:3]
    offers: list[Lead | Play] = []
    for size in range(1, 5):
        for combo in itertools.combinations(held + not_held, size):
            cards = [DECK.cards[i] for i in combo]
            offers.append(Lead(cards))
            offers.append(Play(cards))
    rng.shuffle(offers)
    return offers[:60]


@pytest.mark.parametrize(
    "options",
    [{}, {"must_follow_suit": True}, {"diamond_three_is_king": True}, {"preset": "two_player"}],
    ids=_ids,
)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_apply_accepts_exactly_the_legal_actions(options: dict[str, object], seed: int) -> None:
    game = make_game(**options)
    rng = random.Random(seed)
    s = game.new_hand(dealer=seed % game.num_players)
    s = game.apply(s, game.sample_chance(s, rng))
    while s.phase == "play":
        seat = s.to_move
        assert seat is not None
        legal = set(game.legal_actions(s))
        for offer in _offers(s.hands[seat], s.hands[(seat + 1) % game.num_players], rng):
            if offer in legal:
                game.apply(s, offer)
            else:
                with pytest.raises(IllegalActionError):
                    game.apply(s, offer)
        s = game.apply(s, rng.choice(sorted(legal, key=game.action_to_index)))

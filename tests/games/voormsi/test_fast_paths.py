"""The hot-path shortcuts against the general code they stand in for (V6–V25, every preset).

* ``fast.play_card`` (one card with four players, the bulk of the plays, chosen by ``fast.play``)
  must build exactly the state :meth:`Engine.play` builds, for every legal play of random deals;
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

from cardrules import (
    ArgumentError,
    ArgumentTypeError,
    Deal,
    IllegalActionError,
    group_beats,
    parse_cards,
)
from cardrules.games.voormsi import Lead, Play, VoormsiRules, fast, make_game
from cardrules.games.voormsi.ranking import DECK, new_status

from ._helpers import random_play

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
def test_V6_to_V25_the_single_card_path_builds_the_general_state(
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
            assert fast.play(engine, s, seat, action.mask) == engine.play(s, seat, action.mask)
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
def test_V14_to_V17_apply_accepts_exactly_the_legal_actions(
    options: dict[str, object], seed: int
) -> None:
    game = make_game(**options)
    rng = random.Random(seed)
    for s in random_play(game, seed):
        seat = s.to_move
        assert seat is not None
        legal = set(game.legal_actions(s))
        for offer in _offers(s.hands[seat], s.hands[(seat + 1) % game.num_players], rng):
            if offer in legal:
                game.apply(s, offer)
            else:
                with pytest.raises(IllegalActionError):
                    game.apply(s, offer)


# The cards whose statuses matter (Sevens, the Kings, the matadors, the ♦3), drawn half the time.
_TELLING = [DECK.index(c) for c in parse_cards("7C 7S 7H 7D KC KS KH 3D JC AS")]


@settings(max_examples=600, deadline=None)
@given(
    cards=st.lists(
        st.sampled_from(_TELLING) | st.integers(0, len(DECK) - 1),
        min_size=4,
        max_size=4,
        unique=True,
    ),
    statuses=st.tuples(st.integers(0, 7), st.integers(0, 7)),
    adjacent=st.booleans(),
    c3=st.booleans(),
)
def test_V18_pairs_are_paired_as_the_core_pairs_them(
    cards: list[int], statuses: tuple[int, int], adjacent: bool, c3: bool
) -> None:
    # V18/3.7: a pair against a heading pair takes the core's pairing (its choice decides the
    # statuses the cards earn); the engine writes that case out.
    engine = make_game(spade_king_beats_led_club_king=c3)._engine
    a, b, x, y = cards
    ref = ((x, statuses[0]), (y, statuses[1]))
    mask = 1 << a | 1 << b
    table, base = engine.beats_table, adjacent * 8
    group = sorted((a, b))
    pairing = group_beats(
        [(c, 0) for c in group],  # the matcher wants one item type: (card, unused status)
        ref,
        lambda c, w: bool(table[((base + w[1]) * len(DECK) + w[0]) * len(DECK) + c[0]]),
    )
    expected = (
        None
        if pairing is None
        else tuple((group[i], new_status(group[i], ref[j][1])) for i, j in pairing)
    )
    assert engine._group_beats(mask, ref, adjacent) == expected


def test_V4_single_deals_start_from_one_state_per_dealer_and_refuse_bad_dealers() -> None:
    game = make_game()
    assert game.new_hand(dealer=2) is game.new_hand(dealer=2)
    assert game.new_hand(dealer=2).dealer == 2
    for bad in (True, "1", 1.0):
        with pytest.raises(ArgumentTypeError, match="dealer must be an int"):
            game.new_hand(dealer=bad)  # type: ignore[arg-type]
    for bad in (4, -1, 10**20):
        with pytest.raises(ArgumentError, match="dealer must be from 0 to 3"):
            game.new_hand(dealer=bad)
    assert type(game.new_hand(dealer=1).dealer) is int


def test_V5_a_sampled_shuffle_is_dealt_as_the_same_deal_built_anew() -> None:
    """V5: the shuffle ``sample_chance`` hands out (a plain tuple, as every ``Deal``'s order)
    deals exactly what the same order in a new ``Deal`` deals; a deal whose order was swapped for
    one that is not a shuffle of the deck is refused with V5."""
    game = make_game()
    start = game.new_hand(dealer=2)
    for seed in range(20):
        sampled = game.sample_chance(start, random.Random(seed))
        assert isinstance(sampled, Deal)
        assert type(sampled.order) is tuple
        built = Deal(tuple(sampled.order))
        assert game.apply(start, sampled) == game.apply(start, built)
        tampered = Deal(tuple(sampled.order))
        object.__setattr__(tampered, "order", (sampled.order[1], *sampled.order[1:]))
        with pytest.raises(IllegalActionError, match="V5"):
            game.apply(start, tampered)

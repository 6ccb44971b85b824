"""Views hide what a seat may not know; sample_state is uniform over the consistent states."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from cardrules import CHANCE, Deal
from cardrules.games.euchre import DECK, EuchreGame, EuchreState, make_game
from cardrules.games.euchre.views import revealed_voids

from .stacking import stacked


def _random_until(game: EuchreGame, seed: int, tricks: int) -> EuchreState:
    rng = random.Random(seed)
    state = game.new_hand(dealer=seed % 4)
    while state.to_move is not None and not (
        state.phase == "play" and len(state.tricks) >= tricks and not state.trick
    ):
        if state.to_move == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
    return state


def test_views_of_states_differing_only_in_hidden_cards_are_equal() -> None:
    game = make_game()
    state = _random_until(game, 4, 2)
    for seat in range(4):
        view = game.view(state, seat)
        other = game.sample_state(view, random.Random(seat))
        assert game.view(other, seat) == view
        assert view.discard is None or seat == state.dealer


def test_sampled_states_respect_voids_and_the_dealers_upcard() -> None:
    game = make_game()
    checked = 0
    for seed in range(60):
        state = _random_until(game, seed, 3)
        if state.phase != "play" or state.contract is None:
            continue
        seat = (state.dealer + 1) % 4
        view = game.view(state, seat)
        rng = random.Random(seed)
        for _ in range(20):
            sampled = game.sample_state(view, rng)
            assert sampled.contract is not None
            voids = revealed_voids(
                game, sampled.contract, (*sampled.tricks, (sampled.leader, sampled.trick)), ()
            )
            for s in range(4):
                assert not sampled.hands[s] & voids[s], "a revealed void was broken"
            if sampled.contract is not None and not sampled.contract.picked_up:
                assert sampled.deal.discard == -1
            checked += 1
    assert checked > 200


def _consistent(game: EuchreGame, state: EuchreState, target: EuchreState, seat: int) -> bool:
    """Obviously correct: rebuild the deal behind ``state`` and replay the public history strictly."""
    hands = list(state.hands)
    for leader, cards in (*state.tricks, (state.leader, state.trick)):
        s = leader
        for card in cards:
            hands[s] |= 1 << card
            s = game.next_seats[state.contract.out][s]  # type: ignore[union-attr]
    contract = state.contract
    assert contract is not None
    dealer = state.dealer
    if contract.picked_up:
        hands[dealer] = (hands[dealer] | 1 << state.deal.discard) & ~(1 << state.deal.upcard)
    if any(h.bit_count() != 5 for h in hands):
        return False
    text = {
        s: " ".join(str(DECK.card(c)) for c in range(24) if hands[s] >> c & 1) for s in range(4)
    }
    kitty = " ".join(str(DECK.card(c)) for c in range(24) if state.deal.kitty >> c & 1)
    try:
        deal = stacked(game, dealer, text, str(DECK.card(state.deal.upcard)), kitty)
    except AssertionError:
        return False
    replay = game.apply(game.new_hand(dealer=dealer), deal)
    assert target.calls is not None
    try:
        for who, action in target.calls.history:
            replay = game.apply(replay, action, seat=who)
        if contract.picked_up:
            replay = game.apply(
                replay, game.parse_action(f"discard {DECK.card(state.deal.discard)}", replay)
            )
        for _leader, cards in (*target.tricks, (target.leader, target.trick)):
            for card in cards:
                replay = game.apply(replay, game.parse_action(f"play {DECK.card(card)}", replay))
    except Exception:
        return False
    return game.view(replay, seat) == game.view(target, seat) and replay == state


def _key(state: EuchreState) -> tuple[int, ...]:
    return (*state.hands, state.deal.kitty, state.deal.discard)


def test_sample_state_matches_exact_count_on_a_small_position() -> None:
    """Late in a hand (4 tricks played), a non-dealer's view: enumerate every state with the same
    public history by brute force, and check sample_state is uniform over exactly that set."""
    game = make_game()
    for seed in range(200):
        target = _random_until(game, seed, 4)
        contract = target.contract
        if target.phase != "play" or contract is None or not contract.picked_up or contract.out:
            continue
        up = target.deal.upcard
        if not target.hands[target.dealer] >> up & 1:
            continue  # want the mixed case: the up-card may be in the dealer's hand or buried
        break
    else:  # pragma: no cover
        pytest.fail("no suitable position")
    seat = (target.dealer + 1) % 4
    view = game.view(target, seat)
    hidden = [
        c
        for c in range(24)
        if (
            target.hands[(seat + 1) % 4]
            | target.hands[(seat + 2) % 4]
            | target.hands[(seat + 3) % 4]
            | target.deal.kitty
            | 1 << target.deal.discard
        )
        >> c
        & 1
    ]
    others = [s for s in range(4) if s != seat]
    worlds = set()
    for perm in itertools.permutations(hidden):
        # slots: one card per other seat, then the discard, then the 3 kitty cards (sorted).
        if list(perm[4:]) != sorted(perm[4:]):
            continue
        hands = list(target.hands)
        for k, s in enumerate(others):
            hands[s] = 1 << perm[k]
        deal = target.deal
        from cardrules.games.euchre import DealInfo

        candidate = EuchreState(
            target.phase, target.to_move, tuple(hands), target.trick, target.progress,
            type(target.setup)(DealInfo(deal.dealer, deal.upcard, sum(1 << c for c in perm[4:]), perm[3]),
                               target.calls, contract, (), (0, 0, 0, 0)),
            target.match,
        )  # fmt: skip
        if _consistent(game, candidate, target, seat):
            worlds.add(_key(candidate))
    assert _key(target) in worlds and len(worlds) >= 10
    rng = random.Random(7)
    draws = 60 * len(worlds)
    counts = Counter(_key(game.sample_state(view, rng)) for _ in range(draws))
    assert set(counts) <= worlds, "sample_state produced an inconsistent state"
    expected = draws / len(worlds)
    chi2 = sum((counts.get(w, 0) - expected) ** 2 / expected for w in worlds)
    df = len(worlds) - 1
    # Wilson-Hilferty: the 99.99 % quantile of chi-square with df degrees of freedom (z = 3.72).
    limit = df * (1 - 2 / (9 * df) + 3.72 * (2 / (9 * df)) ** 0.5) ** 3
    assert chi2 < limit, (chi2, limit, len(worlds))


def test_dealer_view_knows_the_discard_and_others_do_not() -> None:
    game = make_game()
    state = game.apply(game.new_hand(dealer=0), stacked(game, 0))
    state = game.apply(state, game.parse_action("order", state))
    state = game.apply(state, game.parse_action("discard 9C", state))
    assert game.view(state, 0).discard is not None
    assert all(game.view(state, s).discard is None for s in (1, 2, 3))
    assert isinstance(state.to_move, int) and not isinstance(Deal, int)


def test_e17_an_upcard_shown_back_in_the_dealers_hand_is_not_dealt_twice() -> None:
    """E6/E17: the dealer picked up A♦, revoked with it and took it back (corrected), so A♦ is
    shown in the dealer's hand; another seat's sampled states keep it there and bury four unseen
    cards, the discard among them. The sampler used to place the up-card a second time and found
    no deal at all (a state met by the conformance suite under ``table_play``)."""
    game = make_game(preset="table_play")
    state = game.parse_position(
        "play hand dealer=1 hands=JC,QC,9S/AD,10H,AH/9C,QD,QH/10C,JD,KD up=AD kitty=JH,KH,KS "
        "calls=p,order discard=10S tricks=2:AC,9D,KC,JS/3:QS,10D,AS,9H corrected=1:AD>AS@2 "
        "shown=-/AD/-/-"
    )
    view = game.view(state, 0)
    rng = random.Random(7)
    discards = set()
    for _ in range(200):
        sampled = game.sample_state(view, rng)
        assert game.view(sampled, 0) == view
        assert sampled.hands[1] >> DECK.index("AD") & 1
        discards.add(sampled.deal.discard)
    # Any of the twelve cards seat 0 has not seen may be the discard, never the shown A♦.
    seen = DECK.mask("JC QC 9S AC 9D KC JS QS 10D AS 9H AD")
    unseen = {c for c in range(24) if not seen >> c & 1}
    assert discards == unseen

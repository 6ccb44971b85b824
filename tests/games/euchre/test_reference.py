"""Hypothesis: the engine's follow rule and trick winner against a slow, obviously correct reference
written here from the rules text (E10, E11, E13, E14; DESIGN §8)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardrules import JACK, Card, Deal, Suit
from cardrules.games.euchre import DECK, Play, make_game


def ref_suit(card: Card, trump: Suit | None) -> Suit | None:
    """E11: the left bower (the other jack of the trump colour) belongs to the trump suit."""
    if trump is not None and card.rank == JACK and card.suit == trump.same_colour:
        return trump
    return card.suit


def ref_power(card: Card, trump: Suit | None) -> int:
    """E10: right bower, left bower, then A K Q 10 9 of trump; plain suits A K Q J 10 9."""
    if trump is not None and card.rank == JACK and card.suit == trump:
        return 1000
    if trump is not None and card.rank == JACK and card.suit == trump.same_colour:
        return 999
    return card.rank


def ref_legal(hand: list[Card], led: Card | None, trump: Suit | None) -> set[Card]:
    """E13: follow the led (effective) suit if able, else anything."""
    if led is None:
        return set(hand)
    follow = [c for c in hand if ref_suit(c, trump) == ref_suit(led, trump)]
    return set(follow or hand)


def ref_winner(cards: list[Card], trump: Suit | None) -> int:
    """E14: the highest trump, else the highest card of the suit led; the position in the trick."""
    trumps = [k for k, c in enumerate(cards) if trump is not None and ref_suit(c, trump) == trump]
    led = ref_suit(cards[0], trump)
    pool = trumps or [k for k, c in enumerate(cards) if ref_suit(c, trump) == led]
    return max(pool, key=lambda k: ref_power(cards[k], trump))


@given(
    order=st.permutations(list(range(24))),
    data=st.data(),
    options=st.sampled_from([{}, {"no_trump": True}, {"defend_alone": True}]),
)
def test_follow_and_winner_match_the_reference(
    order: list[int], data: st.DataObject, options: dict[str, bool]
) -> None:
    game = make_game(**options)
    state = game.apply(game.new_hand(dealer=data.draw(st.integers(0, 3))), Deal(tuple(order)))
    while state.phase not in ("play", "over"):
        legal = game.legal_actions(state)
        state = game.apply(state, legal[data.draw(st.integers(0, len(legal) - 1))])
    if game.is_over(state):
        return
    contract = state.contract
    assert contract is not None
    trump = contract.trump
    trick: list[tuple[int, Card]] = []
    while not game.is_over(state):
        seat = state.to_move
        assert seat is not None
        hand = [DECK.card(c) for c in range(24) if state.hands[seat] >> c & 1]
        legal = game.legal_actions(state)
        led = trick[0][1] if trick else None
        assert {a.card for a in legal if isinstance(a, Play)} == ref_legal(hand, led, trump)
        action = legal[data.draw(st.integers(0, len(legal) - 1))]
        assert isinstance(action, Play)
        trick.append((seat, action.card))
        before = len(state.tricks)
        state = game.apply(state, action)
        if len(state.tricks) > before:
            winner_seat = trick[ref_winner([c for _, c in trick], trump)][0]
            assert state.leader == winner_seat
            assert len(trick) == 4 - contract.out.bit_count()
            trick = []
    assert sum(state.won) == 5

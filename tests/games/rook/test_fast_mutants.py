"""Tests written to kill the survivors of a mutation run over Rook's fast module (issue #28).

``games/rook/fast.py`` holds the hot steps of play since the move to one layout per game; these
tests pin what the rest of the suite reaches only in passing: the state a redeal goes back to
(R8, A2, A3), the refusals of a bad state or generator by the random draw and the rollout, the
rollout of a hand thrown in (A2), the playouts of a hand that is not the match's last or holds a
revoke (R24), a card handed back by a correction and played again (R24), the forced part of a
bury (A6), and the memo of legal play lists emptied before it is read. Each result is checked
against the engine's rule functions or the game's checked path, not against a copy of the code
under test.
"""

from __future__ import annotations

import random

import attrs
import pytest

from cardrules import CHANCE, ArgumentError, ArgumentTypeError, Deal, IllegalActionError, iter_bits
from cardrules.games.rook import Bury, RookGame, RookRule, RookState, engine, make_game
from cardrules.games.rook import fast as rook_fast

from ._helpers import dealt, in_play, run, stacked

PLAIN: str = "R6 R7 R8 R9 Y6 Y7 Y8 Y9 G6"  # nine cards and no counter: R8 lets it ask a redeal


def _match_state_after_one_hand(game: RookGame, seed: int) -> RookState:
    """The ``deal`` state that opens a match's second hand (the first played at random)."""
    rng = random.Random(seed)
    state = game.new_match(dealer=3)
    while state.hand_no == 0:
        state = game.apply(state, game.random_action(state, rng))
    assert state.phase == "deal"
    return state


def _step_to_hand_end(game: RookGame, state: RookState, rng: random.Random) -> RookState:
    """The state that ends the hand of ``state``: stepped with the game's own draw and apply."""
    hand_no = state.hand_no
    while game.to_move(state) is not None and state.hand_no == hand_no:
        state = game.apply(state, game.random_action(state, rng))
    return state


# -- R8, A2, A3: a redeal goes back to the state before the deal --------------------------------
@pytest.mark.parametrize("mode", ["same", "next"])
@pytest.mark.parametrize("later_hand", [False, True])
def test_R8_redeal_is_the_state_before_the_deal(mode: str, later_hand: bool) -> None:
    """R8/A3: the redeal annuls the deal; the state is the one the deal was applied to, field for
    field, with the dealer A3 names (``redeal_dealer``): same hand number, score and last hand."""
    game = make_game(no_counter_redeal_dealer=mode)
    before = _match_state_after_one_hand(game, 11) if later_hand else game.new_hand(dealer=3)
    deck = game.deck
    dealer = before.dealer
    assert dealer is not None
    left = (dealer + 1) % 4
    # Stack the deal so that the seat left of the dealer holds no counter.
    state = game.apply(before, stacked(game, dealer, {left: PLAIN}))
    assert state.phase == "bidding" and deck.mask(PLAIN) == state.hands[left]
    after = run(game, state, f"{left}: redeal")
    assert after == attrs.evolve(before, dealer=engine.redeal_dealer(dealer, mode))
    assert type(after) is RookState


def test_A2_redeal_same_dealer_is_the_state_before_the_deal() -> None:
    """A2 ``redeal_same_dealer``: four passes annul the deal; the same dealer deals again from
    the state the deal was applied to."""
    game = make_game(all_pass="redeal_same_dealer")
    before = game.new_hand(dealer=1)
    state = dealt(game, 1)
    assert attrs.evolve(state, phase="deal") != before  # the deal changed the state
    after = run(game, state, "pass", "pass", "pass", "pass")
    step, dealer = engine.all_passed("redeal_same_dealer", 1)
    assert step == "redeal"
    assert after == attrs.evolve(before, dealer=dealer)


# -- refusals of the draw and the rollout -------------------------------------------------------
@pytest.mark.parametrize("step", ["random_action", "rollout"])
def test_draw_and_rollout_refuse_what_is_not_a_state_or_a_generator(step: str) -> None:
    """The random draw and the rollout check their state (its type, then its configuration) and
    their generator first, with the game's messages naming what was given."""
    game = make_game()
    other = make_game(full_deck=True)
    call = getattr(game, step)
    state = game.new_hand(dealer=0)
    with pytest.raises(ArgumentTypeError, match="not str 'nope'"):
        call("nope", random.Random(1))
    rng = random.Random(3)
    foreign = other.new_hand(dealer=0)
    while foreign.phase != "play":
        foreign = other.apply(foreign, other.random_action(foreign, rng))
    for alien in (other.new_hand(dealer=0), foreign):  # before the deal, and in play
        with pytest.raises(ArgumentError, match=r"full_deck=True"):
            call(alien, random.Random(1))
    rng = random.Random(3)
    playing = game.new_hand(dealer=0)
    while playing.phase != "play":
        playing = game.apply(playing, game.random_action(playing, rng))
    for good in (state, playing):  # a chance state, and a state in play
        with pytest.raises(ArgumentTypeError, match=r"^rng must be a random\.Random, not int 7$"):
            call(good, 7)
    # A state of a game of equal rules is accepted (configs compare equal).
    assert call(make_game().new_hand(dealer=0), random.Random(1)) is not None


def test_random_action_at_the_end_names_R23() -> None:
    """At a finished single hand there is nothing to draw: R23, with its message."""
    game = make_game()
    state = _step_to_hand_end(game, game.new_hand(dealer=0), random.Random(2))
    assert state.phase == "over"
    with pytest.raises(IllegalActionError) as info:
        game.random_action(state, random.Random(1))
    assert info.value.rule is RookRule.R23
    assert str(info.value) == "rule R23 (winning the match): the game is over: no action to draw"


# -- the rollout and the playouts end where the hand ends ---------------------------------------
def _three_passes(game: RookGame) -> RookState:
    state = dealt(game, 3, single_hand=False)
    return run(game, state, "pass", "pass", "pass")


@pytest.mark.parametrize("single", [True, False])
def test_A2_rollout_of_a_hand_thrown_in_is_nil(single: bool) -> None:
    """A2 ``pass_deal``: when the fourth seat passes too, the hand is thrown in and scores 0-0;
    the rollout answers that and plays no later hand, in a single hand or a match."""
    game = make_game()
    start = game.new_hand(dealer=3) if single else game.new_match(dealer=3)
    state = run(game, game.apply(start, stacked(game, 3)), "pass", "pass", "pass")
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        first = game.apply(state, game.random_action(state, rng))
        if first.hand_no == state.hand_no:
            continue  # not a pass
        found += 1
        assert first.last_points == (0, 0)
        expected = engine.hand_outcome((0, 0))
        assert game.rollout(state, random.Random(seed)) == expected
        if found == 3:
            break
    assert found == 3


def test_stepped_playout_of_a_match_hand_stops_at_its_end() -> None:
    """In a match the next hand is dealt when one ends: the playouts answer the hand of the
    state, not a later one; at a state already over, the hand that ended it."""
    game = make_game()
    rng = random.Random(4)
    state = game.new_match(dealer=0)
    while state.phase != "play":
        state = game.apply(state, game.random_action(state, rng))
    for seed in range(6):
        end = _step_to_hand_end(game, state, random.Random(seed))
        assert end.phase == "deal" and end.hand_no == state.hand_no + 1
        expected = engine.hand_outcome(end.last_points)
        assert rook_fast.stepped_playout(game, state, random.Random(seed)) == expected
        assert rook_fast.fused_playout(game, state, random.Random(seed)) == expected
    over = _step_to_hand_end(game, game.new_hand(dealer=0), random.Random(9))
    assert over.phase == "over"
    assert rook_fast.stepped_playout(game, over, random.Random(1)) == engine.hand_outcome(
        over.last_points
    )


def test_R24_fused_playout_steps_a_position_with_a_revoke() -> None:
    """Table play: a position holding a revoke is stepped (its offender may correct it); the
    fused playout answers what stepping answers, with the same draws."""
    game = make_game(renege_mode=True)
    state = run(game, in_play(game), "play R14", "play Y11", "play R7", "play R5")
    assert state.revokes
    for seed in range(8):
        rng = random.Random(seed)
        end = _step_to_hand_end(game, state, random.Random(seed))
        expected = engine.hand_outcome(end.last_points)
        assert rook_fast.fused_playout(game, state, rng) == expected
        stepped_rng = random.Random(seed)
        _step_to_hand_end(game, state, stepped_rng)
        assert rng.getstate() == stepped_rng.getstate()


# -- R24: a card handed back is listed until played again ---------------------------------------
def test_R24_a_returned_card_leaves_the_list_when_played_again() -> None:
    """A correction hands cards back in sight of all; each stays listed in ``returned`` until its
    holder plays it again, and the others stay listed (on the in-trick and trick-ending steps)."""
    game = make_game(renege_mode=True)
    state = run(game, in_play(game), "play R14", "play Y11", "play R7", "play R5", "play R13")
    corrected = game.apply(state, game.parse_action("correct", state), seat=1)
    deck = game.deck

    def listed(s: RookState) -> set[tuple[int, str]]:
        return {(seat, deck.cards[c].ascii) for seat, c in s.returned}

    assert listed(corrected) == {(1, "Y11"), (2, "R7"), (3, "R5"), (0, "R13")}
    one = run(game, corrected, "play R10")  # not a returned card: the list is kept
    assert listed(one) == listed(corrected)
    two = run(game, one, "play R7")  # seat 2 plays its returned R7 again (in the trick)
    assert listed(two) == {(1, "Y11"), (3, "R5"), (0, "R13")}
    three = run(game, two, "play R5")  # seat 3's R5 completes the trick
    assert three.trick == () and listed(three) == {(1, "Y11"), (0, "R13")}


# -- A6: the forced part of a bury ---------------------------------------------------------------
def test_A6_random_bury_keeps_the_forced_cards() -> None:
    """With ``nest_discard_counters=False`` and fewer than five non-counters, every one of them
    must be buried (A6): the random bury holds them and is one of the legal buries."""
    game = make_game(nest_discard_counters=False)
    hands = {0: "R Y14 G14 R14 B14 Y10 G10 R10 B10"}
    state = run(game, dealt(game, 3, hands, "Y5 G5 R5 B5 B6"), "bid 70", "pass", "pass", "pass")
    assert state.phase == "bury" and state.to_move == 0
    hand = state.hands[0]
    forced, _pool = engine.bury_pool(hand, game.counter_mask, False)
    assert forced == game.deck.mask("B6")
    legal = set(game.legal_actions(state))
    rng = random.Random(6)
    for _ in range(30):
        bury = game.random_action(state, rng)
        assert bury in legal
        assert game.deck.mask(" ".join(c.ascii for c in bury.cards)) & forced == forced


# -- the memo of legal play lists ----------------------------------------------------------------
def test_R15_legal_plays_made_afresh_are_the_follow_rule() -> None:
    """The legal plays of a follower, made with the per-deck memo emptied, are the cards
    ``follow_rule`` allows, in deck order, as the interned plays."""
    for game in (make_game(), make_game(full_deck=True)):
        rng = random.Random(8)
        state = game.new_hand(dealer=0)
        seen = 0
        while game.to_move(state) is not None:
            if state.phase == "play" and state.trick:
                assert state.trump is not None
                seat = state.to_move
                assert seat is not None
                game._plays_cache.clear()
                plays = game.legal_actions(state)
                order = engine.suit_order(game.deck, state.trump, game.rules.bird_rank)
                allowed = engine.follow_rule(order, game.bird_mask)(
                    state.hands[seat], state.trick[0]
                )
                interned = tuple(game.plays[c] for c in iter_bits(allowed))
                assert plays == interned
                assert all(a is b for a, b in zip(plays, interned, strict=True))
                assert allowed == state.hands[seat] or game._plays_cache[allowed] is plays
                seen += 1
            state = game.apply(state, game.random_action(state, rng))
        assert seen >= 20


# -- R21-R23: what the end of a hand keeps ---------------------------------------------------------
def _last_step(game: RookGame, state: RookState, seed: int) -> tuple[RookState, RookState]:
    """The state before the hand's last action and the state after it."""
    rng = random.Random(seed)
    hand_no = state.hand_no
    while True:
        after = game.apply(state, game.random_action(state, rng))
        if after.hand_no != hand_no:
            return state, after
        state = after


@pytest.mark.parametrize("single", [True, False])
def test_R22_the_end_of_a_hand_keeps_the_hand_in_last(single: bool) -> None:
    """The last card of a hand: the finished hand (its auction, contract, nest, tricks) is kept in
    the state and in ``last``; a match goes on with a blank deal by the next dealer (R5) and the
    score moved by the hand's points; a single hand is over with the play fields kept."""
    game = make_game()
    for seed in range(4):
        start = game.new_hand(dealer=seed) if single else game.new_match(dealer=seed)
        before, after = _last_step(game, start, seed)
        assert before.phase == "play" and len(before.trick) == 3
        last = after.last
        card = next(iter_bits(before.hands[before.to_move or 0]))  # the one card left
        tricks = (*before.tricks, (before.leader, (*before.trick, card)))
        assert (last.dealer, last.auction, last.bidder, last.bid, last.trump, last.nest) == (
            before.dealer,
            before.auction,
            before.bidder,
            before.bid,
            before.trump,
            before.nest,
        )
        assert last.tricks == tricks and last.trick == () and last.claimer == -1
        assert last.revokes == () and last.corrected == ()
        assert sum(last.captured) + engine.counters_in(game.points, before.nest) == sum(game.points)
        scores = tuple(a + b for a, b in zip(before.score.scores, last.points, strict=True))
        assert after.score.scores == scores and after.hand_no == before.hand_no + 1
        if single:
            assert after.phase == "over" and after.to_move is None
            assert (after.auction, after.bidder, after.bid, after.trump, after.nest) == (
                before.auction,
                before.bidder,
                before.bid,
                before.trump,
                before.nest,
            )
            assert after.tricks == tricks and after.hands == (0, 0, 0, 0)
            assert after.leader == last.leader and after.captured == last.captured
        else:
            blank = game.new_match(dealer=engine.next_dealer(before.dealer or 0))
            assert after == attrs.evolve(
                blank, score=after.score, hand_no=before.hand_no + 1, last=last
            )


def test_A2_a_thrown_in_hand_shows_no_nest() -> None:
    """A2 ``pass_deal``: the hand thrown in is kept with no bidder, no nest and no points."""
    game = make_game()
    state = dealt(game, 3)
    after = run(game, state, "pass", "pass", "pass", "pass")
    last = after.last
    assert after.phase == "over" and state.nest != 0
    assert (last.points, last.bidder, last.bid, last.nest, last.auction) == (
        (0, 0),
        -1,
        0,
        0,
        after.auction,
    )
    assert last.reason == "A2: all passed, the hand is thrown in"
    assert last.auction is not None and last.auction.high_bid is None


# -- the fast paths of apply: what they accept and what they leave to the checked path ----------
def _phase_states(game: RookGame, seed: int) -> dict[str, RookState]:
    """One state of each phase of a random hand (a state in play with a trick under way)."""
    rng = random.Random(seed)
    state = game.new_hand(dealer=seed % 4)
    found: dict[str, RookState] = {}
    while game.to_move(state) is not None:
        key = "follow" if state.phase == "play" and state.trick else state.phase
        found.setdefault(key, state)
        state = game.apply(state, game.random_action(state, rng))
    return found


def test_apply_refuses_as_the_checked_path_explains() -> None:
    """Whatever the fast paths do not take (interned actions that are not legal now, actions of
    another phase, tampered deals) goes to the checked path: the error is the one it gives."""
    game = make_game()
    deck = game.deck
    for seed in range(3):
        states = _phase_states(game, seed)
        bidding = run(game, states["bidding"], "bid 80")
        assert bidding.phase == "bidding"
        follow = states["follow"]
        seat = follow.to_move
        assert seat is not None
        not_held = next(c for c in range(len(deck)) if not sum(follow.hands) >> c & 1)
        illegal = [
            c
            for c in iter_bits(follow.hands[seat])
            if game.plays[c] not in game.legal_actions(follow)
        ]
        cases = [
            (states["deal"], rook_fast.PASS),
            (states["deal"], game.bids[70]),
            (states["deal"], "x"),
            (states["bidding"], rook_fast.deck_plays(deck.name)[0]),
            (states["bidding"], game.trumps[0]),
            (bidding, game.bids[70]),  # interned, below the high bid (R10)
            (bidding, game.bids[80]),
            (states["bury"], rook_fast.PASS),
            (states["bury"], game.plays[0]),
            (states["trump"], rook_fast.PASS),
            (states["trump"], game.bids[75]),
            (follow, game.plays[not_held]),
            (follow, rook_fast.PASS),
            (follow, game.trumps[1]),
            *[(follow, game.plays[c]) for c in illegal],
        ]
        # Actions of one phase offered at another: a whole deck, a bury of cards held, a trump.
        shuffle = Deal(tuple(range(len(deck))))
        trump_state = states["trump"]
        bidder_cards = list(iter_bits(trump_state.hands[trump_state.to_move or 0]))[:5]
        held_bury = Bury(tuple(deck.cards[c] for c in bidder_cards))
        over = _step_to_hand_end(game, follow, random.Random(seed))
        cases += [
            (states["bury"], shuffle),
            (trump_state, shuffle),
            (follow, shuffle),
            (trump_state, held_bury),
            (follow, held_bury),
            (over, game.trumps[0]),
            (over, shuffle),
            (over, rook_fast.PASS),
            (game.new_match(), game.trumps[0]),  # before the dealer is chosen
        ]
        for state, action in cases:
            with pytest.raises(IllegalActionError) as checked:
                game.checked_apply(state, action, None)
            with pytest.raises(IllegalActionError) as fast:
                game.apply(state, action)
            assert str(fast.value) == str(checked.value), (state.phase, action)


def test_apply_takes_every_legal_action_as_the_checked_path_does() -> None:
    """Every legal action of states of each phase: the fast paths build the state the checked
    path builds (strict and table play, with a trick under way and at a trick's end)."""
    for game in (make_game(), make_game(renege_mode=True), make_game(full_deck=True)):
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_hand(dealer=seed)
            while game.to_move(state) is not None:
                legal = game.legal_actions(state) if game.to_move(state) != -1 else ()
                for action in legal[:12]:
                    assert game.apply(state, action) == game.checked_apply(state, action, None)
                state = game.apply(state, game.random_action(state, rng))


# -- R6-R13: the deal and the calls change only their own fields ---------------------------------
@pytest.mark.parametrize("later_hand", [False, True])
@pytest.mark.parametrize("all_pass", ["pass_deal", "dealer_forced_min"])
def test_R6_R13_the_deal_and_the_calls_change_only_their_fields(
    later_hand: bool, all_pass: str
) -> None:
    """R6: the deal fills the hands and the nest by ``deal_layout`` and opens ``start_auction``
    left of the dealer; R9-R11: a call moves only the auction and the turn; R12, R13 (and A2's
    forced dealer): the contract gives the nest to the bidder. Every other field is the one of the
    state before."""
    game = make_game(all_pass=all_pass)
    before = _match_state_after_one_hand(game, 5) if later_hand else game.new_hand(dealer=2)
    dealer = before.dealer
    assert dealer is not None
    left = (dealer + 1) % 4
    shuffle = Deal(tuple(random.Random(3).sample(range(len(game.deck)), len(game.deck))))
    holders = engine.deal_layout(len(game.deck), game.cards_each, left)
    masks = [0] * 5
    for pos, card in enumerate(shuffle.order):
        masks[holders[pos]] |= 1 << card
    auction = engine.start_auction(left)
    dealt_state = game.apply(before, shuffle)
    assert dealt_state == attrs.evolve(
        before,
        phase="bidding",
        to_move=left,
        hands=tuple(masks[:4]),
        nest=masks[4],
        auction=auction,
    )
    state = game.apply(dealt_state, game.bids[70])
    auction = auction.bid(left, 70)
    assert state == attrs.evolve(dealt_state, to_move=auction.to_move, auction=auction)
    calls = ["pass"] * 3 if all_pass == "pass_deal" else ["pass"] * 4
    state = game.apply(before, shuffle)
    if all_pass == "pass_deal":
        state = game.apply(state, game.bids[70])
    after_calls = run(game, state, *calls[:-1])
    end = run(game, after_calls, calls[-1])
    if all_pass == "pass_deal":
        bidder, bid = left, 70
    else:
        step, bidder = engine.all_passed(all_pass, dealer)
        assert step == "forced"
        bid = engine.MIN_BID
    hands = list(masks[:4])
    hands[bidder] |= masks[4]
    assert end.auction is not None and end.auction.to_move is None
    assert end == attrs.evolve(
        after_calls,
        phase="bury",
        to_move=bidder,
        hands=tuple(hands),
        nest=0,
        auction=end.auction,
        bidder=bidder,
        bid=bid,
    )


def test_R4_R5_a_new_hand_or_match_is_blank_but_for_the_dealer_and_score() -> None:
    """A fresh state is the blank ``RookState`` (its declared defaults) with the phase, the chance
    turn, the dealer (or none yet: R4's draw for the deal), the score and the single-hand flag."""
    game = make_game()
    for dealer in range(4):
        fresh = [(game.new_hand(dealer=dealer), True), (game.new_match(dealer=dealer), False)]
        for state, single in fresh:
            assert state == RookState(
                "deal", CHANCE, dealer, state.score, single, config=game.config
            )
            assert state.config is game.config and state.score.scores == (0, 0)
    choose = game.new_match()
    assert choose == RookState("choose_dealer", CHANCE, None, choose.score, config=game.config)
    scored = game.new_hand(scores=(85, 90), dealer=1)
    assert scored == RookState("deal", CHANCE, 1, scored.score, True, config=game.config)
    assert scored.score.scores == (85, 90)

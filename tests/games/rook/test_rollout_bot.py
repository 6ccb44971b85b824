"""The fused rollout has the distribution of stepping with apply; the heuristic bot beats random."""

from __future__ import annotations

import random
from collections import Counter
from math import sqrt

from cardrules.bots import Bot, RandomBot
from cardrules.games.rook import Play, RookBot, RookGame, RookState, make_game
from cardrules.sim import play_game

from ._helpers import LAYOUT, LAYOUT_NEST, dealt, in_play, run


def stepped(game: RookGame, state: RookState, rng: random.Random) -> tuple[int, ...]:
    """Uniform choices among ``legal_actions`` with ``apply`` until the hand is finished."""
    hand_no = state.hand_no
    while not game.is_over(state) and state.hand_no == hand_no:
        legal = game.legal_actions(state)
        action = game.sample_chance(state, rng) if not legal else legal[rng.randrange(len(legal))]
        state = game.apply(state, action)
    return state.last_points


def two_sample_chi2(a: Counter[tuple[int, ...]], b: Counter[tuple[int, ...]]) -> tuple[float, int]:
    """Chi-square of two equal-size samples over their joint bins (bins under 10 merged)."""
    keys = sorted(set(a) | set(b))
    bins: list[tuple[int, int]] = []
    acc = (0, 0)
    for k in keys:
        acc = (acc[0] + a[k], acc[1] + b[k])
        if acc[0] + acc[1] >= 20:
            bins.append(acc)
            acc = (0, 0)
    if acc != (0, 0):
        bins[-1] = (bins[-1][0] + acc[0], bins[-1][1] + acc[1])
    chi2 = sum((x - y) ** 2 / (x + y) for x, y in bins)
    return chi2, len(bins) - 1


def compare(game: RookGame, state: RookState, n: int, seed: int) -> None:
    roll_rng, step_rng = random.Random(seed), random.Random(seed + 1)
    rolled = Counter(game.rollout(state, roll_rng).team_points for _ in range(n))
    steps = Counter(stepped(game, state, step_rng) for _ in range(n))
    chi2, dof = two_sample_chi2(rolled, steps)
    assert dof >= 5  # a spread-out distribution, not a foregone hand
    # Beyond the 1e-4 quantile for a true match; a wrong rule (e.g. no Bird privilege) fails.
    assert chi2 < dof + 5 * sqrt(2 * dof), (chi2, dof)


def test_rollout_matches_stepping_from_the_first_lead() -> None:
    """Rollouts from the first lead: the hand points have the stepped distribution."""
    game = make_game()
    rng = random.Random(3)
    state = game.apply(game.new_hand(dealer=3), game.shuffle(rng))
    state = run(game, state, "bid 70", "pass", "pass", "pass")
    state = game.apply(state, game.random_action(state, rng))
    state = game.apply(state, game.random_action(state, rng))
    assert state.phase == "play"
    compare(game, state, 4000, 7)


def test_rollout_matches_stepping_from_the_bidding_renege_mode() -> None:
    """From the start of the bidding in renege mode (revokes found at the end, A2 throw-ins)."""
    game = make_game(renege_mode=True, bird_rank="low")
    state = dealt(game, 3, LAYOUT, LAYOUT_NEST)
    compare(game, state, 500, 8)


def test_rollout_does_not_touch_its_state_and_finishes_mid_trick() -> None:
    """A rollout from the middle of a trick returns an outcome and leaves its state alone."""
    game = make_game()
    state = run(game, in_play(game), "play R14", "play R10")
    before = state
    outcome = game.rollout(state, random.Random(1))
    assert state == before and sum(outcome.returns) == 0


def test_heuristic_bot_beats_random() -> None:
    """RookBot partners (seats 0, 2) against RandomBot: clearly more points over 40 seeded hands."""
    game = make_game()
    bots: list[Bot] = [RookBot(game), RandomBot(), RookBot(game), RandomBot()]
    diff = 0
    wins = 0
    for seed in range(40):
        final = play_game(game, bots, seed=seed, start="hand", dealer=seed % 4)
        p0, p1 = final.last_points
        diff += p0 - p1
        wins += p0 > p1
    assert wins >= 30 and diff > 40 * 60, (wins, diff)


def test_heuristic_bot_wins_matches() -> None:
    """RookBot partners win whole matches to 300 against RandomBot."""
    game = make_game()
    bots: list[Bot] = [RookBot(game), RandomBot(), RookBot(game), RandomBot()]
    for seed in range(3):
        final = play_game(game, bots, seed=seed)
        assert final.score.winner == 0


def test_heuristic_bot_never_revokes_in_renege_mode() -> None:
    """In renege mode every held card is offered; RookBot still follows R15-R17."""
    game = make_game(renege_mode=True)
    bots: list[Bot] = [RookBot(game), RandomBot(), RookBot(game), RandomBot()]
    for seed in range(10):
        final = play_game(game, bots, seed=seed, start="hand", dealer=seed % 4)
        assert all(r.seat % 2 == 1 for r in final.revokes)


def test_bot_never_revokes_in_table_play() -> None:
    """R15-R17 in renege mode (R24): every held card is offered, and the heuristic bot still picks
    a proper play, the one the follow rule allows, so its hands record no revoke."""
    game = make_game(renege_mode=True)
    bot = RookBot(game)
    rng = random.Random(24)
    offered_more = 0
    for dealer in range(8):
        state = game.new_hand(dealer=dealer % 4)
        while (seat := game.to_move(state)) is not None:
            if seat < 0:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            legal = game.legal_actions(state)
            action = bot.choose(game.view(state, seat), legal, rng)
            if state.phase == "play":
                proper = game.strict_mask(state, seat)
                offered_more += len(legal) > proper.bit_count()
                assert isinstance(action, Play)
                assert proper >> game.deck.index(action.card) & 1, (state, action)
            state = game.apply(state, action)
            assert not state.revokes
    assert offered_more, "table play never offered a revoke: the check saw nothing"

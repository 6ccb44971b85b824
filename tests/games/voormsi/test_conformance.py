"""check_game for every preset; views and sampling; rollouts agree with stepping; the bot; statistics."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from cardrules import Card, get_game
from cardrules.bots import RandomBot
from cardrules.games.voormsi import VoormsiGame, VoormsiHeuristicBot, VoormsiRules, make_game
from cardrules.games.voormsi.ranking import TOQUTSIT
from cardrules.games.voormsi.state import VoormsiState
from cardrules.sim import play_game
from cardrules.testing import check_game

from ._helpers import play, rest


def test_registered_under_the_entry_point() -> None:
    game = get_game("voormsi")
    assert isinstance(game, VoormsiGame) and game.rules == VoormsiRules()


@pytest.mark.parametrize("preset", [None, *VoormsiRules.PRESETS])
def test_check_game_default_and_presets(preset: str | None) -> None:
    game = make_game(preset=preset) if preset else make_game()
    check_game(game, examples=6)


def _dealt(game: VoormsiGame, seed: int) -> VoormsiState:
    s = game.new_hand(dealer=0)
    return game.apply(s, game.sample_chance(s, random.Random(seed)))


def test_views_hide_other_hands_and_the_stock() -> None:
    """Seat 0 cannot tell two deals apart that differ only in the other hands and the stock."""
    game = make_game()
    hands = ["KH 5C 5S 6C", "QC QS AH 6S", "QH QD AD 6H", "8C 8H AS 6D"]
    stock = rest(*hands).split()
    s = game.position(dealer=3, hands=hands, stock=stock)
    swapped = [hands[0], hands[2], hands[1], hands[3]]
    other = game.position(dealer=3, hands=swapped, stock=stock[::-1])
    assert game.view(s, 0) == game.view(other, 0)
    assert game.view(s, 1) != game.view(other, 1)


def test_sampling_keeps_cards_shown_for_the_voormsi_bonus() -> None:
    game = make_game()
    hands = ["KH 5C 5S 6C", "QC QS AH 6S", "QH QD AD 6H", "8C 8H AS 6D"]
    s = game.position(dealer=3, hands=hands, stock=rest(*hands))
    s = play(game, s, "lead KH", "play QC", "play QH", "play 8C")
    view = game.view(s, 1)
    shown = view.known_cards(0)
    assert {c.ascii for c in shown} == {"5C", "5S", "6C"}  # B1: shown before the draw
    rng = random.Random(0)
    for _ in range(30):
        sampled = game.sample_state(view, rng)
        assert sampled.hands[0] & shown.mask == shown.mask
        assert not sampled.hands[0] >> TOQUTSIT & 1 or s.toqu_known[0] == 0
        assert game.view(sampled, 1) == view


def test_sampling_respects_public_toqutsit_deductions() -> None:
    game = make_game()
    hands = ["KH JC 5S 6C", "QC QS AH 6S", "QH QD AD 6H", "8C 8H AS 6D"]
    s = game.position(dealer=3, hands=hands, stock=rest(*hands))
    s = play(game, s, "lead KH", "play QC", "play QH", "play 8C")
    assert s.toqu_known[0] == 2  # C10 refused the bonus: seat 0 holds the J♣
    view = game.view(s, 3)
    rng = random.Random(1)
    assert all(game.sample_state(view, rng).hands[0] >> TOQUTSIT & 1 for _ in range(20))


def test_sampling_is_uniform_over_hidden_hands() -> None:
    game = make_game()
    s = _dealt(game, 9)
    view = game.view(s, 0)
    rng = random.Random(2)
    card = next(i for i in range(36) if not s.hands[0] >> i & 1)
    counts = Counter(
        next(
            (seat for seat in (1, 2, 3) if game.sample_state(view, rng).hands[seat] >> card & 1), 4
        )
        for _ in range(1600)
    )
    # 32 unseen cards: 4 in each of three hands, 20 in the stock.
    for seat in (1, 2, 3):
        assert abs(counts[seat] / 1600 - 4 / 32) < 4 * math.sqrt(0.125 * 0.875 / 1600)


def _points(outcome_points: tuple[int, ...]) -> int:
    return outcome_points[0] - outcome_points[1]


def _stepped(game: VoormsiGame, s: VoormsiState, rng: random.Random) -> int:
    while s.phase == "play":
        legal = game.legal_actions(s)
        s = game.apply(s, legal[rng.randrange(len(legal))])
    return _points(game.hand_outcome(s).team_points)


def _chi2_critical(df: int, z: float = 3.3) -> float:
    """Wilson–Hilferty approximation of the chi-square quantile (z = 3.3: about 1 in 2000)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_rollout_has_the_same_distribution_as_stepping() -> None:
    game = make_game()
    s = _dealt(game, 11)
    n = 800
    rolled = Counter(_points(game.rollout(s, random.Random(k)).team_points) for k in range(n))
    stepped = Counter(_stepped(game, s, random.Random(10_000 + k)) for k in range(n))
    cells = sorted(set(rolled) | set(stepped))
    # Merge sparse cells into their neighbours so every expected count is at least 5.
    bins: list[tuple[int, int]] = []
    a = b = 0
    for c in cells:
        a, b = a + rolled[c], b + stepped[c]
        if a + b >= 10:
            bins.append((a, b))
            a = b = 0
    if a + b and bins:
        x, y = bins.pop()
        bins.append((x + a, y + b))
    chi2 = sum((x - y) ** 2 / (x + y) for x, y in bins)
    assert len(bins) >= 3
    assert chi2 < _chi2_critical(len(bins) - 1)


def test_rollout_does_not_touch_its_state_and_ends_the_hand() -> None:
    game = make_game(preset="three_player")
    s = _dealt(game, 2)
    before = s
    outcome = game.rollout(s, random.Random(3))
    assert s == before and len(outcome.team_points) == 3


@pytest.mark.parametrize("preset", [None, "two_player"])
def test_heuristic_bot_beats_random(preset: str | None) -> None:
    game = make_game(preset=preset) if preset else make_game()
    n = game.num_players
    bots = [VoormsiHeuristicBot() if s % 2 == 0 else RandomBot() for s in range(n)]
    wins = sum(play_game(game, bots, seed=seed).winner == 0 for seed in range(40))
    # Random play would win about half; the bot wins over 85% in calibration runs.
    assert wins >= 28


def test_statistic_3_6_a_seven_in_the_first_four_cards() -> None:
    game = make_game()
    sevens = sum(1 << game.deck.index(Card(7, suit)) for suit in game.deck.suits)
    n = 4000
    hits = sum(bool(_dealt(game, seed).hands[1] & sevens) for seed in range(n))
    p = 1 - math.comb(32, 4) / math.comb(36, 4)
    assert abs(p - 0.3895) < 1e-4
    assert abs(hits / n - p) < 4 * math.sqrt(p * (1 - p) / n)

"""Resolved semantics of ``voormsi.md`` §3.7 as settled after the first build.

* C2 (``must_follow_suit=True``) with groups and V15: for each suit play at least
  min(cards of that suit led, cards of it held), the Toqutsit compulsion first; where the
  compulsion makes that impossible, "as far as able": the legal groups are those holding the J♣
  that follow the most led cards, counting per suit at most min(led, held).
* C7 default with points already credited: a sweep voids the deal, and the points credited
  earlier in the same deal are taken back (the ladder returns to where it stood when the deal
  began).
"""

from __future__ import annotations

import pytest

from cardrules import IllegalActionError
from cardrules.games.voormsi import Play, VoormsiGame, VoormsiRule, VoormsiState, make_game

from ._helpers import play, position


def _legal(game: VoormsiGame, s: VoormsiState) -> list[str]:
    return [game.format_action(a) for a in game.legal_actions(s)]


def _follow_position(led: str, hand: str) -> tuple[VoormsiGame, VoormsiState]:
    """Seat 0 leads ``led``; seat 1 (an opponent) holds ``hand``; the other cards are fillers."""
    game = make_game(must_follow_suit=True)
    taken = set((led + " " + hand).split())
    fillers = [
        c
        for c in ["QC", "QD", "8H", "8D", "AS", "8C", "AH", "AD", "5D", "6D", "9D", "QS"]
        if c not in taken
    ]
    lead_hand = (led.split() + fillers[:4])[:4]
    seat2, seat3 = fillers[4:8], fillers[8:12]
    s = position(game, [" ".join(lead_hand), hand, " ".join(seat2), " ".join(seat3)])
    return game, play(game, s, f"lead {led}")


def test_C2_groups_follow_each_led_suit_with_min_of_led_and_held() -> None:
    # 9♣ 9♥ led: one club and one heart are due; either club will do.
    game, s = _follow_position("9C 9H", "AC 5C QH 6S")
    assert _legal(game, s) == ["play 5C QH", "play AC QH"]
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Play.of("AC 5C"))
    assert err.value.rule is VoormsiRule.C2


def test_C2_V15_compulsion_first_then_each_suit_counted_at_most_min_led_held() -> None:
    # K♣ K♠ K♥ led by an opponent, the K♥ heading: the J♣ is due (V15) and counts as the club;
    # the two hearts held count once (one heart led), so the spade must come too.
    game, s = _follow_position("KC KS KH", "JC 5H 6H 6S")
    assert _legal(game, s) == ["play JC 5H 6S", "play JC 6H 6S"]
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Play.of("JC 5H 6H"))
    assert err.value.rule is VoormsiRule.C2
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Play.of("5H 6H 6S"))
    assert err.value.rule is VoormsiRule.V15


def test_C2_V15_compulsion_makes_following_impossible_as_far_as_able() -> None:
    # The K♥ led alone: the J♣ is due and cannot follow hearts; it is the only legal play.
    game, s = _follow_position("KH", "JC 5H 6H 6S")
    assert _legal(game, s) == ["play JC"]
    # K♥ K♠ led: with the J♣ only one led card can be followed; every group holding the J♣ and a
    # heart or a spade follows one, the J♣ with the ♦ none (illegal).
    game, s = _follow_position("KS KH", "JC 5H 6S 8D")
    assert _legal(game, s) == ["play JC 5H", "play JC 6S"]
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Play.of("JC 8D"))
    assert err.value.rule is VoormsiRule.C2


def test_C2_V15_the_jack_of_clubs_follows_a_led_club() -> None:
    # K♣ K♥ led: the J♣ (due) is the club; with the 6♥ both led suits are followed.
    game, s = _follow_position("KC KH", "JC 5C 6H 8D")
    assert _legal(game, s) == ["play JC 6H"]


def _credited_then_swept(**options: object) -> tuple[VoormsiGame, VoormsiState, VoormsiState]:
    """Under C5's variant a side can be credited in a deal it does not win a trick of: in the
    first trick (dealer 0, seat 1 leads) seat 3's ♦3 beats the led group holding seat 1's K♥ (B4:
    +1 to side 1, credited at once), then seat 0's J♣ beats the led group too and takes the trick
    (last group beating the led one wins). The stock, drawn by sides in turn, gives side 0 only
    cards that beat every card side 1 holds: side 0 takes every trick, a sweep of the deal.
    Returns the game, the state after the first trick and the state after the deal."""
    game = make_game(multi_compare="vs_led_group_last_wins", **options)
    strong = ["AS", "AH", "AD", "JS", "JH", "JD", "9D", "8S", "6C", "6S"]
    weak = ["7C", "7S", "7H", "7D", "KC", "QC", "QS", "QH", "8D", "5D"]
    s = game.position(
        dealer=0,
        hands=["JC 9C AC 9S", "KH KS 5H 8C", "5C 5S 6H 9H", "3D QD 6D 8H"],
        stock=[card for pair in zip(strong, weak, strict=True) for card in pair],
        scores=(3, 8),
        match=True,
    )
    s = play(game, s, "lead KS KH", "play 5C 5S", "play 3D QD", "play JC 9C")
    after = play(game, s, "lead AC", "play 5H", "play 6H", "play 6D")
    while after.phase == "play":
        after = game.apply(after, game.legal_actions(after)[0])
    return game, s, after


def test_C7_sweep_takes_back_points_credited_earlier_in_the_deal() -> None:
    _, mid, end = _credited_then_swept()
    # The B4 point was credited at once (side 1 stands at 9); side 0's B2 (+2) is held (V23),
    # so the game does not end on side 1's 9.
    assert mid.scores == (3, 9) and mid.pending == (2, 0) and mid.phase == "play"
    # Side 0 took every trick: the deal is void and the ladder is back where it stood (3, 8).
    assert end.units == (9, 0)
    assert end.scores == (3, 8) == end.deal_start and end.pending == (0, 0)
    assert end.phase == "deal" and end.end == ""


def test_C7_variants_with_points_credited_earlier_in_the_deal() -> None:
    _, _, end = _credited_then_swept(all_nine="score_normally")
    # Normal scoring: side 1 keeps its B4 point; side 0's held B2 and trick points (2 for the first
    # five units, 1 for each of the other four) are credited as one batch at the deal's end:
    # 3 + 8 = 11 goes bust to 7 (C11). Side 1, on 9 with nothing held, wins (V25).
    assert end.scores == (7, 9) and end.phase == "over" and end.winner == 1
    _, _, end = _credited_then_swept(all_nine="wins_game")
    assert end.phase == "over" and end.end == "sweep" and end.winner == 0
    assert end.scores == (3, 8)  # the ladder unchanged (3.7)

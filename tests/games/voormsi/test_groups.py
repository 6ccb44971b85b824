"""V16–V20: multi-card leads, followers' groups, one-to-one pairing, heading group, trick units."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardrules import IllegalActionError, get_deck
from cardrules.games.voormsi import Lead, Play, make_game
from cardrules.games.voormsi.ranking import beats, lead_status, new_status

from ._helpers import d, play, position


def trick_winner(groups: list[str], **rules: object) -> int:
    """Play one trick of the given groups (seat k holds exactly group k; seat 0 leads)."""
    game = make_game(**rules)
    s = position(game, groups)
    s = play(game, s, "lead " + groups[0], *("play " + g for g in groups[1:]))
    return s.tricks[-1][1]


def test_V16_lead_of_one_to_four_cards_of_one_face_rank() -> None:
    game = make_game()
    s = position(game, ["9C 9H 9S 9D", "5C 5S 5H 5D", "6C 6S 6H 6D", "8C 8H 8D 8S"])
    texts = {game.format_action(a) for a in game.legal_actions(s)}
    assert "lead 9C 9D 9H 9S" in texts and "lead 9C 9H" in texts and "lead 9D" in texts
    assert len(texts) == 15


def test_V16_face_rank_counts_not_power_kings_and_jacks() -> None:
    game = make_game()
    s = position(game, ["KH KC JC JD", "5C 5S 5H 5D", "6C 6S 6H 6D", "8C 8H 8D 8S"])
    texts = {game.format_action(a) for a in game.legal_actions(s)}
    assert {"lead KC KH", "lead JC JD"} <= texts
    with pytest.raises(IllegalActionError, match="V16"):
        game.apply(s, Lead.of("KH JC"))


def test_V16_C4_diamond_three_counts_as_a_king_only_under_the_option() -> None:
    hands = ["3D KC 9C 9H", "5C 5S 5H 5D", "6C 6S 6H 6D", "8C 8H 8D 8S"]
    game = make_game()
    assert "lead KC 3D" not in {
        game.format_action(a) for a in game.legal_actions(position(game, hands))
    }
    game = make_game(diamond_three_is_king=True)
    assert "lead KC 3D" in {
        game.format_action(a) for a in game.legal_actions(position(game, hands))
    }


def test_V17_followers_play_the_same_number_of_any_cards() -> None:
    game = make_game()
    s = position(game, ["9C 9H QC QD", "5C JS 7D KS", "6C 6S 6H 6D", "8C 8H 8D 8S"])
    s = play(game, s, "lead 9C 9H")
    assert len(game.legal_actions(s)) == 6  # any 2 of 4 (V14: no obligation to follow)
    with pytest.raises(IllegalActionError, match="V17"):
        game.apply(s, Play.of("5C"))


def test_edge_3_5_12_pair_of_aces_against_nine_and_queen_or_nine_and_eight_of_spades() -> None:
    assert trick_winner(["AC AD", "9D QC", "5C 5D", "6C 6D"]) == 0
    assert trick_winner(["AC AD", "9D 8S", "5C 5D", "6C 6D"]) == 1


def test_V18_every_card_must_beat_a_different_card() -> None:
    # 9♦ beats either Ace, but the J♠ beats neither: no pairing.
    assert trick_winner(["AC AD", "9D JS", "5C 5D", "6C 6D"]) == 0
    # Two Nines: each beats a different Ace.
    assert trick_winner(["AC AD", "9D 9H", "5C 5D", "6C 6D"]) == 1


def test_V19_later_group_must_beat_the_current_heading_group() -> None:
    # Seat 1 takes over with two Nines; seat 2's two Aces beat the led Queens but not the Nines.
    assert trick_winner(["QC QD", "9D 9H", "AC AS", "5C 5D"]) == 1
    # C5 variant: compared with the led group, the last group that beats it wins.
    assert (
        trick_winner(["QC QD", "9D 9H", "AC AS", "KC KS"], multi_compare="vs_led_group_last_wins")
        == 2
    )


def test_3_7_group_cards_keep_the_status_they_earned() -> None:
    # Two Sevens led; K♣ + 7♣ beat them (K♣ over a Seven, 7♣ a winning Seven); the next group's
    # K♠ beats the K♣-over-Seven and the ♦3 beats the winning 7♣.
    assert trick_winner(["7H 7D", "KC 7C", "KS 3D", "JC KH"]) == 2
    # Not directly after: the K♠ cannot beat the K♣ over a Seven.
    assert trick_winner(["7H 7D", "KC 7C", "JC KH", "KS 3D"]) == 1


def test_V20_a_trick_of_k_cards_each_counts_k_units() -> None:
    game = make_game()
    s = position(game, ["9C 9H 9S 9D", "5C 5S 5H 5D", "6C 6S 6H 6D", "8C 8H 8D 8S"])
    s = play(
        game, s, "lead 9C 9H 9S 9D", "play 5C 5S 5H 5D", "play 6C 6S 6H 6D", "play 8C 8H 8D 8S"
    )
    assert s.units == (4, 0)


# --- group resolution against a brute-force reference (all permutations) ----------------------
def _brute_beats(
    group: list[int], heading: list[tuple[int, int]], adjacent: bool
) -> list[list[int]]:
    """Every status vector the group can earn, one per valid one-to-one pairing."""
    outcomes = []
    for perm in permutations(range(len(heading))):
        if all(
            beats(g, heading[j][0], heading[j][1], adjacent=adjacent)
            for g, j in zip(group, perm, strict=True)
        ):
            outcomes.append(
                [new_status(g, heading[j][1]) for g, j in zip(group, perm, strict=True)]
            )
    return outcomes


def _possible_winners(groups: list[list[int]]) -> set[int]:
    winners: set[int] = set()

    def rec(pos: int, head: int, statuses: list[tuple[int, int]]) -> None:
        if pos == len(groups):
            winners.add(head)
            return
        options = _brute_beats(groups[pos], statuses, adjacent=pos == head + 1)
        if not options:
            rec(pos + 1, head, statuses)
        for sts in options:
            rec(pos + 1, pos, list(zip(groups[pos], sts, strict=True)))

    rec(1, 0, [(c, lead_status(c)) for c in groups[0]])
    return winners


_FAMILIES = ["5C 5S 5H 5D", "6C 6S 6H 6D", "7C 7S 7H 7D", "8C 8S 8H 8D", "9C 9S 9H 9D",
             "JC JS JH JD", "QC QS QH QD", "KC KH KS", "AC AS AH AD"]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_V18_V19_group_resolution_matches_brute_force(data: st.DataObject) -> None:
    family = data.draw(st.sampled_from(_FAMILIES)).split()
    size = data.draw(st.integers(2, len(family)))
    lead = data.draw(st.permutations(family))[:size]
    rest = [c.ascii for c in get_deck("voormsi36").cards if c.ascii not in lead]
    others = data.draw(st.permutations(rest))[: 3 * size]
    groups = [lead] + [others[k * size : (k + 1) * size] for k in range(3)]
    game = make_game()
    s = position(game, [" ".join(g) for g in groups])
    for k, g in enumerate(groups):
        s = play(game, s, ("play " if k else "lead ") + " ".join(g))
        if s.phase == "over":
            break
    assume(s.end != "partner_capture")
    possible = _possible_winners([[d(c) for c in g] for g in groups])
    assert s.tricks[-1][1] in possible
    if len(possible) == 1:
        assert s.tricks[-1][1] == possible.pop()

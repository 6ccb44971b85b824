"""Starting anywhere on the ladder (V25, C11), positions from plain values and their one-line text."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    ArgumentError,
    ArgumentTypeError,
    Card,
    CardrulesError,
    NotationError,
    RulesError,
)
from cardrules.games.voormsi import (
    VOORMSI_RULES,
    VoormsiGame,
    VoormsiRule,
    VoormsiRules,
    VoormsiState,
    make_game,
)
from cardrules.games.voormsi.position import PositionError
from cardrules.testing import assert_legal, play_moves

from ._helpers import stacked_deal

PRESETS = [None, *VoormsiRules.PRESETS]


def _game(preset: str | None) -> VoormsiGame:
    return make_game(preset=preset) if preset else make_game()


def _random_states(game: VoormsiGame, seed: int, match: bool) -> list[VoormsiState]:
    """Every state of a random match (or single deal) from ``seed``: chance, play, between deals,
    the end."""
    rng = random.Random(seed)
    s = game.new_match() if match else game.new_hand(dealer=seed % game.num_players)
    states = [s]
    while not game.is_over(s):
        to_move = game.to_move(s)
        assert to_move is not None
        if to_move < 0:
            s = game.apply(s, game.sample_chance(s, rng))
        else:
            legal = game.legal_actions(s)
            s = game.apply(s, legal[rng.randrange(len(legal))])
        states.append(s)
    return states


# -- V25/C11: starting anywhere on the ladder ----------------------------------------------------
def test_V25_new_match_and_new_hand_start_from_any_ladder_scores() -> None:
    game = make_game()
    s = game.new_match(scores=(8, 0), dealer=1)
    assert (s.phase, s.dealer, s.scores, s.deal_start) == ("deal", 1, (8, 0), (8, 0))
    assert game.new_match(scores=[3, 4]).phase == "choose_dealer"
    assert game.new_hand(dealer=2, scores=(0, 8)).scores == (0, 8)
    assert game.new_hand(dealer=2) is game.new_hand(dealer=2)  # the cached start is kept
    three = make_game(preset="three_player")
    assert three.new_match(scores=(11, 0, 5), dealer=0).scores == (11, 0, 5)


@pytest.mark.parametrize("scores", [(9, 0), (0, 12), (-1, 3)])
def test_V25_a_side_on_the_target_has_won_so_no_deal_starts_there(scores: tuple[int, int]) -> None:
    with pytest.raises(RulesError, match="V25"):
        make_game().new_match(scores=scores)
    with pytest.raises(RulesError, match="V25"):
        make_game(bust_mode="no_bust").new_hand(dealer=0, scores=scores)


@pytest.mark.parametrize("scores", [(1,), (1, 2, 3), (True, 0), (1.0, 2), "12", 5])
def test_scores_of_the_wrong_shape_or_type_are_refused(scores: object) -> None:
    with pytest.raises(ArgumentTypeError):
        make_game().new_match(scores=scores)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        make_game().new_hand(dealer=0, scores=scores)  # type: ignore[arg-type]


def test_C11_a_started_match_plays_on_from_its_scores() -> None:
    game = make_game()
    s = game.new_match(scores=(8, 8), dealer=3)
    s = game.apply(s, stacked_deal(game, 3, {}))
    assert game.parse_position(game.position_text(s)) == s
    assert game.position_text(game.new_match(scores=(8, 8), dealer=3)) == (
        "deal match dealer=3 scores=8,8"
    )


# -- the text round trip (Hypothesis) --------------------------------------------------------------
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(PRESETS), match=st.booleans())
def test_every_reachable_state_round_trips_through_its_text(
    seed: int, preset: str | None, match: bool
) -> None:
    game = _game(preset)
    states = _random_states(game, seed, match)
    rng = random.Random(seed)
    picks = [states[0], states[-1], *rng.sample(states, min(25, len(states)))]
    for s in picks:
        text = game.position_text(s)
        assert "\n" not in text
        again = game.parse_position(text)
        assert again == s, text
        assert game.legal_actions(again) == game.legal_actions(s)
        assert game.position_text(again) == text


def test_between_deals_and_after_the_next_deal_the_text_keeps_the_last_deal() -> None:
    game = make_game()
    states = _random_states(game, 11, True)
    between = [s for s in states if s.phase == "deal" and s.last is not None]
    assert between
    s = between[0]
    assert game.parse_position(game.position_text(s)) == s
    later = states[states.index(s) + 5]
    text = game.position_text(later)
    assert " | last deal=1 " in text
    assert game.parse_position(text).last == s.last
    main, _, last = text.partition(" | last ")
    fields = dict(token.split("=") for token in main.split()[2:])
    assert later.dealer is not None
    again = game.position(
        dealer=later.dealer,
        scores=tuple(int(v) for v in fields["scores"].split(",")),
        hands=fields["hands"],
        stock=fields.get("stock", ()),
        drawn=fields.get("drawn", ()),
        tricks=fields.get("tricks", ()),
        trick=fields.get("trick", ()),
        match=True,
        last=last,
    )
    assert again == later


# -- position(): plain values, validated by replay --------------------------------------------------
HANDS = ["5C 7C 5S", "JC AH 7S QS", "QC QD AD 7H", "8C 7D 8H AS"]
STOCK = "6C KC AC 5D 6D 8D JD 3D 5H 6H JH QH 6S 8S JS KS"


def _v15_position(game: VoormsiGame, **changes: object) -> VoormsiState:
    fields: dict[str, object] = {
        "dealer": 3,
        "hands": HANDS,
        "stock": STOCK,
        "drawn": "7C 7S 7H 7D",
        "tricks": [(0, "9C 9S 9H 9D")],
        "trick": "KH",
    }
    fields.update(changes)
    return game.position(**fields)  # type: ignore[arg-type]


def test_V15_position_in_one_call_and_its_legal_plays() -> None:
    game = make_game()
    s = _v15_position(game)
    assert game.to_move(s) == 1
    assert_legal(game, s, "play JC")
    same = _v15_position(game, hands={0: "5C 7C 5S", 1: "JC AH 7S QS", 2: HANDS[2], 3: HANDS[3]})
    assert same == s
    assert _v15_position(game, tricks="0:9C,9S,9H,9D", trick="0:KH") == s


def test_groups_in_a_position_are_written_with_plus() -> None:
    game = make_game()
    s = game.new_hand(dealer=3)
    s = game.apply(s, stacked_deal(game, 3, {0: "9C 9H 5C 5S", 1: "AS AH 6C 6S", 2: "QC QD 6H 6D"}))
    s = play_moves(game, s, "lead 9C 9H; play AS AH; play QC QD")
    text = game.position_text(s)
    assert "trick=0:9C+9H,AH+AS,QC+QD" in text  # cards in deck order (suits C, D, H, S)
    assert game.parse_position(text) == s
    assert (
        game.position(
            dealer=3,
            hands=[_held(s, seat) for seat in range(4)],
            stock=[c.ascii for c in _stock(s)],
            trick=(0, ["9C 9H", "AS AH", "QC QD"]),
        )
        == s
    )


def _held(s: VoormsiState, seat: int) -> str:
    from cardrules.games.voormsi.ranking import DECK

    return " ".join(c.ascii for i, c in enumerate(DECK.cards) if s.hands[seat] >> i & 1)


def _stock(s: VoormsiState) -> list[Card]:
    from cardrules.games.voormsi.ranking import DECK

    return [DECK.cards[c] for c in s.stock]


@pytest.mark.parametrize(
    ("changes", "rule"),
    [
        ({"hands": ["5C 7C 5S", "JC AH 7S QS", "QC QD AD 7H", "8C 7D 8H 5C"]}, "V2"),  # twice
        ({"hands": ["5C 7C", "JC AH 7S QS", "QC QD AD 7H", "8C 7D 8H AS"]}, "V2"),  # missing
        ({"stock": STOCK.replace("KS", "KS 5S"), "hands": ["5C 7C", *HANDS[1:]]}, "V5"),
        ({"drawn": "7S 7C 7H 7D"}, "V21"),  # seat 0 drew the 7C, not the 7S
        ({"drawn": ""}, "V5"),  # nobody drew after the first trick: seats hold too many
        ({"tricks": [(1, "9C 9S 9H 9D")]}, "V6"),  # the eldest (seat 0) leads
        ({"tricks": [(0, "9C 9S 9H")], "trick": "9D KH"}, "V17"),  # a short trick
        ({"tricks": [(0, "9C 9S 9H 9D KH")], "trick": ""}, "V13"),  # a long one
        # an opponent's Voormsi heads: seat 1 must play Toqutsit
        ({"trick": "KH AH", "hands": [HANDS[0], "JC 7S QS", *HANDS[2:]]}, "V15"),
    ],
)
def test_each_position_error_names_its_rule(changes: dict[str, object], rule: str) -> None:
    with pytest.raises(PositionError) as info:
        _v15_position(make_game(), **changes)
    assert info.value.rule is VoormsiRule(rule), str(info.value)
    title = VOORMSI_RULES[VoormsiRule(rule)].title
    assert str(info.value).startswith(f"position: rule {rule} ({title}): ")


def test_V16_a_lead_of_two_face_ranks_is_refused_in_a_position() -> None:
    game = make_game()
    with pytest.raises(PositionError) as info:
        game.position(
            dealer=3,
            hands=["5C 5S", "AH 6C", "QD 6H", "6D 7D"],
            stock=STOCK.replace("6C ", "").replace("6D ", "").replace("6H ", "") + " 7C 7H 7S JC",
            trick=(0, ["9C 9H", "AS AH", "QC QD"]),
        )
    assert info.value.rule in (VoormsiRule.V2, VoormsiRule.V16, VoormsiRule.V21)


def test_V25_no_play_after_the_game_ended() -> None:
    game = make_game()
    states = _random_states(game, 3, False)
    over = states[-1]
    text = game.position_text(over)
    assert text.startswith("over hand")
    with pytest.raises(PositionError, match="V25"):
        game.parse_position(text.replace("over hand", "play hand"))


def test_V4_the_last_deal_must_fit_the_deal_in_progress() -> None:
    game = make_game()
    states = _random_states(game, 5, True)
    s = next(s for s in states if s.phase == "play" and s.last is not None)
    text = game.position_text(s)
    main, _, last = text.partition(" | last ")
    dealer = s.dealer
    assert dealer is not None
    wrong = main.replace(f"dealer={dealer}", f"dealer={(dealer + 2) % 4}", 1)
    with pytest.raises(CardrulesError):
        game.parse_position(wrong + " | last " + last)
    with pytest.raises(PositionError, match="V4"):
        game.parse_position(main.replace("play match", "play hand") + " | last " + last)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "play",
        "dance hand dealer=0",
        "play hand dealer=x hands=-/-/-/-",
        "play hand dealer=0 colour=red",
        "play hand dealer=0 dealer=1",
        "play hand dealer=0 hands=ZZ/-/-/-",
        "play hand dealer=0 hands=-/-",
        "choose_dealer match dealer=1",
        "play hand dealer=0 scores=0,0 | first",
        "play hand scores=0,0",
        "play hand dealer=0\nhands=-/-/-/-",
    ],
)
def test_unreadable_position_text_is_a_cardrules_error(text: str) -> None:
    with pytest.raises(CardrulesError):
        make_game().parse_position(text)


def test_position_arguments_of_the_wrong_type() -> None:
    game = make_game()
    with pytest.raises(ArgumentTypeError):
        game.position(dealer=True, hands=HANDS)
    with pytest.raises(ArgumentTypeError):
        game.position(dealer=3, hands=5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        game.position(dealer=7, hands=HANDS)
    with pytest.raises(ArgumentTypeError):
        game.parse_position(b"play hand")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        game.position_text("play hand")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        game.position(dealer=3, hands=HANDS, tricks="x:9C")

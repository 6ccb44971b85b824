"""Positions (``position``, ``position_text``/``parse_position``), starts anywhere on the score sheet
(``new_hand``/``new_match`` with ``scores`` and ``dealer``) and hand reports (``hand_report``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    HandReport,
    NotationError,
    PositionError,
    RulesError,
    Suit,
)
from cardrules.games.euchre import EuchreGame, EuchreRules, EuchreState, EuchreStatus, make_game
from cardrules.testing import assert_legal, play_moves

# Dealer 0; seat 1 holds the five top hearts; the up-card is the A♠ (the reference deal of
# stacking.py), hands written in deck order as position_text writes them.
HANDS = ["9C 10C JC QC KC", "JD JH QH KH AH", "QD KD AD 9H 10H", "9S 10S JS QS KS"]
BASE: dict[str, Any] = {"dealer": 0, "hands": HANDS, "upcard": "AS", "kitty": "AC 9D 10D"}
# The same deal once the dealer picked up the A♠ and discarded the 9♣ (hands are those held now).
PICKED: dict[str, Any] = dict(BASE, hands=["10C JC QC KC AS", *HANDS[1:]], discard="9C")
TEXT = (
    "bidding hand dealer=0 scores=0,0 hands=9C,10C,JC,QC,KC/JD,JH,QH,KH,AH/QD,KD,AD,9H,10H/"
    "9S,10S,JS,QS,KS up=AS kitty=AC,9D,10D"
)
# Seat 3 may revoke in trick one (holds 9D 10D while AD is led, hearts trump).
EDGE1 = ["QC KC AC JH AH", "AD KD QD 9C 10C", "JD 9S 10S JS QS", "9D 10D 9H 10H JC"]

PRESETS = tuple(EuchreRules.PRESETS)


def minus(cards: str, hands: list[str] = HANDS) -> list[str]:
    """``hands`` without ``cards`` (the cards played: a position gives the hands held now)."""
    gone = set(cards.split())
    return [" ".join(c for c in hand.split() if c not in gone) for hand in hands]


def random_states(game: EuchreGame, seed: int, match: bool, claims: float) -> list[EuchreState]:
    """Every state of one random match (or single hand) from a random start, taking out-of-turn
    claims and corrections with probability ``claims`` when open."""
    rng = random.Random(seed)
    dealer = rng.choice([None, 0, 1, 2, 3])
    scores = (rng.randrange(10), rng.randrange(10)) if rng.random() < 0.5 else None
    if match:
        state = game.new_match(scores=scores, dealer=dealer)
    else:
        state = game.new_hand(dealer=dealer, scores=scores)
    states = [state]
    while not game.is_over(state) and len(states) < 300:
        if game.to_move(state) == -1:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            extra = [(a, s) for s in range(4) for a in game.out_of_turn_actions(state, s)]
            if extra and rng.random() < claims:
                action, seat = rng.choice(extra)
                state = game.apply(state, action, seat=seat)
            else:
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def _game(preset: str, revoke: bool) -> EuchreGame:
    if revoke:
        return (
            make_game(preset=preset, renege_mode=True)
            if preset != "table_play"
            else (make_game(preset=preset, farmers_hand="mixed_four", defend_alone=True))
        )
    return make_game(preset=preset)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    preset=st.sampled_from(PRESETS),
    match=st.booleans(),
    revoke=st.booleans(),
)
def test_position_text_round_trips_every_reachable_state(
    seed: int, preset: str, match: bool, revoke: bool
) -> None:
    """parse_position(position_text(s)) == s for every state of random play (every phase, chance
    steps, between hands, match over, revoke mode with claims and corrections), with the same
    legal and out-of-turn actions; every finished hand's report adds up to the score change."""
    game = _game(preset, revoke)
    last: HandReport | None = None
    for state in random_states(game, seed, match, claims=0.3 if revoke else 0.05):
        text = game.position_text(state)
        assert "\n" not in text
        rebuilt = game.parse_position(text)
        assert rebuilt == state, text
        assert game.legal_actions(rebuilt) == game.legal_actions(state)
        for seat in range(4):
            assert game.out_of_turn_actions(rebuilt, seat) == game.out_of_turn_actions(state, seat)
        report = game.hand_report(state)
        if report is not None and report != last:
            _check_report(game, state, report)
        last = report


def _check_report(game: EuchreGame, state: EuchreState, report: HandReport) -> None:
    """E15/E17: a report's items add up to its points, and its points to the score change."""
    assert HandReport.from_json(report.to_json(), EuchreStatus) == report
    for side in (0, 1):
        assert sum(i.points for i in report.items_of(side)) == report.points[side]
        assert report.scores_after[side] - report.scores_before[side] == report.points[side]
    assert report.scores_after == state.score.scores
    last = state.match.last
    assert last is not None and report.points == last.points
    if report.status in (EuchreStatus.THROWN_IN, EuchreStatus.FARMERS_HAND):
        assert report.points == (0, 0) and report.items == ()
    else:
        assert len(report.items) == 1 and report.items[0].rule in ("E15", "D6", "EV1", "E17")
    if report.status is EuchreStatus.REVOKE:
        assert sum(r.penalised for r in report.revokes) == 1
    elif report.contract is not None:
        assert len(report.tricks) == 5
        assert all(t.winner is not None for t in report.tricks)
        if state.phase == "over" and game.outcome(state) is not None and state.match.single_hand:
            outcome = game.outcome(state)
            assert outcome is not None and outcome.team_points == report.points


# -- starting anywhere -------------------------------------------------------------------------
def test_E16_new_match_with_scores_and_dealer() -> None:
    game = make_game()
    state = game.new_match(scores=(8, 9), dealer=2)
    assert state.phase == "deal" and state.dealer == 2 and state.score.scores == (8, 9)
    assert game.new_match(dealer=None).phase == "choose_dealer"
    with pytest.raises(RulesError, match="E16"):
        game.new_match(scores=(10, 0))
    with pytest.raises(RulesError, match="E16"):
        game.new_hand(dealer=1, scores=(3, 11))
    with pytest.raises(ArgumentTypeError):
        game.new_match(dealer=True)
    with pytest.raises(ArgumentError):
        game.new_match(dealer=4)
    with pytest.raises(ArgumentTypeError):
        game.new_match(scores=(1.0, 2))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        game.new_match(scores=(-1, 2))
    assert game.new_hand(dealer=1, scores=(0, 0)) == game.new_hand(dealer=1)


# -- position() ---------------------------------------------------------------------------------
def test_position_examples_match_play() -> None:
    game = make_game()
    dealt = game.position(**BASE)
    assert dealt == game.parse_position(TEXT)
    assert dealt.phase == "bidding" and dealt.to_move == 1
    assert game.position(dealer=0) == game.new_hand(dealer=0)
    assert game.position() == game.new_hand()
    named = game.position(**BASE, trump="H", maker=1)
    assert named == play_moves(game, dealt, "pass; pass; pass; pass; name H")
    ordered = game.position(**PICKED, calls="pass, pass, pass, order")
    assert ordered == play_moves(game, dealt, "pass; pass; pass; order; discard 9C")
    assert ordered.phase == "play" and ordered.contract is not None
    assert ordered.contract.picked_up and ordered.contract.trump == Suit.SPADES
    played = game.position(
        **dict(BASE, hands=minus("JH 9H 9S 9C AH")),
        trump="H",
        maker=1,
        tricks=[(1, "JH 9H 9S 9C")],
        trick=(1, ["AH"]),
    )
    assert played == play_moves(game, named, "play JH; play 9H; play 9S; play 9C; play AH")
    as_mapping = dict(BASE, hands={0: HANDS[0], 1: HANDS[1], 2: HANDS[2], 3: HANDS[3]})
    assert game.position(**as_mapping) == dealt


def test_position_in_a_match_with_the_last_hand() -> None:
    game = make_game()
    tricks = _first_legal_tricks(game)
    last = dict(BASE, hands=["", "", "", HANDS[3]], trump="H", maker=1, alone=True, tricks=tricks)
    state = game.position(match=True, scores=(3, 4), last=last)
    assert state.phase == "deal" and state.dealer == 1 and state.score.scores == (3, 8)
    report = game.hand_report(state)
    assert report is not None and report.status is EuchreStatus.MARCH
    assert report.scores_before == (3, 4) and report.scores_after == (3, 8)
    with pytest.raises(PositionError, match=r"rule E3 \(the dealer\): after the last hand seat 1"):
        game.position(match=True, scores=(3, 4), last=last, dealer=2)
    with pytest.raises(PositionError, match="last hand must be finished") as info:
        game.position(match=True, last=dict(BASE))
    assert info.value.rule == "E16"
    with pytest.raises(ArgumentError, match="needs the last finished hand"):
        game.position(match=True, played=3, **BASE)


def _first_legal_tricks(game: EuchreGame) -> list[str]:
    state = game.position(**BASE, trump="H", maker=1, alone=True)
    while not game.is_over(state):
        state = game.apply(state, game.legal_actions(state)[0])
    return [" ".join(c.ascii for c in game.view(state, 0).tricks[k][1]) for k in range(5)]


@pytest.mark.parametrize(
    ("fields", "error", "rule"),
    [
        (dict(BASE, hands=[HANDS[0], HANDS[1], HANDS[2], "9S 10S JS QS AC"]), PositionError, "E2"),
        (dict(BASE, hands=[HANDS[0], HANDS[1], HANDS[2], "9S 10S JS QS"]), PositionError, "E2"),
        (
            dict(BASE, hands=[HANDS[0], HANDS[1] + " 9D", HANDS[2], HANDS[3]], kitty="AC 10D KD"),
            PositionError,
            "E2",
        ),
        (dict(BASE, kitty="AC 9D"), PositionError, "E4"),
        (dict(BASE, calls="order", discard="AS", tricks=["JH QD 9S"]), PositionError, "E12"),
        (dict(BASE, calls="order", discard="9C"), PositionError, "E2"),
        (dict(BASE, trump="H", maker=1, tricks=[(2, "QD 9S 9C JH")]), PositionError, "E12"),
        (
            dict(BASE, trump="H", maker=1, tricks=["JH QD 9S 9C", (3, "AH 9H 10S 10C")]),
            PositionError,
            "E14",
        ),
        (dict(BASE, trump="H", maker=1, trick="JH QD 9S 9C"), PositionError, "E12"),
        (dict(BASE, hands=minus("JH 9S"), trump="H", maker=1, trick="JH 9S"), PositionError, "E4"),
        (dict(BASE, discard="9C"), PositionError, "E6"),
        (dict(BASE, hands=minus("JH"), calls="order", trick="JH"), PositionError, "E6"),
        (dict(BASE, calls="pass, pass, pass, pass, name S"), PositionError, "E7"),
        (dict(BASE, calls=["pass"] * 8), PositionError, "E8"),
        (dict(BASE, calls="order", discard="KD"), PositionError, "E2"),
        (dict(BASE, hands=minus("JD QD"), trump="H", maker=1, trick="JD QD"), PositionError, "E13"),
        (
            dict(BASE, hands=minus("JD"), shown=["", "", "", "9S"], trump="H", maker=1, trick="JD"),
            PositionError,
            "E17",
        ),
        (
            dict(BASE, hands=minus("JD"), trump="H", maker=1, trick="JD", claimed_by=0),
            PositionError,
            "E17",
        ),
        (dict(BASE, claimed_by=1), PositionError, "E5"),
        (dict(BASE, dealer=5), ArgumentError, "seat"),
        (dict(BASE, dealer="0"), ArgumentTypeError, "seat"),
        (dict(BASE, alone=1, trump="H", maker=1), ArgumentTypeError, "alone"),
        (dict(BASE, hands=7), ArgumentTypeError, "four card groups"),
        (dict(BASE, match="yes"), ArgumentTypeError, "match"),
        (dict(BASE, played=-1), ArgumentError, "played"),
        (dict(BASE, scores=(1, "2")), ArgumentTypeError, "scores"),
        (dict(BASE, upcard="2C"), NotationError, "not a card"),
        (dict(BASE, hands="9C 10C"), NotationError, "four card groups"),
        (dict(BASE, calls="bid 80"), NotationError, "calls"),
        (dict(BASE, scores=(10, 0)), RulesError, "E16"),
        ({"hands": HANDS}, ArgumentError, "needs its dealer"),
    ],
)
def test_position_refuses_what_play_cannot_reach(
    fields: dict[str, Any], error: type[CardrulesError], rule: str
) -> None:
    """Every card once (E2), five dealt to each seat and a 3-card kitty (E4), the discard only after
    a pick-up (E6), leaders (E12, E14), the calls (E7, E8), following suit (E13), revokes (E17),
    claims (E5, E17), scores (E16), seats and notation. A broken rule is a PositionError whose
    ``rule`` is the rule's id; a starting score is the match's rules (RulesError)."""
    with pytest.raises(error, match=rule) as info:
        make_game().position(**fields)
    if error is PositionError:
        assert isinstance(info.value, PositionError) and info.value.rule == rule


def test_E13_E17_a_revoke_is_refused_strict_and_recorded_in_revoke_mode() -> None:
    fields: dict[str, Any] = {
        "dealer": 0,
        "hands": EDGE1,
        "upcard": "AS",
        "kitty": "KS QH KH",
        "trump": "H",
        "maker": 1,
    }
    fields = dict(fields, hands=[EDGE1[0], "KD QD 9C 10C", "JD 10S JS QS", "9D 10D 10H JC"])
    with pytest.raises(PositionError, match=r"rule E13 \(follow suit\)") as info:
        make_game().position(**fields, trick="AD 9S 9H")
    assert info.value.rule == "E13"
    game = make_game(renege_mode=True)
    pending = game.position(**fields, trick="AD 9S 9H")
    assert [(r.seat, r.established) for r in pending.revokes] == [(3, False)]
    assert [game.format_action(a) for a in game.out_of_turn_actions(pending, 3)] == [
        "correct 9D",
        "correct 10D",
    ]
    corrected = game.apply(pending, game.parse_action("correct 10D", pending), seat=3)
    text = game.position_text(corrected)
    assert text.endswith("trick=1:AD,9S,10D corrected=3:9H>10D@1 shown=-/-/-/9H")
    assert game.parse_position(text) == corrected
    assert [(r.trick_no, r.seat, r.card, r.replacement) for r in corrected.corrected] == [
        (0, 3, game.deck.index("9H"), game.deck.index("10D"))
    ]
    # The same position from plain values, the correction as a tuple (trick from 1).
    now = [*fields["hands"][:3], "9D 9H 10H JC"]
    again = game.position(**dict(fields, hands=now), trick="AD 9S 10D",
                          corrected=[(3, "9H", "10D", 1)], shown={3: "9H"})  # fmt: skip
    assert again == corrected


def test_E17_a_shown_card_played_as_a_correction_is_no_longer_shown() -> None:
    """A card returned by one correction (shown) and then played as another correction leaves the
    shown cards (it is on the table, not in the hand)."""
    game = make_game(renege_mode=True)
    hands = ["QC KC AC JH AH", "AD KD QD 9C 10C", "9D 9S 10S JS QS", "JD 10D 9H 10H JC"]
    state = game.position(dealer=0, hands=hands, upcard="AS", kitty="KS QH KH", trump="H", maker=1)
    state = play_moves(game, state, "play AD; play 9S; play 10D; 2: correct 9D")
    assert state.shown[3] >> game.deck.index("10D") & 1
    state = play_moves(game, state, "play 9H; 3: correct 10D")
    assert state.shown[3] == 1 << game.deck.index("9H")
    assert game.parse_position(game.position_text(state)) == state


# Seat 1 leads the A♦ (hearts trump), seat 2 follows with the 9♠ (no diamonds: the J♦ is a trump),
# seat 3 revokes the 9♥ although it holds 9♦ 10♦, and takes it back for the 10♦.
CORRECTED: dict[str, Any] = {
    "dealer": 0,
    "hands": ["QC KC AC JH AH", "KD QD 9C 10C", "JD 10S JS QS", "9D 9H 10H JC"],
    "upcard": "AS",
    "kitty": "KS QH KH",
    "trump": "H",
    "maker": 1,
    "trick": "AD 9S 10D",
    "corrected": "3: 9H > 10D @ 1",
    "shown": {3: "9H"},
}


def _follow_suit_to_the_end(game: EuchreGame, state: EuchreState) -> EuchreState:
    """Play the hand out with the first legal card that adds no revoke."""
    while not game.is_over(state) and game.to_move(state) != -1:
        for action in game.legal_actions(state):
            after = game.apply(state, action)
            if len(after.revokes) == len(state.revokes):
                state = after
                break
    return state


def test_E17_a_corrected_revoke_is_kept_and_reported() -> None:
    """E17: the state keeps a corrected revoke to the end of the hand (it is public: every view
    has it), and the hand report lists it as corrected, with the card that replaced it; the hand
    scores normally (E15)."""
    game = make_game(renege_mode=True)
    state = game.position(**CORRECTED)
    assert [(r.trick_no, r.seat, r.card, r.replacement) for r in state.corrected] == [
        (0, 3, game.deck.index("9H"), game.deck.index("10D"))
    ]
    assert all(game.view(state, seat).corrected == state.corrected for seat in range(4))
    over = _follow_suit_to_the_end(game, state)
    report = game.hand_report(over)
    assert report is not None and report.status is not EuchreStatus.REVOKE
    (revoke,) = report.revokes
    assert (revoke.seat, revoke.trick, revoke.outcome) == (3, 1, "corrected")
    assert revoke.card.ascii == "9H"
    assert revoke.replaced_by is not None and revoke.replaced_by.ascii == "10D"
    assert not revoke.penalised and revoke.claimed_by is None
    assert HandReport.from_json(report.to_json(), EuchreStatus) == report
    assert game.parse_position(game.position_text(over)) == over


def test_E17_a_corrected_revoke_is_reported_between_hands_and_beside_a_claim() -> None:
    """E17: in a match the report of the last hand still lists its corrected revoke after the next
    deal; a revoke claimed later in the same hand is listed after it, penalised."""
    game = make_game(renege_mode=True)
    state = game.position(**CORRECTED, match=True)
    state = play_moves(game, state, "play QC")  # seat 0 completes trick 1; seat 1 won it
    # Seat 1 leads the 9♣; seat 3 now revokes the 9♥ for good (it holds the J♣), then leads the
    # J♣, which makes the revoke public (E17, who sees a revoke); seat 0 claims.
    state = play_moves(game, state, "play 9C; play 10S; play 9H; play KC; play JC; 0: claim revoke")
    assert state.phase == "deal"
    report = game.hand_report(state)
    assert report is not None and report.status is EuchreStatus.REVOKE
    assert [(r.seat, r.trick, r.card.ascii, r.outcome, r.penalised) for r in report.revokes] == [
        (3, 1, "9H", "corrected", False),
        (3, 2, "9H", "claimed", True),
    ]
    text = game.position_text(state)
    assert "corrected=3:9H>10D@1" in text
    assert game.parse_position(text) == state


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"corrected": "3: 9H > 10D @ 2"}, "trick 2 is not played"),
        ({"corrected": "1: 9H > 10D @ 1"}, "seat 1 led that trick"),
        ({"corrected": "3: 9D > 10D @ 1"}, "follows the led suit"),
        ({"corrected": "3: 9H > 10H @ 1"}, "must follow the led suit"),
        ({"corrected": "3: QD > 10D @ 1"}, "follows the led suit"),
        ({"corrected": "3: JC > 10D @ 1"}, "shown until played"),
        ({"corrected": "3: KD > 10D @ 1"}, "follows the led suit"),
        ({"corrected": "3: 9C > 10D @ 1"}, "is not seat 3's"),
        ({"corrected": "3: 9H > 10D @ 1", "shown": {3: "9H", 2: "JD"}}, "seat 2 shows 1 card"),
        ({"corrected": None}, "seat 3 shows 1 card"),
    ],
)
def test_E17_a_corrected_revoke_must_be_one_play_could_make(
    change: dict[str, Any], match: str
) -> None:
    """E17: a corrected revoke names a played trick, a seat that did not lead it, a card that did
    not follow the led suit and a replacement that did, both the offender's; the revoked card
    stays shown while held, and only corrections explain shown cards."""
    game = make_game(renege_mode=True)
    with pytest.raises(PositionError, match=match) as info:
        game.position(**{**CORRECTED, **change})
    assert info.value.rule == "E17"


def test_E17_corrections_need_revoke_mode_and_read_as_text_or_tuples() -> None:
    with pytest.raises(PositionError, match=r"E17 .*: revokes are corrected in revoke mode only"):
        make_game().position(**CORRECTED)
    game = make_game(renege_mode=True)
    assert game.position(**dict(CORRECTED, corrected=[(3, "9H", "10D", 1)])) == game.position(
        **CORRECTED
    )
    with pytest.raises(NotationError, match="SEAT: CARD > REPLACEMENT @ TRICK"):
        game.position(**dict(CORRECTED, corrected="3 9H 10D 1"))
    with pytest.raises(ArgumentError, match="from 1 to 5"):
        game.position(**dict(CORRECTED, corrected=[(3, "9H", "10D", 0)]))
    with pytest.raises(ArgumentTypeError, match="tuple"):
        game.position(**dict(CORRECTED, corrected=[(3, "9H")]))


# -- the text ---------------------------------------------------------------------------------
def test_position_text_examples() -> None:
    game = make_game()
    assert game.position_text(game.new_match()) == "choose_dealer match scores=0,0"
    assert game.position_text(game.new_hand(dealer=3)) == "deal hand dealer=3 scores=0,0"
    assert game.position_text(game.new_hand(scores=(1, 2))) == "choose_dealer hand scores=1,2"
    dealt = game.parse_position(TEXT)
    assert game.position_text(dealt) == TEXT
    head, fields = TEXT.split(" ", 2)[:2], TEXT.split(" ")[2:]
    shuffled = " ".join([*head, *reversed(fields)])
    assert game.parse_position(shuffled) == dealt  # fields in any order


@pytest.mark.parametrize(
    ("text", "error", "match"),
    [
        ("euchre hand dealer=0", NotationError, "starts with"),
        ("deal hand dealer=0 colour=red", NotationError, "unknown field 'colour'"),
        ("deal hand dealer=0 dealer=1", NotationError, "dealer is given twice"),
        ("deal hand dealer=x", NotationError, "digits 0-9"),
        ("deal hand dealer=5", NotationError, "dealer must be at most 3"),
        ("deal hand scores=3-4", NotationError, "2 numbers joined by ','"),
        ("deal hand dealer=1 done=1 | last dealer=0", PositionError, "E16 .*single hand"),
        (TEXT + " tricks=JH,QD,9S,9C", NotationError, "cards and no leader"),
        (TEXT + " claim=by", NotationError, "claim must be written with the digits"),
        ("deal match dealer=1 | last dealer=0 | last dealer=2", NotationError, "given twice"),
    ],
)
def test_parse_position_errors(text: str, error: type[CardrulesError], match: str) -> None:
    with pytest.raises(error, match=match):
        make_game().parse_position(text)


@pytest.mark.parametrize(
    ("text", "fields", "rule"),
    [
        ("deal hand dealer=1 done=1 | last dealer=0", {"last": {"dealer": 0}, "dealer": 1}, "E16"),
        (TEXT.replace("kitty=AC,9D,10D", "kitty=AC,9D"), dict(BASE, kitty="AC 9D"), "E4"),
        (TEXT.replace("10D", "9D"), dict(BASE, kitty="AC 9D 9D"), "E2"),
    ],
)
def test_position_and_parse_position_raise_the_same_error_for_a_rule(
    text: str, fields: dict[str, Any], rule: str
) -> None:
    """E2, E4, E16: a position that breaks a rule is a PositionError naming it, whether it is built
    by ``position`` or read by ``parse_position`` (a NotationError is only for unreadable text)."""
    game = make_game()
    with pytest.raises(PositionError) as from_text:
        game.parse_position(text)
    with pytest.raises(PositionError) as from_fields:
        game.position(**fields)
    assert from_text.value.rule == from_fields.value.rule == rule


def test_parse_position_refuses_other_values() -> None:
    with pytest.raises(NotationError):
        make_game().parse_position(42)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        make_game().position_text("deal hand dealer=0")  # type: ignore[arg-type]


# -- hand reports -----------------------------------------------------------------------------
def _play_out(game: EuchreGame, state: EuchreState) -> EuchreState:
    while not game.is_over(state) and game.to_move(state) != -1:
        state = game.apply(state, game.legal_actions(state)[0])
    return state


def test_hand_report_E15_march_alone_ordered_up() -> None:
    game = make_game()
    state = game.position(**BASE, trump="H", maker=1, alone=True)
    assert game.hand_report(state) is None
    report = game.hand_report(_play_out(game, state))
    assert report is not None
    assert report.status is EuchreStatus.MARCH and report.points == (0, 4)
    assert report.contract is not None and report.contract.alone
    assert report.contract.trump == Suit.HEARTS and report.contract.detail == "named"
    assert [(i.side, i.points, i.rule) for i in report.items] == [(1, 4, "E15")]
    assert [t.winner for t in report.tricks] == [1] * 5
    assert all(len(t.plays) == 3 for t in report.tricks)  # seat 3 sits out


def test_hand_report_E15_made_and_euchred_between_hands_of_a_match() -> None:
    game = make_game()
    state = game.position(match=True, scores=(3, 4), **PICKED, calls="order")
    assert game.hand_report(state) is None
    between = _play_out(game, state)
    report = game.hand_report(between)
    assert report is not None and between.phase == "deal"
    assert report.contract is not None and report.contract.detail == "ordered up"
    assert report.status in (EuchreStatus.MADE, EuchreStatus.MARCH, EuchreStatus.EUCHRED)
    assert report.hand == 1 and report.scores_before == (3, 4)
    # The report survives the next deal, into the next hand's play.
    dealt = game.apply(between, game.sample_chance(between, random.Random(1)))
    assert game.hand_report(dealt) == report
    assert game.parse_position(game.position_text(dealt)) == dealt


def test_hand_report_E15_euchre_of_the_makers() -> None:
    game = make_game()
    state = game.position(**BASE, calls=["pass"] * 7 + ["name D"])  # the stuck dealer (E8)
    report = game.hand_report(_play_out(game, state))
    assert report is not None and report.status is EuchreStatus.EUCHRED
    assert report.points == (0, 2) and report.contract is not None
    assert (report.contract.declarer, report.contract.detail) == (0, "named")
    assert [(i.side, i.rule, i.what) for i in report.items] == [
        (1, "E15", "euchre: the makers take 1 trick")
    ]


def test_hand_report_E17_revoke_claimed() -> None:
    game = make_game(renege_mode=True)
    # E17: seat 3's revoke of trick 1 is public once it plays a diamond (trick 2), then claimed.
    hands = ["AC JH AH", "QD 9C 10C", "JD JS QS", "10D 10H JC"]
    state = game.position(dealer=0, hands=hands, upcard="AS", kitty="KS QH KH", trump="H",
                          maker=1, tricks=["AD 9S 9H QC", "9D KC KD 10S"],
                          claimed_by=0)  # fmt: skip
    report = game.hand_report(state)
    assert report is not None and report.status is EuchreStatus.REVOKE
    assert report.points == (2, 0)
    assert [(i.side, i.points, i.rule, i.seat) for i in report.items] == [(0, 2, "E17", 3)]
    (revoke,) = report.revokes
    assert (revoke.seat, revoke.trick, revoke.card.ascii) == (3, 1, "9H")
    assert revoke.outcome == "claimed" and revoke.claimed_by == 0 and revoke.penalised
    assert game.position_text(state).endswith("tricks=1:AD,9S,9H,QC/3:9D,KC,KD,10S claim=0")


def test_hand_report_E8_thrown_in_and_E5_farmers_hand() -> None:
    game = make_game(stick_the_dealer=False)
    thrown = game.position(match=True, **BASE, calls=["pass"] * 8)
    report = game.hand_report(thrown)
    assert report is not None and report.status is EuchreStatus.THROWN_IN
    assert report.contract is None and report.items == () and report.points == (0, 0)
    assert thrown.dealer == 1 and thrown.score.hands == 1
    farmer = make_game(farmers_hand="redeal_all_9_10")
    hands = ["10S JS QS KS AC", "9C 10C 9D 10D 9H", "JH JD AH KH QH", "AD KD QD 10H 9S"]
    claimed = farmer.position(dealer=0, hands=hands, upcard="JC", kitty="QC KC AS", claimed_by=1)
    report = farmer.hand_report(claimed)
    assert report is not None and report.status is EuchreStatus.FARMERS_HAND
    assert farmer.position_text(claimed).endswith("kitty=QC,KC,AS claim=1")


def test_E16_hand_report_at_match_end() -> None:
    game = make_game()
    state = game.position(match=True, scores=(0, 8), **BASE, trump="H", maker=1, alone=True)
    over = _play_out(game, state)
    report = game.hand_report(over)
    assert game.is_over(over) and report is not None
    assert report.scores_before == (0, 8) and report.scores_after == (0, 12)
    assert game.parse_position(game.position_text(over)) == over
    assert_legal(game, over, [])


def test_views_do_not_carry_the_last_hands_hidden_cards() -> None:
    """The match part of a view keeps the last result, not the record of the last hand (its
    kitty, discard and the cards left in hand are not the seat's to know)."""
    game = make_game()
    state = game.position(match=True, scores=(3, 4), **PICKED, calls="pass, pass, pass, order")
    between = _play_out(game, state)
    assert between.match.record is not None
    for seat in range(4):
        view = game.view(between, seat)
        assert view.match.record is None and view.match.last == between.match.last
        assert game.view(game.sample_state(view, random.Random(seat)), seat) == view

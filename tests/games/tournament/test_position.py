"""Positions and reports (DESIGN §2): ``position_text``/``parse_position`` round trips, the checks of
a layout with their rule ids, ``new_hand``/``new_match`` with ``scores``/``dealer``, and
``hand_report`` of won, lost and resigned games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import ArgumentError, ArgumentTypeError, NotationError, PositionError
from cardrules.games.tournament import Redeal, Resign, TournamentRule, TournamentState, make_game
from cardrules.games.tournament.report import TournamentStatus
from cardrules.reports import HandReport
from cardrules.testing import play_moves

from ._helpers import deadlock, stacked
from .test_conformance import PRESETS, deep_play

TOURNAMENT_PRESETS = [p for p in PRESETS if p.get("preset") != "kingsdown_eights"]
_UP, _DOWN = "A,2,3,4,5,6,7,8,9,10,J,Q,K", "K,Q,J,10,9,8,7,6,5,4,3,2,A"
FULL = " ".join(f"F{s}+={_UP} F{s}-={_DOWN}" for s in "CDH")
MEET = (
    "play shuffles=1 redeals=0 R=6S,5S,4S,3S,2S,AS,KS,QS T=JS/10S,9S,8S,7S/-/-/-/- "
    f"{FULL} FS+=A,2,3,4,5,6 FS-=K,Q,J,10,9,8,7 S=-"
)


def _round_trip(game: Any, state: TournamentState) -> None:
    text = game.position_text(state)
    assert "\n" not in text
    again = game.parse_position(text)
    assert again == state, text
    assert game.legal_actions(again) == game.legal_actions(state)
    assert game.position_text(again) == text


@settings(max_examples=25, deadline=None)
@given(
    preset=st.sampled_from(range(len(TOURNAMENT_PRESETS))),
    seed=st.integers(0, 10_000),
    pick=st.randoms(use_true_random=False),
)
def test_round_trip_of_states_met_in_random_play(
    preset: int, seed: int, pick: random.Random
) -> None:
    game = make_game(**TOURNAMENT_PRESETS[preset])
    states = deep_play(game, seed)
    for state in [states[0], states[1], states[-1], *pick.sample(states, min(12, len(states)))]:
        _round_trip(game, state)


def test_round_trip_covers_redeals_lost_resigned_and_won() -> None:
    game = make_game()
    seen = set()
    for seed in range(4):
        for state in deep_play(game, seed):
            _round_trip(game, state)
            seen.add((state.phase, state.result, state.redeals_used))
    assert {("deal", "", 0), ("play", "", 1), ("play", "", 2), ("over", "lost", 2)} <= seen
    s = game.position(reserve=["KS"], stock="", foundations={"F♠↑": 12, "F♠↓": 13})
    won = game.apply(s, game.parse_action("R1>F♠↑", s))
    assert won.result == "won"
    _round_trip(game, won)
    _round_trip(game, game.apply(s, Resign()))
    rejected = game.apply(game.new_hand(), _no_ace_or_king_deal(game))
    assert game.position_text(rejected) == "deal shuffles=1"  # T2/B1: a rejected shuffle counts
    _round_trip(game, rejected)


def _no_ace_or_king_deal(game: Any) -> Any:
    return stacked(game, "2C 3C 4C 5C 6C 7C 8C 9C")


def test_round_trip_of_squared_columns_and_stuck_redeals() -> None:
    """Napoleon's Flank keeps covered cards it saw (``!``); ``redeal_when_stuck`` puts unseen stock
    cards under a seen packet (``?`` in a stock after a redeal)."""
    flank = make_game(preset="napoleons_flank")
    texts = [flank.position_text(s) for s in deep_play(flank, 2) if s.phase != "deal"]
    assert any("!" in t.split(" S=")[0].split(" T=")[1] for t in texts)
    stuck = make_game(redeal_when_stuck=True)
    s, rng = stuck.new_hand(), random.Random(1)
    while s.phase == "deal":
        s = stuck.apply(s, stuck.sample_chance(s, rng))
    s = stuck.apply(s, Redeal())
    text = stuck.position_text(s)
    assert "?" in text.split(" S=")[1]
    _round_trip(stuck, s)


def test_text_format_example() -> None:
    game = make_game()
    state = game.parse_position(MEET)
    assert game.position_text(state) == MEET
    assert state.reserve_deals == 1 and state.redeals_used == 0
    assert [len(p) for p in state.foundations] == [13] * 6 + [6, 7]
    # Unicode pile names, T for ten and any field order are read too
    uni = MEET.replace("FS+=", "F♠↑=").replace("10S", "TS").replace("redeals=0 ", "")
    assert game.parse_position(uni.replace("shuffles=1", "redeals=0 shuffles=1")) == state


def test_second_copy_mark() -> None:
    game = make_game()
    state = game.parse_position(MEET.replace("R=6S,", "R=6S',"))
    assert state.reserve[0] == game.parse_position(MEET).reserve[0] + 52
    assert game.position_text(state).startswith("play shuffles=1 redeals=0 R=6S',5S")


BAD: list[tuple[str, str, str]] = [
    ("missing card", MEET.replace("R=6S,", "R=-,"), r"rule T1 \("),
    ("third copy", MEET.replace("T=JS/", "T=JS,6S/"), r"rule T1 \("),
    ("second copy twice", MEET.replace("R=6S,", "R=6S',").replace("5,6 ", "5,6' "), r"rule T1 \("),
    ("seven cells", MEET.replace("R=6S,", "R="), r"rule T2 \("),
    ("five columns", MEET.replace("T=JS/", "T="), r"rule T3 \("),
    ("no shuffle", MEET.replace("shuffles=1", "shuffles=0"), r"rule T2 \("),
    ("redeals over the limit", MEET.replace("redeals=0", "redeals=3"), r"rule T9 \("),
    ("foundation out of order", MEET.replace("FS+=A,2,3,4,5,6", "FS+=A,3,2,4,5,6"), r"rule T4 \("),
    ("foundation not from its base", MEET.replace("FS-=K,Q", "FS-=Q,K"), r"rule T4 \("),
    (
        "empty column with a stock",
        MEET.replace("T=JS/10S,9S,8S,7S", "T=JS/-").replace("S=-", "S=10S,9S,8S,7S"),
        r"rule T7 \(",
    ),
    ("won too early", MEET.replace("play ", "over won "), r"rule T11 \("),
    ("lost while alive", MEET.replace("play ", "over lost "), r"rule T11 \("),
    ("unseen column top", MEET.replace("T=JS/", "T=JS?/"), r"rule T5 \(.*seen"),
    ("seen mark where seen", MEET.replace("FS+=A,", "FS+=A!,"), "'!'"),
    ("deal with cards", "deal shuffles=1 R=-,-,-,-,-,-,-,-", "no cards"),
    ("bad phase", MEET.replace("play ", "bidding "), "starts with"),
    ("bad result", MEET.replace("play ", "over drawn "), "won, lost or resigned"),
    ("unknown field", MEET + " X=1", "unknown field"),
    ("field twice", MEET + " S=-", "twice"),
    ("foundation twice", MEET + " FS+=A", "twice"),
    ("not a foundation", MEET.replace("FS+=", "R1="), "unknown field"),
    ("not a card", MEET.replace("R=6S,", "R=6X,"), "not a card"),
    ("bad number", MEET.replace("shuffles=1", "shuffles=one"), "number"),
    ("missing field", MEET.replace(" S=-", ""), "S="),
]


@pytest.mark.parametrize(("text", "needle"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_parse_position_names_what_is_wrong(text: str, needle: str) -> None:
    """A layout that breaks a rule is a PositionError naming it (T1, T2, T3, T4, T7, T9, T11);
    text that cannot be read is a NotationError."""
    error = PositionError if needle.startswith("rule ") else NotationError
    with pytest.raises(error, match=needle) as info:
        make_game().parse_position(text)
    assert type(info.value) is error


def test_play_state_without_progress_is_refused() -> None:
    """T11: a dead layout is over (lost), not in play; as ``over lost`` it reads back."""
    game = make_game()
    dead = deadlock(game, redeals_used=2)
    assert dead.result == "lost"
    text = game.position_text(dead)
    assert text.startswith("over lost ")
    with pytest.raises(PositionError, match=r"rule T11 \("):
        game.parse_position(text.replace("over lost ", "play "))
    with pytest.raises(PositionError, match=r"rule T11 \("):
        game.parse_position(text.replace("over lost ", "over won "))
    assert game.parse_position(text.replace("over lost ", "over resigned ")).result == "resigned"


def test_parse_position_arguments() -> None:
    game = make_game()
    with pytest.raises(ArgumentTypeError):
        game.parse_position(b"play")
    with pytest.raises(NotationError, match="one line"):
        game.parse_position("deal shuffles=0\nplay")
    with pytest.raises(ArgumentTypeError):
        game.position_text("deal")
    with pytest.raises(ArgumentError, match="columns"):
        make_game(preset="cicely", cicely_build="down_in_suit").position_text(
            game.parse_position(MEET)
        )
    cicely = make_game(preset="cicely", cicely_build="down_in_suit")
    with pytest.raises(PositionError, match=r"rule T3 \("):
        cicely.parse_position(MEET)


def test_position_names_the_rule() -> None:
    game = make_game()
    with pytest.raises(PositionError, match=r"rule T1 \("):
        game.position(reserve=["AS", "AS"], columns=["AS"])
    with pytest.raises(PositionError, match=r"rule T4 \("):
        game.position(foundations={"F♠↑": "AS 3S"})
    with pytest.raises(PositionError, match=r"rule T1 \("):
        game.position(columns=["AS"], stock="", foundations={"F♠↑": 1})
    with pytest.raises(ArgumentError, match=r"\(rule T9\)"):
        game.position(redeals_used=3)
    with pytest.raises(ArgumentError, match=r"\(rule T3\)"):
        game.position(columns=["AS"] * 7)
    with pytest.raises(ArgumentError, match=r"\(rule T2\)"):
        game.position(reserve=["AS"] * 9)
    game.check_position(game.parse_position(MEET))
    with pytest.raises(ArgumentTypeError):
        game.check_position(None)


def test_new_hand_and_new_match_take_no_score() -> None:
    game = make_game()
    fresh = TournamentState("deal", config=game.config)
    assert game.new_hand(dealer=0, scores=(0,)) == game.new_match(scores=[0], dealer=None) == fresh
    assert game.new_hand(0, None) == game.new_match(None, 0) == fresh
    with pytest.raises(ArgumentError, match="no score"):
        game.new_match(scores=(5,))
    with pytest.raises(ArgumentError, match="no score"):
        game.new_hand(scores=(0, 0))
    with pytest.raises(ArgumentError, match="no score"):
        game.new_hand(scores=(False,))
    with pytest.raises(ArgumentTypeError):
        game.new_hand(scores=0)
    with pytest.raises(ArgumentError):
        game.new_match(dealer=1)
    with pytest.raises(ArgumentTypeError):
        game.new_hand(dealer=True)


def _check_report(game: Any, state: TournamentState, status: TournamentStatus) -> HandReport:
    report = game.hand_report(state)
    assert isinstance(report, HandReport)
    assert report.status is status
    assert report.contract is None and report.tricks == () and report.dealer is None
    outcome = game.outcome(state)
    assert report.points == outcome.team_points == (sum(i.points for i in report.items),)
    assert report.scores_before == (0,) and report.scores_after == report.points
    assert {i.rule for i in report.items} == {TournamentRule.T4}
    assert any(n.startswith("rule T9:") for n in report.notes)
    again = HandReport.from_json(report.to_json(), TournamentStatus)
    assert again == report
    assert json.loads(report.to_json())["status"] == status.value
    return report


def test_hand_report_of_won_lost_and_resigned_games() -> None:
    game = make_game()
    assert game.hand_report(game.new_hand()) is None
    s = game.parse_position(MEET)
    assert game.hand_report(s) is None
    won = play_moves(
        game, s, "R1>F♠↓; T2>F♠↑; T2>F♠↑; T2>F♠↑; T2>F♠↑; T1>F♠↑; R8>F♠↑; R7>F♠↑; "
        "R2>F♠↓; R3>F♠↓; R4>F♠↓; R5>F♠↓; R6>F♠↓",
    )  # fmt: skip
    report = _check_report(game, won, TournamentStatus.WON)
    assert report.points == (104,) and [i.points for i in report.items] == [26] * 4
    lost = next(st for st in deep_play(game, 0) if st.result == "lost")
    report = _check_report(game, lost, TournamentStatus.LOST)
    assert "rule T9: 2 of 2 redeals used" in report.notes
    resigned = game.apply(s, Resign())
    report = _check_report(game, resigned, TournamentStatus.RESIGNED)
    assert report.points == (91,) and report.items[3].points == 13


def test_hand_report_argument() -> None:
    with pytest.raises(ArgumentTypeError):
        make_game().hand_report("over")


# -- Kingsdown Eights: its own piles, the same text shape -----------------------------------------
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), pick=st.randoms(use_true_random=False))
def test_kingsdown_round_trip(seed: int, pick: random.Random) -> None:
    game = make_game(preset="kingsdown_eights")
    states = deep_play(game, seed, 800)
    for state in [states[0], states[-1], *pick.sample(states, min(10, len(states)))]:
        _round_trip(game, state)


def _kingsdown_won() -> tuple[Any, Any]:
    game = make_game(preset="kingsdown_eights")
    up = ",".join(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])
    piles = " ".join(f"F{s}{n}={up}" for s in "CDH" for n in "12")
    text = f"play T=KS/-/-/-/-/-/-/- R=-/-/-/-/-/-/-/- {piles} FS1={up} FS2={up[:-2]} S=-"
    return game, game.parse_position(text)


def test_kingsdown_positions_and_reports() -> None:
    game, state = _kingsdown_won()
    assert game.hand_report(state) is None
    assert [game.format_action(a) for a in game.legal_actions(state)] == ["T1>F♠2", "resign"]
    won = play_moves(game, state, "T1>F♠2")
    report = game.hand_report(won)
    assert report.status is TournamentStatus.WON and report.points == (104,)
    assert HandReport.from_json(report.to_json(), TournamentStatus) == report
    resigned = game.hand_report(game.apply(state, Resign()))
    assert resigned.status is TournamentStatus.RESIGNED and resigned.points == (103,)
    assert HandReport.from_json(resigned.to_json(), TournamentStatus) == resigned
    lost = next(s for s in deep_play(game, 1, 2000) if s.result == "lost")
    report = game.hand_report(lost)
    assert report.status is TournamentStatus.LOST
    assert HandReport.from_json(report.to_json(), TournamentStatus) == report
    assert game.new_hand(dealer=0, scores=(0,)) == game.new_match(scores=None, dealer=0)
    with pytest.raises(ArgumentError, match="no score"):
        game.new_match(scores=(1,))


@pytest.mark.parametrize(
    ("old", "new", "needle"),
    [
        ("T=KS/", "T=-/", r"rule KE1 \("),
        ("T=KS/", "T=KS!/", "no ! or ?"),
        ("FS2=A,2", "FS2=2,A", r"rule KE2 \("),
        ("play ", "over won ", r"rule KE7 \("),
        ("play ", "over lost ", r"rule KE7 \("),
        ("R=-/-/-/-/-/-/-/-", "R=-/-", r"rule KE4 \("),
        ("T=KS/-/-/-/-/-/-/-", "T=KS", r"rule KE3 \("),
        (" S=-", "", "S="),
        ("play ", "deal ", "no cards"),
        ("FS1=", "FS3=", "unknown field"),
    ],
)
def test_kingsdown_parse_errors(old: str, new: str, needle: str) -> None:
    game, state = _kingsdown_won()
    text = game.position_text(state)
    assert old in text
    error = PositionError if needle.startswith("rule ") else NotationError
    with pytest.raises(error, match=needle) as info:
        game.parse_position(text.replace(old, new, 1))
    assert type(info.value) is error


# -- the stock a deal leaves: 72 cards (T3), Kingsdown's 64 then 32 then 0 (KE1, KE5) ------------
def _dealt_tournament() -> tuple[Any, TournamentState]:
    game = make_game()
    state = game.new_hand()
    return game, game.apply(state, game.sample_chance(state, random.Random(5)))


def test_T3_position_refuses_a_stock_larger_than_a_deal_leaves() -> None:
    """T3: a deal leaves 72 cards in the stock and nothing adds to it; an explicit stock that
    would hold more (here all 104 cards, less the 24 that refill the columns, T7) is refused."""
    game = make_game()
    everything = " ".join(c.ascii for c in game.deck.cards)
    with pytest.raises(PositionError, match=r"rule T3 \(.*holds 80") as err:
        game.position(stock=everything)
    assert err.value.rule == "T3"
    # 72 is fine: the 8 cells hold the rest.
    state = game.position(reserve=everything.split()[:8], stock=" ".join(everything.split()[8:]))
    assert len(state.stock) == 72 and all(len(col) == 4 for col in state.columns)


def test_T3_position_puts_the_cards_a_stock_cannot_hold_under_the_columns() -> None:
    """With ``stock=None`` the cards not placed go to the stock up to the 72 a deal leaves;
    the rest go under the columns, whose given cards stay on top."""
    game = make_game()
    state = game.position(reserve=["AS"], columns=["2C 3C"])
    assert len(state.stock) == 72
    assert sum(map(len, state.columns)) == 104 - 1 - 72
    assert [game.deck.cards[c].ascii for c in state.columns[0][-2:]] == ["2C", "3C"]
    assert game.parse_position(game.position_text(state)) == state
    # A sparse layout whose cards fit keeps its columns as given.
    fitted = game.position(columns=["AS"], foundations={"F♣↑": 13, "F♦↑": 13})
    assert fitted.columns[0] == (game.deck.index("AS"),) and len(fitted.stock) == 57


def test_T3_parse_position_refuses_a_stock_larger_than_a_deal_leaves() -> None:
    """A position text with 73 stock cards (a column card moved under the stock) breaks T3."""
    game, state = _dealt_tournament()
    text = game.position_text(state)
    columns = text.split(" T=")[1].split(" ")[0].split("/")
    moved = columns[0].split(",")
    stock = text.split(" S=")[1]
    bad = text.replace(
        f"T={'/'.join(columns)}", f"T={'/'.join([','.join(moved[1:]), *columns[1:]])}"
    )
    bad = bad.replace(f"S={stock}", f"S={stock},{moved[0]}")
    with pytest.raises(PositionError, match=r"rule T3 \(.*holds 73"):
        game.parse_position(bad)


def test_KE1_KE5_kingsdown_stock_holds_64_32_or_0_cards() -> None:
    """KE1: the deal leaves 64 cards in the stock; KE5: each deal takes 4 for each reserve (32),
    so no other count is reachable, and a reserve pile holds at most 4 per deal made."""
    game = make_game(preset="kingsdown_eights")
    state = game.new_hand()
    state = game.apply(state, game.sample_chance(state, random.Random(2)))
    text = game.position_text(state)
    assert len(state.stock) == 64
    reserves = text.split(" R=")[1].split(" ")[0].split("/")
    stock = text.split(" S=")[1]
    first = reserves[0].split(",")
    # One reserve card put back on the stock: 65 cards.
    bad = text.replace(
        f"R={'/'.join(reserves)}", "R=" + "/".join([",".join(first[1:]), *reserves[1:]])
    )
    bad = bad.replace(f"S={stock}", f"S={stock},{first[0]}")
    with pytest.raises(PositionError, match=r"rule KE5 \(.*not 65"):
        game.parse_position(bad)
    # Four stock cards moved onto a reserve pile: 60 in the stock.
    cards = stock.split(",")
    bad = text.replace(f"R={reserves[0]}", f"R={reserves[0]},{','.join(cards[:4])}")
    bad = bad.replace(f"S={stock}", "S=" + ",".join(cards[4:]))
    with pytest.raises(PositionError, match=r"rule KE5 \(.*not 60"):
        game.parse_position(bad)
    # After one deal (32 left) a reserve pile may hold 8, not 9.
    dealt = game.apply(state, game.parse_action("deal", state))
    assert len(dealt.stock) == 32
    text = game.position_text(dealt)
    reserves = text.split(" R=")[1].split(" ")[0].split("/")
    tableau = text.split(" T=")[1].split(" ")[0].split("/")
    moved = tableau[0]
    bad = text.replace(f"T={'/'.join(tableau)}", "T=" + "/".join(["-", *tableau[1:]]))
    bad = bad.replace(f"R={reserves[0]}", f"R={reserves[0]},{moved}")
    with pytest.raises(PositionError, match=r"rule KE5 \(.*R1 holds 9 cards"):
        game.parse_position(bad)

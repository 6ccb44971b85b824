"""The API edge (issue #15, DESIGN §7) of Tournament and Kingsdown Eights, and the notation fix.

Every public method checks what it is given: the one seat is the ``int`` 0, states and views are
this variant's, ``rng`` is a :class:`random.Random`, and a :class:`Move`'s piles are ``int`` ids
0–23 on every path (``apply``, ``step``, ``format_action``, ``action_to_index``), so a
``Move(True, 16)`` equal to ``Move(1, 16)`` is refused, never taken for it.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from cardrules import (
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    Deal,
    IllegalActionError,
    NotationError,
    get_game,
)
from cardrules.games.tournament import (
    CICELY_BUILDS,
    DealStock,
    KingsdownEightsGame,
    Move,
    Resign,
    TournamentGame,
    TournamentRule,
    TournamentState,
    make_game,
)
from cardrules.games.tournament.actions import check_move, parse_move, parse_pile
from cardrules.games.tournament.state import DECK
from cardrules.testing import FuzzReport, check_api_edge, fuzz_api

from ..tampering import made as _made
from .test_conformance import IDS, PRESETS, deep_play

CONFIGS: list[dict[str, Any]] = [
    *PRESETS,
    {"strict_deal_when_stuck": True},
    {"preset": "kingsdown_eights", "strict_deal_when_stuck": True},
]
CONFIG_IDS = [*IDS, "strict_deal_when_stuck", "kingsdown_eights,strict"]


@pytest.mark.parametrize("options", CONFIGS, ids=CONFIG_IDS)
def test_fuzz_api_finds_no_hole_in_the_edge(options: dict[str, Any]) -> None:
    """fuzz_api at up to 40 positions of random games (2,000 calls or more for each config),
    and the same hostile input at positions of a deep game (random play that does not resign:
    deals, redeals, a full reserve, the end)."""
    game = make_game(**options)
    calls, failures = 0, []
    seed = 0
    while calls < 2_000:
        report = fuzz_api(game, seed=seed, positions=40)
        calls += report.calls
        failures += report.failures
        seed += 1
    deep = FuzzReport()
    rng = random.Random(1)
    for play_seed in range(4):
        for s in deep_play(game, play_seed)[::2]:
            check_api_edge(game, s, rng, deep)
    assert failures == [] and deep.failures == []
    assert deep.calls >= 500


def _tamper(move: Move, field: str, value: object) -> Move:
    bad = copy.copy(move)
    object.__setattr__(bad, field, value)
    return bad


@pytest.mark.parametrize("options", [{}, {"preset": "kingsdown_eights"}], ids=["T", "KE"])
def test_moves_with_bool_float_or_out_of_range_piles_are_refused_everywhere(
    options: dict[str, Any],
) -> None:
    game = make_game(**options)
    states = [s for s in deep_play(game, 2)[1:40] if game.to_move(s) == 0]
    for s in states[::5]:
        before = copy.deepcopy(s)
        for move in [a for a in game.legal_actions(s) if isinstance(a, Move)][:3]:
            for field in ("src", "dst"):
                value = getattr(move, field)
                for bad, error in (
                    (bool(value) if value in (0, 1) else float(value), ArgumentTypeError),
                    (float(value), ArgumentTypeError),
                    (str(value), ArgumentTypeError),
                    (None, ArgumentTypeError),
                    (-1, ArgumentError),
                    (24, ArgumentError),
                    (10**20, ArgumentError),
                ):
                    tampered = _tamper(move, field, bad)
                    for seat in (None, 0):
                        with pytest.raises(error, match=f"action.{field}"):
                            game.apply(s, tampered, seat=seat)
                    with pytest.raises(CardrulesError):
                        game.action_to_index(tampered)
                    with pytest.raises(CardrulesError):
                        game.format_action(tampered)
                    if isinstance(game, TournamentGame):
                        with pytest.raises(error):
                            game.step(s, tampered)
        assert s == before


def test_a_bool_pile_is_not_taken_for_the_pile_it_equals() -> None:
    game = make_game()
    s = game.position(reserve=[None, "AS"], columns=["2C", "AC"])
    assert Move(1, 16) in game.legal_actions(s)  # T2's A♣ to F♣↑
    with pytest.raises(ArgumentTypeError, match=r"action\.src must be an int pile id"):
        game.apply(s, _made(Move(1, 16), src=True))
    with pytest.raises(ArgumentTypeError):
        check_move(_made(Move(1, 16), dst=16.0))
    # A pile id of no pile in this layout (T7 with six columns) breaks T3.
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Move(6, 16))
    assert err.value.rule is TournamentRule.T3


@pytest.mark.parametrize("options", PRESETS[:-1], ids=IDS[:-1])
def test_a_move_is_checked_alone_exactly_as_the_legal_list_says(options: dict[str, Any]) -> None:
    """Rule T6: apply checks one move without building the list of legal moves
    (``move_is_legal``); for every pair of piles on many states of every Tournament config the
    answer is the list's (``legal_moves``)."""
    game = make_game(**options)
    for seed in range(3):
        for s in deep_play(game, seed)[::3]:
            if game.to_move(s) != 0:
                continue
            legal = set(game.legal_actions(s))
            for src in range(24):
                for dst in range(24):
                    legal_one = game.engine.move_is_legal(s, src, dst)
                    assert legal_one == (Move(src, dst) in legal), (src, dst)


def test_seats_dealers_states_views_and_rngs_of_the_wrong_kind_are_refused() -> None:
    game = make_game()
    assert isinstance(make_game(preset="kingsdown_eights"), KingsdownEightsGame)
    kingsdown: Any = make_game(preset="kingsdown_eights")
    s = deep_play(game, 1)[3]
    k = deep_play(kingsdown, 1)[3]
    for bad in (True, False, 0.0, "0", -1, 1, CHANCE - 1):
        with pytest.raises(CardrulesError, match="dealer"):
            game.new_hand(dealer=bad)
        with pytest.raises(CardrulesError, match="dealer"):
            kingsdown.new_hand(dealer=bad)
        with pytest.raises(CardrulesError, match="seat"):
            game.view(s, bad)
        with pytest.raises(CardrulesError, match="seat"):
            game.out_of_turn_actions(s, bad)
    assert game.new_hand(dealer=0) == game.new_hand()
    for seat in (True, False, 0.0):
        with pytest.raises(ArgumentTypeError, match="seat"):
            game.apply(s, Resign(), seat=seat)
    with pytest.raises(ArgumentError, match="chance"):
        game.apply(s, Resign(), seat=CHANCE)
    # Each variant refuses the other's states and views.
    for method in ("to_move", "legal_actions", "is_over", "outcome", "card_zones"):
        with pytest.raises(ArgumentTypeError, match="TournamentState"):
            getattr(game, method)(k)
        with pytest.raises(ArgumentTypeError, match="KingsdownState"):
            getattr(kingsdown, method)(s)
    with pytest.raises(ArgumentTypeError):
        game.apply(k, Resign())
    with pytest.raises(ArgumentTypeError):
        kingsdown.apply(s, Resign())
    with pytest.raises(ArgumentTypeError, match="TournamentView"):
        game.sample_state(kingsdown.view(k), random.Random(0))
    with pytest.raises(ArgumentTypeError, match="KingsdownView"):
        kingsdown.sample_state(game.view(s), random.Random(0))
    # A Cicely state (eight piles) is not one of the six-column game.
    cicely = make_game(preset="cicely", cicely_build=CICELY_BUILDS[0])
    c = deep_play(cicely, 0)[2]
    with pytest.raises(ArgumentError, match="columns"):
        game.sample_state(cicely.view(c), random.Random(0))
    with pytest.raises(ArgumentError, match="columns"):
        game.view(c)
    for g, state in ((game, s), (kingsdown, k)):
        with pytest.raises(ArgumentTypeError, match="rng"):
            g.rollout(state, None)
        with pytest.raises(ArgumentTypeError, match="rng"):
            g.sample_chance(g.new_hand(), 4)
        with pytest.raises(ArgumentTypeError, match="rng"):
            g.sample_state(g.view(state), "seed")
    with pytest.raises(ArgumentTypeError, match="render_svg"):
        game.render_svg(k)
    with pytest.raises(ArgumentTypeError, match="color"):
        game.describe(game.view(s), color=1)


def test_step_checks_like_apply() -> None:
    game = make_game()
    s = game.position(reserve=["AS"], columns=["2C"])
    assert game.step(s, Move(8, 22)) == game.apply(s, Move(8, 22))
    with pytest.raises(IllegalActionError) as err:
        game.step(s, Move(0, 16))  # the 2♣ on an empty Ace foundation
    assert err.value.rule is TournamentRule.T6
    with pytest.raises(IllegalActionError):
        game.step(s, DealStock() if not s.stock else Move(15, 16))
    with pytest.raises(ArgumentTypeError):
        game.step(game.view(s), Move(8, 22))


def test_position_and_solver_check_their_arguments() -> None:
    game = make_game()
    bad_positions: list[tuple[dict[str, Any], type[Exception]]] = [
        ({"reserve": "AS"}, ArgumentTypeError),
        ({"reserve": [None] * 9}, ArgumentError),
        ({"reserve": [5]}, ArgumentTypeError),
        ({"columns": ["AS"] * 7}, ArgumentError),
        ({"columns": [None]}, ArgumentTypeError),
        ({"foundations": {"F♠↑": 14}}, ArgumentError),
        ({"foundations": {"F♠↑": True}}, ArgumentTypeError),
        ({"foundations": {"T1": 3}}, NotationError),
        ({"foundations": {"F♠↓": 3, "FS-": 2}}, NotationError),  # one pile given twice
        ({"foundations": ["F♠↑"]}, ArgumentTypeError),
        ({"stock": 5}, ArgumentTypeError),
        ({"redeals_used": 3}, ArgumentError),
        ({"redeals_used": 1.0}, ArgumentTypeError),
    ]
    for kwargs, error in bad_positions:
        with pytest.raises(error):
            game.position(**kwargs)
    s = game.position(reserve=["KS"], stock="", foundations={"F♠↑": 12, "F♠↓": 13})
    for kwargs, error in (
        ({"max_nodes": 0}, ArgumentError),
        ({"max_nodes": 1.5}, ArgumentTypeError),
        ({"max_nodes": True}, ArgumentTypeError),
        ({"max_seconds": -1}, ArgumentError),
        ({"max_seconds": float("nan")}, ArgumentError),
        ({"max_seconds": "1"}, ArgumentTypeError),
    ):
        with pytest.raises(error):
            game.solve(s, **kwargs)
        with pytest.raises(error):
            game.hint(s, **kwargs)
    with pytest.raises(ArgumentTypeError):
        game.solve(game.view(s))
    assert game.hint(s) == Move(8, 22)


def test_chance_and_notation_input_is_checked() -> None:
    game = make_game()
    start = game.new_hand()
    for order in (tuple(range(103)), (True, *range(1, 104)), None, [*range(104)]):
        with pytest.raises(IllegalActionError):
            game.apply(start, _made(Deal(()), order=order))
        with pytest.raises(CardrulesError):
            game.format_action(_made(Deal(()), order=order))
    for text in ("deal AS", "dealer 0", "T9->F", "->", "FS->", "T1>>R1", "F♠>T1"):
        with pytest.raises(NotationError):
            game.parse_action(text, start)
    for junk in (None, 3, b"deal"):
        with pytest.raises(NotationError):
            game.parse_action(junk, start)
    with pytest.raises(ArgumentTypeError):
        game.parse_action("deal", None)
    for code in (True, 1.0, "2"):
        with pytest.raises(ArgumentTypeError):
            game.index_to_action(code)


# -- notation: the ASCII King foundation as a source (T4, 2.7 "Notation") -------------------------


def test_notation_ascii_king_foundation_as_source_T4() -> None:
    """``FS->FS+`` is F♠↓ onto F♠↑: the ``-`` belongs to the pile name, the ``>`` is the arrow.
    (It used to read as ``FS`` ``->`` ``FS+`` and fail.) ``->`` still stands for ``>``."""
    game = make_game()
    s = game.position(foundations={"F♠↑": 6, "F♠↓": 7})  # A♠..6♠ and K♠..7♠
    king_to_ace = game.parse_action("FS->FS+", s)
    assert king_to_ace == Move(23, 22) == game.parse_action("F♠↓>F♠↑", s)
    assert game.parse_action("fs- -> fs+", s) == game.parse_action("FS-->FS+", s) == king_to_ace
    assert game.parse_action("T3->FS+", s) == Move(2, 22)
    assert game.parse_action("FS+->FS-", s) == Move(22, 23)
    assert king_to_ace in game.legal_actions(s)  # the 7♠ may go onto the 6♠ (T6 (c))
    assert [a for a in game.legal_actions(s) if isinstance(a, Move) and a.src == 23]
    for move in game.all_actions():
        if isinstance(move, Move):
            for text in (game.format_action(move), _ascii(move), _ascii(move).replace(">", "->")):
                assert parse_move(text) == move, text


def _ascii(move: Move) -> str:
    from cardrules.games.tournament.actions import format_move

    return format_move(move, ascii=True)


def test_position_reads_ascii_foundation_names_T4() -> None:
    """``position(foundations={"FS-": 3})`` puts K♠ Q♠ J♠ on the spade King foundation (T4)."""
    game = make_game()
    s = game.position(foundations={"FS-": 3, "fh+": 2})
    assert [DECK.cards[c].ascii for c in s.foundations[7]] == ["KS", "QS", "JS"]
    assert [DECK.cards[c].ascii for c in s.foundations[4]] == ["AH", "2H"]
    assert s == game.position(foundations={"F♠↓": 3, "F♥↑": 2})
    assert parse_pile("FS-") == 23 and parse_pile("r8") == 15 and parse_pile("t1") == 0
    with pytest.raises(NotationError):
        parse_pile("FS")


def test_kingsdown_notation_accepts_the_ascii_arrow() -> None:
    game = make_game(preset="kingsdown_eights")
    s = game.new_hand()
    assert game.parse_action("T3->FS1", s) == game.parse_action("T3>F♠1", s) == Move(2, 22)


def test_registered_game_is_strict_too() -> None:
    game = get_game("tournament")
    s = game.new_hand()
    assert isinstance(s, TournamentState)
    with pytest.raises(ArgumentTypeError):
        game.to_move(get_game("voormsi").new_hand(dealer=0))  # type: ignore[arg-type]


def test_fair_player_checks_its_arguments() -> None:
    game = make_game()
    s = game.position(reserve=["AS"], columns=["2C"])
    bot = game.heuristic_bot()
    legal = game.legal_actions(s)
    assert bot.choose(game.view(s), legal, random.Random(0)) == Move(8, 22)
    with pytest.raises(ArgumentTypeError, match="TournamentView"):
        bot.choose(s, legal, random.Random(0))
    with pytest.raises(ArgumentTypeError, match="rng"):
        bot.choose(game.view(s), legal, None)
    with pytest.raises(ArgumentTypeError, match="a legal action"):
        bot.choose(game.view(s), [_tamper(Move(8, 22), "src", 8.0)], random.Random(0))
    with pytest.raises(ArgumentTypeError, match="a legal action"):
        bot.choose(game.view(s), ["resign"], random.Random(0))

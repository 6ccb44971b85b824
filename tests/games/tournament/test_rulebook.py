"""The patience's rule book: closed, quoted by the errors, and never confused with pile names."""

from __future__ import annotations

import random
import re

import attrs
import pytest

from cardrules import IllegalActionError, get_game
from cardrules.games.tournament import (
    TOURNAMENT_RULES,
    KingsdownEightsGame,
    TournamentGame,
    TournamentRule,
    TournamentRules,
    TournamentState,
    make_game,
)
from cardrules.games.tournament.actions import NUM_PILES, Move, Resign
from cardrules.rulebook import RuleKind

PRESETS = [name for name in TournamentRules.PRESETS if name != "cicely"]
GAMES = [
    *(make_game(preset=name) for name in PRESETS),
    make_game(preset="cicely", cicely_build="down_in_suit"),
]


def test_the_book_is_closed_and_registered() -> None:
    """Every id has one entry, and both game classes quote the same book."""
    assert [rule.id for rule in TOURNAMENT_RULES] == list(TournamentRule)
    assert {m.value for m in TournamentRule} == (
        {f"T{n}" for n in range(1, 12)}
        | {f"B{n}" for n in range(1, 9)}
        | {f"TV{n}" for n in range(1, 4)}
        | {f"KE{n}" for n in range(1, 8)}
    )
    assert get_game("tournament").rulebook is TOURNAMENT_RULES
    assert TournamentGame.rulebook is KingsdownEightsGame.rulebook is TOURNAMENT_RULES
    kinds = {rule.id.value[:2]: rule.kind for rule in TOURNAMENT_RULES}
    assert kinds["T1"] is RuleKind.RULE and kinds["B1"] is RuleKind.DEFAULT
    assert kinds["TV"] is kinds["KE"] is RuleKind.VARIANT


def test_titles_are_short_phrases_and_texts_are_ours() -> None:
    for rule in TOURNAMENT_RULES:
        assert 3 <= len(rule.title) <= 32, rule.id
        assert not rule.title.endswith((".", ":")), rule.id
        assert rule.text.endswith("."), rule.id
        assert "shared/" not in rule.text + rule.settled
        assert not re.search(r"\bseed\b", rule.text + rule.settled, re.IGNORECASE), rule.id


def test_every_option_names_an_existing_rule_and_back() -> None:
    """Each option's ``rule`` is an id of the book, and each entry's options are real fields."""
    fields = {f.name for f in attrs.fields(TournamentRules)}
    for info in TournamentRules.options():
        assert info.rule in TOURNAMENT_RULES, info.name
    for rule in TOURNAMENT_RULES:
        assert set(rule.options) <= fields, rule.id
    for info in TournamentRules.options():
        assert info.name in TOURNAMENT_RULES[info.rule].options, info.name


def _illegal_moves(game: TournamentGame, state: TournamentState) -> list[Move]:
    legal = set(game.legal_actions(state))
    return [
        Move(src, dst)
        for src in range(NUM_PILES)
        for dst in range(NUM_PILES)
        if Move(src, dst) not in legal
    ]


def _dealt(game: TournamentGame, seed: int) -> TournamentState:
    state = game.new_hand()
    rng = random.Random(seed)
    while game.to_move(state) == -1:
        state = game.apply(state, game.sample_chance(state, rng))
    return state


# A pile written bare next to a rule id could be read as the rule: T6 the column or rule T6.
_BARE_PILE = re.compile(r"(?<![-\w])(?<!column )(?<!reserve )(?<!rule )\b[TR][1-8]\b(?!-)")


@pytest.mark.parametrize("game", GAMES, ids=[*PRESETS, "cicely"])
def test_illegal_moves_name_the_rule_title_and_the_legal_actions(game: TournamentGame) -> None:
    """An illegal action's message starts with ``rule T6 (legal moves):``; ``legal`` is filled;
    a pile in the reason is ``column T6`` or ``reserve R5``, never a bare name."""
    state = _dealt(game, 7)
    for seed in range(3):
        rng = random.Random(seed)
        for move in rng.sample(_illegal_moves(game, state), 60):
            with pytest.raises(IllegalActionError) as err:
                game.apply(state, move)
            rule = err.value.rule
            assert isinstance(rule, TournamentRule)
            title = TOURNAMENT_RULES[rule].title
            assert str(err.value).startswith(f"rule {rule.value} ({title}): ")
            assert err.value.legal == game.legal_actions(state)
            assert not _BARE_PILE.search(err.value.why), err.value.why
        state = game.apply(state, rng.choice(game.legal_actions(state)[:-1]))


def test_a_pile_and_a_rule_of_the_same_name_are_told_apart() -> None:
    """Rule T6 forbids a move onto a full cell; the message names the cell as ``reserve R1``."""
    game = make_game()
    s = game.position(reserve=["5D"], columns=["9S"])
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, game.parse_action("T1>R1", s))
    assert err.value.rule is TournamentRule.T6
    assert str(err.value).startswith("rule T6 (legal moves): reserve R1 is not empty")
    full = dict.fromkeys(("F♣↑", "F♣↓", "F♦↑", "F♦↓", "F♥↑", "F♥↓", "F♠↑"), 13) | {"F♠↓": 11}
    empty = game.position(reserve=["AS"], columns=["", "2S"], stock="", foundations=full)
    with pytest.raises(IllegalActionError) as err:
        game.apply(empty, Move(1, 0))  # column T2 onto the empty column T1
    assert err.value.rule is TournamentRule.T7
    assert "column T1 is empty" in err.value.why and "rule B5" in err.value.why


def test_kingsdown_errors_quote_their_ke_rules() -> None:
    """Kingsdown Eights' refusals cite KE1–KE7 with titles, and fill ``legal``."""
    game = make_game(preset="kingsdown_eights")
    assert isinstance(game, KingsdownEightsGame)
    state = game.new_hand()
    state = game.apply(state, game.sample_chance(state, random.Random(3)))
    legal = set(game.legal_actions(state))
    bad = next(
        Move(s, d) for s in range(NUM_PILES) for d in range(16, 24) if Move(s, d) not in legal
    )
    with pytest.raises(IllegalActionError) as err:
        game.apply(state, bad)
    rule = err.value.rule
    assert isinstance(rule, TournamentRule) and rule.value.startswith("KE")
    assert str(err.value).startswith(f"rule {rule.value} ({TOURNAMENT_RULES[rule].title}): ")
    assert err.value.legal == game.legal_actions(state)


def test_position_errors_and_report_notes_write_rule_ids_in_full() -> None:
    game = make_game()
    with pytest.raises(Exception, match=r"^position: rule T4 \(the foundations\): "):
        game.position(foundations={"F♠↑": "AS 3S"})
    state = game.apply(game.position(columns=["9S"]), Resign())
    report = game.hand_report(state)
    assert report is not None
    assert all(note.startswith("rule T") or "stock" in note for note in report.notes)
    assert {item.rule for item in report.items} == {TournamentRule.T4}

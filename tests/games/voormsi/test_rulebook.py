"""Voormsi's rule book: closed, quoted by every refusal, its options pointing at real ids."""

from __future__ import annotations

import random
import re

import attrs
import pytest

from cardrules import CHANCE, IllegalActionError, get_game
from cardrules.games.voormsi import (
    VOORMSI_RULES,
    Lead,
    Play,
    VoormsiGame,
    VoormsiRule,
    VoormsiRules,
    VoormsiState,
    make_game,
    stacked_deal,
)
from cardrules.rulebook import RuleKind

PRESETS = list(VoormsiRules.PRESETS)


def test_the_book_is_closed_and_registered() -> None:
    """One entry per id: V1–V27, the bonuses B1–B5, C1–C13 and the variant VV1."""
    assert [rule.id for rule in VOORMSI_RULES] == list(VoormsiRule)
    assert {m.value for m in VoormsiRule} == (
        {f"V{n}" for n in range(1, 28)}
        | {f"B{n}" for n in range(1, 6)}
        | {f"C{n}" for n in range(1, 14)}
        | {"VV1"}
    )
    assert get_game("voormsi").rulebook is VoormsiGame.rulebook is VOORMSI_RULES
    kinds = {rule.id: rule.kind for rule in VOORMSI_RULES}
    assert kinds[VoormsiRule.V12] is kinds[VoormsiRule.B4] is RuleKind.RULE
    assert kinds[VoormsiRule.C7] is RuleKind.DEFAULT and kinds[VoormsiRule.VV1] is RuleKind.VARIANT


def test_B4_has_a_game_qualified_anchor() -> None:
    """Voormsi's bonus B4 and the patience's open question B4 share a text, not an anchor."""
    patience = get_game("tournament").rulebook
    assert patience is not None
    assert VOORMSI_RULES.anchor("B4") == "rule-voormsi-b4" != patience.anchor("B4")
    assert VOORMSI_RULES["B4"].title != patience["B4"].title


def test_titles_are_short_phrases_and_texts_are_ours() -> None:
    for rule in VOORMSI_RULES:
        assert 3 <= len(rule.title) <= 32, rule.id
        assert not rule.title.endswith((".", ":")), rule.id
        assert rule.text.endswith("."), rule.id
        assert "shared/" not in rule.text + rule.settled
        assert not re.search(r"\bseed\b", rule.text + rule.settled, re.IGNORECASE), rule.id


def test_every_option_names_an_existing_rule_and_back() -> None:
    """Each option's ``rule`` is an id of the book whose entry lists the option; each entry's
    options are fields of :class:`VoormsiRules`."""
    fields = {f.name for f in attrs.fields(VoormsiRules)}
    for info in VoormsiRules.options():
        assert info.rule in VOORMSI_RULES, info.name
        assert info.name in VOORMSI_RULES[info.rule].options, info.name
    for rule in VOORMSI_RULES:
        assert set(rule.options) <= fields, rule.id
    assert {info.name for info in VoormsiRules.options()} == fields


def _states(game: VoormsiGame, seed: int) -> list[VoormsiState]:
    """The states of one random deal at which a seat is to play."""
    rng = random.Random(seed)
    state = game.new_hand(dealer=seed % game.num_players)
    seen = []
    while not game.is_over(state):
        if game.to_move(state) != CHANCE:
            seen.append(state)
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        else:
            state = game.apply(state, game.sample_chance(state, rng))
    return seen


@pytest.mark.parametrize("preset", PRESETS)
def test_illegal_actions_name_the_rule_title_and_the_legal_actions(preset: str) -> None:
    """A refused group's message starts with ``rule V17 (following a group):``; ``legal`` holds
    the state's legal actions."""
    game = make_game(preset=preset)
    rng = random.Random(5)
    checked = 0
    for state in _states(game, 11)[::3]:
        legal = game.legal_actions(state)
        for _ in range(20):
            action = game.index_to_action(rng.randrange(game.num_distinct_actions))
            if action in legal:
                continue
            with pytest.raises(IllegalActionError) as err:
                game.apply(state, action)
            rule = err.value.rule
            assert isinstance(rule, VoormsiRule)
            assert str(err.value).startswith(f"rule {rule.value} ({VOORMSI_RULES[rule].title}): ")
            assert err.value.legal == legal
            checked += 1
    assert checked > 20


def test_V15_refusal_reads_as_the_compulsion() -> None:
    game = make_game()
    hands = {0: "KH 5C 5S 5H", 1: "JC 6C 6S 6H"}
    state = game.apply(game.new_hand(dealer=3), stacked_deal(game, 3, hands))
    state = game.apply(state, Lead.of("KH"))
    with pytest.raises(IllegalActionError) as err:
        game.apply(state, Play.of("6C"))
    assert str(err.value).startswith(
        "rule V15 (Toqutsit compulsion): an opponent's Voormsi heads the trick"
    )
    assert err.value.legal == (Play.of("JC"),)


def test_report_items_and_notes_cite_members_and_written_ids() -> None:
    """Score items carry :class:`VoormsiRule` members; notes start with ``rule …:``."""
    game = make_game()
    for seed in range(40):
        states = _states(game, seed)
        last = states[-1]
        final = game.apply(last, game.legal_actions(last)[0])
        report = game.hand_report(final)
        if report is None or not report.notes:
            continue
        assert all(isinstance(item.rule, VoormsiRule) for item in report.items)
        assert all(note.startswith("rule ") for note in report.notes), report.notes
        return
    pytest.fail("no deal with notes in 40 seeds")

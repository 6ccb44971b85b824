"""Rook's rule book (R1–R24, A1–A8, RV1–RV4) and the errors that quote it."""

from __future__ import annotations

import random

import attrs
import pytest

from cardrules import IllegalActionError
from cardrules.games.rook import (
    ROOK_RULES,
    Play,
    RookGame,
    RookRule,
    RookRules,
    RookState,
    make_game,
)
from cardrules.rulebook import RuleKind, rulebook_of


def test_the_book_is_closed_and_registered() -> None:
    """One entry per id, registered, the game's own; the ids the rules text numbers, in order."""
    assert [rule.id.value for rule in ROOK_RULES] == [
        *(f"R{n}" for n in range(1, 25)),
        *(f"A{n}" for n in range(1, 9)),
        *(f"RV{n}" for n in range(1, 5)),
    ]
    assert rulebook_of(RookRule.R6) is ROOK_RULES is RookGame.rulebook
    assert all(rule.id.value.startswith("A") for rule in ROOK_RULES.of_kind(RuleKind.DEFAULT))
    assert all(rule.id.value.startswith("RV") for rule in ROOK_RULES.of_kind(RuleKind.VARIANT))
    for rule in ROOK_RULES:
        assert rule.title == rule.title.strip() and rule.text.endswith(".")
        assert "shared/" not in rule.text + rule.settled


def test_options_and_book_name_each_other() -> None:
    """Every option's metadata names an id of the book, whose entry lists that option back; every
    option an entry lists is a field of :class:`RookRules`. Only RV1 of the variants is offered."""
    fields = {field.name for field in attrs.fields(RookRules)}
    for option in RookRules.options():
        assert option.rule in ROOK_RULES, option.name
        assert option.name in ROOK_RULES[option.rule].options, option.name
    for rule in ROOK_RULES:
        assert set(rule.options) <= fields, rule.id
    offered = [rule.id for rule in ROOK_RULES.of_kind(RuleKind.VARIANT) if rule.options]
    assert offered == [RookRule.RV1]


def test_R15_an_illegal_play_names_its_rule_and_title_not_a_card() -> None:
    """R15 is written ``rule R15 (follow colour)``: never to be read as the Red 15."""
    game = make_game()
    refused = 0
    for state in _states(game, 11):
        if state.phase != "play" or not state.trick:
            continue
        mover = game.to_move(state)
        assert mover is not None
        plays = set(game.legal_actions(state))
        held = [Play(card) for card in game.view(state, mover).hand]
        for action in [a for a in held if a not in plays]:
            with pytest.raises(IllegalActionError) as caught:
                game.apply(state, action)
            err = caught.value
            assert err.rule in (RookRule.R15, RookRule.R17) and err.seat == mover
            title = ROOK_RULES[err.rule].title
            assert str(err).startswith(f"rule {err.rule.value} ({title}): must follow ")
            assert err.legal == game.legal_actions(state)
            refused += 1
    assert refused  # the hand had plays to refuse


def _states(game: RookGame, seed: int) -> list[RookState]:
    """The states of a seeded random hand, chance steps left out (a random match might never end:
    random bidders are set again and again)."""
    rng = random.Random(seed)
    state, seen = game.new_hand(dealer=seed % 4), []
    for _ in range(500):
        if game.is_over(state):
            break
        mover = game.to_move(state)
        if mover is not None and mover >= 0:
            seen.append(state)
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        else:
            state = game.apply(state, game.sample_chance(state, rng))
    return seen


@pytest.mark.parametrize("preset", ["tournament", "house", "table_play"])
def test_every_refusal_of_a_seat_lists_what_that_seat_may_do(preset: str) -> None:
    """Each refused action of the seat to move carries ``legal`` = its legal actions; a seat out
    of turn gets its out-of-turn actions only (never the mover's cards); the rule is in the book."""
    game = make_game(preset=preset)
    actions = [a for a in game.all_actions() if not hasattr(a, "cards")]  # buries: too many
    for state in _states(game, 5)[::5]:
        mover = game.to_move(state)
        assert mover is not None
        legal = game.legal_actions(state)
        for action in actions:
            if action in legal:
                continue
            with pytest.raises(IllegalActionError) as caught:
                game.apply(state, action)
            assert caught.value.legal == legal, (action, state.phase)
            assert caught.value.rule in ROOK_RULES
        other = (mover + 1) % 4
        with pytest.raises(IllegalActionError) as caught:
            game.apply(state, Play(game.deck.cards[0]), seat=other)
        assert caught.value.legal == game.out_of_turn_actions(state, other)
        assert not any(isinstance(a, Play) for a in caught.value.legal)

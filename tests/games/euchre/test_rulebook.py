"""Euchre's rule book (E1–E17, D1–D8, EV1–EV5) and the errors that quote it."""

from __future__ import annotations

import random

import attrs
import pytest

from cardrules import IllegalActionError
from cardrules.games.euchre import (
    EUCHRE_RULES,
    EuchreGame,
    EuchreRule,
    EuchreRules,
    EuchreState,
    Play,
    make_game,
)
from cardrules.rulebook import RuleKind, rulebook_of


def test_the_book_is_closed_and_registered() -> None:
    """One entry per id, registered, the game's own; the ids the rules text numbers, in order."""
    assert [rule.id.value for rule in EUCHRE_RULES] == [
        *(f"E{n}" for n in range(1, 18)),
        *(f"D{n}" for n in range(1, 9)),
        *(f"EV{n}" for n in range(1, 6)),
    ]
    assert rulebook_of(EuchreRule.E13) is EUCHRE_RULES is EuchreGame.rulebook
    assert {rule.kind for rule in EUCHRE_RULES.of_kind(RuleKind.DEFAULT)} == {RuleKind.DEFAULT}
    assert all(rule.id.value.startswith("D") for rule in EUCHRE_RULES.of_kind(RuleKind.DEFAULT))
    assert all(rule.id.value.startswith("EV") for rule in EUCHRE_RULES.of_kind(RuleKind.VARIANT))
    for rule in EUCHRE_RULES:
        assert rule.title == rule.title.strip()
        assert rule.title[0].islower() or rule.id is EuchreRule.EV2  # "the Canadian loner"
        assert rule.text.endswith(".") and "shared/" not in rule.text + rule.settled


def test_options_and_book_name_each_other() -> None:
    """Every option's metadata names an id of the book, whose entry lists that option back; every
    option an entry lists is a field of :class:`EuchreRules`."""
    fields = {field.name for field in attrs.fields(EuchreRules)}
    for option in EuchreRules.options():
        assert option.rule in EUCHRE_RULES, option.name
        assert option.name in EUCHRE_RULES[option.rule].options, option.name
    for rule in EUCHRE_RULES:
        assert set(rule.options) <= fields, rule.id


def test_E13_an_illegal_play_names_its_rule_and_title() -> None:
    game = make_game()
    state = game.parse_position(
        "play hand dealer=0 scores=0,0 hands=10C,JC,QC,KC/JD,QH,KH/QD,KD,AD,10H/9S,10S,JS,QS,KS "
        "up=AS kitty=AC,9D,10D calls=p,p,p,p,name-H-alone tricks=1:JH,9H,9C trick=1:AH"
    )
    with pytest.raises(IllegalActionError) as caught:
        game.apply(state, game.parse_action("play QD", state))  # seat 2 holds the 10H
    err = caught.value
    assert err.rule is EuchreRule.E13 and err.seat == 2
    assert str(err).startswith("rule E13 (follow suit): ")
    assert err.legal == game.legal_actions(state)


def _states(game: EuchreGame, seed: int) -> list[EuchreState]:
    """The states of a seeded random match, chance steps left out."""
    rng = random.Random(seed)
    state, seen = game.new_match(), []
    while not game.is_over(state):
        mover = game.to_move(state)
        if mover is not None and mover >= 0:
            seen.append(state)
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        else:
            state = game.apply(state, game.sample_chance(state, rng))
    return seen


@pytest.mark.parametrize("preset", ["standard", "house", "table_play"])
def test_every_refusal_of_a_seat_lists_what_that_seat_may_do(preset: str) -> None:
    """Each refused action of the seat to move carries ``legal`` = its legal actions; a seat out
    of turn gets its out-of-turn actions only (never the mover's cards); the rule is in the book."""
    game = make_game(preset=preset)
    for state in _states(game, 7)[::3]:
        mover = game.to_move(state)
        assert mover is not None
        legal = game.legal_actions(state)
        for action in game.all_actions():
            if action in legal:
                continue
            with pytest.raises(IllegalActionError) as caught:
                game.apply(state, action)
            assert caught.value.legal == legal, (action, state.phase)
            assert caught.value.rule in EUCHRE_RULES
        other = (mover + 1) % 4
        with pytest.raises(IllegalActionError) as caught:
            game.apply(state, Play(game.deck.cards[0]), seat=other)
        assert caught.value.legal == game.out_of_turn_actions(state, other)
        assert not any(isinstance(a, Play) for a in caught.value.legal)

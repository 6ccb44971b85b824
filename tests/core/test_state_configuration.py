"""A state knows the configuration of the game that made it, and every game refuses another's.

Issue #27, item 3: a full-deck Rook state given to standard Rook raised a bare ``IndexError``
(the reverse was silently read as other cards), a three-player Voormsi state reached the engine of
the four-player game through ``legal_actions`` and ``apply``, and Cicely's ``apply`` on a
Tournament state failed in a ``zip``. Every state now carries its game's
:class:`~cardrules.game.GameConfig`; :meth:`GameBase.check_state <cardrules.game.GameBase.check_state>`
refuses a state of other rules with one :class:`~cardrules.errors.ArgumentError`, and games built
with equal rules (or a state read back from a pickle) accept each other's states.

Rule ids: R2 and RV1 (Rook's 41- and 57-card decks), V1 (Voormsi's players), T3 and TV2 (the
Tournament and Cicely layouts), KE1 (Kingsdown Eights' layout), E17 (Euchre's revoke mode).
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from cardrules import CHANCE
from cardrules import get_game as _get_game
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.game import GameConfig
from cardrules.rulebook import RuleId
from cardrules.scoring import MatchScore, Partnership
from cardrules.trickgame import Play, TrickGameBase, TrickRuleIds, TrickState, TrickView

CICELY = {"preset": "cicely", "cicely_build": "down_in_suit"}

# (game, options): each game's configurations that give states another meaning.
CONFIGS: dict[str, list[dict[str, Any]]] = {
    "rook": [{}, {"full_deck": True}, {"renege_mode": True}],  # R2 / RV1, R24
    "euchre": [{}, {"renege_mode": True}, {"no_trump": True}],  # E17, no-trump variant
    "voormsi": [{}, {"players": 3}, {"preset": "two_player"}],  # V1, V27
    "tournament": [{}, CICELY, {"preset": "kingsdown_eights"}],  # T3, TV2, KE1
}

PAIRS = [
    pytest.param(name, made, given, id=f"{name}:{made or 'default'}->{given or 'default'}")
    for name, options in CONFIGS.items()
    for made in options
    for given in options
    if made is not given
]


def get_game(name: str, **options: Any) -> Any:
    """:func:`cardrules.get_game`, typed loosely: the test reaches each game's own methods."""
    return _get_game(name, **options)


def _states(game: Any, seed: int) -> Iterator[Any]:
    """States of every kind met in a random single hand: chance, each decision, the end."""
    rng = random.Random(seed)
    state = game.new_hand(dealer=0)
    while True:
        yield state
        seat = game.to_move(state)
        if seat is None:
            return
        if seat == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])


def _some_states(game: Any) -> list[Any]:
    """A chance state, the first decision, a state some way into play, and a finished one."""
    states = list(_states(game, 3))
    picked = [states[0], states[-1]]
    decisions = [s for s in states if game.to_move(s) not in (None, CHANCE)]
    if decisions:
        picked += [decisions[0], decisions[len(decisions) // 2]]
    return picked


def _next_action(game: Any, state: Any) -> Any:
    """An action the state's own game would take (a chance action at chance, else a legal one)."""
    seat = game.to_move(state)
    if seat == CHANCE:
        return game.sample_chance(state, random.Random(1))
    legal = game.legal_actions(state)
    return legal[0] if legal else game.index_to_action(0)


def _calls(
    made: Any, given: Any, state: Any
) -> list[tuple[str, Callable[[], object]]]:  # every public method of ``given`` on ``state``
    action = _next_action(made, state)
    view = made.view(state, 0)
    calls: list[tuple[str, Callable[[], object]]] = [
        ("to_move", lambda: given.to_move(state)),
        ("is_over", lambda: given.is_over(state)),
        ("legal_actions", lambda: given.legal_actions(state)),
        ("out_of_turn_actions", lambda: given.out_of_turn_actions(state, 0)),
        ("apply", lambda: given.apply(state, action)),
        ("sample_chance", lambda: given.sample_chance(state, random.Random(1))),
        ("outcome", lambda: given.outcome(state)),
        ("view", lambda: given.view(state, 0)),
        ("rollout", lambda: given.rollout(state, random.Random(1))),
        ("card_zones", lambda: given.card_zones(state)),
        ("parse_action", lambda: given.parse_action("resign", state)),
        ("position_text", lambda: given.position_text(state)),
        ("hand_report", lambda: given.hand_report(state)),
        ("sample_state", lambda: given.sample_state(view, random.Random(1))),
        ("describe", lambda: given.describe(view)),
    ]
    assert _view_config(view) is made.config  # views carry their state's config too
    return [(name, call) for name, call in calls if hasattr(given, name)]


def _view_config(view: Any) -> GameConfig | None:
    """The config a view carries (Euchre's in its ``match`` part), else ``None``."""
    config = getattr(view, "config", None)
    return config if config is not None else getattr(getattr(view, "match", None), "config", None)


@pytest.mark.parametrize(("name", "made_options", "given_options"), PAIRS)
def test_every_method_refuses_a_state_of_other_rules(
    name: str, made_options: dict[str, Any], given_options: dict[str, Any]
) -> None:
    """R2/RV1, V1, T3/TV2/KE1, E17: a state (or view) made under one configuration is refused by
    every public method of a game of another — a clear CardrulesError, never a bare IndexError or
    ValueError, never a silent misreading of its cards."""
    made, given = get_game(name, **made_options), get_game(name, **given_options)
    same_class = type(made.new_hand(dealer=0)) is type(given.new_hand(dealer=0))
    for state in _some_states(made):
        for method, call in _calls(made, given, state):
            exc = _raised(call)
            assert exc is not None, f"{method} accepted a state of {made!r} in {given!r}"
            assert isinstance(exc, CardrulesError), f"{method}: bare {type(exc).__name__}: {exc}"
            if same_class:  # the configuration check, naming both configurations
                assert isinstance(exc, ArgumentError), (method, exc)
                assert "not of this game" in str(exc) and f"{name} (" in str(exc), (method, exc)


def _raised(call: Callable[[], object]) -> Exception | None:
    """The exception ``call()`` raises, or ``None``."""
    try:
        call()
    except Exception as exc:
        return exc
    return None


def test_R2_full_deck_state_is_refused_by_standard_rook_with_both_configurations_named() -> None:
    """R2/RV1: the 57-card deck's indices are not the 41-card deck's; the message names the option
    in which the games differ, with each side's value."""
    standard, full = get_game("rook"), get_game("rook", full_deck=True)
    state = full.new_hand(dealer=0)
    state = full.apply(state, full.sample_chance(state, random.Random(2)))
    with pytest.raises(ArgumentError) as err:
        standard.legal_actions(state)
    assert str(err.value) == (
        "state is of rook (full_deck=True), not of this game: rook (full_deck=False)"
    )
    # ... and the reverse, which used to read R5 R6 R12 as other cards, is refused too.
    small = standard.new_hand(dealer=0)
    small = standard.apply(small, standard.sample_chance(small, random.Random(2)))
    with pytest.raises(ArgumentError, match="full_deck=False"):
        full.view(small, 0)


@pytest.mark.parametrize(
    ("name", "options"),
    [(name, options) for name, configs in CONFIGS.items() for options in configs],
)
def test_games_of_equal_rules_share_states(name: str, options: dict[str, Any]) -> None:
    """Two games built with equal rules share one configuration, and each plays the other's
    states; a state read back from a pickle (records, worker processes) is a state of a fresh
    game of the same rules, with the same config object (the hot path's ``is`` test holds)."""
    first, second = get_game(name, **options), get_game(name, **options)
    assert first.config is second.config and first.config == second.config
    for state in _some_states(first):
        assert state.config is first.config
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state and copy.config is second.config
        for method, call in _calls(first, second, copy):
            # Only what the state itself rules out (no chance step to draw, no report yet, no
            # such action), as a CardrulesError: never the configuration check.
            exc = _raised(call)
            assert exc is None or isinstance(exc, CardrulesError), (method, exc)
            assert "not of this game" not in str(exc), (method, exc)
        view = first.view(state, 0)
        assert second.view(copy, 0) == view


def test_states_made_along_a_game_keep_its_configuration() -> None:
    """Every state a game makes — stepping, fused rollouts' starting points, sampled states,
    positions read back — carries the game's config."""
    for name, configs in CONFIGS.items():
        for options in configs:
            game = get_game(name, **options)
            for state in _states(game, 5):
                assert state.config is game.config, (name, options, state)
                sampled = game.sample_state(game.view(state, 0), random.Random(4))
                assert sampled.config is game.config, (name, options)
                text = game.position_text(state)
                assert game.parse_position(text).config is game.config, (name, options, text)


def test_game_config_is_interned_and_survives_pickling() -> None:
    """Equal (name, rules) give one GameConfig object, also after a pickle round trip; other rules
    or another game give another, unequal one."""
    rook = get_game("rook").config
    assert GameConfig("rook", get_game("rook").rules) is rook
    assert pickle.loads(pickle.dumps(rook)) is rook
    assert rook != get_game("rook", full_deck=True).config
    assert rook != GameConfig("euchre", get_game("rook").rules)
    assert hash(rook) == hash(GameConfig("rook", get_game("rook").rules))
    with pytest.raises(AttributeError):
        rook.name = "euchre"


def test_a_hand_built_state_without_a_configuration_is_read_unchecked() -> None:
    """A state built with its class's constructor (``config`` left ``None``, as tests build
    layouts) is not refused for its missing config; a config that is not a GameConfig is."""
    game = get_game("tournament")
    fresh = type(game.new_hand())("deal")
    assert fresh.config is None and game.to_move(fresh) == CHANCE
    forged = attrs.evolve(game.new_hand(), config="tournament")
    with pytest.raises(ArgumentError, match="carries no configuration of tournament"):
        game.to_move(forged)


# -- the trick-game layer: its states and views carry the config too --------------------------


class _Rule(RuleId):
    P1 = "P1"
    P2 = "P2"


@attrs.frozen
class _PlainState(TrickState[None]):
    """A state of the plain test game."""


@attrs.frozen
class _PlainView(TrickView[None]):
    """A view of the plain test game."""


class _PlainGame(TrickGameBase[_PlainState, Play, _PlainView, None]):
    """A plain trick game whose rules (a target) change only the match's end."""

    name, num_players = "plain", 4
    deck = get_game("euchre").deck
    teams, hand_scale = Partnership.opposite(4), 6
    state_type, view_type = _PlainState, _PlainView
    rule_ids = TrickRuleIds(
        cards=_Rule.P1, deal=_Rule.P1, turn=_Rule.P2, follow=_Rule.P2, end=_Rule.P1
    )

    def start_contract(self, order: tuple[int, ...], dealer: int) -> None:
        return None

    def match_score(self) -> MatchScore:
        return MatchScore.start(teams=2, target=self.rules)

    def score_hand(self, contract: None, play: Any, score: MatchScore) -> tuple[int, ...]:
        return (play.taken[0] + play.taken[2], play.taken[1] + play.taken[3])


def test_trick_layer_states_and_views_refuse_another_configuration() -> None:
    """The trick-game layer's states and views carry the config: a game of another target refuses
    them in every protocol method (the layer's generic edge checks), an equal game takes them."""
    five, ten = _PlainGame(5), _PlainGame(10)
    state = five.apply(five.new_match(), five.sample_chance(five.new_match(), random.Random(1)))
    state = five.apply(state, five.sample_chance(state, random.Random(1)))
    assert state.config is five.config and five.view(state, 0).config is five.config
    for call in (
        lambda: ten.legal_actions(state),
        lambda: ten.apply(state, five.legal_actions(state)[0]),
        lambda: ten.rollout(state, random.Random(1)),
        lambda: ten.view(state, 0),
        lambda: ten.sample_state(five.view(state, 0), random.Random(1)),
    ):
        with pytest.raises(ArgumentError, match="not of this game"):
            call()
    assert _PlainGame(5).legal_actions(state) == five.legal_actions(state)

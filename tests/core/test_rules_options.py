"""Every rules class describes its options (meaning, rule id, allowed values) and its presets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs
import cardrules_whist as whist
import pytest

from cardrules import RulesConfig, RulesError
from cardrules.game import OptionInfo
from cardrules.games.euchre.rules import EuchreRules
from cardrules.games.rook.rules import RookRules
from cardrules.games.tournament.rules import TournamentRules
from cardrules.games.voormsi.rules import VoormsiRules
from cardrules.rulebook import RuleId

if TYPE_CHECKING:
    from collections.abc import Mapping
    from decimal import Decimal

RULES: list[type[RulesConfig]] = [
    EuchreRules,
    RookRules,
    VoormsiRules,
    TournamentRules,
    whist.WhistRules,
]
# Settings some values need besides a preset (Cicely has no default building rule).
COMPANIONS: dict[type[RulesConfig], list[dict[str, Any]]] = {
    TournamentRules: [{"cicely_build": "down_in_suit"}],
}
OUTSIDE = "__not_a_value__"


def _ids(cls: type[RulesConfig]) -> str:
    return cls.__name__


def _accepted_somewhere(cls: type[RulesConfig], name: str, value: Any) -> bool:
    """Whether ``{name: value}`` builds, on its own or on top of a preset (plus companions)."""
    bases: list[dict[str, Any]] = [{}]
    for preset in cls.PRESETS.values():
        bases.append(dict(preset))
        bases += [{**preset, **extra} for extra in COMPANIONS.get(cls, [])]
    for base in bases:
        try:
            rules = cls.from_dict({**base, name: value})
        except RulesError:
            continue
        got = getattr(rules, name)
        assert type(got) is type(value) and got == value
        return True
    return False


@pytest.mark.parametrize("cls", RULES, ids=_ids)
def test_every_field_is_an_option_with_a_one_line_meaning(cls: type[RulesConfig]) -> None:
    options = cls.options()
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    assert [o.name for o in options] == [f.name for f in fields]
    for option in options:
        assert isinstance(option, OptionInfo)
        assert option.meaning.strip(), f"{cls.__name__}.{option.name} has no meaning"
        assert "\n" not in option.meaning and len(option.meaning) <= 100
        assert "shared/" not in option.meaning and "``" not in option.meaning


@pytest.mark.parametrize("cls", RULES, ids=_ids)
def test_defaults_are_allowed_and_match_the_class(cls: type[RulesConfig]) -> None:
    defaults = cls()
    for option in cls.options():
        assert getattr(defaults, option.name) == option.default
        assert option.allows(option.default), option
        if option.allowed is not None:
            assert option.default in option.allowed
        else:
            assert option.minimum is not None, f"{option.name}: neither values nor a range"


@pytest.mark.parametrize("cls", RULES, ids=_ids)
def test_allowed_values_agree_with_the_validators(cls: type[RulesConfig]) -> None:
    for option in cls.options():
        if option.allowed is not None:
            for value in option.allowed:
                assert _accepted_somewhere(cls, option.name, value), (option.name, value)
            with pytest.raises(RulesError):
                cls.from_dict({option.name: OUTSIDE})
            continue
        assert option.minimum is not None
        assert _accepted_somewhere(cls, option.name, option.minimum), option.name
        assert not option.allows(option.minimum - 1)
        with pytest.raises(RulesError):
            cls.from_dict({option.name: option.minimum - 1})
        if option.maximum is not None:
            assert _accepted_somewhere(cls, option.name, option.maximum), option.name
            assert not option.allows(option.maximum + 1)
            with pytest.raises(RulesError):
                cls.from_dict({option.name: option.maximum + 1})
        if option.step > 1:
            assert not option.allows(option.minimum + 1)
            with pytest.raises(RulesError):
                cls.from_dict({option.name: option.minimum + option.step + 1})


@pytest.mark.parametrize("cls", RULES, ids=_ids)
def test_preset_changes_are_real_fields_and_values(cls: type[RulesConfig]) -> None:
    assert cls.PRESETS
    by_name = {o.name: o for o in cls.options()}
    for name in cls.PRESETS:
        changes = cls.preset_changes(name)
        for key, value in changes.items():
            assert key in by_name, f"preset {name}: {key} is not an option"
            assert by_name[key].allows(value), (name, key, value)
            assert value != by_name[key].default
        extras = [{}, *COMPANIONS.get(cls, [])]
        for extra in extras:
            try:
                rules = cls.preset(name, **extra)
            except RulesError:
                continue
            assert rules.changed() == {**changes, **extra}
            break
        else:
            pytest.fail(f"preset {name} of {cls.__name__} cannot be built")


def test_preset_changes_examples() -> None:
    assert RookRules.preset_changes("tournament") == {}
    assert RookRules.preset_changes("bird_low") == {"bird_rank": "low"}
    assert EuchreRules.preset_changes("house") == {
        "farmers_hand": "redeal_all_9_10",
        "defend_alone": True,
        "no_trump": True,
    }
    assert TournamentRules.preset_changes("cicely") == {
        "variant": "cicely",
        "max_redeals": 0,
        "visible_columns": False,
    }
    assert whist.WhistRules.preset_changes("long_whist") == {"target": 9}


def test_unknown_preset_lists_the_known_ones() -> None:
    with pytest.raises(RulesError, match=r"no preset 'nope' for RookRules \(known: tournament, "):
        RookRules.preset_changes("nope")
    with pytest.raises(RulesError, match="known: standard, parlett"):
        VoormsiRules.preset("nope")


def test_allowed_values_come_from_annotations_and_metadata() -> None:
    rook = {o.name: o for o in RookRules.options()}
    assert rook["bird_rank"].allowed == ("high", "low", "ten_and_half")
    assert rook["bird_rank"].rule == "A1"
    assert rook["full_deck"].allowed == (False, True)
    assert (rook["target_score"].minimum, rook["target_score"].step) == (5, 5)
    assert rook["target_score"].allowed_text == "an integer of at least 5, in steps of 5"
    euchre = {o.name: o for o in EuchreRules.options()}
    assert euchre["euchred_loner_points"].allowed == (2, 4)
    assert euchre["stick_the_dealer"].rule == "E8"
    tournament = {o.name: o for o in TournamentRules.options()}
    assert tournament["cicely_build"].allowed == (
        "down_in_suit",
        "down_alternate_colours",
        "down_any_suit",
        "up_or_down_in_suit",
        None,
    )
    assert tournament["max_redeals"].allowed_text == "an integer from 0 to 10"
    voormsi = {o.name: o for o in VoormsiRules.options()}
    assert voormsi["players"].allowed == (2, 3, 4)


def test_allows_does_not_take_a_bool_for_an_int() -> None:
    points = OptionInfo("points", 2, "points", allowed=(2, 4))
    flag = OptionInfo("flag", False, "a flag", allowed=(False, True))
    ranged = OptionInfo("target", 5, "target", minimum=1, maximum=9)
    assert not points.allows(True) and not flag.allows(0) and not flag.allows(1)
    assert not ranged.allows(True) and not ranged.allows("5") and ranged.allows(9)


class _ShopRule(RuleId):
    """The plugin's own closed set of rule ids."""

    P1 = "P1"


@attrs.frozen
class _LooseRules(RulesConfig):
    """A plugin's rules whose annotation is only imported for type checking."""

    price: Decimal | None = attrs.field(default=None, metadata={"doc": "a price"})
    free: bool = attrs.field(default=True, metadata={"doc": "free of charge", "rule": _ShopRule.P1})

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {"paid": {"free": False}}


def test_an_unresolvable_annotation_leaves_that_option_open() -> None:
    price, free = _LooseRules.options()
    assert price.allowed is None and price.allowed_text == "any value" and price.allows(3)
    assert free.allowed == (False, True) and free.rule == "P1"
    assert _LooseRules.preset_changes("paid") == {"free": False}


BUILT_IN: list[type[RulesConfig]] = [EuchreRules, RookRules, VoormsiRules, TournamentRules]


@pytest.mark.parametrize("cls", BUILT_IN, ids=_ids)
def test_a_value_of_the_wrong_type_names_the_option_and_its_rule(cls: type[RulesConfig]) -> None:
    """Every option of a built-in game checks its own value (attrs validators): a value of the
    wrong type — ``1`` for a flag, ``True`` or a float for an integer, a text outside the choices —
    is a RulesError naming the option, what it takes, and the rule id it implements."""
    for option in cls.options():
        if option.allowed is None or all(type(a) is int for a in option.allowed):
            assert option.minimum is not None or option.allowed is not None
            bad: list[Any] = [True, float(option.default), str(option.default)]
        else:
            bad = [OUTSIDE, 1] if option.allowed == (False, True) else [OUTSIDE, True]
        for value in bad:
            with pytest.raises(RulesError) as info:
                cls.from_dict({option.name: value})
            message = str(info.value)
            assert message.startswith(f"{option.name} must be "), message
            assert f"not {value!r}" in message and message.endswith(f"(rule {option.rule})")


def test_an_integer_option_says_its_range_as_cardrules_rules_does() -> None:
    """A7: Rook's target is in fives; T9: at most 10 redeals; D6: a lone maker euchred scores 2
    or 4 — the message reads the range the option's description shows."""
    with pytest.raises(
        RulesError,
        match=r"^target_score must be an integer of at least 5, in steps of 5, not 302 \(rule A7\)$",
    ):
        RookRules(target_score=302)
    with pytest.raises(
        RulesError, match=r"^max_redeals must be an integer from 0 to 10, not 11 \(rule T9\)$"
    ):
        TournamentRules(max_redeals=11)
    with pytest.raises(
        RulesError, match=r"^euchred_loner_points must be one of 2, 4, not 4.0 \(rule D6\)$"
    ):
        EuchreRules(euchred_loner_points=4.0)  # type: ignore[arg-type]
    assert RookRules(target_score=305).target_score == 305

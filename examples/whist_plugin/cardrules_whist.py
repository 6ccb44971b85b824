"""A plain partnership Whist, written as a third-party cardrules plugin.

It is the reference game of the core: built only from cardrules primitives — the plain trick game
of :class:`~cardrules.trickgame.TrickGameBase` (deal, card play on the core's
:class:`~cardrules.tricks.TrickPlay`, follow rule, views, constrained sampling, match score), with
the turned-up trump card and the scoring as its hooks — registered through the
``cardrules.games`` entry point of its own ``pyproject.toml``, and checked with
:func:`cardrules.testing.check_game`. It is also the code walked through by the "write your own
game" tutorial.

Its rules W1–W7 are data, as a plugin declares them: a closed set of ids (:class:`WhistRule`, a
:class:`~cardrules.rulebook.RuleId`) and a registered book (:data:`WHIST_RULES`) that states each
one. The game class points at the book, so its errors quote the titles and ``cardrules rules whist``
and the docs can list the rules:

>>> str(IllegalActionError(WhistRule.W4, "must follow ♠"))
'rule W4 (follow suit): must follow ♠'

>>> game = make_game()
>>> s = game.new_hand(dealer=3)
>>> s = game.apply(s, game.sample_chance(s, random.Random(5)))
>>> game.to_move(s), len(game.legal_actions(s)), s.contract.suit == game.trump(s.contract)
(0, 13, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

import attrs

from cardrules import (
    Card,
    MatchScore,
    Partnership,
    RulesConfig,
    Suit,
    TrickPlay,
    get_deck,
)
from cardrules.option_checks import integer
from cardrules.rulebook import Rule, RuleBook, RuleId, Source, register_rulebook
from cardrules.trickgame import Play, TrickGameBase, TrickRuleIds, TrickState, TrickView

__all__ = ["WHIST_RULES", "Play", "WhistGame", "WhistRule", "WhistRules", "WhistState",
           "WhistView", "hand_points", "make_game"]  # fmt: skip

DECK: Final = get_deck("french52")


class WhistRule(RuleId):
    """The ids of the Whist rules: a closed set, so a type checker refuses an id the game lacks."""

    W1 = "W1"
    W2 = "W2"
    W3 = "W3"
    W4 = "W4"
    W5 = "W5"
    W6 = "W6"
    W7 = "W7"


WHIST_RULES: Final = register_rulebook(
    RuleBook(
        game="whist",
        rules=(
            Rule(WhistRule.W1, "players and cards",
                 "Four players, partners sitting opposite; one pack of 52 cards."),
            Rule(WhistRule.W2, "the deal and trump",
                 "The dealer deals every card one at a time from the left, 13 each, and turns up "
                 "their own last card: its suit is trump, and it stays in view until the dealer "
                 "plays it.", ("Pagat",)),
            Rule(WhistRule.W3, "turn order",
                 "The player on the dealer's left leads; play goes clockwise and each trick's "
                 "winner leads the next."),
            Rule(WhistRule.W4, "follow suit",
                 "A player who can follow the suit led must; otherwise any card may be played.",
                 ("Pagat",)),
            Rule(WhistRule.W5, "the trick's winner",
                 "The highest trump wins the trick, or else the highest card of the suit led."),
            Rule(WhistRule.W6, "scoring",
                 "A side that takes more than six tricks scores a point for each trick over six.",
                 ("Pagat",)),
            Rule(WhistRule.W7, "the match",
                 "The first side to reach the target (5 points) wins; the deal passes to the left.",
                 options=("target",)),
        ),
        sources=(Source("Pagat", "pagat.com, Whist: the common rules of short Whist",
                        "https://www.pagat.com/whist/whist.html"),),
    )
)  # fmt: skip
"""The book of the Whist rules, registered so that errors can quote its titles."""


@attrs.frozen
class WhistRules(RulesConfig):
    """Whist options: the match target (W7). Each field says what it means and which rule it
    implements in its metadata, which ``cardrules rules whist`` prints."""

    target: int = attrs.field(
        default=5,
        validator=integer,  # an int (never a bool) of at least "min", as built-in games' options
        metadata={"doc": "points a side needs to win the match", "rule": WhistRule.W7, "min": 1},
    )
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {"long_whist": {"target": 9}}


@attrs.frozen(weakref_slot=False)  # the layer then builds states by plain attribute stores
class WhistState(TrickState[Card]):
    """A Whist state; its contract is the turned-up card, whose suit is trump (W2)."""


@attrs.frozen
class WhistView(TrickView[Card]):
    """What one seat knows: its own hand and everything public (the turned-up card too)."""

    @property
    def turn_up(self) -> Card | None:
        """The dealer's turned-up card (W2), ``None`` before the deal."""
        return self.contract


class WhistGame(TrickGameBase[WhistState, Play, WhistView, Card]):
    """Partnership Whist on the Game protocol: the plain trick game with a turned-up trump."""

    name = "whist"
    num_players = 4
    deck = DECK
    teams = Partnership.opposite(4)
    hand_scale = 7  # W6: at most 7 points a hand
    state_type = WhistState  # GameBase checks states, views, seats and rngs against these
    view_type = WhistView
    rulebook = WHIST_RULES  # the docs, `cardrules rules whist` and the errors quote it
    rule_ids = TrickRuleIds(cards=WhistRule.W1, deal=WhistRule.W2, turn=WhistRule.W3,
                            follow=WhistRule.W4, end=WhistRule.W7)  # fmt: skip

    def __init__(self, rules: WhistRules | None = None) -> None:
        super().__init__(rules or WhistRules())
        self.rules: WhistRules

    def start_contract(self, order: tuple[int, ...], dealer: int) -> Card:
        return DECK.cards[order[-1]]  # W2: the dealer's own last card is turned up

    def trump(self, contract: Card) -> Suit | None:
        return contract.suit

    def pinned_cards(self, view: WhistView) -> Mapping[int, int]:
        """W2: until the dealer plays it, the turned-up card is in the dealer's hand."""
        up = view.contract
        played = [c for _, trick in view.tricks for c in trick] + list(view.trick)
        if up is None or view.dealer is None or up in played:
            return {}
        return {DECK.index(up): view.dealer}

    def match_score(self) -> MatchScore:
        return MatchScore.start(teams=2, target=self.rules.target)  # W7

    def score_hand(self, contract: Card, play: TrickPlay, score: MatchScore) -> tuple[int, ...]:
        taken = play.taken
        return hand_points(taken[0] + taken[2], taken[1] + taken[3])


def hand_points(team0_tricks: int, team1_tricks: int) -> tuple[int, int]:
    """W6: a side scores one point per trick over six.

    >>> hand_points(9, 4), hand_points(6, 7)
    ((3, 0), (0, 1))
    """
    return (max(0, team0_tricks - 6), max(0, team1_tricks - 6))


def make_game(**options: Any) -> WhistGame:
    """The entry-point factory: ``make_game(target=9)`` or ``make_game(preset="long_whist")``."""
    preset = options.pop("preset", None)
    rules = WhistRules.preset(preset, **options) if preset else WhistRules.from_dict(options)
    return WhistGame(rules)

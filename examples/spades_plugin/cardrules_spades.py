"""Partnership Spades as a cardrules plugin, with the rules of OpenSpiel's ``spades`` game.

Nobody here wrote these rules: they are OpenSpiel's, and a test plays this game against
OpenSpiel's move for move. The plugin stands on the core only: the plain trick game of
:class:`~cardrules.trickgame.TrickGameBase` (the deal, the card play on
:class:`~cardrules.TrickPlay`, views, sampling, the match), with its own rules as hooks — the
rank order (spades trump), the lead rule (:func:`~cardrules.lead_avoiding` over
:func:`~cardrules.must_follow`), the bidding (:class:`~cardrules.BidRound`), the score
(:class:`~cardrules.MatchScore` with a mercy floor, and :func:`hand_points`). Its rule ids
S1–S11 are a :class:`SpadesRule` with a registered book, :data:`SPADES_RULES`.

>>> game = make_game()
>>> s = game.new_hand(dealer=3)
>>> s = game.apply(s, game.sample_chance(s, random.Random(1)))
>>> game.to_move(s), [game.format_action(a) for a in game.legal_actions(s)][:3]
(0, ['bid nil', 'bid 1', 'bid 2'])
>>> hand_points(bids=(3, 4, 0, 5), taken=(5, 5, 1, 2), scores=(0, 0))
(-67, -90)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

import attrs

from cardrules import (
    BidRound,
    FollowRule,
    IllegalActionError,
    MatchScore,
    Partnership,
    RulesConfig,
    RulesError,
    Suit,
    SuitOrder,
    TrickPlay,
    get_deck,
    lead_avoiding,
    must_follow,
)
from cardrules.rulebook import Rule, RuleBook, RuleId, Source, register_rulebook
from cardrules.trickgame import Play, TrickGameBase, TrickRuleIds, TrickState, TrickView

__all__ = ["SPADES_RULES", "Bid", "Play", "SpadesGame", "SpadesRule", "SpadesRules",
           "SpadesState", "SpadesView", "hand_points", "make_game"]  # fmt: skip

TEAMS: Final = Partnership.opposite(4)


class SpadesRule(RuleId):
    """The ids of the Spades rules."""

    S1 = "S1"
    S2 = "S2"
    S3 = "S3"
    S4 = "S4"
    S5 = "S5"
    S6 = "S6"
    S7 = "S7"
    S8 = "S8"
    S9 = "S9"
    S10 = "S10"
    S11 = "S11"


SPADES_RULES: Final = register_rulebook(RuleBook(
    game="spades",
    rules=(
        Rule(SpadesRule.S1, "players and cards", "Four players, partners sitting opposite; one pack of 52."),
        Rule(SpadesRule.S2, "the deal", "The dealer gives every card, one at a time, starting with "
             "the player on their left; 13 each.", ("OpenSpiel",)),
        Rule(SpadesRule.S3, "the bidding", "From the dealer's left, each player bids once how many "
             "tricks they will take, from Nil (none) to 13; partners together bid at most 13.",
             ("OpenSpiel",)),
        Rule(SpadesRule.S4, "turn order", "The first bidder leads the first trick; play goes "
             "clockwise and each trick's winner leads the next."),
        Rule(SpadesRule.S5, "leading spades", "A spade may be led only by a player who holds nothing "
             "but spades: in these rules spades are never 'broken'.", ("OpenSpiel",)),
        Rule(SpadesRule.S6, "follow suit", "A player who can follow the suit led must; otherwise "
             "any card may be played."),
        Rule(SpadesRule.S7, "the trick's winner", "The highest spade wins the trick, or else the "
             "highest card of the suit led; aces rank high."),
        Rule(SpadesRule.S8, "the contract", "Partners add their bids. Taking at least that many "
             "tricks scores ten a bid trick and one a trick over (a 'bag'); fewer loses ten a bid "
             "trick.", ("OpenSpiel",)),
        Rule(SpadesRule.S9, "nil", "A Nil bidder who takes no trick wins 100 for the side, else the "
             "side loses 100; the Nil bidder's tricks still count for the partner's bid.",
             ("OpenSpiel",)),
        Rule(SpadesRule.S10, "bags", "The last digit of a side's score counts its bags (towards "
             "zero for a negative score); each time a hand carries it to ten or more, the side "
             "loses 100 per ten.", ("OpenSpiel",)),
        Rule(SpadesRule.S11, "the game", "A side at or over the winning score and above the other "
             "wins; with the mercy rule, a side at or under the mercy score and below the other "
             "loses. A single hand's return adds the bonus to a winner reaching the winning score "
             "and takes it from a loser by mercy.", ("OpenSpiel",),
             options=("win_threshold", "mercy_threshold", "use_mercy_rule", "win_or_loss_bonus")),
    ),
    sources=(Source("OpenSpiel", "OpenSpiel's spades game (google-deepmind/open_spiel)",
                    "https://github.com/google-deepmind/open_spiel"),),
))  # fmt: skip
"""The book of the Spades rules, registered so that errors can quote its titles."""


def _int_option(doc: str, default: int, **limits: int) -> Any:
    return attrs.field(default=default, metadata={"doc": doc, "rule": SpadesRule.S11, **limits})


@attrs.frozen
class SpadesRules(RulesConfig):
    """Spades options: OpenSpiel's game parameters, with its defaults (S11)."""

    win_threshold: int = _int_option("score that wins the game", 500, min=1)
    mercy_threshold: int = _int_option("score at or under which a side loses (mercy rule)", -350)
    use_mercy_rule: bool = attrs.field(
        default=True,
        metadata={"doc": "whether the mercy score ends the game", "rule": SpadesRule.S11},
    )
    win_or_loss_bonus: int = _int_option("bonus to a single hand's return on a win", 200, min=0)

    def __attrs_post_init__(self) -> None:
        values = (self.win_threshold, self.mercy_threshold, self.win_or_loss_bonus)
        if not all(type(v) is int for v in values) or type(self.use_mercy_rule) is not bool:
            raise RulesError("the Spades thresholds and bonus are integers, use_mercy_rule a bool")
        if self.win_threshold < 1 or self.win_or_loss_bonus < 0:
            raise RulesError("win_threshold must be positive and win_or_loss_bonus not negative")
        if self.use_mercy_rule and self.mercy_threshold >= 0:
            raise RulesError(f"mercy_threshold must be negative, not {self.mercy_threshold}")


@attrs.frozen
class Bid:
    """Bid a number of tricks; 0 is Nil."""

    amount: int


@attrs.frozen(weakref_slot=False)  # the layer then builds states by plain attribute stores
class SpadesState(TrickState[BidRound]):
    """A Spades state; its contract is the round of bids (S3)."""


@attrs.frozen
class SpadesView(TrickView[BidRound]):
    """What one seat knows: its own hand, the hands' sizes, the bids and everything public."""


class SpadesGame(TrickGameBase[SpadesState, "Bid | Play", SpadesView, BidRound]):
    """Partnership Spades on the Game protocol; actions are numbered as OpenSpiel numbers them."""

    name = "spades"
    num_players = 4
    deck = get_deck("french52")
    teams = TEAMS
    state_type = SpadesState
    view_type = SpadesView
    rulebook = SPADES_RULES
    rule_ids = TrickRuleIds(cards=SpadesRule.S1, deal=SpadesRule.S2, turn=SpadesRule.S4,
                            follow=SpadesRule.S6, end=SpadesRule.S11, lead=SpadesRule.S5,
                            bidding=SpadesRule.S3)  # fmt: skip

    def __init__(self, rules: SpadesRules | None = None) -> None:
        super().__init__(rules or SpadesRules())
        self.rules: SpadesRules
        self._bids = tuple(Bid(n) for n in range(14))
        # A hand scores at most 130 + 200 (nils) + 13 bags, and loses at most that plus 200 of bags.
        self.hand_scale = 2 * (543 + self.rules.win_or_loss_bonus)

    def all_actions(self) -> tuple[Bid | Play, ...]:
        return (*self._plays, *self._bids)  # OpenSpiel's numbering: cards 0-51, then bids

    def format_action(self, action: Any) -> str:
        if isinstance(action, Bid):
            return f"bid {action.amount or 'nil'}"
        return super().format_action(action)

    def start_contract(self, order: tuple[int, ...], dealer: int) -> BidRound:
        return BidRound.start(num_players=4, first=(dealer + 1) % 4, maximum=13, teams=TEAMS,
                              team_maximum=13, rule=SpadesRule.S3)  # fmt: skip

    def bidding_to_move(self, contract: BidRound) -> int | None:
        return contract.to_move

    def bidding_actions(self, contract: BidRound) -> tuple[Bid, ...]:
        return tuple(self._bids[n] for n in contract.legal_bids())

    def bid(self, contract: BidRound, seat: int, action: object) -> BidRound:
        if not isinstance(action, Bid):
            raise IllegalActionError(SpadesRule.S3, "every player bids before the play")
        return contract.bid(seat, action.amount)

    def trump(self, contract: BidRound) -> Suit | None:
        return Suit.SPADES  # S7

    def follow_rule(self, order: SuitOrder) -> FollowRule:
        # S5 and S6: follow suit; lead a spade only from a hand of spades (never "broken").
        return lead_avoiding(must_follow(order), order.suit_mask(Suit.SPADES))

    def match_score(self) -> MatchScore:
        r = self.rules
        floor = r.mercy_threshold if r.use_mercy_rule else None
        return MatchScore.start(teams=2, target=r.win_threshold, rule="highest_over_target",
                                floor=floor)  # fmt: skip

    def score_hand(self, contract: BidRound, play: TrickPlay, score: MatchScore) -> tuple[int, ...]:
        return hand_points(tuple(b or 0 for b in contract.bids), play.taken, score.scores)

    def hand_outcome_points(self, points: tuple[int, ...], score: MatchScore) -> tuple[int, ...]:
        """S11: the bonus to a winner at the winning score, taken from a loser by mercy."""
        bonus, win = list(points), score.winner
        if win is not None:
            if score.scores[win] >= score.target:
                bonus[win] += self.rules.win_or_loss_bonus
            if score.floor is not None and score.scores[1 - win] <= score.floor:
                bonus[1 - win] -= self.rules.win_or_loss_bonus
        return tuple(bonus)


def hand_points(
    bids: Sequence[int], taken: Sequence[int], scores: Sequence[int]
) -> tuple[int, int]:
    """What each side scores for a hand (S8–S10), given the bids (0 = Nil), the tricks each seat
    took and the sides' scores before the hand (their last digits count the bags)."""
    points = []
    for side in (0, 1):
        seats = (side, side + 2)
        contract = bids[side] + bids[side + 2]
        over = taken[side] + taken[side + 2] - contract
        nils = sum(100 if taken[s] == 0 else -100 for s in seats if bids[s] == 0)  # S9
        if over < 0:
            points.append(nils - 10 * contract)  # S8: set
            continue
        bags = int(math.fmod(scores[side], 10)) + over  # S10: the last digit, towards zero
        points.append(nils + 10 * contract + over - 100 * int(bags / 10))
    return (points[0], points[1])


def make_game(**options: Any) -> SpadesGame:
    """The entry-point factory: ``make_game(win_threshold=300)``."""
    return SpadesGame(SpadesRules.from_dict(options))

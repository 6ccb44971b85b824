"""Partnership Spades as a cardrules plugin, with the rules of OpenSpiel's ``spades`` game.

Nobody here wrote these rules: they are OpenSpiel's, and a test plays this game against
OpenSpiel's move for move. The plugin stands on the core primitives only — the deck, the dealing,
the rank order (:func:`~cardrules.plain_order`, spades trump), the follow and lead rules
(:func:`~cardrules.must_follow`, :func:`~cardrules.lead_avoiding`), the card play
(:class:`~cardrules.TrickPlay`), the bidding (:class:`~cardrules.BidRound`) and the match score
(:class:`~cardrules.MatchScore` with a mercy floor). Its rule ids S1–S11 are a
:class:`SpadesRule` with a registered book, :data:`SPADES_RULES`.

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
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

import attrs

from cardrules import (
    CHANCE,
    BidRound,
    Card,
    ChooseDealer,
    Deal,
    GameBase,
    IllegalActionError,
    MatchScore,
    NotationError,
    Outcome,
    Partnership,
    RulesConfig,
    RulesError,
    SeenPlay,
    Suit,
    TrickPlay,
    deal_one_at_a_time,
    get_deck,
    iter_bits,
    lead_avoiding,
    must_follow,
    plain_order,
)
from cardrules.rulebook import Rule, RuleBook, RuleId, Source, register_rulebook

__all__ = ["SPADES_RULES", "Bid", "Play", "SpadesGame", "SpadesRule", "SpadesRules",
           "SpadesState", "SpadesView", "hand_points", "make_game"]  # fmt: skip

DECK: Final = get_deck("french52")
TEAMS: Final = Partnership.opposite(4)
ORDER: Final = plain_order(DECK, trump=Suit.SPADES)  # S7: spades trump, aces high
# S5 and S6: follow suit; lead a spade only from a hand of spades (spades are never "broken").
RULE: Final = lead_avoiding(must_follow(ORDER), ORDER.suit_mask(Suit.SPADES))
Phase = Literal["choose_dealer", "deal", "bid", "play", "over"]


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


@attrs.frozen
class Play:
    """Play one card."""

    card: Card


@attrs.frozen
class SpadesState:
    """A Spades state: the bidding, the card play (hands as bitmasks) and the match score."""

    phase: Phase
    dealer: int | None
    bidding: BidRound | None
    play: TrickPlay
    score: MatchScore
    single_hand: bool = False
    last_points: tuple[int, int] = (0, 0)  # the last hand's points, with any S11 bonus


@attrs.frozen
class SpadesView:
    """What one seat knows: its own hand, the hands' sizes and everything public."""

    seat: int
    phase: Phase
    dealer: int | None
    bids: tuple[int | None, ...]
    play: SeenPlay
    score: MatchScore
    single_hand: bool
    last_points: tuple[int, int]


_NO_PLAY: Final = TrickPlay.start((0, 0, 0, 0), 0)


class SpadesGame(GameBase[SpadesState, "Bid | Play", SpadesView]):
    """Partnership Spades on the Game protocol; actions are numbered as OpenSpiel numbers them."""

    name = "spades"
    num_players = 4
    deck = DECK
    state_type = SpadesState
    view_type = SpadesView
    rulebook = SPADES_RULES

    def __init__(self, rules: SpadesRules | None = None) -> None:
        super().__init__(rules or SpadesRules())
        self.rules: SpadesRules
        self._plays = tuple(Play(card) for card in DECK.cards)
        self._bids = tuple(Bid(n) for n in range(14))

    def all_actions(self) -> tuple[Bid | Play, ...]:
        return (*self._plays, *self._bids)  # OpenSpiel's numbering: cards 0-51, then bids

    def format_action(self, action: Any) -> str:
        if isinstance(action, Play):
            return f"play {action.card}"
        if isinstance(action, Bid):
            return f"bid {action.amount or 'nil'}"
        if isinstance(action, Deal | ChooseDealer):
            return self.format_chance(action)
        raise NotationError(f"not a Spades action: {action!r}")

    def new_match(self) -> SpadesState:
        return SpadesState("choose_dealer", None, None, _NO_PLAY, self._fresh_score())

    def new_hand(self, dealer: int | None = None) -> SpadesState:
        phase: Phase = "choose_dealer" if dealer is None else "deal"
        return SpadesState(phase, dealer, None, _NO_PLAY, self._fresh_score(), single_hand=True)

    def _fresh_score(self) -> MatchScore:
        r = self.rules
        floor = r.mercy_threshold if r.use_mercy_rule else None
        return MatchScore.start(
            teams=2, target=r.win_threshold, rule="highest_over_target", floor=floor
        )

    def to_move(self, state: SpadesState) -> int | None:
        return self._mover(state)

    def _mover(self, state: SpadesState) -> int | None:  # unchecked: apply's hot path calls it
        if state.phase in ("choose_dealer", "deal"):
            return CHANCE
        if state.phase == "bid":
            assert state.bidding is not None
            return state.bidding.to_move
        return state.play.to_move if state.phase == "play" else None

    def is_over(self, state: SpadesState) -> bool:
        return state.phase == "over"

    def legal_actions(self, state: SpadesState) -> tuple[Bid | Play, ...]:
        if state.phase == "bid":
            assert state.bidding is not None
            return tuple(self._bids[n] for n in state.bidding.legal_bids())
        if state.phase == "play":
            return tuple(self._plays[i] for i in iter_bits(state.play.legal(RULE)))
        return ()

    def out_of_turn_actions(self, state: SpadesState, seat: int) -> tuple[Bid | Play, ...]:
        return ()

    def sample_chance(self, state: SpadesState, rng: random.Random) -> Deal | ChooseDealer:
        if state.phase == "choose_dealer":
            return ChooseDealer(rng.randrange(4))
        if state.phase == "deal":
            return self.shuffle(rng)
        raise IllegalActionError(SpadesRule.S2, "this is not a chance state")

    def apply(self, state: SpadesState, action: Any, seat: int | None = None) -> SpadesState:
        to_move = self._mover(state)
        if to_move is None:
            raise IllegalActionError(SpadesRule.S11, "the game is over", action=action, seat=seat)
        actor = to_move if seat is None else seat
        if actor != to_move:
            who = "chance" if to_move == CHANCE else f"seat {to_move}"
            raise IllegalActionError(
                SpadesRule.S4, f"it is {who}'s turn", action=action, seat=actor
            )
        if to_move == CHANCE:
            return self._apply_chance(state, action)
        if state.phase == "bid":
            assert state.bidding is not None
            if not isinstance(action, Bid):
                raise self._refuse(
                    state, SpadesRule.S3, "every player bids before the play", action
                )
            bidding = state.bidding.bid(actor, action.amount)
            phase: Phase = "play" if bidding.is_over else "bid"
            return attrs.evolve(state, phase=phase, bidding=bidding)
        if not isinstance(action, Play) or type(action.card) is not Card or action.card not in DECK:
            raise self._refuse(state, SpadesRule.S1, "the action in play is Play(card)", action)
        card = DECK.index(action.card)
        if not state.play.hands[actor] >> card & 1:
            raise self._refuse(
                state, SpadesRule.S6, f"seat {actor} does not hold {action.card}", action
            )
        if not state.play.legal(RULE) >> card & 1:
            if state.play.led is None:
                raise self._refuse(
                    state, SpadesRule.S5, "lead a spade only from a hand of spades", action
                )
            raise self._refuse(state, SpadesRule.S6, "must follow the suit led", action)
        play = state.play.play(card, ORDER)
        if play.is_over:
            return self._end_hand(state, play)
        return SpadesState(state.phase, state.dealer, state.bidding, play, state.score,
                           state.single_hand, state.last_points)  # fmt: skip

    def _refuse(
        self, state: SpadesState, rule: SpadesRule, why: str, action: Any
    ) -> IllegalActionError:
        seat, legal = self.to_move(state), self.legal_actions(state)
        return IllegalActionError(rule, why, action=action, seat=seat, legal=legal)

    def _apply_chance(self, state: SpadesState, action: Any) -> SpadesState:
        if state.phase == "choose_dealer":
            if (
                not isinstance(action, ChooseDealer)
                or type(action.seat) is not int
                or not 0 <= action.seat < 4
            ):
                raise IllegalActionError(
                    SpadesRule.S2, "the first step is choosing a dealer (seat 0-3)", action=action
                )
            return attrs.evolve(state, phase="deal", dealer=action.seat)
        deal = self.check_deal(action, SpadesRule.S2)
        assert state.dealer is not None
        first = (state.dealer + 1) % 4
        hands, _, _ = deal_one_at_a_time(deal.order, 4, 13, first=first)
        masks = [sum(1 << c for c in hand) for hand in hands]
        bidding = BidRound.start(num_players=4, first=first, maximum=13, teams=TEAMS,
                                 team_maximum=13, rule=SpadesRule.S3)  # fmt: skip
        return attrs.evolve(state, phase="bid", bidding=bidding, play=TrickPlay.start(masks, first))

    def _end_hand(self, state: SpadesState, play: TrickPlay) -> SpadesState:
        assert state.bidding is not None
        assert state.dealer is not None
        bids = tuple(b or 0 for b in state.bidding.bids)
        points = hand_points(bids, play.taken, state.score.scores)
        score = state.score.add(points)
        over = state.single_hand or score.is_over
        dealer = state.dealer if over else (state.dealer + 1) % 4  # the deal passes to the left
        last = self._with_bonus(points, score)
        return SpadesState("over" if over else "deal", dealer, state.bidding, play, score,
                           state.single_hand, last)  # fmt: skip

    def _with_bonus(self, points: tuple[int, int], score: MatchScore) -> tuple[int, int]:
        """S11: the bonus to a winner at the winning score, taken from a loser by mercy."""
        bonus, win = list(points), score.winner
        if win is not None:
            if score.scores[win] >= score.target:
                bonus[win] += self.rules.win_or_loss_bonus
            if score.floor is not None and score.scores[1 - win] <= score.floor:
                bonus[1 - win] -= self.rules.win_or_loss_bonus
        return (bonus[0], bonus[1])

    def outcome(self, state: SpadesState) -> Outcome | None:
        if state.phase != "over":
            return None
        return (
            self._hand_outcome(state.last_points)
            if state.single_hand
            else Outcome.for_match(TEAMS, state.score)
        )

    def _hand_outcome(self, points: tuple[int, int]) -> Outcome:
        # A hand scores at most 130 + 200 (nils) + 13 bags, and loses at most that plus 200 of bags.
        return Outcome.for_hand(TEAMS, points, scale=2 * (543 + self.rules.win_or_loss_bonus))

    def view(self, state: SpadesState, seat: int) -> SpadesView:
        bids = state.bidding.bids if state.bidding is not None else (None,) * 4
        seen = state.play.seen_by(seat, DECK)
        return SpadesView(seat, state.phase, state.dealer, bids, seen, state.score,
                          state.single_hand, state.last_points)  # fmt: skip

    def sample_state(self, view: SpadesView, rng: random.Random) -> SpadesState:
        bidding = None
        if view.dealer is not None and (view.phase == "bid" or view.bids != (None,) * 4):
            # Between two hands the deal has passed on: the bids are the last dealer's hand's.
            first = view.dealer if view.phase == "deal" else (view.dealer + 1) % 4
            bidding = BidRound(4, first, 0, 13, view.bids, TEAMS, 13, SpadesRule.S3)
        return SpadesState(view.phase, view.dealer, bidding, view.play.sample(ORDER, rng),
                           view.score, view.single_hand, view.last_points)  # fmt: skip

    def card_zones(self, state: SpadesState) -> Mapping[str, Sequence[Card]]:
        zones = state.play.card_zones(DECK)
        zones["undealt"] = list(DECK.cards) if state.play == _NO_PLAY else []
        return zones

    def rollout(self, state: SpadesState, rng: random.Random) -> Outcome:
        """Random play to the end of the hand: the bidding and play steps in a loop."""
        if state.phase == "deal" and state.play.is_over:  # between two hands of a match
            return self._hand_outcome(state.last_points)
        while state.phase in ("choose_dealer", "deal"):
            state = self.apply(state, self.sample_chance(state, rng))
        if state.phase == "over":
            return self._hand_outcome(state.last_points)
        bidding = state.bidding
        assert bidding is not None
        while (seat := bidding.to_move) is not None:
            legal = bidding.legal_bids()
            bidding = bidding.bid(seat, legal[rng.randrange(len(legal))])
        play = state.play.rollout(RULE, ORDER, rng)
        bids = tuple(b or 0 for b in bidding.bids)
        points = hand_points(bids, play.taken, state.score.scores)
        return self._hand_outcome(self._with_bonus(points, state.score.add(points)))


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

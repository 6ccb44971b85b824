"""A plain partnership Whist, written as a third-party cardrules plugin.

It is the reference game of the core: built only from cardrules primitives (deck, dealing, rank
order, follow rule, trick winner, match score, constrained sampling, records), registered through
the ``cardrules.games`` entry point of its own ``pyproject.toml``, and checked with
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
>>> game.to_move(s), len(game.legal_actions(s))
(0, 13)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Literal

import attrs

from cardrules import (
    CHANCE,
    Card,
    CardSet,
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
    Suit,
    SuitOrder,
    TrickPlay,
    deal_one_at_a_time,
    get_deck,
    iter_bits,
    must_follow,
    plain_order,
)
from cardrules.rulebook import Rule, RuleBook, RuleId, Source, register_rulebook

__all__ = [
    "WHIST_RULES",
    "Play",
    "WhistGame",
    "WhistRule",
    "WhistRules",
    "WhistState",
    "WhistView",
    "make_game",
]

DECK: Final = get_deck("french52")
TEAMS: Final = Partnership.opposite(4)
Phase = Literal["choose_dealer", "deal", "play", "over"]
_DEFAULT_SCORE: Final = MatchScore.start(teams=2, target=5)


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
        metadata={"doc": "points a side needs to win the match", "rule": WhistRule.W7, "min": 1},
    )
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {"long_whist": {"target": 9}}

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.target, int) or self.target < 1:
            raise RulesError(f"target must be a positive integer, not {self.target!r}")


@attrs.frozen
class Play:
    """Play one card."""

    card: Card


@attrs.frozen
class WhistState:
    """A Whist state. Hands are bitmasks over ``french52``; tricks are tuples of card indices."""

    phase: Phase
    to_move: int | None
    dealer: int | None
    hands: tuple[int, ...] = (0, 0, 0, 0)
    trump: Suit | None = None
    turn_up: int = -1
    leader: int = 0
    trick: tuple[int, ...] = ()
    tricks: tuple[tuple[int, tuple[int, ...]], ...] = ()
    won: tuple[int, int] = (0, 0)
    score: MatchScore = _DEFAULT_SCORE
    single_hand: bool = False
    last_points: tuple[int, int] = (0, 0)


@attrs.frozen
class WhistView:
    """What one seat knows: its own hand and everything public."""

    seat: int
    phase: Phase
    to_move: int | None
    dealer: int | None
    hand: CardSet
    hand_sizes: tuple[int, ...]
    trump: Suit | None
    turn_up: Card | None
    turn_up_played: bool
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    won: tuple[int, int]
    score: MatchScore
    single_hand: bool
    last_points: tuple[int, int]


class WhistGame(GameBase[WhistState, Play, WhistView]):
    """Partnership Whist on the Game protocol."""

    name = "whist"
    num_players = 4
    deck = DECK
    state_type = WhistState  # GameBase checks states, views, seats and rngs against these
    view_type = WhistView
    rulebook = WHIST_RULES  # the docs, `cardrules rules whist` and the errors quote it

    def __init__(self, rules: WhistRules | None = None) -> None:
        super().__init__(rules or WhistRules())
        self.rules: WhistRules
        self._orders: dict[Suit | None, SuitOrder] = {}
        self._plays = tuple(Play(card) for card in DECK.cards)

    # -- the encoding -------------------------------------------------------------------------
    def all_actions(self) -> tuple[Play, ...]:
        return self._plays

    def format_action(self, action: Any) -> str:
        if isinstance(action, Play):
            return f"play {action.card}"
        if isinstance(action, Deal | ChooseDealer):
            return self.format_chance(action)
        raise NotationError(f"not a Whist action: {action!r}")

    # -- starting states ----------------------------------------------------------------------
    def new_match(self) -> WhistState:
        return WhistState("choose_dealer", CHANCE, None, score=self._fresh_score())

    def new_hand(self, dealer: int | None = None) -> WhistState:
        if dealer is None:
            return WhistState(
                "choose_dealer", CHANCE, None, score=self._fresh_score(), single_hand=True
            )
        return WhistState("deal", CHANCE, dealer, score=self._fresh_score(), single_hand=True)

    def _fresh_score(self) -> MatchScore:
        return MatchScore.start(teams=2, target=self.rules.target)

    # -- the protocol -------------------------------------------------------------------------
    def to_move(self, state: WhistState) -> int | None:
        return state.to_move

    def is_over(self, state: WhistState) -> bool:
        return state.phase == "over"

    def legal_actions(self, state: WhistState) -> tuple[Play, ...]:
        if state.phase != "play" or state.to_move is None:
            return ()
        mask = self._legal_mask(state, state.to_move)
        return tuple(self._plays[i] for i in iter_bits(mask))

    def out_of_turn_actions(self, state: WhistState, seat: int) -> tuple[Play, ...]:
        return ()

    def sample_chance(self, state: WhistState, rng: random.Random) -> Deal | ChooseDealer:
        if state.phase == "choose_dealer":
            return ChooseDealer(rng.randrange(4))
        if state.phase == "deal":
            return self.shuffle(rng)
        raise IllegalActionError(WhistRule.W2, "this is not a chance state")

    def _order(self, trump: Suit | None) -> SuitOrder:
        order = self._orders.get(trump)
        if order is None:
            order = self._orders[trump] = plain_order(DECK, trump=trump)
        return order

    def _legal_mask(self, state: WhistState, seat: int) -> int:
        rule = must_follow(self._order(state.trump))
        return rule(state.hands[seat], state.trick[0] if state.trick else None)

    def apply(self, state: WhistState, action: Any, seat: int | None = None) -> WhistState:
        if state.to_move is None:
            raise IllegalActionError(WhistRule.W7, "the game is over", action=action, seat=seat)
        actor = state.to_move if seat is None else seat
        if actor != state.to_move:
            who = "chance" if state.to_move == CHANCE else f"seat {state.to_move}"
            raise IllegalActionError(WhistRule.W3, f"it is {who}'s turn", action=action, seat=actor)
        if state.to_move == CHANCE:
            return self._apply_chance(state, action)
        if not isinstance(action, Play):
            raise self._refuse(state, WhistRule.W4, "the only action in play is Play(card)", action)
        if type(action.card) is not Card or action.card not in DECK:
            raise self._refuse(state, WhistRule.W1, f"{action.card} is not a Whist card", action)
        card = DECK.index(action.card)
        hand = state.hands[actor]
        if not hand >> card & 1:
            why = f"seat {actor} does not hold {action.card}"
            raise self._refuse(state, WhistRule.W4, why, action)
        if not self._legal_mask(state, actor) >> card & 1:
            led = DECK.cards[state.trick[0]].suit
            assert led is not None
            following = CardSet(DECK, hand & DECK.suit_masks[led])
            why = f"must follow {led.symbol} (holds {following})"
            raise self._refuse(state, WhistRule.W4, why, action)
        return self._play(state, actor, card)

    def _refuse(
        self, state: WhistState, rule: WhistRule, why: str, action: Any
    ) -> IllegalActionError:
        """The error for an illegal play, listing the legal plays (built only on this path)."""
        seat = state.to_move
        return IllegalActionError(
            rule, why, action=action, seat=seat, legal=self.legal_actions(state)
        )

    def _apply_chance(self, state: WhistState, action: Any) -> WhistState:
        if state.phase == "choose_dealer":
            if not isinstance(action, ChooseDealer) or type(action.seat) is not int:
                raise IllegalActionError(
                    WhistRule.W7, "the first step is choosing a dealer", action=action
                )
            if action.seat not in range(4):
                raise IllegalActionError(
                    WhistRule.W7, "the first step is choosing a dealer (seat 0-3)", action=action
                )
            return attrs.evolve(state, phase="deal", dealer=action.seat)
        deal = self.check_deal(action, WhistRule.W2)
        assert state.dealer is not None
        left = (state.dealer + 1) % 4
        hands, _, _ = deal_one_at_a_time(deal.order, 4, 13, first=left)
        turn_up = deal.order[-1]  # W2: the dealer's last card
        masks = tuple(sum(1 << c for c in hand) for hand in hands)
        return WhistState(
            "play",
            left,
            state.dealer,
            masks,
            DECK.cards[turn_up].suit,
            turn_up,
            left,
            (),
            (),
            (0, 0),
            state.score,
            state.single_hand,
            state.last_points,
        )

    def _play(self, state: WhistState, seat: int, card: int) -> WhistState:
        """``seat`` plays ``card``: the core's card play does the trick (W3, W5)."""
        play = _trick_play(state).play(card, self._order(state.trump))
        won = state.won
        if not play.trick:  # the trick was won: W6 counts it for the winner's side
            won = (won[0] + (play.leader % 2 == 0), won[1] + (play.leader % 2 == 1))
        if play.to_move is not None:
            return WhistState("play", play.to_move, state.dealer, play.hands, state.trump,
                              state.turn_up, play.leader, play.trick, play.tricks, won,
                              state.score, state.single_hand, state.last_points)  # fmt: skip
        points = hand_points(won[0], won[1])
        score = state.score.add(points)
        over = state.single_hand or score.is_over
        assert state.dealer is not None
        dealer = state.dealer if over else (state.dealer + 1) % 4  # W7: the deal passes left
        return WhistState("over" if over else "deal", None if over else CHANCE, dealer, play.hands,
                          state.trump, state.turn_up, play.leader, (), play.tricks, won, score,
                          state.single_hand, points)  # fmt: skip

    def outcome(self, state: WhistState) -> Outcome | None:
        if state.phase != "over":
            return None
        if state.single_hand:
            return _outcome(state.last_points)
        return Outcome.for_match(TEAMS, state.score)

    # -- information ---------------------------------------------------------------------------
    def view(self, state: WhistState, seat: int) -> WhistView:
        cards = DECK.cards
        played = any(state.turn_up in t for _, t in state.tricks) or state.turn_up in state.trick
        return WhistView(
            seat,
            state.phase,
            state.to_move,
            state.dealer,
            CardSet(DECK, state.hands[seat]),
            tuple(h.bit_count() for h in state.hands),
            state.trump,
            cards[state.turn_up] if state.turn_up >= 0 else None,
            played,
            state.leader,
            tuple(cards[c] for c in state.trick),
            tuple((lead, tuple(cards[c] for c in t)) for lead, t in state.tricks),
            state.won,
            state.score,
            state.single_hand,
            state.last_points,
        )

    def sample_state(self, view: WhistView, rng: random.Random) -> WhistState:
        tricks = tuple((lead, tuple(DECK.index(c) for c in t)) for lead, t in view.tricks)
        trick = tuple(DECK.index(c) for c in view.trick)
        turn_up = DECK.index(view.turn_up) if view.turn_up is not None else -1
        hands = tuple(view.hand.mask if s == view.seat else 0 for s in range(4))
        pinned = {}
        if turn_up >= 0 and not view.turn_up_played and view.dealer is not None:
            pinned[turn_up] = view.dealer  # W2: the turn-up is in the dealer's hand
        known = TrickPlay(hands, view.leader, trick, tricks, (0, 0, 0, 0))
        play = known.sample_hidden(view.seat, view.hand_sizes, self._order(view.trump), rng, pinned)
        return WhistState(view.phase, view.to_move, view.dealer, play.hands, view.trump, turn_up,
                          view.leader, trick, tricks, view.won, view.score, view.single_hand,
                          view.last_points)  # fmt: skip

    def card_zones(self, state: WhistState) -> Mapping[str, Sequence[Card]]:
        zones: dict[str, Sequence[Card]] = dict(_trick_play(state).card_zones(DECK))
        in_play = sum(len(z) for z in zones.values())
        zones["undealt"] = list(DECK.cards) if in_play == 0 else []
        return zones

    def rollout(self, state: WhistState, rng: random.Random) -> Outcome:
        """Random play to the end of the hand: the core's play step in a loop.

        Between two hands of a match (the next step deals), the hand that just ended is the answer.
        """
        if state.phase == "deal" and len(state.tricks) == 13:
            return _outcome(state.last_points)
        while state.phase in ("choose_dealer", "deal"):
            state = self.apply(state, self.sample_chance(state, rng))
        if state.phase == "over" or state.to_move is None:
            return _outcome(state.last_points)
        order = self._order(state.trump)
        taken = _trick_play(state).rollout(must_follow(order), order, rng).taken
        return _outcome(
            hand_points(state.won[0] + taken[0] + taken[2], state.won[1] + taken[1] + taken[3])
        )


def _trick_play(state: WhistState) -> TrickPlay:
    """The card play of ``state`` as the core's :class:`~cardrules.TrickPlay` (tricks counted anew)."""
    return TrickPlay(state.hands, state.leader, state.trick, state.tricks, (0, 0, 0, 0))


def hand_points(team0_tricks: int, team1_tricks: int) -> tuple[int, int]:
    """W6: a side scores one point per trick over six.

    >>> hand_points(9, 4), hand_points(6, 7)
    ((3, 0), (0, 1))
    """
    return (max(0, team0_tricks - 6), max(0, team1_tricks - 6))


def _outcome(points: tuple[int, int]) -> Outcome:
    return Outcome.for_hand(TEAMS, points, scale=7)  # W6: at most 7 points a hand


def make_game(**options: Any) -> WhistGame:
    """The entry-point factory: ``make_game(target=9)`` or ``make_game(preset="long_whist")``."""
    preset = options.pop("preset", None)
    rules = WhistRules.preset(preset, **options) if preset else WhistRules.from_dict(options)
    return WhistGame(rules)

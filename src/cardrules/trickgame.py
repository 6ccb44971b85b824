"""A base for plain trick-taking games: the deal, an optional bidding, the card play and the score.

Most trick games share everything but a few rules: a dealer is drawn, every card is dealt, the
players may bid, then each plays one card a trick, following suit, the winner leading the next;
the hand is scored and the deal passes to the left until a side wins the match.
:class:`TrickGameBase` owns all of that on the core primitives — the card play is a
:class:`~cardrules.tricks.TrickPlay`, the follow rule a :data:`~cardrules.tricks.FollowRule`,
views show a seat its own hand only and :meth:`~TrickGameBase.sample_state` deals the hidden
hands back within every void shown — and a game writes only its rules, as hooks:

* its rule ids (:class:`TrickRuleIds`), which every error cites;
* :meth:`~TrickGameBase.start_contract`: what the deal decides besides the hands (a turned-up
  trump card, a fresh round of bids) — the game's *contract* value, public by default;
* the bidding, if any: :meth:`~TrickGameBase.bidding_to_move`,
  :meth:`~TrickGameBase.bidding_actions` and :meth:`~TrickGameBase.bid`;
* the cards: :meth:`~TrickGameBase.trump`, and where plain suits do not do,
  :meth:`~TrickGameBase.rank_order` (bowers, a Bird) and :meth:`~TrickGameBase.follow_rule`
  (a lead restriction, a card always playable);
* the score: :meth:`~TrickGameBase.match_score` and :meth:`~TrickGameBase.score_hand`.

A game with a secret part of the contract (a buried kitty) or a deal that leaves cards out of the
hands overrides :meth:`~TrickGameBase.view`, :meth:`~TrickGameBase.sample_state` and
:meth:`~TrickGameBase.card_zones` as well. Group tricks (Voormsi's pairs) are outside this base.

A partnership game without trump or bidding, scoring a point a trick over six, is its rule ids,
its state and view classes, and three hooks:

>>> import attrs
>>> from cardrules.rulebook import RuleId
>>> class PlainRule(RuleId):
...     P1 = "P1"
...     P2 = "P2"
>>> @attrs.frozen
... class PlainState(TrickState[None]):
...     "A state of the plain game."
>>> @attrs.frozen
... class PlainView(TrickView[None]):
...     "A view of the plain game."
>>> class PlainGame(TrickGameBase[PlainState, Play, PlainView, None]):
...     name, num_players, deck = "plain", 4, get_deck("french52")
...     teams, hand_scale = Partnership.opposite(4), 7
...     state_type, view_type = PlainState, PlainView
...     rule_ids = TrickRuleIds(cards=PlainRule.P1, deal=PlainRule.P1, turn=PlainRule.P2,
...                             follow=PlainRule.P2, end=PlainRule.P1)
...     def start_contract(self, order, dealer): return None
...     def match_score(self): return MatchScore.start(teams=2, target=5)
...     def score_hand(self, contract, play, score):
...         return tuple(max(0, play.taken[t] + play.taken[t + 2] - 6) for t in (0, 1))
>>> game = PlainGame(None)
>>> s = game.apply(game.new_hand(dealer=3), game.shuffle(random.Random(1)))
>>> s.phase, game.to_move(s), len(game.legal_actions(s))
('play', 0, 13)
>>> game.outcome(game.apply(s, game.legal_actions(s)[0])) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, Literal, TypeVar, cast, final

import attrs

from cardrules.cards import Card, Suit
from cardrules.dealing import deal_one_at_a_time
from cardrules.decks import CardSet, iter_bits
from cardrules.errors import IllegalActionError, NotationError, RulesError, short_repr
from cardrules.game import (
    CHANCE,
    ChooseDealer,
    Deal,
    GameBase,
    GameConfig,
    Outcome,
    action_field_type_error,
)
from cardrules.ranking import SuitOrder, plain_order
from cardrules.rulebook import RuleId
from cardrules.scoring import MatchScore, Partnership
from cardrules.tricks import FollowRule, SeenPlay, TrickPlay, must_follow

__all__ = ["Phase", "Play", "TrickGameBase", "TrickRuleIds", "TrickState", "TrickView"]

Phase = Literal["choose_dealer", "deal", "bidding", "play", "over"]
"""Where a hand stands: a dealer to draw, a deal to make, bids to make, cards to play, or over."""

ContractT = TypeVar("ContractT")
"""The type of a game's contract (:meth:`TrickGameBase.start_contract`)."""
StateT = TypeVar("StateT", bound="TrickState[Any]")
ViewT = TypeVar("ViewT", bound="TrickView[Any]")
ActionT = TypeVar("ActionT")

_CHANCE_PHASES: Final = ("choose_dealer", "deal")


@final
@attrs.frozen
class Play:
    """Play one card: the card-play action of every :class:`TrickGameBase` game (``play 10H``).

    ``card`` is a :class:`~cardrules.Card`, checked when the action is built (whether the game's
    deck has it is the game's check):

    >>> Play("10H")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: Play.card must be a Card, not str '10H'
    """

    card: Card

    def __attrs_post_init__(self) -> None:
        if type(self.card) is not Card:
            raise action_field_type_error(Play, "card", "a Card", self.card)


@final
@attrs.frozen
class TrickRuleIds:
    """Which of a game's rules each error of :class:`TrickGameBase` cites.

    ``cards``: the pack (a card the game does not have); ``deal``: the deal and the first dealer;
    ``turn``: the turn order (a seat acting out of turn, or not playing a card in the play);
    ``follow``: following suit (and holding the card played); ``end``: the end of the game;
    ``lead``: a restriction on leading (Spades' unbroken spades), cited when a lead is refused —
    the follow rule when ``None``; ``bidding``: the bidding, cited for a refused bid.
    """

    cards: RuleId
    deal: RuleId
    turn: RuleId
    follow: RuleId
    end: RuleId
    lead: RuleId | None = None
    bidding: RuleId | None = None


@attrs.frozen
class TrickState(Generic[ContractT]):
    """A state of a :class:`TrickGameBase` game; each game subclasses it (so that the API edge
    tells its states from another game's) without adding fields.

    ``contract`` is the game's own record of what the deal and the bidding decided (the bids, a
    turned-up card, the trump), ``None`` before the deal; ``play`` the card play, hands as
    bitmasks (empty before the deal, finished between two hands); ``last_points`` what the last
    hand scored per side, as its outcome reports it; ``config`` the
    :class:`~cardrules.game.GameConfig` of the game that made it (a game refuses a state of
    another configuration).
    """

    phase: Phase
    to_move: int | None
    dealer: int | None
    contract: ContractT | None
    play: TrickPlay
    score: MatchScore
    single_hand: bool = False
    last_points: tuple[int, ...] = ()
    config: GameConfig = attrs.field(kw_only=True, repr=False)

    @property
    def hands(self) -> tuple[int, ...]:
        """Each seat's hand, as a bitmask over the game's deck."""
        return self.play.hands


@attrs.frozen
class TrickView(Generic[ContractT]):
    """What ``seat`` knows of a :class:`TrickState`: its own hand, every hand's size, the cards
    played and everything public (the contract, the score). Each game subclasses it, as the state.

    ``taken[s]`` counts the tricks seat ``s`` has won this hand; ``config`` is the state's
    (:meth:`~TrickGameBase.sample_state` refuses a view of another configuration).
    """

    seat: int
    phase: Phase
    to_move: int | None
    dealer: int | None
    contract: ContractT | None
    hand: CardSet
    hand_sizes: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    taken: tuple[int, ...]
    score: MatchScore
    single_hand: bool
    last_points: tuple[int, ...]
    config: GameConfig = attrs.field(kw_only=True, repr=False)

    def seen_play(self) -> SeenPlay:
        """The card play as this seat sees it (the core's :class:`~cardrules.tricks.SeenPlay`)."""
        return SeenPlay(
            self.seat, self.hand, self.hand_sizes, self.leader, self.trick, self.tricks, self.taken
        )


class TrickGameBase(GameBase[StateT, ActionT, ViewT], Generic[StateT, ActionT, ViewT, ContractT]):
    """The Game protocol for a plain trick game; a subclass sets the class attributes and writes
    the hooks (see the module docstring). ``ActionT`` is the type of the game's actions (its bids
    and :class:`Play`), ``ContractT`` the type of its contract.

    Class attributes to set: ``name``, ``num_players``, ``deck`` (distinct cards), ``teams`` (a
    :class:`~cardrules.scoring.Partnership`), ``hand_scale`` (the widest swing of a hand's points
    between two sides, which scales a single hand's returns into ``[-1, 1]``), ``state_type`` and
    ``view_type`` (the game's subclasses of :class:`TrickState` and :class:`TrickView`) and
    ``rule_ids`` (:class:`TrickRuleIds`).
    """

    teams: ClassVar[Partnership]
    rule_ids: ClassVar[TrickRuleIds]
    hand_scale: float
    _view_class: ClassVar[type[Any]] = object

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Views are built from the last TrickView subclass named as view_type: a subclass that
        # widens what the API edge accepts as a view (a test's wrapper) still gets real views.
        own = cls.__dict__.get("view_type")
        if isinstance(own, type) and issubclass(own, TrickView):
            cls._view_class = own

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        n = self.num_players
        if self.teams.num_players != n:
            raise RulesError(
                f"{self.name}: the teams cover {self.teams.num_players} seats, not {n}"
            )
        if type(self).deal_hands is TrickGameBase.deal_hands and len(self.deck) % n:
            raise RulesError(f"{self.name}: {len(self.deck)} cards do not deal evenly to {n}")
        # The game's action type includes Play: its cards are these.
        self._plays = cast(tuple[ActionT, ...], tuple(Play(card) for card in self.deck.cards))
        self._card_rules: dict[Suit | None, tuple[SuitOrder, FollowRule]] = {}
        self._no_play = TrickPlay.start((0,) * n, 0)

    # -- hooks: the game's rules --------------------------------------------------------------
    def start_contract(self, order: tuple[int, ...], dealer: int) -> ContractT:
        """The contract as the deal leaves it (``order`` is the shuffled deck, ``dealer`` the
        dealer's seat): a turned-up card, a fresh round of bids, or ``None`` for no contract."""
        raise NotImplementedError(f"{type(self).__name__} must define start_contract")

    def deal_hands(self, order: tuple[int, ...], dealer: int) -> Sequence[int]:
        """Each seat's hand (a bitmask) from the shuffled ``order``: by default every card, one
        at a time, clockwise from the dealer's left."""
        n = self.num_players
        hands, _, _ = deal_one_at_a_time(order, n, len(order) // n, first=(dealer + 1) % n)
        return [sum(1 << card for card in hand) for hand in hands]

    def bidding_to_move(self, contract: ContractT) -> int | None:
        """The seat to bid next, or ``None`` once the bidding is over (the default: no bidding)."""
        return None

    def bidding_actions(self, contract: ContractT) -> tuple[ActionT, ...]:
        """The bids the seat to move may make (the default: none)."""
        return ()

    def bid(self, contract: ContractT, seat: int, action: object) -> ContractT:
        """The contract after ``seat`` makes the bid ``action``; raise
        :class:`~cardrules.errors.IllegalActionError` for a bid that is not allowed."""
        raise IllegalActionError(self.rule_ids.bidding, "there is no bidding", action=action)

    def start_play(self, state: StateT) -> StateT:
        """The state as the card play begins, after the bidding: by default as it is (the dealer's
        left leads). A game whose declarer leads, or who takes a kitty, changes it here."""
        return state

    def trump(self, contract: ContractT) -> Suit | None:
        """The trump suit under ``contract`` (the default: no trump)."""
        return None

    def rank_order(self, trump: Suit | None) -> SuitOrder:
        """The rank order of a hand with ``trump``: by default every card in its own suit, aces
        high (:func:`~cardrules.ranking.plain_order`). It must depend on the trump only."""
        return plain_order(self.deck, trump=trump)

    def follow_rule(self, order: SuitOrder) -> FollowRule:
        """Which cards may be played: by default follow the suit led if able
        (:func:`~cardrules.tricks.must_follow`)."""
        return must_follow(order)

    def match_score(self) -> MatchScore:
        """The match score at the start of a match (target, win rule, any mercy floor)."""
        raise NotImplementedError(f"{type(self).__name__} must define match_score")

    def score_hand(
        self, contract: ContractT, play: TrickPlay, score: MatchScore
    ) -> tuple[int, ...]:
        """What each side scores for the finished ``play`` under ``contract``, ``score`` being the
        match score before the hand."""
        raise NotImplementedError(f"{type(self).__name__} must define score_hand")

    def hand_outcome_points(self, points: tuple[int, ...], score: MatchScore) -> tuple[int, ...]:
        """A hand's points as its single-hand outcome reports them, ``score`` being the match score
        after it: by default the points themselves (a game with a bonus for the match's end adds
        it here)."""
        return points

    # -- the protocol -------------------------------------------------------------------------
    def contract_of(self, state: StateT) -> ContractT:
        """The contract of a dealt hand (``None`` is also the contract of a game that has none:
        the phase, not the value, says whether the hand is dealt)."""
        return cast(ContractT, state.contract)

    def card_rules(self, contract: ContractT | None) -> tuple[SuitOrder, FollowRule]:
        """The rank order and follow rule of a hand under ``contract`` (built once per trump)."""
        trump = None if contract is None else self.trump(contract)
        found = self._card_rules.get(trump)
        if found is None:
            order = self.rank_order(trump)
            found = self._card_rules[trump] = (order, self.follow_rule(order))
        return found

    def all_actions(self) -> tuple[ActionT, ...]:
        """A card to play for each card of the deck, in deck order (a game adds its bids)."""
        return self._plays

    def format_action(self, action: Any) -> str:
        """``play 10H``, and the chance actions' notation; a game adds its bids' notation."""
        if isinstance(action, Play) and isinstance(action.card, Card):
            return f"play {action.card}"
        if isinstance(action, Deal | ChooseDealer):
            return self.format_chance(action)
        raise NotationError(f"not an action of {self.name}: {short_repr(action)}")

    def _new(self, phase: Phase, dealer: int | None, single_hand: bool) -> StateT:
        state: StateT = self.state_type(
            phase,
            CHANCE,
            dealer,
            None,
            self._no_play,
            self.match_score(),
            single_hand,
            (0,) * len(self.teams.teams),
            config=self.config,
        )
        return state

    def new_match(self) -> StateT:
        """The start of a match: the first dealer is drawn by chance."""
        return self._new("choose_dealer", None, False)

    def new_hand(self, dealer: int | None = None) -> StateT:
        """The start of a single hand dealt by ``dealer`` (``None``: drawn by chance)."""
        return self._new("choose_dealer" if dealer is None else "deal", dealer, True)

    def to_move(self, state: StateT) -> int | None:
        """The seat to bid or play, :data:`~cardrules.game.CHANCE`, or ``None`` when over."""
        return state.to_move

    def is_over(self, state: StateT) -> bool:
        """Whether the match (or the single hand) is over."""
        return state.phase == "over"

    def legal_actions(self, state: StateT) -> tuple[ActionT, ...]:
        """The bids, or the cards the follow rule allows, of the seat to move."""
        if state.phase == "play":
            _, rule = self.card_rules(state.contract)
            return tuple(self._plays[i] for i in iter_bits(state.play.legal(rule)))
        if state.phase == "bidding":
            return self.bidding_actions(self.contract_of(state))
        return ()

    def out_of_turn_actions(self, state: StateT, seat: int) -> tuple[ActionT, ...]:
        """None: in a plain trick game nobody acts out of turn."""
        return ()

    def sample_chance(self, state: StateT, rng: random.Random) -> Deal | ChooseDealer:
        """The first dealer, or a shuffled deck, drawn from ``rng``."""
        return self._chance(state, rng)

    def _chance(self, state: StateT, rng: random.Random) -> Deal | ChooseDealer:
        if state.phase == "choose_dealer":
            return ChooseDealer(rng.randrange(self.num_players))
        if state.phase == "deal":
            return self.shuffle(rng)
        raise IllegalActionError(self.rule_ids.deal, "this is not a chance state")

    def apply(self, state: StateT, action: Any, seat: int | None = None) -> StateT:
        """The state after ``action``; an illegal one raises
        :class:`~cardrules.errors.IllegalActionError` citing the game's rule (:class:`TrickRuleIds`)."""
        return self._step(state, action, seat)

    def _step(self, state: StateT, action: Any, seat: int | None) -> StateT:
        to_move = state.to_move
        if to_move is None:
            raise IllegalActionError(
                self.rule_ids.end, "the game is over", action=action, seat=seat
            )
        actor = to_move if seat is None else seat
        if actor != to_move:
            who = "chance" if to_move == CHANCE else f"seat {to_move}"
            raise IllegalActionError(
                self.rule_ids.turn, f"it is {who}'s turn", action=action, seat=actor
            )
        if to_move == CHANCE:
            return self._apply_chance(state, action)
        if state.phase == "bidding":
            return self._apply_bid(state, actor, action)
        ids = self.rule_ids
        if not isinstance(action, Play):
            raise self.refuse(state, ids.turn, f"seat {actor} plays a card now", action)
        card = action.card
        if type(card) is not Card or card not in self.deck:
            raise self.refuse(
                state, ids.cards, f"{short_repr(card)} is not a card of {self.name}", action
            )
        index = self.deck.index(card)
        hand = state.play.hands[actor]
        if not hand >> index & 1:
            raise self.refuse(state, ids.follow, f"seat {actor} does not hold {card}", action)
        order, rule = self.card_rules(state.contract)
        led = state.play.led
        if not rule(hand, led) >> index & 1:
            allowed = CardSet(self.deck, rule(hand, led))
            if led is None:
                why = f"{card} may not be led now (may lead {allowed})"
                raise self.refuse(state, ids.lead or ids.follow, why, action)
            suit = order.effective_suits[led]
            name = suit.symbol if suit is not None else str(self.deck.cards[led])
            raise self.refuse(state, ids.follow, f"must follow {name} (may play {allowed})", action)
        return self._after_card(state, state.play.play(index, order))

    def refuse(
        self, state: StateT, rule: RuleId | None, why: str, action: Any
    ) -> IllegalActionError:
        """The error refusing ``action`` at ``state`` under ``rule``, listing the legal actions."""
        shown = self._notation(action)
        return IllegalActionError(
            rule, why, action=shown, seat=state.to_move, legal=self.legal_actions(state)
        )

    def _notation(self, action: Any) -> Any:
        """``action`` in its notation for an error message, or itself when it has none."""
        try:
            return self.format_action(action)
        except Exception:  # a half-built or hostile action must not hide the real error
            return action

    def _apply_chance(self, state: StateT, action: Any) -> StateT:
        n, rule = self.num_players, self.rule_ids.deal
        if state.phase == "choose_dealer":
            if not isinstance(action, ChooseDealer) or type(action.seat) is not int:
                raise IllegalActionError(rule, "the first step is choosing a dealer", action=action)
            if not 0 <= action.seat < n:
                raise IllegalActionError(
                    rule, f"the dealer is a seat from 0 to {n - 1}", action=action
                )
            return attrs.evolve(state, phase="deal", dealer=action.seat)
        order, dealer = self.check_deal(action, rule).order, state.dealer
        assert dealer is not None  # a deal follows the choice of a dealer
        play = TrickPlay.start(self.deal_hands(order, dealer), (dealer + 1) % n)
        contract = self.start_contract(order, dealer)
        dealt = attrs.evolve(state, phase="bidding", contract=contract, play=play)
        return self._after_bid(dealt, contract)

    def _apply_bid(self, state: StateT, seat: int, action: Any) -> StateT:
        contract = self.contract_of(state)
        try:
            contract = self.bid(contract, seat, action)
        except IllegalActionError as exc:
            legal = self.bidding_actions(contract)
            raise IllegalActionError(
                exc.rule or self.rule_ids.bidding,
                exc.why,
                action=exc.action or self._notation(action),
                seat=seat,
                legal=legal,
            ) from None
        return self._after_bid(attrs.evolve(state, contract=contract), contract)

    def _after_bid(self, state: StateT, contract: ContractT) -> StateT:
        """The state after the deal or a bid: the next bidder's turn, or the play begins."""
        bidder = self.bidding_to_move(contract)
        if bidder is not None:
            return attrs.evolve(state, to_move=bidder)
        state = self.start_play(attrs.evolve(state, phase="play"))
        return attrs.evolve(state, to_move=state.play.to_move)

    def _play(self, state: StateT, seat: int, card: int) -> StateT:
        """``seat``, the seat to move, plays ``card`` (an index), unchecked, as
        :meth:`TrickPlay.play <cardrules.tricks.TrickPlay.play>`; the last card scores the hand."""
        if seat != state.play.to_move:
            raise RulesError(f"seat {seat} is not the seat to play")
        return self._after_card(state, state.play.play(card, self.card_rules(state.contract)[0]))

    def _after_card(self, state: StateT, play: TrickPlay) -> StateT:
        if play.to_move is None:
            return self._end_hand(state, play)
        new: StateT = self.state_type(
            state.phase,
            play.to_move,
            state.dealer,
            state.contract,
            play,
            state.score,
            state.single_hand,
            state.last_points,
            config=state.config,
        )
        return new

    def _end_hand(self, state: StateT, play: TrickPlay) -> StateT:
        """The hand is over: score it; the match goes on with the deal passing to the left."""
        contract, dealer = self.contract_of(state), state.dealer
        assert dealer is not None  # the play follows the deal
        points = self.score_hand(contract, play, state.score)
        score = state.score.add(points)
        over = state.single_hand or score.is_over
        last = self.hand_outcome_points(points, score)
        new: StateT = self.state_type(
            "over" if over else "deal",
            None if over else CHANCE,
            dealer if over else (dealer + 1) % self.num_players,
            contract,
            play,
            score,
            state.single_hand,
            last,
            config=state.config,
        )
        return new

    def outcome(self, state: StateT) -> Outcome | None:
        """A finished single hand's points, or a finished match's score; ``None`` before the end."""
        if state.phase != "over":
            return None
        if state.single_hand:
            return Outcome.for_hand(self.teams, state.last_points, scale=self.hand_scale)
        return Outcome.for_match(self.teams, state.score)

    def view(self, state: StateT, seat: int) -> ViewT:
        """What ``seat`` knows: its own hand and everything public, never another hand."""
        p = state.play.seen_by(seat, self.deck)
        view: ViewT = self._view_class(
            seat,
            state.phase,
            state.to_move,
            state.dealer,
            state.contract,
            p.hand,
            p.hand_sizes,
            p.leader,
            p.trick,
            p.tricks,
            p.taken,
            state.score,
            state.single_hand,
            state.last_points,
            config=state.config,
        )
        return view

    def pinned_cards(self, view: ViewT) -> Mapping[int, int]:
        """Hidden cards whose holder ``view`` knows, as card index → seat, for
        :meth:`sample_state` (the default: none)."""
        return {}

    def sample_state(self, view: ViewT, rng: random.Random) -> StateT:
        """A state ``view`` cannot tell from the true one: the hidden hands dealt at random within
        every void shown and :meth:`pinned_cards`."""
        order, _ = self.card_rules(view.contract)
        play = view.seen_play().sample(order, rng, self.pinned_cards(view))
        state: StateT = self.state_type(
            view.phase,
            view.to_move,
            view.dealer,
            view.contract,
            play,
            view.score,
            view.single_hand,
            view.last_points,
            config=self.config,
        )
        return state

    def card_zones(self, state: StateT) -> Mapping[str, Sequence[Card]]:
        """Each hand, the trick, the won cards, and the undealt deck before the deal."""
        zones: dict[str, Sequence[Card]] = dict(state.play.card_zones(self.deck))
        dealt = any(state.play.hands) or state.play.trick or state.play.tricks
        zones["undealt"] = [] if dealt else list(self.deck.cards)
        return zones

    def rollout(self, state: StateT, rng: random.Random) -> Outcome:
        """Random play to the end of the hand: the chance, bidding and card-play steps in a loop.

        Between two hands of a match (the next step deals), the hand that just ended is the answer.
        """
        if state.phase == "over" or (state.phase == "deal" and state.play.tricks):
            return Outcome.for_hand(self.teams, state.last_points, scale=self.hand_scale)
        while state.phase in _CHANCE_PHASES or state.phase == "bidding":
            if state.phase == "bidding":
                assert state.to_move is not None  # a seat bids
                bids = self.bidding_actions(self.contract_of(state))
                state = self._apply_bid(state, state.to_move, bids[rng.randrange(len(bids))])
            else:
                state = self._apply_chance(state, self._chance(state, rng))
        order, rule = self.card_rules(state.contract)
        end = self._end_hand(state, state.play.rollout(rule, order, rng))
        return Outcome.for_hand(self.teams, end.last_points, scale=self.hand_scale)

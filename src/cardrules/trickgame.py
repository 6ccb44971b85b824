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
  :meth:`~TrickGameBase.bidding_actions` and :meth:`~TrickGameBase.bid`, with the names of its
  steps (:meth:`~TrickGameBase.bidding_phase`) and a deal it voids or throws in
  (:meth:`~TrickGameBase.annulled`, :meth:`~TrickGameBase.thrown_in`);
* an exchange with a kitty, if any: :meth:`~TrickGameBase.exchanger` and the hooks after it
  (burials of one card or several, a bidding that goes on after the exchange);
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

import functools
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, Literal, TypeVar, cast, final

import attrs

from cardrules.cards import Card, Suit
from cardrules.dealing import deal_one_at_a_time
from cardrules.decks import CardSet, DeckSpec, iter_bits
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
from cardrules.states import slotted_builder, slotted_replacer
from cardrules.tricks import FollowRule, SeenPlay, TrickPlay, must_follow

__all__ = [
    "REVOKE_MODE",
    "STRICT_PLAY",
    "Bury",
    "Phase",
    "Play",
    "PlayVariant",
    "RevokeMode",
    "TrickGameBase",
    "TrickRuleIds",
    "TrickState",
    "TrickView",
]

Phase = Literal["choose_dealer", "deal", "bidding", "exchange", "play", "over"]
"""Where a hand stands: a dealer to draw, a deal to make, bids to make, cards to bury in exchange
for the kitty, cards to play, or over. A game may name its bidding and exchange phases its own way
(:meth:`TrickGameBase.bidding_phase`, :attr:`TrickGameBase.exchange_phase`: Rook's ``bury`` and
``trump``), so a state's ``phase`` is a ``str``."""

ContractT = TypeVar("ContractT")
"""The type of a game's contract (:meth:`TrickGameBase.start_contract`)."""
StateT = TypeVar("StateT", bound="TrickState[Any]")
ViewT = TypeVar("ViewT", bound="TrickView[Any]")
ActionT = TypeVar("ActionT")

_CHANCE_PHASES: Final = ("choose_dealer", "deal")
_CHUNK: Final = 12
"""Bits per chunk of the tables that list a hand's plays (4,096 tuples a chunk)."""
_build_play: Final = slotted_builder(TrickPlay)


@functools.cache
def _deck_plays(
    deck: DeckSpec,
) -> tuple[tuple[Play, ...], tuple[tuple[tuple[Play, ...], ...], ...], dict[int, int]]:
    """The interned plays of ``deck`` (one :class:`Play` per card index), the tables listing the
    plays of any mask in chunks of :data:`_CHUNK` bits (``chunks[k][m]``: the plays of the cards
    ``12k + i`` for each bit ``i`` of ``m``), and ``id(play) -> card index``.

    One copy per deck, shared by every game on it: the plays are values, the tables immutable,
    and the id map holds ids of objects the tuple keeps alive. A hand's legal plays are then a
    few tuple concatenations, with no cache that would grow with the masks met.
    """
    plays = tuple(Play(card) for card in deck.cards)
    chunks = []
    for start in range(0, len(plays), _CHUNK):
        part = plays[start : start + _CHUNK]
        chunks.append(
            tuple(
                tuple(part[i] for i in range(len(part)) if m >> i & 1)
                for m in range(1 << len(part))
            )
        )
    return plays, tuple(chunks), {id(play): card for card, play in enumerate(plays)}


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


class PlayVariant:
    """How the card play treats a held card that breaks the follow rule: a strategy object, one
    per game (:attr:`TrickGameBase.play_variant`), so that every trick game switches between
    strict play and revoke mode the same way.

    :data:`STRICT_PLAY` (the default) refuses the card, citing the follow rule; :data:`REVOKE_MODE`
    lets any held card be played, as at a real table, and has the game record the revoke
    (:meth:`TrickGameBase.record_revoke`) to be claimed or corrected later. A variant of one's own
    that widens :meth:`playable` must also say, in :meth:`off_suit`, what playing those cards
    does: the layer refuses a card its follow rule does not allow unless ``off_suit`` accepts it.
    One whose answer depends on the state (a seat that must now play properly, having corrected a
    revoke) overrides :meth:`playable_at`, which the layer asks, and refuses in ``off_suit``.
    """

    name: ClassVar[str] = "strict"

    def playable(self, hand: int, allowed: int) -> int:
        """The cards of ``hand`` a seat may play when the follow rule allows ``allowed``."""
        return allowed

    def playable_at(
        self, game: TrickGameBase[Any, Any, Any, Any], state: Any, seat: int, allowed: int
    ) -> int:
        """The cards ``seat`` (to move at ``state``, in the card play) may play when the follow
        rule allows ``allowed``: by default :meth:`playable` of its hand."""
        return self.playable(state.play.hands[seat], allowed)

    def off_suit(
        self, game: TrickGameBase[Any, Any, Any, Any], state: Any, seat: int, card: int
    ) -> Any:
        """The contract after ``seat`` plays ``card`` (held, but not allowed by the follow rule)
        at ``state``; strict play refuses it."""
        raise game.follow_error(state, seat, card)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


class RevokeMode(PlayVariant):
    """Revoke mode: any held card may be played; one that breaks the follow rule is a revoke the
    game records (:meth:`TrickGameBase.record_revoke`)."""

    name: ClassVar[str] = "revoke"

    def playable(self, hand: int, allowed: int) -> int:
        """Every held card, whatever the follow rule allows."""
        return hand

    def off_suit(
        self, game: TrickGameBase[Any, Any, Any, Any], state: Any, seat: int, card: int
    ) -> Any:
        """The contract with the revoke recorded by the game (:meth:`TrickGameBase.record_revoke`)."""
        return game.record_revoke(game.contract_of(state), seat, card, state.play)


STRICT_PLAY: Final = PlayVariant()
"""Strict play: a card the follow rule does not allow is refused."""
REVOKE_MODE: Final = RevokeMode()
"""Revoke mode: any held card may be played; revokes are recorded by the game."""


@final
@attrs.frozen
class _PlayTables:
    """What the card play of one trump needs, built once: the follow rule, the order's follow
    table (``None`` where the game has its own follow rule, which is then called) and its
    trick-winner keys (:meth:`~cardrules.ranking.SuitOrder.win_keys`)."""

    rule: FollowRule
    follow: tuple[int, ...] | None
    win_keys: tuple[tuple[int, ...], ...]


def _fused_play(play: TrickPlay, tables: _PlayTables, rng: random.Random) -> TrickPlay:
    """Random strict play of ``play`` to its end on local lists and the order's tables: what
    :meth:`TrickPlay.rollout` gives for the same generator (each card drawn as
    ``legal[rng.randrange(len(legal))]`` from the legal cards, lowest index first, as stepping
    draws from ``legal_actions``), without a value per card."""
    hands = list(play.hands)
    n, out, leader = len(hands), play.out, play.leader
    active = n - out.bit_count()
    trick, tricks, taken = list(play.trick), list(play.tricks), list(play.taken)
    follow, rule, keys_by_led = tables.follow, tables.rule, tables.win_keys
    randrange = rng.randrange
    seat = play.to_move
    while seat is not None:
        hand = hands[seat]
        if follow is not None:
            mask = hand & follow[trick[0]] or hand if trick else hand
        else:
            mask = rule(hand, trick[0] if trick else None)
        options = []
        while mask:
            low = mask & -mask
            options.append(low.bit_length() - 1)
            mask ^= low
        card = options[randrange(len(options))]
        hands[seat] = hand & ~(1 << card)
        trick.append(card)
        if len(trick) < active:
            seat = (seat + 1) % n
            while out >> seat & 1:
                seat = (seat + 1) % n
            continue
        keys = keys_by_led[trick[0]]
        position, best = 0, keys[trick[0]]
        for k in range(1, len(trick)):
            if keys[trick[k]] > best:
                position, best = k, keys[trick[k]]
        winner = leader
        for _ in range(position):
            winner = (winner + 1) % n
            while out >> winner & 1:
                winner = (winner + 1) % n
        taken[winner] += 1
        tricks.append((leader, tuple(trick)))
        leader, trick = winner, []
        seat = winner if any(h for s, h in enumerate(hands) if not out >> s & 1) else None
    return TrickPlay(tuple(hands), leader, tuple(trick), tuple(tricks), tuple(taken), out)


@final
@attrs.frozen
class Bury:
    """Bury one card in the kitty: the action of a seat exchanging with the kitty
    (:meth:`TrickGameBase.exchanger`), ``bury 10H``; checked when built, as :class:`Play`."""

    card: Card

    def __attrs_post_init__(self) -> None:
        if type(self.card) is not Card:
            raise action_field_type_error(Bury, "card", "a Card", self.card)


@final
@attrs.frozen
class TrickRuleIds:
    """Which of a game's rules each error of :class:`TrickGameBase` cites.

    ``cards``: the pack (a card the game does not have); ``deal``: the deal and the first dealer;
    ``turn``: the turn order (a seat acting out of turn, or not playing a card in the play);
    ``follow``: following suit (and holding the card played); ``end``: the end of the game;
    ``lead``: a restriction on leading (Spades' unbroken spades), cited when a lead is refused —
    the follow rule when ``None``; ``bidding``: the bidding, cited for a refused bid;
    ``exchange``: the exchange with the kitty, cited for a refused :class:`Bury`.
    """

    cards: RuleId
    deal: RuleId
    turn: RuleId
    follow: RuleId
    end: RuleId
    lead: RuleId | None = None
    bidding: RuleId | None = None
    exchange: RuleId | None = None


@attrs.frozen(weakref_slot=False)
class TrickState(Generic[ContractT]):
    """A state of a :class:`TrickGameBase` game; each game subclasses it (so that the API edge
    tells its states from another game's), and may add fields of its own, each with a default: the
    layer carries them from state to state, and the game sets them in
    :meth:`~TrickGameBase.hand_ended`, :meth:`~TrickGameBase.extend_sample` or its other hooks.

    ``contract`` is the game's own record of what the deal and the bidding decided (the bids, a
    turned-up card, the trump), ``None`` before the deal; ``play`` the card play, hands as
    bitmasks (empty before the deal, finished between two hands); ``last_points`` what the last
    hand scored per side, as its outcome reports it; ``kitty`` the mask of the cards dealt to no
    hand (a kitty, a nest; secret) and ``buried`` those of them the exchanging seat buried
    (:meth:`TrickGameBase.exchanger`); ``config`` the :class:`~cardrules.game.GameConfig` of the
    game that made it (a game refuses a state of another configuration).
    """

    phase: str
    to_move: int | None
    dealer: int | None
    contract: ContractT | None
    play: TrickPlay
    score: MatchScore
    single_hand: bool = False
    last_points: tuple[int, ...] = ()
    kitty: int = 0
    buried: int = 0
    config: GameConfig = attrs.field(kw_only=True, repr=False)

    @property
    def hands(self) -> tuple[int, ...]:
        """Each seat's hand, as a bitmask over the game's deck."""
        return self.play.hands


@attrs.frozen
class TrickView(Generic[ContractT]):
    """What ``seat`` knows of a :class:`TrickState`: its own hand, every hand's size, the cards
    played and everything public (the contract, the score). Each game subclasses it, as the state,
    and fills any field it adds in :meth:`~TrickGameBase.extend_view`.

    ``taken[s]`` counts the tricks seat ``s`` has won this hand; ``out`` is the mask of the seats
    sitting the hand out (public); ``kitty_size`` how many cards the kitty holds, ``buried_size``
    how many of them the exchanging seat buried (both public) and ``buried`` which (known to that
    seat only: empty for the others); ``config`` is the state's
    (:meth:`~TrickGameBase.sample_state` refuses a view of another configuration).
    """

    seat: int
    phase: str
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
    out: int = 0
    kitty_size: int = 0
    buried: tuple[Card, ...] = ()
    buried_size: int = 0
    config: GameConfig = attrs.field(kw_only=True, repr=False)

    def seen_play(self) -> SeenPlay:
        """The card play as this seat sees it (the core's :class:`~cardrules.tricks.SeenPlay`)."""
        return SeenPlay(
            self.seat,
            self.hand,
            self.hand_sizes,
            self.leader,
            self.trick,
            self.tricks,
            self.taken,
            self.out,
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
    play_variant: PlayVariant = STRICT_PLAY
    """How a held card that breaks the follow rule is treated (:class:`PlayVariant`); a game sets
    it, as a class attribute or in ``__init__`` from its rules."""
    exchange_phase: ClassVar[str] = "exchange"
    """The name of the exchange phase (:meth:`exchanger`; Euchre's ``discard``, Rook's ``bury``)."""
    _view_class: ClassVar[type[Any]] = object
    _build_state: Callable[..., StateT]

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
        if len(set(self.deck.cards)) != len(self.deck):
            # A card is an index and a trick's winner its highest key: twin cards would tie.
            raise RulesError(f"{self.name}: the trick-game layer needs a deck of distinct cards")
        if type(self).deal_hands is TrickGameBase.deal_hands and len(self.deck) % n:
            raise RulesError(f"{self.name}: {len(self.deck)} cards do not deal evenly to {n}")
        # The game's action type includes Play: its cards are these, interned per deck with the
        # tables that list the plays of a hand (see _deck_plays).
        plays, self._play_chunks, self._play_ids = _deck_plays(self.deck)
        self._plays = cast(tuple[ActionT, ...], plays)
        self._card_rules: dict[Suit | None, tuple[SuitOrder, FollowRule]] = {}
        self._play_tables: dict[Suit | None, _PlayTables] = {}
        # A game that keeps the plain follow rule plays from the order's follow table (a lookup
        # and two bit operations); one with its own rule calls it.
        self._plain_follow = type(self).follow_rule is TrickGameBase.follow_rule
        # Only a game with claims pays for asking about them on every step.
        self._has_claims = type(self).claims is not TrickGameBase.claims
        self._has_exchange = type(self).exchanger is not TrickGameBase.exchanger
        self._buries: tuple[Bury, ...] = tuple(Bury(card) for card in self.deck.cards)
        # How many cards a deal leaves out of the hands: the kitty's size after an exchange.
        dealt = self.deal_hands(tuple(range(len(self.deck))), 0)
        self._kitty_size = len(self.deck) - sum(hand.bit_count() for hand in dealt)
        self._no_play = TrickPlay.start((0,) * n, 0)
        # The engine's constructors, generated from the field lists (cardrules.states): a field
        # the game's state class adds is carried from state to state; it needs a default, which a
        # new match or hand starts from.
        base = {field.name for field in attrs.fields(TrickState)}
        for field in attrs.fields(self.state_type):
            if field.name not in base and field.default is attrs.NOTHING:
                raise RulesError(f"{self.name}: the state's own field {field.name} needs a default")
        self._build_state = slotted_builder(self.state_type)
        self._with_play: Callable[..., StateT] = slotted_replacer(
            self.state_type, ("to_move", "play")
        )
        self._bidding: Callable[..., StateT] = slotted_replacer(
            self.state_type, ("phase", "to_move", "contract")
        )
        self._ended: Callable[..., StateT] = slotted_replacer(
            self.state_type, ("phase", "to_move", "dealer", "play", "score", "last_points")
        )
        self._extends_view = type(self).extend_view is not TrickGameBase.extend_view
        self._extends_sample = type(self).extend_sample is not TrickGameBase.extend_sample
        self._ends_hand = type(self).hand_ended is not TrickGameBase.hand_ended

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

    def bidding_phase(self, contract: ContractT) -> str:
        """The name of the phase while :meth:`bidding_to_move` names a seat under ``contract``:
        ``"bidding"`` by default; a game whose bidding has steps of its own names them (Rook's
        ``"trump"`` call after the bury). Never a name the layer gives another phase."""
        return "bidding"

    def annulled(self, contract: ContractT) -> bool:
        """Whether the bidding, over, annuls the deal (everyone passed, a misdeal asked for): then
        nothing scores, the hand does not count and the cards are dealt again by
        :meth:`redeal_dealer`. The default: never."""
        return False

    def thrown_in(self, contract: ContractT) -> bool:
        """Whether the bidding, over, throws the hand in (everyone passed): the hand ends
        unplayed and counts, scored by :meth:`score_play` with no trick played (most games: no
        score), and the deal passes on as after a played hand. The default: never."""
        return False

    def redeal_dealer(self, contract: ContractT, dealer: int) -> int:
        """Who deals again after an :meth:`annulled` deal by ``dealer``: by default the next seat
        to the left."""
        return (dealer + 1) % self.num_players

    def exchanger(self, contract: ContractT) -> int | None:
        """The seat that exchanges with the kitty once the bidding is over (the declarer taking the
        nest, the dealer picking up the turned card), or ``None``: no exchange (the default). It
        takes :meth:`kitty_taken` into its hand, then buries as many cards — by default one
        :class:`Bury` at a time (:meth:`burials`) — before the play begins, or before the bidding
        goes on where :meth:`exchanged` asks for more bids."""
        return None

    def burials(self, contract: ContractT, hand: int) -> Sequence[ActionT]:
        """The burial actions of the exchanging seat holding ``hand`` (a mask), while cards are
        still to bury: by default one :class:`Bury` per card of :meth:`may_bury`. A game that
        buries several cards in one action lists its own actions here and reads them in
        :meth:`buried_by`."""
        buries = self._buries
        return cast(
            tuple[ActionT, ...], tuple(buries[c] for c in iter_bits(self.may_bury(contract, hand)))
        )

    def buried_by(self, action: object) -> int | None:
        """The mask of the cards ``action`` buries, or ``None`` if it is no burial of this game:
        by default a :class:`Bury`'s card. Called before the action is found among
        :meth:`burials`, so it must accept any value."""
        if type(action) is Bury and type(action.card) is Card and action.card in self.deck:
            return 1 << self.deck.index(action.card)
        return None

    def exchanged(self, contract: ContractT, buried: int) -> ContractT:
        """The contract once the exchanging seat has buried ``buried`` (a mask): by default as it
        is. A game whose bidding goes on after the exchange (a trump named once the nest is
        buried) returns a contract under which :meth:`bidding_to_move` names a seat again."""
        return contract

    def kitty_taken(self, contract: ContractT, kitty: int) -> int:
        """The cards of ``kitty`` (a mask) the exchanging seat takes into its hand: by default the
        whole kitty."""
        return kitty

    def may_bury(self, contract: ContractT, hand: int) -> int:
        """The cards of ``hand`` (a mask) the exchanging seat may bury: by default any."""
        return hand

    def score_play(self, state: StateT, play: TrickPlay) -> tuple[int, ...]:
        """What each side scores for the finished ``play`` at ``state`` (its contract, its
        kitty): by default :meth:`score_hand` of the contract, the play and the match score. A game
        whose kitty scores (a nest's counters to the last trick) overrides this one."""
        return self.score_hand(self.contract_of(state), play, state.score)

    def claims(self, state: StateT, seat: int) -> tuple[ActionT, ...]:
        """What ``seat`` may do at ``state`` whether or not it is its turn: a claim, a correction
        (the default: nothing). The seat to move finds these among its legal actions, any other
        seat in :meth:`out_of_turn_actions`; :meth:`claim` applies one."""
        return ()

    def claim(self, state: StateT, seat: int, action: Any) -> StateT:
        """The state after ``seat`` takes ``action``, one of its :meth:`claims`."""
        raise NotImplementedError(f"{type(self).__name__} lists claims but does not define claim")

    def record_revoke(
        self, contract: ContractT, seat: int, card: int, play: TrickPlay
    ) -> ContractT:
        """The contract after ``seat`` revokes — plays the held ``card`` (an index) although the
        follow rule does not allow it — at ``play`` (before the card is played); called in revoke
        mode (:data:`REVOKE_MODE`) only, for a game that keeps its revokes in its contract."""
        raise RulesError(f"{self.name} keeps no revokes: it needs record_revoke for revoke mode")

    def sitting_out(self, contract: ContractT) -> int:
        """The mask of the seats that sit the hand's play out under ``contract`` (a lone
        player's partner): skipped by the play, their cards kept (the default: nobody)."""
        return 0

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

    def hand_ended(self, state: StateT, ended: StateT) -> StateT:
        """The state once a hand is over (``ended``, the next deal's or the end of the game), from
        the ``state`` that ended it: by default as the layer made it. A game whose state class
        adds fields of its own (a count of the hands, a record of the last one) sets them here;
        the layer carries such fields unchanged from state to state otherwise."""
        return ended

    def extend_view(self, state: StateT, seat: int, view: ViewT) -> ViewT:
        """``seat``'s view with the fields the game's view class adds (as the layer made it they
        hold their defaults): by default as it is."""
        return view

    def extend_sample(self, view: ViewT, state: StateT) -> StateT:
        """A state sampled from ``view`` with the fields the game's state class adds, which the
        view shows (as the layer made it they hold their defaults): by default as it is."""
        return state

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

    def _tables(self, contract: ContractT | None) -> _PlayTables:
        """The play tables of a hand under ``contract`` (built once per trump)."""
        trump = None if contract is None else self.trump(contract)
        found = self._play_tables.get(trump)
        if found is None:
            order, rule = self.card_rules(contract)
            follow = order.follow_masks() if self._plain_follow else None
            found = self._play_tables[trump] = _PlayTables(rule, follow, order.win_keys())
        return found

    def _legal_mask(self, state: StateT) -> int:
        """The cards the seat to move may play (a play-phase state)."""
        play = state.play
        trick = play.trick
        tables = self._tables(state.contract)
        hand = play.hands[state.to_move]  # type: ignore[index]
        if tables.follow is not None:
            return hand & tables.follow[trick[0]] or hand if trick else hand
        return tables.rule(hand, trick[0] if trick else None)

    def all_actions(self) -> tuple[ActionT, ...]:
        """A card to play for each card of the deck, in deck order, then a card to bury for each
        in a game with an exchange (a game adds its bids)."""
        if self._has_exchange:
            return self._plays + cast(tuple[ActionT, ...], self._buries)
        return self._plays

    def format_action(self, action: Any) -> str:
        """``play 10H``, and the chance actions' notation; a game adds its bids' notation."""
        if isinstance(action, Play) and isinstance(action.card, Card):
            return f"play {action.card}"
        if isinstance(action, Bury) and isinstance(action.card, Card) and self._has_exchange:
            return f"bury {action.card}"
        if isinstance(action, Deal | ChooseDealer):
            return self.format_chance(action)
        raise NotationError(f"not an action of {self.name}: {short_repr(action)}")

    def _new(self, phase: str, dealer: int | None, single_hand: bool) -> StateT:
        state: StateT = self.state_type(
            phase,
            CHANCE,
            dealer,
            None,
            self._no_play,
            self.match_score(),
            single_hand,
            (0,) * len(self.teams.teams),
            0,
            0,
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
        if type(state) is not self.state_type or state.config is not self.config:
            self.check_state(state)
        return state.to_move

    to_move._edge_checked = True  # type: ignore[attr-defined]  # it checks inline

    def is_over(self, state: StateT) -> bool:
        """Whether the match (or the single hand) is over."""
        return state.phase == "over"

    def legal_actions(self, state: StateT) -> tuple[ActionT, ...]:
        """The bids, or the cards the follow rule allows, of the seat to move."""
        if type(state) is not self.state_type or state.config is not self.config:
            self.check_state(state)
        phase = state.phase
        if phase == "play":
            mask = self._legal_mask(state)
            if self.play_variant is not STRICT_PLAY:
                mask = self.play_variant.playable_at(self, state, state.to_move, mask)  # type: ignore[arg-type]
            # The interned plays of the mask, chunk by chunk (see _deck_plays).
            chunks = self._play_chunks
            found = chunks[0][mask & 4095]
            k = 1
            mask >>= _CHUNK
            while mask:
                found += chunks[k][mask & 4095]
                mask >>= _CHUNK
                k += 1
            plays = cast(tuple[ActionT, ...], found)
            if self._has_claims:
                return plays + self.claims(state, state.to_move)  # type: ignore[arg-type]
            return plays
        if phase == self.exchange_phase:
            hand = state.play.hands[state.to_move]  # type: ignore[index]
            burials = tuple(self.burials(self.contract_of(state), hand))
            if self._has_claims:
                return burials + self.claims(state, state.to_move)  # type: ignore[arg-type]
            return burials
        if phase in _CHANCE_PHASES or phase == "over":
            return ()
        bids = self.bidding_actions(self.contract_of(state))  # a bidding phase, by any name
        if self._has_claims:
            return (*bids, *self.claims(state, state.to_move))  # type: ignore[arg-type]
        return bids

    legal_actions._edge_checked = True  # type: ignore[attr-defined]  # it checks inline

    def out_of_turn_actions(self, state: StateT, seat: int) -> tuple[ActionT, ...]:
        """The :meth:`claims` of ``seat`` when it is not its turn (the mover finds its own among
        its legal actions); none in a plain trick game."""
        if seat == state.to_move or not self._has_claims or state.to_move is None:
            return ()
        return self.claims(state, seat)

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
        if type(state) is not self.state_type or state.config is not self.config:
            self.check_state(state)
        mover = state.to_move
        if seat is None or (type(seat) is int and seat == mover):
            # The fast path: one of the game's own interned plays, legal — a table lookup and a
            # bit test — played with the generated constructors. Anything else (a bid, a chance
            # step, an equal but not interned Play, an illegal card) takes the checked path.
            card = self._play_ids.get(id(action), -1)
            if card >= 0 and state.phase == "play":
                play = state.play
                hands, trick = play.hands, play.trick
                hand = hands[mover]  # type: ignore[index]
                tables = self._tables(state.contract)
                follow = tables.follow
                if follow is not None:
                    legal = hand & follow[trick[0]] or hand if trick else hand
                else:
                    legal = tables.rule(hand, trick[0] if trick else None)
                if legal >> card & 1:
                    return self._play_card(state, play, mover, card, tables.win_keys)  # type: ignore[arg-type]
        elif seat is not None:
            self.check_actor(state, seat, mover)
        return self._step(state, action, seat)

    apply._edge_checked = True  # type: ignore[attr-defined]  # it checks inline

    def _play_card(
        self,
        state: StateT,
        play: TrickPlay,
        seat: int,
        card: int,
        win_keys: tuple[tuple[int, ...], ...],
    ) -> StateT:
        """``seat`` (the seat to move) plays ``card`` (legal): :meth:`TrickPlay.play
        <cardrules.tricks.TrickPlay.play>` on the order's tables and the generated constructors."""
        hands = play.hands
        n = len(hands)
        out = play.out
        hands = (*hands[:seat], hands[seat] & ~(1 << card), *hands[seat + 1 :])
        trick = (*play.trick, card)
        leader = play.leader
        if len(trick) < (play.active if out else n):
            return self._with_play(
                state,
                play.seat_after(seat) if out else (seat + 1) % n,
                _build_play(hands, leader, trick, play.tricks, play.taken, out),
            )
        # The trick is complete: the card of the highest key wins (the first of equal ones).
        keys = win_keys[trick[0]]
        pos, best = 0, keys[trick[0]]
        for k in range(1, len(trick)):
            if keys[trick[k]] > best:
                pos, best = k, keys[trick[k]]
        winner = play.seat_at(leader, pos) if out else (leader + pos) % n
        taken = play.taken
        taken = (*taken[:winner], taken[winner] + 1, *taken[winner + 1 :])
        done = _build_play(hands, winner, (), (*play.tricks, (leader, trick)), taken, out)
        if done.is_over if out else not any(hands):
            return self._end_hand(state, done)
        return self._with_play(state, winner, done)

    def _step(self, state: StateT, action: Any, seat: int | None) -> StateT:
        to_move = state.to_move
        if to_move is None:
            raise IllegalActionError(
                self.rule_ids.end, "the game is over", action=action, seat=seat
            )
        actor = to_move if seat is None else seat
        if self._has_claims and actor != CHANCE and to_move != CHANCE:
            for allowed in self.claims(state, actor):
                if allowed == action:
                    return self.claim(state, actor, allowed)
        if actor != to_move:
            who = "chance" if to_move == CHANCE else f"seat {to_move}"
            # The seat learns only what it may do itself: its claims, never the mover's cards.
            mine = self.claims(state, actor) if self._has_claims and actor != CHANCE else ()
            raise IllegalActionError(
                self.rule_ids.turn, f"it is {who}'s turn", action=action, seat=actor, legal=mine
            )
        if to_move == CHANCE:
            return self._apply_chance(state, action)
        if state.phase == self.exchange_phase:
            return self._apply_bury(state, actor, action)
        if state.phase != "play":  # a bidding phase, by any name (bidding_phase)
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
        if not rule(hand, state.play.led) >> index & 1:
            contract = self.play_variant.off_suit(self, state, actor, index)  # strict: raises
            state = attrs.evolve(state, contract=contract)
        return self._after_card(state, state.play.play(index, order))

    def follow_error(self, state: StateT, seat: int, card: int) -> IllegalActionError:
        """The error refusing ``seat``'s ``card`` (an index, held) that the follow rule does not
        allow at ``state``, citing the rule and listing what the seat may play."""
        order, rule = self.card_rules(state.contract)
        ids, led = self.rule_ids, state.play.led
        allowed = CardSet(self.deck, rule(state.play.hands[seat], led))
        shown, action = self.deck.cards[card], self._plays[card]
        if led is None:
            why = f"{shown} may not be led now (may lead {allowed})"
            return self.refuse(state, ids.lead or ids.follow, why, action)
        suit = order.effective_suits[led]
        name = suit.symbol if suit is not None else str(self.deck.cards[led])
        return self.refuse(state, ids.follow, f"must follow {name} (may play {allowed})", action)

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
        hands = self.deal_hands(order, dealer)
        play = TrickPlay.start(hands, (dealer + 1) % n)
        kitty = self.deck.full_mask
        for hand in hands:
            kitty &= ~hand
        contract = self.start_contract(order, dealer)
        dealt = attrs.evolve(
            state, phase="bidding", contract=contract, play=play, kitty=kitty, buried=0
        )
        return self._after_bid(dealt, contract)

    def _apply_bury(self, state: StateT, seat: int, action: Any) -> StateT:
        """``seat`` buries cards in the kitty (:meth:`burials`); once the kitty is whole again,
        the contract takes the burial (:meth:`exchanged`) and the bidding goes on or the play
        begins."""
        rule = self.rule_ids.exchange or self.rule_ids.turn
        mask = self.buried_by(action)
        if mask is None:
            if isinstance(action, Bury) and (
                type(action.card) is not Card or action.card not in self.deck
            ):
                why = f"{short_repr(action.card)} is not a card of {self.name}"
                raise self.refuse(state, self.rule_ids.cards, why, action)
            raise self.refuse(state, rule, f"seat {seat} buries a card in the kitty now", action)
        contract = self.contract_of(state)
        hand = state.play.hands[seat]
        if action not in self.burials(contract, hand):
            allowed = CardSet(self.deck, self.may_bury(contract, hand))
            why = f"seat {seat} may not bury {CardSet(self.deck, mask)} (may bury {allowed})"
            raise self.refuse(state, rule, why, action)
        play = state.play
        hands = (*play.hands[:seat], hand & ~mask, *play.hands[seat + 1 :])
        state = attrs.evolve(
            state,
            play=attrs.evolve(play, hands=hands),
            kitty=state.kitty | mask,
            buried=state.buried | mask,
        )
        if state.kitty.bit_count() < self._kitty_size:
            return state
        after = self.exchanged(contract, state.buried)
        if after is not contract:
            state = attrs.evolve(state, contract=after)
        return self._after_bid(state, after)

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
        bidder = self.bidding_to_move(contract)
        if bidder is not None:  # the bidding goes on (most bids): one generated copy
            return self._bidding(state, self.bidding_phase(contract), bidder, contract)
        return self._after_bid(attrs.evolve(state, contract=contract), contract)

    def _after_bid(self, state: StateT, contract: ContractT) -> StateT:
        """The state after the deal or a bid: the next bidder's turn, or the play begins."""
        bidder = self.bidding_to_move(contract)
        if bidder is not None:
            return attrs.evolve(state, phase=self.bidding_phase(contract), to_move=bidder)
        if self.annulled(contract):
            # The deal is void: nothing scores, the hand does not count, the cards are dealt again.
            dealer = state.dealer
            assert dealer is not None  # the bidding follows the deal
            return attrs.evolve(
                state,
                phase="deal",
                to_move=CHANCE,
                dealer=self.redeal_dealer(contract, dealer),
                contract=None,
                play=self._no_play,
                kitty=0,
                buried=0,
            )
        if self.thrown_in(contract):
            return self._end_hand(state, state.play)
        # One exchange a hand: not again once the kitty is buried (a bidding after the exchange).
        if state.phase != self.exchange_phase and not state.buried and self._has_exchange:
            seat = self.exchanger(contract)
            if seat is not None:
                taken = self.kitty_taken(contract, state.kitty)
                if taken & ~state.kitty:
                    raise RulesError(
                        f"{self.name}: kitty_taken gave cards that are not in the kitty"
                    )
                play = state.play
                hands = (*play.hands[:seat], play.hands[seat] | taken, *play.hands[seat + 1 :])
                return attrs.evolve(
                    state,
                    phase=self.exchange_phase,
                    to_move=seat,
                    play=attrs.evolve(play, hands=hands),
                    kitty=state.kitty & ~taken,
                )
        return self._begin_play(state, contract)

    def _begin_play(self, state: StateT, contract: ContractT) -> StateT:
        """The bidding (and any exchange) is over: the card play begins."""
        play = state.play
        out = self.sitting_out(contract)
        if out:
            # The seats that sit out are skipped from here on; a lead due from one passes left.
            play = attrs.evolve(play, out=out)
            if out >> play.leader & 1:
                play = attrs.evolve(play, leader=play.seat_after(play.leader))
        state = self.start_play(attrs.evolve(state, phase="play", play=play))
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
        return self._with_play(state, play.to_move, play)

    def _end_hand(self, state: StateT, play: TrickPlay) -> StateT:
        """The hand is over: score it; the match goes on with the deal passing to the left."""
        dealer = state.dealer
        assert dealer is not None  # the play follows the deal
        points = self.score_play(state, play)
        score = state.score.add(points)
        over = state.single_hand or score.is_over
        last = self.hand_outcome_points(points, score)
        new: StateT = self._ended(
            state,
            "over" if over else "deal",
            None if over else CHANCE,
            dealer if over else (dealer + 1) % self.num_players,
            play,
            score,
            last,
        )
        return self.hand_ended(state, new) if self._ends_hand else new

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
            p.out,
            state.kitty.bit_count(),
            self._buried_seen_by(state, seat),
            state.buried.bit_count(),
            config=state.config,
        )
        return self.extend_view(state, seat, view) if self._extends_view else view

    def _buried_seen_by(self, state: StateT, seat: int) -> tuple[Card, ...]:
        """The buried cards ``seat`` knows: all of them if it buried them, else none."""
        if not state.buried or self.exchanger(self.contract_of(state)) != seat:
            return ()
        cards = self.deck.cards
        return tuple(cards[c] for c in iter_bits(state.buried))

    def pinned_cards(self, view: ViewT) -> Mapping[int, int]:
        """Hidden cards whose holder ``view`` knows, as card index → seat, for
        :meth:`sample_state` (the default: none)."""
        return {}

    def revoked_plays(self, view: ViewT) -> Collection[int]:
        """The cards (indices) ``view`` knows were played as revokes — off suit by a seat that
        could follow — which show no void to :meth:`sample_state` (the default: none; a game in
        revoke mode whose revokes its views show lists them)."""
        return ()

    def sample_state(self, view: ViewT, rng: random.Random) -> StateT:
        """A state ``view`` cannot tell from the true one: the hidden hands dealt at random within
        every void shown and :meth:`pinned_cards`."""
        order, _ = self.card_rules(view.contract)
        pinned = dict(self.pinned_cards(view))
        deck = self.deck
        for card in view.buried:  # cards the seat buried itself: in the kitty (the pile)
            pinned[deck.index(card)] = self.num_players
        play = view.seen_play().sample(order, rng, pinned, self.revoked_plays(view))
        kitty = buried = 0
        if view.kitty_size:
            kitty = deck.full_mask & ~play.played
            for hand in play.hands:
                kitty &= ~hand
            if view.buried:
                buried = deck.mask(view.buried)
            elif view.buried_size:
                # Which kitty cards another seat buried is hidden: any of them, at random.
                chosen = rng.sample(list(iter_bits(kitty)), view.buried_size)
                buried = sum(1 << c for c in chosen)
        state: StateT = self.state_type(
            view.phase,
            view.to_move,
            view.dealer,
            view.contract,
            play,
            view.score,
            view.single_hand,
            view.last_points,
            kitty,
            buried,
            config=self.config,
        )
        return self.extend_sample(view, state) if self._extends_sample else state

    def card_zones(self, state: StateT) -> Mapping[str, Sequence[Card]]:
        """Each hand, the trick, the won cards, the kitty, and the undealt deck before the deal."""
        zones: dict[str, Sequence[Card]] = dict(state.play.card_zones(self.deck))
        dealt = any(state.play.hands) or state.play.trick or state.play.tricks
        zones["undealt"] = [] if dealt else list(self.deck.cards)
        zones["kitty"] = [self.deck.cards[c] for c in iter_bits(state.kitty)]
        return zones

    def rollout(self, state: StateT, rng: random.Random) -> Outcome:
        """Random play to the end of the hand: the chance, bidding and card-play steps in a loop.

        Between two hands of a match (the next step deals), the hand that just ended is the answer.
        """
        while True:
            # Over, or between two hands (a hand played, or thrown in with its cards in hand): the
            # hand that just ended is the answer. An annulled deal is dealt again.
            phase = state.phase
            if phase == "over" or (
                phase == "deal" and (state.play.tricks or any(state.play.hands))
            ):
                return Outcome.for_hand(self.teams, state.last_points, scale=self.hand_scale)
            if phase == "play":
                break
            seat = state.to_move
            assert seat is not None  # the hand is not over
            if seat == CHANCE:
                state = self._apply_chance(state, self._chance(state, rng))
            elif state.phase == self.exchange_phase:
                burials = self.burials(self.contract_of(state), state.play.hands[seat])
                state = self._apply_bury(state, seat, burials[rng.randrange(len(burials))])
            else:
                bids = self.bidding_actions(self.contract_of(state))
                state = self._apply_bid(state, seat, bids[rng.randrange(len(bids))])
        if self.play_variant is not STRICT_PLAY or self._has_claims:
            # Revokes and claims change the contract as play goes: step, the seat to move
            # choosing among its legal actions.
            while state.phase == "play":
                actions = self.legal_actions(state)
                state = self._step(state, actions[rng.randrange(len(actions))], None)
            return Outcome.for_hand(self.teams, state.last_points, scale=self.hand_scale)
        end = self._end_hand(state, _fused_play(state.play, self._tables(state.contract), rng))
        return Outcome.for_hand(self.teams, end.last_points, scale=self.hand_scale)

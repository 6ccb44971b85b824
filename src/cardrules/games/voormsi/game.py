"""The Voormsi game object on the cardrules Game protocol.

>>> game = make_game()
>>> s = game.new_hand(dealer=3)
>>> s = game.apply(s, game.sample_chance(s, random.Random(5)))
>>> game.to_move(s), game.format_action(game.legal_actions(s)[0])
(0, 'lead 6D')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from cardrules import (
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    Card,
    CardSet,
    ChooseDealer,
    Deal,
    GameBase,
    IllegalActionError,
    Ladder,
    NotationError,
    Outcome,
    Partnership,
    RulesError,
    iter_bits,
    normalize_notation,
    parse_cards,
)
from cardrules.decks import shuffled_order
from cardrules.game import check_rng, check_seat, trusted_deal
from cardrules.games.voormsi import actions as _actions
from cardrules.games.voormsi.actions import Lead, Play, _short, group_mask
from cardrules.games.voormsi.engine import (
    _LEADS,
    _PLAYS,
    HAND_SIZE,
    SINGLE_PLAY_CHUNKS,
    Engine,
    LegalEntry,
)
from cardrules.games.voormsi.ranking import DECK, NORMAL_ORDER, TOQUTSIT
from cardrules.games.voormsi.rulebook import VOORMSI_RULES, VoormsiRule
from cardrules.games.voormsi.rules import CHOICES, VoormsiRules
from cardrules.games.voormsi.state import Phase, VoormsiState, start_state
from cardrules.games.voormsi.views import VoormsiView, sample_state, view_of
from cardrules.reports import HandReport

__all__ = ["VoormsiGame", "cut_for_dealer", "make_game", "stacked_deal"]

_SUIT_CUT: Final = {"C": 4, "S": 3, "H": 2, "D": 1}


def _cut_value(card: int, cut_rank: str) -> int:
    """How high ``card`` cuts (C12). Face value: 3 < 5 < … < Q < K < A, suits tie.
    Game ranking: the normal ranking, the Sevens and then the ♦3 below the K♠ (inferred)."""
    c = DECK.cards[card]
    if cut_rank == "face_value":
        return c.rank
    power = NORMAL_ORDER.power(card)
    if power is not None:
        return power
    if c.rank == 3:
        return -20
    assert c.suit is not None
    return -10 + _SUIT_CUT[c.suit.letter]


def cut_for_dealer(
    num_players: int, rng: random.Random, cut_rank: str = "face_value"
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """V4/C12: every seat cuts a card; the lowest deals, tied seats cut again (inferred).

    Returns the dealer and the cuts as ``(seat, card index)``. By symmetry the dealer is uniform.

    >>> dealer, cuts = cut_for_dealer(4, random.Random(2))
    >>> dealer in range(4), len(cuts) >= 4
    (True, True)
    """
    if type(num_players) is not int or not 2 <= num_players <= 4:
        raise ArgumentError(
            f"num_players must be 2, 3 or 4 (V1, V26, V27), not {_short(num_players)}"
        )
    check_rng(rng)
    if cut_rank not in CHOICES["cut_rank"]:
        raise ArgumentError(
            f"cut_rank must be one of {CHOICES['cut_rank']}, not {_short(cut_rank)}"
        )
    seats = list(range(num_players))
    cuts: list[tuple[int, int]] = []
    while True:
        cards = rng.sample(range(len(DECK)), len(seats))
        cuts.extend(zip(seats, cards, strict=True))
        values = [_cut_value(c, cut_rank) for c in cards]
        low = min(values)
        seats = [s for s, v in zip(seats, values, strict=True) if v == low]
        if len(seats) == 1:
            return seats[0], tuple(cuts)


_UNSHUFFLED: Final = list(range(len(DECK)))
_INT_ONLY: Final = {int}
_ALL_CARDS: Final = set(_UNSHUFFLED)
_TOQ_BIT: Final = 1 << TOQUTSIT


class VoormsiGame(GameBase[VoormsiState, Lead | Play, VoormsiView]):
    """Voormsi on the Game protocol (rules V1–V27, options C2–C13)."""

    name = "voormsi"
    checks_inline = True  # the hot paths check their arguments inline (no wrapper call)
    deck = DECK
    state_type = VoormsiState
    view_type = VoormsiView
    rulebook = VOORMSI_RULES

    def __init__(self, rules: VoormsiRules | None = None) -> None:
        if rules is not None and not isinstance(rules, VoormsiRules):
            raise ArgumentTypeError(
                f"rules must be a VoormsiRules (or None), not {type(rules).__name__}"
            )
        super().__init__(rules or VoormsiRules())
        self.rules: VoormsiRules
        self.num_players = self.rules.players
        self.teams = (
            Partnership.opposite(4) if self.num_players == 4 else Partnership.solo(self.num_players)
        )
        self.ladder = Ladder(self.rules.target, self.rules.bust_mode)
        self._engine = Engine(self.rules, self.ladder)
        self._legal_at = self._engine.legal_at
        self._play = self._engine.play
        # Engine.play's choice for one card, made once: apply's direct paths know the group is one card.
        self._play_single = (
            self._engine.play_card if self.num_players == 4 else self._engine.play_any
        )
        self._play_any = self._engine.play_any
        self._hand_starts: dict[int, VoormsiState] = {}
        self._shuffle_made: Deal | None = None
        self._multi = self.rules.multi_card_leads
        self._leads_of = self._engine.leads_of
        self._compelled = self._engine.compelled
        # V14: any single card may follow a single card, unless C2 asks to follow suit (the V15
        # compulsion is left to the engine: only a hand holding the J♣ can be compelled).
        self._free_singles = not self.rules.must_follow_suit
        # The cards of each card's face rank (V16; the ♦3 among the Kings under C4).
        self._rank_of = tuple(
            next(m for m in self._engine.rk if m >> card & 1) for card in range(len(DECK))
        )
        self._team_of = tuple(self.teams.team_of(s) for s in range(self.num_players))
        # The legal groups of the last state asked about: a caller usually asks for the legal
        # actions and then applies one of them to the same (immutable) state. One tuple, so a
        # thread reading it never pairs a state with another state's groups.
        self._last: tuple[VoormsiState | None, LegalEntry | None] = (None, None)

    # -- the encoding (arithmetic, see actions.py) ---------------------------------------------
    def card_free_actions(self) -> tuple[()]:
        """The actions that name no card: none, every Voormsi action is a card or a group (V16,
        V17). Encodings that take cards one at a time read this instead of listing every group.

        >>> from cardrules import get_game
        >>> get_game("voormsi").card_free_actions()
        ()
        """
        return ()

    def all_actions(self) -> tuple[Lead | Play, ...]:
        """Every action in code order (66 846 of them; built only when asked for)."""
        return tuple(_actions.iter_all_actions())

    @property
    def num_distinct_actions(self) -> int:
        """How many integer codes the encoding uses."""
        return _actions.NUM_ACTIONS

    def action_to_index(self, action: Lead | Play) -> int:
        """The integer code of ``action``; a group whose fields were tampered with is refused.

        >>> make_game().action_to_index(Lead.of("9C"))
        60
        """
        return _actions.action_to_index(action)

    def index_to_action(self, index: int) -> Lead | Play:
        """The action of an integer code."""
        return _actions.index_to_action(index)

    def format_action(self, action: Any) -> str:
        """``lead 9C 9H``, ``play JC``; chance actions as ``deal …`` / ``dealer N``.

        The action is checked first: a tampered group, a deal that is not a shuffle of the deck
        or a dealer who is not a seat is refused.
        """
        cls = type(action)
        if cls is Lead or cls is Play:
            return _actions.format_action(action)
        if cls is Deal:
            return self.format_chance(self.check_deal(action, VoormsiRule.V5))
        if cls is ChooseDealer:
            self._check_dealer_action(action)
            return self.format_chance(action)
        raise NotationError(f"not a Voormsi action: {_short(action)}")

    def parse_action(self, text: str, state: VoormsiState) -> Any:
        """Read ``lead 9C 9H`` / ``play JC 8D`` (any case, any card order), or a chance action.

        >>> game = make_game()
        >>> game.parse_action("Play 8D J♣", game.new_hand(dealer=0))
        Play.of('JC 8D')
        """
        if not isinstance(text, str):
            raise NotationError(f"an action's notation is text, not {type(text).__name__}")
        if type(state) is not VoormsiState or state.config is not self.config:
            self._check_full_state(state)
        head, _, rest = normalize_notation(text).partition(" ")
        if head in ("lead", "play") and rest:
            # The interned group where there is one (apply takes it without checking its fields).
            cards = parse_cards(rest)
            if head == "lead":
                lead = Lead(cards)
                return _LEADS.get(lead.mask, lead)
            play = Play(cards)
            return _PLAYS.get(play.mask, play)
        if head in ("deal", "dealer"):
            return super().parse_action(text, state)
        # Anything else is not a Voormsi action (GameBase would build the table of all 66,846
        # actions only to find nothing).
        raise NotationError(f"not an action of voormsi: {_short(text)}")

    # -- starting states ----------------------------------------------------------------------
    def _start(
        self, phase: Phase, dealer: int | None, single: bool, scores: tuple[int, ...] | None = None
    ) -> VoormsiState:
        sides = self.rules.num_sides
        return start_state(
            self.num_players,
            sides,
            phase,
            dealer,
            single,
            scores or (0,) * sides,
            config=self.config,
        )

    def new_match(
        self, scores: Sequence[int] | None = None, dealer: int | None = None
    ) -> VoormsiState:
        """A match from the ladder ``scores`` (one per side, default all 0): the first dealer is cut
        for (C12), or ``dealer`` deals first; then deals until a side reaches the target (V25).

        A score is an ``int`` from 0 to below the target: a side on the target has won (V25), and
        a bust falls back below it (C11); anything else is a :class:`~cardrules.errors.RulesError`
        naming V25.

        >>> game = make_game()
        >>> s = game.new_match(scores=(8, 3), dealer=2)
        >>> s.phase, s.dealer, s.scores
        ('deal', 2, (8, 3))
        >>> game.new_match(scores=(9, 0))
        Traceback (most recent call last):
        ...
        cardrules.errors.RulesError: rule V25: side 0 at 9: a ladder score is from 0 to 8 (a side on 9 has won; a bust falls back below it, rule C11)
        """
        return self._begin(scores, dealer, single=False)

    def new_hand(
        self, dealer: int | None = None, scores: Sequence[int] | None = None
    ) -> VoormsiState:
        """A single deal (``dealer=None``: chosen by chance first); ``dealer`` is an ``int`` seat,
        ``scores`` the ladder the deal starts from (checked as in :meth:`new_match`).

        >>> make_game().new_hand(dealer=True)
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentTypeError: dealer must be an int from 0 to 3, not bool True
        >>> make_game().new_hand(dealer=1, scores=(7, 8)).scores
        (7, 8)
        """
        if type(dealer) is int and scores is None:
            start = self._hand_starts.get(dealer)
            if start is not None:
                return start
        return self._begin(scores, dealer, single=True)

    def _begin(self, scores: object, dealer: object, *, single: bool) -> VoormsiState:
        ladder = None
        if scores is not None:
            from cardrules.games.voormsi.position import check_scores

            ladder = check_scores(self, scores)
        if dealer is None:
            return self._start("choose_dealer", None, single, ladder)
        seat = check_seat(dealer, self.num_players, "dealer")
        if ladder is not None or not single:
            return self._start("deal", seat, single, ladder)
        # States are immutable values: every single deal from this seat starts from this one.
        start = self._hand_starts[seat] = self._start("deal", seat, True)
        return start

    # -- positions and reports ----------------------------------------------------------------
    def position(
        self,
        *,
        dealer: int,
        hands: Sequence[Any] | Mapping[int, Any] | str,
        stock: str | Sequence[Any] = (),
        drawn: str | Sequence[Any] = (),
        tricks: Sequence[Any] | str = (),
        trick: Any = (),
        scores: Sequence[int] | None = None,
        match: bool = False,
        last: str | None = None,
    ) -> VoormsiState:
        """The state of a deal in progress (or just finished), from plain values, checked by
        replaying it through the engine (see :mod:`cardrules.games.voormsi.position`).

        ``hands``: each seat's cards now; ``stock``: the stock now, top first; ``drawn``: the
        cards already drawn from the stock, in order; ``tricks``: the completed tricks, each
        ``(leader, groups)`` or ``"L:g,g,g,g"`` (a group's cards joined by ``+``); ``trick``: the
        trick in progress; ``scores``: the ladder when the deal began; ``match``: a deal of a
        match (else a single deal); ``last``: the last finished deal of a match, as the text
        after ``| last`` in :meth:`position_text`. Held points, trick units, bonuses and the
        cards shown for B1 follow from the play. A position play cannot reach raises
        :class:`~cardrules.errors.PositionError` naming the rule.

        >>> game = make_game()
        >>> game.position(dealer=3, hands=["KH 5C", "KH 5S", "JC", "8C"])
        Traceback (most recent call last):
        ...
        cardrules.errors.PositionError: position: rule V2 (the deck): KH is both in hand 0 and in hand 1
        """
        from cardrules.games.voormsi.position import build_position, parse_last_deal

        last_deal = None if last is None else parse_last_deal(self, last)
        return build_position(
            self, match=match, dealer=dealer, scores=scores, hands=hands, stock=stock,
            drawn=drawn, tricks=tricks, trick=trick, last=last_deal,
        )  # fmt: skip

    def position_text(self, state: VoormsiState) -> str:
        """The one-line text of any state (every phase, between deals and at the end of the
        match), which :meth:`parse_position` reads back exactly; the format is described in
        :mod:`cardrules.games.voormsi.position` and the Voormsi page of the docs.

        >>> game = make_game()
        >>> game.position_text(game.new_match(scores=(8, 3), dealer=2))
        'deal match dealer=2 scores=8,3'
        """
        self._check_full_state(state)
        from cardrules.games.voormsi.position import position_text

        return position_text(self, state)

    def parse_position(self, text: str) -> VoormsiState:
        """The state of a position text (:meth:`position_text`): ``parse_position(position_text(s))
        == s``. Unreadable text is a :class:`~cardrules.errors.NotationError`, a position play
        cannot reach a :class:`~cardrules.errors.PositionError` naming the rule.

        >>> game = make_game()
        >>> game.parse_position("deal match dealer=2 scores=8,3") == game.new_match((8, 3), 2)
        True
        """
        from cardrules.games.voormsi.position import parse_position

        return parse_position(self, text)

    def hand_report(self, state: VoormsiState) -> HandReport | None:
        """The :class:`~cardrules.reports.HandReport` of the last finished deal (also between the
        deals of a match and at its end), or ``None`` before any deal finished. Its status is a
        :class:`~cardrules.games.voormsi.report.VoormsiStatus`; see
        :mod:`cardrules.games.voormsi.report`."""
        self._check_full_state(state)
        from cardrules.games.voormsi.report import hand_report

        return hand_report(self, state)

    # -- the protocol -------------------------------------------------------------------------
    def to_move(self, state: VoormsiState) -> int | None:
        """The seat to act, CHANCE, or None when over."""
        if type(state) is not VoormsiState or state.config is not self.config:
            self._check_full_state(state)
        return state.to_move

    def is_over(self, state: VoormsiState) -> bool:
        """Whether the match (or the single hand) is over."""
        if type(state) is not VoormsiState or state.config is not self.config:
            self._check_full_state(state)
        return state.phase == "over"

    def _legal(self, state: VoormsiState) -> LegalEntry:
        last, entry = self._last
        if last is not state or entry is None:
            assert state.to_move is not None
            entry = self._legal_at(state.to_move, state.hands, state.trick, state.heading)
            self._last = (state, entry)
        return entry

    def legal_actions(self, state: VoormsiState) -> tuple[Lead | Play, ...]:
        """The groups the seat to move may lead or play (interned actions)."""
        if type(state) is not VoormsiState or state.config is not self.config:
            self._check_full_state(state)
        seat = state.to_move
        if seat is None or seat < 0:  # over, or a chance step (to_move is a seat only in play)
            return ()
        trick = state.trick
        hand = state.hands[seat]
        if not trick:
            if (
                state.stock
                or not self._multi
                or hand.bit_count() <= self._engine.max_lead(state.hands)
            ):
                # The hand's leads (V16) from the rank tables, when the size limit (V17) cannot
                # bite: while the stock lasts everyone holds four cards, later no group of this
                # hand may be too large. apply checks a lead directly, so nothing is remembered.
                return self._leads_of(hand)
        elif self._free_singles:
            led = trick[0][1]
            if not led & (led - 1) and not (hand & _TOQ_BIT and self._compelled(state, seat)):
                # Any single card (V14), the most common position: the engine's single_plays(hand),
                # inlined (four look-ups, lowest card first).
                c0, c1, c2, c3 = SINGLE_PLAY_CHUNKS
                return (
                    c0[hand & 0x1FF]
                    + c1[hand >> 9 & 0x1FF]
                    + c2[hand >> 18 & 0x1FF]
                    + c3[hand >> 27]
                )
        entry = self._legal_at(seat, state.hands, trick, state.heading)
        self._last = (state, entry)
        return entry[0]

    def out_of_turn_actions(self, state: VoormsiState, seat: int) -> tuple[Lead | Play, ...]:
        """Voormsi has no out-of-turn actions (``state`` and ``seat`` are checked all the same)."""
        if type(state) is not VoormsiState or state.config is not self.config:
            self._check_full_state(state)
        check_seat(seat, self.num_players)
        return ()

    def sample_chance(self, state: VoormsiState, rng: random.Random) -> Deal | ChooseDealer:
        """The cut for the first dealer (C12) or the shuffle (V5)."""
        if type(state) is not VoormsiState or state.config is not self.config:
            self._check_full_state(state)
        check_rng(rng)
        if state.phase == "choose_dealer":
            if self.rules.cut_rank == "random":
                return ChooseDealer(rng.randrange(self.num_players))
            return ChooseDealer(cut_for_dealer(self.num_players, rng, self.rules.cut_rank)[0])
        if state.phase == "deal":
            if type(rng) is random.Random:
                # Remembered, so that apply can take this (immutable, valid) shuffle unchecked.
                deal = self._shuffle_made = trusted_deal(shuffled_order(rng, len(DECK)))
                return deal
            return self.shuffle(rng)
        raise IllegalActionError(VoormsiRule.V5, "this is not a chance state")

    def apply(self, state: VoormsiState, action: Any, seat: int | None = None) -> VoormsiState:
        """The next state; :class:`IllegalActionError` (with the rule id) for anything illegal.

        ``state`` must be a :class:`VoormsiState`, ``seat`` ``None`` or the seat to move (an
        ``int``), and ``action`` a sound group (:func:`~cardrules.games.voormsi.actions.group_mask`)
        or chance action; anything else raises a :class:`~cardrules.errors.CardrulesError`.
        """
        if type(state) is not VoormsiState or state.config is not self.config:
            self._check_full_state(state)
        to_move = state.to_move
        if seat is not None:
            self.check_actor(state, seat, to_move)
            if to_move is not None and seat != to_move:
                who = "chance" if to_move == CHANCE else f"seat {to_move}"
                # No legal actions listed: the seat has none out of turn, and the mover's would
                # show the mover's cards to it.
                raise IllegalActionError(
                    VoormsiRule.V6, f"it is {who}'s turn", action=_short(action), seat=seat
                )
        if to_move is None:
            raise IllegalActionError(
                VoormsiRule.V25, "the game is over", action=_short(action), seat=seat
            )
        if to_move < 0:  # CHANCE
            return self._apply_chance(state, action)
        # The fast paths take the interned groups that legal_actions hands out as they are (their
        # fields are sound: a slot read, see actions._Interned); any other group (built anew, a
        # copy, one tampered with) is checked field by field first (group_mask). They check the common legal actions directly:
        # one card held and free to be played (what legal_actions lists without the engine), or a
        # lead of held cards of one face rank within the size limit (V16, V17). Else a legal
        # action's mask is among the legal groups' masks (ints: compared in C, where `action in
        # actions` would call attrs' __eq__ on every action before it); everything else goes
        # through _check_play, which names the rule it breaks.
        cls = type(action)
        hand = state.hands[to_move]
        trick = state.trick
        mask: int
        if cls is Play:
            try:
                mask = action.mask if action._interned else group_mask(action)
            except AttributeError:  # a copy: its fields are checked
                mask = group_mask(action)
            if trick:
                led = trick[0][1]
                if (
                    not (mask & (mask - 1) or led & (led - 1) or mask & ~hand)
                    and self._free_singles
                    # V15: a J♣ holder may be bound to play it.
                    and (
                        not hand & _TOQ_BIT
                        or mask == _TOQ_BIT
                        or not self._compelled(state, to_move)
                    )
                ):
                    return self._play_single(state, to_move, mask)
        elif cls is Lead:
            try:
                mask = action.mask if action._interned else group_mask(action)
            except AttributeError:
                mask = group_mask(action)
            if (
                not trick
                and not (mask & ~hand or mask & ~self._rank_of[mask.bit_length() - 1])
                and (
                    not mask & (mask - 1)
                    or (self._multi and state.stock)  # everyone holds four: any size (V17)
                    or mask.bit_count() <= self._engine.max_lead(state.hands)
                )
            ):
                if mask & (mask - 1):
                    return self._play_any(state, to_move, mask)
                return self._play_single(state, to_move, mask)
        else:
            raise IllegalActionError(
                VoormsiRule.V16,
                "play with Lead(cards) or Play(cards)",
                action=_short(action),
                seat=to_move,
                legal=self.legal_actions(state),
            )
        last, entry = self._last
        if last is not state or entry is None:
            entry = self._legal(state)
        if cls is not (Play if trick else Lead) or mask not in entry[1]:
            self._check_play(state, action, mask, to_move)
        return self._play(state, to_move, mask)

    def _apply_chance(self, state: VoormsiState, action: Any) -> VoormsiState:
        if state.phase == "choose_dealer":
            if type(action) is not ChooseDealer:
                raise IllegalActionError(
                    VoormsiRule.V4, "the first step is choosing a dealer", action=_short(action)
                )
            # Once a match, so no hot path: evolve is clear enough here.
            return attrs.evolve(state, phase="deal", dealer=self._check_dealer_action(action))
        made = self._shuffle_made
        if action is made and made is not None:
            return self._engine.deal(state, made.order)
        order = getattr(action, "order", None)
        if not (
            type(action) is Deal
            and type(order) is tuple
            and len(order) == len(_UNSHUFFLED)
            and set(map(type, order)) == _INT_ONLY
            and set(order) == _ALL_CARDS
        ):
            # The quick test above (in C) accepts exactly the permutations check_deal accepts;
            # anything else goes there for its error.
            order = self.check_deal(action, VoormsiRule.V5).order
        return self._engine.deal(state, order)

    def _check_dealer_action(self, action: ChooseDealer) -> int:
        """The seat of a :class:`~cardrules.ChooseDealer` (V4), if it is an ``int`` seat."""
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise IllegalActionError(
                VoormsiRule.V4,
                f"the dealer must be a seat 0-{self.num_players - 1}",
                action=_short(action),
            )
        return seat

    def _check_play(self, state: VoormsiState, action: Lead | Play, mask: int, seat: int) -> None:
        """Raise :class:`IllegalActionError` naming the rule if the sound group ``action`` (of
        ``mask``) is not legal; return if it is."""

        def illegal(rule: VoormsiRule, why: str) -> IllegalActionError:
            # The legal actions are listed only here, on the way to an error.
            legal = self.legal_actions(state)
            return IllegalActionError(rule, why, action=action, seat=seat, legal=legal)

        leading = not state.trick
        if leading and type(action) is not Lead:
            raise illegal(VoormsiRule.V16, "the trick is empty: lead a group")
        if not leading and type(action) is not Play:
            raise illegal(VoormsiRule.V17, "the trick is led: play a group")
        hand = state.hands[seat]
        if mask & ~hand:
            missing = CardSet(DECK, mask & ~hand)
            raise illegal(VoormsiRule.V17, f"seat {seat} does not hold {missing}")
        size = mask.bit_count()
        if leading:
            if mask & ~self._rank_of[mask.bit_length() - 1]:
                raise illegal(VoormsiRule.V16, "a lead is of one face rank")
            if size > self._engine.max_lead(state.hands):
                if not self.rules.multi_card_leads:
                    raise illegal(VoormsiRule.V27, "only single cards are led in this game")
                raise illegal(
                    VoormsiRule.V16,
                    f"every player holding cards must be able to follow {size} cards",
                )
        else:
            need = state.trick[0][1].bit_count()
            if size != need:
                raise illegal(VoormsiRule.V17, f"play {need} card(s), as led")
        if mask not in self._legal(state)[1]:
            if self._engine.compelled(state, seat) and not mask >> TOQUTSIT & 1:
                raise illegal(
                    VoormsiRule.V15, "an opponent's Voormsi heads the trick: play Toqutsit (JC)"
                )
            raise illegal(VoormsiRule.C2, "must follow the led suits as far as able")

    def outcome(self, state: VoormsiState) -> Outcome | None:
        """Match: the final ladder scores (±1 returns). Single hand: the points scored in it."""
        if type(state) is not VoormsiState or state.config is not self.config:
            self._check_full_state(state)
        if state.phase != "over":
            return None
        if not state.single_hand:
            return self._match_outcome(state.scores, state.winner)
        points = tuple(s - d for s, d in zip(state.scores, state.deal_start, strict=True))
        if state.end in ("partner_capture", "sweep"):
            return self._match_outcome(points, state.winner)
        return self._hand_outcome(points, state.winner if state.end == "target" else None)

    def _match_outcome(self, points: tuple[int, ...], winner: int) -> Outcome:
        winners = self.teams.teams[winner] if winner >= 0 else ()
        returns = tuple(
            0.0 if winner < 0 else (1.0 if s in winners else -1.0) for s in range(self.num_players)
        )
        return Outcome(points, self.teams.seat_points(points), winners, returns)

    def _hand_outcome(self, points: tuple[int, ...], winner: int | None) -> Outcome:
        if len(points) == 2:  # two teams (every rollout of the 4- and 2-player games ends here)
            p0, p1 = points
            if winner is None:
                winner = 0 if p0 > p1 else 1 if p1 > p0 else -1
            scale = self.rules.target
            r0 = max(-1.0, min(1.0, (p0 - p1) / scale))
            r1 = max(-1.0, min(1.0, (p1 - p0) / scale))
            # Seats alternate between the two teams (V1): 0, 1, 0, 1 (or 0, 1 with two players).
            four = self.num_players == 4
            return Outcome(
                points,
                (p0, p1, p0, p1) if four else points,
                self.teams.teams[winner] if winner >= 0 else (),
                (r0, r1, r0, r1) if four else (r0, r1),
            )
        if winner is None:
            best = max(points)
            leaders = [t for t, p in enumerate(points) if p == best]
            winner = leaders[0] if len(leaders) == 1 else -1
        winners = self.teams.teams[winner] if winner >= 0 else ()
        scale = self.rules.target
        # A team's return: its lead over the best other team, scaled (once per team; every
        # rollout ends here, so the seats' teams are looked up in a table).
        team_returns = [
            max(-1.0, min(1.0, (p - max(q for k, q in enumerate(points) if k != t)) / scale))
            for t, p in enumerate(points)
        ]
        team_of = self._team_of
        return Outcome(
            points,
            tuple(points[t] for t in team_of),
            winners,
            tuple(team_returns[t] for t in team_of),
        )

    def hand_outcome(self, state: VoormsiState) -> Outcome:
        """The outcome of the deal just played in ``state`` (the match's if the match ended)."""
        self.check_state(state)
        outcome = self.outcome(state)
        if outcome is not None:
            return outcome
        points = tuple(s - d for s, d in zip(state.scores, state.deal_start, strict=True))
        return self._hand_outcome(points, None)

    # -- information ---------------------------------------------------------------------------
    def describe(self, view: VoormsiView, *, color: bool = False) -> str:
        """The text the ``cardrules`` command shows for ``view``."""
        from cardrules.games.voormsi.describe import describe

        self._check_view(view)
        if type(color) is not bool:
            raise ArgumentTypeError(f"color must be True or False, not {_short(color)}")
        return describe(view, color=color)

    def heuristic_bot(self) -> Any:
        """The game's heuristic bot (``--bots heuristic``)."""
        from cardrules.games.voormsi.bots import VoormsiHeuristicBot

        return VoormsiHeuristicBot()

    def view(self, state: VoormsiState, seat: int) -> VoormsiView:
        """What ``seat`` may know (see :mod:`cardrules.games.voormsi.views`)."""
        self._check_full_state(state)
        check_seat(seat, self.num_players)
        return view_of(state, seat)

    def sample_state(self, view: VoormsiView, rng: random.Random) -> VoormsiState:
        """A full state consistent with ``view``."""
        self._check_view(view)
        check_rng(rng)
        return sample_state(view, rng)

    def _check_full_state(self, state: VoormsiState) -> None:
        """A :class:`VoormsiState` made by a game of these rules (:meth:`check_state`: its
        ``config``), or, built by hand without one, with this game's number of hands. Every method
        that takes a state calls it, after an inline ``type``/``config`` test on the hot paths."""
        if type(state) is not VoormsiState or state.config is not self.config:
            self.check_state(state)  # the type, and the rules of the game that made it
            if len(state.hands) != self.num_players:  # a state built by hand (no config)
                raise ArgumentError(
                    f"state is a {len(state.hands)}-player Voormsi state, not one of this "
                    f"{self.num_players}-player game"
                )

    def _check_view(self, view: object) -> None:
        """A :class:`VoormsiView` of a game with this many players."""
        self.check_view(view)
        assert isinstance(view, VoormsiView)
        if len(view.hand_sizes) != self.num_players:
            raise ArgumentError(
                f"view is a {len(view.hand_sizes)}-player Voormsi view, not one of this "
                f"{self.num_players}-player game"
            )

    def card_zones(self, state: VoormsiState) -> Mapping[str, Sequence[Card]]:
        """Hands, stock, the trick in progress, the tricks taken (and the undealt pack)."""
        self._check_full_state(state)
        cards = DECK.cards
        zones: dict[str, Sequence[Card]] = {
            f"hand {s}": [cards[c] for c in iter_bits(h)] for s, h in enumerate(state.hands)
        }
        zones["stock"] = [cards[c] for c in state.stock]
        zones["trick"] = [cards[c] for _, m in state.trick for c in iter_bits(m)]
        zones["taken"] = [
            cards[c] for plays, _ in state.tricks for _, m in plays for c in iter_bits(m)
        ]
        in_play = sum(len(z) for z in zones.values())
        zones["undealt"] = list(cards) if in_play == 0 else []
        if state.phase == "deal" and in_play:
            # Between deals the previous deal's cards wait to be gathered and shuffled.
            zones["undealt"], zones["taken"] = zones["taken"], []
        return zones

    def rollout(self, state: VoormsiState, rng: random.Random) -> Outcome:
        """Play the current deal out at random on ints (same distribution as stepping): its outcome.

        Between two deals of a match (the last deal has been scored, the next step is the shuffle)
        and at a terminal state, the outcome of the deal that ended, without drawing from ``rng``.
        The outcome of a deal is what :meth:`outcome` gives for a single hand: the points it scored.
        """
        if type(state) is not VoormsiState or state.config is not self.config:
            self._check_full_state(state)
        check_rng(rng)
        if state.phase == "deal" and state.tricks:
            return self._deal_outcome(state)  # between two deals
        if state.phase in ("choose_dealer", "deal"):
            if state.phase == "choose_dealer":
                state = self.apply(state, self.sample_chance(state, rng))
            state = self.apply(state, self.sample_chance(state, rng))
        return self._deal_outcome(self._engine.playout(state, rng))

    def _deal_outcome(self, state: VoormsiState) -> Outcome:
        """The outcome of the deal just played in ``state``, as :meth:`outcome` scores a single hand."""
        points = tuple(s - d for s, d in zip(state.scores, state.deal_start, strict=True))
        if state.end in ("partner_capture", "sweep"):
            return self._match_outcome(points, state.winner)
        return self._hand_outcome(points, state.winner if state.end == "target" else None)


def stacked_deal(game: VoormsiGame, dealer: int, hands: Mapping[int, str], stock: str = "") -> Deal:
    """A :class:`~cardrules.Deal` that gives the listed seats those cards (V5), for tests and docs.

    Seats not listed get the lowest-indexed spare cards; ``stock`` is drawn first, then the rest.

    >>> game = make_game()
    >>> s = game.apply(game.new_hand(dealer=3), stacked_deal(game, 3, {0: "7D QC 5S 5H"}))
    >>> game.view(s, 0).hand
    CardSet('voormsi36', 'QC 7D 5H 5S')
    """
    if not isinstance(game, VoormsiGame):
        raise ArgumentTypeError(f"game must be a VoormsiGame, not {type(game).__name__}")
    n = game.num_players
    check_seat(dealer, n, "dealer")
    if not isinstance(hands, Mapping):
        raise ArgumentTypeError(f"hands must map seats to cards, not {type(hands).__name__}")
    for seat in hands:
        check_seat(seat, n, "a seat of hands")
    given = {seat: [DECK.index(c) for c in parse_cards(text)] for seat, text in hands.items()}
    top = [DECK.index(c) for c in parse_cards(stock)]
    used = {c for cards in given.values() for c in cards} | set(top)
    if len(used) != sum(len(c) for c in given.values()) + len(top):
        raise RulesError("stacked_deal: a card is given twice")
    spare = [i for i in range(len(DECK)) if i not in used]
    for seat in range(n):
        cards = given.setdefault(seat, [])
        if len(cards) > HAND_SIZE:
            raise RulesError(f"stacked_deal: seat {seat} is given more than {HAND_SIZE} cards")
        while len(cards) < HAND_SIZE:
            cards.append(spare.pop(0))
    left = (dealer + 1) % n
    order = [given[(left + k % n) % n][k // n] for k in range(HAND_SIZE * n)]
    return Deal(tuple(order + top + spare))


def make_game(**options: Any) -> VoormsiGame:
    """The entry-point factory: ``make_game(must_follow_suit=True)`` or ``make_game(preset="parlett")``."""
    preset = options.pop("preset", None)
    rules = VoormsiRules.preset(preset, **options) if preset else VoormsiRules.from_dict(options)
    return VoormsiGame(rules)

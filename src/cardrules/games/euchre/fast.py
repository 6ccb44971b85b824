"""Euchre's steps on states, with their fast paths, and the fused playouts: the one module that may
hold tagged copies of rules.

The rules live once each in :mod:`cardrules.games.euchre.engine`; this module chains them into the
transitions of :class:`~cardrules.games.euchre.game.EuchreGame` (whose ``apply``,
``legal_actions`` and, for :class:`~cardrules.games.euchre.game.RevokeModeGame`, the revoke-mode
versions are *bound* to the functions here, so that no call is added on the hot path). States are
built with one ``tuple.__new__`` call from interned parts and the hot tables built once per game
by :func:`init_tables` (immutable values only: a game object is never written after it is built
and may be shared between threads).

Where the benchmark needs it a rule is written out again, inline, and each such copy carries a
tag naming every rule id it carries and the engine function(s) it copies, in the form read by
:func:`cardrules.testing.rule_copies` (``# copy of rule E13: playable``);
``tests/games/euchre/test_rule_copies.py`` finds every tag and checks each copy against its
function.

The fused playouts (:func:`play_out`, :func:`play_out_revoke_mode`) play a hand's cards to the end
on ints and bitmasks, building no states; :func:`rollout` steps the bidding and hands them the card
play, and :func:`stepped_rollout` is the definition they are checked against: they draw exactly as
stepping does (the same calls on the same ``rng``), so from any state and seed both give the same
outcome and leave ``rng`` in the same state.

>>> from cardrules.games.euchre import make_game
>>> game = make_game()
>>> state = game.new_hand(dealer=0)
>>> rng = random.Random(3)
>>> while state.phase != "play":
...     legal = game.legal_actions(state) or (game.sample_chance(state, rng),)
...     state = game.apply(state, legal[rng.randrange(len(legal))])
>>> play_out(game, state, random.Random(5)) == stepped_rollout(game, state, random.Random(5))
True
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping, Sequence
from random import Random
from typing import TYPE_CHECKING, Any, Final

from cardrules import (
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    CallingRounds,
    CardrulesError,
    CardSet,
    ChooseDealer,
    Deal,
    HandResult,
    IllegalActionError,
    MatchScore,
    Outcome,
    RulesError,
    Suit,
    iter_bits,
)
from cardrules.game import check_rng, plain_class
from cardrules.games.euchre.actions import (
    BAD_DEAL,
    CLAIM,
    CORRECTS,
    DEALERS,
    DEFEND,
    DISCARDS,
    FARMER,
    NAMES,
    ORDER_UPS,
    PASS,
    PLAYS,
    ClaimRevoke,
    CorrectRevoke,
    DefendAlone,
    Discard,
    EuchreAction,
    FarmersHandClaim,
    NameNoTrump,
    NameTrump,
    OrderUp,
    Pass,
    Play,
)
from cardrules.games.euchre.checks import show
from cardrules.games.euchre.engine import (
    ACTIVE_SEATS,
    FOLLOW_MASKS,
    NEXT_SEATS,
    ORDERS,
    SEAT_AT,
    SUITS,
    TEAMS,
    WIN_KEYS,
    claimable_revoke,
    deal_positions,
    dealer_after_throw_in,
    dealer_picks_up,
    discardable,
    first_defender,
    first_leader,
    is_farmers_hand,
    must_go_alone,
    playable,
    revoke_public,
    round_two_trumps,
    sitting_out,
    trick_winner,
)
from cardrules.games.euchre.rulebook import EuchreRule
from cardrules.games.euchre.scoring import revoke_penalty, score_hand
from cardrules.games.euchre.state import (
    DECK,
    NO_PROGRESS,
    Contract,
    CorrectedRevoke,
    DealInfo,
    EuchreState,
    FinishedHand,
    MatchInfo,
    Progress,
    Revoke,
    Setup,
    make_state,
)

if TYPE_CHECKING:
    from cardrules.games.euchre.game import EuchreGame

__all__ = [
    "CallsInfo",
    "FastTables",
    "apply",
    "apply_chance",
    "apply_defend",
    "apply_discard",
    "apply_out_of_turn",
    "apply_play",
    "apply_revoke_mode",
    "before_deal",
    "bid",
    "bid_error",
    "bids",
    "calls_info",
    "complete_trick",
    "correct",
    "deal_stream",
    "discard",
    "end_hand",
    "first_lead",
    "follow_error",
    "hand_result",
    "init_tables",
    "legal_actions",
    "legal_actions_revoke_mode",
    "match_info",
    "play_list",
    "play_out",
    "play_out_revoke_mode",
    "points_outcome",
    "rollout",
    "specials",
    "stepped_rollout",
]

# -- tables of the deck (shared by every game) ------------------------------------------------------
_new: Final = tuple.__new__
_NO_SHOWN: Final = (0, 0, 0, 0)
_FULL_DECK: Final = (1 << 24) - 1
_BIT: Final[Mapping[int, int]] = {c: 1 << c for c in range(24)}
# The legal plays of a mask as two halves (12 bits each, 4,096 tuples apiece): one concatenation,
# and no cache that would grow with every hand mask met in a long simulation.
_PLAYS_LO: Final = tuple(tuple(PLAYS[c] for c in iter_bits(m)) for m in range(1 << 12))
_PLAYS_HI: Final = tuple(tuple(PLAYS[c + 12] for c in iter_bits(m)) for m in range(1 << 12))
# id() of each interned action -> its card index or seat: a builtin call instead of a hash.
_PLAY_IDS: Final = {id(p): c for c, p in enumerate(PLAYS)}
_DISCARD_IDS: Final = {id(d): c for c, d in enumerate(DISCARDS)}
_DEALER_IDS: Final = {id(c): c.seat for c in DEALERS}
_CARD_IDS: Final = {id(c): i for i, c in enumerate(DECK.cards)}
_UP_SUITS: Final[tuple[Suit, ...]] = tuple(c.suit for c in DECK.cards)  # type: ignore[misc]
_PHASE_RULES: Final[dict[type[object], EuchreRule]] = {
    OrderUp: EuchreRule.E6,
    Discard: EuchreRule.E6,
    Pass: EuchreRule.E6,
    NameTrump: EuchreRule.E7,
    NameNoTrump: EuchreRule.EV3,
    DefendAlone: EuchreRule.EV1,
}
"""The rule that says when an action of the bidding is taken: cited when one is tried in another
phase (a play of the card phase is refused by the play rules themselves)."""

CallsInfo = tuple[
    CallingRounds, int, bool, CallingRounds, "int | None", bool, "tuple[EuchreAction, ...]"
]
"""What the steps need of calling rounds (E6-E8): (calls, round, stuck (the mover may not pass),
calls after a pass, their to_move, all passed, the legal bids in round one (empty in round two,
where they depend on the up-card))."""


@plain_class  # the interpreted game class inherits it, in the compiled build too
class FastTables:
    """The hot tables of one game object, built by :func:`init_tables` and read only here: the
    interned states, calling rounds, contracts, results and outcomes of its rules. All are
    immutable values, complete once built (no step ever adds to them)."""

    _farmers: bool
    _four_suffice: bool
    _may_discard_up: bool
    _canadian: bool
    _same_dealer: bool
    _left_of_lone: bool
    _defend_alone: bool
    _round1: tuple[EuchreAction, ...]
    _round1_canadian: tuple[EuchreAction, ...]
    _round2_by_up: tuple[tuple[tuple[EuchreAction, ...], ...], ...]
    _calls0: tuple[CallingRounds, ...]
    _score0: MatchScore
    _single0: MatchInfo
    _fresh_hands: tuple[EuchreState, ...]
    _chain: dict[int, CallsInfo]
    _after_call: dict[tuple[int, int], CallingRounds]
    _contracts: dict[tuple[Suit | None, int, bool, bool], Contract]
    _results: dict[tuple[int, bool, bool, int], HandResult]
    _single_over: dict[int, tuple[HandResult, MatchInfo]]
    _outcomes: dict[tuple[int, ...], Outcome]
    _by_receiver: Any


def init_tables(game: EuchreGame) -> None:
    """Build ``game``'s hot tables (once, from its constructor).

    Every table is complete when built: the calling rounds met in play (every sequence of passes
    from each first bidder) and the calls after each bid, every contract, every hand result and
    every outcome of a hand. No step writes to the game afterwards.
    """
    r = game.rules
    game._farmers = r.farmers_hand != "off"
    game._four_suffice = r.farmers_hand == "mixed_four"
    game._may_discard_up = r.dealer_may_discard_upcard
    game._canadian = r.canadian_loner
    game._same_dealer = r.all_pass == "same_dealer"
    game._left_of_lone = r.lone_lead == "left_of_lone_player"
    game._defend_alone = r.defend_alone
    # E4 as one C call: the stream positions of each receiver's five cards, eldest first (dealer
    # 3's table: eldest is seat 0), then the up-card and the kitty.
    game._by_receiver = operator.itemgetter(
        *(p for seat_positions in deal_positions(3, r.deal_pattern) for p in seat_positions),
        20,
        21,
        22,
        23,
    )
    game._round1 = (PASS, *ORDER_UPS)
    game._round1_canadian = (PASS, ORDER_UPS[True])
    round2: dict[tuple[Suit, bool], tuple[EuchreAction, ...]] = {}
    for up in SUITS:
        for stuck in (False, True):
            names: list[EuchreAction] = [] if stuck else [PASS]
            allowed = round_two_trumps(
                up, stuck=stuck, any_suit_when_stuck=r.stick_dealer_any_suit, no_trump=r.no_trump
            )
            for alone in (False, True):
                names.extend(NAMES[(s, alone)] for s in allowed)
            round2[(up, stuck)] = tuple(names)
    # Round-two bids by up-card index and "stuck" flag, without a tuple key to hash.
    game._round2_by_up = tuple((round2[(s, False)], round2[(s, True)]) for s in _UP_SUITS)
    # Fresh calling rounds per first bidder: immutable values, shared by every deal.
    game._calls0 = tuple(
        CallingRounds.start(
            num_players=4, first=f, rounds=2, forced_last=r.stick_the_dealer, rule=EuchreRule.E6
        )
        for f in range(4)
    )
    game._score0 = MatchScore.start(teams=2, target=r.target_score)
    game._single0 = MatchInfo(game._score0, True, config=game.config)
    # The fresh single-hand states by dealer, and (index 4) the one that draws the dealer.
    game._fresh_hands = tuple(
        make_state(
            "deal" if d < 4 else "choose_dealer",
            CHANCE,
            (0, 0, 0, 0),
            0,
            (),
            (),
            (0, 0),
            DealInfo(d if d < 4 else -1),
            None,
            None,
            game._single0,
        )
        for d in range(5)
    )
    # The calling rounds met in play are interned: id(calls) -> what the steps need of it, and
    # (id(calls), id(bid)) -> the calls after that bid. The tables hold each key object, so no
    # other object can ever share its id.
    game._chain = {}
    game._after_call = {}
    for first_calls in game._calls0:
        calls = first_calls
        while not calls.is_over:
            info = calls_info(game, calls)
            game._chain[id(calls)] = info
            seat = calls.to_move
            assert seat is not None
            for bid in info[6] or NAMES.values():
                if bid is not PASS:
                    game._after_call[(id(calls), id(bid))] = calls.call(seat, bid)
            calls = info[3]
    game._contracts = {
        (trump, maker, alone, picked): Contract(
            trump, maker, alone, sitting_out(maker, alone), -1, picked
        )
        for trump in (*SUITS, None)
        for maker in range(4)
        for alone in (False, True)
        for picked in (False, True)
    }
    game._results = {}
    game._single_over = {}
    for maker in (0, 1):
        for alone, lone_defender in ((False, False), (True, False), (True, True)):
            out = sitting_out(maker, alone) | (1 << (maker + 3) % 4 if lone_defender else 0)
            contract = Contract(SUITS[0], maker, alone, out, maker + 1 if lone_defender else -1)
            for tricks in range(6):
                result = score_hand(r, contract, tricks)
                game._results[(maker, alone, lone_defender, tricks)] = result
                # The end of a fresh single hand with this result, built once (see end_hand); the
                # entry holds the result, so its id stays its own. Every finished hand counts in
                # ``score.hands`` (the hand number of its report).
                final = MatchInfo(game._score0.add(result.points), True, result, config=game.config)
                game._single_over[id(result)] = (result, final)
    # The widest swing of a hand: a march alone (4) or a euchre by a lone defender.
    scale = max(4, r.lone_defender_points)
    game._outcomes = {
        (a, b): Outcome.for_hand(TEAMS, (a, b), scale=scale)
        for a in range(scale + 1)
        for b in range(scale + 1)
    }


# -- starting states ---------------------------------------------------------------------------------
def match_info(game: EuchreGame, scores: object, single: bool) -> MatchInfo:
    """The match part a hand or match starts from, ``scores`` checked (E16: a start at or over the
    target is refused); a fresh single hand shares one interned value.

    >>> from cardrules.games.euchre import make_game
    >>> match_info(make_game(), (3, 4), single=False).score.scores
    (3, 4)
    """
    if scores is None:
        return game._single0 if single else MatchInfo(game._score0, single, config=game.config)
    if type(scores) is not tuple and type(scores) is not list:
        raise ArgumentTypeError(f"scores must be a tuple of two ints, not {show(scores)}")
    if len(scores) != 2:
        raise ArgumentError(f"scores must hold one score per team (two), not {len(scores)}")
    for team, score in enumerate(scores):
        if type(score) is not int:
            raise ArgumentTypeError(f"scores[{team}] must be an int, not {show(score)}")
        if score < 0:
            raise ArgumentError(f"scores[{team}] must not be negative, not {score}")
    target = game.rules.target_score
    if any(score >= target for score in scores):
        # E16: a start at or over the target is refused.
        raise RulesError(
            f"E16: a match cannot start with a score at or over the target {target}, "
            f"not {scores[0]}-{scores[1]}"
        )
    if single and not any(scores):
        return game._single0  # one value for a fresh single hand, whichever way it is asked
    return MatchInfo(
        MatchScore.start(teams=2, target=target, scores=tuple(scores)), single, config=game.config
    )


def before_deal(game: EuchreGame, phase: Any, dealer: int | None, match: MatchInfo) -> EuchreState:
    """The state before a deal by ``dealer`` (``phase`` ``"deal"``), or before the draw of the
    first dealer (``"choose_dealer"``, dealer ``None`` or ``-1``), in ``match``; a chance step
    either way."""
    seat = -1 if dealer is None or phase != "deal" else dealer
    if match is game._single0:
        return game._fresh_hands[seat if seat >= 0 else 4]
    return make_state(
        phase, CHANCE, (0, 0, 0, 0), 0, (), (), (0, 0), DealInfo(seat), None, None, match
    )


# -- legal actions -----------------------------------------------------------------------------------
def play_list(mask: int) -> tuple[Play, ...]:
    """The interned plays of the cards of ``mask``, in deck order."""
    return _PLAYS_LO[mask & 4095] + _PLAYS_HI[mask >> 12]


def _passed(calls: CallingRounds, seat: int) -> CallingRounds:
    """``calls.pass_(seat)`` without its checks: the table of calling rounds also records where a
    pass would lead when the rules forbid one (stick the dealer, E8), which ``pass_`` refuses."""
    position, round_no = calls.position + 1, calls.round
    if position == calls.num_players:
        position, round_no = 0, round_no + 1
    return CallingRounds(
        calls.num_players, calls.first, calls.rounds, calls.forced_last, round_no, position,
        calls.caller, (*calls.history, (seat, None)), calls.rule,
    )  # fmt: skip


def calls_info(game: EuchreGame, calls: CallingRounds) -> CallsInfo:
    """What the steps need of ``calls`` (not yet over); interned per calling rounds met in play."""
    seat = calls.to_move
    assert seat is not None
    after = _passed(calls, seat)
    round1: tuple[EuchreAction, ...] = ()
    if calls.round == 0:
        round1 = game._round1
        # EV2: with the Canadian loner the assisting partner must go alone (the dealer sits just
        # before the eldest, who speaks first).
        if must_go_alone(seat, (calls.first + 3) % 4, canadian_loner=game._canadian):
            round1 = game._round1_canadian
    stuck = not calls.may_pass
    return (calls, calls.round, stuck, after, after.to_move, after.all_passed, round1)


def _info(game: EuchreGame, calls: CallingRounds) -> CallsInfo:
    info = game._chain.get(id(calls))
    return calls_info(game, calls) if info is None else info


def bids(game: EuchreGame, state: EuchreState) -> tuple[EuchreAction, ...]:
    """E6-E8, EV2 and EV3: the bids open to the seat to move (a state in its bidding phase)."""
    calls = state[5].calls
    assert calls is not None
    info = _info(game, calls)
    return info[6] or game._round2_by_up[state[5].deal.upcard][info[2]]


def specials(game: EuchreGame, state: EuchreState, seat: int) -> tuple[EuchreAction, ...]:
    """The claims and corrections open to ``seat`` (a checked seat), whether or not it is its
    turn: a farmer's-hand claim (E5), revoke corrections and the claim of a revoke (E17)."""
    phase = state.phase
    if phase == "bidding":
        calls = state.calls
        if (
            game._farmers
            and calls is not None
            and not calls.history
            and is_farmers_hand(state.hands[seat], four_suffice=game._four_suffice)
        ):
            return (FARMER,)
        return ()
    if phase != "play" or not state.revokes:
        return ()
    actions: list[EuchreAction] = []
    trick_no = len(state.tricks)
    contract = state.contract
    assert contract is not None
    for revoke in state.revokes:
        if not revoke.established and revoke.seat == seat and revoke.trick_no == trick_no:
            # E17: the revoke is taken back for a card that follows suit (E13); the seat could
            # follow when it revoked and still holds those cards.
            follows = playable(state.hands[seat], state.trick[0], contract.trump)
            actions.extend(CORRECTS[c] for c in iter_bits(follows))
    if claimable_revoke(state.revokes, seat, contract, state.tricks, state.leader, state.trick):
        actions.append(CLAIM)
    return tuple(actions)


def legal_actions(self: EuchreGame, state: EuchreState) -> tuple[EuchreAction, ...]:
    """The actions of the seat to move (empty at chance and terminal states).

    In revoke mode (E17, :class:`~cardrules.games.euchre.game.RevokeModeGame`) any held card may
    be played, and a seat whose opponents have an established revoke finds the claim among its
    legal actions when it is its turn.
    """
    if type(state) is not EuchreState:
        self.check_state(state)
    phase, seat, hands, trick, _, setup, match = state
    if match.config is not self.config:  # (on the unpacked part: cheaper than state[6])
        self.check_state(state)
    if phase == "play":
        assert seat is not None
        # E13: follow the led effective suit if able. Hot path: the legal cards as one
        # concatenation of two precomputed half-tables.
        hand = hands[seat]
        if trick:
            contract = setup.contract
            assert contract is not None
            # copy of rule E13: playable
            hand = hand & FOLLOW_MASKS[contract.trump][trick[0]] or hand
        return _PLAYS_LO[hand & 4095] + _PLAYS_HI[hand >> 12]  # play_list, inline
    if seat is None or seat == CHANCE:
        return ()
    if phase == "bidding":
        calls = setup.calls
        assert calls is not None
        if self._farmers and not calls.history:
            claims = specials(self, state, seat)  # E5: the mover may claim a farmer's hand too
            if claims:
                return (*bids(self, state), *claims)
        # bids, inline: the interned calling rounds' entry, else computed.
        info = self._chain.get(id(calls))
        if info is None:
            info = calls_info(self, calls)
        return info[6] or self._round2_by_up[setup.deal.upcard][info[2]]
    if phase == "discard":
        hand = discardable(hands[seat], setup.deal.upcard, may_discard_upcard=self._may_discard_up)
        # Once a hand: built afresh rather than cached per mask (a cache keyed by six-card masks
        # would grow to C(24, 6) entries over a long simulation).
        return tuple(DISCARDS[c] for c in iter_bits(hand))
    if phase == "defend":
        return (PASS, DEFEND)
    return ()


def legal_actions_revoke_mode(self: EuchreGame, state: EuchreState) -> tuple[EuchreAction, ...]:
    """As :func:`legal_actions`, but in play any held card may be played (E17), and the claim of
    an established revoke of the opponents is open to the seat to move."""
    if type(state) is EuchreState and state[0] == "play" and state[6].config is self.config:
        seat = state[1]
        assert seat is not None
        plays = play_list(state[2][seat])
        if state[5].revokes:
            return plays + specials(self, state, seat)  # E17: the mover may claim too
        return plays
    return legal_actions(self, state)


# -- apply ---------------------------------------------------------------------------------------------
def apply(
    self: EuchreGame, state: EuchreState, action: Any, seat: int | None = None
) -> EuchreState:
    """The state after ``action`` by ``seat`` (default: the seat to move).

    Raises :class:`~cardrules.IllegalActionError` naming the rule, also for an action with a field of the
    wrong type or out of range (see :meth:`~cardrules.games.euchre.game.EuchreGame.checked_action`);
    ``state`` is never changed. A value that is not a Euchre state, or a seat that is not ``None``,
    :data:`~cardrules.CHANCE` (at a chance step) or an ``int`` 0-3, raises
    :class:`~cardrules.errors.ArgumentTypeError` or :class:`~cardrules.errors.ArgumentError`; a
    value that is no action at all, a :class:`~cardrules.errors.NotationError`.
    """
    if type(state) is not EuchreState:
        self.check_state(state)
    phase, mover, hands, trick, progress, setup, match = state
    if match.config is not self.config:  # (on the unpacked part: cheaper than state[6])
        self.check_state(state)
    if seat is None or (type(seat) is int and seat == mover):
        # Fast paths, one per phase: the action is checked against the legal set (a bitmask test,
        # or identity with an interned action) and the next state built with one tuple.__new__
        # call. Anything unusual (an equal but not interned action, a claim, an illegal action)
        # takes the checked general path below, which validates every argument and raises the
        # detailed error. (Revoke mode sends its plays to apply_play before they reach this path.)
        if phase == "play":
            assert mover is not None
            card = _PLAY_IDS.get(id(action), -1)
            if card >= 0:
                # The hottest path of all (E12-E14), inline: ints, bitmasks, one tuple.
                hand = hands[mover]
                contract = setup.contract
                assert contract is not None
                if trick:
                    # E13: the legal set is the led effective suit held, else the hand.
                    # copy of rule E13: playable
                    if not (hand & FOLLOW_MASKS[contract.trump][trick[0]] or hand) >> card & 1:
                        return apply_play(self, state, mover, action, card)  # raises
                    trick = (*trick, card)
                elif hand >> card & 1:
                    trick = (card,)
                else:
                    return apply_play(self, state, mover, action, card)  # raises
                hand ^= 1 << card
                h0, h1, h2, h3 = hands
                if mover == 0:
                    hands = (hand, h1, h2, h3)
                elif mover == 1:
                    hands = (h0, hand, h2, h3)
                elif mover == 2:
                    hands = (h0, h1, hand, h3)
                else:
                    hands = (h0, h1, h2, hand)
                out = contract.out
                # copy of rule E12: next_active_seat
                if not out:  # four players: the next seat is simply the one to the left
                    if len(trick) < 4:
                        return _new(
                            EuchreState,
                            ("play", (mover + 1) & 3, hands, trick, progress, setup, match),
                        )
                elif len(trick) < ACTIVE_SEATS[out]:
                    return _new(
                        EuchreState,
                        ("play", NEXT_SEATS[out][mover], hands, trick, progress, setup, match),
                    )
                # The trick is complete (E14), inline and unrolled; no revokes in strict mode
                # (see complete_trick): the card of the highest key wins, and its seat leads.
                # copy of rules E12, E14: next_active_seat, trick_winner
                leader, tricks, won = progress
                keys = WIN_KEYS[contract.trump][trick[0]]
                pos, best = 0, keys[trick[0]]
                k = keys[trick[1]]
                if k > best:
                    pos, best = 1, k
                if not out:
                    k = keys[trick[2]]
                    if k > best:
                        pos, best = 2, k
                    if keys[trick[3]] > best:
                        pos = 3
                    winner = (leader + pos) % 4
                else:
                    # A lone hand: three cards (two when a defender also plays alone).
                    if len(trick) == 3 and keys[trick[2]] > best:
                        pos = 2
                    winner = SEAT_AT[out][leader][pos]
                won0, won1 = won
                won = (won0, won1 + 1) if winner & 1 else (won0 + 1, won1)
                progress = _new(Progress, (winner, (*tricks, (leader, trick)), won))
                if len(tricks) < 4:
                    return _new(EuchreState, ("play", winner, hands, (), progress, setup, match))
                # The last trick: score the hand (E15).
                result = hand_result(self, contract, won[contract.maker & 1])
                if match is self._single0:
                    entry = self._single_over.get(id(result))
                    if entry is not None:
                        return _new(
                            EuchreState, ("over", None, hands, (), progress, setup, entry[1])
                        )
                played = _new(EuchreState, ("play", None, hands, (), progress, setup, match))
                next_dealer = (setup.deal.dealer + 1) % 4
                return end_hand(self, played, result, next_dealer, setup.calls)
        elif mover == CHANCE:
            if phase == "deal" and type(action) is Deal:
                # getattr: None for a Deal built without its field, and no type assumed (the
                # compiled build would refuse a tampered, non-tuple order with a bare TypeError).
                order = getattr(action, "order", None)
                return deal_stream(self, state, order)  # checks the order
            if phase == "choose_dealer" and match is self._single0:
                dealer = _DEALER_IDS.get(id(action), -1)
                if dealer >= 0:
                    return self._fresh_hands[dealer]  # E3: the fresh hand of that dealer
        elif phase == "bidding":
            assert mover is not None
            calls = setup.calls
            assert calls is not None
            info = self._chain.get(id(calls))
            if info is None:
                info = calls_info(self, calls)
            legal = info[6] or self._round2_by_up[setup.deal.upcard][info[2]]
            for candidate in legal:
                if candidate is action:
                    return bid(self, state, mover, candidate, info)
        elif phase == "discard":
            assert mover is not None
            card = _DISCARD_IDS.get(id(action), -1)
            if (
                card >= 0
                and discardable(
                    hands[mover], setup.deal.upcard, may_discard_upcard=self._may_discard_up
                )
                >> card
                & 1
            ):
                return discard(self, state, mover, card)
    return _apply_checked(self, state, action, seat)


def _apply_checked(
    self: EuchreGame, state: EuchreState, action: Any, seat: int | None
) -> EuchreState:
    """The general path of :func:`apply`: the seat, then every field of the action, are checked
    before use; from here on ``action`` is the game's own interned object (or a chance action)."""
    phase, mover = state[0], state[1]
    if seat is not None and (type(seat) is not int or not 0 <= seat < 4):
        if type(seat) is not int:
            self.check_seat(seat)  # raises (before any == on a value of unknown type)
        self.check_actor(state, seat, mover)  # CHANCE at a chance step, else raises
    try:
        action = self.checked_action(action)
    except IllegalActionError as exc:
        if mover is None or mover == CHANCE or seat == CHANCE:
            raise
        # A malformed action of a seat: the error lists what that seat may do instead (its own
        # options only, never another seat's cards).
        actor = mover if seat is None else seat
        legal = self.legal_actions(state) if actor == mover else specials(self, state, actor)
        raise IllegalActionError(
            exc.rule, exc.why, action=exc.action, seat=actor, legal=legal
        ) from None
    if mover == CHANCE and (seat is None or seat == CHANCE):
        return apply_chance(self, state, action)
    if type(action) is FarmersHandClaim or type(action) is CorrectRevoke or action is CLAIM:
        return apply_out_of_turn(self, state, action, mover if seat is None else seat)
    if mover is None:
        raise IllegalActionError(EuchreRule.E16, "the game is over", action=action, seat=seat)
    actor = mover if seat is None else seat
    if actor != mover:
        who = "chance" if mover == CHANCE else f"seat {mover}"
        rule = EuchreRule.E12 if phase == "play" else EuchreRule.E6
        # The seat learns only what it may do itself: its out-of-turn actions, never the mover's
        # cards.
        legal = () if actor == CHANCE else specials(self, state, actor)
        raise IllegalActionError(
            rule, f"it is {who}'s turn", action=action, seat=actor, legal=legal
        )
    if mover == CHANCE:
        return apply_chance(self, state, action)
    if phase == "play" and type(action) is Play:
        return apply_play(self, state, mover, action, _PLAY_IDS[id(action)])
    if phase == "bidding":
        calls = state[5].calls
        assert calls is not None
        info = _info(self, calls)
        for candidate in info[6] or self._round2_by_up[state[5].deal.upcard][info[2]]:
            if candidate is action:
                return bid(self, state, mover, candidate, info)
        # The error path only: every legal action of the seat, the claims included.
        raise bid_error(self, state, mover, action, self.legal_actions(state))
    if phase == "discard":
        return apply_discard(self, state, mover, action)
    if phase == "defend":
        return apply_defend(self, state, mover, action)
    # The rule cited is the one that says when such an action is taken (a bid in the play phase
    # breaks no follow rule: it comes after the bidding is over).
    rule = _PHASE_RULES.get(type(action), EuchreRule.E12 if phase == "play" else EuchreRule.E6)
    try:
        written = self.format_action(action)
    except CardrulesError:
        written = show(action)
    raise IllegalActionError(
        rule,
        f"{written} is not an action of the {phase} phase"
        + (": the bidding is over, play a card" if phase == "play" else ""),
        action=action,
        seat=actor,
        legal=self.legal_actions(state),
    )


def apply_revoke_mode(
    self: EuchreGame, state: EuchreState, action: Any, seat: int | None = None
) -> EuchreState:
    """As :func:`apply`; every play of the seat to move goes through the checked
    :func:`apply_play`, which records revokes (E17)."""
    if type(state) is EuchreState and state[0] == "play" and state[6].config is self.config:
        mover = state[1]
        if seat is None or (type(seat) is int and seat == mover):
            card = _PLAY_IDS.get(id(action), -1)
            if card >= 0:
                assert mover is not None
                return apply_play(self, state, mover, action, card)
    return apply(self, state, action, seat)


# -- the card play -------------------------------------------------------------------------------------
def apply_play(
    game: EuchreGame, state: EuchreState, seat: int, action: Any, card: int
) -> EuchreState:
    """E12-E14: ``seat`` plays ``card`` (a deck index): the checked general path of a play
    (strict play's fast path is inlined in :func:`apply`; every play of revoke mode). A play that
    does not follow suit while able is refused (E13), or recorded as a revoke in revoke mode."""
    _, _, hands, trick, progress, setup, match = state
    hand = hands[seat]
    if not hand >> card & 1:
        raise IllegalActionError(
            EuchreRule.E13,
            f"seat {seat} does not hold {action.card}",
            action=action,
            seat=seat,
            legal=game.legal_actions(state),
        )
    contract = setup.contract
    assert contract is not None
    if trick:
        legal = playable(hand, trick[0], contract.trump)  # E13
        if not legal >> card & 1:
            if not game.rules.renege_mode:
                raise follow_error(state, seat, action, legal)
            # E17: the play is accepted and recorded as a revoke, pending until the trick is
            # complete.
            revoke = Revoke(len(progress.tricks), seat, card)
            setup = Setup(
                setup.deal, setup.calls, contract, (*setup.revokes, revoke), setup.shown,
                setup.corrected,
            )  # fmt: skip
        trick = (*trick, card)
    else:
        trick = (card,)
    hand ^= 1 << card
    h0, h1, h2, h3 = hands
    if seat == 0:
        hands = (hand, h1, h2, h3)
    elif seat == 1:
        hands = (h0, hand, h2, h3)
    elif seat == 2:
        hands = (h0, h1, hand, h3)
    else:
        hands = (h0, h1, h2, hand)
    if setup.shown[seat] >> card & 1:  # a card shown by a correction (E17) is played
        shown = tuple(m & ~(1 << card) for m in setup.shown)
        setup = Setup(setup.deal, setup.calls, contract, setup.revokes, shown, setup.corrected)
    out = contract.out
    if len(trick) < ACTIVE_SEATS[out]:
        return _new(
            EuchreState, ("play", NEXT_SEATS[out][seat], hands, trick, progress, setup, match)
        )
    return complete_trick(game, state, hands, trick, setup)


def follow_error(state: EuchreState, seat: int, action: Play, following: int) -> IllegalActionError:
    """E13: the error of a play that does not follow suit; ``following`` holds the cards that do."""
    contract = state.contract
    assert contract is not None
    led = ORDERS[contract.trump].effective_suits[state.trick[0]]
    symbol = led.symbol if led is not None else "?"
    return IllegalActionError(
        EuchreRule.E13,
        f"must follow {symbol} (holds {CardSet(DECK, following)})",
        action=action,
        seat=seat,
        legal=play_list(following),
    )


def complete_trick(
    game: EuchreGame,
    state: EuchreState,
    hands: tuple[int, ...],
    trick: tuple[int, ...],
    setup: Setup,
) -> EuchreState:
    """E14, E17: the trick is complete: its winner leads the next (E12), its pending revokes are
    established, and after the fifth the hand is scored (E15, or the revoke penalty)."""
    contract = setup.contract
    assert contract is not None
    progress = state[4]
    # E14: the highest trump, else the highest card of the led (effective) suit.
    pos = trick_winner(trick, contract.trump)
    leader, tricks, (won0, won1) = progress
    winner = SEAT_AT[contract.out][leader][pos]
    won = (won0 + 1, won1) if winner % 2 == 0 else (won0, won1 + 1)
    tricks = (*tricks, (leader, trick))
    revokes = setup.revokes
    if revokes:
        # E17: the last card of a trick establishes its pending revokes.
        revokes = tuple(
            r if r.established else Revoke(r.trick_no, r.seat, r.card, True) for r in revokes
        )
        setup = Setup(setup.deal, setup.calls, contract, revokes, setup.shown, setup.corrected)
    progress = _new(Progress, (winner, tricks, won))
    match = state[6]
    if len(tricks) < 5:
        return _new(EuchreState, ("play", winner, hands, (), progress, setup, match))
    if revokes:
        result = revoke_penalty(contract, revokes[0].seat)
    else:
        result = hand_result(game, contract, won[contract.maker % 2])
        if match is game._single0:
            # The end of a fresh single hand: its final match value is interned by result.
            entry = game._single_over.get(id(result))
            if entry is not None:
                return _new(EuchreState, ("over", None, hands, (), progress, setup, entry[1]))
    played = _new(EuchreState, ("play", None, hands, (), progress, setup, match))
    return end_hand(game, played, result, (setup.deal.dealer + 1) % 4, setup.calls)


# -- chance: the dealer, the deal --------------------------------------------------------------------
def apply_chance(game: EuchreGame, state: EuchreState, action: Any) -> EuchreState:
    """A chance step with a checked action: the draw of the first dealer (E3) or the deal (E4)."""
    if state[0] == "choose_dealer":
        if type(action) is not ChooseDealer:
            raise IllegalActionError(
                EuchreRule.E3, "the first step draws the dealer (seat 0-3)", action=action
            )
        return before_deal(game, "deal", action.seat, state.match)
    if type(action) is not Deal:
        raise IllegalActionError(EuchreRule.E4, "the next step is a deal", action=action)
    return deal_stream(game, state, action.order)


def deal_stream(game: EuchreGame, state: EuchreState, order: object) -> EuchreState:
    """E4 at a state known to be at its deal step: the stream ``order`` (checked here) dealt in
    packets, the up-card ``order[20]`` and the kitty ``order[20:24]``."""
    dealer = state[5].deal.dealer
    full = -1
    if type(order) is tuple and len(order) == 24:
        # The stream in receiver order (eldest first), then the up-card and the kitty.
        # fmt: off
        (
            a0, a1, a2, a3, a4, b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4,
            up, k0, k1, k2,
        ) = game._by_receiver(order)
        # Exact ints only (a bool or an int-like object would pass for its int), then each one's
        # bit from a table: a value out of 0-23 is absent (KeyError).
        if (
            int is type(a0) is type(a1) is type(a2) is type(a3) is type(a4) is type(b0)
            is type(b1) is type(b2) is type(b3) is type(b4) is type(c0) is type(c1)
            is type(c2) is type(c3) is type(c4) is type(d0) is type(d1) is type(d2)
            is type(d3) is type(d4) is type(up) is type(k0) is type(k1) is type(k2)
        ):
            bit = _BIT
            try:
                r0 = bit[a0] | bit[a1] | bit[a2] | bit[a3] | bit[a4]
                r1 = bit[b0] | bit[b1] | bit[b2] | bit[b3] | bit[b4]
                r2 = bit[c0] | bit[c1] | bit[c2] | bit[c3] | bit[c4]
                r3 = bit[d0] | bit[d1] | bit[d2] | bit[d3] | bit[d4]
                kitty = bit[k0] | bit[k1] | bit[k2]
                full = r0 | r1 | r2 | r3 | kitty | bit[up]
            except KeyError:
                full = -1
        # fmt: on
    # 24 cards whose bits cover the whole deck: each index 0-23 exactly once.
    if full != _FULL_DECK:
        raise IllegalActionError(EuchreRule.E4, BAD_DEAL, action="deal")
    first = (dealer + 1) % 4
    # Seat (first + r) % 4 receives the r-th packet sequence.
    if first == 0:
        hands = (r0, r1, r2, r3)
    elif first == 1:
        hands = (r3, r0, r1, r2)
    elif first == 2:
        hands = (r2, r3, r0, r1)
    else:
        hands = (r1, r2, r3, r0)
    deal = _new(DealInfo, (dealer, up, kitty, -1))
    setup = _new(Setup, (deal, game._calls0[first], None, (), _NO_SHOWN, ()))
    return _new(EuchreState, ("bidding", first, hands, (), NO_PROGRESS, setup, state[6]))


# -- the bidding, the discard, defending alone -------------------------------------------------------
def bid(
    game: EuchreGame, state: EuchreState, seat: int, action: EuchreAction, info: CallsInfo
) -> EuchreState:
    """E6-E9: a legal bid (``action`` is the interned one from the legal set)."""
    _, _, hands, _, _, setup, match = state
    calls = info[0]
    deal = setup.deal
    dealer = deal.dealer
    if action is PASS:
        after, to_move, all_passed = info[3], info[4], info[5]
        if not all_passed:
            return _new(
                EuchreState,
                (
                    "bidding",
                    to_move,
                    hands,
                    (),
                    NO_PROGRESS,
                    _new(Setup, (deal, after, None, (), _NO_SHOWN, ())),
                    match,
                ),
            )
        # E8 off / D7: eight passes throw the hand in; nobody scores.
        result = HandResult((0, 0), "E8: all passed, the hand is thrown in")
        next_dealer = dealer_after_throw_in(dealer, same_dealer=game._same_dealer)
        return end_hand(game, state, result, next_dealer, after)
    called = game._after_call.get((id(calls), id(action)))
    if called is None:  # calling rounds that are not interned (built by hand)
        called = calls.call(seat, action)
    trump: Suit | None
    if type(action) is OrderUp:
        trump = _UP_SUITS[deal.upcard]
    elif type(action) is NameTrump:
        trump = action.suit
    else:
        assert type(action) is NameNoTrump
        trump = None  # EV3
    alone = action.alone
    picked = type(action) is OrderUp and dealer_picks_up(seat, alone, dealer)
    contract = game._contracts[(trump, seat, alone, picked)]
    if picked:
        # E6: the dealer takes the up-card and discards (E9: not when the dealer sits out).
        h = list(hands)
        h[dealer] |= 1 << deal.upcard
        return _new(
            EuchreState,
            (
                "discard",
                dealer,
                tuple(h),
                (),
                NO_PROGRESS,
                _new(Setup, (deal, called, contract, (), _NO_SHOWN, ())),
                match,
            ),
        )
    return _after_contract(game, state, hands, deal, called, contract)


def bid_error(
    game: EuchreGame, state: EuchreState, seat: int, action: Any, legal: Sequence[EuchreAction]
) -> IllegalActionError:
    """The error of an illegal bid, citing the rule it breaks."""
    calls = state.calls
    assert calls is not None
    dealer = state.deal.dealer
    if isinstance(action, Pass) and not calls.may_pass:
        why, rule = "the dealer is stuck and must name trump", EuchreRule.E8
    elif calls.round == 0 and isinstance(action, NameTrump | NameNoTrump):
        why, rule = "round one only accepts or passes the up-card's suit", EuchreRule.E6
    elif calls.round == 1 and isinstance(action, OrderUp):
        why, rule = "the up-card was turned down; name another suit", EuchreRule.E7
    elif (
        isinstance(action, OrderUp)
        and not action.alone
        and must_go_alone(seat, dealer, canadian_loner=game._canadian)
    ):
        why, rule = "with the Canadian loner the dealer's partner must go alone", EuchreRule.EV2
    elif isinstance(action, NameNoTrump):
        why, rule = "no-trump is not allowed (no_trump=False)", EuchreRule.EV3
    elif isinstance(action, NameTrump) and action.suit == _UP_SUITS[state.deal.upcard]:
        why, rule = f"the turned-down suit {action.suit.symbol} cannot be named", EuchreRule.E7
    else:
        why, rule = f"not a bid: {action!r}", EuchreRule.E6
    return IllegalActionError(rule, why, action=action, seat=seat, legal=legal)


def apply_discard(game: EuchreGame, state: EuchreState, seat: int, action: Any) -> EuchreState:
    """The general path of a discard (a checked action): the rule id of what is wrong."""
    if type(action) is not Discard:
        raise IllegalActionError(
            EuchreRule.E6,
            "the dealer must discard one card",
            action=action,
            seat=seat,
            legal=game.legal_actions(state),
        )
    card = _DISCARD_IDS[id(action)]
    if not state.hands[seat] >> card & 1:
        raise IllegalActionError(
            EuchreRule.E6,
            f"the dealer does not hold {action.card}",
            action=action,
            seat=seat,
            legal=game.legal_actions(state),
        )
    if card == state.deal.upcard and not game._may_discard_up:
        raise IllegalActionError(
            EuchreRule.D3,
            "the dealer may not discard the up-card",
            action=action,
            seat=seat,
            legal=game.legal_actions(state),
        )
    return discard(game, state, seat, card)


def discard(game: EuchreGame, state: EuchreState, seat: int, card: int) -> EuchreState:
    """E6: the dealer buries ``card`` (already checked legal)."""
    _, _, hands, _, _, setup, match = state
    h = list(hands)
    h[seat] &= ~(1 << card)
    d = setup.deal
    contract = setup.contract
    calls = setup.calls
    assert contract is not None
    assert calls is not None
    deal = _new(DealInfo, (d.dealer, d.upcard, d.kitty, card))
    if not contract.alone:
        # The common case, inline: eldest leads (E12) and nobody is asked to defend alone.
        eldest = (d.dealer + 1) % 4
        setup = _new(Setup, (deal, calls, contract, setup.revokes, setup.shown, setup.corrected))
        return _new(
            EuchreState,
            (
                "play",
                eldest,
                tuple(h),
                (),
                _new(Progress, (eldest, (), (0, 0))) if eldest else NO_PROGRESS,
                setup,
                match,
            ),
        )
    return _after_contract(game, state, tuple(h), deal, calls, contract)


def _after_contract(
    game: EuchreGame,
    state: EuchreState,
    hands: tuple[int, ...],
    deal: DealInfo,
    calls: CallingRounds,
    contract: Contract,
) -> EuchreState:
    if contract.alone and game._defend_alone:
        # EV1: each defender is asked in turn, from the dealer's left.
        asked = first_defender(deal.dealer, contract.maker)
        return make_state(
            "defend", asked, hands, state.leader, (), (), (0, 0), deal, calls, contract,
            state.match, state.revokes, state.shown,
        )  # fmt: skip
    return _start_play(game, state, hands, deal, calls, contract)


def apply_defend(game: EuchreGame, state: EuchreState, seat: int, action: Any) -> EuchreState:
    """EV1: a defender's answer to a lone maker (a checked action)."""
    contract = state.contract
    assert contract is not None
    assert state.calls is not None
    if isinstance(action, DefendAlone):
        contract = Contract(
            contract.trump,
            contract.maker,
            True,
            contract.out | 1 << (seat + 2) % 4,
            seat,
            contract.picked_up,
        )
        return _start_play(game, state, state.hands, state.deal, state.calls, contract)
    if isinstance(action, Pass):
        if seat == first_defender(state.deal.dealer, contract.maker):
            return make_state(
                "defend", (seat + 2) % 4, state.hands, state.leader, (), (), (0, 0),
                state.deal, state.calls, contract, state.match, state.revokes, state.shown,
            )  # fmt: skip
        return _start_play(game, state, state.hands, state.deal, state.calls, contract)
    raise IllegalActionError(
        EuchreRule.EV1,
        "answer 'defend alone' or 'pass'",
        action=action,
        seat=seat,
        legal=game.legal_actions(state),
    )


def first_lead(game: EuchreGame, dealer: int, contract: Contract) -> int:
    """E12 / D4: :func:`~cardrules.games.euchre.engine.first_leader` under ``game``'s rules."""
    return first_leader(
        dealer, contract.maker, contract.alone, contract.out, left_of_lone=game._left_of_lone
    )


def _start_play(
    game: EuchreGame,
    state: EuchreState,
    hands: tuple[int, ...],
    deal: DealInfo,
    calls: CallingRounds,
    contract: Contract,
) -> EuchreState:
    leader = first_lead(game, deal.dealer, contract)
    progress = _new(Progress, (leader, (), (0, 0))) if leader else NO_PROGRESS
    setup = state[5]
    setup = _new(Setup, (deal, calls, contract, setup.revokes, setup.shown, setup.corrected))
    return _new(EuchreState, ("play", leader, hands, (), progress, setup, state[6]))


# -- the end of a hand; claims and corrections ---------------------------------------------------------
def hand_result(game: EuchreGame, contract: Contract, maker_tricks: int) -> HandResult:
    """The (interned) result of a played-out hand: :func:`~cardrules.games.euchre.scoring.score_hand` by what it depends on."""
    key = (contract.maker & 1, contract.alone, contract.lone_defender >= 0, maker_tricks)
    result = game._results.get(key)
    if result is None:  # pragma: no cover - every reachable key is in the table
        return score_hand(game.rules, contract, maker_tricks)
    return result


def points_outcome(game: EuchreGame, points: tuple[int, ...]) -> Outcome:
    """The (interned) outcome of a hand that scored ``points`` (checked points)."""
    outcome = game._outcomes.get(points)
    if outcome is None:  # pragma: no cover - every reachable score is in the table
        return Outcome.for_hand(TEAMS, points, scale=max(4, game.rules.lone_defender_points))
    return outcome


def end_hand(
    game: EuchreGame,
    state: EuchreState,
    result: HandResult,
    next_dealer: int,
    calls: CallingRounds | None,
    claimer: int = -1,
) -> EuchreState:
    """Credit ``result`` (E15/E16); a single hand or a won match ends, else the next deal.

    The hand is kept in the match part (:class:`~cardrules.games.euchre.state.FinishedHand`) for the hand report, except at the
    end of a fresh single hand played out, whose over state holds it already.
    """
    _, _, hands, trick, progress, setup, match = state
    if setup.calls is not calls:
        setup = Setup(
            setup.deal, calls, setup.contract, setup.revokes, setup.shown, setup.corrected
        )
    if match is game._single0:
        # A fresh single hand (the common case of bots and benchmarks): its final match value
        # depends on the result only, and interned results make that a lookup.
        entry = game._single_over.get(id(result))
        if entry is not None:
            return _new(EuchreState, ("over", None, hands, trick, progress, setup, entry[1]))
    score = match.score.add(result.points)
    record = FinishedHand(hands, trick, progress, setup, match.score.scores, claimer)
    if match.single_hand or score.is_over:
        final = MatchInfo(score, match.single_hand, result, record, match.config)
        return _new(EuchreState, ("over", None, hands, trick, progress, setup, final))
    return before_deal(
        game, "deal", next_dealer, MatchInfo(score, False, result, record, match.config)
    )


def apply_out_of_turn(
    game: EuchreGame, state: EuchreState, action: Any, seat: int | None
) -> EuchreState:
    """A claim or a correction (a checked action) by ``seat`` (a checked seat, or the mover)."""
    rule = EuchreRule.E5 if isinstance(action, FarmersHandClaim) else EuchreRule.E17
    if seat is None or seat < 0 or action not in specials(game, state, seat):
        raise IllegalActionError(
            rule,
            "this claim or correction is not open to that seat now",
            action=action,
            seat=seat,
            legal=(
                ()
                if seat is None or seat < 0
                else game.legal_actions(state)
                if seat == state.to_move
                else specials(game, state, seat)
            ),
        )
    if isinstance(action, FarmersHandClaim):
        # E5: no score, the same dealer deals again.
        result = HandResult((0, 0), f"E5: farmer's hand claimed by seat {seat}, redeal")
        return end_hand(game, state, result, state.deal.dealer, state.calls, seat)
    contract = state.contract
    assert contract is not None
    if isinstance(action, ClaimRevoke):
        # E17 (who claims): the claim names the earliest established revoke of the claimer's
        # opponents, never one of its own side, even an earlier one.
        named = claimable_revoke(
            state.revokes, seat, contract, state.tricks, state.leader, state.trick
        )
        assert named is not None  # the claim is open (checked above)
        return end_hand(
            game,
            state,
            revoke_penalty(contract, named.seat, claimer=seat),
            (state.deal.dealer + 1) % 4,
            state.calls,
            seat,
        )
    return correct(state, seat, _CARD_IDS[id(action.card)])


def correct(state: EuchreState, seat: int, card: int) -> EuchreState:
    """E17: the revoking card returns to the hand, ``card`` takes its place, later cards of the
    trick return to their owners and play resumes after the offender."""
    contract = state.contract
    assert contract is not None
    nxt = NEXT_SEATS[contract.out]
    seats = [state.leader]
    for _ in range(len(state.trick) - 1):
        seats.append(nxt[seats[-1]])
    pos = seats.index(seat)
    hands = list(state.hands)
    shown = list(state.shown)
    for p in range(pos, len(state.trick)):
        owner, back = seats[p], state.trick[p]
        hands[owner] |= 1 << back
        shown[owner] |= 1 << back
    hands[seat] &= ~(1 << card)
    shown[seat] &= ~(1 << card)  # a shown card played as the correction is no longer held
    trick = (*state.trick[:pos], card)
    trick_no = len(state.tricks)
    # Kept for the hand report: public, every seat saw the card played and taken back.
    corrected = (*state.corrected, CorrectedRevoke(trick_no, seat, state.trick[pos], card))
    revokes = tuple(
        r
        for r in state.revokes
        if r.established or r.trick_no != trick_no or r.seat not in seats[pos:]
    )
    return make_state(
        "play", nxt[seat], tuple(hands), state.leader, trick, state.tricks, state.won,
        state.deal, state.calls, contract, state.match, revokes, tuple(shown), corrected,
    )  # fmt: skip


# -- the fused playouts ---------------------------------------------------------------------------
# mask -> its card indices. Bounded: a legal set holds at most 6 of the 24 cards (~190k masks at
# most, far fewer in practice: a hand of 5 has 32 subsets). A module cache of immutable values.
_BITS: dict[int, tuple[int, ...]] = {}


def _bits(mask: int) -> tuple[int, ...]:
    bits = _BITS[mask] = tuple(iter_bits(mask))
    return bits


def _trick_so_far(
    trick: tuple[int, ...],
    leader: int,
    nxt: tuple[int, ...],
    follow: tuple[int, ...],
    win_keys: tuple[tuple[int, ...], ...],
) -> tuple[int, tuple[int, ...], int, int]:
    """The trick in progress, replayed from its leader, as the fused loops keep it: the led
    suit's mask, the keys of the led card, and the best key so far with its seat (all 0, and
    the first card's keys, before a lead)."""
    if not trick:
        return 0, win_keys[0], 0, 0
    keys = win_keys[trick[0]]
    best_key, best_seat = keys[trick[0]], leader
    seat = leader
    for card in trick[1:]:
        seat = nxt[seat]
        # copy of rule E14: trick_winner
        if keys[card] > best_key:
            best_key, best_seat = keys[card], seat
    return follow[trick[0]], keys, best_key, best_seat


def play_out(game: EuchreGame, state: EuchreState, rng: random.Random) -> Outcome:
    """Strict play from ``state`` (in its play phase) to the end of the hand, fused on ints; it
    takes only checked arguments (a Euchre state in its play phase and a :class:`random.Random`)."""
    _, seat, hands, trick, progress, setup, _ = state
    contract = setup.contract
    assert contract is not None
    assert seat is not None
    follow, win_keys = FOLLOW_MASKS[contract.trump], WIN_KEYS[contract.trump]
    nxt = NEXT_SEATS[contract.out]
    active = 4 - contract.out.bit_count()
    h = list(hands)
    leader, tricks, (won0, won1) = progress
    left = 5 - len(tricks)
    random_ = rng.random
    bits = _BITS.get
    # The trick in progress: its led suit, keys and best card so far, replayed from the leader.
    played = len(trick)
    led, keys, best_key, best_seat = _trick_so_far(trick, leader, nxt, follow, win_keys)
    while left:
        while played < active:
            hand = h[seat]
            if played:
                # copy of rule E13: playable
                legal = hand & led or hand
                options = bits(legal) or _bits(legal)
                card = options[int(random_() * len(options))]
                # copy of rule E14: trick_winner
                k = keys[card]
                if k > best_key:
                    best_key, best_seat = k, seat
            else:
                options = bits(hand) or _bits(hand)
                card = options[int(random_() * len(options))]
                led, keys = follow[card], win_keys[card]
                best_key, best_seat = keys[card], seat
            h[seat] = hand ^ 1 << card
            played += 1
            seat = nxt[seat]
        if best_seat & 1:
            won1 += 1
        else:
            won0 += 1
        left -= 1
        seat = best_seat
        played = 0
    result = hand_result(game, contract, won1 if contract.maker & 1 else won0)
    return points_outcome(game, result.points)


def play_out_revoke_mode(game: EuchreGame, state: EuchreState, rng: random.Random) -> Outcome:
    """Revoke-mode play (E17) from ``state`` to the end of the hand, fused on ints: any held card
    may be played, a play that does not follow while able is a revoke, established when its trick
    is complete; a seat to move whose opponents have an established revoke may claim it (the claim
    is one of its legal actions, chosen as often as any card) and the hand ends at once; else the
    earliest revoke is found at the end. A revoke may be claimed only once it is public too (E17,
    who sees a revoke): its offender has played, in a later trick, the suit it failed to follow."""
    _, seat, hands, trick, progress, setup, _ = state
    contract = setup.contract
    assert contract is not None
    assert seat is not None
    follow, win_keys = FOLLOW_MASKS[contract.trump], WIN_KEYS[contract.trump]
    nxt = NEXT_SEATS[contract.out]
    active = 4 - contract.out.bit_count()
    h = list(hands)
    leader, tricks, (won0, won1) = progress
    left = 5 - len(tricks)
    random_ = rng.random
    bits = _BITS.get
    # Per team, the seat of its earliest established and public revoke, which the other team may
    # claim (-1: none); the revokes of the trick in progress are pending (a correction is out of
    # turn: random play never makes one); ``secret`` the established revokes not yet public, as
    # (seat, led suit mask): public once the seat plays that suit.
    established = [-1, -1]
    first_revoke = -1  # the earliest revoke of either side, found at the end of the hand
    pending: list[tuple[int, int]] = []
    secret: list[tuple[int, int]] = []
    every = (*progress.tricks, (progress.leader, trick))
    for r in setup.revokes:
        if first_revoke < 0:
            first_revoke = r.seat
        led_mask = follow[every[r.trick_no][1][0]]
        if not r.established:
            pending.append((r.seat, led_mask))
        elif not revoke_public(
            r, contract, progress.tricks, progress.leader, trick, hand_over=False
        ):
            secret.append((r.seat, led_mask))
        elif established[r.seat & 1] < 0:
            established[r.seat & 1] = r.seat
    played = len(trick)
    led, keys, best_key, best_seat = _trick_so_far(trick, leader, nxt, follow, win_keys)
    while left:
        while played < active:
            hand = h[seat]
            options = bits(hand) or _bits(hand)
            claimed = established[1 - (seat & 1)]
            if claimed >= 0:
                # E17: the claim is one more legal action; it names the earliest established
                # revoke of the claimer's opponents and ends the hand.
                pick = int(random_() * (len(options) + 1))
                if pick == len(options):
                    return points_outcome(game, revoke_penalty(contract, claimed).points)
                card = options[pick]
            else:
                card = options[int(random_() * len(options))]
            if played:
                # copy of rules E13, E17: playable
                if not led >> card & 1 and hand & led:
                    pending.append((seat, led))  # a revoke, pending until the trick is complete
                    if first_revoke < 0:
                        first_revoke = seat
                # copy of rule E14: trick_winner
                k = keys[card]
                if k > best_key:
                    best_key, best_seat = k, seat
            else:
                led, keys = follow[card], win_keys[card]
                best_key, best_seat = keys[card], seat
            if secret:
                # copy of rule E17: is_public_revoke
                # (playing the suit it failed to follow makes the seat's revokes public)
                for entry in [e for e in secret if e[0] == seat and e[1] >> card & 1]:
                    secret.remove(entry)
                    if established[seat & 1] < 0:
                        established[seat & 1] = seat
            h[seat] = hand ^ 1 << card
            played += 1
            seat = nxt[seat]
        secret.extend(pending)  # the last card of the trick establishes its revokes (secret)
        pending.clear()
        if best_seat & 1:
            won1 += 1
        else:
            won0 += 1
        left -= 1
        seat = best_seat
        played = 0
    if first_revoke >= 0:
        result = revoke_penalty(contract, first_revoke)
    else:
        result = hand_result(game, contract, won1 if contract.maker & 1 else won0)
    return points_outcome(game, result.points)


# -- rollouts -------------------------------------------------------------------------------------
def _check_rollout(game: EuchreGame, state: object, rng: object) -> tuple[EuchreState, Random]:
    # The rollouts take object and check here: compiled (setup.py), an annotated EuchreState or
    # Random would be refused on entry with a bare TypeError before this check could name it.
    if type(state) is not EuchreState or state[6].config is not game.config:
        game.check_state(state)
    if not isinstance(rng, Random):
        check_rng(rng)  # raises
    return state, rng  # type: ignore[return-value]  # both checked above


def stepped_rollout(game: EuchreGame, state: object, rng: object) -> Outcome:
    """Play the hand of ``state`` out by stepping; the outcome of that hand (points it scores).

    The definition the fused rollout is checked against: the game's own steps
    (``legal_actions``, ``apply`` and ``sample_chance``) in a loop. At each step a chance state
    draws with ``sample_chance``, and a seat picks uniformly among its ``legal_actions``:
    ``legal[int(rng.random() * len(legal))]`` in play (one draw, as the fused loop does),
    ``legal[rng.randrange(len(legal))]`` before it. At a state between two hands of a match, or
    at a terminal state, the outcome of the hand that just ended.

    >>> from cardrules.games.euchre import make_game
    >>> game = make_game()
    >>> start = game.new_hand(dealer=0)
    >>> stepped_rollout(game, start, random.Random(7)) == game.rollout(start, random.Random(7))
    True
    """
    state, rng = _check_rollout(game, state, rng)
    phase = state[0]
    last = state[6].last
    if phase == "over" or (phase == "deal" and last is not None):
        return points_outcome(game, last.points if last is not None else (0, 0))
    while True:
        if state[1] == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            legal = game.legal_actions(state)
            if state[0] == "play":
                state = game.apply(state, legal[int(rng.random() * len(legal))])
            else:
                state = game.apply(state, legal[rng.randrange(len(legal))])
        last = state[6].last
        if last is not None and state[0] in ("deal", "over"):
            return points_outcome(game, last.points)


def rollout(game: EuchreGame, state: object, rng: object) -> Outcome:
    """Play the hand of ``state`` out at random; the outcome of that hand (points it scores).

    The same outcome as :func:`stepped_rollout` from the same ``rng``: the bidding, the discard
    and the defend-alone question are stepped (a handful of steps), then the card play is fused
    (:func:`play_out`, or :func:`play_out_revoke_mode` in revoke mode, E17). At a state between
    two hands of a match, or at a terminal state, the outcome of the hand that just ended
    (deterministic). ``state`` must be a Euchre state and ``rng`` a :class:`random.Random` (else
    :class:`~cardrules.errors.ArgumentTypeError`).
    """
    state, rng = _check_rollout(game, state, rng)
    phase = state[0]
    if phase != "play":
        last = state[6].last
        if phase == "over" or (phase == "deal" and last is not None):
            return points_outcome(game, last.points if last is not None else (0, 0))
        while phase != "play":
            seat = state[1]
            if seat is None:  # pragma: no cover - a hand only ends in play or as a thrown-in deal
                last = state[6].last
                return points_outcome(game, last.points if last is not None else (0, 0))
            if seat == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rng.randrange(len(legal))])
            phase = state[0]
            last = state[6].last
            if last is not None and phase in ("deal", "over"):
                # A hand ended without play (all passed; a farmer's hand is never random).
                return points_outcome(game, last.points)
    if game.rules.renege_mode:
        return play_out_revoke_mode(game, state, rng)
    return play_out(game, state, rng)

"""Rook positions: any reachable state from plain values, and its one-line text (Rook's FEN).

This is cold code: nothing here runs while a hand is played.
:meth:`~cardrules.games.rook.engine.RookGame.position` and
:meth:`~cardrules.games.rook.engine.RookGame.parse_position` both *replay* the position through
the engine — a stacked deal that gives every seat the cards it holds or has played, the auction,
the bury, the trump call and every card played — so every rule the engine enforces (R10/R11
bids, R13/A6 bury, R14/R19 leads, R15–R17 following) is checked with its own rule id, and the
state made is the very value play would have made.

The text form (:func:`position_text`) is one line of space-separated tokens::

    PHASE MODE [dealer=D] scores=A,B [done=N] [hands=…] [nest=…] [bids=…] [buried=…]
        [trump=C] [tricks=…] [trick=…] [returned=…] [corrected=…] [claim=S] [| last …]

* ``PHASE`` is the state's phase (``choose_dealer``, ``deal``, ``bidding``, ``bury``, ``trump``,
  ``play``, ``over``); ``MODE`` is ``match`` or ``hand`` (a single hand);
* ``scores`` the match scores of teams 0 and 1 (seats 0, 2 and 1, 3), ``done`` the hands finished
  before (scored or thrown in);
* cards are written as in :mod:`cardrules.cards` (``R14``, ``G5``, ``R`` for the Bird), joined by
  ``,`` within a group, groups joined by ``/``; an empty group is ``-``. ``hands`` lists seats 0
  to 3 (what each holds now); ``nest`` is the nest as dealt (bidding, or a thrown-in hand),
  ``buried`` the five cards the bidder laid aside (R13);
* ``bids`` is the auction from the seat left of the dealer: amounts and ``p`` for a pass, the
  seats follow from the turn order (a seat that passed is skipped, R11);
* ``tricks`` the completed tricks as ``LEADER:c,c,c,c``; ``trick`` the trick in progress
  (``LEADER:c,…``); the trick winners, captured counters, to-move seat and (renege mode) the
  revokes follow from the play;
* renege mode only: ``returned`` the ``SEAT:card`` pairs handed back by corrections, and
  ``corrected`` the corrected revokes as ``SEAT:card@T.P`` (trick T from 1, the P-th card of it);
  ``claim=S`` (phase ``over``) the seat that claimed a revoke;
* ``| last …`` (a hand after the first of a match) is the last finished hand: ``dealer``,
  ``bids``, ``buried``, ``trump``, ``tricks``, the unfinished ``trick`` of a claim, the standing
  ``revokes`` (``SEAT:card@T.P``), ``corrected`` and ``claim``. Its points follow from R21–R24.

>>> from cardrules.games.rook import make_game
>>> game = make_game()
>>> s = game.position(
...     dealer=3, bids="70 p p p", buried="B5 B6 B7 B13 Y14", trump="Green",
...     hands=["R13 R14 G10 G11 G12 G13 G14", "R10 R11 R12 Y11 Y12 Y13 G5",
...            "R7 R8 R9 Y8 Y9 Y10 G7 B11", "R5 R6 Y5 Y6 Y7 B8 B9 B10"],
...     tricks=[(0, "R G6 G8 G9")], trick="B14 B12")
>>> print(game.position_text(s))  # doctest: +NORMALIZE_WHITESPACE
play hand dealer=3 scores=0,0
hands=R13,R14,G10,G11,G12,G13,G14/R10,R11,R12,Y11,Y12,Y13,G5/R7,R8,R9,Y8,Y9,Y10,G7,B11/R5,R6,Y5,Y6,Y7,B8,B9,B10
bids=70,p,p,p buried=Y14,B5,B6,B7,B13 trump=G tricks=0:R,G6,G8,G9 trick=0:B14,B12
>>> game.parse_position(game.position_text(s)) == s
True
>>> game.to_move(s), [game.format_action(a) for a in game.legal_actions(s)]  # R15: follow Black
(2, ['play B11'])
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import (
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    AscendingAuction,
    Card,
    CardrulesError,
    Deal,
    IllegalActionError,
    MatchScore,
    NotationError,
    RulesError,
    Suit,
    iter_bits,
)
from cardrules.errors import PositionError
from cardrules.games.rook.actions import Bid, Bury, ClaimRevoke, NameTrump, Pass, Play
from cardrules.games.rook.engine import (
    claim_result,
    counters_in,
    first_leader,
    hand_result,
    is_established,
)
from cardrules.games.rook.rulebook import RookRule
from cardrules.games.rook.state import NO_HAND, LastHand, Phase, Revoke, RookState, build_state
from cardrules.notation import is_number, read_number
from cardrules.positions import (
    Segment,
    card_indices,
    read_list,
    read_position,
    read_scores,
    read_seat,
    read_trick,
    read_tricks,
    write_cards,
    write_groups,
    write_position,
    write_segment,
    write_trick,
    write_tricks,
)

if TYPE_CHECKING:
    from cardrules.games.rook.engine import RookGame

__all__ = [
    "PositionError",
    "build_position",
    "claimed_revoke",
    "parse_position",
    "position",
    "position_text",
    "record_result",
]

PHASES: Final[tuple[Phase, ...]] = (
    "choose_dealer",
    "deal",
    "bidding",
    "bury",
    "trump",
    "play",
    "over",
)
_KEYS: Final = (
    "dealer",
    "scores",
    "done",
    "hands",
    "nest",
    "bids",
    "buried",
    "trump",
    "tricks",
    "trick",
    "returned",
    "corrected",
    "revokes",
    "claim",
)
_LAST_KEYS: Final = frozenset(
    {"dealer", "bids", "buried", "trump", "tricks", "trick", "revokes", "corrected", "claim"}
)


# -- reading plain values ----------------------------------------------------------------------
def _cards_mask(game: RookGame, value: object, what: str) -> tuple[int, ...]:
    """Deck indices of ``value`` (card text, ``"-"``/``""`` for none, or a sequence of cards)."""
    return tuple(card_indices(game.deck, value, what, RookRule.R2))


def _seat(game: RookGame, value: object, what: str) -> int:
    return game.check_seat(value, what)


def _hands(game: RookGame, value: object) -> list[tuple[int, ...]]:
    if isinstance(value, Mapping):
        items = dict(value)
        for seat in items:
            _seat(game, seat, "hands: seat")
        return [_cards_mask(game, items.get(s, ()), f"hand {s}") for s in range(4)]
    if isinstance(value, str):
        parts = value.split("/")
        if len(parts) != 4:
            raise NotationError(f"hands: four seats separated by '/', not {value[:40]!r}")
        return [_cards_mask(game, p, f"hand {s}") for s, p in enumerate(parts)]
    if not isinstance(value, Sequence) or len(value) != 4:
        raise ArgumentTypeError("hands must be four hands (a sequence, or a mapping by seat)")
    return [_cards_mask(game, h, f"hand {s}") for s, h in enumerate(value)]


def _bids(value: object) -> list[int | None]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, Sequence):
        raise ArgumentTypeError(f"bids must be text or a sequence, not {type(value).__name__}")
    out: list[int | None] = []
    for entry in value:
        if isinstance(entry, Pass) or entry is None:
            out.append(None)
        elif isinstance(entry, Bid):
            out.append(entry.amount)
        elif type(entry) is int:
            out.append(entry)
        elif isinstance(entry, str):
            word = entry.strip().lower()
            if word in ("p", "pass"):
                out.append(None)
            elif is_number(word.removeprefix("bid").strip()):
                out.append(read_number(word.removeprefix("bid"), "bids: a bid"))
            else:
                raise NotationError(f"bids: {entry!r} is neither a bid nor a pass")
        else:
            raise ArgumentTypeError(f"bids: an entry is an int, 'p' or None, not {entry!r:.40}")
    return out


def _trump(value: object) -> Suit:
    if isinstance(value, Suit):
        suit = value
    elif isinstance(value, str):
        try:
            suit = Suit.parse(value)
        except (CardrulesError, ValueError, KeyError):
            raise NotationError(f"trump: {value!r} is not a colour") from None
    else:
        raise ArgumentTypeError(f"trump must be a Suit or its name, not {type(value).__name__}")
    if suit not in (Suit.RED, Suit.YELLOW, Suit.GREEN, Suit.BLACK):
        raise PositionError(RookRule.R13, f"trump is one of the four colours, not {suit.name}")
    return suit


def _trick(game: RookGame, value: object, what: str) -> tuple[int | None, tuple[int, ...]]:
    """``(leader or None, cards)`` from ``"L:c,c"``, ``(L, cards)`` or plain cards."""
    if isinstance(value, str) and ":" in value:
        leader, cards = read_trick(value, what)
        return leader, _cards_mask(game, cards, what)
    if isinstance(value, tuple) and len(value) == 2 and type(value[0]) is int:
        leader = _seat(game, value[0], f"{what}: leader")
        played = _cards_mask(game, value[1], what)
        if not played:  # as the text's "2:" is refused: a leader names a trick with cards
            raise ArgumentError(f"{what}: a leader ({leader}) is given with no cards")
        return leader, played
    return None, _cards_mask(game, value, what)


def _tricks(game: RookGame, value: object) -> list[tuple[int | None, tuple[int, ...]]]:
    if isinstance(value, str):
        value = [] if not value.strip() else list(read_tricks(value, "tricks"))
    if not isinstance(value, Sequence):
        raise ArgumentTypeError(f"tricks must be a sequence, not {type(value).__name__}")
    return [_trick(game, t, f"trick {k + 1}") for k, t in enumerate(value)]


def _revokes(game: RookGame, value: object, what: str) -> tuple[Revoke, ...]:
    """``SEAT:card@T.P`` texts (T, P from 1), or :class:`Revoke` values."""
    if isinstance(value, str):
        value = [] if value.strip() in ("", "-") else value.split(",")
    if not isinstance(value, Sequence):
        raise ArgumentTypeError(f"{what} must be a sequence, not {type(value).__name__}")
    out = []
    for entry in value:
        if isinstance(entry, Revoke):
            out.append(entry)
            continue
        if not isinstance(entry, str):
            raise ArgumentTypeError(f"{what}: SEAT:card@T.P or a Revoke, not {entry!r:.40}")
        seat, sep1, rest = entry.partition(":")
        card, sep2, where = rest.partition("@")
        t, sep3, p = where.partition(".")
        cards = _cards_mask(game, card, what) if sep1 and sep2 and sep3 else ()
        if len(cards) != 1:
            raise NotationError(f"{what}: {entry!r:.40} is not SEAT:card@TRICK.PLACE")
        revoke = Revoke(
            read_number(seat, f"{what}: the seat"),
            read_number(t, f"{what}: the trick", minimum=1) - 1,
            read_number(p, f"{what}: the place", minimum=1) - 1,
            cards[0],
        )
        out.append(revoke)
    for r in out:
        if not (0 <= r.seat < 4 and 0 <= r.trick < game.cards_each and 1 <= r.position <= 3):
            raise PositionError(
                RookRule.R24, f"{what}: {r} is no revoke (a seat, a trick, not the lead: R24)"
            )
    return tuple(out)


def _returned(game: RookGame, value: object) -> tuple[tuple[int, int], ...]:
    if isinstance(value, str):
        value = [] if value.strip() in ("", "-") else value.split(",")
    if not isinstance(value, Sequence):
        raise ArgumentTypeError(f"returned must be a sequence, not {type(value).__name__}")
    out = []
    for entry in value:
        if isinstance(entry, str):
            head, sep, card = entry.partition(":")
            if not sep or not card.strip():
                raise NotationError(f"returned: {entry!r:.40} is not SEAT:card")
            entry = (read_seat(head, "returned: the seat"), card)
        if not isinstance(entry, tuple) or len(entry) != 2:
            raise ArgumentTypeError(f"returned: (seat, card) pairs, not {entry!r:.40}")
        out.append(
            (_seat(game, entry[0], "returned: seat"), _cards_mask(game, [entry[1]], "returned")[0])
        )
    return tuple(out)


def check_scores(game: RookGame, scores: object, *, over: bool = False) -> tuple[int, int]:
    """Starting scores: two ``int`` multiples of 5 (R4, R10: every hand scores in fives), not a
    decided match (R23) unless ``over``."""
    if (
        not isinstance(scores, tuple | list)
        or len(scores) != 2
        or any(type(s) is not int for s in scores)
    ):
        raise ArgumentTypeError(
            f"scores must be two ints (team 0, team 1), not {type(scores).__name__} {scores!r:.40}"
        )
    a, b = scores
    if a % 5 or b % 5:
        raise RulesError(
            f"R22: every hand scores multiples of 5 (R4, R10), so scores {a},{b} are unreachable"
        )
    target = game.rules.target_score
    decided = MatchScore((a, b), target, "highest_over_target").is_over
    if decided and not over:
        raise RulesError(
            f"R23: at {a},{b} the match to {target} is already decided (a side at or over the "
            "target and ahead); a match can start only below it, or with both sides level over it"
        )
    return a, b


# -- building ----------------------------------------------------------------------------------
def position(
    game: RookGame,
    *,
    hands: Sequence[str | Sequence[Card]] | Mapping[int, str | Sequence[Card]],
    dealer: int,
    nest: str | Sequence[Card] | None = None,
    bids: str | Sequence[int | str | None] = (),
    buried: str | Sequence[Card] | None = None,
    trump: Suit | str | None = None,
    tricks: Sequence[Any] = (),
    trick: str | Sequence[Card] = (),
    scores: tuple[int, int] = (0, 0),
    match: bool = False,
    returned: Sequence[Any] = (),
    corrected: Sequence[Any] = (),
) -> RookState:
    """Any reachable state of a hand, from plain values, checked against the rules.

    ``hands``: what each seat holds now (four card texts or card lists, or a mapping by
    seat); ``nest``: the nest as dealt (in the bidding); ``bids``: the auction from left of the
    dealer (``"70 p 75"`` or ``[70, None, 75]``; seats follow from the turn order, R9, R11);
    ``buried``: the bidder's five buried cards (R13); ``trump``: a colour; ``tricks``: the
    completed tricks, each ``(leader, cards)`` or just its cards; ``trick``: the trick in
    progress. ``scores`` are the match scores (as in :meth:`~cardrules.games.rook.game.RookGame.new_match`), ``match`` makes it a
    hand of a match rather than a single hand. In renege mode, ``returned`` and ``corrected``
    carry the corrections made (see this module); revokes follow
    from the play itself (a play that does not follow when able), and strict mode refuses
    them.

    The position is replayed through the engine (stacked deal, bids, bury, trump, plays), so
    each violation raises a :class:`~cardrules.errors.PositionError` (an
    :class:`~cardrules.errors.ArgumentError`) naming the rule: R2 (every card once), R6 (the
    counts of the phase), R10/R11/R12 (the auction), R13/A6 (the bury), R14/R19 (who leads),
    R15/R17 (following). Tricks that finish the hand give the scored state.

    >>> from cardrules.games.rook import make_game
    >>> game = make_game()
    >>> s = game.position(dealer=3, bids="70 75", nest="B5 B6 B7 G10 G11",
    ...     hands=["R G14 G13 G12 R14 R13 Y14 B14 B13", "G5 G6 R12 R11 R10 Y13 Y12 Y11 B12",
    ...            "G7 G8 R9 R8 R7 Y10 Y9 Y8 B11", "G9 R6 R5 Y7 Y6 Y5 B10 B9 B8"])
    >>> s.phase, game.to_move(s), game.format_action(game.legal_actions(s)[1])
    ('bidding', 2, 'bid 80')
    >>> game.position(dealer=3, bids="70 65", nest="B5 B6 B7 G10 G11", hands=[
    ...     "R G14 G13 G12 R14 R13 Y14 B14 B13", "G5 G6 R12 R11 R10 Y13 Y12 Y11 B12",
    ...     "G7 G8 R9 R8 R7 Y10 Y9 Y8 B11", "G9 R6 R5 Y7 Y6 Y5 B10 B9 B8"])
    Traceback (most recent call last):
    ...
    cardrules.errors.PositionError: position: rule R10 (bid range): bid 2 (seat 1): a bid must be a multiple of 5 from 75 to 120
    """
    return build_position(
        game, match=match, dealer=dealer, scores=scores, hands=hands, nest=nest, bids=bids,
        buried=buried, trump=trump, tricks=tricks, trick=trick, returned=returned,
        corrected=corrected,
    )  # fmt: skip


def build_position(
    game: RookGame,
    *,
    phase: Phase | None = None,
    match: bool = False,
    dealer: object = None,
    scores: object = (0, 0),
    done: object = 0,
    hands: object = None,
    nest: object = None,
    bids: object = (),
    buried: object = None,
    trump: object = None,
    tricks: object = (),
    trick: object = (),
    returned: object = (),
    corrected: object = (),
    claim: object = None,
    last: LastHand = NO_HAND,
) -> RookState:
    """The state of the position (see :meth:`~cardrules.games.rook.engine.RookGame.position`);
    ``phase`` (given by the text) must agree."""
    if type(match) is not bool:
        raise ArgumentTypeError(f"match must be True or False, not {type(match).__name__}")
    if type(done) is not int or done < 0:
        raise ArgumentError(f"done (hands finished) must be an int >= 0, not {done!r:.40}")
    if phase == "over" and hands is not None:
        # The score given is the one after the hand: replay once to learn the hand's points.
        probe = _replay(
            game, True, dealer, MatchScore((0, 0), game.rules.target_score,
                                           "highest_over_target", max(done - 1, 0)),
            max(done - 1, 0), hands, nest, bids, buried, trump, tricks, trick, returned,
            corrected, claim, last,
        )  # fmt: skip
        if probe.phase != "over":
            raise PositionError(RookRule.R23, f"the hand is not over (phase {probe.phase})")
        after = check_scores(game, scores, over=True)
        before = (after[0] - probe.last_points[0], after[1] - probe.last_points[1])
        try:
            check_scores(game, before)
        except RulesError as exc:
            raise PositionError(RookRule.R23, f"scores before the last hand: {exc}") from None
        if done < 1 or (not match and done != 1):
            raise PositionError(RookRule.R23, "a finished hand counts: done is 1 for a single hand")
        state = _replay(
            game, not match, dealer,
            MatchScore(before, game.rules.target_score, "highest_over_target", done - 1),
            done - 1, hands, nest, bids, buried, trump, tricks, trick, returned, corrected,
            claim, last,
        )  # fmt: skip
        if state.phase != "over":
            raise PositionError(
                RookRule.R23,
                f"scores {after[0]},{after[1]} do not end the match: the next hand is dealt",
            )
        return state
    if match and done == 0 and last != NO_HAND:
        raise PositionError(
            RookRule.R23, "a last hand is kept only after a finished hand (done >= 1)"
        )
    if not match and (done or last != NO_HAND):
        raise PositionError(
            RookRule.R23, "a single hand has no earlier hands (done=0, no last hand)"
        )
    start_scores = check_scores(game, scores)
    score = MatchScore(start_scores, game.rules.target_score, "highest_over_target", done)
    if phase == "choose_dealer" or (phase is None and dealer is None and hands is None):
        if done or last != NO_HAND or dealer is not None:
            raise PositionError(RookRule.R5, "the dealer is drawn only at the start of a match")
        return build_state(
            "choose_dealer", CHANCE, None, score, not match, (0, 0, 0, 0), 0, None, -1, 0, None,
            0, (), (), (0, 0), (), (), (), 0, NO_HAND, -1, game.config,
        )  # fmt: skip
    if dealer is None:
        raise ArgumentError("a position after the dealer draw needs its dealer")
    state = _replay(
        game, not match, dealer, score, done, hands, nest, bids, buried, trump, tricks, trick,
        returned, corrected, claim, last,
    )  # fmt: skip
    if phase is not None and state.phase != phase:
        raise PositionError(
            RookRule.R6, f"the fields make a position in {state.phase}, not {phase}"
        )
    return state


def _replay(
    game: RookGame,
    single: bool,
    dealer_value: object,
    score: MatchScore,
    done: int,
    hands_value: object,
    nest_value: object,
    bids_value: object,
    buried_value: object,
    trump_value: object,
    tricks_value: object,
    trick_value: object,
    returned_value: object,
    corrected_value: object,
    claim_value: object,
    last: LastHand,
) -> RookState:
    dealer = _seat(game, dealer_value, "dealer")
    start = build_state(
        "deal", CHANCE, dealer, score, single, (0, 0, 0, 0), 0, None, -1, 0, None, 0, (), (),
        (0, 0), (), (), (), done, last, -1, game.config,
    )  # fmt: skip
    if hands_value is None:
        if any(
            v not in (None, (), "", [])
            for v in (nest_value, bids_value, buried_value, trump_value, tricks_value, trick_value)
        ):
            raise PositionError(RookRule.R6, "a position with a deal needs the hands")
        return start
    held = _hands(game, hands_value)
    nest = _cards_mask(game, nest_value, "nest") if nest_value is not None else None
    buried = _cards_mask(game, buried_value, "buried") if buried_value is not None else None
    bids = _bids(bids_value)
    suit = _trump(trump_value) if trump_value is not None else None
    tricks = _tricks(game, tricks_value)
    trick = _trick(game, trick_value, "trick in progress")
    returned = _returned(game, returned_value)
    corrected = _revokes(game, corrected_value, "corrected")
    claim = _seat(game, claim_value, "claim") if claim_value is not None else None
    if (returned or corrected or claim is not None) and not game.rules.renege_mode:
        raise PositionError(RookRule.R24, "corrections and claims exist only in renege mode")
    if (returned or corrected) and suit is None:
        raise PositionError(RookRule.R24, "corrections are made in the play (after the trump call)")

    # R2: every card exactly once.
    where: dict[int, str] = {}

    def place(cards: Sequence[int], what: str) -> None:
        for c in cards:
            if c in where:
                raise PositionError(
                    RookRule.R2, f"{game.deck.cards[c]} is both in {where[c]} and in {what}"
                )
            where[c] = what

    for s, h in enumerate(held):
        place(h, f"hand {s}")
    place(nest or (), "the nest")
    place(buried or (), "the buried nest")
    for k, (_, cards) in enumerate(tricks):
        place(cards, f"trick {k + 1}")
    place(trick[1], "the trick in progress")
    if len(where) != len(game.deck):
        missing = " ".join(str(c) for i, c in enumerate(game.deck.cards) if i not in where)
        raise PositionError(RookRule.R2, f"every card is placed once; missing: {missing}")

    # The auction alone first: who bid (R9-R12), so that the deal can be rebuilt.
    left = (dealer + 1) % 4
    auction: AscendingAuction = game.auctions[left]
    for k, amount in enumerate(bids):
        if auction.to_move is None:
            raise PositionError(RookRule.R12, f"bid {k + 1}: the auction is already over")
        try:
            auction = (
                auction.pass_(auction.to_move)
                if amount is None
                else auction.bid(auction.to_move, amount)
            )
        except CardrulesError as exc:
            raise PositionError(
                getattr(exc, "rule", RookRule.R10), f"bid {k + 1} (seat {auction.to_move}): "
                f"{getattr(exc, 'why', exc)}",
            ) from None  # fmt: skip
    bidder = -1
    if auction.winner is not None:
        bidder = auction.winner[0]
    elif auction.all_passed and game.rules.all_pass == "dealer_forced_min":
        bidder = dealer
    n = game.cards_each
    played: list[list[int]] = [[], [], [], []]
    if bidder < 0:
        if nest is None or buried is not None or suit is not None or tricks or trick[1]:
            raise PositionError(
                RookRule.R13, "before the auction ends (or after all passed) there is a nest as dealt,"
                " and no bury, trump or play",
            )  # fmt: skip
        dealt_nest = nest
    else:
        if nest is not None:
            raise PositionError(
                RookRule.R13, "after the auction the nest is in the bidder's hand: give 'buried'"
            )
        if buried is None:
            if suit is not None or tricks or trick[1]:
                raise PositionError(
                    RookRule.R13, "the bidder buries five cards before trump and play"
                )
            pool = held[bidder]
            if len(pool) != n + 5:
                raise PositionError(
                    RookRule.R13, f"the bidder (seat {bidder}) holds {len(pool)} cards before the bury,"
                    f" not {n + 5}",
                )  # fmt: skip
            dealt_nest = tuple(sorted(pool)[:5])
        else:
            dealt_nest = buried
            if len(buried) != 5:
                raise PositionError(
                    RookRule.R13, f"the bidder buries five cards, not {len(buried)}"
                )
        leader_guess = None
        for k, (lead, cards) in enumerate([*tricks, trick]):
            if lead is None:
                lead = leader_guess
            if lead is None:
                lead = first_leader(dealer, bidder, game.rules.first_lead)
            if k < len(tricks) and len(cards) != 4:
                raise PositionError(RookRule.R15, f"trick {k + 1} has {len(cards)} cards, not 4")
            if k == len(tricks) and len(cards) > 3:
                raise PositionError(RookRule.R15, "the trick in progress holds at most three cards")
            for pos, c in enumerate(cards):
                played[(lead + pos) % 4].append(c)
            leader_guess = None  # later leads come from the engine; only the seats matter here
            if k < len(tricks) and suit is not None and len(cards) == 4:
                order = game.orders[suit]
                leader_guess = (lead + order.winning_position(cards)) % 4
        if suit is None and (tricks or trick[1]):
            raise PositionError(RookRule.R13, "cards are played only after trump is named")
    dealt = [set(held[s]) | set(played[s]) for s in range(4)]
    if bidder >= 0:
        dealt[bidder] -= set(dealt_nest)
    for s in range(4):
        if len(dealt[s]) != n:
            extra = (
                " besides the nest it took (R13)" if s == bidder and buried is None
                else " besides the five it buried (R13)" if s == bidder else ""
            )  # fmt: skip
            raise PositionError(
                RookRule.R6, f"seat {s} holds {len(held[s])} cards and has played {len(played[s])}: "
                f"{len(dealt[s])} dealt{extra}, not the {n} a seat is dealt",
            )  # fmt: skip
    if len(dealt_nest) != 5:
        raise PositionError(RookRule.R6, f"the nest holds five cards, not {len(dealt_nest)}")
    # R6: the deal that gives these hands and this nest.
    queues = [sorted(dealt[s]) for s in range(4)] + [sorted(dealt_nest)]
    stream = [queues[h].pop(0) for h in game.deal_layouts[left]]
    state = game.apply(start, Deal(tuple(stream)))

    def step(action: Any, what: str, seat: int | None = None) -> RookState:
        try:
            return game.apply(state, action, seat=seat)
        except IllegalActionError as exc:
            # Every Rook error names its rule; R15 (play) stands in should one ever not.
            raise PositionError(exc.rule or RookRule.R15, f"{what}: {exc.why}") from None

    for k, amount in enumerate(bids):
        mover = state.to_move
        state = step(_pass if amount is None else Bid(amount), f"bid {k + 1} (seat {mover})")
    if buried is not None:
        state = step(Bury(tuple(game.deck.cards[c] for c in buried)), "the bury")
    if suit is not None:
        state = step(NameTrump(suit), "the trump call")
        if returned or corrected:
            owner = {c: s for s in range(4) for c in dealt[s]}
            for c in dealt_nest:
                owner[c] = bidder
            for s, c in returned:
                if owner[c] != s:
                    raise PositionError(
                        RookRule.R24,
                        f"returned: {game.deck.cards[c]} is seat {owner[c]}'s card, not {s}'s",
                    )
            for r in corrected:
                if owner[r.card] != r.seat:
                    raise PositionError(
                        RookRule.R24,
                        f"corrected: {game.deck.cards[r.card]} is seat {owner[r.card]}'s card",
                    )
            state = attrs.evolve(state, returned=returned, corrected=corrected)
    for k, (lead, cards) in enumerate([*tricks, trick]):
        what = f"trick {k + 1}" if k < len(tricks) else "the trick in progress"
        if not cards:
            continue
        if state.phase != "play":
            raise PositionError(RookRule.R21, f"{what}: the hand is already over")
        if lead is not None and lead != state.leader:
            rule = RookRule.R19 if k else RookRule.R14
            raise PositionError(
                rule, f"{what} is led by seat {state.leader} (R14 first lead, R19 the winner "
                f"leads), not seat {lead}",
            )  # fmt: skip
        for pos, c in enumerate(cards):
            state = step(Play(game.deck.cards[c]), f"{what}, card {pos + 1} (seat {state.to_move})")
    if corrected and state.phase == "play":
        # A4: a seat that has just corrected (nothing played since) must make a proper play.
        latest = corrected[-1]
        here = (len(state.tricks), len(state.trick))
        spot = (latest.trick, latest.position)
        if spot > here:
            raise PositionError(
                RookRule.R24, f"corrected: {latest} lies after the position reached"
            )
        if spot == here and state.to_move == latest.seat:
            state = attrs.evolve(state, proper_play=latest.seat)
        elif any((r.trick, r.position) == spot for r in state.revokes):
            raise PositionError(RookRule.A4, "the play after a correction must follow suit")
    if claim is not None:
        if state.phase != "play":
            raise PositionError(RookRule.R24, "a claim is made during the play")
        state = step(ClaimRevoke(), f"the claim of seat {claim}", claim)
    return state


_pass: Final = Pass()


# -- the last finished hand ----------------------------------------------------------------------
def record_result(game: RookGame, rec: LastHand) -> tuple[tuple[int, int], str]:
    """The points and reason of a finished hand's record, as the engine scored it (R21-R24, A2)."""

    if rec.bidder < 0:
        return (0, 0), "A2: all passed, the hand is thrown in"
    if rec.claimer >= 0:
        target = claimed_revoke(game, rec)
        return claim_result(rec.bid, rec.captured, rec.claimer, target.seat)
    return hand_result(
        rec.bidder,
        rec.bid,
        rec.captured,
        rec.leader,
        counters_in(game.points, rec.nest),
        rec.revokes[0].seat if rec.revokes else None,
    )


def claimed_revoke(game: RookGame, rec: LastHand) -> Revoke:
    """The revoke the claim of a finished hand's record named (R24): the earliest of the
    claimer's opponents that was established and public, as
    :func:`~cardrules.games.rook.revoke.claim_target` chose it during the hand. A record whose
    claimer had none to claim is a :class:`PositionError`."""
    from cardrules.games.rook.revoke import revoke_public

    window = game.rules.renege_correction_window
    for revoke in rec.revokes:
        if (
            revoke.seat % 2 != rec.claimer % 2
            and is_established(revoke.trick, len(rec.tricks), window)
            and revoke_public(game, rec.trump, rec.tricks, rec.leader, rec.trick, revoke, False)
        ):
            return revoke
    raise PositionError(RookRule.R24, f"seat {rec.claimer} has no established revoke to claim")


def _last_hand(game: RookGame, fields: dict[str, str]) -> LastHand:
    unknown = set(fields) - _LAST_KEYS
    if unknown:
        raise NotationError(f"last hand: unknown field(s) {', '.join(sorted(unknown))}")
    if "dealer" not in fields or "bids" not in fields:
        raise NotationError("last hand: needs dealer= and bids=")
    dealer = read_seat(fields["dealer"], "last hand: dealer")
    left = (dealer + 1) % 4
    auction: AscendingAuction = game.auctions[left]
    for amount in _bids(read_list(fields["bids"], "last hand: bids")):
        if auction.to_move is None:
            raise PositionError(RookRule.R12, "last hand: the auction is already over")
        try:
            auction = (
                auction.pass_(auction.to_move)
                if amount is None
                else auction.bid(auction.to_move, amount)
            )
        except CardrulesError as exc:
            raise PositionError(
                getattr(exc, "rule", RookRule.R10), f"last hand: {getattr(exc, 'why', exc)}"
            ) from None
    if auction.to_move is not None:
        raise PositionError(RookRule.R12, "last hand: its auction did not end")
    if auction.winner is not None:
        bidder, bid = auction.winner
    elif game.rules.all_pass == "dealer_forced_min":
        bidder, bid = dealer, 70
    elif game.rules.all_pass == "pass_deal":
        bidder, bid = -1, 0
    else:
        raise PositionError(RookRule.A2, "last hand: all passed, and these rules deal again")
    if bidder < 0:
        if set(fields) - {"dealer", "bids"}:
            raise PositionError(
                RookRule.A2, "last hand: a thrown-in hand has no bury, trump or play"
            )
        rec = LastHand(dealer=dealer, auction=auction)
        return attrs.evolve(rec, points=(0, 0), reason=record_result(game, rec)[1])
    if "trump" not in fields or "buried" not in fields:
        raise PositionError(RookRule.R13, "last hand: a played hand has buried= and trump=")
    suit = _trump(fields["trump"])
    nest = _cards_mask(game, fields["buried"], "last hand: buried")
    tricks = []
    order = game.orders[suit]
    captured = [0, 0]
    lead = first_leader(dealer, bidder, game.rules.first_lead)
    seen = set(nest)
    for k, (given, cards) in enumerate(_tricks(game, fields.get("tricks", ""))):
        if given is not None and given != lead:
            raise PositionError(RookRule.R19, f"last hand: trick {k + 1} is led by seat {lead}")
        if len(cards) != 4:
            raise PositionError(RookRule.R15, f"last hand: trick {k + 1} has {len(cards)} cards")
        if seen & set(cards):
            raise PositionError(RookRule.R2, f"last hand: a card of trick {k + 1} is placed twice")
        seen |= set(cards)
        tricks.append((lead, cards))
        lead = (lead + order.winning_position(cards)) % 4
        captured[lead % 2] += sum(game.points[c] for c in cards)
    trick_lead, trick = _trick(game, fields.get("trick", ""), "last hand: trick")
    if trick and trick_lead is not None and trick_lead != lead:
        raise PositionError(RookRule.R19, f"last hand: the unfinished trick is led by seat {lead}")
    if len(nest) != 5 or len(tricks) > game.cards_each or len(trick) > 3:
        raise PositionError(RookRule.R6, "last hand: five buried cards, at most nine tricks")
    claim = read_seat(fields["claim"], "last hand: claim") if "claim" in fields else -1
    if claim < 0 and len(tricks) != game.cards_each:
        raise PositionError(RookRule.R21, "last hand: a hand without a claim plays every trick")
    rec = LastHand(
        (0, 0), "", dealer, auction, bidder, bid, suit, sum(1 << c for c in nest), tuple(tricks),
        lead, trick, (captured[0], captured[1]),
        _revokes(game, fields.get("revokes", ""), "last hand: revokes"),
        _revokes(game, fields.get("corrected", ""), "last hand: corrected"), claim,
    )  # fmt: skip
    points, reason = record_result(game, rec)
    return attrs.evolve(rec, points=points, reason=reason)


# -- text --------------------------------------------------------------------------------------
def _cards(game: RookGame, cards: Any) -> list[str]:
    return [game.deck.cards[c].ascii for c in cards]


def _mask_list(game: RookGame, mask: int) -> str:
    return write_cards(_cards(game, iter_bits(mask)))


def _bids_text(auction: AscendingAuction | None) -> str | None:
    if auction is None or not auction.history:
        return None
    return ",".join("p" if amount is None else str(amount) for _, amount in auction.history)


def _revokes_text(game: RookGame, revokes: Sequence[Revoke]) -> str | None:
    if not revokes:
        return None
    return ",".join(
        f"{r.seat}:{game.deck.cards[r.card].ascii}@{r.trick + 1}.{r.position + 1}" for r in revokes
    )


def _tricks_text(game: RookGame, tricks: Sequence[tuple[int, tuple[int, ...]]]) -> str | None:
    return write_tricks((lead, _cards(game, cards)) for lead, cards in tricks) if tricks else None


def _trick_text(game: RookGame, leader: int, trick: Sequence[int]) -> str | None:
    return write_trick(leader, _cards(game, trick)) if trick else None


def position_text(game: RookGame, state: RookState) -> str:
    """The one-line text of any state (every phase, between hands and at match end), which
    :func:`parse_position` reads back exactly. The format is described in the module docstring
    and on the Rook page of the docs.

    >>> from cardrules.games.rook import make_game
    >>> game = make_game()
    >>> game.position_text(game.new_match(scores=(120, -40), dealer=2))
    'deal match dealer=2 scores=120,-40'
    """
    if type(state) is not RookState or state.config is not game.config:
        game.check_state(state)
    fields: list[tuple[str, str | None]] = [
        ("dealer", None if state.dealer is None else str(state.dealer)),
        ("scores", "{},{}".format(*state.score.scores)),
        ("done", str(state.hand_no) if state.hand_no else None),
    ]
    if state.phase not in ("choose_dealer", "deal"):
        thrown = state.bidder < 0
        fields += [
            ("hands", write_groups(_cards(game, iter_bits(h)) for h in state.hands)
                      if any(state.hands) else None),
            ("nest", _mask_list(game, state.nest) if thrown else None),
            ("bids", _bids_text(state.auction)),
            ("buried", _mask_list(game, state.nest)
                       if not thrown and state.phase != "bury" else None),
            ("trump", None if state.trump is None else state.trump.letter),
            ("tricks", _tricks_text(game, state.tricks)),
            ("trick", _trick_text(game, state.leader, state.trick)),
            ("returned", ",".join(f"{s}:{game.deck.cards[c].ascii}" for s, c in state.returned)
                         or None),
            ("corrected", _revokes_text(game, state.corrected)),
            ("claim", str(state.last.claimer)
                      if state.phase == "over" and state.last.claimer >= 0 else None),
        ]  # fmt: skip
    segments = [write_segment(state.phase, ["hand" if state.single_hand else "match"], fields)]
    last = state.last
    if last.dealer >= 0 and state.phase != "over":
        played = last.bidder >= 0
        segments.append(
            write_segment(
                "last",
                (),
                [
                    ("dealer", str(last.dealer)),
                    ("bids", _bids_text(last.auction)),
                    ("buried", _mask_list(game, last.nest) if played else None),
                    ("trump", None if not played or last.trump is None else last.trump.letter),
                    ("tricks", _tricks_text(game, last.tricks) if played else None),
                    ("trick", _trick_text(game, last.leader, last.trick) if played else None),
                    ("revokes", _revokes_text(game, last.revokes) if played else None),
                    ("corrected", _revokes_text(game, last.corrected) if played else None),
                    ("claim", str(last.claimer) if played and last.claimer >= 0 else None),
                ],
            )
        )
    return write_position(segments)


_GRAMMAR: Final[dict[str, Container[str]]] = dict.fromkeys(PHASES, _KEYS)
_LAST_GRAMMAR: Final = {"last": _LAST_KEYS}


def _text_trick(value: str, what: str) -> tuple[int, list[str]]:
    leader, cards = read_trick(value, what)
    return leader, list(cards)


def parse_position(game: RookGame, text: str) -> RookState:
    """The state of a position text written by :func:`position_text` (see the module docstring):
    ``parse_position(position_text(s)) == s``. Unreadable text is a
    :class:`~cardrules.errors.NotationError`, a position play cannot reach a
    :class:`~cardrules.errors.PositionError` naming the rule.

    The text is read by the shared grammar (:func:`cardrules.positions.read_position`): a trick
    with a leader and no cards, a number in other digits than 0-9 or a second line is a
    :class:`~cardrules.errors.NotationError`.

    >>> from cardrules.games.rook import make_game
    >>> make_game().parse_position("bidding hand dealer=3 bids=7²")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: bids: '7²' is neither a bid nor a pass
    >>> make_game().parse_position("deal hand dealer=²")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: dealer must be written with the digits 0-9, not '²'
    """
    segments = read_position(text, _GRAMMAR, _LAST_GRAMMAR)
    main: Segment = segments[0]
    if main.words not in (("match",), ("hand",)):
        raise NotationError(
            f"position text: the phase is followed by match or hand, not {' '.join(main.words)!r:.30}"
        )
    phase: Phase = main.head  # type: ignore[assignment]
    fields = main.as_dict()
    if "revokes" in fields:
        raise NotationError(
            "position text: revokes follow from the play (only the last hand's are given)"
        )
    last = NO_HAND
    if len(segments) > 1:
        last = _last_hand(game, segments[1].as_dict())
    scores = read_scores(fields.get("scores", "0,0"), signed=True)
    if phase in ("choose_dealer", "deal") and set(fields) - {"dealer", "scores", "done"}:
        raise NotationError(f"position text: a {phase} position has no cards")
    if phase not in ("choose_dealer", "deal") and "hands" not in fields:
        fields["hands"] = "-/-/-/-"
    return build_position(
        game,
        phase=phase,
        match=main.words == ("match",),
        dealer=read_seat(fields["dealer"], "dealer") if "dealer" in fields else None,
        scores=scores,
        done=read_number(fields.get("done", "0"), "done"),
        hands=fields.get("hands"),
        nest=fields.get("nest"),
        bids=read_list(fields["bids"], "bids") if "bids" in fields else (),
        buried=fields.get("buried"),
        trump=fields.get("trump"),
        tricks=fields.get("tricks", ()),
        trick=_text_trick(fields["trick"], "the trick in progress") if "trick" in fields else (),
        returned=fields.get("returned", ()),
        corrected=fields.get("corrected", ()),
        claim=read_seat(fields["claim"], "claim") if "claim" in fields else None,
        last=last,
    )

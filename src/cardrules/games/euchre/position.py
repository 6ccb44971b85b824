"""Positions: any reachable Euchre state from plain values, and its one-line text form (cold code).

A position is built by **replaying** it through the engine: the hands as dealt are worked out from
the hands now, the cards played and the discard; the deal is stacked; then the calls, the discard,
the defend-alone answers, the plays and a closing claim are applied with :meth:`EuchreGame.apply`.
So every rule is checked by the code that plays the game (a play that does not follow suit is
refused in strict mode and recorded as a revoke in revoke mode), and the state is exactly the one
play reaches. Card counts, the whole deck once, and the trick leaders are checked first, with the
rule each breaks.

Position text (see ``docs/games/euchre.rst``): the shared grammar of :mod:`cardrules.positions`,
``PHASE match|hand key=value …`` and, once a match has moved on, ``| last …`` (the last finished
hand). ``scores`` and ``done`` are the score sheet when the hand began; the replay gives the rest.

>>> from cardrules.games.euchre import make_game
>>> game = make_game()
>>> text = ("play hand dealer=0 scores=0,0 hands=9C,10C,JC,QC,KC/JD,JH,QH,KH,AH/QD,KD,AD,9H,10H/"
...         "9S,10S,JS,QS,KS up=AS kitty=AC,9D,10D calls=p,p,p,p,name-H")
>>> s = game.parse_position(text)
>>> s.phase, s.to_move, game.position_text(s) == text
('play', 1, True)
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import (
    ArgumentError,
    ArgumentTypeError,
    Deal,
    IllegalActionError,
    MatchScore,
    NotationError,
    PositionError,
    Suit,
    parse_cards,
)
from cardrules.cards import Card
from cardrules.game import check_seat
from cardrules.games.euchre import fast
from cardrules.games.euchre.actions import (
    ClaimRevoke,
    DefendAlone,
    Discard,
    EuchreAction,
    FarmersHandClaim,
    NameTrump,
    OrderUp,
    Pass,
    Play,
)
from cardrules.games.euchre.checks import show
from cardrules.games.euchre.engine import FOLLOW_MASKS, WIN_KEYS, deal_positions, first_defender
from cardrules.games.euchre.rulebook import EuchreRule
from cardrules.games.euchre.state import (
    DECK,
    CorrectedRevoke,
    EuchreState,
    FinishedHand,
    MatchInfo,
    Setup,
)
from cardrules.notation import read_number
from cardrules.positions import (
    position_line,
    read_cards,
    read_groups,
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
    from cardrules.games.euchre.engine import EuchreGame

__all__ = [
    "CardsLike",
    "HandSpec",
    "SeatCards",
    "TrickLike",
    "build",
    "finished_of",
    "hand_spec",
    "parse_text",
    "position",
    "position_text",
]

CardsLike = str | Iterable[Card | str]
"""Cards as notation (``"JH 10S"``) or as an iterable of :class:`~cardrules.Card` or texts."""
SeatCards = str | Sequence[CardsLike] | Mapping[int, CardsLike]
"""Cards by seat: four groups (seats 0-3), a ``/``-separated text, or a mapping seat -> cards."""
TrickLike = CardsLike | tuple[int, CardsLike]
"""A trick's cards in play order, or ``(leader, cards)``."""

_SUIT_LETTERS: Final = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}
_NO_TRUMP_WORDS: Final = ("nt", "notrump", "no-trump", "no_trump", "no trump")


@attrs.frozen
class HandSpec:
    """The plain fields of one hand (see :meth:`EuchreGame.position` for their meaning)."""

    dealer: int | None = None
    hands: tuple[int, ...] | None = None
    upcard: int = -1
    kitty: int = -1
    discard: int = -1
    calls: tuple[str, ...] | None = None
    trump: str | None = None
    maker: int | None = None
    alone: bool | None = None
    lone_defender: int | None = None
    defend: tuple[str, ...] | None = None
    tricks: tuple[tuple[int | None, tuple[int, ...]], ...] = ()
    trick: tuple[int | None, tuple[int, ...]] = (None, ())
    shown: tuple[int, ...] = (0, 0, 0, 0)
    corrected: tuple[tuple[int, int, int, int], ...] = ()
    """The corrected revokes as ``(trick_no, seat, card, replacement)`` (trick from 0)."""
    claimed_by: int | None = None


# -- plain values -----------------------------------------------------------------------------------
def _card_indices(value: object, what: str) -> tuple[int, ...]:
    """Card indices of ``value`` (notation or an iterable of cards/texts), each card once."""
    if isinstance(value, str):
        text = value.strip()
        cards: Iterable[Any] = () if text in ("", "-") else parse_cards(text)
    elif isinstance(value, Iterable) and not isinstance(value, bytes | Mapping):
        cards = list(value)
    else:
        raise ArgumentTypeError(f"{what}: expected cards or their notation, not {show(value)}")
    out: list[int] = []
    for card in cards:
        if not isinstance(card, str | Card):
            raise ArgumentTypeError(f"{what}: expected a card or its notation, not {show(card)}")
        try:
            index = DECK.index(card)
        except NotationError as exc:
            raise NotationError(f"{what}: {exc}") from None
        if index in out:
            raise PositionError(EuchreRule.E2, f"{DECK.cards[index]} is given twice in {what}")
        out.append(index)
    return tuple(out)


def _one_card(value: object, what: str) -> int:
    if value is None:
        return -1
    cards = _card_indices(value if not isinstance(value, Card) else [value], what)
    if len(cards) != 1:
        raise NotationError(f"{what} is one card, not {len(cards)}")
    return cards[0]


def _mask(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _seat(value: object, what: str) -> int:
    return check_seat(value, 4, f"{what} (a seat)")


def _per_seat(value: object, what: str) -> tuple[int, ...]:
    """Four card masks from a sequence of four card groups, a ``/``-separated text, or a mapping
    seat -> cards (missing seats hold nothing)."""
    if isinstance(value, str):
        parts: list[Any] = value.split("/")
    elif isinstance(value, Mapping):
        for seat in value:
            _seat(seat, f"{what} seat")
        parts = [value.get(s, ()) for s in range(4)]
    elif isinstance(value, Sequence):
        parts = list(value)
    else:
        raise ArgumentTypeError(f"{what}: four card groups by seat, not {show(value)}")
    if len(parts) != 4:
        raise NotationError(f"{what}: four card groups (seats 0-3), not {len(parts)}")
    return tuple(_mask(_card_indices(p, f"{what} of seat {s}")) for s, p in enumerate(parts))


def _moves(value: object, what: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(m.strip() for m in re.split(r"[,;]", value) if m.strip())
    if isinstance(value, Sequence) and all(isinstance(m, str) for m in value):
        return tuple(m.strip() for m in value)
    raise ArgumentTypeError(
        f"{what}: moves in notation (a text or a list of texts), not {show(value)}"
    )


_CORRECTED: Final = re.compile(r"\s*(\S+?)\s*:\s*(\S+)\s*>\s*(\S+)\s*@\s*(\S+)\s*")


def _corrected_value(value: object) -> tuple[tuple[int, int, int, int], ...]:
    """Corrected revokes from ``"SEAT: CARD > REPLACEMENT @ TRICK"`` texts (several split by
    ``,``) or ``(seat, card, replacement, trick)`` tuples; the trick counts from 1."""
    if isinstance(value, str):
        entries: list[Any] = [e for e in value.split(",") if e.strip()]
    elif isinstance(value, Sequence):
        entries = list(value)
    else:
        raise ArgumentTypeError(
            f"corrected: 'SEAT: CARD > REPLACEMENT @ TRICK' texts or (seat, card, replacement, "
            f"trick) tuples, not {show(value)}"
        )
    out = []
    for entry in entries:
        if isinstance(entry, str):
            m = _CORRECTED.fullmatch(entry)
            if m is None:
                raise NotationError(
                    f"corrected: 'SEAT: CARD > REPLACEMENT @ TRICK', not {entry.strip()!r}"
                )
            seat_text, card, replacement, trick_text = m.groups()
            seat: object = read_number(seat_text, "corrected: the seat")
            trick: object = read_number(trick_text, "corrected: the trick")
        elif isinstance(entry, tuple | list) and len(entry) == 4:
            seat, card, replacement, trick = entry
        else:
            raise ArgumentTypeError(
                f"corrected: a (seat, card, replacement, trick) tuple, not {show(entry)}"
            )
        if type(trick) is not int or not 1 <= trick <= 5:
            raise (ArgumentError if type(trick) is int else ArgumentTypeError)(
                f"corrected: the trick is a number from 1 to 5, not {show(trick)}"
            )
        out.append(
            (
                trick - 1,
                _seat(seat, "corrected: the seat"),
                _one_card(card, "corrected: the revoked card"),
                _one_card(replacement, "corrected: the replacement"),
            )
        )
    return tuple(out)


def _trick_value(value: object, what: str) -> tuple[int | None, tuple[int, ...]]:
    """``(leader, cards)``, or cards alone (the leader follows from the play)."""
    if (
        isinstance(value, tuple | list)
        and len(value) == 2
        and (value[0] is None or type(value[0]) is int)
    ):
        leader = None if value[0] is None else _seat(value[0], f"{what} leader")
        cards = _card_indices(value[1], what)
        if leader is not None and not cards:  # as the text's "1:" is refused
            raise ArgumentError(f"{what}: a leader ({leader}) is given with no cards")
        return leader, cards
    return None, _card_indices(value, what)


def hand_spec(fields: Mapping[str, Any], what: str = "position") -> HandSpec:
    """A :class:`HandSpec` from :meth:`EuchreGame.position`'s keyword fields of one hand."""
    known = {f.name for f in attrs.fields(HandSpec)}
    unknown = sorted(set(fields) - known)
    if unknown:
        raise NotationError(f"{what}: unknown field(s) {', '.join(unknown)}")
    get = fields.get
    dealer = get("dealer")
    hands = get("hands")
    upcard = _one_card(get("upcard"), "upcard")
    kitty_value = get("kitty")
    kitty = -1
    if kitty_value is not None:
        cards = _card_indices(kitty_value, "kitty")
        if len(cards) == 4 and upcard < 0:
            upcard, cards = cards[0], cards[1:]  # the kitty in order: the up-card on top
        if len(cards) != 3:
            raise PositionError(
                EuchreRule.E4,
                f"the kitty is the up-card and 3 face-down cards, not {len(cards)} face-down",
            )
        kitty = _mask(cards)
    tricks = get("tricks") or ()
    if isinstance(tricks, str) or not isinstance(tricks, Sequence):
        raise ArgumentTypeError(f"tricks: a list of (leader, cards) or cards, not {show(tricks)}")
    trick = get("trick")
    trump = get("trump")
    if trump is not None:
        if isinstance(trump, Suit):
            trump = trump.letter
        elif not isinstance(trump, str):
            raise ArgumentTypeError(f"trump: a suit or 'NT', not {show(trump)}")
        elif trump.strip().lower() in _NO_TRUMP_WORDS:
            trump = "NT"
        else:
            trump = Suit.parse(trump).letter
    alone = get("alone")
    if alone is not None and type(alone) is not bool:
        raise ArgumentTypeError(f"alone must be True or False, not {show(alone)}")
    maker = get("maker")
    lone_defender = get("lone_defender")
    claimed_by = get("claimed_by")
    return HandSpec(
        dealer=None if dealer is None else _seat(dealer, "dealer"),
        hands=None if hands is None else _per_seat(hands, "hands"),
        upcard=upcard,
        kitty=kitty,
        discard=_one_card(get("discard"), "discard"),
        calls=None if get("calls") is None else _moves(get("calls"), "calls"),
        trump=trump,
        maker=None if maker is None else _seat(maker, "maker"),
        alone=alone,
        lone_defender=None if lone_defender is None else _seat(lone_defender, "lone_defender"),
        defend=None if get("defend") is None else _moves(get("defend"), "defend"),
        tricks=tuple(_trick_value(t, f"trick {k + 1}") for k, t in enumerate(tricks)),
        trick=(None, ()) if trick is None else _trick_value(trick, "trick"),
        shown=(0, 0, 0, 0) if get("shown") is None else _per_seat(get("shown"), "shown"),
        corrected=() if get("corrected") is None else _corrected_value(get("corrected")),
        claimed_by=None if claimed_by is None else _seat(claimed_by, "claimed_by"),
    )


# -- building by replay -----------------------------------------------------------------------------
def _start(game: EuchreGame, match: bool, scores: object, played: object) -> tuple[MatchInfo, int]:
    if type(played) is not int or played < 0:
        raise (ArgumentError if type(played) is int else ArgumentTypeError)(
            f"played must be an int, 0 or more, not {show(played)}"
        )
    if not match and played:
        raise PositionError(EuchreRule.E16, "a single hand starts with no hand played (played=0)")
    info = fast.match_info(game, scores, single=not match)
    if played:
        s = info.score
        info = MatchInfo(
            MatchScore(s.scores, s.target, s.rule, played), info.single_hand, config=info.config
        )
    return info, played


def position(
    game: EuchreGame,
    fields: Mapping[str, Any],
    *,
    match: bool,
    scores: object,
    played: object,
    last: object,
) -> EuchreState:
    """The state :meth:`~cardrules.games.euchre.game.EuchreGame.position` builds from plain values, replaying it through
    ``game``'s rules.

    ``fields`` are the hand's: ``dealer``; ``hands`` now (four card groups by seat — notation
    strings, card lists, a ``/``-separated text or a mapping seat -> cards; ``None``: not dealt
    yet); ``upcard`` and ``kitty`` (the 3 face-down cards, or all 4 in order, the up-card first);
    ``discard`` (the dealer's, after picking up); the bidding as ``calls`` (moves in notation, from
    the dealer's left: ``"pass, pass, order alone"``) **or** as the contract ``trump`` (a suit, or
    ``"NT"``), ``maker``, ``alone`` and ``lone_defender``; ``defend``, the answers to a lone maker
    (``"pass, alone"``; from the contract fields, defenders who play with no lone defender
    declined); the completed ``tricks`` (each its cards in play order, or ``(leader, cards)``) and
    the ``trick`` in progress; in revoke mode the revokes ``corrected`` (oldest first, each
    ``"SEAT: CARD > REPLACEMENT @ TRICK"`` or a tuple ``(seat, card, replacement, trick)``, the
    trick from 1:
    the seat revoked ``card`` and took it back for ``replacement``, the card it has in that trick
    now or played since) and the cards ``shown`` by corrections (the revoked card until played, and
    cards handed back to the seats that had played after the offender); ``claimed_by``: the seat
    whose claim ended the hand (a farmer's hand before any call, else a revoke). The match:
    ``match`` (``False``: a single hand), ``scores`` and ``played`` (hands finished) before the
    first hand given, and ``last``, the last finished hand of a match (a mapping of the hand fields
    above).

    Cards held are worked out back to the deal (the whole deck once, five to each seat), then
    the deal, calls, discard, answers, plays and claim are applied by the engine: a
    :class:`~cardrules.PositionError` names the rule a position breaks (a play that does not
    follow suit in strict mode: E13), a :class:`~cardrules.NotationError` a value that does
    not read; :meth:`~cardrules.games.euchre.game.EuchreGame.parse_position` raises the same
    errors.
    """
    if last is not None and not isinstance(last, Mapping):
        raise ArgumentTypeError(f"last must be a mapping of hand fields, not {show(last)}")
    return build(
        game,
        match=match,
        scores=scores,
        played=played,
        last=None if last is None else hand_spec(last, "last hand"),
        current=hand_spec(fields),
    )


def build(
    game: EuchreGame,
    *,
    match: bool,
    scores: object,
    played: object,
    last: HandSpec | None,
    current: HandSpec | None,
) -> EuchreState:
    """The state of a match (or single hand) from its start, the last finished hand and the
    current one, all replayed through ``game``."""
    if type(match) is not bool:
        raise ArgumentTypeError(f"match must be True or False, not {show(match)}")
    info, played_n = _start(game, match, scores, played)
    if last is not None:
        if not match:
            raise PositionError(EuchreRule.E16, "a single hand has no earlier hand (last=)")
        if last.dealer is None:
            raise ArgumentError("the last hand needs its dealer")
        state = _replay(game, fast.before_deal(game, "deal", last.dealer, info), last, "last hand")
        if state.phase != "deal":
            raise PositionError(
                EuchreRule.E16,
                "the last hand must be finished, and the match still on (a match that is over "
                "is the current hand)",
            )
        if current is None:
            return state
        if current.dealer is not None and current.dealer != state.dealer:
            raise PositionError(
                EuchreRule.E3,
                f"after the last hand seat {state.dealer} deals, not seat {current.dealer}",
            )
        return _replay(game, state, attrs.evolve(current, dealer=state.dealer), "hand")
    if current is None or current.dealer is None:
        if current is not None and current != HandSpec():
            raise ArgumentError("a position with cards needs its dealer")
        if played_n:
            raise PositionError(EuchreRule.E3, "the dealer is drawn only at the start of a match")
        return fast.before_deal(game, "choose_dealer", -1, info)
    state = _replay(game, fast.before_deal(game, "deal", current.dealer, info), current, "hand")
    if state.match.record is None and played_n and state.phase != "over":
        raise ArgumentError(
            f"a match position after {played_n} hand(s) needs the last finished hand (last=)"
        )
    return state


def _seats_of(game: EuchreGame, leader: int, out: int, n: int) -> list[int]:
    seats = [leader]
    nxt = game.next_seats[out]
    for _ in range(n - 1):
        seats.append(nxt[seats[-1]])
    return seats


def _winner(
    game: EuchreGame, trump: Suit | None, out: int, leader: int, cards: Sequence[int]
) -> int:
    keys = WIN_KEYS[trump][cards[0]]
    pos = max(range(len(cards)), key=lambda i: keys[cards[i]])
    return _seats_of(game, leader, out, len(cards))[pos]


def _bid_actions(game: EuchreGame, texts: Sequence[str], state: EuchreState) -> list[Any]:
    actions = []
    for text in texts:
        try:
            actions.append(game.parse_action(text, state))
        except NotationError as exc:
            raise NotationError(f"calls: {exc}") from None
    return actions


def _synth_calls(game: EuchreGame, spec: HandSpec, dealer: int) -> tuple[str, ...]:
    """The calls that make the contract ``spec`` gives (trump, maker, alone): round one when trump
    is the up-card's suit, else round two."""
    if spec.maker is None or spec.trump is None:
        raise ArgumentError("a contract needs trump and maker (or give calls=)")
    up = DECK.cards[spec.upcard].suit if spec.upcard >= 0 else None
    eldest = (dealer + 1) % 4
    before = ["pass"] * ((spec.maker - eldest) % 4)
    alone = " alone" if spec.alone else ""
    if up is not None and spec.trump == up.letter:
        return (*before, f"order{alone}")
    name = "notrump" if spec.trump == "NT" else spec.trump
    return ("pass",) * 4 + (*before, f"name {name}{alone}")


def _apply(
    game: EuchreGame, state: EuchreState, action: Any, what: str, seat: int | None = None
) -> EuchreState:
    try:
        return game.apply(state, action, seat=seat)
    except IllegalActionError as exc:
        raise PositionError(exc.rule or EuchreRule.E12, f"{what}: {exc.why}") from None


def _replay(game: EuchreGame, start: EuchreState, spec: HandSpec, where: str) -> EuchreState:
    """Deal and play one hand from ``start`` (its deal step)."""
    dealer = spec.dealer
    assert dealer is not None
    if spec.hands is None:
        extra = attrs.evolve(spec, dealer=None)
        if extra != HandSpec():
            raise PositionError(
                EuchreRule.E4, f"{where}: the cards are not dealt yet (give hands= first)"
            )
        return start
    if spec.upcard < 0 or spec.kitty < 0:
        raise PositionError(EuchreRule.E4, f"{where}: a dealt hand needs its up-card and kitty")
    rules = game.rules
    # -- the calls: given, or made from the contract ------------------------------------------
    calls = spec.calls
    contract_given = spec.trump is not None or spec.maker is not None or spec.alone is not None
    if calls is None:
        calls = _synth_calls(game, spec, dealer) if contract_given else ()
    probe = start  # parse_action needs a state of this game
    bids = _bid_actions(game, calls, probe)
    maker, alone, picked, trump_known = -1, False, False, False
    for k, bid in enumerate(bids):
        if not isinstance(bid, Pass):
            maker = (dealer + 1 + k) % 4
            alone = bool(getattr(bid, "alone", False))
            picked = isinstance(bid, OrderUp) and not (alone and (maker + 2) % 4 == dealer)
            trump_known = True
            break
    defend = spec.defend
    if defend is None:
        defend = ()
        if spec.lone_defender is not None:
            first = (dealer + 1) % 4 if (dealer + 1 - maker) % 2 else (dealer + 2) % 4
            defend = ("alone",) if spec.lone_defender == first else ("pass", "alone")
        elif alone and rules.defend_alone and trump_known and (spec.tricks or spec.trick[1]):
            defend = ("pass", "pass")
    answers: list[EuchreAction] = []
    for word in defend:
        w = word.strip().lower()
        if w in ("pass",):
            answers.append(Pass())
        elif w in ("alone", "defend alone"):
            answers.append(DefendAlone())
        else:
            raise NotationError(f"defend: 'pass' or 'alone', not {word!r}")
    out = 0
    if alone:
        out |= 1 << (maker + 2) % 4
    lone_def = -1
    if answers and isinstance(answers[-1], DefendAlone):
        first = (dealer + 1) % 4 if (dealer + 1 - maker) % 2 else (dealer + 2) % 4
        lone_def = first if len(answers) == 1 else (first + 2) % 4
        out |= 1 << (lone_def + 2) % 4
    # -- who played what ---------------------------------------------------------------------
    plays = (
        [*spec.tricks, spec.trick]
        if spec.trick[1] or spec.trick[0] is not None
        else list(spec.tricks)
    )
    played_by = [0, 0, 0, 0]
    trump: Suit | None = None
    if trump_known:
        bid = bids[[not isinstance(b, Pass) for b in bids].index(True)]
        if isinstance(bid, OrderUp):
            trump = DECK.cards[spec.upcard].suit
        elif isinstance(bid, NameTrump):
            trump = bid.suit
    if plays and not trump_known:
        raise PositionError(EuchreRule.E12, f"{where}: cards are played only once trump is made")
    active = 4 - out.bit_count()
    leader = -1
    leaders: list[int] = []  # of each trick given, completed or in progress
    if plays:
        from cardrules.games.euchre.state import Contract

        leader = fast.first_lead(game, dealer, Contract(trump, maker, alone, out, lone_def, picked))
    for k, (given_leader, cards) in enumerate(plays):
        is_current = k == len(spec.tricks)
        leaders.append(leader)
        if given_leader is not None and given_leader != leader:
            rule = EuchreRule.E12 if k == 0 else EuchreRule.E14
            whose = "the first leader" if k == 0 else f"the winner of trick {k}"
            raise PositionError(
                rule,
                f"{where}: trick {k + 1} is led by seat {leader} ({whose}), "
                f"not seat {given_leader}",
            )
        if not is_current and len(cards) != active:
            raise PositionError(
                EuchreRule.E12,
                f"{where}: trick {k + 1} has {len(cards)} cards; a complete trick has "
                f"{active} (give the trick in progress as trick=)",
            )
        if is_current and len(cards) >= active:
            raise PositionError(
                EuchreRule.E12,
                f"{where}: the trick in progress has {len(cards)} cards, fewer than {active}",
            )
        for seat, card in zip(_seats_of(game, leader, out, len(cards)), cards, strict=True):
            played_by[seat] |= 1 << card
        if not is_current:
            leader = _winner(game, trump, out, leader, cards)
    if len(spec.tricks) > 5:
        raise PositionError(
            EuchreRule.E4, f"{where}: a hand has five tricks, not {len(spec.tricks)}"
        )
    # -- every card once, five dealt to each seat --------------------------------------------
    places: dict[int, str] = {}

    def put(mask: int, place: str) -> None:
        for c in range(24):
            if mask >> c & 1:
                if c in places:
                    raise PositionError(
                        EuchreRule.E2, f"{where}: {DECK.cards[c]} is in {places[c]} and in {place}"
                    )
                places[c] = place

    for s in range(4):
        put(spec.hands[s], f"seat {s}'s hand")
        put(played_by[s], f"seat {s}'s plays")
    put(spec.kitty, "the kitty")
    if spec.discard >= 0:
        if not picked:
            raise PositionError(
                EuchreRule.E6, f"{where}: only a dealer who picked up the up-card discards"
            )
        put(1 << spec.discard, "the discard")
    up = spec.upcard
    if picked:
        if places.get(up, "").startswith(f"seat {dealer}'s") or spec.discard == up:
            pass
        else:
            raise PositionError(
                EuchreRule.E6,
                f"{where}: the dealer picked up {DECK.cards[up]}: it belongs in the dealer's "
                f"hand, plays or discard, not {places.get(up, 'nowhere')}",
            )
    else:
        put(1 << up, "the up-card")
    missing = [DECK.cards[c].ascii for c in range(24) if c not in places]
    if missing:
        raise PositionError(
            EuchreRule.E2, f"{where}: every card is somewhere; missing {' '.join(missing)}"
        )
    dealt = [spec.hands[s] | played_by[s] for s in range(4)]
    if spec.discard >= 0:
        dealt[dealer] |= 1 << spec.discard
    if picked:
        dealt[dealer] &= ~(1 << up)
    for s in range(4):
        if dealt[s].bit_count() != 5:
            raise PositionError(
                EuchreRule.E4,
                f"{where}: seat {s} holds and played {dealt[s].bit_count()} cards "
                f"(dealt 5{', after the exchange with the up-card' if picked and s == dealer else ''})",
            )
    # -- the deal, then every step through the engine ----------------------------------------
    order = [-1] * 24
    positions = deal_positions(dealer, game.rules.deal_pattern)
    for s in range(4):
        for pos, card in zip(positions[s], _bits(dealt[s]), strict=True):
            order[pos] = card
    order[20] = up
    for pos, card in zip(range(21, 24), _bits(spec.kitty), strict=True):
        order[pos] = card
    state = _apply(game, start, Deal(tuple(order)), f"{where}: the deal")
    claimer = spec.claimed_by
    if claimer is not None and not bids and not plays:
        if spec.defend or spec.discard >= 0:
            raise PositionError(
                EuchreRule.E5, f"{where}: a farmer's hand is claimed before any call"
            )
        return _apply(game, state, FarmersHandClaim(), f"{where}: seat {claimer}'s claim", claimer)
    for k, bid in enumerate(bids):
        state = _apply(game, state, bid, f"{where}: call {k + 1} ({calls[k]!r})")
    if spec.discard >= 0:
        state = _apply(game, state, Discard(DECK.cards[spec.discard]), f"{where}: the discard")
    elif picked and (answers or plays):
        raise PositionError(
            EuchreRule.E6, f"{where}: the dealer picked up and must discard first (discard=)"
        )
    for k, answer in enumerate(answers):
        state = _apply(game, state, answer, f"{where}: defend answer {k + 1}")
    if spec.corrected:
        # Kept along by the engine, never read by it: set before the plays, so a hand played
        # out or claimed keeps them in its record.
        corrected = _check_corrected(game, spec, where, plays, leaders, trump, out)
        if state.phase != "play":
            raise PositionError(
                EuchreRule.E17, f"{where}: a revoke is corrected during the play only"
            )
        setup = state.setup
        state = EuchreState(
            state.phase, state.to_move, state.hands, state.trick, state.progress,
            Setup(setup.deal, setup.calls, setup.contract, setup.revokes, setup.shown, corrected),
            state.match,
        )  # fmt: skip
    for k, (_, cards) in enumerate(plays):
        for card in cards:
            state = _apply(
                game, state, Play(DECK.cards[card]), f"{where}: trick {k + 1}, {DECK.cards[card]}"
            )
    if any(spec.shown):
        if not rules.renege_mode:
            raise PositionError(
                EuchreRule.E17, f"{where}: cards are shown only by a revoke correction"
            )
        if state.phase != "play":
            raise PositionError(
                EuchreRule.E17, f"{where}: a revoke is corrected during the play only"
            )
        for s in range(4):
            if spec.shown[s] & ~state.hands[s]:
                raise PositionError(
                    EuchreRule.E17, f"{where}: seat {s} can show only cards it holds"
                )
        _check_shown(game, spec, where, leaders, out)
        setup = state.setup
        state = EuchreState(
            state.phase, state.to_move, state.hands, state.trick, state.progress,
            Setup(setup.deal, setup.calls, setup.contract, setup.revokes, spec.shown,
                  setup.corrected),
            state.match,
        )  # fmt: skip
    if claimer is not None:
        state = _apply(game, state, ClaimRevoke(), f"{where}: seat {claimer}'s claim", claimer)
    if contract_given and state.contract is not None:
        c = state.contract
        want: tuple[object, ...] = (spec.trump, spec.maker, spec.alone, spec.lone_defender)
        have: tuple[object, ...] = ("NT" if c.trump is None else c.trump.letter, c.maker, c.alone,
                None if c.lone_defender < 0 else c.lone_defender)  # fmt: skip
        labels = ("trump", "maker", "alone", "lone_defender")
        for label, wanted, got in zip(labels, want, have, strict=True):
            if wanted is not None and wanted != got:
                raise ArgumentError(f"{where}: the calls make {label} {got!r}, not {wanted!r}")
    return state


def _check_corrected(
    game: EuchreGame,
    spec: HandSpec,
    where: str,
    plays: Sequence[tuple[int | None, tuple[int, ...]]],
    leaders: Sequence[int],
    trump: Suit | None,
    out: int,
) -> tuple[CorrectedRevoke, ...]:
    """E17: each corrected revoke is one play could have made (see :meth:`EuchreGame.position`)."""
    assert spec.hands is not None
    if not game.rules.renege_mode:
        raise PositionError(EuchreRule.E17, f"{where}: revokes are corrected in revoke mode only")
    follow = FOLLOW_MASKS[trump]
    records = []
    last_trick = 0
    for trick_no, seat, card, replacement in spec.corrected:
        c, r = DECK.cards[card], DECK.cards[replacement]
        what = f"{where}: corrected {seat}: {c} > {r} @ {trick_no + 1}"
        if trick_no >= len(plays) or not plays[trick_no][1]:
            raise PositionError(EuchreRule.E17, f"{what}: trick {trick_no + 1} is not played")
        if trick_no < last_trick:
            raise PositionError(
                EuchreRule.E17, f"{what}: corrections are given in the order they were made"
            )
        last_trick = trick_no
        if out >> seat & 1:
            raise PositionError(EuchreRule.E17, f"{what}: seat {seat} sits out")
        if seat == leaders[trick_no]:
            raise PositionError(
                EuchreRule.E17, f"{what}: seat {seat} led that trick and could not revoke"
            )
        led = follow[plays[trick_no][1][0]]
        if led >> card & 1:
            raise PositionError(EuchreRule.E17, f"{what}: {c} follows the led suit (not a revoke)")
        if not led >> replacement & 1:
            raise PositionError(
                EuchreRule.E17, f"{what}: the replacement {r} must follow the led suit"
            )
        # Both cards were in the offender's hand then: still held, or played by it since.
        since = spec.hands[seat]
        for (_, cards), leader in zip(plays[trick_no:], leaders[trick_no:], strict=True):
            for s, played in zip(_seats_of(game, leader, out, len(cards)), cards, strict=True):
                if s == seat:
                    since |= 1 << played
        for held, name in ((card, "revoked card"), (replacement, "replacement")):
            if not since >> held & 1:
                raise PositionError(
                    EuchreRule.E17,
                    f"{what}: the {name} {DECK.cards[held]} is not seat {seat}'s (held or "
                    f"played from trick {trick_no + 1} on)",
                )
        if spec.hands[seat] >> card & 1 and not spec.shown[seat] >> card & 1:
            raise PositionError(
                EuchreRule.E17,
                f"{what}: the revoked card went back to the hand face up: shown until played",
            )
        records.append(CorrectedRevoke(trick_no, seat, card, replacement))
    return tuple(records)


def _check_shown(
    game: EuchreGame, spec: HandSpec, where: str, leaders: Sequence[int], out: int
) -> None:
    """E17: every shown card went back to its hand by a correction: the offender's revoked card,
    or one card of each seat that had played after the offender in that trick."""
    returned = [0, 0, 0, 0]  # the cards a seat may have had handed back, by count
    own = [0, 0, 0, 0]
    active = 4 - out.bit_count()
    for trick_no, seat, card, _ in spec.corrected:
        own[seat] |= 1 << card
        seats = _seats_of(game, leaders[trick_no], out, active)
        for later in seats[seats.index(seat) + 1 :]:
            returned[later] += 1
    for s in range(4):
        extra = (spec.shown[s] & ~own[s]).bit_count()
        if extra > returned[s]:
            raise PositionError(
                EuchreRule.E17,
                f"{where}: seat {s} shows {extra} card(s) no correction handed back to it",
            )


def _bits(mask: int) -> list[int]:
    return [c for c in range(24) if mask >> c & 1]


# -- the text form ---------------------------------------------------------------------------------
def _names(cards: Iterable[int]) -> list[str]:
    return [DECK.cards[c].ascii for c in cards]


def _groups_text(masks: Sequence[int]) -> str:
    return write_groups(_names(_bits(m)) for m in masks)


def _defend_answers(game: EuchreGame, phase: str, to_move: int | None, setup: Setup) -> list[str]:
    contract = setup.contract
    if contract is None or not contract.alone or not game.rules.defend_alone:
        return []
    dealer = setup.deal.dealer
    first = first_defender(dealer, contract.maker)
    if phase == "discard":
        return []
    if phase == "defend":
        return [] if to_move == first else ["pass"]
    if contract.lone_defender == first:
        return ["alone"]
    if contract.lone_defender >= 0:
        return ["pass", "alone"]
    return ["pass", "pass"]


def _move_text(text: str) -> str:
    """A call or defend answer in a field: ``p`` for a pass, blanks written as ``-``."""
    return "p" if text == "pass" else text.replace(" ", "-")


def _moves_text(texts: Sequence[str]) -> str | None:
    return ",".join(_move_text(t) for t in texts) if texts else None


def _hand_fields(
    game: EuchreGame,
    phase: str,
    to_move: int | None,
    hands: tuple[int, ...],
    trick: tuple[int, ...],
    leader: int,
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    setup: Setup,
    claimer: int,
) -> list[tuple[str, str | None]]:
    """The fields of one hand after ``dealer`` and ``scores``: what was dealt, called and played."""
    deal = setup.deal
    if deal.upcard < 0:
        return []
    calls = setup.calls
    words = []
    if calls is not None and calls.history:
        words = ["pass" if v is None else game.format_action(v) for _, v in calls.history]
    corrected = ",".join(
        f"{r.seat}:{DECK.cards[r.card].ascii}>{DECK.cards[r.replacement].ascii}@{r.trick_no + 1}"
        for r in setup.corrected
    )
    return [
        ("hands", _groups_text(hands)),
        ("up", DECK.cards[deal.upcard].ascii),
        ("kitty", write_cards(_names(_bits(deal.kitty)))),
        ("calls", _moves_text(words)),
        ("discard", DECK.cards[deal.discard].ascii if deal.discard >= 0 else None),
        ("defend", _moves_text(_defend_answers(game, phase, to_move, setup))),
        ("tricks", write_tricks((lead, _names(cs)) for lead, cs in tricks) if tricks else None),
        ("trick", write_trick(leader, _names(trick)) if trick else None),
        ("corrected", corrected or None),
        ("shown", _groups_text(setup.shown) if any(setup.shown) else None),
        ("claim", str(claimer) if claimer >= 0 else None),
    ]


def _start_fields(dealer: int, scores: Sequence[int], done: int) -> list[tuple[str, str | None]]:
    return [
        ("dealer", str(dealer) if dealer >= 0 else None),
        ("scores", f"{scores[0]},{scores[1]}"),
        ("done", str(done) if done else None),
    ]


def position_text(game: EuchreGame, state: EuchreState) -> str:
    """The one-line text of ``state`` (see the module docstring)."""
    phase, to_move, hands, trick, progress, setup, match = state
    score = match.score
    words = ["hand" if match.single_hand else "match"]
    record = match.record
    if phase == "choose_dealer":
        return write_segment(phase, words, _start_fields(-1, score.scores, score.hands))
    if phase == "over":
        # The hand just played: the score sheet when it began (the replay gives the rest).
        claimer = record.claimer if record is not None else -1
        before = record.before if record is not None else (0, 0)
        start = _start_fields(setup.deal.dealer, before, score.hands - 1)
    else:
        claimer = -1
        start = _start_fields(setup.deal.dealer, score.scores, score.hands)
    fields = start + _hand_fields(
        game, phase, to_move, hands, trick, progress.leader, progress.tricks, setup, claimer
    )
    segments = [write_segment(phase, words, fields)]
    if phase != "over" and record is not None:
        r = record
        last = _start_fields(r.setup.deal.dealer, r.before, 0) + _hand_fields(
            game, "over", None, r.hands, r.trick, r.progress.leader, r.progress.tricks,
            r.setup, r.claimer,
        )  # fmt: skip
        segments.append(write_segment("last", (), last))
    return write_position(segments)


_HAND_KEYS: Final = (
    "dealer", "scores", "hands", "up", "kitty", "calls", "discard", "defend", "tricks", "trick",
    "corrected", "shown", "claim",
)  # fmt: skip
_PHASES: Final = ("choose_dealer", "deal", "bidding", "discard", "defend", "play", "over")
_GRAMMAR: Final = dict.fromkeys(_PHASES, (*_HAND_KEYS, "done"))
_LAST_GRAMMAR: Final = {"last": _HAND_KEYS}


def _read_move(text: str) -> str:
    return "pass" if text.lower() == "p" else text.replace("-", " ")


def _new_spec(fields: Mapping[str, str], where: str) -> HandSpec:
    """The :class:`HandSpec` of one segment of the new text form."""
    values: dict[str, Any] = {}
    get = fields.get
    if "dealer" in fields:
        values["dealer"] = read_seat(fields["dealer"], f"{where}: dealer")
    if "hands" in fields:
        values["hands"] = read_groups(fields["hands"], f"{where}: hands", 4)
    if "up" in fields:
        values["upcard"] = list(read_cards(fields["up"], f"{where}: up"))
    if "kitty" in fields:
        values["kitty"] = list(read_cards(fields["kitty"], f"{where}: kitty"))
    if "discard" in fields:
        values["discard"] = list(read_cards(fields["discard"], f"{where}: discard"))
    for key in ("calls", "defend"):
        value = get(key)
        if value is not None:
            values[key] = tuple(_read_move(m) for m in read_list(value, f"{where}: {key}"))
    if "tricks" in fields:
        values["tricks"] = [
            (lead, list(cards)) for lead, cards in read_tricks(fields["tricks"], f"{where}: tricks")
        ]
    if "trick" in fields:
        lead, cards = read_trick(fields["trick"], f"{where}: trick")
        values["trick"] = (lead, list(cards))
    if "corrected" in fields:
        values["corrected"] = read_list(fields["corrected"], f"{where}: corrected")
    if "shown" in fields:
        values["shown"] = read_groups(fields["shown"], f"{where}: shown", 4)
    if "claim" in fields:
        values["claimed_by"] = read_seat(fields["claim"], f"{where}: claim")
    return hand_spec(values, where)


def _parse_new(game: EuchreGame, text: str) -> EuchreState:
    segments = read_position(text, _GRAMMAR, _LAST_GRAMMAR)
    main = segments[0]
    if main.words not in (("match",), ("hand",)):
        raise NotationError(
            "position text: the phase is followed by match or hand, "
            f"not {' '.join(main.words)!r:.30}"
        )
    phase = main.head
    fields = main.as_dict()
    scores = read_scores(fields.pop("scores", "0,0"))
    done = read_number(fields.pop("done", "0"), "done")
    if phase == "choose_dealer" and fields:
        raise NotationError("position text: before the dealer is drawn there are no cards")
    current = None if phase == "choose_dealer" else _new_spec(fields, "hand")
    match = main.words == ("match",)
    if len(segments) == 1:
        state = build(game, match=match, scores=scores, played=done, last=None, current=current)
    else:
        last_fields = segments[1].as_dict()
        before = read_scores(last_fields.pop("scores", "0,0"))
        if not done:
            raise PositionError(
                EuchreRule.E16, "a last hand is kept only after a finished hand (done >= 1)"
            )
        last = _new_spec(last_fields, "last hand")
        state = build(game, match=match, scores=before, played=done - 1, last=last, current=current)
        now = state.match.score
        if now.scores != scores:
            raise PositionError(
                EuchreRule.E15,
                f"the last hand gives the score {now.scores[0]},{now.scores[1]}, "
                f"not {scores[0]},{scores[1]}",
            )
    if state.phase != phase:
        rule = EuchreRule.E16 if "over" in (phase, state.phase) else EuchreRule.E4
        raise PositionError(rule, f"the fields make a position in {state.phase}, not {phase}")
    return state


def parse_text(game: EuchreGame, text: str) -> EuchreState:
    """The state of a position text written by :func:`position_text`.

    The text is read by the shared grammar (:func:`cardrules.positions.read_position`). The old
    form (``hand | dealer 0; hands …``) is still read for one release, with a
    :class:`DeprecationWarning`.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {show(text)}")
    line = position_line(text)
    old = line.split("|")[0].split(";")[0].strip().lower() in ("match", "hand")
    if old:
        warnings.warn(
            "this Euchre position text is in the old form ('hand | dealer 0; hands …'), read "
            "for one more release; write it as position_text writes it now "
            "('play hand dealer=0 scores=0,0 hands=9C,10C,…/… up=AS …')",
            DeprecationWarning,
            stacklevel=3,
        )
    try:
        return _parse_old(game, line) if old else _parse_new(game, line)
    except PositionError:
        raise  # a rule broken: the same error as :meth:`EuchreGame.position` raises
    except (ArgumentError, ArgumentTypeError) as exc:  # a value of the text, not an argument
        raise NotationError(str(exc)) from None


# -- the old text form (deprecated: read for one release) -------------------------------------------
_OLD_KEYS: Final = (
    "dealer", "hands", "up", "kitty", "calls", "discard", "defend", "tricks", "trick",
    "corrected", "shown", "claimed", "score", "played",
)  # fmt: skip


def _split_fields(text: str, where: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        key, _, value = part.partition(" ")
        key = key.lower()
        if key not in _OLD_KEYS:
            raise NotationError(f"{where}: unknown field {key!r} (fields: {', '.join(_OLD_KEYS)})")
        if key in fields:
            raise NotationError(f"{where}: field {key!r} given twice")
        fields[key] = value.strip()
    return fields


def _scores(text: str) -> tuple[int, int]:
    first, sep, second = text.partition("-")
    if not sep:
        raise NotationError(f"score: two numbers as A-B, not {text!r}")
    return read_number(first, "score"), read_number(second, "score")


def _trick_text(text: str, what: str) -> tuple[int, str]:
    # The same check as the new form's (a leader and cards, both): the old form only differs
    # in its separators.
    lead, sep, cards = text.partition(":")
    leader, names = read_trick(lead + sep + ",".join(cards.split()), what)
    return leader, " ".join(names)


def _spec_of(fields: dict[str, str], where: str) -> HandSpec:
    values: dict[str, Any] = {}
    if "dealer" in fields:
        values["dealer"] = read_number(fields["dealer"], f"{where} dealer")
    for old, new in (("hands", "hands"), ("up", "upcard"), ("kitty", "kitty"), ("calls", "calls"),
                     ("discard", "discard"), ("defend", "defend"), ("corrected", "corrected"),
                     ("shown", "shown")):  # fmt: skip
        if old in fields:
            values[new] = fields[old]
    if "tricks" in fields:
        values["tricks"] = [_trick_text(t, f"{where} tricks") for t in fields["tricks"].split(",")]
    if "trick" in fields:
        values["trick"] = _trick_text(fields["trick"], f"{where} trick")
    if "claimed" in fields:
        by, _, seat = fields["claimed"].partition(" ")
        if by != "by":
            raise NotationError(f"{where}: 'claimed by SEAT', not {fields['claimed']!r}")
        values["claimed_by"] = read_number(seat, f"{where} claimed by")
    return hand_spec(values, where)


def _parse_old(game: EuchreGame, text: str) -> EuchreState:
    parts = [p.strip() for p in text.split("|")]
    head = parts[0].split(";")
    mode = head[0].strip().lower()
    header = _split_fields(";".join(head[1:]), "header")
    if set(header) - {"score", "played"}:
        raise NotationError("the header holds only score and played")
    if len(parts) > 3:
        raise NotationError("a position has at most two hands (the last finished one, the current)")
    sections = [_split_fields(p, f"hand {k + 1}") for k, p in enumerate(parts[1:])]
    start = sections[0] if sections else header
    scores = _scores(start["score"]) if "score" in start else (0, 0)
    played = read_number(start["played"], "played") if "played" in start else 0
    for k, sec in enumerate(sections[1:], start=2):
        if "score" in sec or "played" in sec:
            raise NotationError(f"hand {k}: score and played belong to the first hand")
    specs = [
        _spec_of({k: v for k, v in sec.items() if k not in ("score", "played")}, f"hand {i + 1}")
        for i, sec in enumerate(sections)
    ]
    state = build(
        game,
        match=mode == "match",
        scores=scores,
        played=played,
        last=specs[0] if len(specs) == 2 else None,
        current=specs[-1] if specs else None,
    )
    now = state.match.score
    if "score" in header and _scores(header["score"]) != now.scores:
        raise PositionError(
            EuchreRule.E15,
            f"the hands give the score {now.scores[0]}-{now.scores[1]}, not {header['score']}",
        )
    if "played" in header and read_number(header["played"], "played") != now.hands:
        raise PositionError(
            EuchreRule.E16, f"the hands give {now.hands} hands played, not {header['played']}"
        )
    return state


def finished_of(state: EuchreState) -> FinishedHand | None:
    """The last finished hand of ``state``: the record kept in the match part, or the over state's
    own hand (a fresh single hand)."""
    record = state.match.record
    if record is not None:
        return record
    if state.phase == "over":
        _, _, hands, trick, progress, setup, _ = state
        return FinishedHand(hands, trick, progress, setup, (0, 0), -1)
    return None

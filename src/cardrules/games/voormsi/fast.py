"""Voormsi's fast paths: the one module that holds copies of rules, each tagged and tested.

The rules are written once, in :mod:`cardrules.games.voormsi.engine`. The hot paths write some of
them out again here, on plain ints and tuples, so that the common case builds fewer states and
makes fewer calls; every such copy carries a comment naming each rule id it carries and the
engine function(s) it copies (``# copy of rules V12, V13: advance``), which
:func:`cardrules.testing.rule_copies` finds, and ``tests/games/voormsi/test_rule_copies.py``
checks each against the engine:

* :func:`play_card` (and :func:`finish_card_trick` for a trick with no bonus to settle) is
  :meth:`Engine.play <cardrules.games.voormsi.engine.Engine.play>` for one card with four
  players, nine plays in ten: the V12 heading, the V15 deduction, the bonus bookkeeping of V24
  and the scoring, hold and draw of a plain trick written out. Any other play is the engine's.
* :func:`fused_playout` plays the rest of a deal at random on locals (the rollout of search
  bots), building few states: see its docs.

It lives apart from the engine and the checked API edge so that the opt-in compiled build
(``CARDRULES_COMPILE=1 pip install .``, see ``setup.py``) can compile it with mypyc. Written for
both builds: the locals are plain ints and tuples (native values once compiled), the engine's
constants are this module's own final names, and no identity test is made on a tuple the compiled
build may hold unboxed.

>>> from cardrules.games.voormsi import make_game
>>> game = make_game()
>>> state = game.new_hand(dealer=0)
>>> state = game.apply(state, game.sample_chance(state, random.Random(1)))
>>> def stepped(s, rng):
...     while s.phase == "play":
...         legal = game.legal_actions(s)
...         s = game.apply(s, legal[rng.randrange(len(legal))])
...     return s
>>> fused_playout(game.engine, state, random.Random(5)) == stepped(state, random.Random(5))
True
"""

from __future__ import annotations

import random
from types import MethodType
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import CHANCE, ChooseDealer, Deal, IllegalActionError
from cardrules.decks import shuffled_order
from cardrules.errors import short_repr
from cardrules.game import trusted_deal
from cardrules.games.voormsi.actions import Lead, Play, group_mask
from cardrules.games.voormsi.engine import (
    ADJACENT,
    BIT_LENGTHS,
    D3_BIT,
    LEAD_STATUSES,
    NUM_CARDS,
    NUM_STATUSES,
    SINGLE_PLAY_CHUNKS,
    SPECIAL_BITS,
    TOQ_BIT,
    VOORMSI_BIT,
    Engine,
    Statuses,
    Trick,
    one_card_each,
    replace_at,
)
from cardrules.games.voormsi.rulebook import VoormsiRule
from cardrules.games.voormsi.state import (
    BLANK_STATE,
    BROKEN,
    EMPTY_INFO,
    NO_TRICK_YET,
    TrickInfo,
    VoormsiState,
    blank_copy,
    check_game_state,
)

if TYPE_CHECKING:
    from cardrules.games.voormsi.game import VoormsiGame

# The engine's constants, bound here as this module's own: the compiled build reads a module's
# own final names as C values, but a name imported from an interpreted module by a dictionary
# look-up at every use.
_N: Final = NUM_CARDS
_NUM_STATUSES: Final = NUM_STATUSES
_ADJACENT: Final = ADJACENT
_BIT_LENGTHS: Final = BIT_LENGTHS
_LEAD_STATUSES: Final = LEAD_STATUSES
_TOQ_BIT: Final = TOQ_BIT
_VOORMSI_BIT: Final = VOORMSI_BIT
_D3_BIT: Final = D3_BIT
_SPECIAL: Final = SPECIAL_BITS
_new: Final = object.__new__

__all__ = [
    "apply",
    "finish_card_trick",
    "fused_playout",
    "install",
    "legal_actions",
    "play",
    "play_card",
    "shuffle_deal",
]


def play(engine: Engine, s: VoormsiState, seat: int, mask: int) -> VoormsiState:
    """The state after ``seat`` plays the legal group ``mask``: :func:`play_card` for one card with
    four players, else :meth:`Engine.play <cardrules.games.voormsi.engine.Engine.play>`."""
    if engine.four and not mask & (mask - 1):
        return play_card(engine, s, seat, mask)
    return engine.play(s, seat, mask)


def play_card(engine: Engine, s: VoormsiState, seat: int, mask: int) -> VoormsiState:
    """:meth:`Engine.play <cardrules.games.voormsi.engine.Engine.play>` for one card with four
    players (the bulk of the plays), its steps written out: the state ``engine.play(s, seat, mask)``
    builds."""
    trick: Trick = s.trick
    pos = len(trick)
    card = mask.bit_length() - 1
    before = s.hands
    h0, h1, h2, h3 = before
    # The hands without the card: unpacked and rebuilt, a third of the cost of slicing.
    if seat == 0:
        hands = (h0 ^ mask, h1, h2, h3)
    elif seat == 1:
        hands = (h0, h1 ^ mask, h2, h3)
    elif seat == 2:
        hands = (h0, h1, h2 ^ mask, h3)
    else:
        hands = (h0, h1, h2, h3 ^ mask)
    played = s.played | mask
    toqu_known = s.toqu_known
    info = s.info
    special = mask & _SPECIAL
    # copy of rules V24, B1: advance
    if special:  # the bonus bookkeeping of V24
        toqu_cap, b4, b5, v_pos, v_blocked = info
        if special & _VOORMSI_BIT:
            v_pos = pos
            v_blocked = bool(played & _TOQ_BIT)  # B1 (b): a J♣ earlier in the deal
            info = (toqu_cap, b4, b5, v_pos, v_blocked)
        elif special & _TOQ_BIT:
            toqu_known = engine.zeros_seats  # the J♣ is public now
        # (info is kept, not rebuilt, when nothing changed: an empty one takes the fast
        # trick end)
    if not pos:  # a lead (V6): it heads the trick with its V7 status
        # copy of rules V7, C6: advance, trick_size
        trick_size = 4 - before.count(0)
        if trick_size == 1:  # nobody can follow: the trick is complete at once
            return engine.play(s, seat, mask)
        trick = engine.lead_tricks[seat][card]
        heading = 0
        statuses: Statuses = _LEAD_STATUSES[card]
    else:
        trick_size = s.trick_size
        heading = s.heading
        statuses = s.statuses
        # copy of rule V15: advance
        if s.played & _VOORMSI_BIT:
            head_seat, head_mask = trick[heading]
            if (
                head_mask & _VOORMSI_BIT
                and not before[seat] & _TOQ_BIT
                and engine.side[head_seat] != seat & 1
            ):
                # V15 was in force and the J♣ was not played: this seat lacks it.
                toqu_known = replace_at(toqu_known, seat, 1)
        # copy of rules V12, V13: advance
        w_card, w_status = statuses[0]
        new = engine.single_table[
            (((pos == heading + 1) * _NUM_STATUSES + w_status) * _N + w_card) * _N + card
        ]
        if new is not None:  # V12: it beats the heading card
            # copy of rules B2, B3, B4, B5, VV1: advance
            if special:  # B2–B5
                ref_seat, ref_mask = trick[heading]
                if ref_mask & _VOORMSI_BIT:
                    if special & _TOQ_BIT:
                        if engine.side[ref_seat] == seat & 1:
                            return engine.play(s, seat, mask)  # B3: the game ends
                        info = (pos, b4, b5, v_pos, v_blocked)  # B2, if it wins the trick
                    elif special & _D3_BIT:
                        info = (toqu_cap, seat, b5, v_pos, v_blocked)  # B4
                elif (
                    toqu_cap == heading
                    and special & _D3_BIT
                    and (not engine.next_card_b5 or pos == heading + 1)
                ):
                    info = (toqu_cap, b4, seat, v_pos, v_blocked)  # B5
            heading = pos
            statuses = new
        trick = (*trick, engine.trick_entries[seat][card])
        if pos + 1 == trick_size:
            if info is EMPTY_INFO and engine.from_first:
                return finish_card_trick(engine, s, hands, trick, heading, toqu_known, played)
            return engine.finish_trick(
                s, hands, s.stock, trick, pos + 1, heading, info, toqu_known, played
            )
    # copy of rule C6: next_to_play
    nxt = engine.next_seat[seat]
    # blank_copy(s) with the play's fields, inlined: each field written once (three plays
    # in four end here).
    n = _new(BLANK_STATE)
    n.phase = s.phase
    n.to_move = nxt if hands[nxt] else engine.next_holder(seat, hands)
    n.dealer = s.dealer
    n.hands = hands
    n.stock = s.stock
    n.leader = s.leader
    n.trick = trick
    n.trick_size = trick_size
    n.heading = heading
    n.statuses = statuses
    n.info = info
    n.tricks = s.tricks
    n.units = s.units
    n.seq_side = s.seq_side
    n.pending = s.pending
    n.scores = s.scores
    n.deal_start = s.deal_start
    n.revealed = s.revealed
    n.toqu_known = toqu_known
    n.single_hand = s.single_hand
    n.winner = s.winner
    n.end = s.end
    n.played = played
    n.history = s.history
    n.config = s.config
    n.__class__ = VoormsiState
    state: VoormsiState = n
    return state


def finish_card_trick(
    engine: Engine,
    s: VoormsiState,
    hands: tuple[int, ...],
    trick: Trick,
    heading: int,
    toqu_known: tuple[int, ...],
    played: int,
) -> VoormsiState:
    """:meth:`Engine.finish_trick <cardrules.games.voormsi.engine.Engine.finish_trick>` for a
    trick of single cards, four players, no bonus bookkeeping
    (``info`` empty) and the default V23 scope (``from_first``)."""
    # copy of rules V13, V20: score_trick
    win_seat = trick[heading][0]
    w = win_seat & 1
    units = s.units
    before = units[w]
    after = before + 1  # V20: one trick unit
    units = (after, units[1]) if w == 0 else (units[0], after)
    points = engine.unit_points(before, after, units[1 - w])
    seq = s.seq_side
    pending = s.pending
    scores = s.scores
    # copy of rule V23: _hold
    if seq in (w, NO_TRICK_YET):  # V23: the run from the first trick holds its points
        seq = w
        if points:
            pending = (
                (pending[0] + points, pending[1]) if w == 0 else (pending[0], pending[1] + points)
            )
    else:
        credit = [0, 0]
        credit[w] = points
        if seq != BROKEN:  # the other side's run from the first trick ends: its points count
            credit[seq] = pending[seq]
            pending = engine.zeros_sides
            seq = BROKEN
        if points or credit[1 - w]:  # credited at once (and the game may end)
            scores, over = engine.credit(scores, pending, credit)
            if over is not None:  # the general path builds the final state
                return engine.finish_trick(
                    s,
                    hands,
                    s.stock,
                    trick,
                    len(trick),
                    heading,
                    EMPTY_INFO,
                    toqu_known,
                    played,
                )
    stock = s.stock
    # copy of rule V21: draw
    if stock:
        # Everyone played one card and had four at the lead: with four players the stock is
        # a multiple of four while it lasts (20 cards after V5, four drawn back per card each
        # played, V21), so each seat draws one.
        hands, stock, toqu_known = one_card_each(win_seat, hands, stock, toqu_known)
    return engine.next_lead(
        s, (*s.tricks, (trick, win_seat)), win_seat, hands, stock, units, seq, pending, scores,
        s.revealed, toqu_known, played,
    )  # fmt: skip


def fused_playout(engine: Engine, s: VoormsiState, rng: random.Random) -> VoormsiState:
    """Play the current deal of ``s`` out at random (uniform over the legal groups) with ``rng``,
    as stepping plays it: the state after it (what
    :meth:`VoormsiGame.rollout <cardrules.games.voormsi.VoormsiGame.rollout>` runs once its checks
    pass).

    It draws the groups in the order of ``legal_actions`` (a single card following a single card
    from :func:`~cardrules.games.voormsi.engine.single_masks`, the rest from
    :meth:`~cardrules.games.voormsi.engine.Engine.legal_at`), each with the numbers
    ``rng.randrange`` draws, so the draws from ``rng`` are those of stepping with the same
    choices, and the deal ends in the same state. (A generator of a type other than
    :class:`random.Random`, whose ``randrange`` may draw otherwise, is handed to a plain stepping
    loop.)

    A rollout never shows the states between its plays, so it builds as few as it can: it keeps
    the fields that plays and trick ends change as locals, and the last state it built supplies
    the rest, which neither changes. In a four-player game:

    * a play of one card is :func:`play_card` written out on those locals (its V12 heading, the
      V15 deduction and the bonus bookkeeping of V24 for B2, B4 and B5; a lead read from the
      cache of ``Engine.legal_at`` when V17's size limit cannot bite, a follow free to play any
      card when V15's compulsion cannot apply); a group is played on them by
      ``Engine.advance`` itself;
    * a complete trick is scored on them: a trick with no bonus to settle under the default V23
      scope by a written-out copy of ``score_trick``'s units (V20), ``unit_points`` and the
      hold, then drawn by a copy of ``one_card_each`` (everyone played one card) or by
      ``Engine.draw``, and the next lead set as ``Engine.next_lead`` sets it; any other trick is
      scored by ``Engine.score_trick`` itself; the last trick of the deal ends it with
      ``Engine.end_deal``.

    Any other play (the J♣ on its partner's K♥, a group with the J♣ once the K♥ is out, a lead
    nobody can follow, every play with two or three players) is built into a state and handed to
    ``Engine.play``, and a trick that ends the game to ``Engine.finish_trick``, so the rarer rules
    are written once.
    """
    if type(rng) is not random.Random:
        return _stepped_playout(engine, s, rng)
    legal_at = engine.legal_at
    leads_get = engine.leads.get
    advance = engine.advance
    play = engine.play
    free = not engine.follow
    four = engine.four
    side = engine.side
    next_seat = engine.next_seat
    single_table = engine.single_table
    lead_tricks = engine.lead_tricks
    from_first = engine.from_first
    next_card_b5 = engine.next_card_b5
    threshold = engine.threshold
    bit_count = int.bit_count
    # rng.randrange(n) of a plain Random is a getrandbits loop (its _randbelow): written out
    # below, it draws the same numbers without two Python calls per play.
    getrandbits = rng.getrandbits
    while s.phase == "play":
        # The fields plays and trick ends change; ``s`` (the state the loop last built)
        # supplies the others. ``ahead`` says a trick end moved the locals past ``s``.
        seat = s.to_move
        assert seat is not None
        hands = list(s.hands)  # (changed in place: a play changes one hand)
        trick = s.trick
        pos = len(trick)  # (where the next play goes in the trick)
        trick_size = s.trick_size
        heading = s.heading
        statuses = s.statuses
        info = s.info
        # ``quiet``: no play of the trick has touched the bonus bookkeeping (``info`` is the
        # empty one). A flag, not ``info is EMPTY_INFO``: the compiled build holds ``info``
        # unboxed, so it has no identity to test.
        quiet = info == EMPTY_INFO
        toqu_known = s.toqu_known
        played = s.played
        leader = s.leader
        stock = s.stock
        tricks = s.tricks
        units = s.units
        seq = s.seq_side
        pending = s.pending
        scores = s.scores
        revealed = s.revealed
        ahead = False
        # A single card led and free play (V14): any single card may follow. ``row`` is the
        # heading card's row of the V12 table (see play_card's index).
        single = not pos or not trick[0][1] & (trick[0][1] - 1)
        any_card = four and free and pos > 0 and single
        row = (statuses[0][1] * _N + statuses[0][0]) * _N if statuses else 0
        lead_size = 0
        while True:
            hand = hands[seat]
            if any_card and (
                not hand & _TOQ_BIT
                # copy of rules V14, V15: legal_at, compelled
                or not trick[heading][1] & _VOORMSI_BIT
            ):
                # Any single card (no V15 compulsion without the J♣ or the K♥ heading the
                # trick; B3 needs both too): the r-th card of the hand, lowest first, as
                # legal_actions lists them (single_masks), r drawn as rng.randrange draws it.
                count = bit_count(hand)
                bits = _BIT_LENGTHS[count]
                r = getrandbits(bits)
                while r >= count:
                    r = getrandbits(bits)
                rest = hand
                while r:
                    rest &= rest - 1
                    r -= 1
                mask = rest & -rest
            else:
                # A lead is read from the cache of leads when no V17 limit can bite: while
                # the stock lasts everyone holds four cards at a lead (the draw fills every
                # hand before the stock runs out), so no group held is too large.
                entry = None if pos else leads_get(hand)
                # copy of rules V16, V17: legal_at
                if entry is None or (
                    entry[2] > 1 and not stock and entry[2] > min(map(bit_count, hands))
                ):
                    entry = legal_at(seat, tuple(hands), trick, heading)
                masks = entry[1]
                count = len(masks)
                bits = _BIT_LENGTHS[count]  # (rng.randrange(count), as above)
                r = getrandbits(bits)
                while r >= count:
                    r = getrandbits(bits)
                mask = masks[r]
                single = not mask & (mask - 1)
                if not pos:
                    # One play per hand holding cards; while the stock lasts, every hand is
                    # full at a lead.
                    # copy of rule C6: trick_size
                    lead_size = 4 if stock else 4 - hands.count(0)
                if (
                    not four
                    # copy of rule B3: advance
                    or (  # B3 may end the game: the J♣ on its partner's K♥
                        pos
                        and mask & _TOQ_BIT
                        and trick[heading][1] & _VOORMSI_BIT
                        and side[trick[heading][0]] == seat & 1
                    )
                    or (not pos and lead_size == 1)  # a trick of one play
                    # (and, more broadly, a group with the J♣ once the K♥ is out: the C5
                    # variant compares it with the led group, not the heading one)
                    or (not single and mask & _TOQ_BIT and played & _VOORMSI_BIT)
                ):
                    # The general path.
                    if ahead or played != s.played:  # the locals moved on: build their state
                        s = _play_state(
                            s, seat, tuple(hands), trick, trick_size, heading, statuses, info,
                            toqu_known, played, leader, stock, tricks, units, seq, pending,
                            scores, revealed,
                        )  # fmt: skip
                    s = play(s, seat, mask)
                    break
            if not single:
                # A group (V16–V19): the general step, on the locals.
                if not pos:
                    trick_size = lead_size
                after, trick, heading, statuses, info, toqu_known, played, _ = advance(
                    tuple(hands), trick, heading, statuses, info, toqu_known, played, seat, mask
                )
                if mask & _SPECIAL:  # (advance touches the bookkeeping for these only)
                    quiet = False
                hands = list(after)
                pos += 1
                if pos < trick_size:
                    # copy of rule C6: next_to_play
                    nxt = next_seat[seat]
                    seat = nxt if hands[nxt] else engine.next_holder(seat, hands)
                    continue
            else:
                # copy of rules V7, V12, V13: advance
                card = mask.bit_length() - 1
                special = mask & _SPECIAL
                if special:
                    # copy of rules V24, B1: advance
                    toqu_cap, b4, b5, v_pos, v_blocked = info
                    if special & _VOORMSI_BIT:
                        v_pos = pos
                        v_blocked = bool(played & _TOQ_BIT)
                        info = (toqu_cap, b4, b5, v_pos, v_blocked)
                        quiet = False
                    elif special & _TOQ_BIT:
                        toqu_known = engine.zeros_seats
                if not pos:
                    trick_size = lead_size
                    trick = lead_tricks[seat][card]
                    heading = 0
                    statuses = _LEAD_STATUSES[card]
                    row = (statuses[0][1] * _N + card) * _N
                    any_card = free
                else:
                    if played & _VOORMSI_BIT:
                        # copy of rule V15: advance
                        head_seat, head_mask = trick[heading]
                        if (
                            head_mask & _VOORMSI_BIT
                            and not hand & _TOQ_BIT
                            and side[head_seat] != seat & 1
                        ):
                            toqu_known = replace_at(toqu_known, seat, 1)
                    new = single_table[row + card + _ADJACENT if pos == heading + 1 else row + card]
                    if new is not None:
                        if special:
                            ref_mask = trick[heading][1]
                            if ref_mask & _VOORMSI_BIT:
                                if special & _TOQ_BIT:
                                    # copy of rule B2: advance
                                    info = (pos, b4, b5, v_pos, v_blocked)
                                    quiet = False
                                elif special & _D3_BIT:
                                    # copy of rule B4: advance
                                    info = (toqu_cap, seat, b5, v_pos, v_blocked)
                                    quiet = False
                            elif (
                                toqu_cap == heading
                                and special & _D3_BIT
                                and (not next_card_b5 or pos == heading + 1)
                            ):
                                # copy of rules B5, VV1: advance
                                info = (toqu_cap, b4, seat, v_pos, v_blocked)
                                quiet = False
                        heading = pos
                        statuses = new
                        row = (new[0][1] * _N + card) * _N
                    trick += lead_tricks[seat][card]  # (the interned ((seat, card),))
                hands[seat] = hand ^ mask
                played |= mask
                pos += 1
                if pos < trick_size:
                    # copy of rule C6: next_to_play
                    nxt = next_seat[seat]
                    seat = nxt if hands[nxt] else engine.next_holder(seat, hands)
                    continue
            # The trick is complete.
            win_seat = trick[heading][0]
            if quiet and from_first:
                # copy of rule V20: score_trick
                size = 1 if single else bit_count(trick[0][1])  # k cards each: k trick units
                w = win_seat & 1
                won = units[w]
                after_units = won + size
                new_units: tuple[int, ...] = (
                    (after_units, units[1]) if w == 0 else (units[0], after_units)
                )
                # copy of rule V22: unit_points
                if after_units < threshold:
                    points = 0
                elif won >= threshold:
                    points = size
                else:
                    points = 1 + (after_units - threshold) + (units[1 - w] == 0)
                # copy of rule V23: _hold
                if seq in (w, NO_TRICK_YET):
                    new_seq = w  # the run from the first trick holds its points
                    new_pending = pending
                    if points:
                        new_pending = (
                            (pending[0] + points, pending[1])
                            if w == 0
                            else (pending[0], pending[1] + points)
                        )
                    new_scores = scores
                    over = None
                else:
                    credit = [0, 0]
                    credit[w] = points
                    new_pending = pending
                    new_seq = seq
                    new_scores = scores
                    over = None
                    if seq != BROKEN:  # the other side's run ends: its points count
                        credit[seq] = pending[seq]
                        new_pending = engine.zeros_sides
                        new_seq = BROKEN
                    if points or credit[1 - w]:  # credited at once (V25)
                        new_scores, over = engine.credit(scores, new_pending, credit)
                new_revealed = revealed
                new_known = toqu_known
            else:
                (
                    new_units, new_seq, new_pending, new_scores, new_revealed,
                    new_known, over,
                ) = engine.score_trick(
                    units, seq, pending, scores, revealed, tuple(hands), stock, trick,
                    trick_size, heading, info, toqu_known,
                )  # fmt: skip
            if over is not None:  # the general path builds the game's end
                s = _play_state(
                    s, seat, tuple(hands), trick, trick_size, heading, statuses, info,
                    toqu_known, played, leader, stock, tricks, units, seq, pending,
                    scores, revealed,
                )  # fmt: skip
                s = engine.finish_trick(
                    s, tuple(hands), stock, trick, trick_size, heading, info, toqu_known,
                    played,
                )  # fmt: skip
                break
            units = new_units
            seq = new_seq
            pending = new_pending
            scores = new_scores
            revealed = new_revealed
            toqu_known = new_known
            # copy of rule V21: draw
            if single and len(stock) >= 4:
                # copy of rule V21: one_card_each
                x0, x1, x2, x3 = stock[:4]
                stock = stock[4:]
                hands[win_seat] |= 1 << x0
                hands[(win_seat + 1) & 3] |= 1 << x1
                hands[(win_seat + 2) & 3] |= 1 << x2
                hands[(win_seat + 3) & 3] |= 1 << x3
                if 1 in toqu_known:  # who lacked the J♣ may have drawn it
                    toqu_known = tuple(0 if k == 1 else k for k in toqu_known)
            elif stock:
                after, stock, toqu_known = engine.draw(win_seat, tuple(hands), stock, toqu_known)
                hands = list(after)
            tricks = (*tricks, (trick, win_seat))
            # (a stock left after the draw means every hand was filled)
            if not stock and not any(hands):  # the deal ends
                s = engine.end_deal(
                    s, tricks, units, seq, pending, scores, revealed, toqu_known, played, leader
                )
                break
            # copy of rules V6, C6: next_lead
            seat = leader = win_seat if hands[win_seat] else engine.next_holder(win_seat, hands)
            trick = statuses = ()
            pos = trick_size = row = 0
            heading = -1
            info = EMPTY_INFO
            quiet = True
            any_card = False
            ahead = True
            continue
    return s


def _stepped_playout(engine: Engine, s: VoormsiState, rng: random.Random) -> VoormsiState:
    """The deal of ``s`` played out step by step, ``legal[rng.randrange(len(legal))]`` each play
    (for a generator of a type other than :class:`random.Random`, whose ``randrange`` may draw
    otherwise than the written-out one of :func:`fused_playout`)."""
    legal_at = engine.legal_at
    play = engine.play
    randrange = rng.randrange
    while s.phase == "play":
        seat = s.to_move
        assert seat is not None
        masks = legal_at(seat, s.hands, s.trick, s.heading)[1]
        s = play(s, seat, masks[randrange(len(masks))])
    return s


def _play_state(
    s: VoormsiState,
    to_move: int,
    hands: tuple[int, ...],
    trick: Trick,
    trick_size: int,
    heading: int,
    statuses: Statuses,
    info: TrickInfo,
    toqu_known: tuple[int, ...],
    played: int,
    leader: int,
    stock: tuple[int, ...],
    tricks: tuple[tuple[Trick, int], ...],
    units: tuple[int, ...],
    seq_side: int,
    pending: tuple[int, ...],
    scores: tuple[int, ...],
    revealed: tuple[tuple[int, int, int], ...],
) -> VoormsiState:
    """``s`` with the fields that plays and trick ends change written over."""
    n = blank_copy(s)
    n.to_move = to_move
    n.hands = hands
    n.trick = trick
    n.trick_size = trick_size
    n.heading = heading
    n.statuses = statuses
    n.info = info
    n.toqu_known = toqu_known
    n.played = played
    n.leader = leader
    n.stock = stock
    n.tricks = tricks
    n.units = units
    n.seq_side = seq_side
    n.pending = pending
    n.scores = scores
    n.revealed = revealed
    n.__class__ = VoormsiState
    state: VoormsiState = n
    return state


# -- the game's hot methods ----------------------------------------------------------------------
# VoormsiGame binds these as its methods (``apply = fast.apply``): moving them here adds no call.
# They read the tables :func:`install` gives the game, computed once from its engine and never
# changed, so one game object may be shared between threads.


def install(game: VoormsiGame) -> None:
    """Give ``game`` the tables its fast methods (:func:`legal_actions`, :func:`apply`) read,
    from its engine: bound engine steps and rule facts of its config, set once when the game is
    built and never changed afterwards."""
    engine = game.engine
    game._legal_at = engine.legal_at
    game._leads_of = engine.leads_of
    game._max_lead = engine.max_lead
    game._compelled = engine.compelled
    game._deal = engine.deal
    game._play = MethodType(play, engine)  # (a bound method: no more calls than a method)
    # play's choice for one card, made once: apply's direct paths know the group is one card.
    game._play_single = MethodType(play_card, engine) if engine.four else engine.play
    game._play_any = engine.play
    game._multi = engine.multi
    game._rank_of = engine.rank_of
    # V14: any single card may follow a single card, unless C2 asks to follow suit (the V15
    # compulsion is left to the engine: only a hand holding the J♣ can be compelled).
    game._free_singles = not engine.follow


def legal_actions(self: VoormsiGame, state: VoormsiState) -> tuple[Lead | Play, ...]:
    """The groups the seat to move may lead or play (interned actions), in the order of
    :meth:`Engine.legal_at <cardrules.games.voormsi.engine.Engine.legal_at>`.

    >>> from cardrules.games.voormsi import make_game
    >>> game = make_game()
    >>> s = game.apply(game.new_hand(dealer=3), game.sample_chance(game.new_hand(dealer=3), random.Random(5)))
    >>> game.legal_actions(s)[:2]
    (Lead.of('6D'), Lead.of('7C'))
    """
    if type(state) is not VoormsiState or state.config is not self.config:
        check_game_state(self, state)
    seat = state.to_move
    if seat is None or seat < 0:  # over, or a chance step (to_move is a seat only in play)
        return ()
    trick = state.trick
    hand = state.hands[seat]
    if not trick:
        # copy of rules V16, V17: legal_at
        if state.stock or not self._multi or hand.bit_count() <= self._max_lead(state.hands):
            # The hand's leads (V16) from the rank tables, when the size limit (V17) cannot
            # bite: while the stock lasts everyone holds four cards, later no group of this
            # hand may be too large.
            return self._leads_of(hand)
    elif self._free_singles:
        led = trick[0][1]
        # copy of rules V14, V15: legal_at, single_plays
        if not led & (led - 1) and not (hand & _TOQ_BIT and self._compelled(state, seat)):
            # Any single card (V14), the most common position: the engine's single_plays(hand),
            # inlined (four look-ups, lowest card first).
            c0, c1, c2, c3 = SINGLE_PLAY_CHUNKS
            return (
                c0[hand & 0x1FF] + c1[hand >> 9 & 0x1FF] + c2[hand >> 18 & 0x1FF] + c3[hand >> 27]
            )
    return self._legal_at(seat, state.hands, trick, state.heading)[0]


def apply(
    self: VoormsiGame, state: VoormsiState, action: Any, seat: int | None = None
) -> VoormsiState:
    """The next state; :class:`~cardrules.errors.IllegalActionError` (with the rule id) for
    anything illegal.

    ``state`` must be a :class:`~cardrules.games.voormsi.VoormsiState`, ``seat`` ``None`` or the
    seat to move (an ``int``), and ``action`` a sound group
    (:func:`~cardrules.games.voormsi.actions.group_mask`) or chance action; anything else raises
    a :class:`~cardrules.errors.CardrulesError`.

    >>> from cardrules.games.voormsi import Lead, make_game, stacked_deal
    >>> game = make_game()
    >>> s = game.apply(game.new_hand(dealer=3), stacked_deal(game, 3, {0: "7D 7C 5S 5H"}))
    >>> game.apply(s, Lead.of("7D 5S"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalActionError: rule V16 (multi-card leads): a lead is of one face rank [seat 0, action Lead.of('7D 5S')]
    """
    if type(state) is not VoormsiState or state.config is not self.config:
        check_game_state(self, state)
    to_move = state.to_move
    if seat is not None:
        self.check_actor(state, seat, to_move)
        if to_move is not None and seat != to_move:
            who = "chance" if to_move == CHANCE else f"seat {to_move}"
            # No legal actions listed: the seat has none out of turn, and the mover's would
            # show the mover's cards to it.
            raise IllegalActionError(
                VoormsiRule.V6, f"it is {who}'s turn", action=short_repr(action), seat=seat
            )
    if to_move is None:
        raise IllegalActionError(
            VoormsiRule.V25, "the game is over", action=short_repr(action), seat=seat
        )
    if to_move < 0:  # CHANCE
        return _apply_chance(self, state, action)
    # The fast paths take the interned groups that legal_actions hands out as they are (their
    # fields are sound: a slot read, see actions._Interned); any other group (built anew, a
    # copy, one tampered with) is checked field by field first (group_mask). They check the
    # common legal actions directly: held cards as many as led, free to be played (without C2's
    # suits, any such group but where V15 binds the J♣), or a lead of held cards of one face
    # rank within the size limit (V16, V17). Else a legal action's mask is among the legal groups' masks (ints: compared in
    # C, where `action in actions` would call attrs' __eq__ on every action before it);
    # everything else is refused, naming the rule it breaks.
    cls = type(action)
    hand = state.hands[to_move]
    trick = state.trick
    mask: int
    if cls is Play:
        try:
            mask = action.mask if action.interned else group_mask(action)
        except AttributeError:  # a copy: its fields are checked
            mask = group_mask(action)
        if trick and self._free_singles and not mask & ~hand:
            led = trick[0][1]
            # copy of rules V14, V15, V17: legal_at
            if not (mask & (mask - 1) or led & (led - 1)):  # one held card on one card led
                # V15: a J♣ holder may be bound to play it.
                if not hand & _TOQ_BIT or mask == _TOQ_BIT or not self._compelled(state, to_move):
                    return self._play_single(state, to_move, mask)
            elif mask.bit_count() == led.bit_count() and (  # as many held cards as led
                not hand & _TOQ_BIT or mask & _TOQ_BIT or not self._compelled(state, to_move)
            ):
                return self._play_any(state, to_move, mask)
    elif cls is Lead:
        try:
            mask = action.mask if action.interned else group_mask(action)
        except AttributeError:
            mask = group_mask(action)
        # copy of rules V16, V17: legal_at
        if (
            not trick
            and not (mask & ~hand or mask & ~self._rank_of[mask.bit_length() - 1])
            and (
                not mask & (mask - 1)
                or (self._multi and state.stock)  # everyone holds four: any size (V17)
                or mask.bit_count() <= self._max_lead(state.hands)
            )
        ):
            if mask & (mask - 1):
                return self._play_any(state, to_move, mask)
            return self._play_single(state, to_move, mask)
    else:
        raise IllegalActionError(
            VoormsiRule.V16,
            "play with Lead(cards) or Play(cards)",
            action=short_repr(action),
            seat=to_move,
            legal=self.legal_actions(state),
        )
    if (
        cls is not (Play if trick else Lead)
        or mask not in self._legal_at(to_move, state.hands, trick, state.heading)[1]
    ):
        _refuse(self, state, action, mask, to_move)
    return self._play(state, to_move, mask)


def _refuse(
    self: VoormsiGame, state: VoormsiState, action: Lead | Play, mask: int, seat: int
) -> None:
    """Raise the :class:`~cardrules.errors.IllegalActionError` of the sound group ``action`` (of
    ``mask``), naming the rule it breaks (the legal actions are listed only here, on the way to
    the error)."""
    why = self.engine.why_illegal(state, seat, type(action) is Lead, mask)
    assert why is not None, "a group the fast paths refused is legal"
    rule, reason = why
    raise IllegalActionError(
        rule, reason, action=action, seat=seat, legal=self.legal_actions(state)
    )


def shuffle_deal(rng: random.Random) -> Deal:
    """V5: a :class:`~cardrules.Deal` of the deck shuffled with ``rng``
    (:func:`~cardrules.decks.shuffled_order`), what ``sample_chance`` hands out. Its order is a
    plain tuple, as every ``Deal``'s, and ``apply`` checks it like any other (in C: a few
    microseconds a deal), so a deal rebuilt from its fields, or a tampered one, is treated alike.

    >>> shuffle_deal(random.Random(1)) == Deal(shuffled_order(random.Random(1), 36))
    True
    """
    return trusted_deal(shuffled_order(rng, NUM_CARDS))


_UNSHUFFLED: Final = list(range(NUM_CARDS))
_INT_ONLY: Final = {int}
_ALL_CARDS: Final = set(_UNSHUFFLED)


def _apply_chance(self: VoormsiGame, state: VoormsiState, action: Any) -> VoormsiState:
    """The cut for the first dealer (V4) or the shuffle (V5), checked."""
    if state.phase == "choose_dealer":
        if type(action) is not ChooseDealer:
            raise IllegalActionError(
                VoormsiRule.V4, "the first step is choosing a dealer", action=short_repr(action)
            )
        # Once a match, so no hot path: evolve is clear enough here.
        return attrs.evolve(
            state, phase="deal", dealer=self.engine.dealer_seat(action, short_repr(action))
        )
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
    return self._deal(state, order)

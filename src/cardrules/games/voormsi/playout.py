"""Voormsi's fused playout: the rest of a deal played at random on locals, building few states.

:meth:`Engine.playout <cardrules.games.voormsi.engine.Engine.playout>` (what
:meth:`VoormsiGame.rollout <cardrules.games.voormsi.VoormsiGame.rollout>` runs once its checks
pass) hands the deal to :func:`fused_playout`. It draws the groups in the order of
``legal_actions`` (a single card following a single card from
:func:`~cardrules.games.voormsi.engine.single_masks`, the rest from
:meth:`~cardrules.games.voormsi.engine.Engine.legal_at`), each with the numbers
``rng.randrange`` draws, so the draws from ``rng`` are those of stepping with the same choices,
and the deal ends in the same state. (A generator of a type other than :class:`random.Random`,
whose ``randrange`` may draw otherwise, is handed to a plain stepping loop.)

A rollout never shows the states between its plays, so it builds as few as it can: it keeps the
fields that plays and trick ends change as locals, and the last state it built supplies the rest,
which neither changes. In a four-player game:

* a play of one card is ``Engine.play_card`` written out on those locals (its V12 heading, the V15
  deduction and the bonus bookkeeping of V24 for B2, B4 and B5; a lead read from the cache of
  ``Engine.legal_at`` when V17's size limit cannot bite, a follow free to play any card when
  V15's compulsion cannot apply), each rule tagged ``# copy of rule <ID>: <function>``; a group
  is played on them by ``Engine.advance`` itself;
* a complete trick is scored on them: a trick with no bonus to settle under the default V23 scope
  (single cards or groups) by a written-out copy of ``score_trick``'s units (V20),
  ``unit_points`` and ``_finish_card_trick``'s hold and credit, then drawn by a copy of
  ``_one_card_each`` (everyone played one card) or by ``Engine.draw``, and the next lead set as
  ``_next_lead`` sets it; any other trick is scored by ``Engine.score_trick`` itself; the last
  trick of the deal ends it with ``Engine._end_deal``.

Any other play (the J♣ on its partner's K♥, a group with the J♣ once the K♥ is out, a lead nobody
can follow, every play with two or three players) is built into a state and handed to
``Engine.play``, and a trick that ends the game to ``Engine.finish_trick``, so the rarer rules are
written once. ``tests/games/voormsi/test_rule_copies.py`` checks every tagged copy against
stepping on many deals, from positions inside tricks, for every preset, state for state and draw
for draw.

It lives in a module of its own, away from the engine and the checked API edge, so that the
opt-in compiled build (``CARDRULES_COMPILE=1 pip install .``, see ``setup.py``) can compile it with
mypyc: compiled code checks annotated argument types on entry with a bare ``TypeError``, which the
library's entry points must never show. Written for both builds: the locals are plain ints and
tuples (native values once compiled), the engine's constants are this module's own final names,
and no identity test is made on a tuple the compiled build may hold unboxed.

>>> from cardrules.games.voormsi import make_game
>>> game = make_game()
>>> state = game.new_hand(dealer=0)
>>> state = game.apply(state, game.sample_chance(state, random.Random(1)))
>>> def stepped(s, rng):
...     while s.phase == "play":
...         legal = game.legal_actions(s)
...         s = game.apply(s, legal[rng.randrange(len(legal))])
...     return s
>>> fused_playout(game._engine, state, random.Random(5)) == stepped(state, random.Random(5))
True
"""

from __future__ import annotations

import random
from typing import Final

from cardrules.games.voormsi import engine as _engine
from cardrules.games.voormsi.engine import Engine, Statuses, Trick, _replace
from cardrules.games.voormsi.state import (
    BROKEN,
    EMPTY_INFO,
    NO_TRICK_YET,
    TrickInfo,
    VoormsiState,
    blank_copy,
)

# The engine's constants, bound here as this module's own: the compiled build reads a module's
# own final names as C values, but a name imported from an interpreted module by a dictionary
# look-up at every use.
_N: Final = _engine._N
_ADJACENT: Final = _engine._ADJACENT
_BIT_LENGTHS: Final = _engine._BIT_LENGTHS
_LEAD_STATUSES: Final = _engine._LEAD_STATUSES
_TOQ_BIT: Final = _engine._TOQ_BIT
_VOORMSI_BIT: Final = _engine._VOORMSI_BIT
_D3_BIT: Final = _engine._D3_BIT
_SPECIAL: Final = _engine._SPECIAL

__all__ = ["fused_playout"]


def fused_playout(engine: Engine, s: VoormsiState, rng: random.Random) -> VoormsiState:
    """Play the current deal of ``s`` out at random (uniform over the legal groups) with ``rng``,
    as stepping plays it: the state after it (see the module docs)."""
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
                # copy of rule V15: compelled
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
                # copy of rule V17: legal_at
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
                    lead_size = 4 if stock else 4 - hands.count(0)
                if (
                    not four
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
                    nxt = next_seat[seat]
                    seat = nxt if hands[nxt] else engine.next_holder(seat, hands)
                    continue
            else:
                # copy of rule V12: play_card
                card = mask.bit_length() - 1
                special = mask & _SPECIAL
                if special:
                    # copy of rule V24: play_card
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
                        # copy of rule V15: play_card
                        head_seat, head_mask = trick[heading]
                        if (
                            head_mask & _VOORMSI_BIT
                            and not hand & _TOQ_BIT
                            and side[head_seat] != seat & 1
                        ):
                            toqu_known = _replace(toqu_known, seat, 1)
                    new = single_table[row + card + _ADJACENT if pos == heading + 1 else row + card]
                    if new is not None:
                        if special:
                            ref_mask = trick[heading][1]
                            if ref_mask & _VOORMSI_BIT:
                                if special & _TOQ_BIT:
                                    # copy of rule B2: play_card
                                    info = (pos, b4, b5, v_pos, v_blocked)
                                    quiet = False
                                elif special & _D3_BIT:
                                    # copy of rule B4: play_card
                                    info = (toqu_cap, seat, b5, v_pos, v_blocked)
                                    quiet = False
                            elif (
                                toqu_cap == heading
                                and special & _D3_BIT
                                and (not next_card_b5 or pos == heading + 1)
                            ):
                                # copy of rule B5: play_card
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
                # copy of rule V23: _finish_card_trick
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
                        new_scores, over = engine._credit(scores, new_pending, credit)
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
            # copy of rule V21: _finish_card_trick
            if single and len(stock) >= 4:
                # copy of rule V21: _one_card_each
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
                s = engine._end_deal(
                    s, tricks, units, seq, pending, scores, revealed, toqu_known, played, leader
                )
                break
            # copy of rule V6: _next_lead
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

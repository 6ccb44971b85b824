"""The Voormsi engine: legal plays, trick resolution, bonuses, holds and the ladder.

Every transition runs on a small mutable :class:`Table` of ints and bitmasks. :meth:`VoormsiGame.apply`
loads the state into a table, applies one action and freezes the result; the fused
:meth:`VoormsiGame.rollout` keeps one table for a whole hand. So stepping and rollouts share one
implementation of the rules and cannot drift apart.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Final

from cardrules import (
    CHANCE,
    Ladder,
    deal_one_at_a_time,
    group_beats,
    iter_bits,
)

from .actions import face_rank
from .ranking import (
    DECK,
    DIAMOND_THREE,
    NORMAL,
    TOQUTSIT,
    VOORMSI,
    beats,
    lead_status,
    new_status,
)
from .rules import VoormsiRules
from .state import BROKEN, EMPTY_INFO, NO_TRICK_YET, Phase, TrickInfo, VoormsiState

__all__ = ["HAND_SIZE", "Table", "rank_masks", "suit_masks"]

HAND_SIZE: Final = 4
"""V5: cards in a full hand."""

_SUIT_MASKS: Final = tuple(DECK.suit_masks[s] for s in DECK.suits)


def suit_masks() -> tuple[int, ...]:
    """The four suit masks of the deck (C2 needs them; the ♦3 is a diamond)."""
    return _SUIT_MASKS


def rank_masks(diamond_three_is_king: bool) -> tuple[int, ...]:
    """Masks of the cards of each face rank (V16), the ♦3 among the Kings under C4."""
    groups: dict[int, int] = {}
    for i in range(len(DECK)):
        r = face_rank(i, diamond_three_is_king=diamond_three_is_king)
        groups[r] = groups.get(r, 0) | 1 << i
    return tuple(groups[r] for r in sorted(groups))


_SUBMASKS: dict[tuple[int, int], list[int]] = {}
_COMBOS: dict[tuple[int, int], list[int]] = {}


def _submasks(mask: int, limit: int) -> list[int]:
    """The non-empty submasks of ``mask`` with at most ``limit`` bits, in increasing order (cached)."""
    key = (mask, limit)
    out = _SUBMASKS.get(key)
    if out is None:
        bits = list(iter_bits(mask))
        out = sorted(
            sum(1 << b for b in combo)
            for size in range(1, min(limit, len(bits)) + 1)
            for combo in combinations(bits, size)
        )
        if len(_SUBMASKS) < 100_000:
            _SUBMASKS[key] = out
    return out


def _combos(hand: int, size: int) -> list[int]:
    """The ``size``-card subsets of ``hand`` as masks (cached)."""
    if size == 1:  # the common case: single cards, no cache needed
        singles = []
        while hand:
            low = hand & -hand
            singles.append(low)
            hand ^= low
        return singles
    key = (hand, size)
    out = _COMBOS.get(key)
    if out is None:
        out = [sum(1 << b for b in c) for c in combinations(iter_bits(hand), size)]
        if len(_COMBOS) < 200_000:
            _COMBOS[key] = out
    return out


class Table:
    """The mutable working copy of a state (see the module docstring). Not part of the public API."""

    __slots__ = (
        "deal_start",
        "dealer",
        "end",
        "hands",
        "heading",
        "info",
        "ladder",
        "leader",
        "n",
        "pending",
        "phase",
        "played",
        "revealed",
        "rk",
        "rules",
        "scores",
        "seq_side",
        "single_hand",
        "statuses",
        "stock",
        "to_move",
        "toqu_known",
        "trick",
        "trick_size",
        "tricks",
        "units",
        "winner",
    )

    def __init__(self, rules: VoormsiRules, ladder: Ladder, rk: tuple[int, ...]) -> None:
        self.rules = rules
        self.ladder = ladder
        self.rk = rk
        self.n = rules.players

    # -- conversion ----------------------------------------------------------------------------
    def load(self, s: VoormsiState) -> Table:
        """Copy ``s`` into this table."""
        self.phase: Phase = s.phase
        self.to_move: int | None = s.to_move
        self.dealer: int | None = s.dealer
        self.hands = list(s.hands)
        # Fields changed only at the end of a trick stay the state's tuples until _own() copies them.
        self.stock: list[int] = s.stock  # type: ignore[assignment]
        self.leader = s.leader
        self.trick = list(s.trick)
        self.trick_size = s.trick_size
        self.heading = s.heading
        self.statuses = list(s.statuses)
        self.info: TrickInfo = s.info
        self.tricks: list[tuple[tuple[tuple[int, int], ...], int]] = s.tricks  # type: ignore[assignment]
        self.units: list[int] = s.units  # type: ignore[assignment]
        self.seq_side = s.seq_side
        self.pending: list[int] = s.pending  # type: ignore[assignment]
        self.scores: list[int] = s.scores  # type: ignore[assignment]
        self.deal_start = s.deal_start
        self.revealed: list[tuple[int, int, int]] = s.revealed  # type: ignore[assignment]
        self.toqu_known: list[int] = s.toqu_known  # type: ignore[assignment]
        self.single_hand = s.single_hand
        self.winner = s.winner
        self.end = s.end
        self.played = s.played
        return self

    def _own(self) -> None:
        """Copy the lazily shared fields into lists before they are changed."""
        self.stock = list(self.stock)
        self.tricks = list(self.tricks)
        self.units = list(self.units)
        self.pending = list(self.pending)
        self.scores = list(self.scores)
        self.revealed = list(self.revealed)
        self.toqu_known = list(self.toqu_known)

    def load_for_legal(self, s: VoormsiState) -> Table:
        """Load only what :meth:`legal_masks` reads (the table must not be played on)."""
        self.hands = s.hands  # type: ignore[assignment]
        self.trick = s.trick  # type: ignore[assignment]
        self.heading = s.heading
        self.to_move = s.to_move
        return self

    def freeze(self) -> VoormsiState:
        """The state this table holds."""
        return VoormsiState(
            self.phase, self.to_move, self.dealer, tuple(self.hands), tuple(self.stock),
            self.leader, tuple(self.trick), self.trick_size, self.heading, tuple(self.statuses),
            self.info, tuple(self.tricks), tuple(self.units), self.seq_side, tuple(self.pending),
            tuple(self.scores), self.deal_start, tuple(self.revealed), tuple(self.toqu_known),
            self.single_hand, self.winner, self.end, self.played,
        )  # fmt: skip

    # -- helpers -------------------------------------------------------------------------------
    def side(self, seat: int) -> int:
        """The scoring side of ``seat`` (partnerships with four players, V1)."""
        return seat % 2 if self.n == 4 else seat

    def next_holder(self, seat: int) -> int:
        """The first seat clockwise after ``seat`` that holds cards (empty hands sit out, C6)."""
        for step in range(1, self.n + 1):
            s = (seat + step) % self.n
            if self.hands[s]:
                return s
        return seat

    def deal(self, order: tuple[int, ...]) -> None:
        """V5: four cards each, one at a time from the dealer's left; the rest is the stock."""
        assert self.dealer is not None
        left = (self.dealer + 1) % self.n
        hands, _, rest = deal_one_at_a_time(order, self.n, HAND_SIZE, first=left)
        self.hands = [sum(1 << c for c in h) for h in hands]
        self.stock = list(rest)
        sides = self.rules.num_sides
        self.phase = "play"
        self.to_move = left  # V6: eldest leads
        self.leader = left
        self.trick, self.trick_size, self.heading, self.statuses = [], 0, -1, []
        self.info = EMPTY_INFO
        self.tricks = []
        self.units = [0] * sides
        self.seq_side = NO_TRICK_YET
        self.pending = [0] * sides
        self.deal_start = tuple(self.scores)
        self.revealed = []
        self.toqu_known = [0] * self.n
        self.played = 0

    # -- legal plays ---------------------------------------------------------------------------
    def max_lead(self) -> int:
        """The largest group that may be led: every player still holding cards must follow (V17, C6)."""
        if not self.rules.multi_card_leads:
            return 1
        return min(HAND_SIZE, *(h.bit_count() for h in self.hands if h))

    def compelled(self, seat: int) -> bool:
        """V15: an opponent's group holding the K♥ heads the trick and ``seat`` holds the J♣."""
        if not self.trick or not self.hands[seat] >> TOQUTSIT & 1:
            return False
        head_seat, head_mask = self.trick[self.heading]
        return bool(head_mask >> VOORMSI & 1) and self.side(head_seat) != self.side(seat)

    def legal_masks(self) -> list[int]:
        """The groups the seat to move may play, as masks (leads if the trick is empty)."""
        seat = self.to_move
        assert seat is not None
        assert seat >= 0
        hand = self.hands[seat]
        if not self.trick:
            limit = self.max_lead()
            out: list[int] = []
            for rank_mask in self.rk:
                held = hand & rank_mask
                if held:
                    out.extend(_submasks(held, limit))
            return out
        size = self.trick[0][1].bit_count()
        options = _combos(hand, size)
        if self.compelled(seat):
            options = [m for m in options if m >> TOQUTSIT & 1]
        if self.rules.must_follow_suit:
            options = self._follow_suit(hand, options)
        return options

    def _follow_suit(self, hand: int, options: list[int]) -> list[int]:
        """C2 (3.7): per suit play at least min(led, held) cards of it, as far as V15 allows."""
        led = self.trick[0][1]
        req = [min((led & m).bit_count(), (hand & m).bit_count()) for m in _SUIT_MASKS]

        def followed(group: int) -> int:
            return sum(
                min((group & m).bit_count(), r) for m, r in zip(_SUIT_MASKS, req, strict=True)
            )

        best = max(followed(g) for g in options)
        return [g for g in options if followed(g) == best]

    # -- playing -------------------------------------------------------------------------------
    def play(self, seat: int, mask: int) -> None:
        """``seat`` plays the (legal) group ``mask``."""
        rules = self.rules
        pos = len(self.trick)
        if pos == 0:
            self.trick_size = 4 if self.n == 2 else sum(1 for h in self.hands if h)
        elif self.compelled(seat) is False and self._heading_is_opponents_voormsi(seat):
            # V15 was in force and the J♣ was not played: everyone now knows this seat lacks it.
            known = list(self.toqu_known)
            known[seat] = 1
            self.toqu_known = known
        played_before = self.played
        self.hands[seat] &= ~mask
        self.played |= mask
        self.trick.append((seat, mask))
        toqu_cap, b4, b5, v_pos, v_blocked = self.info
        if mask >> VOORMSI & 1:
            v_pos = pos
            # B1 (b), 3.7: a J♣ earlier in the deal, earlier in this trick, or in this group.
            v_blocked = bool((played_before | mask) >> TOQUTSIT & 1)
        if mask >> TOQUTSIT & 1:
            self.toqu_known = [0] * self.n  # the J♣ is public now
        # CORE-CANDIDATE: sequential heading resolution that carries a per-card status (the core's
        # heading_position only compares plays; V12 needs what each winning card earned, 3.7).
        if pos == 0:
            self.heading = 0
            if mask & (mask - 1):
                self.statuses = [(c, lead_status(c)) for c in iter_bits(mask)]
            else:
                card = mask.bit_length() - 1
                self.statuses = [(card, lead_status(card))]
        else:
            multi = mask.bit_count() > 1
            if multi and rules.multi_compare == "vs_led_group_last_wins":
                ref_pos = 0  # C5 variant: every group is compared with the led group
                ref = [(c, lead_status(c)) for c in iter_bits(self.trick[0][1])]
            else:
                ref_pos = self.heading
                ref = self.statuses
            adjacent = pos == ref_pos + 1
            c3 = rules.spade_king_beats_led_club_king
            if multi:
                group = list(iter_bits(mask))
                # The core matcher wants one item type: a group card is (card, unused status).
                pairing = group_beats(
                    [(c, NORMAL) for c in group],
                    ref,
                    lambda c, w: beats(
                        c[0], w[0], w[1], adjacent=adjacent, spade_king_beats_led_club_king=c3
                    ),
                )
                new = (
                    None
                    if pairing is None
                    else [(group[i], new_status(group[i], ref[j][1])) for i, j in pairing]
                )
            else:
                card = mask.bit_length() - 1
                w_card, w_status = ref[0]
                new = (
                    [(card, new_status(card, w_status))]
                    if beats(
                        card, w_card, w_status, adjacent=adjacent, spade_king_beats_led_club_king=c3
                    )
                    else None
                )
            if new is not None:
                ref_seat, ref_mask = self.trick[ref_pos]
                if ref_mask >> VOORMSI & 1:
                    if mask >> TOQUTSIT & 1:
                        if ref_seat != seat and self.side(ref_seat) == self.side(seat):
                            self.info = (toqu_cap, b4, b5, v_pos, v_blocked)
                            self._partner_capture(seat)  # B3
                            return
                        if self.side(ref_seat) != self.side(seat):
                            toqu_cap = pos  # B2, if it wins the trick
                    elif mask >> DIAMOND_THREE & 1:
                        b4 = seat  # B4: the ♦3 beat a heading K♥
                elif (
                    toqu_cap == ref_pos
                    and mask >> DIAMOND_THREE & 1
                    and (not rules.over_capture_needs_next_card or adjacent)
                ):
                    b5 = seat  # B5: the ♦3 beats the J♣ that captured the K♥ (3.7 option)
                self.heading = pos
                self.statuses = new
        self.info = (toqu_cap, b4, b5, v_pos, v_blocked)
        if len(self.trick) == self.trick_size:
            self._finish_trick()
            return
        if self.n == 2:
            if pos == 1:
                # V27: whoever played the higher card draws first, then plays third.
                head_seat = self.trick[self.heading][0]
                self._draw(head_seat)
                self.to_move = head_seat
            else:
                self.to_move = 1 - seat
        else:
            self.to_move = self.next_holder(seat)

    def _heading_is_opponents_voormsi(self, seat: int) -> bool:
        head_seat, head_mask = self.trick[self.heading]
        return bool(head_mask >> VOORMSI & 1) and self.side(head_seat) != self.side(seat)

    def _draw(self, first: int) -> None:
        """V21: draw back to four from the stock, starting with ``first`` (C6 draw order)."""
        if not self.stock:
            return
        self._own()
        stock = self.stock
        n = self.n
        order = [(first + k) % n for k in range(n)]
        if self.rules.draw_order == "complete_each":
            for s in order:
                while stock and self.hands[s].bit_count() < HAND_SIZE:
                    self._take(s)
            return
        progress = True
        while stock and progress:
            progress = False
            for s in order:
                if stock and self.hands[s].bit_count() < HAND_SIZE:
                    self._take(s)
                    progress = True

    def _take(self, seat: int) -> None:
        card = self.stock.pop(0)
        self.hands[seat] |= 1 << card
        if self.toqu_known[seat] == 1:
            self.toqu_known[seat] = 0  # a new card: it may be the J♣

    def _finish_trick(self) -> None:
        self._own()
        rules = self.rules
        win_seat = self.trick[self.heading][0]
        w = self.side(win_seat)
        head_mask = self.trick[self.heading][1]
        size = self.trick[0][1].bit_count()  # V20: k cards each = k trick units
        earned = [0] * rules.num_sides
        before = self.units[w]
        self.units[w] = after = before + size
        threshold = rules.trick_threshold
        if after >= threshold:
            if before < threshold:
                others = sum(u for s, u in enumerate(self.units) if s != w)
                earned[w] += 1 + (after - threshold) + (1 if others == 0 else 0)  # V22
            else:
                earned[w] += size
        toqu_cap, b4, b5, v_pos, v_blocked = self.info
        if toqu_cap == self.heading:
            earned[w] += 2  # B2
        if b4 >= 0:
            earned[self.side(b4)] += 1  # B4
        if b5 >= 0:
            earned[self.side(b5)] += 2  # B5
        last_trick = not self.stock and not any(self.hands)
        if v_pos >= 0 and head_mask >> VOORMSI & 1 and not v_blocked:
            if rules.voormsi_last_card == "last_to_trick":
                last = v_pos == self.trick_size - 1
            else:
                last = last_trick
            if not last:
                v_seat = self.trick[v_pos][0]
                holds = bool(self.hands[v_seat] >> TOQUTSIT & 1)
                if rules.voormsi_bonus_requires_proof and holds:
                    self.toqu_known[v_seat] = 2  # C10: the bonus was refused, so it holds the J♣
                else:
                    earned[self.side(v_seat)] += 1  # B1
                    viewer = next(
                        (v_seat + k) % self.n
                        for k in range(1, self.n)
                        if self.side((v_seat + k) % self.n) != self.side(v_seat)
                    )
                    self.revealed.append((viewer, v_seat, self.hands[v_seat]))
                    if rules.voormsi_bonus_requires_proof:
                        self.toqu_known[v_seat] = 1
        self.tricks.append((tuple(self.trick), win_seat))
        self.trick, self.heading, self.statuses, self.info = [], -1, [], EMPTY_INFO
        self.trick_size = 0
        if self._score_trick(w, earned):
            return
        self._draw(win_seat)
        if not any(self.hands):
            self._end_deal()
            return
        leader = win_seat if self.hands[win_seat] else self.next_holder(win_seat)
        self.leader = self.to_move = leader

    # -- scoring -------------------------------------------------------------------------------
    def _score_trick(self, w: int, earned: list[int]) -> bool:
        """V23: hold or credit the trick's points; True when the game ended."""
        sides = self.rules.num_sides
        credit = [0] * sides
        seq = self.seq_side
        if self.rules.sequence_scope == "from_first":
            if seq in (NO_TRICK_YET, w):
                self.seq_side = w
                self.pending[w] += earned[w]
                earned[w] = 0
            else:
                if seq >= 0:
                    credit[seq] += self.pending[seq]
                    self.pending[seq] = 0
                self.seq_side = BROKEN
        else:  # any_run
            if seq != w:
                if seq >= 0:
                    credit[seq] += self.pending[seq]
                    self.pending[seq] = 0
                self.seq_side = w
            self.pending[w] += earned[w]
            earned[w] = 0
        for s in range(sides):
            credit[s] += earned[s]
        return self._credit(credit)

    def _credit(self, credit: list[int]) -> bool:
        """Credit points (each side's as one batch, so the bust applies to the batch: 3.7)."""
        for s, points in enumerate(credit):
            if points:
                self.scores[s] = self.ladder.add(self.scores[s], points)
        return self._check_end()

    def _check_end(self) -> bool:
        """V25, C11: a side on the target with nothing held wins; two at once draw or play on."""
        reached = [s for s, v in enumerate(self.scores) if self.ladder.reached(v)]
        if not reached or any(self.pending):
            return False
        if len(reached) == 1:
            self._over(reached[0], "target")
            return True
        if self.rules.simultaneous_nine == "draw":
            self._over(-1, "draw")
            return True
        return False

    def _over(self, winner: int, end: str) -> None:
        self.phase = "over"
        self.to_move = None
        self.winner = winner
        self.end = end

    def _partner_capture(self, seat: int) -> None:
        """B3: the side drops to 0 and loses at once; held points are not credited (3.7)."""
        self._own()
        side = self.side(seat)
        self.scores[side] = 0
        self.pending = [0] * len(self.pending)
        self._over(1 - side, "partner_capture")

    def _end_deal(self) -> None:
        rules = self.rules
        winners = {self.side(seat) for _, seat in self.tricks}
        if len(winners) == 1 and self.tricks:
            sweeper = winners.pop()
            if rules.all_nine == "void":  # C7: the deal scores nothing, bonuses included
                self.scores = list(self.deal_start)
                self.pending = [0] * len(self.pending)
            elif rules.all_nine == "wins_game":
                self.scores = list(self.deal_start)
                self.pending = [0] * len(self.pending)
                self._over(sweeper, "sweep")
                return
        batch = self.pending
        self.pending = [0] * len(batch)
        if self._credit(batch):
            return
        if self.single_hand:
            self._over(-1, "hand")
            return
        assert self.dealer is not None
        self.phase = "deal"
        self.to_move = CHANCE
        self.dealer = (self.dealer + 1) % self.n  # V4: the deal passes clockwise

    def random_playout(self, rng: random.Random) -> None:
        """Play the current deal out at random (uniform over the legal groups), in place."""
        while self.phase == "play":
            options = self.legal_masks()
            seat = self.to_move
            assert seat is not None
            self.play(seat, options[rng.randrange(len(options))])

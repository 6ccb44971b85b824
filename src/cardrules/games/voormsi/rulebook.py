"""The rules of Voormsi, as data.

:class:`VoormsiRule` is the closed set of ids Voormsi cites — the rules V1–V27, the bonuses B1–B5
of rule V24, the open questions C1–C13 and the unnumbered variant VV1 — and :data:`VOORMSI_RULES`
states each one in our own words, with the options that change it and the sources it rests on.

The bonus ids B1–B5 are Voormsi's own: the patience has rules called B1–B8 too. Messages write an
id as ``rule B4`` and the enumeration tells the games apart (``VoormsiRule.B4`` is not
``TournamentRule.B4``, and their anchors are ``rule-voormsi-b4`` and ``rule-tournament-b4``).

>>> VOORMSI_RULES[VoormsiRule.V15].title
'Toqutsit compulsion'
>>> VoormsiRule.B4.written, VOORMSI_RULES.anchor(VoormsiRule.B4)
('rule B4', 'rule-voormsi-b4')
>>> [rule.id.value for rule in VOORMSI_RULES if "cut_rank" in rule.options]
['V4', 'C12']
"""

from __future__ import annotations

from typing import Final

from cardrules.rulebook import Rule, RuleBook, RuleId, RuleKind, Source, register_rulebook

__all__ = ["VOORMSI_RULES", "VoormsiRule"]


class VoormsiRule(RuleId):
    """The ids of Voormsi's rules (``V1``–``V27``), bonuses (``B1``–``B5``), open questions
    (``C1``–``C13``) and unnumbered variant (``VV1``)."""

    V1 = "V1"
    V2 = "V2"
    V3 = "V3"
    V4 = "V4"
    V5 = "V5"
    V6 = "V6"
    V7 = "V7"
    V8 = "V8"
    V9 = "V9"
    V10 = "V10"
    V11 = "V11"
    V12 = "V12"
    V13 = "V13"
    V14 = "V14"
    V15 = "V15"
    V16 = "V16"
    V17 = "V17"
    V18 = "V18"
    V19 = "V19"
    V20 = "V20"
    V21 = "V21"
    V22 = "V22"
    V23 = "V23"
    V24 = "V24"
    V25 = "V25"
    V26 = "V26"
    V27 = "V27"
    B1 = "B1"
    B2 = "B2"
    B3 = "B3"
    B4 = "B4"
    B5 = "B5"
    C1 = "C1"
    C2 = "C2"
    C3 = "C3"
    C4 = "C4"
    C5 = "C5"
    C6 = "C6"
    C7 = "C7"
    C8 = "C8"
    C9 = "C9"
    C10 = "C10"
    C11 = "C11"
    C12 = "C12"
    C13 = "C13"
    VV1 = "VV1"


_R = VoormsiRule
_DEFAULT = RuleKind.DEFAULT
_VARIANT = RuleKind.VARIANT
_SEED = "Seed-V"
_PARLETT = "Ext-V3"

_SOURCES: Final = (
    Source(_SEED, "the traditional rules text this implementation follows (Spanish)"),
    Source("Ext-V1", "pagat, Vorms (Anthony Smith)", "https://www.pagat.com/karnoeffel/vorms.html"),
    Source("Ext-V2", "Wikipedia, Voormsi", "https://en.wikipedia.org/wiki/Voormsi"),
    Source(_PARLETT, "D. Parlett, The Penguin Book of Card Games, Voormsi (pp. 116-117)"),
    Source("Ext-V4", "Wikipedia, Brus (card game)", "https://en.wikipedia.org/wiki/Brus_(card_game)"),
    Source("Ext-V5", "pagat, card games of Greenland", "https://www.pagat.com/national/greenland.html"),
)  # fmt: skip

_RULES: Final = (
    Rule(_R.V1, "players and partners",
         "Four players in two partnerships, partners sitting opposite (seats 0 and 2 against 1 "
         "and 3). Dealing and play go clockwise.",
         (_SEED,), options=("players",)),
    Rule(_R.V2, "the deck",
         "36 cards (deck ``voormsi36``): A K Q J 9 8 7 6 5 of each suit, except that the ♦3 "
         "(``3D``) takes the place of the K♦. There are no Tens, Fours or Twos.",
         (_SEED, "Ext-V1", "Ext-V5")),
    Rule(_R.V3, "suit order",
         "Inside a rank the suits rank ♣ above ♠ above ♥ above ♦.",
         (_SEED,)),
    Rule(_R.V4, "the first dealer",
         "Whoever cuts the lowest card deals first; after that the deal passes clockwise.",
         (_SEED,), options=("cut_rank",),
         settled="How the cut ranks its cards is open (rule C12): by default the first dealer is "
         "drawn from the match's random generator."),
    Rule(_R.V5, "the deal",
         "The dealer gives four cards to each player, one at a time from the dealer's left; the "
         "other 20 cards are the face-down stock.",
         (_SEED,)),
    Rule(_R.V6, "the lead",
         "Eldest, the player on the dealer's left, leads to the first trick; the winner of each "
         "trick leads to the next.",
         (_SEED, _PARLETT)),
    Rule(_R.V7, "the effective lead",
         "The first card of a trick is its effective lead, except when that card is the ♦3: then "
         "the second card is, for the privileges of the Sevens, the K♣ and the K♠.",
         (_SEED, _PARLETT)),
    Rule(_R.V8, "the ♦3",
         "The ♦3 is powerless when led (any card beats it) and unbeatable anywhere else in the "
         "trick.",
         (_SEED, _PARLETT)),
    Rule(_R.V9, "Sevens",
         "A Seven that is the effective lead can be beaten only by the ♦3, the K♣ or a Seven of "
         "a higher suit; any other Seven loses to everything. A higher Seven that beats a winning "
         "Seven becomes the winning Seven itself.",
         (_SEED, _PARLETT)),
    Rule(_R.V10, "the K♣",
         "The K♣ is the second-lowest card, but played on a winning Seven it beats it; that K♣ "
         "is then beaten by the ♦3, or by the K♠ played as the very next card. A K♣ that is the "
         "effective lead loses to any card but a Seven, and to the K♠ only when the K♠ comes "
         "next.",
         (_SEED, _PARLETT), options=("spade_king_beats_led_club_king",)),
    Rule(_R.V11, "the K♠",
         "The K♠ is the lowest card. It beats the K♣ when that K♣ is beating a Seven (rule "
         "V10). A led K♠ holds the trick only when nothing but Sevens is played to it; a K♠ "
         "that beat a K♣ over a Seven can be beaten only by the ♦3.",
         (_SEED, _PARLETT),
         settled="A K♠ that beat a led K♣ is a plain card afterwards, the lowest: any card but a "
         "Seven beats it."),
    Rule(_R.V12, "which card beats",
         "The card winning so far, W, is compared with each later card c, in exactly this "
         "order: (1) c is the ♦3: c wins; (2) W is a ♦3 that was not led: W holds; (3) W is a "
         "led ♦3: c wins and becomes the effective lead; (4) W is a winning Seven: c wins only "
         "as the K♣ or a higher Seven; (5) W is a K♣ over a Seven: c wins only as the K♠ played "
         "right after it; (6) W is a K♠ over such a K♣: W holds; (7) W is a led K♣: c wins if it "
         "is not a Seven and is not a K♠ that comes later than next; (8) W is a led K♠: c wins "
         "if it is not a Seven; (9) otherwise the normal ranking decides, c never winning as a "
         "Seven, and of the J♣ and the K♥ (equal) the later one wins.",
         (_SEED, "Ext-V1", _PARLETT)),
    Rule(_R.V13, "the trick's winner",
         "Whoever played the final winning card W takes the trick; when nothing beats the first "
         "card, the leader does.",
         (_SEED,)),
    Rule(_R.V14, "no obligation to follow",
         "Any card may be played: there is no duty to follow suit or rank, save the compulsion "
         "of rule V15.",
         (_SEED, _PARLETT), options=("must_follow_suit",)),
    Rule(_R.V15, "Toqutsit compulsion",
         "When an opponent's Voormsi (K♥) heads the trick, a player holding Toqutsit (J♣) must "
         "play it. The duty does not arise when Voormsi does not head the trick, such as when a "
         "led Seven is winning.",
         (_SEED, _PARLETT),
         settled="When an opponent's group holding the K♥ heads the trick, the J♣ holder must "
         "include the J♣ in the group played."),
    Rule(_R.V16, "multi-card leads",
         "The leader may lead one card, or two, three or four cards of the same face rank, "
         "Sevens and Kings included. Face rank counts, not power: J♣ with J♦ is a pair of "
         "Jacks, and K♥ with K♣ a pair of Kings.",
         (_SEED, _PARLETT), options=("multi_card_leads", "diamond_three_is_king")),
    Rule(_R.V17, "following a group",
         "Each other player plays as many cards as were led, any cards.",
         (_SEED, _PARLETT)),
    Rule(_R.V18, "a group beats a group",
         "A group beats another when its cards can be paired one to one with the other's so "
         "that each card beats a different card of it (a bipartite matching over rule V12).",
         (_SEED, _PARLETT),
         settled="A group that takes the lead keeps, card by card, the status each card earned "
         "against its partner (a K♣ paired with a Seven becomes a K♣ over a Seven). When several "
         "pairings beat, the first found counts: the group's cards in deck order, each paired "
         "with the first heading card it beats."),
    Rule(_R.V19, "the heading group",
         "Each later group is compared with the group heading the trick and takes over when it "
         "beats it; the leader keeps the trick when none does.",
         (), options=("multi_compare",),
         settled="'Directly after' in rules V10 and V11 means, for groups, the next player's "
         "group."),
    Rule(_R.V20, "trick units",
         "A trick in which each player plays k cards counts as k tricks for scoring, so every "
         "four-player deal has nine trick units.",
         (_SEED, _PARLETT)),
    Rule(_R.V21, "drawing",
         "After each trick the players draw from the stock one card at a time, from the trick's "
         "winner clockwise, round after round, until every hand holds four cards or the stock "
         "is empty; then play goes on with the cards in hand.",
         (_PARLETT,), options=("draw_order",)),
    Rule(_R.V22, "trick points",
         "The side that reaches five trick units scores 1 point at that moment and 1 more for "
         "each further unit; when it won the first five units of the deal, those five are worth "
         "2. Winning all nine is rule C7's matter.",
         (_SEED,), options=("trick_threshold", "all_nine")),
    Rule(_R.V23, "unbroken sequence",
         "The game cannot end while a side has an unbroken run of tricks: as long as one side "
         "has won every trick of the deal, all its points of the deal are held, and credited "
         "when the opponents win a trick.",
         (_SEED,), options=("sequence_scope",),
         settled="Held points are credited as one batch, and a bust (rule V25) applies to the "
         "batch: 7 plus 3 held makes 10, which busts to 8."),
    Rule(_R.V24, "bonuses",
         "Bonuses B1–B5 are scored for the matadors and the ♦3, credited when the trick is "
         "complete and subject to rule V23's hold.",
         (_SEED, _PARLETT),
         options=("voormsi_last_card", "voormsi_bonus_requires_proof",
                  "over_capture_needs_next_card"),
         settled="When a group holding both the J♣ and the ♦3 beats the K♥, the J♣ is credited "
         "with the capture (rule B2 or B3, not B4); rule B1 goes to a K♥ in the winning "
         "group."),
    Rule(_R.V25, "the game",
         "The first side to stand at exactly 9 points with nothing held wins, mid-deal if need "
         "be. A side that would pass 9 goes bust, losing the overshoot.",
         (_SEED,), options=("target", "bust_mode", "simultaneous_nine")),
    Rule(_R.V26, "three players",
         "With three players, each for themselves, the 36 cards make 12 tricks and game is 12 "
         "points (preset ``three_player``, experimental).",
         (_PARLETT,), options=("players", "target"),
         settled="The five-unit threshold, the bonuses (partner capture cannot happen) and the "
         "hold are kept as in the four-player game."),
    Rule(_R.V27, "two players",
         "With two players a trick has four single cards: the leader plays, the opponent plays, "
         "whoever played the higher card draws first and plays third, the other draws and plays "
         "fourth; the highest of the four wins (preset ``two_player``, experimental).",
         (_PARLETT,), options=("players", "multi_card_leads"),
         settled="No multi-card leads, four-card hands, one unit a trick; the compulsion and "
         "the bonuses as in the four-player game."),
    Rule(_R.B1, "Voormsi bonus",
         "+1 to Voormsi's side when Voormsi wins the trick, except when it is the last card "
         "(rule C9) or when Toqutsit fell earlier. The player proves not to hold Toqutsit by "
         "showing the hand to an opponent (rule C10).",
         (_SEED,), options=("voormsi_last_card", "voormsi_bonus_requires_proof"),
         settled="A J♣ played earlier in the deal, or earlier in the same trick or group, blocks "
         "the bonus; a J♣ played later in the trick without capturing does not. The opponent on "
         "the left sees the shown cards for the rest of the deal."),
    Rule(_R.B2, "Toqutsit capture",
         "+2 to the side of an opponent whose Toqutsit beats Voormsi and wins the trick.",
         (_SEED, _PARLETT)),
    Rule(_R.B3, "partner capture",
         "A player who beats their partner's Voormsi with Toqutsit makes their side lose all its "
         "points and the game, at once.",
         (_SEED, _PARLETT),
         settled="The game ends the moment the J♣ beats the partner's K♥, mid-trick: that side "
         "drops to 0 and loses, the opponents keep their credited score (not their held points), "
         "and a later ♦3 changes nothing."),
    Rule(_R.B4, "♦3 over Voormsi",
         "+1 to the side of the ♦3's player when the ♦3 beats a heading Voormsi, whoever owns "
         "the Voormsi.",
         (_SEED,)),
    Rule(_R.B5, "over-capture",
         "+2 to the side that beats Toqutsit right after Toqutsit beat Voormsi (only the ♦3 can); "
         "the Toqutsit side then loses its B2 bonus, and no B4 is scored.",
         (), options=("over_capture_needs_next_card",),
         settled="Any later ♦3 while the J♣, having beaten the K♥, still heads the trick earns "
         "the +2 for the ♦3's side, whoever's partner that is."),
    Rule(_R.C1, "which Jack is Toqutsit",
         "Toqutsit is the J♣, as the game's own card list and pagat say (one text's ♠J is a "
         "slip); the whole Brus family has the J♣, the K♥ and the 8♠ as matadors. No option.",
         (_SEED, "Ext-V1", "Ext-V2", "Ext-V4"), _DEFAULT),
    Rule(_R.C2, "following suit",
         "Default: no duty to follow (rule V14), save the compulsion of rule V15. Variant, not "
         "traditional: players must follow suit.",
         (_SEED, _PARLETT), _DEFAULT, options=("must_follow_suit",),
         settled="With groups, each suit led must be followed with at least as many cards of it "
         "as were led or as the player holds, whichever is fewer, the compulsion first; where "
         "the compulsion makes that impossible, the legal groups contain the J♣ and follow as "
         "many led cards as they can."),
    Rule(_R.C3, "K♠ against a led K♣",
         "Default, after the traditional text: the K♠ played as the very next card beats a led "
         "K♣. Variant, after Parlett: a led K♣ holds against the K♠ (preset ``parlett``).",
         (_SEED, _PARLETT), _DEFAULT, options=("spade_king_beats_led_club_king",)),
    Rule(_R.C4, "the ♦3 as a King",
         "Default: the ♦3 does not count as a King in a multi-card lead. Variant: it does.",
         (_PARLETT,), _DEFAULT, options=("diamond_three_is_king",),
         settled="When the ♦3 is led in a group under the variant, the card that beats it "
         "becomes the effective lead."),
    Rule(_R.C5, "several groups beat",
         "Default: a later group must beat the group heading the trick (rule V19). Variant: each "
         "group is compared with the led group, and the last that beats it wins.",
         (), _DEFAULT, options=("multi_compare",)),
    Rule(_R.C6, "drawing order",
         "Default: one card at a time, round by round, from the trick's winner, which keeps the "
         "hands equal (rule V21). Variant: each player fills up before the next; after a "
         "multi-card trick on a short stock the hands then differ, empty-handed players sit "
         "out, and a lead of k cards needs every player with cards to hold k.",
         (_PARLETT,), _DEFAULT, options=("draw_order",)),
    Rule(_R.C7, "winning all nine",
         "Default: a side that wins all nine units voids the deal, which scores nothing for "
         "either side, bonuses included; the deal passes on. Variants: the deal scores normally "
         "(2 + 4 = 6), or the sweep wins the game.",
         (_SEED,), _DEFAULT, options=("all_nine",),
         settled="Points credited earlier in a voided deal are taken back: the ladder returns to "
         "where it stood when the deal began. Under the game-winning variant the ladder stays "
         "as it was."),
    Rule(_R.C8, "what a sequence is",
         "Default: only a run from the first trick of the deal holds the points (rule V23). "
         "Variant: every run of won tricks is held until the opponents win a trick or the deal "
         "ends.",
         (_SEED,), _DEFAULT, options=("sequence_scope",)),
    Rule(_R.C9, "the last card",
         "Default: the 'last card' that earns no Voormsi bonus is the last card of a trick, "
         "since no opponent can answer it. Variant: a Voormsi played in the last trick of the "
         "deal.",
         (_SEED,), _DEFAULT, options=("voormsi_last_card",)),
    Rule(_R.C10, "proof for the Voormsi bonus",
         "Default: the engine checks the proof, so rule B1 needs Voormsi's player not to hold "
         "the J♣. Variant: the bonus is scored all the same.",
         (_SEED,), _DEFAULT, options=("voormsi_bonus_requires_proof",)),
    Rule(_R.C11, "bust and a double nine",
         "Default: a bust leaves the side at 9 minus the overshoot, and both sides reaching 9 at "
         "once is a draw. Variants: subtract the overshoot from the score before the points, or "
         "no bust (the first to reach 9 or more wins); play on after a double nine.",
         (_SEED,), _DEFAULT, options=("bust_mode", "simultaneous_nine"),
         settled="Playing on continues until exactly one side stands at 9 with nothing held; it "
         "cannot be combined with no bust, which would never end."),
    Rule(_R.C12, "the first cut",
         "Default: the first dealer is drawn at random (seedable). Variants: everyone cuts and "
         "the lowest card deals, by the game's ranking or by face value, ties cutting again.",
         (_SEED,), _DEFAULT, options=("cut_rank",)),
    Rule(_R.C13, "when bonuses count",
         "Bonus points are credited when the trick is complete, subject to rule V23's hold. No "
         "option.",
         (), _DEFAULT),
    Rule(_R.VV1, "over-capture on the next card",
         "A variant of rule B5: the over-capture bonus needs the ♦3 to be the very next card "
         "after the Toqutsit that beat Voormsi.",
         (), _VARIANT, options=("over_capture_needs_next_card",)),
)  # fmt: skip

VOORMSI_RULES: Final = register_rulebook(
    RuleBook(game="voormsi", rules=_RULES, sources=_SOURCES, code="cardrules.games.voormsi.engine")
)
"""Voormsi's rule book: what ``.. rulebook:: voormsi``, ``cardrules rules voormsi`` and the
messages of its errors quote."""

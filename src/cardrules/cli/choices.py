"""The choices ``cardrules play`` offers at one step: a numbered menu, or cards picked one at a time.

A short list of legal actions is shown whole, numbered. A long one (more than :data:`MENU_LIMIT`:
Rook's 2,002 ways to bury five of fourteen cards, a Voormsi follow of three cards from eight) is not
listed; the player types the action (``bury Y6 G7 R8 R9 B9``, the cards in any order) or picks its
cards one at a time, by name or by number, from a short numbered list of what may still be picked.
``undo`` takes the last pick back, and when the picks make a whole action it is offered first
(``done`` takes it).

Everything here is read from the action texts of the game's ``format_action`` (the first word is
the verb, the other words its cards or values), so a plugin game gets the same choices. Only the
seat's own legal actions are used: nothing is shown that the seat's view does not hold.

>>> options = [(f"bury {t}", None, f"bury {t}") for t in ("R5 Y6", "R5 G7", "Y6 G7")]
>>> menu = Choices(options, limit=2)
>>> menu.long, [text for _, text in menu.items()]
(True, ['R5', 'Y6', 'G7'])
>>> menu.pick_words(["g7"]), [text for _, text in menu.items()]
(None, ['R5', 'Y6'])
>>> menu.pick_words(["y6"]), [text for _, text in menu.items()]
(None, ['bury Y6 G7'])
>>> menu.done()
('bury Y6 G7', None, 'bury Y6 G7')
>>> menu.undo(), menu.picked_text()
('Y6', 'G7')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from cardrules.errors import CardrulesError
from cardrules.game import normalize_notation

__all__ = ["MENU_LIMIT", "Choices", "Option", "ascii_spelling"]

MENU_LIMIT: Final = 30
"""The longest list of actions shown whole."""

Option = tuple[Any, int | None, str]
"""An action, the seat that takes it out of turn (``None``: in turn), and its text."""

_ASCII: Final = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S", "↑": "+", "↓": "-"})


def ascii_spelling(game: Any, state: Any, action: Any, text: str) -> str | None:
    """``text`` with its suit symbols and arrows in ASCII (``T1>F♠↑`` → ``T1>FS+``), when that
    differs and the game reads it back as ``action``; else ``None``.

    The translation is only a guess, so the game's own ``parse_action`` has the last word.
    """
    spelled = text.translate(_ASCII)
    if spelled == text or not spelled.isascii():
        return None
    try:
        return spelled if game.parse_action(spelled, state) == action else None
    except CardrulesError:
        return None


def _word(text: str) -> str:
    """One word of notation in its canonical form (``J♥`` and ``jh`` are the same card)."""
    try:
        return normalize_notation(text)
    except CardrulesError:
        return text.lower()


class Choices:
    """The options of one step and the cards picked so far (see the module's docstring)."""

    def __init__(self, options: Sequence[Option], *, limit: int = MENU_LIMIT) -> None:
        self.options = list(options)
        # An option can be picked word by word when it is taken in turn and has words after its
        # verb; the others ("pass", "redeal", an out-of-turn claim) are always listed whole.
        self._parts: dict[int, tuple[str, Counter[str]]] = {}
        self._shown: dict[str, str] = {}  # canonical word -> how the game writes it
        self._order: dict[str, int] = {}  # canonical word -> first appearance
        for k, (_, actor, text) in enumerate(self.options):
            verb, *words = text.split() or [""]
            if actor is not None or not words:
                continue
            canonical = [_word(w) for w in words]
            self._parts[k] = (_word(verb), Counter(canonical))
            for shown, word in zip(words, canonical, strict=True):
                self._shown.setdefault(word, shown)
                self._order.setdefault(word, len(self._order))
        self.long = len(self.options) > limit and bool(self._parts)
        self.picked: list[str] = []

    # -- what is offered ---------------------------------------------------------------------------
    def _candidates(self) -> list[int]:
        """The pickable options that hold every word picked so far."""
        want = Counter(self.picked)
        return [k for k, (_, words) in self._parts.items() if not want - words]

    def complete(self) -> list[int]:
        """The options whose words are exactly the ones picked (none before the first pick)."""
        if not self.picked:
            return []
        want = Counter(self.picked)
        return [k for k in self._candidates() if self._parts[k][1] == want]

    def pickable(self) -> list[str]:
        """The words that may be picked next, in the order the options first show them."""
        want = Counter(self.picked)
        words: set[str] = set()
        for k in self._candidates():
            words.update((self._parts[k][1] - want).keys())
        return sorted(words, key=self._order.__getitem__)

    def items(self) -> list[tuple[Any, str]]:
        """The numbered items: every option in a short menu; in a long one the options that
        cannot be picked, those the picks make whole, then each word that may be picked
        (an item is ``(option index, text)`` for an option, ``(word, text)`` for a pick)."""
        if not self.long:
            return [(k, text) for k, (_, _, text) in enumerate(self.options)]
        whole = [k for k in range(len(self.options)) if k not in self._parts]
        items: list[tuple[Any, str]] = [(k, self.options[k][2]) for k in whole + self.complete()]
        items += [(word, self._shown[word]) for word in self.pickable()]
        return items

    def summary(self) -> str:
        """What a long menu says instead of listing every option: how many there are of each
        verb, with an example of the game's notation."""
        verbs: dict[str, list[int]] = {}
        for k, (verb, _) in self._parts.items():
            verbs.setdefault(verb, []).append(k)
        parts = []
        for ks in verbs.values():
            text = self.options[ks[0]][2]
            shown = text.split()[0]
            parts.append(f"{len(ks):,} ways to {shown} (e.g. {text})")
        return (
            "; ".join(parts) + ", too many to list: type the whole action (its cards in any "
            "order), or pick the cards one at a time by number or name (undo takes the last one "
            "back):"
        )

    def picked_text(self) -> str:
        """The picks so far, as the game writes them."""
        return " ".join(self._shown[word] for word in self.picked)

    # -- what the player does ----------------------------------------------------------------------
    def choose(self, number: int) -> Option | None:
        """Item ``number`` (from 1): its option, or ``None`` after picking its word."""
        key, _ = self.items()[number - 1]
        if isinstance(key, int):
            return self.options[key]
        self.picked.append(key)
        return None

    def pick_words(self, words: Sequence[str]) -> str | None:
        """Pick ``words`` (a verb first is allowed) all at once: ``None`` when done, else why
        not (and nothing is picked)."""
        canonical = [_word(w) for w in words]
        verbs = {verb for verb, _ in self._parts.values()}
        if canonical and canonical[0] in verbs:
            canonical = canonical[1:]
        if not canonical:
            return "name a card to pick"
        before = list(self.picked)
        for word, written in zip(canonical, words[len(words) - len(canonical) :], strict=True):
            if word not in self.pickable():
                self.picked = before
                return f"{written} cannot be picked now"
            self.picked.append(word)
        return None

    def undo(self) -> str | None:
        """Take the last pick back: its text, or ``None`` when nothing was picked."""
        if not self.picked:
            return None
        return self._shown[self.picked.pop()]

    def done(self) -> Option | None:
        """The option the picks make whole, if there is exactly one."""
        complete = self.complete()
        return self.options[complete[0]] if len(complete) == 1 else None

"""Actions of the full game (character cards) and of the solo / co-op variants.

Text forms (``text()`` / :func:`ludivox.engines.kingsbridge.actions.parse_action`); columns
from 1, cards 1..13, seats from 0::

    use aldred                   UseAldred()              place at the start of columns too
    use agatha                   UseAgatha()              stack identical cards at the end
    use edgar 10 on 3            UseEdgar(3, 10)          Edgar on column 3, standing for a 10
    use wynstan 2 from 3         UseWynstan(3, 2)         discard 2 cards from column 3's end
    use gytha 5 6 on 3           UseGytha(3, (5, 6))      take 5 and 6 from the discard
    use ragna skip 4 on 3        UseRagna(3, 4)           column 3 may skip the 4 this turn
    use ethelred 10 11           UseEthelred((10, 11))    a 7th column holding 10, 11
    use den 3                    UseDen(3)                discard column 3, play on it at once
    use wigelm from 4 2 2        UseWigelm((4, 2, 2))     first card of column 4 to the left
                                                          neighbour, then of column 2 to the
                                                          next seat, ... (solo: one, own pile)
    use wilwulf 7 9              UseWilwulf((7, 9))       set a 7 and a 9 aside, face up
    retrieve edgar               RetrieveEdgar()          swap Edgar for the card he stands for
    retrieve edgar aside         RetrieveEdgar(True)      ... with a card set aside (Wilwulf)
    malus 7                      Malus(7)                 solo / co-op: a hand card to the malus
    characters 1 ragna edgar     SetCharacters(1, ...)    table set-up: seat 1's pile, top first
    reveal character ragna       RevealCharacter("ragna") table solo / co-op: the new character

Every character use has ``kind == "character"`` and a ``character`` id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ludivox.engines.base import InvalidAction
from ludivox.engines.kingsbridge.state import (
    AGATHA,
    ALDRED,
    CHARACTERS,
    DEN,
    EDGAR,
    ETHELRED,
    GYTHA,
    RAGNA,
    WIGELM,
    WILWULF,
    WYNSTAN,
)


def _join(values: tuple[int, ...]) -> str:
    return " ".join(map(str, values))


@dataclass(frozen=True)
class UseAldred:
    """Aldred: this turn, cards may also go at the start of columns (placing or moving)."""

    kind: ClassVar[str] = "character"
    character: ClassVar[str] = ALDRED

    def text(self) -> str:
        return "use aldred"


@dataclass(frozen=True)
class UseAgatha:
    """Mère Agatha: this turn, identical cards may be stacked at a column's end."""

    kind: ClassVar[str] = "character"
    character: ClassVar[str] = AGATHA

    def text(self) -> str:
        return "use agatha"


@dataclass(frozen=True)
class UseEdgar:
    """Edgar, the joker: laid on ``column`` standing for ``value``."""

    column: int
    value: int
    kind: ClassVar[str] = "character"
    character: ClassVar[str] = EDGAR

    def text(self) -> str:
        return f"use edgar {self.value} on {self.column}"


@dataclass(frozen=True)
class UseWynstan:
    """Évêque Wynstan: discard ``count`` (1 or 2) cards from the end of ``column``."""

    column: int
    count: int
    kind: ClassVar[str] = "character"
    character: ClassVar[str] = WYNSTAN

    def text(self) -> str:
        return f"use wynstan {self.count} from {self.column}"


@dataclass(frozen=True)
class UseGytha:
    """Gytha: take ``cards`` (1 or 2) from the discard and lay them on ``column`` at once."""

    column: int
    cards: tuple[int, ...]
    kind: ClassVar[str] = "character"
    character: ClassVar[str] = GYTHA

    def text(self) -> str:
        return f"use gytha {_join(self.cards)} on {self.column}"


@dataclass(frozen=True)
class UseRagna:
    """Ragna: this turn, ``column`` may skip ``skip`` (2..12) once."""

    column: int
    skip: int
    kind: ClassVar[str] = "character"
    character: ClassVar[str] = RAGNA

    def text(self) -> str:
        return f"use ragna skip {self.skip} on {self.column}"


@dataclass(frozen=True)
class UseEthelred:
    """Roi Ethelred: ``cards`` from the hand form an extra (7th) column."""

    cards: tuple[int, ...]
    kind: ClassVar[str] = "character"
    character: ClassVar[str] = ETHELRED

    def text(self) -> str:
        return f"use ethelred {_join(self.cards)}"


@dataclass(frozen=True)
class UseDen:
    """Shérif Den: discard every card of ``column``; cards may be placed on it at once."""

    column: int
    kind: ClassVar[str] = "character"
    character: ClassVar[str] = DEN

    def text(self) -> str:
        return f"use den {self.column}"


@dataclass(frozen=True)
class UseWigelm:
    """Wigelm: the first card of each listed column, in order, to each other player from the
    left neighbour on, face down on their pile (solo, or alone: one card, on one's own pile)."""

    columns: tuple[int, ...]
    kind: ClassVar[str] = "character"
    character: ClassVar[str] = WIGELM

    def text(self) -> str:
        return f"use wigelm from {_join(self.columns)}"


@dataclass(frozen=True)
class UseWilwulf:
    """Wilwulf: set ``cards`` (1 or 2) from the hand aside, face up (kept ascending)."""

    cards: tuple[int, ...]
    kind: ClassVar[str] = "character"
    character: ClassVar[str] = WILWULF

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def text(self) -> str:
        return f"use wilwulf {_join(self.cards)}"


@dataclass(frozen=True)
class RetrieveEdgar:
    """Take Edgar back by laying the card he stands for in his place (``aside``: a card set
    aside with Wilwulf, only if Edgar ends his column)."""

    aside: bool = False
    kind: ClassVar[str] = "retrieve"

    def text(self) -> str:
        return "retrieve edgar aside" if self.aside else "retrieve edgar"


@dataclass(frozen=True)
class Malus:
    """Solo / co-op: no card could be placed: put ``card`` from the hand on the malus pile
    (ends the turn)."""

    card: int
    kind: ClassVar[str] = "malus"

    def text(self) -> str:
        return f"malus {self.card}"


@dataclass(frozen=True)
class SetCharacters:
    """Table set-up (standard mode): ``seat``'s face-up character pile, top first."""

    seat: int
    characters: tuple[str, ...]
    kind: ClassVar[str] = "characters"

    def text(self) -> str:
        return f"characters {self.seat} {' '.join(self.characters)}"


@dataclass(frozen=True)
class RevealCharacter:
    """Table mode, solo / co-op: the character turned face up from the deck."""

    character: str
    kind: ClassVar[str] = "reveal_character"

    def text(self) -> str:
        return f"reveal character {self.character}"


CharacterUse = (
    UseAldred | UseAgatha | UseEdgar | UseWynstan | UseGytha | UseRagna | UseEthelred | UseDen
    | UseWigelm | UseWilwulf
)
CHARACTER_USES = (
    UseAldred, UseAgatha, UseEdgar, UseWynstan, UseGytha, UseRagna, UseEthelred, UseDen,
    UseWigelm, UseWilwulf,
)
CharacterAction = CharacterUse | RetrieveEdgar | Malus | SetCharacters | RevealCharacter
CHARACTER_ACTIONS = (*CHARACTER_USES, RetrieveEdgar, Malus, SetCharacters, RevealCharacter)

_INT = r"(\d+)"
_INTS = r"(\d+(?: \d+)*)"
_NAME = r"([a-z]+)"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), k) for p, k in (
        (r"use aldred", "aldred"),
        (r"use agatha", "agatha"),
        (rf"use edgar {_INT} on {_INT}", "edgar"),
        (rf"use wynstan {_INT} from {_INT}", "wynstan"),
        (rf"use gytha {_INTS} on {_INT}", "gytha"),
        (rf"use ragna skip {_INT} on {_INT}", "ragna"),
        (rf"use ethelred {_INTS}", "ethelred"),
        (rf"use den {_INT}", "den"),
        (rf"use wigelm from {_INTS}", "wigelm"),
        (rf"use wilwulf {_INTS}", "wilwulf"),
        (r"retrieve edgar( aside)?", "retrieve"),
        (rf"malus {_INT}", "malus"),
        (rf"characters {_INT} {_NAME}((?: [a-z]+)*)", "characters"),
        (rf"reveal character {_NAME}", "reveal_character"),
    )
)


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split())


def _cards(text: str, values: tuple[int, ...]) -> tuple[int, ...]:
    for v in values:
        if not 1 <= v <= 13:
            raise InvalidAction(text, detail=f"card {v} is not between 1 and 13")
    return values


def _name(text: str, name: str) -> str:
    if name not in CHARACTERS:
        raise InvalidAction(text, detail=f"{name!r} is not a character ({', '.join(CHARACTERS)})")
    return name


def parse_character_action(
    clean: str, text: str
) -> CharacterAction | None:
    """Parse a character or solo action from normalised text; ``None`` if it is not one."""
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(clean)
        if m:
            return _build(kind, m.groups(), text)
    if clean.startswith("use "):
        raise InvalidAction(text, detail="not a character use")
    return None


def _build(kind: str, g: tuple[str | None, ...], text: str) -> CharacterAction:
    a = [x or "" for x in g]
    simple: dict[str, CharacterAction] = {"aldred": UseAldred(), "agatha": UseAgatha()}
    if kind in simple:
        return simple[kind]
    if kind == "edgar":
        return UseEdgar(int(a[1]), _cards(text, (int(a[0]),))[0])
    if kind == "wynstan":
        return UseWynstan(int(a[1]), int(a[0]))
    if kind == "gytha":
        return UseGytha(int(a[1]), _cards(text, _ints(a[0])))
    if kind == "ragna":
        return UseRagna(int(a[1]), _cards(text, (int(a[0]),))[0])
    if kind == "ethelred":
        return UseEthelred(_cards(text, _ints(a[0])))
    if kind == "den":
        return UseDen(int(a[0]))
    if kind == "wigelm":
        return UseWigelm(_ints(a[0]))
    if kind == "wilwulf":
        return UseWilwulf(_cards(text, _ints(a[0])))
    if kind == "retrieve":
        return RetrieveEdgar(bool(a[0]))
    if kind == "malus":
        return Malus(_cards(text, (int(a[0]),))[0])
    if kind == "characters":
        names = (a[1], *a[2].split())
        return SetCharacters(int(a[0]), tuple(_name(text, n) for n in names))
    return RevealCharacter(_name(text, a[0]))

"""Un monde sans fin actions: small hashable values with a round-trippable text form.

Actions never name the acting seat: it is the one ``awaiting`` names (or the world). Text
forms (``text()`` / :func:`parse_action`)::

    event 12                          Reveal(12)         world (table): the event card drawn
    printed corners=stone:1/grain:1/gold:2/vp:1 lasting place=9
                                      Printed(...)       world (table): a card not in the
                                                         data, as the players describe it
    tile 3                            Tile(3)            world (table): the plague tile turned
    orient 2                          Orient(2)          the arrow points at side 2 (0..3)
    play ble                          Play("ble")        an action card, carried out
    play ble renounce                 Play("ble", renounce=True)   played face up, not used
    play materiau material=wood       the material taken
    play projet project=pont stone=1 wood=1
    play vente wool=2 cloth=1         wool and cloth sold
    play tissu wool=2                 two wool turned into cloth
    play maison site=4                a house on site 4
    play recolte sites=2,7            the harvest of two of one's houses
    play don project=font             a donation
    play medecine service             1 gold and 1 point
    play medecine places=3,9          heal the sick at places 3 and 9
    play privilege material=stone     Privilège: the last used card again, with its choices
    discard don                       Discard("don")     full rules: the face-down discard
    choose yes | choose site:3        Choose("yes")      an answer to the question asked
    tax 4                             Tax(4)             world (table): the tax die
    protect piety grain | protect none   Protect(("piety", "grain"))  loyalty paid
    penitence ble                     Penitence("ble")   world (table): the random discard
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import ClassVar

from ludivox.engines.base import InvalidAction
from ludivox.engines.world_without_end.components import (
    ACTION_CARDS,
    GAINS,
    MATERIALS,
    Gain,
    gain_of,
)
from ludivox.engines.world_without_end.state import CONTRIBUTIONS


@dataclass(frozen=True)
class Reveal:
    """World (table): the event card the active player drew."""

    card: int
    kind: ClassVar[str] = "event"

    def text(self) -> str:
        return f"event {self.card}"


@dataclass(frozen=True)
class Printed:
    """World (table): the card drawn is not in the data; the players describe its corners
    (clockwise from the arrow's side), whether it is lasting, and its plague place. Its
    effect is carried out by the players themselves."""

    corners: tuple[Gain, Gain, Gain, Gain]
    lasting: bool = False
    place: int = 0
    kind: ClassVar[str] = "printed"

    def text(self) -> str:
        corners = "/".join("+".join(f"{r}:{n}" for r, n in c) for c in self.corners)
        out = f"printed corners={corners}"
        if self.lasting:
            out += " lasting"
        if self.place:
            out += f" place={self.place}"
        return out


@dataclass(frozen=True)
class Tile:
    """World (table): the value of the plague tile turned over at the event's place."""

    value: int
    kind: ClassVar[str] = "tile"

    def text(self) -> str:
        return f"tile {self.value}"


@dataclass(frozen=True)
class Orient:
    """The active player turns the event card so that its arrow points at ``side``."""

    side: int
    kind: ClassVar[str] = "orient"

    def text(self) -> str:
        return f"orient {self.side}"


@dataclass(frozen=True)
class Play:
    """Play an action card face up, with the choices its action needs (or renounce)."""

    card: str
    renounce: bool = False
    material: str = ""
    project: str = ""
    stone: int = 0
    wood: int = 0
    wool: int = 0
    cloth: int = 0
    site: int = 0
    sites: tuple[int, ...] = ()
    places: tuple[int, ...] = ()
    service: bool = False
    kind: ClassVar[str] = "play"

    def __post_init__(self) -> None:
        object.__setattr__(self, "sites", tuple(sorted(self.sites)))
        object.__setattr__(self, "places", tuple(sorted(self.places)))

    def text(self) -> str:
        parts = ["play", self.card]
        for f in fields(self):
            if f.name == "card":
                continue
            value = getattr(self, f.name)
            if value in (False, "", 0, ()):
                continue
            if value is True:
                parts.append(f.name)
            elif isinstance(value, tuple):
                parts.append(f"{f.name}={','.join(map(str, value))}")
            else:
                parts.append(f"{f.name}={value}")
        return " ".join(parts)


@dataclass(frozen=True)
class Discard:
    """Full rules: the card put face down beside the one played."""

    card: str
    kind: ClassVar[str] = "discard"

    def text(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class Choose:
    """The answer to the question asked (``yes``/``no``, ``site:3``, ``place:9``, a
    resource, ``none``)."""

    value: str
    kind: ClassVar[str] = "choose"

    def text(self) -> str:
        return f"choose {self.value}"


@dataclass(frozen=True)
class Tax:
    """World (table): the tax die shows ``value``."""

    value: int
    kind: ClassVar[str] = "tax"

    def text(self) -> str:
        return f"tax {self.value}"


@dataclass(frozen=True)
class Protect:
    """End of period: one loyalty paid for each unpaid contribution named (``piety``,
    ``grain``, ``gold``): its sanction is lifted (after period IV: its loss is not doubled)."""

    kinds: tuple[str, ...] = ()
    kind: ClassVar[str] = "protect"

    def __post_init__(self) -> None:
        ordered = tuple(k for k in CONTRIBUTIONS if k in self.kinds)
        if len(ordered) == len(self.kinds):
            object.__setattr__(self, "kinds", ordered)

    def text(self) -> str:
        return f"protect {' '.join(self.kinds) or 'none'}"


@dataclass(frozen=True)
class Penitence:
    """World (table): the action card drawn at random from the penitent player's hand."""

    card: str
    kind: ClassVar[str] = "penitence"

    def text(self) -> str:
        return f"penitence {self.card}"


WweAction = Reveal | Printed | Tile | Orient | Play | Discard | Choose | Tax | Protect | Penitence
WORLD_KINDS = frozenset({"event", "printed", "tile", "tax", "penitence"})

_INT_FIELDS = ("stone", "wood", "wool", "cloth", "site")
_TUPLE_FIELDS = ("sites", "places")
_FLAG_FIELDS = ("renounce", "service")
_STR_FIELDS = ("material", "project")


def _int(text: str, raw: str) -> int:
    if not re.fullmatch(r"\d{1,3}", raw):
        raise InvalidAction(text, detail=f"{raw!r} is not a number")
    return int(raw)


def _play(text: str, words: list[str]) -> Play:
    if not words or words[0] not in ACTION_CARDS:
        raise InvalidAction(text, detail=f"no action card {words[0] if words else ''!r}")
    values: dict[str, object] = {}
    for word in words[1:]:
        key, _, raw = word.partition("=")
        if key in values:
            raise InvalidAction(text, detail=f"{key} given twice")
        if key in _FLAG_FIELDS and not raw:
            values[key] = True
        elif key in _INT_FIELDS and raw:
            values[key] = _int(text, raw)
        elif key in _TUPLE_FIELDS and raw:
            values[key] = tuple(_int(text, x) for x in raw.split(","))
        elif key in _STR_FIELDS and raw:
            if key == "material" and raw not in MATERIALS:
                raise InvalidAction(text, detail=f"no material {raw!r}")
            values[key] = raw
        else:
            raise InvalidAction(text, detail=f"unknown choice {word!r}")
    return Play(words[0], **values)  # type: ignore[arg-type]


def _corner(text: str, raw: str) -> Gain:
    pairs: dict[str, int] = {}
    for part in raw.split("+"):
        resource, _, amount = part.partition(":")
        if resource not in GAINS or resource in pairs:
            raise InvalidAction(text, detail=f"no income {part!r}")
        pairs[resource] = _int(text, amount)
    corner = gain_of(pairs)
    if not corner:
        raise InvalidAction(text, detail=f"empty income {raw!r}")
    return corner


def _printed(text: str, words: list[str]) -> Printed:
    corners: list[Gain] = []
    lasting, place = False, 0
    for word in words:
        key, _, raw = word.partition("=")
        if key == "corners" and raw and not corners:
            corners = [_corner(text, c) for c in raw.split("/")]
        elif word == "lasting" and not lasting:
            lasting = True
        elif key == "place" and raw and not place:
            place = _int(text, raw)
        else:
            raise InvalidAction(text, detail=f"unknown word {word!r}")
    if len(corners) != 4:
        raise InvalidAction(text, detail="a card has four corners")
    return Printed((corners[0], corners[1], corners[2], corners[3]), lasting, place)


def parse_action(text: str) -> WweAction:
    """Parse an action's text form (see the module docstring); raises InvalidAction."""
    words = text.strip().split()
    if not words:
        raise InvalidAction(text, detail="empty")
    head, rest = words[0], words[1:]
    if head == "play":
        return _play(text, rest)
    if head == "printed":
        return _printed(text, rest)
    if head == "protect":
        kinds = () if rest == ["none"] else tuple(rest)
        if any(k not in CONTRIBUTIONS for k in kinds) or len(set(kinds)) != len(kinds):
            raise InvalidAction(text, detail="protect takes piety, grain, gold or none")
        return Protect(kinds)
    if len(rest) != 1:
        raise InvalidAction(text, detail="not an Un monde sans fin action")
    arg = rest[0]
    if head in ("event", "tile", "orient", "tax"):
        value = _int(text, arg)
        if head == "event":
            return Reveal(value)
        if head == "tile":
            return Tile(value)
        return Orient(value) if head == "orient" else Tax(value)
    if head in ("discard", "penitence"):
        if arg not in ACTION_CARDS:
            raise InvalidAction(text, detail=f"no action card {arg!r}")
        return Discard(arg) if head == "discard" else Penitence(arg)
    if head == "choose" and re.fullmatch(r"[a-z_]+(:\d+)?", arg):
        return Choose(arg)
    raise InvalidAction(text, detail="not an Un monde sans fin action")

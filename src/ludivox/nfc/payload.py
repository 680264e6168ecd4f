"""The text carried by a Ludivox card tag, and its parser.

Canonical form (an NDEF URI record on the card, and what ``@scan`` takes in scripts)::

    ludivox:<game>/<kind>/<value>      ludivox:kingsbridge/event/7

``game`` and ``kind`` are lower-case identifiers (``[a-z0-9_-]+``), ``value`` is any
non-empty text without ``/`` (a card value, a character's id...). The scheme and the names are
matched case-insensitively and surrounding blanks are ignored. A value made of digits is a
number and comes out in ASCII digits without leading zeros (``07`` and ``٧`` give ``7``), so
``value.isdigit()`` then ``int(value)`` is always safe; digits that are no number (``²``)
make the payload malformed.

A shorthand is accepted for typing and for tags written by hand::

    <game>:<value>                     kingsbridge:7

It has no kind (``kind == ""``): the game's binding reads it as the game's ordinary card
(an event card in Kingsbridge).

Parsing never raises: anything else gives a :class:`BadPayload` with a ``problem`` code
(``"empty"``, ``"not_ludivox"``, ``"malformed"``), and a payload for another game than the
one being played gives a :class:`WrongGame`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ludivox.digits import small_int

SCHEME = "ludivox"

_NAME = r"[a-z0-9][a-z0-9_-]*"
_FULL = re.compile(rf"{SCHEME}:(?://)?({_NAME})/({_NAME})/([^/\s][^/]*)", re.IGNORECASE)
_SHORT = re.compile(rf"({_NAME}):([^/:\s][^/:]*)", re.IGNORECASE)


@dataclass(frozen=True)
class TagPayload:
    """A well-formed payload: which game, which kind of component, which value."""

    game: str
    kind: str
    value: str

    def uri(self) -> str:
        """The text form: the canonical URI, or the shorthand when there is no kind."""
        if not self.kind:
            return f"{self.game}:{self.value}"
        return f"{SCHEME}:{self.game}/{self.kind}/{self.value}"


@dataclass(frozen=True)
class BadPayload:
    """A payload that is not a Ludivox tag; ``problem`` says how."""

    raw: str
    problem: str


@dataclass(frozen=True)
class WrongGame:
    """A well-formed tag of another game than the expected one."""

    raw: str
    payload: TagPayload
    expected: str


ParsedPayload = TagPayload | BadPayload | WrongGame


def parse_payload(raw: str, expected_game: str | None = None) -> ParsedPayload:
    """Parse a tag's text; never raises. With ``expected_game``, other games give WrongGame."""
    text = raw.strip()
    if not text:
        return BadPayload(raw, "empty")
    payload: TagPayload | None = None
    m = _FULL.fullmatch(text)
    if m:
        payload = TagPayload(m.group(1).lower(), m.group(2).lower(), m.group(3).strip())
    elif text.lower().startswith(SCHEME + ":"):
        return BadPayload(raw, "malformed")
    else:
        s = _SHORT.fullmatch(text)
        if s:
            payload = TagPayload(s.group(1).lower(), "", s.group(2).strip())
    if payload is None:
        return BadPayload(raw, "malformed" if ":" in text else "not_ludivox")
    if payload.value.isdigit():  # a number: ASCII digits without leading zeros, as written
        if not payload.value.isdecimal():  # "²", "①": digits that are no number
            return BadPayload(raw, "malformed")
        number = small_int(payload.value)
        if number is None:  # far too long to name a card
            return BadPayload(raw, "malformed")
        payload = TagPayload(payload.game, payload.kind, str(number))
    if expected_game is not None and payload.game != expected_game.lower():
        return WrongGame(raw, payload, expected_game.lower())
    return payload


__all__ = ["SCHEME", "BadPayload", "ParsedPayload", "TagPayload", "WrongGame", "parse_payload"]

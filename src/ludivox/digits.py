"""Digits typed, spoken or read from a chip, turned into a number safely.

Every number Ludivox reads from outside (a transcript, a typed line, a tag payload, a
script directive, a command-line option) is small: a card, a seat, a column, a count. A
longer run of digits is not a number the game can mean, and Python refuses to convert more
than 4,300 digits (``ValueError``): so the length is bounded once, here, before ``int``.
"""

from __future__ import annotations

MAX_DIGITS = 9
"""The longest run of digits read as a number (a billion is far beyond any game's count)."""


def small_int(text: str) -> int | None:
    """The value of ``text`` when it is decimal digits only (ASCII or other scripts' digits,
    see ``str.isdecimal``) and at most :data:`MAX_DIGITS` long; ``None`` otherwise."""
    clean = text.strip()
    if not clean.isdecimal() or len(clean) > MAX_DIGITS:
        return None
    return int(clean)


__all__ = ["MAX_DIGITS", "small_int"]

"""Input sources other than the keyboard: the microphone, the NFC reader...

A source runs on its own thread and hands what it perceives to the console's queue through
``put``: an :data:`~ludivox.table.io.Input` for the session (``Heard``, ``TagSeen``, ``Key``),
or an :class:`Announcement`, something the table must hear about the device itself ("le
lecteur de cartes est débranché") that does not go through the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ludivox.table.io import TABLE, Input


@dataclass(frozen=True)
class Announcement:
    """A sentence about a device: the grammar's response ``key`` with ``params``."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    channel: str = TABLE
    earcon: str | None = None


Put = Callable[[Input | Announcement], None]
"""Where a source hands its inputs (thread-safe)."""


class InputSource(Protocol):
    """A device feeding the conversational loop."""

    def start(self, put: Put) -> None:
        """Start perceiving; every input and announcement goes to ``put``. Never raises for a
        missing device: that is announced instead."""
        ...

    def close(self) -> None:
        """Stop and release the device (idempotent)."""
        ...


__all__ = ["Announcement", "InputSource", "Put"]

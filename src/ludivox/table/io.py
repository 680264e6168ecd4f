"""The conversational loop's inputs and outputs.

Devices only turn what they perceive into inputs (:class:`Heard`, :class:`TagSeen`,
:class:`Key`) and perform outputs (:class:`Say`, :class:`Earcon`, :class:`SetPhrases`,
:class:`Quit`, :class:`SpeechControl`, :class:`SettingsChanged`);
:meth:`ludivox.table.session.Session.handle` does everything in between.

Seats in inputs are 0-based seat indexes, as in the engines. Channels are ``"table"``
(everyone hears it) or ``"seat:<n>"`` with ``n`` counted from 1 (that player's private ear).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from ludivox.table.settings import PlayerSettings

TABLE = "table"


def seat_channel(seat: int) -> str:
    """The private channel of a 0-based seat (``seat_channel(0) == "seat:1"``)."""
    return f"seat:{seat + 1}"


def channel_seat(channel: str) -> int | None:
    """The 0-based seat of a private channel, or ``None`` for the table channel."""
    if channel.startswith("seat:"):
        return int(channel[5:]) - 1
    return None


@dataclass(frozen=True)
class Heard:
    """Something said (speech transcript with its N-best ``alternatives``) or typed.

    ``seat`` is who said it (0-based); ``None`` means the player whose turn it is.
    """

    text: str
    alternatives: tuple[str, ...] = ()
    seat: int | None = None


@dataclass(frozen=True)
class TagSeen:
    """An NFC tag was scanned; ``payload`` is its text (see :mod:`ludivox.nfc.payload`)."""

    payload: str
    uid: str | None = None
    seat: int | None = None


@dataclass(frozen=True)
class Key:
    """A named key press that is not text (for example ``"repeat"`` or ``"stop"``)."""

    name: str


Input = Heard | TagSeen | Key


@dataclass(frozen=True)
class Say:
    """Speak ``text`` on ``channel``; ``key`` is the response key it came from."""

    channel: str
    text: str
    key: str


@dataclass(frozen=True)
class Earcon:
    """Play a short non-verbal sound (``"ok"``, ``"error"``, ``"turn"``...)."""

    name: str


@dataclass(frozen=True, eq=False)
class SetPhrases:
    """The sentences that make sense now (to restrict the speech recognizer), built when
    first read: a list not built before takes a second or two of CPU here (more on a small
    computer), so the answer said before it is spoken first."""

    build: Callable[[], tuple[str, ...]]

    @cached_property
    def phrases(self) -> tuple[str, ...]:
        """The phrase list (built once)."""
        return self.build()


@dataclass(frozen=True)
class Quit:
    """The session is over; ``saved`` tells whether the game can be resumed."""

    saved: bool


@dataclass(frozen=True)
class SpeechControl:
    """``stop`` ("chut"): the device layer cuts the speech off at once.

    Voice changes ("plus vite", "moins fort") are a player's settings: they come as
    :class:`SettingsChanged` with the session's own answer.
    """

    command: str


@dataclass(frozen=True)
class SettingsChanged:
    """Player ``seat`` (0-based) now has ``settings``, already saved in the settings store.

    Emitted when a player changes a setting by voice ("plus vite", "mode expert"...); the
    session has already said what changed (a ``settings.*`` line on the player's channel).
    The device layer applies what concerns it: the voice's rate and volume, the listening
    mode, headphones (the microphone may stay open while the assistant speaks).
    """

    seat: int
    settings: PlayerSettings


Output = Say | Earcon | SetPhrases | Quit | SpeechControl | SettingsChanged

__all__ = [
    "TABLE",
    "Earcon",
    "Heard",
    "Input",
    "Key",
    "Output",
    "Quit",
    "Say",
    "SetPhrases",
    "SettingsChanged",
    "SpeechControl",
    "TagSeen",
    "channel_seat",
    "seat_channel",
]

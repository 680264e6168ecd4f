"""The card reader as an input source of the conversational loop.

:class:`CardReaderSource` runs :class:`ludivox.nfc.reader.ReaderService` and turns what it
reports into inputs and announcements (:mod:`ludivox.shell.sources`):

- a card read with a Ludivox payload -> :class:`~ludivox.table.io.TagSeen` (``seat``: the
  source's seat, by default ``None``: the player whose turn it is, one reader at the table);
- a card that cannot be used (blank, unknown, malformed...) -> an announcement of the
  ``nfc.tag_problem`` response (what is wrong and what to do), with the ``refused`` earcon;
  the game never hears about it;
- the reader missing or unplugged -> ``nfc.reader_lost`` once, the game goes on by voice;
  back again -> ``nfc.reader_found`` once;
- a card taken off the reader -> nothing said. It is remembered so that a card bouncing on
  the reader (lifted and back within ``bounce_s``) is not read twice, and a card lying on the
  reader while it was unplugged is not read again when the reader comes back.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from ludivox.nfc.reader import (
    DEFAULT_TARGETS,
    ReaderEvent,
    ReaderFound,
    ReaderLost,
    ReaderService,
    TagRead,
    TagRemoved,
)
from ludivox.nfc.registry import UidRegistry
from ludivox.shell.sources import Announcement, Put
from ludivox.table.io import Input, TagSeen

log = logging.getLogger(__name__)

READER_LOST = "nfc.reader_lost"
READER_FOUND = "nfc.reader_found"
TAG_PROBLEM = "nfc.tag_problem"
REFUSED = "refused"

BOUNCE_S = 0.5
"""A card read again this soon after it left the reader is the same touch (not re-read)."""
STALE_S = 2.0
"""A card lying on the reader when it was lost, read this soon after it is back, is ignored."""

ServiceFactory = Callable[..., Any]


class ScanTranslator:
    """Reader events -> inputs and announcements (the source's logic, without threads).

    ``clock`` gives ``time.monotonic()``-like seconds (events carry their own times).
    """

    def __init__(self, seat: int | None = None, bounce_s: float = BOUNCE_S,
                 clock: Callable[[], float] = time.monotonic,
                 quiet_until_found: bool = False) -> None:
        self.seat = seat
        self.quiet_until_found = quiet_until_found
        """No reader at all is not news when none was asked for: a reader *missing* is not
        announced until one has been found once (a reader unplugged, or present but not
        usable, is announced as usual)."""
        self._ever_found = False
        self.bounce_s = bounce_s
        self._clock = clock
        self._on_reader: str | None = None  # the card lying on the reader
        self._left: dict[str, float] = {}  # uid -> when it left the reader
        self._stale: str | None = None  # on the reader when it was lost: not re-read
        self._found_at = 0.0
        self._lost = False

    def translate(self, event: ReaderEvent) -> Input | Announcement | None:
        """What the loop gets for one reader event (None: nothing)."""
        if isinstance(event, TagRead):
            return self._read(event)
        if isinstance(event, TagRemoved):
            if self._on_reader == event.uid:
                self._on_reader = None
            if event.uid != self._stale:
                self._left[event.uid] = event.at
            return None
        if isinstance(event, ReaderLost):
            self._stale = self._on_reader
            self._on_reader = None
            if self._lost:
                return None
            self._lost = True
            if self.quiet_until_found and event.reason == "missing" and not self._ever_found:
                return None  # no reader at the table, and none was asked for
            return Announcement(READER_LOST, {"reason": event.reason})
        if isinstance(event, ReaderFound):
            self._ever_found = True
            if not self._lost:
                return None
            self._lost = False
            self._found_at = self._clock()
            return Announcement(READER_FOUND)
        return None

    @property
    def connected(self) -> bool:
        """A reader was found and not lost since."""
        return self._ever_found and not self._lost

    def _read(self, event: TagRead) -> Input | Announcement | None:
        uid = event.uid
        self._on_reader = uid
        now = event.seen_at or self._clock()
        stale, self._stale = self._stale, None
        if uid and uid == stale and now - self._found_at < STALE_S:
            return None  # the card never left: the reader just came back
        left = self._left.pop(uid, None) if uid else None
        if left is not None and now - left < self.bounce_s:
            log.debug("tag %s back within %.2fs: same touch, not read again", uid, now - left)
            return None
        if event.payload is not None:
            return TagSeen(event.payload, uid or None, self.seat)
        return Announcement(TAG_PROBLEM, {"problem": event.problem or "unreadable",
                                          "text": event.text or ""}, earcon=REFUSED)


class CardReaderSource:
    """An :class:`~ludivox.shell.sources.InputSource` over the NFC card reader.

    ``path``: the reader's nfcpy path (``None``: the first reader found); ``registry``: UIDs
    of chips without NDEF; ``seat``: who scans (``None``: the player whose turn it is).
    """

    def __init__(self, path: str | None = None, *, registry: UidRegistry | None = None,
                 seat: int | None = None, retry_s: float = 2.0, bounce_s: float = BOUNCE_S,
                 targets: tuple[str, ...] = DEFAULT_TARGETS,
                 service_factory: ServiceFactory = ReaderService) -> None:
        self.path = path
        self.registry = registry
        self.retry_s = retry_s
        self.targets = targets
        self.translator = ScanTranslator(seat, bounce_s, quiet_until_found=path is None)
        self._factory = service_factory
        self._service: Any = None
        self._put: Put | None = None
        self._lock = threading.Lock()

    def start(self, put: Put) -> None:
        """Start the reader; a missing reader is announced, never raised."""
        with self._lock:
            if self._service is not None:
                return
            self._put = put
            try:
                service = self._factory(self.path, self._on_event, registry=self.registry,
                                        retry_s=self.retry_s, targets=self.targets)
            except ValueError as exc:  # a reader path nfcpy would not accept
                log.error("card reader not started: %s", exc)
                put(Announcement(READER_LOST, {"reason": "missing"}))
                return
            self._service = service
        service.start()

    @property
    def connected(self) -> bool:
        """Whether the reader was found and has not been lost since."""
        return self.translator.connected

    def close(self) -> None:
        """Stop the reader (idempotent)."""
        with self._lock:
            service, self._service = self._service, None
        if service is not None:
            service.close()

    def _on_event(self, event: ReaderEvent) -> None:
        """Called on the reader's thread: translate and hand over at once."""
        with self._lock:
            item = self.translator.translate(event)
            put = self._put
        if item is not None and put is not None:
            put(item)


def card_reader(path: str | None = None, seat: int | None = None) -> CardReaderSource:
    """The card reader as the console uses it: the reader at ``path`` (``None``: the first one
    found), chips without NDEF known through the UID registry of the data folder."""
    return CardReaderSource(path, registry=UidRegistry.default(), seat=seat)


__all__ = ["BOUNCE_S", "CardReaderSource", "ScanTranslator", "card_reader"]

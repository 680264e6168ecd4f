"""The card reader: a thread over nfcpy that reports tags put on and taken off the reader.

:class:`ReaderService` opens the reader at ``path`` (``usb``, ``usb:054c:06c3``,
``tty:USB0:pn532``, ``udp:localhost:54321``...) or, with ``path=None``, the first one found
among :data:`AUTO_PATHS`, and calls ``on_event`` (from its own thread) with:

- :class:`TagRead` once each time a tag arrives (a tag left on the reader fires once);
- :class:`TagRemoved` when it leaves;
- :class:`ReaderLost` once when the reader is missing at start or unplugged, then it retries
  every ``retry_s`` seconds without repeating itself, and :class:`ReaderFound` once when the
  reader works again, i.e. has completed a poll (never at a normal start). A reader that
  opens but fails at once, again and again, stays lost without new announcements.

What a tag says (:func:`describe_tag`): the Ludivox payload of its NDEF message (see
:mod:`ludivox.nfc.tagformat`), else the payload registered for its UID
(:mod:`ludivox.nfc.registry`), else ``payload=None`` and a ``problem``: ``"blank"``
(formatted, empty), ``"unknown"`` (no NDEF at all), ``"malformed"``, ``"truncated"``,
``"not_ludivox"``, ``"no_uri"``, ``"bad_payload"`` or ``"read_error"`` (taken away while
being read). Nothing a tag holds can raise out of here.

nfcpy has no type hints: its objects are handled as ``Any`` here.
"""

from __future__ import annotations

import errno
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludivox.nfc.registry import UidRegistry
from ludivox.nfc.tagformat import Decoded, decode, decode_records, read_type2

log = logging.getLogger(__name__)

#: Paths tried when no path is configured: USB readers only (nfcpy matches them by their
#: USB ids). Serial ports are never probed unasked: probing writes bytes to every port, and
#: blind players often have a braille display on a USB-serial port. A PN532 board on a
#: serial port is configured explicitly (``tty:USB0:pn532``).
AUTO_PATHS: tuple[str, ...] = ("usb",)
#: Technologies polled: 106 kbps Type A (NTAG stickers, Mifare Ultralight) and 212 kbps
#: FeliCa (Type 3).
DEFAULT_TARGETS: tuple[str, ...] = ("106A", "212F")
POLL_PERIOD_S = 0.1

_PATH = re.compile(r"(usb(:[0-9A-Fa-f]{3,4}){0,2}|tty:[\w.-]+(:\w+)?|com:\w+(:\w+)?"
                   r"|udp(:[\w.-]*)?(:\d{1,5})?)")


@dataclass(frozen=True)
class TagRead:
    """A tag arrived on the reader; ``payload`` (a ``ludivox:`` URI) or ``problem`` is set.

    ``seen_at`` is ``time.monotonic()`` when the reader activated the tag, ``read_at`` when
    its content was known (just before this event was handed over)."""

    uid: str
    payload: str | None
    text: str | None
    problem: str | None
    tag_type: str
    product: str = ""
    seen_at: float = 0.0
    read_at: float = 0.0


@dataclass(frozen=True)
class TagRemoved:
    """The tag ``uid`` left the reader (``at``: ``time.monotonic()``)."""

    uid: str
    at: float = field(default_factory=time.monotonic)


@dataclass(frozen=True)
class ReaderLost:
    """No reader: ``reason`` is ``"missing"`` (not found), ``"unplugged"`` (gone while
    scanning), ``"no_access"`` (permission denied: udev rule needed) or ``"busy"`` (held by
    another program or a kernel NFC driver)."""

    path: str
    reason: str


@dataclass(frozen=True)
class ReaderFound:
    """The reader answers again after a :class:`ReaderLost`; scanning goes on."""

    path: str


ReaderEvent = TagRead | TagRemoved | ReaderLost | ReaderFound


def check_path(path: str) -> str:
    """``path`` if it is an nfcpy device path we accept, else ValueError (clear message)."""
    if not _PATH.fullmatch(path):
        raise ValueError(
            f"not a reader path: {path!r} (expected usb, usb:VID:PID, tty:PORT[:DRIVER] or "
            "udp:HOST:PORT)")
    return path


def uid_hex(tag: Any) -> str:
    """The tag's identifier as upper-case hex."""
    try:
        return bytes(tag.identifier).hex().upper()
    except Exception:
        return ""


def describe_tag(tag: Any, registry: UidRegistry | None = None,
                 seen_at: float | None = None) -> TagRead:
    """Read what an activated nfcpy tag holds; never raises."""
    seen = time.monotonic() if seen_at is None else seen_at
    uid = uid_hex(tag)
    tag_type = str(getattr(tag, "type", "unknown"))
    product = str(getattr(tag, "product", "") or "")
    decoded = _decode_tag(tag)
    if decoded.payload is None and registry is not None and uid:
        registered = registry.lookup(uid)
        if registered is not None:
            decoded = Decoded(registered, decoded.text, None)
    return TagRead(uid, decoded.payload, decoded.text, decoded.problem, tag_type, product,
                   seen, time.monotonic())


def _decode_tag(tag: Any) -> Decoded:
    try:
        found = tag.ndef
    except Exception as exc:  # communication failure: tag pulled away while being read
        log.info("tag %s: NDEF read failed: %r", uid_hex(tag), exc)
        return Decoded(None, None, "read_error")
    if found is None and str(getattr(tag, "type", "")) != "Type2Tag":
        try:  # one more look: a slow answer during activation loses the NDEF attributes
            found = tag.ndef
        except Exception:
            found = None
    if found is None:
        return _without_ndef(tag)
    try:
        octets = bytes(found.octets)
    except Exception:
        return Decoded(None, None, "malformed")
    decoded = decode(octets)
    if decoded.problem == "malformed":
        try:  # nfcpy decodes leniently: a phone app's slightly off message may still be fine
            relaxed = decode_records(found.records)
        except Exception:  # ndef.DecodeError and worse
            return decoded
        if relaxed.payload is not None:
            return relaxed
    return decoded


def _without_ndef(tag: Any) -> Decoded:
    """No NDEF according to nfcpy: tell an empty sticker from a too-long message."""
    if str(getattr(tag, "type", "")) != "Type2Tag":
        return Decoded(None, None, "unknown")
    try:
        head = bytes(tag.read(0))
        if len(head) < 16 or head[12] != 0xE1:
            return Decoded(None, None, "unknown")
        memory = type2_memory(tag, head)
    except Exception as exc:
        log.info("tag %s: raw read failed: %r", uid_hex(tag), exc)
        return Decoded(None, None, "read_error")
    contents = read_type2(memory)
    if contents.problem == "truncated":
        return Decoded(None, None, "truncated")
    if contents.message:
        return decode(contents.message)
    return Decoded(None, None, "blank")


def type2_memory(tag: Any, head: bytes) -> bytes:
    """A Type 2 tag's memory from page 0 to the end of the data area its capability container
    declares (16 + size x 8 bytes), read 4 pages at a time; ``head`` is ``tag.read(0)``."""
    end = 16 + head[14] * 8
    memory = bytearray(head)
    page = 4
    while len(memory) < end:
        memory += bytes(tag.read(page))
        page += 4
    return bytes(memory[:end])


def open_frontend(path: str) -> Any:
    """Open an nfcpy ContactlessFrontend at ``path``; OSError when there is none."""
    import nfc  # nfcpy is imported lazily: it loads libusb bindings

    return nfc.ContactlessFrontend(path)


def usb_access_problem(path: str) -> str:
    """``"no_access"`` when a reader nfcpy knows is on USB but this user may not open it
    (nfcpy then just says "no device" for a partial path); else ``"missing"``."""
    try:
        import nfc.clf.device
        import nfc.clf.transport

        found = nfc.clf.transport.USB.find(path) or []
        for vid, pid, bus, dev in found:
            if (vid, pid) not in nfc.clf.device.usb_device_map:
                continue
            node = f"/dev/bus/usb/{int(bus):03d}/{int(dev):03d}"
            if os.path.exists(node) and not os.access(node, os.R_OK | os.W_OK):
                return "no_access"
    except Exception:
        log.debug("USB diagnosis failed", exc_info=True)
    return "missing"


def _reason(exc: BaseException) -> str:
    err = getattr(exc, "errno", None)
    if err == errno.EACCES:
        return "no_access"
    if err == errno.EBUSY:
        return "busy"
    return "missing"


class ReaderService:
    """Scans tags on a thread and reports :data:`ReaderEvent` to ``on_event``.

    ``on_event`` is called from the reader's thread (keep it short: hand the event to a
    queue); an exception in it is logged and scanning goes on. ``targets`` are nfcpy
    technology strings to poll (default :data:`DEFAULT_TARGETS`).
    """

    def __init__(self, path: str | None, on_event: Callable[[ReaderEvent], None], *,
                 registry: UidRegistry | None = None, retry_s: float = 2.0,
                 targets: Sequence[str] = DEFAULT_TARGETS) -> None:
        self.path = None if path is None else check_path(path)
        self.registry = registry
        self.retry_s = retry_s
        self.targets = tuple(targets)
        self._on_event = on_event
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._clf: Any = None
        self._last_poll = 0.0
        self._current: str | None = None
        self._lost = False  # ReaderLost said, ReaderFound not yet
        self._polls = 0
        self._tried = threading.Event()  # the first attempt to open the reader is over
        self.device_path: str | None = None  # the path actually opened, while open

    # ------------------------------------------------------------------ public
    def start(self) -> None:
        """Start scanning (a missing reader is reported as :class:`ReaderLost`)."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="nfc-reader", daemon=True)
        self._thread.start()

    def wait_open(self, timeout_s: float = 10.0) -> bool:
        """After :meth:`start`: wait for the first attempt to open the reader; whether it
        opened (False: a :class:`ReaderLost` is on its way). Lets a caller invite the person
        to put a card only when there is a reader."""
        self._tried.wait(timeout_s)
        return self.device_path is not None

    def close(self, wait_s: float = 0.5) -> None:
        """Stop scanning; idempotent. Returns within ``wait_s``: a thread still waiting on
        the radio then ends on its own, reporting nothing more."""
        self._stop.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(wait_s)

    @property
    def frontend(self) -> Any:
        """The open nfcpy ContactlessFrontend, or None (diagnostics and tests)."""
        return self._clf

    @property
    def running(self) -> bool:
        """Whether the scanning thread is alive."""
        return self._thread is not None and self._thread.is_alive()

    # ------------------------------------------------------------------ thread
    def _emit(self, event: ReaderEvent) -> None:
        if self._stop.is_set():
            return
        try:
            self._on_event(event)
        except Exception:
            log.exception("NFC event handler failed on %r", event)

    def _open(self) -> tuple[Any, str, str]:
        """(frontend or None, path, reason): the configured path, else :data:`AUTO_PATHS`."""
        candidates = (self.path,) if self.path is not None else AUTO_PATHS
        reason = "missing"
        for candidate in candidates:
            try:
                clf = open_frontend(candidate)
            except OSError as exc:
                log.debug("no reader at %s: %s", candidate, exc)
                found = _reason(exc)
                if found == "missing" and candidate.startswith("usb"):
                    found = usb_access_problem(candidate)
                if found != "missing":
                    reason = found
                continue
            except Exception as exc:  # nfcpy raises odd things on odd devices
                log.warning("reader at %s failed to open: %r", candidate, exc)
                continue
            opened = str(getattr(getattr(clf, "device", None), "path", candidate) or candidate)
            return clf, opened, ""
        return None, self.path or "auto", reason

    def _run(self) -> None:
        while not self._stop.is_set():
            clf, path, reason = self._open()
            if clf is None:
                if not self._lost:
                    self._emit(ReaderLost(path, reason))
                    self._lost = True
                self._tried.set()
                self._stop.wait(self.retry_s)
                continue
            log.info("NFC reader open at %s", path)
            self.device_path = path
            self._polls = 0
            self._clf = clf
            self._tried.set()
            failure = self._scan(clf)
            self._clf = None
            self.device_path = None
            try:
                clf.close()
            except Exception:
                log.debug("closing the reader failed", exc_info=True)
            if self._stop.is_set():
                break
            log.warning("NFC reader at %s failed: %s", path, failure)
            self._release_current()
            if not self._lost:  # it was working: say it once (a reader that fails at once
                self._emit(ReaderLost(path, "unplugged"))  # after each reopen stays lost)
                self._lost = True
            self._stop.wait(self.retry_s)

    def _healthy(self) -> None:
        """The reader completed a poll or read a tag: if it had been lost, it is back."""
        if self._lost:
            self._lost = False
            self._emit(ReaderFound(self.device_path or self.path or "auto"))

    def _scan(self, clf: Any) -> str:
        """Poll until stopped (returns "") or the reader fails (returns why)."""
        options = {
            "targets": list(self.targets),
            "on-connect": self._on_connect,
            "on-release": self._on_release,
            "iterations": 1,
            "interval": POLL_PERIOD_S,
            "beep-on-connect": False,
        }
        while not self._stop.is_set():
            try:
                result = clf.connect(rdwr=options, terminate=self._terminate)
            except Exception as exc:  # I/O on a vanished device can raise beyond IOError
                return repr(exc)
            if result is False:
                return "I/O error"
        return ""

    def _terminate(self) -> bool:
        """nfcpy asks between polls: pace the polling, stop when closed."""
        self._polls += 1
        if self._polls == 2:  # the first poll went through
            self._healthy()
        wait = self._last_poll + POLL_PERIOD_S - time.monotonic()
        if wait > 0:
            self._stop.wait(wait)
        self._last_poll = time.monotonic()
        return self._stop.is_set()

    def _on_connect(self, tag: Any) -> bool:
        seen_at = time.monotonic()
        self._healthy()
        try:
            event = describe_tag(tag, self.registry, seen_at)
        except Exception:  # describe_tag does not raise; this is belt and braces
            log.exception("reading a tag failed")
            event = TagRead(uid_hex(tag), None, None, "read_error", "unknown", "", seen_at,
                            time.monotonic())
        self._current = event.uid
        self._emit(event)
        return True  # nfcpy now waits until the tag leaves, then calls on-release

    def _on_release(self, tag: Any) -> bool:
        self._release_current()
        return True

    def _release_current(self) -> None:
        uid, self._current = self._current, None
        if uid is not None:
            self._emit(TagRemoved(uid))


__all__ = [
    "AUTO_PATHS",
    "DEFAULT_TARGETS",
    "ReaderEvent",
    "ReaderFound",
    "ReaderLost",
    "ReaderService",
    "TagRead",
    "TagRemoved",
    "check_path",
    "describe_tag",
    "open_frontend",
]

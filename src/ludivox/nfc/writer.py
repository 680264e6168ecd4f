"""Writing card tags, one at a time, with a read-back check (used by ``ludivox nfc write``).

::

    with TagWriter("usb") as writer:
        outcome = writer.write("ludivox:kingsbridge/event/7", "sept", timeout_s=30)
        if not outcome.ok:
            print(outcome.problem)        # "too_small", "locked", "verify_failed"...

:meth:`TagWriter.write` waits for a tag, refuses one that is locked or too small for the
message, writes the NDEF message of :func:`ludivox.nfc.tagformat.encode`, then reads the chip
again (raw memory pages for Type 2 stickers, not nfcpy's cached copy) and compares. The tag
just written is ignored until it has left the reader, so leaving it there never writes the
next card onto it. A factory-blank NTAG21x (no capability container) is formatted first.

Problems (:attr:`WriteOutcome.problem`): ``no_reader``, ``no_tag`` (timeout or cancelled),
``not_ndef`` (a chip that cannot hold NDEF: register its UID instead), ``locked``,
``too_small``, ``already_tagged`` (``overwrite=False`` and the tag holds another card),
``write_failed``, ``tag_lost`` (taken away during the write), ``verify_failed``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludivox.nfc.payload import TagPayload, parse_payload
from ludivox.nfc.reader import (
    POLL_PERIOD_S,
    TagRead,
    check_path,
    describe_tag,
    open_frontend,
    type2_memory,
    uid_hex,
)
from ludivox.nfc.registry import UidRegistry
from ludivox.nfc.tagformat import (
    CC_MAGIC,
    CHIPS,
    capability_container,
    encode,
    read_type2,
    tlv_wrap,
)

log = logging.getLogger(__name__)

WRITE_TARGETS: tuple[str, ...] = ("106A", "212F")
#: Polls in a row that find no tag at all before the card written last counts as taken
#: away (it may have been lifted between two waits, when no removal can be seen).
EMPTY_POLLS_GONE = 1


@dataclass(frozen=True)
class WriteOutcome:
    """How one write went: ``ok`` with ``problem=None``, or the reason it failed.

    ``capacity``/``needed`` are the tag's room and the message size in bytes (0 when
    unknown); ``previous`` is the payload the tag held before (None if none)."""

    uid: str | None
    ok: bool
    problem: str | None
    product: str = ""
    capacity: int = 0
    needed: int = 0
    previous: str | None = None


class TagWriter:
    """Writes and reads single tags on the reader at ``path`` (None: the first found)."""

    def __init__(self, path: str | None = None, *,
                 targets: Sequence[str] = WRITE_TARGETS) -> None:
        self.path = None if path is None else check_path(path)
        self.targets = tuple(targets)
        self.last_uid: str | None = None
        self._clf: Any = None
        self._cancel = threading.Event()
        self._last_poll = 0.0
        self._held: tuple[str, Any] | None = None  # (UID, tag) of the card written last

    # ------------------------------------------------------------------ life cycle
    def __enter__(self) -> TagWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Release the reader (idempotent)."""
        clf, self._clf = self._clf, None
        self._held = None
        if clf is not None:
            try:
                clf.close()
            except Exception:
                log.debug("closing the reader failed", exc_info=True)

    def open(self) -> bool:
        """Open the reader now (otherwise the first wait does); whether there is one. Lets a
        caller say "no reader" before inviting anyone to put a card on it."""
        return self._frontend() is not None

    def cancel(self) -> None:
        """Make a waiting :meth:`write` or :meth:`read` return (``no_tag`` / None) soon."""
        self._cancel.set()

    def _frontend(self) -> Any:
        if self._clf is None:
            from ludivox.nfc.reader import AUTO_PATHS

            for candidate in (self.path,) if self.path else AUTO_PATHS:
                try:
                    self._clf = open_frontend(candidate)
                    break
                except Exception as exc:
                    log.debug("no reader at %s: %r", candidate, exc)
        return self._clf

    # ------------------------------------------------------------------ waiting for a tag
    def _wait_tag(self, timeout_s: float, skip_uid: str | None) -> tuple[Any, str | None]:
        """(tag, None) or (None, problem)."""
        clf = self._frontend()
        if clf is None:
            return None, "no_reader"
        self._cancel.clear()
        deadline = time.monotonic() + timeout_s
        if skip_uid is not None and not self._still_there(skip_uid):
            skip_uid = self.last_uid = None  # lifted (and maybe put back) between two waits
            self._held = None
        ended = False  # terminate() said stop: an on-release then is not a removal
        holding = False  # waiting for the skipped tag to leave
        empty = -1  # polls in a row that found no tag
        skip = skip_uid

        def gone() -> None:
            nonlocal skip
            if skip is not None:
                skip = self.last_uid = None  # the card written last has left the reader

        def terminate() -> bool:
            nonlocal ended, empty
            wait = self._last_poll + POLL_PERIOD_S - time.monotonic()
            if wait > 0:
                self._cancel.wait(wait)
            self._last_poll = time.monotonic()
            if self._cancel.is_set() or time.monotonic() >= deadline:
                ended = True
                return True
            if not holding:
                empty += 1  # the poll before this call found no tag
                if empty >= EMPTY_POLLS_GONE:
                    gone()
            return False

        def on_connect(tag: Any) -> bool:
            nonlocal holding, empty
            empty = -1
            holding = skip is not None and uid_hex(tag) == skip
            if holding:
                self._held = (uid_hex(tag), tag)
            return holding  # True: nfcpy waits for its removal, then calls on_release

        def on_release(tag: Any) -> bool:
            # nfcpy calls this when the tag leaves and also when terminate() ends the wait
            # with the tag still there: only a real removal frees the card written last
            nonlocal holding
            holding = False
            if not ended:
                gone()
            return False

        options = {"targets": list(self.targets), "on-connect": on_connect,
                   "on-release": on_release, "iterations": 1, "interval": POLL_PERIOD_S,
                   "beep-on-connect": False}
        try:
            result = clf.connect(rdwr=options, terminate=terminate)
        except Exception as exc:
            log.warning("reader failed: %r", exc)
            result = False
        if result is False:
            self.close()
            return None, "no_reader"
        if result is None or result is True:
            return None, "no_tag"
        return result, None

    def _still_there(self, uid: str) -> bool:
        """Whether the card ``uid`` seen last has stayed on the reader since (a card taken
        away loses its session: it no longer answers, even if put back)."""
        held = self._held
        if held is None or held[0] != uid:
            return True  # nothing to check: wait for its removal as before
        try:
            return bool(held[1].is_present)
        except Exception:
            log.debug("presence check failed", exc_info=True)
            return False

    # ------------------------------------------------------------------ public
    def read(self, *, timeout_s: float = 30.0,
             registry: UidRegistry | None = None) -> TagRead | None:
        """Wait for a tag and tell what it holds; None when no tag came (or no reader)."""
        tag, _problem = self._wait_tag(timeout_s, None)
        if tag is None:
            return None
        return describe_tag(tag, registry)

    def write(self, payload: str | TagPayload, text: str | None = None, *,
              timeout_s: float = 30.0, overwrite: bool = True) -> WriteOutcome:
        """Wait for a tag, write the card's message on it and check it by reading it back."""
        uri = payload.uri() if isinstance(payload, TagPayload) else payload
        if not isinstance(parse_payload(uri), TagPayload):
            raise ValueError(f"not a Ludivox payload: {uri!r}")
        message = encode(uri, text)
        tag, problem = self._wait_tag(timeout_s, self.last_uid)
        if tag is None:
            return WriteOutcome(None, False, problem, needed=len(message))
        outcome = self._write_on(tag, uri, message, overwrite)
        if outcome.ok:
            self.last_uid = outcome.uid
            self._held = (outcome.uid or "", tag)
        return outcome

    # ------------------------------------------------------------------ the write itself
    def _write_on(self, tag: Any, uri: str, message: bytes, overwrite: bool) -> WriteOutcome:
        uid = uid_hex(tag)
        product = str(getattr(tag, "product", "") or "")
        before = describe_tag(tag)

        def outcome(problem: str | None, capacity: int = 0) -> WriteOutcome:
            return WriteOutcome(uid, problem is None, problem, product, capacity,
                                len(message), before.payload)

        if before.problem == "read_error":
            return outcome("tag_lost")
        if not overwrite and before.payload is not None and before.payload != uri:
            return outcome("already_tagged")
        try:
            ndef_area = tag.ndef
            if ndef_area is None:
                ndef_area = self._prepare_ntag(tag, product)
        except Exception as exc:
            log.info("tag %s: preparing failed: %r", uid, exc)
            return outcome("tag_lost")
        if ndef_area is None:
            return outcome("not_ndef")
        capacity = int(ndef_area.capacity)
        if not ndef_area.is_writeable:
            return outcome("locked", capacity)
        if len(message) > capacity:
            return outcome("too_small", capacity)
        try:
            ndef_area.octets = message
        except Exception as exc:
            log.info("tag %s: write failed: %r", uid, exc)
            return outcome("tag_lost" if "timeout" in str(exc).lower() else "write_failed",
                           capacity)
        try:
            written = self._read_back(tag)
        except Exception as exc:
            log.info("tag %s: read-back failed: %r", uid, exc)
            return outcome("verify_failed", capacity)
        if written != message:
            log.info("tag %s: read back %r, wrote %r", uid, written, message)
            return outcome("verify_failed", capacity)
        return outcome(None, capacity)

    def _prepare_ntag(self, tag: Any, product: str) -> Any:
        """Give an NTAG21x without NDEF an empty NDEF message; its NDEF area or None."""
        chip = CHIPS.get(product.removeprefix("NXP "))
        if chip is None or str(getattr(tag, "type", "")) != "Type2Tag":
            return None
        head = bytes(tag.read(0))
        if head[10:12] != b"\x00\x00":  # static lock bits set: leave it alone
            return None
        if head[12:16] == bytes(4):
            tag.write(3, capability_container(chip))
        elif head[12] != CC_MAGIC:
            return None
        tag.write(4, tlv_wrap(b"") + bytes(1))  # an empty NDEF message (replaces a broken one)
        tag._ndef = None  # nfcpy cached "no NDEF": look again
        return tag.ndef

    def _read_back(self, tag: Any) -> bytes | None:
        """The NDEF message as the chip now holds it, read afresh."""
        if str(getattr(tag, "type", "")) == "Type2Tag":
            return read_type2(type2_memory(tag, bytes(tag.read(0)))).message
        area = tag.ndef
        if area is None:
            return None
        _ = area.has_changed  # reads the chip again (and drops the NDEF object if gone)
        return None if tag.ndef is None else bytes(tag.ndef.octets)


__all__ = ["WRITE_TARGETS", "TagWriter", "WriteOutcome"]

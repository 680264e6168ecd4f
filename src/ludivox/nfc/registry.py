"""Cards known by their chip's UID: chips without NDEF, or read-only ones, registered once.

The registry is ``<data folder>/nfc_uids.json`` (``$LUDIVOX_DATA_DIR`` or the user data
folder): a JSON object ``{"04A1B2C3D4E5F6": "ludivox:kingsbridge/event/7", ...}``, UIDs in
upper-case hex. It is written atomically (a crash never leaves half a file); a damaged file is
set aside as ``nfc_uids.json.damaged`` (never deleted), the registry starts empty and
:attr:`UidRegistry.problem` says ``"damaged"`` so the table can tell the players once.
"""

from __future__ import annotations

import logging
import re
import threading
from pathlib import Path

from ludivox.jsonfile import read_json_or_set_aside, write_json_atomic
from ludivox.nfc.payload import TagPayload, parse_payload
from ludivox.paths import data_dir

log = logging.getLogger(__name__)

FILE_NAME = "nfc_uids.json"
_HEX = re.compile(r"[0-9A-F]{8,20}")


def default_path() -> Path:
    """``<data folder>/nfc_uids.json`` (:func:`ludivox.paths.data_dir`)."""
    return data_dir() / FILE_NAME


def normalize_uid(uid: str | bytes) -> str:
    """A UID as upper-case hex without separators (``04:a1:b2`` -> ``04A1B2``)."""
    if isinstance(uid, bytes | bytearray):
        return bytes(uid).hex().upper()
    return re.sub(r"[\s:.-]", "", uid).upper()


class UidRegistry:
    """UID -> payload URI, kept in a JSON file (``path=None``: in memory only)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.problem: str | None = None
        self._by_uid: dict[str, str] = {}
        self._lock = threading.Lock()
        if path is not None:
            self._load(path)

    @classmethod
    def default(cls) -> UidRegistry:
        """The registry in the data folder."""
        return cls(default_path())

    def _load(self, path: Path) -> None:
        entries, self.problem = read_json_or_set_aside(path, _parse_entries, "UID registry")
        if entries is not None:
            self._by_uid = entries

    def lookup(self, uid: str | bytes) -> str | None:
        """The payload registered for ``uid``, or None."""
        with self._lock:
            return self._by_uid.get(normalize_uid(uid))

    def register(self, uid: str | bytes, payload: str | TagPayload) -> str:
        """Register (or replace) ``uid`` -> ``payload``; returns the stored URI.

        ValueError for a UID that is not hex or a payload that does not parse."""
        key = normalize_uid(uid)
        if not _HEX.fullmatch(key):
            raise ValueError(f"not a tag UID: {uid!r}")
        parsed = parse_payload(payload.uri() if isinstance(payload, TagPayload) else payload)
        if not isinstance(parsed, TagPayload):
            raise ValueError(f"not a Ludivox payload: {payload!r}")
        with self._lock:
            self._by_uid[key] = parsed.uri()
            self._write()
        return parsed.uri()

    def forget(self, uid: str | bytes) -> bool:
        """Remove ``uid``; whether it was registered."""
        with self._lock:
            found = self._by_uid.pop(normalize_uid(uid), None) is not None
            if found:
                self._write()
        return found

    def items(self) -> list[tuple[str, str]]:
        """Every (UID, payload), sorted by UID."""
        with self._lock:
            return sorted(self._by_uid.items())

    def __len__(self) -> int:
        with self._lock:
            return len(self._by_uid)

    def _write(self) -> None:
        path = self.path
        if path is None:
            return
        try:
            write_json_atomic(path, dict(sorted(self._by_uid.items())))
        except OSError as exc:
            log.error("UID registry not saved to %s: %s", path, exc)
            raise


def _parse_entries(data: object) -> dict[str, str]:
    """The registry's entries from its JSON; ValueError when anything is wrong."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    entries: dict[str, str] = {}
    for uid, payload in data.items():
        key = normalize_uid(str(uid))
        if not _HEX.fullmatch(key) or not isinstance(payload, str):
            raise ValueError(f"bad entry {uid!r}")
        if not isinstance(parse_payload(payload), TagPayload):
            raise ValueError(f"bad payload {payload!r}")
        entries[key] = payload
    return entries


__all__ = ["FILE_NAME", "UidRegistry", "default_path", "normalize_uid"]

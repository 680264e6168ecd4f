"""Small JSON files kept in the data folder: written atomically, a damaged one set aside.

Used by the settings store, the UID registry and the tagging progress. Imports nothing of
ours, so any part of the package may use it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

Problem = Literal["unreadable", "damaged"]
DAMAGED_SUFFIX = ".damaged"


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` so that a crash never leaves half a file.

    The JSON goes to a temporary file in the same folder (created if needed), is flushed and
    fsync-ed, then renamed over ``path``; on failure the temporary file is removed and the
    OSError raised."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False, indent=1)
            out.write("\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def set_aside(path: Path, suffix: str = DAMAGED_SUFFIX) -> None:
    """Rename ``path`` to ``<name><suffix>`` (kept, never deleted); errors are ignored."""
    with contextlib.suppress(OSError):
        os.replace(path, path.with_name(path.name + suffix))


def read_json_or_set_aside(
    path: Path, parse: Callable[[Any], T], what: str
) -> tuple[T | None, Problem | None]:
    """Read ``path`` and ``parse`` its JSON: ``(value, None)``.

    A missing file gives ``(None, None)``; one that cannot be read ``(None, "unreadable")``
    (left where it is); one that is not JSON or that ``parse`` refuses (ValueError) is set
    aside as ``<name>.damaged`` and gives ``(None, "damaged")``. ``what`` names the file in
    the log."""
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        log.error("%s %s unreadable: %s", what, path, exc)
        return None, "unreadable"
    try:
        return parse(json.loads(raw)), None
    except ValueError as exc:  # json.JSONDecodeError is a ValueError
        log.warning("%s %s damaged (%s): set aside as %s%s", what, path, exc, path.name,
                    DAMAGED_SUFFIX)
        set_aside(path)
        return None, "damaged"


__all__ = ["DAMAGED_SUFFIX", "Problem", "read_json_or_set_aside", "set_aside",
           "write_json_atomic"]

"""Loading sounddevice (PortAudio) for the microphone and the speaker, quietly.

ALSA's library prints its own diagnostics ("ALSA lib pcm.c:…: underrun occurred") straight to
the terminal, where a screen reader would read them aloud between the game's sentences.
Before PortAudio opens ALSA, :func:`load_sounddevice` gives ALSA an error handler that sends
those lines to the developer log instead (``snd_lib_error_set_handler``, the documented hook;
the handler is kept alive for the whole process).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
from typing import Any

log = logging.getLogger(__name__)

# void handler(const char *file, int line, const char *function, int err, const char *fmt, ...)
_HANDLER_TYPE = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                                 ctypes.c_int, ctypes.c_char_p)
_handler: Any = None


def _to_log(file: bytes | None, line: int, function: bytes | None, err: int,
            fmt: bytes | None) -> None:
    log.debug("ALSA %s:%d %s (%d): %s", (file or b"").decode(errors="replace"), line,
              (function or b"").decode(errors="replace"), err,
              (fmt or b"").decode(errors="replace"))


def quiet_alsa() -> bool:
    """Route ALSA's messages to the log; False when there is no ALSA library (nothing to do)."""
    global _handler
    if _handler is not None:
        return True
    name = ctypes.util.find_library("asound") or "libasound.so.2"
    try:
        alsa = ctypes.CDLL(name)
    except OSError:
        return False
    _handler = _HANDLER_TYPE(_to_log)
    alsa.snd_lib_error_set_handler(_handler)
    return True


def load_sounddevice(error: type[Exception]) -> Any:
    """The ``sounddevice`` module, ALSA quieted first; ``error`` (a French-facing exception of
    the caller's) is raised when PortAudio is missing."""
    quiet_alsa()
    try:
        import sounddevice
    except OSError as exc:  # PortAudio library missing
        raise error(f"PortAudio is not available: {exc}") from exc
    return sounddevice


__all__ = ["load_sounddevice", "quiet_alsa"]

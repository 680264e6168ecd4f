"""The speech model loaded and live listening made for a session (:func:`open_live`), and
what the table is told when there is no usable model."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from ludivox.shell.microphone import LiveListening
from ludivox.shell.sources import Announcement
from ludivox.table.settings import ListenMode
from ludivox.voice.listener import game_listener

log = logging.getLogger(__name__)


def open_live(
    session: Any,
    model_path: Path | None,
    speaker: Any,
    *,
    mode: ListenMode = "push_to_talk",
    headphones: bool = False,
    device: int | str | None = None,
    echo_cancel: bool | None = None,
) -> tuple[LiveListening | None, Announcement | None]:
    """Load the speech model and make the live listening source for ``session``.

    ``echo_cancel`` (default: on, unless ``LUDIVOX_ECHO_CANCEL`` is ``0``/``off``) keeps
    the microphone open on a loudspeaker while the assistant speaks (see the module doc).

    Returns the source, or None with what to tell the table once (no model installed, a
    bad model folder): the game then goes on by keyboard. Grammar words the model lacks are
    logged (Vosk would drop them silently) and left out of the phrase lists.
    """
    from ludivox.voice.recognizer import ModelLoadError, ModelNotFound, VoskModel, VoskRecognizer

    if model_path is None:
        return None, no_model_notice()
    try:
        model = VoskModel(model_path)
    except (ModelNotFound, ModelLoadError) as exc:
        log.warning("voice input off: %s", exc)
        return None, bad_model_notice(exc)
    session.known_word = model.has_word
    missing = sorted(w for w in session.grammar.vocabulary() if not model.has_word(w))
    if missing:
        log.warning("the model %s lacks %d grammar word(s), not recognised: %s", model_path,
                    len(missing), ", ".join(missing))
    listener = game_listener(VoskRecognizer(model), session.grammar)
    if echo_cancel is None:
        echo_cancel = os.environ.get("LUDIVOX_ECHO_CANCEL", "1").strip().lower() not in (
            "0", "off", "no", "non", "false")
    live = LiveListening(listener, speaker, mode=mode, headphones=headphones, device=device,
                         echo_cancel=echo_cancel)
    return live, None


def no_model_notice(lang: str = "fr") -> Announcement:
    """What to tell the table when no model folder was given and none is usable: the
    installed one is damaged (with the command that reinstalls it), or there is none (with
    the command that installs it)."""
    from ludivox.voice.modelstore import installed_status

    status = installed_status(lang)
    if status is not None and status.status == "corrupted":
        return Announcement("speech_model.damaged",
                            {"name": status.name, "lang": lang, "path": str(status.path)})
    return Announcement("speech_model.none_installed")


def bad_model_notice(exc: Exception) -> Announcement:
    """What to tell the table about a model folder Vosk cannot use (``ModelNotFound`` or
    ``ModelLoadError``): which folder, what is wrong with it, and what to do."""
    from ludivox.voice.recognizer import ModelNotFound

    path = Path(getattr(exc, "path", ""))
    if not isinstance(exc, ModelNotFound):
        problem = "other"
    elif not path.exists():
        problem = "missing"
    else:
        problem = "not_model"
    return Announcement("speech_model.bad_folder", {"path": str(path), "problem": problem})


__all__ = ["bad_model_notice", "no_model_notice", "open_live"]

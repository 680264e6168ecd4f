"""The events an :class:`~ludivox.voice.endpoint.Endpointer` reports: an utterance starts,
goes on, pauses, ends."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SpeechStart:
    """Speech began at ``t`` (seconds); ``audio`` is the pre-roll plus the speech so far."""

    t: float
    audio: bytes


@dataclass(frozen=True)
class SpeechAudio:
    """More audio of the utterance in progress."""

    audio: bytes


@dataclass(frozen=True)
class SpeechPause:
    """The speaker has been quiet for the short silence, or twice or three times it
    (``t``: now); the utterance is still open (the listener may check whether what was said
    is a whole command, and end it at once with
    :meth:`~ludivox.voice.endpoint.Endpointer.end_now`)."""

    t: float


@dataclass(frozen=True)
class SpeechEnd:
    """The utterance ended: last loud audio at ``t_speech_end``, decided at ``t_endpoint``.

    ``cut`` is True when it was stopped at the maximum length (or by
    :meth:`~ludivox.voice.endpoint.Endpointer.flush` at the end of the stream) rather than by
    trailing silence; ``early`` when it ended after the short silence of a complete command.
    """

    t_speech_end: float
    t_endpoint: float
    cut: bool = False
    early: bool = False


EndpointEvent = SpeechStart | SpeechAudio | SpeechPause | SpeechEnd



def merge_audio(events: list[EndpointEvent]) -> list[EndpointEvent]:
    """Join consecutive SpeechAudio events (one per frame) into one."""
    merged: list[EndpointEvent] = []
    for event in events:
        if isinstance(event, SpeechAudio) and merged:
            last = merged[-1]
            if isinstance(last, SpeechAudio):
                merged[-1] = SpeechAudio(last.audio + event.audio)
                continue
            if isinstance(last, SpeechStart):
                merged[-1] = SpeechStart(last.t, last.audio + event.audio)
                continue
        merged.append(event)
    return merged


__all__ = [
    "EndpointEvent",
    "SpeechAudio",
    "SpeechEnd",
    "SpeechPause",
    "SpeechStart",
    "merge_audio",
]

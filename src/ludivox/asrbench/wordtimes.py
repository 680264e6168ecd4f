"""Where each word ends in espeak-ng's audio: ``python -m ludivox.asrbench.wordtimes``.

espeak-ng's command line gives audio but no word positions, so the library itself is driven
(ctypes, synchronous mode) with the same voice, rate and pitch: it reports a WORD event at
the first sample of each word, and its audio is checked to be the command line's, sample for
sample, before the positions are used (:func:`word_spans`). A word ends at its last audible
sample before the next word starts (or at the end of the audio).

The library runs in a child process: espeak-ng is a process-wide singleton, and the
assistant's own voice (:mod:`ludivox.voice.espeak`) may already own it in the caller.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import subprocess
import sys
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import numpy as np

from ludivox.voice.audio import Samples

SYNCHRONOUS = 2
EVENT_LIST_TERMINATED = 0
EVENT_WORD = 1
PARAM_RATE = 1
PARAM_PITCH = 3
POS_CHARACTER = 1
CHARS_UTF8 = 1
ENDPAUSE = 0x1000
AUDIBLE = 60.0
"""Samples below this (int16 units) are the near-silence between words (as the fixtures'
own trimming)."""


class WordTimesFailed(RuntimeError):
    """espeak-ng's library could not give word positions."""


class _Event(ctypes.Structure):
    _fields_ = (
        ("type", ctypes.c_int),
        ("unique_identifier", ctypes.c_uint),
        ("text_position", ctypes.c_int),
        ("length", ctypes.c_int),
        ("audio_position", ctypes.c_int),
        ("sample", ctypes.c_int),
        ("user_data", ctypes.c_void_p),
        ("id", ctypes.c_void_p),
    )


def _synthesize(text: str, voice: str, rate: int, pitch: int) -> dict[str, Any]:
    """In this process: espeak-ng's samples (22050 Hz) and the first sample of each word."""
    name = ctypes.util.find_library("espeak-ng")
    if name is None:
        raise WordTimesFailed("libespeak-ng is not installed")
    lib = ctypes.CDLL(name)
    rate_hz = lib.espeak_Initialize(SYNCHRONOUS, 0, None, 0)
    if rate_hz <= 0:
        raise WordTimesFailed("espeak-ng did not initialise")
    chunks: list[bytes] = []
    starts: list[tuple[int, int]] = []  # (sample, text position)
    callback_type = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short),
                                     ctypes.c_int, ctypes.POINTER(_Event))

    def on_synth(wav: Any, count: int, events: Any) -> int:
        if count > 0 and wav:
            chunks.append(ctypes.string_at(wav, count * 2))
        i = 0
        while events[i].type != EVENT_LIST_TERMINATED:
            if events[i].type == EVENT_WORD:
                starts.append((int(events[i].sample), int(events[i].text_position)))
            i += 1
        return 0

    callback = callback_type(on_synth)
    lib.espeak_SetSynthCallback(callback)
    if lib.espeak_SetVoiceByName(voice.encode()) != 0:
        raise WordTimesFailed(f"espeak-ng refused voice {voice!r}")
    lib.espeak_SetParameter(PARAM_RATE, rate, 0)
    lib.espeak_SetParameter(PARAM_PITCH, pitch, 0)
    data = text.encode("utf-8")
    status = lib.espeak_Synth(data, len(data) + 1, 0, POS_CHARACTER, 0,
                              CHARS_UTF8 | ENDPAUSE, None, None)
    lib.espeak_Synchronize()
    if status != 0:
        raise WordTimesFailed(f"espeak-ng refused the text (status {status})")
    return {"rate": rate_hz, "samples": b"".join(chunks).hex(), "starts": starts}


def library_audio(text: str, voice: str, rate: int, pitch: int
                  ) -> tuple[int, Samples, list[tuple[int, str]]]:
    """(rate, samples, (first sample, words) of each word) from espeak-ng's library, in a
    child process. A "word" is what espeak-ng announces as one: "qu'est-ce que" is one."""
    done = subprocess.run(
        [sys.executable, "-m", "ludivox.asrbench.wordtimes", text, voice, str(rate),
         str(pitch)], capture_output=True, text=True, check=False, timeout=60)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        raise WordTimesFailed(lines[-1] if lines else "the espeak-ng child failed")
    data = json.loads(done.stdout)
    samples = np.frombuffer(bytes.fromhex(data["samples"]), dtype="<i2").astype(np.int16)
    starts = [(int(s), int(p)) for s, p in data["starts"]]
    cuts = [p - 1 for _, p in starts] + [len(text)]
    words = [text[a:b].strip(" \t,;:.!?«»") for a, b in pairwise(cuts)]
    return int(data["rate"]), samples, [(s, w) for (s, _), w in zip(starts, words,
                                                                    strict=True)]


def word_spans(starts: Sequence[int], samples: Samples) -> list[tuple[int, int]]:
    """(first, last + 1) audible sample of each word, from the words' first samples."""
    loud = np.abs(samples.astype(np.int32)) > AUDIBLE
    spans: list[tuple[int, int]] = []
    bounds = [*starts, len(samples)]
    for first, nxt in pairwise(bounds):
        audible = np.flatnonzero(loud[first:nxt])
        if len(audible) == 0:
            spans.append((first, first))
            continue
        spans.append((first + int(audible[0]), first + int(audible[-1]) + 1))
    return spans


def main(argv: Sequence[str] | None = None) -> int:
    """Child entry: ``TEXT VOICE RATE PITCH`` -> JSON on standard output."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 4:
        print("usage: python -m ludivox.asrbench.wordtimes TEXT VOICE RATE PITCH",
              file=sys.stderr)
        return 2
    text, voice, rate, pitch = args
    try:
        out = _synthesize(text, voice, int(rate), int(pitch))
    except WordTimesFailed as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    json.dump(out, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())

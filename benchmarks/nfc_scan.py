"""From a card put on the reader to the first audio of the answer (run under
``scripts/with-audio.sh``).

The whole path as at the table: an NTAG213 card emulated over nfcpy's ``udp`` driver
(``tests/nfc/nfc_emulators.py``), the real :class:`ludivox.nfc.reader.ReaderService` behind
:class:`ludivox.shell.card_reader.CardReaderSource`, the console's queue, a Kingsbridge
:class:`~ludivox.table.session.Session` with the real French grammar, and a
:class:`~ludivox.voice.speaker.VoiceSpeaker` (espeak-ng, no phrase cache: every answer is
synthesized) playing into the PulseAudio null sink.

Figures over :data:`SCANS` scans (hand cards that fit a column, cards not in hand, a card
that fits nowhere):

- ``scan_to_audio_p50_ms`` / ``_p95_ms``: card presented -> first sample of the answer at
  the audio device (PortAudio's estimate);
- ``reader_p50_ms`` / ``_p95_ms``: card presented -> ``TagSeen`` in the queue;
- ``session_p50_ms`` / ``_p95_ms``: ``Session.handle`` (understanding and the answer's text);
- ``speech_p50_ms`` / ``_p95_ms``: ``Speaker.say`` -> first sample at the device.

Nothing is asserted; orders of magnitude for this machine.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks._stats import percentile

SCANS = 30
CARDS = (7, 8, 4, 11, 2, 13, 9, 1, 5, 10)
"""Cards scanned in turn (Anne holds 7, 8 and 11; see :func:`_position`)."""



def _position() -> Any:
    from ludivox.engines.kingsbridge import from_json

    return from_json({
        "mode": "virtual",
        "columns": [[3], [5, 6], [9], [10, 11], [12], [13]],
        "players": [{"hand": [7, 8, 11], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
    })


def _session() -> Any:
    from ludivox.bindings.kingsbridge.binding import KingsbridgeBinding
    from ludivox.grammars.grammar import Grammar
    from ludivox.table.match import Match
    from ludivox.table.session import Session

    names = ["Anne", "Paul"]
    binding = KingsbridgeBinding(names)
    session = Session(binding, Grammar.load("kingsbridge", "fr"),
                      Match(binding.engine, _position()), names)
    session.start()
    return session


def run() -> dict[str, float]:
    """Time :data:`SCANS` scans end to end (see the module docstring)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "nfc"))
    from nfc_emulators import NTAG213, Ntag2Emulator, random_uid

    from ludivox.nfc.tagformat import encode
    from ludivox.shell.card_reader import CardReaderSource
    from ludivox.table.io import Earcon, Say, TagSeen
    from ludivox.voice.playback import NoAudioDevice, SoundDeviceSink
    from ludivox.voice.speaker import VoiceSpeaker
    from ludivox.voice.tts import EspeakSynthesizer

    try:
        sink = SoundDeviceSink()
    except NoAudioDevice:
        return {"audio_available": 0.0}
    started: list[float] = []
    event = threading.Event()

    def on_started(text: str, at: float) -> None:
        started.append(at)
        event.set()

    speaker = VoiceSpeaker(EspeakSynthesizer(cache_size=0), sink, on_started=on_started,
                           split=False)
    session = _session()
    inbox: queue.Queue[Any] = queue.Queue()
    totals: list[float] = []
    readers: list[float] = []
    sessions: list[float] = []
    speeches: list[float] = []
    with Ntag2Emulator(NTAG213, present=False) as emu:
        source = CardReaderSource(emu.path, retry_s=0.2, targets=("106A",))
        source.start(inbox.put)
        try:
            time.sleep(0.3)  # the reader is polling
            for n in range(SCANS):
                card = CARDS[n % len(CARDS)]
                payload = f"ludivox:kingsbridge/event/{card}"
                emu.put(NTAG213, random_uid(), message=encode(payload))
                presented = emu.presented_at
                assert presented is not None
                seen = inbox.get(timeout=5)
                received = time.monotonic()
                if not isinstance(seen, TagSeen):
                    raise RuntimeError(f"expected a scan, got {seen!r}")
                event.clear()
                started.clear()
                asked = time.monotonic()
                outputs = session.handle(seen)
                handled = time.monotonic()
                for out in outputs:
                    if isinstance(out, Earcon):
                        speaker.earcon(out.name)
                    elif isinstance(out, Say):
                        speaker.say(out.text)
                if not event.wait(10):
                    raise RuntimeError(f"no speech for the scan of {payload}")
                first = started[0]
                totals.append((first - presented) * 1000)
                readers.append((received - presented) * 1000)
                sessions.append((handled - asked) * 1000)
                speeches.append((first - handled) * 1000)
                time.sleep(0.2)  # a little of the answer is heard, then the next card
                speaker.stop()
                speaker.wait_idle(5)
                emu.remove()
                time.sleep(0.6)  # the card leaves the reader (removal seen after ~0.3 s)
        finally:
            source.close()
            speaker.close()
    figures: dict[str, float] = {"audio_available": 1.0, "scans": float(len(totals))}
    for name, values in (("scan_to_audio", totals), ("reader", readers),
                         ("session", sessions), ("speech", speeches)):
        figures[f"{name}_p50_ms"] = percentile(values, 50)
        figures[f"{name}_p95_ms"] = percentile(values, 95)
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key}: {value:.4g}")

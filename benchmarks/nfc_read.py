"""From a card put on the reader to the reader service's callback, and back off (not a test).

The real :class:`ludivox.nfc.reader.ReaderService` reads an NTAG213 holding a Ludivox card,
emulated over nfcpy's ``udp`` driver (``tests/nfc/nfc_emulators.py``), put on the reader at a
random moment of its polling :data:`ROUNDS` times, then taken away. Figures (milliseconds,
p50 and p95 over the rounds):

- ``activated_*``: card presented -> tag activated by nfcpy (``TagRead.seen_at``);
- ``read_*``: card presented -> its NDEF message read and parsed (``TagRead.read_at``);
- ``callback_*``: card presented -> ``TagRead`` handed to the callback;
- ``removed_*``: card taken away -> ``TagRemoved`` handed to the callback.

Caveat: nfcpy's udp driver waits up to 1 s for each poll's answer and the emulator answers
the poll already waiting, which models a reader polling continuously. Only Type A (``106A``)
is polled: with FeliCa polled too, a card put on while the reader listens for it waits for
the next Type A poll, as on a real reader whose polls last milliseconds, not a second; that
would overstate real latency. ``benchmarks/nfc_scan.py`` measures the whole path to audio.
Nothing is asserted; orders of magnitude for this machine.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from benchmarks._stats import percentile

ROUNDS = 30
TARGETS = ("106A",)



def run() -> dict[str, float]:
    """Put a card on the emulated reader :data:`ROUNDS` times; latency percentiles in ms."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "nfc"))
    from nfc_emulators import NTAG213, EventLog, Ntag2Emulator, random_uid

    from ludivox.nfc.reader import ReaderService, TagRead, TagRemoved
    from ludivox.nfc.tagformat import encode

    rng = random.Random(1)
    series: dict[str, list[float]] = {"activated": [], "read": [], "callback": [],
                                      "removed": []}
    message = encode("ludivox:kingsbridge/event/7", "sept")
    with Ntag2Emulator(NTAG213, present=False) as emu:
        events = EventLog()
        stamps: dict[int, float] = {}

        def on_event(event: object) -> None:
            stamps[len(events.events)] = time.monotonic()
            events.put(event)

        service = ReaderService(emu.path, on_event, targets=TARGETS)
        service.start()
        if not service.wait_open():
            raise RuntimeError(f"the emulated reader at {emu.path} did not open")
        try:
            for _ in range(ROUNDS):
                time.sleep(rng.uniform(0.0, 1.0))  # a random moment of the polling
                n = len(events.events)
                emu.put(NTAG213, random_uid(rng), message=message)
                presented = emu.presented_at
                assert presented is not None
                got: TagRead = events.next(TagRead, after=n, timeout_s=10)
                series["activated"].append(got.seen_at - presented)
                series["read"].append(got.read_at - presented)
                series["callback"].append(stamps[events.events.index(got)] - presented)
                n = len(events.events)
                lifted = time.monotonic()
                emu.remove()
                gone: TagRemoved = events.next(TagRemoved, after=n, timeout_s=10)
                series["removed"].append(gone.at - lifted)
        finally:
            service.close()
    figures: dict[str, float] = {}
    for name, values in series.items():
        figures[f"{name}_p50_ms"] = percentile(values, 50, scale=1000.0)
        figures[f"{name}_p95_ms"] = percentile(values, 95, scale=1000.0)
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:20s} {value:8.1f}")

"""Benchmark: card on the emulated reader -> TagRead handed to the callback (not a test).

Run: ``.venv/bin/python tests/nfc/bench_read_latency.py [--n 40] [--targets 106A,212F]``

Each round puts an NTAG213 holding a Ludivox card on the emulated reader at a random moment
of the reader's polling, waits for the TagRead, takes the card away and waits for the
TagRemoved. Printed: p50/p95/max of present -> activated (``seen_at``), -> read
(``read_at``), -> callback, and remove -> TagRemoved, in milliseconds.

Caveat: nfcpy's udp driver waits 1 s for each poll's answer; the emulator answers the poll
already waiting (see nfc_emulators.py), which models a reader polling continuously. With
several technologies polled (106A and 212F), a card put on while the reader listens for
FeliCa waits for the next Type A poll, as on a real reader (whose polls last milliseconds,
not a second): that mode overstates real latency.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from nfc_emulators import NTAG213, EventLog, Ntag2Emulator, random_uid

from ludivox.nfc.reader import ReaderService, TagRead, TagRemoved
from ludivox.nfc.tagformat import encode


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=40)
    parser.add_argument("--targets", default="106A")
    args = parser.parse_args()
    rng = random.Random(1)
    activated: list[float] = []
    read: list[float] = []
    handed: list[float] = []
    removed: list[float] = []
    message = encode("ludivox:kingsbridge/event/7", "sept")
    with Ntag2Emulator(NTAG213, present=False) as emu:
        events = EventLog()
        stamps: dict[int, float] = {}

        def on_event(event: object) -> None:
            stamps[len(events.events)] = time.monotonic()
            events.put(event)

        service = ReaderService(emu.path, on_event, targets=tuple(args.targets.split(",")))
        service.start()
        time.sleep(0.3)
        try:
            for _ in range(args.n):
                time.sleep(rng.uniform(0.0, 1.0))
                n = len(events.events)
                emu.put(NTAG213, random_uid(rng), message=message)
                t0 = emu.presented_at
                assert t0 is not None
                got: TagRead = events.next(TagRead, after=n, timeout_s=10)
                index = events.events.index(got)
                activated.append(got.seen_at - t0)
                read.append(got.read_at - t0)
                handed.append(stamps[index] - t0)
                n = len(events.events)
                t1 = time.monotonic()
                emu.remove()
                gone: TagRemoved = events.next(TagRemoved, after=n, timeout_s=10)
                removed.append(gone.at - t1)
        finally:
            service.close()
    print(f"udp emulated reader, NTAG213, targets {args.targets}, n={args.n}")
    for name, values in (("present -> activated", activated), ("present -> read", read),
                         ("present -> callback", handed), ("remove -> TagRemoved", removed)):
        ms = [v * 1000 for v in values]
        print(f"  {name:22s} p50 {pct(ms, .5):7.1f} ms  p95 {pct(ms, .95):7.1f} ms  "
              f"max {max(ms):7.1f} ms  mean {statistics.fmean(ms):7.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The garbage collector kept from stopping the assistant's voice.

The audio output is fed by a Python callback every 23 ms, with about 46 ms of audio queued
(:mod:`ludivox.voice.playback`); the collector's full passes hold the interpreter lock for
as long as they take to scan every object. A game's grammar, engine data and caches are
0.6 to 3 million long-lived objects: a full pass over them took 300-380 ms here, and while
a game was built (grammar automata, phrase lists: about 600,000 objects in 1.7 s) the
collector ran eight passes of 30-130 ms each, growing with the heap (measured with a thread
timing its own 2 ms sleeps). Each pass longer than the queue made the output run dry: 6
underflows while one Kingsbridge session was built on a quiet machine, the next answer then
1.0-1.1 s late (the output stream restarting; ``benchmarks endpointing``: one stall in 16
complete commands, p95 556 ms instead of about 230), and each underflow sends the echo
canceller back to half-duplex until it has learnt again (:mod:`ludivox.voice.echo`).

:func:`building` pauses the collector while a game is built, then freezes what was built
(``gc.freeze``: moved out of every later pass, as long-running Python services do after
start-up): later passes scan only what the game creates as it goes. The cost: the cycles
that became garbage during the build (about 30,000 objects a grammar) are kept, once per
game loaded in the process. Used where a game is set up (:mod:`ludivox.shell.launch`) and
where a phrase list is built (:meth:`ludivox.grammars.Grammar.phrases`).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def building() -> Iterator[None]:
    """Build long-lived structures without a collector pass, then keep them out of every
    later pass. Nested uses freeze once more at each end; the collector is enabled again
    only by the outermost use, and only if it was enabled before."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()

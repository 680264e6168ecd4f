"""The tag writer's side of deck tagging (:mod:`ludivox.shell.tagging`): a worker thread
that waits for a chip and writes the card armed, posting each outcome (and each key typed,
as :class:`KeyPressed`) on one event queue the tagging session reads."""

from __future__ import annotations

import logging
import queue
import threading
from dataclasses import dataclass
from typing import Protocol

log = logging.getLogger(__name__)

ARM_TIMEOUT_S = 1.0  # each wait for a tag; the worker loops until a tag comes or is stopped
DISARM_GUARD_S = 30.0  # a write under way ends long before (a hang guard, not a timing)


class Outcome(Protocol):
    """What :meth:`ludivox.nfc.writer.TagWriter.write` returns (``WriteOutcome``)."""

    @property
    def uid(self) -> str | None: ...
    @property
    def ok(self) -> bool: ...
    @property
    def problem(self) -> str | None: ...
    @property
    def product(self) -> str: ...
    @property
    def previous(self) -> str | None: ...


class Writer(Protocol):
    """The part of :class:`ludivox.nfc.writer.TagWriter` the session uses."""

    last_uid: str | None

    def write(
        self,
        payload: str,
        text: str | None = None,
        *,
        timeout_s: float = 30.0,
        overwrite: bool = True,
    ) -> Outcome: ...
    def cancel(self) -> None: ...
    def close(self) -> None: ...


@dataclass(frozen=True)
class Job:
    """One card armed: what to write, and whether a chip of another card may be overwritten."""

    number: int
    uri: str
    text: str
    overwrite: bool
    ignore_uid: str | None


@dataclass(frozen=True)
class Written:
    """The outcome of the write armed as ``job``."""

    job: int
    outcome: Outcome


@dataclass(frozen=True)
class KeyPressed:
    """A key typed (a keyboard command), posted on the same queue as the outcomes."""

    command: str


class WriteWorker:
    """Calls the writer on its own thread for the card armed, and posts the outcome."""

    def __init__(self, writer: Writer, events: queue.Queue[object]) -> None:
        self.writer = writer
        self.events = events
        self._job: Job | None = None
        self._count = 0
        self._cond = threading.Condition()
        self._closed = False
        self._busy = False  # a write call is under way
        self._finished: Outcome | None = None  # a write that succeeded after its disarm
        self._thread = threading.Thread(target=self._run, name="nfc-tagging", daemon=True)
        self._thread.start()

    def arm(self, uri: str, text: str, *, overwrite: bool, ignore_uid: str | None = None) -> int:
        """Start waiting for a tag to write ``uri`` on; returns the job number."""
        with self._cond:
            self._count += 1
            self._job = Job(self._count, uri, text, overwrite, ignore_uid)
            self._cond.notify_all()
            return self._count

    def disarm(self) -> Outcome | None:
        """Stop waiting for a tag. A write already under way finishes first: its outcome
        when it succeeded (that chip now holds the card: the caller must record it), else
        None."""
        with self._cond:
            self._job = None
        self.writer.cancel()
        with self._cond:
            self._cond.wait_for(lambda: not self._busy or self._closed, DISARM_GUARD_S)
            finished, self._finished = self._finished, None
        return finished

    def close(self) -> None:
        """Stop the thread (it ends within one wait)."""
        with self._cond:
            self._closed = True
            self._job = None
            self._cond.notify_all()
        self.writer.cancel()
        self._thread.join(ARM_TIMEOUT_S + 1.0)

    def _current(self) -> Job | None:
        with self._cond:
            self._busy = False
            self._cond.notify_all()
            while self._job is None and not self._closed:
                self._cond.wait()
            self._busy = not self._closed
            return None if self._closed else self._job

    def _run(self) -> None:
        while True:
            job = self._current()
            if job is None:
                return
            if job.ignore_uid is not None:
                self.writer.last_uid = job.ignore_uid  # ignored until it leaves the reader
            try:
                outcome = self.writer.write(
                    job.uri, job.text, timeout_s=ARM_TIMEOUT_S, overwrite=job.overwrite
                )
            except Exception:  # a reader failure must end the session cleanly, not hang it
                log.exception("writing a tag failed")
                outcome = Failure()
            with self._cond:
                if self._job is not None and self._job.number == job.number:
                    if outcome.problem == "no_tag":
                        self._job = Job(job.number, job.uri, job.text, job.overwrite, None)
                        continue  # no tag yet: wait again
                    self._job = None
                else:  # disarmed meanwhile: only a chip actually written matters
                    if outcome.ok:
                        self._finished = outcome
                    continue
            self.events.put(Written(job.number, outcome))


@dataclass(frozen=True)
class Failure:
    """The outcome of a writer that raised."""

    uid: str | None = None
    ok: bool = False
    problem: str | None = "no_reader"
    product: str = ""
    previous: str | None = None


__all__ = [
    "ARM_TIMEOUT_S",
    "Failure",
    "Job",
    "KeyPressed",
    "Outcome",
    "WriteWorker",
    "Writer",
    "Written",
]

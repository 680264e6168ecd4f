"""Tagging a whole deck, card by card, by voice and text (``ludivox nfc write <deck>``).

The session names each card ("Pose un sept, exemplaire trois sur huit, sur le lecteur."),
waits for a tag, writes it and reads it back (:class:`ludivox.nfc.writer.TagWriter`), says
"C'est fait." with a short tone, and goes on with the next card. Keys (one per line, then
Entrée): Entrée = retry after a failure (or repeat the card), ``s`` = skip the card,
``r`` = repeat, ``q`` = stop; typed words of the shared grammar work too ("oui", "non",
"répète", "stop"). Ctrl-C stops as ``q`` does.

- A key typed while a chip is being written waits for that write: a chip written that
  way is recorded as done (it holds the card), whatever the key.
- A failed tag (verify failure, too small, locked, taken away too early...) can be retried
  once on request; a second failure, or ``s``, records the card as failed, and the session
  goes on; the chip given up on is not written with the next card until it has left the
  reader.
- A tag already written for another card of this deck (same UID) is refused without being
  changed: "Cette puce est déjà le sept, exemplaire deux." A tag holding another Ludivox card
  unknown to this deck is only overwritten when the person confirms (or with ``--restart``).
- Progress is saved after every card in ``<data folder>/tagging/<deck>.json`` (atomically,
  :mod:`ludivox.nfc.progress`),
  so the same command resumes at the first card never tried ("On reprend au huit, exemplaire
  un sur huit."); cards that failed come back after them. ``--restart`` starts again (the old
  file is kept as ``<deck>.json.old``).
- Every UID written is also registered in the UID registry (:mod:`ludivox.nfc.registry`), so
  a chip that later loses its NDEF message is still known.
- At the end or on stop, a report: how many cards are done, which failed and why, how many are
  left, and (written, not spoken) which UID is which card.
"""

from __future__ import annotations

import logging
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from ludivox.bindings.decks import Deck, DeckCard
from ludivox.nfc.progress import (
    DONE,
    FAILED,
    CardRecord,
    Progress,
    ProgressError,
    plan,
    progress_path,
    restart,
    tagging_dir,
)
from ludivox.nfc.registry import UidRegistry
from ludivox.shell.tag_worker import KeyPressed, Outcome, Writer, WriteWorker, Written

log = logging.getLogger(__name__)

SKIPPED = "skipped"  # the problem recorded for a card passed over with "s"
REWRITTEN = "rewritten"  # its chip was written again for another card
DONE_EARCON = "listening"
FAILED_EARCON = "refused"
END_EARCON = "column_finished"

# keyboard commands
NEXT, SKIP, STOP, REPEAT, HELP, EOF = "next", "skip", "stop", "repeat", "help", "eof"
_KEYS = {"": NEXT, "s": SKIP, "q": STOP, "r": REPEAT, "?": HELP, "h": HELP}
_INTENTS = {"yes": NEXT, "no": SKIP, "stop": STOP, "quit": STOP, "repeat": REPEAT,
            "help": HELP}


# --------------------------------------------------------------------------- keyboard


def keyboard_command(line: str, understand: Callable[[str], str | None] | None = None) -> str:
    """What a typed line asks: one of NEXT, SKIP, STOP, REPEAT, HELP (HELP when unknown)."""
    word = line.strip().lower()
    if word in _KEYS:
        return _KEYS[word]
    intent = understand(word) if understand is not None else None
    return _INTENTS.get(intent or "", HELP)


def _read_keys(stream: TextIO, events: queue.Queue[object],
               understand: Callable[[str], str | None]) -> None:
    """Feed typed lines to the session until the end of input."""
    while True:
        try:
            line = stream.readline()
        except (OSError, ValueError):
            line = ""
        if not line:
            events.put(KeyPressed(EOF))
            return
        events.put(KeyPressed(keyboard_command(line, understand)))


# --------------------------------------------------------------------------- the session


class Voice(Protocol):
    """How the session talks: a sentence from the grammar, a tone, a written-only line."""

    def say(self, key: str, **params: object) -> None: ...
    def earcon(self, name: str) -> None: ...
    def write(self, text: str) -> None: ...
    def render(self, key: str, **params: object) -> str: ...


@dataclass
class Report:
    """What a session did (for the caller and tests)."""

    done: list[DeckCard] = field(default_factory=list)
    failed: list[tuple[DeckCard, str]] = field(default_factory=list)
    refused: int = 0
    stopped: bool = False
    reader_failed: bool = False
    save_failed: bool = False
    seconds: list[float] = field(default_factory=list)
    """Seconds from naming a card to its "C'est fait", for each card done."""


class TaggingSession:
    """Guides one person through tagging ``selection`` of ``progress.deck``.

    ``writer`` is a :class:`ludivox.nfc.writer.TagWriter` (or anything with its interface);
    ``keys`` is the keyboard (one command per line); ``voice`` says the sentences.
    """

    def __init__(self, progress: Progress, selection: Sequence[DeckCard], writer: Writer,
                 voice: Voice, keys: TextIO | None, *,
                 describe: Callable[[DeckCard, str], str],
                 text_record: Callable[[DeckCard], str],
                 understand: Callable[[str], str | None] = lambda _t: None,
                 registry: UidRegistry | None = None, overwrite: bool = False,
                 device: str = "") -> None:
        self.progress = progress
        self.selection = tuple(selection)
        self.voice = voice
        self.describe = describe
        self.text_record = text_record
        self.registry = registry
        self.overwrite = overwrite
        self.device = device
        self.report = Report()
        self.events: queue.Queue[object] = queue.Queue()
        self._interrupted = False  # Ctrl-C, turned into a "stop" key (see run)
        self.keyboard_open = keys is not None
        self._reader_seen = False
        self._left_on_reader: str | None = None  # the chip of a card given up on
        self.writer = writer
        self.worker = WriteWorker(writer, self.events)
        if keys is not None:
            threading.Thread(target=_read_keys, args=(keys, self.events, understand),
                             name="nfc-tagging-keys", daemon=True).start()

    # -- the loop ---------------------------------------------------------------------------

    def run(self) -> Report:
        """Tag every planned card, or until stopped; say the report. Never raises for a tag.

        Ctrl-C is read as the "q" key: an exception thrown into the loop at any moment could
        leave the event queue's lock taken and the writer thread waiting on it forever."""
        caught, previous = self._catch_interrupt()
        try:
            self._run()
        except KeyboardInterrupt:
            self.report.stopped = True
        except OSError:  # the progress file cannot be written: stop, say where
            log.exception("tagging progress not saved to %s", self.progress.path)
            self.voice.say("tagging.save_failed", path=str(self.progress.path))
            self.report.stopped = self.report.save_failed = True
        finally:
            if caught:
                signal.signal(signal.SIGINT, previous or signal.SIG_DFL)
            self.worker.close()
        if self.report.stopped and not (self.report.reader_failed or self.report.save_failed):
            self.voice.say("tagging.stopped")
        self._say_report()
        return self.report

    def _run(self) -> None:
        cards, fresh = plan(self.progress, self.selection)
        deck_name = self.voice.render("tagging.deck", deck=self.progress.deck.name)
        done_before = sum(1 for c in self.selection if self.progress.status(c) == DONE)
        if not cards:
            self.voice.say("tagging.nothing_left", deck=deck_name, done=done_before)
            return
        tried = any(self.progress.status(c) is not None for c in self.selection)
        if not tried:
            self.voice.say("tagging.start", deck=deck_name, count=len(cards))
            self.voice.say("tagging.keys")
        elif fresh:
            first = cards[0]
            self.voice.say("tagging.resume", card=self.describe(first, "to"), copy=first.copy,
                           copies=first.copies, done=done_before)
        for i, card in enumerate(cards):
            if i == fresh:
                self.voice.say("tagging.again", count=len(cards) - fresh)
            if not self._tag(card):
                return

    def _catch_interrupt(self) -> tuple[bool, Any]:
        """Ctrl-C sets a flag the loop reads (main thread only): (done, the handler it
        replaces)."""
        if threading.current_thread() is not threading.main_thread():
            return False, None

        def interrupted(_signum: int, _frame: object) -> None:
            self._interrupted = True

        return True, signal.signal(signal.SIGINT, interrupted)

    def _next_event(self) -> object:
        while True:
            if self._interrupted:
                return KeyPressed(STOP)
            try:
                return self.events.get(timeout=0.2)
            except queue.Empty:
                continue

    def _key(self, command: str) -> str:
        if command == EOF:
            self.keyboard_open = False
        return command

    def _put(self, card: DeckCard, retry: bool = False) -> None:
        key = "tagging.retry" if retry else "tagging.put"
        self.voice.say(key, card=self.describe(card, "a"), copy=card.copy, copies=card.copies)

    def _tag(self, card: DeckCard) -> bool:
        """Tag one card; False when the session must stop."""
        attempt = 1
        overwrite = self.overwrite
        # a chip given up on may still lie on the reader: never write the next card on it
        ignore, self._left_on_reader = self._left_on_reader, None
        self._put(card)
        started = time.monotonic()
        while True:
            job = self.worker.arm(card.uri, self.text_record(card), overwrite=overwrite,
                                  ignore_uid=ignore)
            ignore = None
            event = self._wait(job)
            if isinstance(event, KeyPressed):
                command = event.command
                if command == STOP:
                    self.report.stopped = True
                    return False
                if command == SKIP:
                    self._give_up(card, SKIPPED, None, "tagging.skipped")
                    return True
                if command == HELP:
                    self.voice.say("tagging.keys")
                self._put(card)  # Entrée, "r", or help: the card again
                continue
            outcome = event.outcome
            self._reader_seen = self._reader_seen or outcome.problem != "no_reader"
            uid = outcome.uid or ""
            owner = self.progress.owner(uid) if uid else None
            if outcome.problem == "no_reader":
                key = "tagging.reader_failed" if self._reader_seen else "tagging.no_reader"
                self.voice.say(key, device=self.device or "auto")
                self.report.stopped = self.report.reader_failed = True
                return False
            if owner is not None and owner.key != card.key and (
                outcome.problem == "already_tagged" or owner.uri == card.uri
            ):
                # the chip of a card done before: left unchanged (same content, or refused)
                self.report.refused += 1
                self.voice.earcon(FAILED_EARCON)
                self.voice.say("tagging.duplicate", card=self.describe(owner, "the"),
                               copy=owner.copy, copies=owner.copies)
                ignore = uid
                continue
            if outcome.problem == "already_tagged":
                decision = self._confirm_overwrite(outcome.previous or "")
                if decision == STOP:
                    self.report.stopped = True
                    return False
                if decision == SKIP:
                    self._give_up(card, SKIPPED, uid, "tagging.skipped")
                    return True
                overwrite = True
                continue
            if outcome.ok:
                self._done(card, outcome, owner, started)
                return True
            problem = outcome.problem or "write_failed"
            self.voice.earcon(FAILED_EARCON)
            self.voice.say("tagging.failed", problem=problem)
            if attempt >= 2:
                self._give_up(card, problem, uid, "tagging.given_up")
                return True
            if not self.keyboard_open:
                self._give_up(card, problem, uid, "tagging.skipped")
                return True
            self.voice.say("tagging.ask_retry")
            decision = self._decide("tagging.ask_retry")
            if decision == STOP:
                self.progress.failed(card, problem, uid or None)
                self.report.failed.append((card, problem))
                self.report.stopped = True
                return False
            if decision == SKIP:
                self._give_up(card, problem, uid, "tagging.skipped")
                return True
            attempt = 2
            self._put(card, retry=True)

    def _wait(self, job: int) -> Written | KeyPressed:
        """The next keyboard command or the outcome of ``job`` (older outcomes are dropped)."""
        while True:
            event = self._next_event()
            if isinstance(event, KeyPressed):
                command = self._key(event.command)
                if command == EOF:
                    continue
                finished = self.worker.disarm()
                written = Written(job, finished) if finished is not None else \
                    self._written_meanwhile(job)
                if written is not None:  # the chip was written as the key came: keep it
                    return written
                return KeyPressed(command)
            if isinstance(event, Written) and event.job == job:
                return event

    def _written_meanwhile(self, job: int) -> Written | None:
        """A successful outcome of ``job`` already queued behind the key (taken out)."""
        with self.events.mutex:
            for event in self.events.queue:
                if isinstance(event, Written) and event.job == job and event.outcome.ok:
                    self.events.queue.remove(event)
                    return event
        return None

    def _decide(self, ask_again: str) -> str:
        """NEXT (go ahead), SKIP or STOP, from the keyboard; anything else says ``ask_again``
        (after a failure: retry; before overwriting another card's chip: overwrite)."""
        while True:
            event = self._next_event()
            if not isinstance(event, KeyPressed):
                continue
            command = self._key(event.command)
            if command == EOF:
                return SKIP
            if command in (NEXT, SKIP, STOP):
                return command
            self.voice.say(ask_again)

    def _confirm_overwrite(self, previous: str) -> str:
        """The chip holds another Ludivox card: NEXT (overwrite it), SKIP or STOP."""
        self.voice.earcon(FAILED_EARCON)
        self.voice.say("tagging.overwrite", uri=previous)
        if not self.keyboard_open:
            return SKIP
        return self._decide("tagging.ask_overwrite")

    def _done(self, card: DeckCard, outcome: Outcome, owner: DeckCard | None,
              started: float) -> None:
        uid = outcome.uid or ""
        if owner is not None and owner.key != card.key:
            # its earlier card had lost its data: that one is to be done again
            self.progress.records.pop(owner.key, None)
            self.progress.failed(owner, REWRITTEN, uid)
        self.progress.done(card, uid, outcome.product)
        if self.registry is not None and uid:
            try:
                self.registry.register(uid, card.uri)
            except (OSError, ValueError):
                log.warning("UID %s not registered", uid, exc_info=True)
        self.report.done.append(card)
        self.report.seconds.append(time.monotonic() - started)
        self.voice.earcon(DONE_EARCON)
        self.voice.say("tagging.done")

    def _give_up(self, card: DeckCard, problem: str, uid: str | None, key: str) -> None:
        self._left_on_reader = uid or None
        self.progress.failed(card, problem, uid or None)
        self.report.failed.append((card, problem))
        self.voice.say(key, card=self.describe(card, "the"), copy=card.copy, copies=card.copies)

    # -- the report -------------------------------------------------------------------------

    def _say_report(self) -> None:
        selection = self.selection
        progress = self.progress
        done = [c for c in selection if progress.status(c) == DONE]
        failed = [c for c in selection if progress.status(c) == FAILED]
        left = [c for c in selection if progress.status(c) is None]
        if not done and not failed and not self.report.done:
            return
        self.voice.earcon(END_EARCON)
        self.voice.say("tagging.report", done=len(done), count=len(selection))
        if failed:
            items = [
                self.voice.render(
                    "tagging.report_item",
                    card=self.voice.render("tagging.card_copy", card=self.describe(c, "the"),
                                           copy=c.copy, copies=c.copies, capitalize=False),
                    problem=self.voice.render("tagging.reason",
                                              problem=progress.records[c.key].problem or "",
                                              capitalize=False),
                    capitalize=False,
                )
                for c in failed
            ]
            self.voice.say("tagging.report_failed", items=items)
        if left:
            self.voice.say("tagging.report_left", count=len(left))
        for card in self.report.done:  # this session's chips (all of them: the file)
            record = progress.records[card.key]
            self.voice.write(self.voice.render(
                "tagging.mapping", uid=record.uid or "?",
                card=self.voice.render("tagging.card_copy", card=self.describe(card, "the"),
                                       copy=card.copy, copies=card.copies, capitalize=False),
            ))
        self.voice.say("tagging.report_file", path=str(progress.path))


def select_cards(deck: Deck, only: Iterable[str]) -> tuple[DeckCard, ...]:
    """The cards named by ``--only`` words (comma-separated too); all without words."""
    words = [w for item in only for w in item.split(",")]
    return deck.select(words)


__all__ = [
    "DONE", "FAILED", "CardRecord", "Progress", "ProgressError", "Report", "TaggingSession",
    "Voice", "keyboard_command", "plan", "progress_path", "restart", "select_cards",
    "tagging_dir",
]

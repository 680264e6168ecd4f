"""The progress of tagging a deck, kept in ``<data folder>/tagging/<deck>.json``.

The file is saved atomically after every card (:func:`ludivox.jsonfile.write_json_atomic`)::

    {"format": 1, "deck": "kingsbridge",
     "cards": {"event/7#1": {"payload": "ludivox:kingsbridge/event/7", "status": "done",
                             "uid": "04A1B2C3D4E5F6", "product": "NTAG213"},
               "event/7#2": {"payload": "...", "status": "failed", "problem": "locked"}}}

A file that cannot be read or belongs to another deck raises :class:`ProgressError` (it is
left alone); ``--restart`` keeps the old file as ``<deck>.json.old``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludivox.bindings.decks import Deck, DeckCard
from ludivox.jsonfile import write_json_atomic
from ludivox.paths import data_dir

PROGRESS_FORMAT = 1
DONE = "done"
FAILED = "failed"


def tagging_dir() -> Path:
    """``<data folder>/tagging`` (:func:`ludivox.paths.data_dir`)."""
    return data_dir() / "tagging"


def progress_path(deck: Deck) -> Path:
    """Where the progress of tagging ``deck`` is kept."""
    return tagging_dir() / f"{deck.name}.json"


class ProgressError(Exception):
    """The progress file cannot be used: ``problem`` is ``"broken"`` or ``"other_deck"``."""

    def __init__(self, path: Path, problem: str, detail: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"tagging progress {path}: {detail}")


@dataclass
class CardRecord:
    """What happened to one card: ``done`` (with its chip's UID) or ``failed`` (and why)."""

    status: str
    uid: str | None = None
    problem: str | None = None
    product: str = ""

    def to_json(self) -> dict[str, Any]:
        """The record as stored."""
        out: dict[str, Any] = {"status": self.status}
        if self.uid:
            out["uid"] = self.uid
        if self.problem:
            out["problem"] = self.problem
        if self.product:
            out["product"] = self.product
        return out


@dataclass
class Progress:
    """The cards of one deck already tagged or failed, saved after every change."""

    deck: Deck
    path: Path
    records: dict[str, CardRecord] = field(default_factory=dict)

    @classmethod
    def load(cls, deck: Deck, path: Path) -> Progress:
        """Read the file (missing: nothing done yet). Raises :class:`ProgressError`."""
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls(deck, path)
        except OSError as exc:
            raise ProgressError(path, "broken", str(exc)) from exc
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
                raise ValueError("not a tagging progress file (format 1)")
            cards = data.get("cards")
            if not isinstance(cards, dict):
                raise ValueError("'cards' must be an object")
            records: dict[str, CardRecord] = {}
            for key, entry in cards.items():
                if not isinstance(entry, dict) or entry.get("status") not in (DONE, FAILED):
                    raise ValueError(f"bad entry for {key!r}")
                records[str(key)] = CardRecord(
                    str(entry["status"]), _opt_str(entry.get("uid")),
                    _opt_str(entry.get("problem")), str(entry.get("product") or ""),
                )
        except ValueError as exc:
            raise ProgressError(path, "broken", str(exc)) from exc
        if data.get("deck") != deck.name:
            raise ProgressError(path, "other_deck", f"deck {data.get('deck')!r}")
        return cls(deck, path, records)

    def save(self) -> None:
        """Write the file atomically (a crash never leaves half a file)."""
        body = {
            "format": PROGRESS_FORMAT,
            "deck": self.deck.name,
            "cards": {
                c.key: {"payload": c.uri, **self.records[c.key].to_json()}
                for c in self.deck.cards if c.key in self.records
            },
        }
        write_json_atomic(self.path, body)

    def status(self, card: DeckCard) -> str | None:
        """``done``, ``failed`` or None (never tried)."""
        record = self.records.get(card.key)
        return None if record is None else record.status

    def owner(self, uid: str) -> DeckCard | None:
        """The card of this deck already written on the chip ``uid``, if any."""
        for card in self.deck.cards:
            record = self.records.get(card.key)
            if record is not None and record.status == DONE and record.uid == uid:
                return card
        return None

    def done(self, card: DeckCard, uid: str, product: str) -> None:
        """Record ``card`` written on chip ``uid`` and save."""
        self.records[card.key] = CardRecord(DONE, uid, None, product)
        self.save()

    def failed(self, card: DeckCard, problem: str, uid: str | None = None) -> None:
        """Record ``card`` as failed (to do again) and save."""
        self.records[card.key] = CardRecord(FAILED, uid, problem)
        self.save()


def _opt_str(value: object) -> str | None:
    return None if value is None else str(value)


def restart(path: Path) -> None:
    """Forget the progress: the old file is kept as ``<name>.old``."""
    if path.exists():
        os.replace(path, path.with_name(path.name + ".old"))


def plan(progress: Progress, selection: Sequence[DeckCard]) -> tuple[list[DeckCard], int]:
    """The cards to tag now, and how many of them come first as never tried.

    Never tried cards first, in deck order (so a stopped session resumes where it stopped),
    then the cards that failed before."""
    fresh = [c for c in selection if progress.status(c) is None]
    failed = [c for c in selection if progress.status(c) == FAILED]
    return fresh + failed, len(fresh)


__all__ = [
    "DONE", "FAILED", "PROGRESS_FORMAT", "CardRecord", "Progress", "ProgressError", "plan",
    "progress_path", "restart", "tagging_dir",
]

"""Each player's preferences, kept between games: voice, verbosity, confirmations, listening.

Settings are stored per player name in ``<data folder>/settings.json`` (one JSON object per
name, written atomically: a crash never leaves half a file). A missing file means defaults; a
damaged one is set aside as ``settings.json.damaged`` (never deleted) and defaults are used,
and :attr:`SettingsStore.problem` says so, so the table can tell the players once.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any, Literal

from ludivox.jsonfile import read_json_or_set_aside, write_json_atomic
from ludivox.paths import data_dir
from ludivox.voice.tts import DEFAULT_RATE_WPM, MAX_RATE_WPM, MIN_RATE_WPM

log = logging.getLogger(__name__)

FILE_NAME = "settings.json"

Verbosity = Literal["full", "short"]
ConfirmPolicy = Literal["always", "irreversible", "never"]
ScanCheck = Literal["always", "table", "never"]
ListenMode = Literal["push_to_talk", "hands_free", "off"]

VERBOSITIES: tuple[Verbosity, ...] = ("full", "short")
CONFIRM_POLICIES: tuple[ConfirmPolicy, ...] = ("always", "irreversible", "never")
SCAN_CHECKS: tuple[ScanCheck, ...] = ("always", "table", "never")
LISTEN_MODES: tuple[ListenMode, ...] = ("push_to_talk", "hands_free", "off")

MIN_VOLUME = 0.2
RATE_STEP = 50
"""Words per minute added or taken by "plus vite" / "moins vite"."""
VOLUME_STEP = 0.2
"""Volume added or taken by "plus fort" / "moins fort" (volume from MIN_VOLUME to 1.0)."""


def stepped_rate(rate_wpm: int, faster: bool) -> int:
    """The speech rate one step faster or slower, kept within the rates the voice takes."""
    step = RATE_STEP if faster else -RATE_STEP
    return min(MAX_RATE_WPM, max(MIN_RATE_WPM, rate_wpm + step))


def stepped_volume(volume: float, louder: bool) -> float:
    """The volume one step louder or quieter, kept within MIN_VOLUME..1.0."""
    step = VOLUME_STEP if louder else -VOLUME_STEP
    return min(1.0, max(MIN_VOLUME, round(volume + step, 2)))


@dataclass(frozen=True)
class PlayerSettings:
    """One player's preferences.

    - ``rate_wpm``, ``volume``: the voice (80..500 words per minute; volume 0.2..1.0).
    - ``verbosity``: ``full`` sentences (beginners) or ``short`` confirmations (experts).
    - ``confirm``: which moves are confirmed before they are made: ``always``, only those that
      cannot be taken back at a real table (``irreversible``), or ``never`` (a fuzzy reading
      is still confirmed: that is about being sure of what was said, not about the move).
    - ``scan_check``: when a spoken move asks for the card to be scanned: ``always``, only
      with real cards (``table``), or ``never``.
    - ``listen``: ``push_to_talk``, ``hands_free`` or ``off`` (keyboard only).
    - ``headphones``: the microphone stays open while the assistant speaks (no echo to fear).
    """

    rate_wpm: int = DEFAULT_RATE_WPM
    volume: float = 1.0
    verbosity: Verbosity = "full"
    confirm: ConfirmPolicy = "irreversible"
    scan_check: ScanCheck = "table"
    listen: ListenMode = "push_to_talk"
    headphones: bool = False

    def __post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise ValueError("bad settings: " + "; ".join(problems))


def _problems(s: PlayerSettings) -> list[str]:
    out = []
    if not isinstance(s.rate_wpm, int) or not MIN_RATE_WPM <= s.rate_wpm <= MAX_RATE_WPM:
        out.append(f"rate_wpm {s.rate_wpm!r} not in {MIN_RATE_WPM}..{MAX_RATE_WPM}")
    if not isinstance(s.volume, (int, float)) or not MIN_VOLUME <= s.volume <= 1.0:
        out.append(f"volume {s.volume!r} not in {MIN_VOLUME}..1.0")
    for name, allowed in (("verbosity", VERBOSITIES), ("confirm", CONFIRM_POLICIES),
                          ("scan_check", SCAN_CHECKS), ("listen", LISTEN_MODES)):
        if getattr(s, name) not in allowed:
            out.append(f"{name} {getattr(s, name)!r} not one of {', '.join(allowed)}")
    if not isinstance(s.headphones, bool):
        out.append(f"headphones {s.headphones!r} is not true/false")
    return out


def from_json(data: Any) -> PlayerSettings:
    """Settings from their JSON object; unknown keys are ignored, bad values raise ValueError."""
    if not isinstance(data, dict):
        raise ValueError("settings must be a JSON object")
    known = {f.name for f in fields(PlayerSettings)}
    return PlayerSettings(**{k: v for k, v in data.items() if k in known})


class SettingsStore:
    """Every player's settings, by name; ``path=None`` keeps them in memory only (tests,
    script mode). Thread-safe: the console's threads may read while the loop writes.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.problem: str | None = None
        """``"damaged"`` when the file could not be read (set aside; defaults used)."""
        self._lock = threading.Lock()
        self._by_name: dict[str, PlayerSettings] = {}
        if path is not None:
            self._load(path)

    @classmethod
    def default(cls) -> SettingsStore:
        """The store in the data folder (``$LUDIVOX_DATA_DIR`` or the user data folder)."""
        return cls(data_dir() / FILE_NAME)

    def _load(self, path: Path) -> None:
        by_name, self.problem = read_json_or_set_aside(path, _parse_store, "settings")
        if by_name is not None:
            self._by_name = by_name

    def get(self, name: str) -> PlayerSettings:
        """``name``'s settings (the defaults for someone new)."""
        with self._lock:
            return self._by_name.get(_key(name), PlayerSettings())

    def put(self, name: str, settings: PlayerSettings) -> None:
        """Remember ``name``'s settings and write them to disk at once (atomically).

        A failed write is logged and the settings are still used for this game.
        """
        with self._lock:
            self._by_name[_key(name)] = settings
            if self.path is not None:
                self._write(self.path)

    def update(self, name: str, **changes: Any) -> PlayerSettings:
        """Change some of ``name``'s settings; the new settings (ValueError if out of range)."""
        new = replace(self.get(name), **changes)
        self.put(name, new)
        return new

    def _write(self, path: Path) -> None:
        data = {name: asdict(s) for name, s in sorted(self._by_name.items())}
        try:
            write_json_atomic(path, data)
        except OSError as exc:
            log.error("settings not saved to %s: %s", path, exc)


def _parse_store(data: Any) -> dict[str, PlayerSettings]:
    """Every player's settings from the file's JSON; ValueError when anything is wrong."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return {str(name): from_json(value) for name, value in data.items()}


def _key(name: str) -> str:
    """Names match whatever their case and surrounding blanks ("anne" is "Anne")."""
    return " ".join(name.split()).casefold()


__all__ = [
    "CONFIRM_POLICIES",
    "LISTEN_MODES",
    "MIN_VOLUME",
    "RATE_STEP",
    "SCAN_CHECKS",
    "VERBOSITIES",
    "VOLUME_STEP",
    "PlayerSettings",
    "SettingsStore",
    "from_json",
    "stepped_rate",
    "stepped_volume",
]

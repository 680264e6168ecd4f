"""The fixtures manifest (``manifest.json`` beside the WAVs): reading, checking, writing.

Schema (documented for people in ``audio_fixtures/README.md``)::

    {"schema": "ludivox-asr-fixtures/1", "language": "fr", "game": "kingsbridge",
     "sample_rate": 16000, "generator": {...},
     "positions": {"opening": "kb v ...", ...},
     "fixtures": [
       {"id": ..., "path": "clean/x.wav", "text": "words spoken", "category": "move",
        "source": {"kind": "espeak-ng", "voice": "roa/fr", "rate": 175, "pitch": 50}
                  | {"kind": "human", "speaker": "s01", "microphone": ..., "room": ...},
        "noise": {"kind": "none"} | {"kind": "chatter"|"room", "snr_db": 10, "clean": path},
        "speech": {"start": s, "end": s},            # optional: where the words are
        "words": [{"word": "je", "end": s}, ...],     # optional: when each word ends
        "setup": {"players": 2, "position": "opening" | "kb v ...", "seed": n,
                  "script": ["line of script mode", ...]},
        "expect": {"kind": "action", "action": "place 7 on 3"} | ...}]}
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = "ludivox-asr-fixtures/1"
MANIFEST_NAME = "manifest.json"
EXPECT_KINDS = ("action", "answer", "repeat", "undo", "control", "none")
SOURCE_KINDS = ("espeak-ng", "human")
NOISE_KINDS = ("none", "chatter", "room", "real")
CATEGORIES = ("move", "question", "dialogue", "chatter")


class ManifestError(ValueError):
    """The manifest is malformed (the message names the fixture and the field)."""


@dataclass(frozen=True)
class Setup:
    """The game a fixture is said in: a named or literal position, or a dealt seed."""

    game: str = "kingsbridge"
    players: int = 2
    position: str | None = None
    seed: int | None = None
    script: tuple[str, ...] = ()


@dataclass(frozen=True)
class Fixture:
    """One recording and what it must do."""

    id: str
    path: str
    text: str
    category: str
    source: Mapping[str, Any]
    noise: Mapping[str, Any]
    setup: Setup
    expect: Mapping[str, Any]
    speech: Mapping[str, float] | None = None
    words: tuple[tuple[str, float], ...] = ()
    """Each word (as the synthesizer grouped them) and the time its sound ends (s); empty
    when unknown (human recordings)."""

    @property
    def in_grammar(self) -> bool:
        """True unless it is out-of-grammar chatter (expect kind ``none``)."""
        return bool(self.expect["kind"] != "none")

    @property
    def voice(self) -> str:
        """A label of who speaks: the espeak-ng voice, or ``human:<speaker>``."""
        if self.source.get("kind") == "human":
            return f"human:{self.source.get('speaker', '?')}"
        return str(self.source.get("voice", "?"))

    @property
    def noise_label(self) -> str:
        """``clean``, or the kind and SNR (``chatter 10 dB``)."""
        kind = str(self.noise.get("kind", "none"))
        if kind == "none":
            return "clean"
        snr = self.noise.get("snr_db")
        return f"{kind} {snr:g} dB" if isinstance(snr, (int, float)) else kind


@dataclass
class Manifest:
    """All fixtures of one folder."""

    folder: Path
    language: str
    game: str
    positions: dict[str, str]
    fixtures: list[Fixture]
    sample_rate: int = 16000
    generator: dict[str, Any] = field(default_factory=dict)

    def wav(self, fixture: Fixture) -> Path:
        """The absolute path of a fixture's WAV."""
        return self.folder / fixture.path

    def notation(self, setup: Setup) -> str | None:
        """The position notation of a set-up (a name of :attr:`positions`, or literal)."""
        if setup.position is None:
            return None
        if setup.position.startswith("kb "):
            return setup.position
        try:
            return self.positions[setup.position]
        except KeyError:
            raise ManifestError(f"unknown position {setup.position!r}") from None

    def to_json(self) -> dict[str, Any]:
        """The manifest as JSON data."""
        return {
            "schema": SCHEMA,
            "language": self.language,
            "game": self.game,
            "sample_rate": self.sample_rate,
            "generator": self.generator,
            "positions": self.positions,
            "fixtures": [fixture_json(f) for f in self.fixtures],
        }

    def write(self) -> Path:
        """Write ``manifest.json`` in :attr:`folder` (stable, readable formatting)."""
        path = self.folder / MANIFEST_NAME
        text = json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n"
        path.write_text(text, encoding="utf-8")
        return path


def fixture_json(f: Fixture) -> dict[str, Any]:
    """One fixture's manifest entry."""
    setup: dict[str, Any] = {"game": f.setup.game, "players": f.setup.players}
    if f.setup.position is not None:
        setup["position"] = f.setup.position
    if f.setup.seed is not None:
        setup["seed"] = f.setup.seed
    setup["script"] = list(f.setup.script)
    data: dict[str, Any] = {
        "id": f.id, "path": f.path, "text": f.text, "category": f.category,
        "source": dict(f.source), "noise": dict(f.noise),
    }
    if f.speech is not None:
        data["speech"] = dict(f.speech)
    if f.words:
        data["words"] = [{"word": w, "end": end} for w, end in f.words]
    data["setup"] = setup
    data["expect"] = dict(f.expect)
    return data


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise ManifestError(f"{where}: missing {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ManifestError(f"{where}: {key!r} has the wrong type ({type(value).__name__})")
    return value


def _fixture(data: Any, index: int) -> Fixture:
    where = f"fixture #{index}"
    if not isinstance(data, dict):
        raise ManifestError(f"{where}: expected an object")
    fid = _need(data, "id", str, where)
    where = f"fixture {fid!r}"
    path = _need(data, "path", str, where)
    if Path(path).is_absolute() or ".." in Path(path).parts:
        raise ManifestError(f"{where}: path must be relative to the manifest's folder")
    text = _need(data, "text", str, where)
    category = _need(data, "category", str, where)
    if category not in CATEGORIES:
        raise ManifestError(f"{where}: category must be one of {', '.join(CATEGORIES)}")
    source = _need(data, "source", dict, where)
    if source.get("kind") not in SOURCE_KINDS:
        raise ManifestError(f"{where}: source.kind must be one of {', '.join(SOURCE_KINDS)}")
    if source["kind"] == "human" and not source.get("speaker"):
        raise ManifestError(f"{where}: a human recording needs source.speaker")
    noise = _need(data, "noise", dict, where)
    if noise.get("kind") not in NOISE_KINDS:
        raise ManifestError(f"{where}: noise.kind must be one of {', '.join(NOISE_KINDS)}")
    if noise["kind"] in ("chatter", "room") and not isinstance(noise.get("snr_db"),
                                                               (int, float)):
        raise ManifestError(f"{where}: mixed noise needs a numeric snr_db")
    raw_setup = _need(data, "setup", dict, where)
    script = raw_setup.get("script", [])
    if not isinstance(script, list) or not all(isinstance(s, str) for s in script):
        raise ManifestError(f"{where}: setup.script must be a list of lines")
    position = raw_setup.get("position")
    seed = raw_setup.get("seed")
    if (position is None) == (seed is None):
        raise ManifestError(f"{where}: setup needs exactly one of position or seed")
    setup = Setup(
        game=str(raw_setup.get("game", "kingsbridge")),
        players=int(raw_setup.get("players", 2)),
        position=None if position is None else str(position),
        seed=None if seed is None else int(seed),
        script=tuple(script),
    )
    expect = _need(data, "expect", dict, where)
    kind = expect.get("kind")
    if kind not in EXPECT_KINDS:
        raise ManifestError(f"{where}: expect.kind must be one of {', '.join(EXPECT_KINDS)}")
    if kind == "action" and not isinstance(expect.get("action"), str):
        raise ManifestError(f"{where}: expect.action (the action's text form) is missing")
    if kind == "answer" and not expect.get("keys"):
        raise ManifestError(f"{where}: expect.keys (response keys) is missing")
    if kind == "control" and not isinstance(expect.get("command"), str):
        raise ManifestError(f"{where}: expect.command is missing")
    if (kind == "none") != (category == "chatter"):
        raise ManifestError(f"{where}: chatter, and only chatter, expects 'none'")
    speech = data.get("speech")
    raw_words = data.get("words", [])
    if not isinstance(raw_words, list) or not all(
            isinstance(w, dict) and isinstance(w.get("word"), str)
            and isinstance(w.get("end"), (int, float)) for w in raw_words):
        raise ManifestError(f"{where}: words must be a list of {{'word', 'end'}} objects")
    words = tuple((str(w["word"]), float(w["end"])) for w in raw_words)
    return Fixture(fid, path, text, category, source, noise, setup, expect,
                   dict(speech) if isinstance(speech, dict) else None, words)


def load(folder: str | Path) -> Manifest:
    """Read and check ``<folder>/manifest.json`` (raises FileNotFoundError, ManifestError)."""
    base = Path(folder)
    path = base / MANIFEST_NAME if base.is_dir() or not base.suffix else base
    if not path.is_file():
        raise FileNotFoundError(f"no fixtures manifest at {path}")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise ManifestError(f"{path}: not valid JSON ({exc})") from exc
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise ManifestError(f"{path}: expected a manifest with schema {SCHEMA!r}")
    raw = data.get("fixtures")
    if not isinstance(raw, list):
        raise ManifestError(f"{path}: 'fixtures' must be a list")
    fixtures = [_fixture(item, i) for i, item in enumerate(raw)]
    ids = [f.id for f in fixtures]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ManifestError(f"{path}: duplicate fixture ids: {', '.join(dupes)}")
    positions = data.get("positions") or {}
    if not isinstance(positions, dict):
        raise ManifestError(f"{path}: 'positions' must be an object")
    return Manifest(
        folder=path.parent,
        language=str(data.get("language", "fr")),
        game=str(data.get("game", "kingsbridge")),
        positions={str(k): str(v) for k, v in positions.items()},
        fixtures=fixtures,
        sample_rate=int(data.get("sample_rate", 16000)),
        generator=dict(data.get("generator") or {}),
    )


def select(fixtures: Sequence[Fixture], limit: int | None) -> list[Fixture]:
    """``limit`` fixtures spread evenly over the list (all when None), in order.

    Spread rather than the first ones, so a short run still mixes sentences, voices and
    noise levels.
    """
    items = list(fixtures)
    if limit is None or limit >= len(items):
        return items
    count = max(0, limit)
    return [items[i * len(items) // count] for i in range(count)]


__all__ = [
    "MANIFEST_NAME",
    "SCHEMA",
    "Fixture",
    "Manifest",
    "ManifestError",
    "Setup",
    "fixture_json",
    "load",
    "select",
]

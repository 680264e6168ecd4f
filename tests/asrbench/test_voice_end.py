"""When the voice of a fixture really stops: the end the latency figures are timed from."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ludivox.asrbench.manifest import Fixture, Manifest, load
from ludivox.asrbench.voice_end import FRAME_S, voice_end_s

FIXTURES = Path(__file__).resolve().parents[2] / "audio_fixtures" / "fr" / "kingsbridge"


@pytest.fixture(scope="module")
def manifest() -> Manifest:
    return load(FIXTURES)


def _clean(manifest: Manifest) -> list[Fixture]:
    return [f for f in manifest.fixtures if f.noise.get("kind") == "none" and f.speech]


def test_a_clean_recording_stops_inside_its_speech(manifest: Manifest) -> None:
    """The voice's end lies in the span the synthesizer said it spoke: never after its last
    word's end, never before its start."""
    clean = _clean(manifest)
    assert clean
    for fixture in clean:
        assert fixture.speech is not None
        end = voice_end_s(manifest, fixture)
        assert end is not None, fixture.id
        assert fixture.speech["start"] < end <= fixture.speech["end"] + FRAME_S, fixture.id


def test_a_noisy_recording_stops_when_its_clean_voice_does(manifest: Manifest) -> None:
    """Noise added after the voice (a room's echo, chatter) does not move its end: the noisy
    file's voice stops when its clean source's does, shifted by where the speech starts."""
    by_path = {f.path: f for f in manifest.fixtures}
    noisy = [f for f in manifest.fixtures if f.noise.get("clean") in by_path and f.speech]
    assert noisy
    for fixture in noisy:
        clean = by_path[str(fixture.noise["clean"])]
        assert fixture.speech is not None and clean.speech is not None
        clean_end = voice_end_s(manifest, clean)
        assert clean_end is not None
        shift = fixture.speech["start"] - clean.speech["start"]
        assert voice_end_s(manifest, fixture) == pytest.approx(clean_end + shift), fixture.id


def test_a_human_recording_has_no_known_end(manifest: Manifest) -> None:
    """Without a clean source the end is not known: the figures keep the detector's."""
    fixture = replace(_clean(manifest)[0], source={"kind": "human", "speaker": "anne"})
    assert voice_end_s(manifest, fixture) is None

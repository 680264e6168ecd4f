"""The live listening pipeline is built with the neural detector and the early end."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludivox.asrbench.game import prepare
from ludivox.asrbench.manifest import load
from ludivox.shell.microphone import open_live
from ludivox.voice.early import GrammarReader
from ludivox.voice.vad import SileroDetector

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_open_live_listens_with_silero_and_reads_partials_against_the_game(
        ko_model_path: Path) -> None:
    manifest = load(ROOT / "audio_fixtures" / "fr" / "kingsbridge")
    session = prepare(manifest, manifest.fixtures[0]).session
    live, notice = open_live(session, ko_model_path, speaker=None)
    assert notice is None and live is not None
    listener = live.listener
    assert isinstance(listener.endpointer.detector, SileroDetector)
    reader = listener.reader
    assert isinstance(reader, GrammarReader)
    assert reader.read("je pose le sept sur la colonne trois").final
    session.close()

"""The live listening pipeline is built with the neural detector and the early end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludivox.asrbench.game import prepare
from ludivox.asrbench.manifest import load
from ludivox.shell.live_model import open_live
from ludivox.shell.wav_replay import open_listener
from ludivox.voice.early import GrammarReader
from ludivox.voice.listener import StreamListener
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


def _pipeline(listener: StreamListener) -> dict[str, Any]:
    """Everything that decides what a listener hears: the endpointer's settings (its
    detector by kind), how partials are read, and which words the phrase lists keep."""
    endpointer = {k: v for k, v in vars(listener.endpointer).items() if k != "detector"}
    reader = listener.reader
    return {
        "endpointer": endpointer,
        "detector": type(listener.endpointer.detector),
        "reader": type(reader),
        "grammar": getattr(reader, "grammar", None),
        "intents": getattr(reader, "intents", None),
        "confirm_at_pause": listener.confirm_at_pause,
        "known": [listener.known is not None and listener.known(w)
                  for w in ("pose", "sept", "안녕하세요", "xqzw")],
    }


@pytest.mark.slow
def test_wav_replay_hears_through_the_same_pipeline_as_the_live_microphone(
        ko_model_path: Path) -> None:
    manifest = load(ROOT / "audio_fixtures" / "fr" / "kingsbridge")
    session = prepare(manifest, manifest.fixtures[0]).session
    live, _ = open_live(session, ko_model_path, speaker=None)
    assert live is not None
    replay, _ = open_listener(ko_model_path, session.grammar)
    assert _pipeline(replay.stream) == _pipeline(live.listener)
    # and it is the hands-free pipeline, not a plain energy detector without early end
    assert isinstance(replay.stream.endpointer.detector, SileroDetector)
    assert isinstance(replay.stream.reader, GrammarReader)
    session.close()

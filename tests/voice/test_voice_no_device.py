"""No audio output: the sink says so at construction and the speaker falls back to text.

The missing device is real: a fresh interpreter is pointed at a PulseAudio socket that
does not exist, so PortAudio finds no output device (on this machine, without a sound
card, PulseAudio is the only way out).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

SCRIPT = textwrap.dedent(
    """
    import io, json
    from ludivox.voice.playback import NoAudioDevice, SoundDeviceSink
    from ludivox.voice.speaker import AUDIO_UNAVAILABLE, TextSpeaker, open_speaker

    report = {}
    try:
        SoundDeviceSink()
        report["sink"] = "opened"
    except NoAudioDevice as exc:
        report["sink"] = "NoAudioDevice"
        report["sink_message"] = str(exc)

    out = io.StringIO()
    opened = open_speaker(text_stream=out)
    opened.speaker.say("Tu joues le sept. À toi !")
    report["speaker"] = type(opened.speaker).__name__
    report["key"] = opened.fallback_key
    report["expected_key"] = AUDIO_UNAVAILABLE
    report["detail"] = opened.detail
    report["written"] = out.getvalue()
    print(json.dumps(report))
    """
)


def test_without_audio_output_the_answers_are_written(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PULSE_")}
    env["PULSE_SERVER"] = f"unix:{tmp_path / 'no-such-socket'}"
    env["XDG_RUNTIME_DIR"] = str(tmp_path)
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120,
        check=True,
    )
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["sink"] == "NoAudioDevice", report
    assert "output" in report["sink_message"]
    assert report["speaker"] == "TextSpeaker"
    assert report["key"] == report["expected_key"]
    assert report["detail"]  # the developer reason is kept for the log
    assert report["written"] == "Tu joues le sept.\nÀ toi !\n"

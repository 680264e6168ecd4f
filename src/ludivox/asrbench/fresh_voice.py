"""The assistant's voice for simulations: espeak-ng, the same audio for a text every time.

In one process espeak-ng's synthesis carries state from one text to the next (its
waveform generator goes on where the last text left it): the same sentence comes back a
few samples longer or shorter, its pitch periods shifted, depending on everything said
before in that process. Measured here: « C'est à toi de jouer, Paul. » four times in a
row gave 39,771, 39,766, 39,781 and 39,773 samples, differing from the 1,931st sample on.

The live assistant does not care, but a simulation does: the barge-in tests and
benchmarks play the assistant's voice through a simulated room, and what they found
depended on which tests had spoken before them and on what the synthesis-ahead threads
had said meanwhile (a self-trigger found by CI and not on a run of the module alone).

:class:`FreshEspeak` gives each text the audio a fresh espeak-ng gives it (the
``espeak-ng`` command, one process per text): the same as the first synthesis of
:class:`~ludivox.voice.tts.EspeakSynthesizer` in a new process, and independent of order.
"""

from __future__ import annotations

import io
import subprocess
import wave

import numpy as np

from ludivox.voice.audio import Pcm
from ludivox.voice.tts import DEFAULT_RATE_WPM, SynthesisError, check_rate, check_volume

VOICE = "roa/fr"
"""espeak-ng's French voice, the one :func:`~ludivox.voice.tts.pick_voice` takes for fr."""


class FreshEspeak:
    """A :class:`~ludivox.voice.tts.Synthesizer` whose audio for a text never depends on
    what was synthesized before (each text in its own espeak-ng process, kept in memory)."""

    def __init__(self, voice: str = VOICE, rate_wpm: int = DEFAULT_RATE_WPM) -> None:
        self._voice = voice
        self._rate = check_rate(rate_wpm)
        self._volume = 1.0
        self._made: dict[tuple[str, int, float], Pcm] = {}

    @property
    def rate_wpm(self) -> int:
        """Current speech rate in words per minute."""
        return self._rate

    def set_rate(self, wpm: int) -> None:
        """Set the speech rate (80..500 words per minute)."""
        self._rate = check_rate(wpm)

    @property
    def volume(self) -> float:
        """Current volume, 0.0..1.0."""
        return self._volume

    def set_volume(self, volume: float) -> None:
        """Set the volume (0.0..1.0); ValueError outside."""
        self._volume = check_volume(volume)

    def synthesize(self, text: str) -> Pcm:
        """The audio of ``text`` as a fresh espeak-ng says it (22,050 Hz)."""
        clean = " ".join(text.split())
        key = (clean, self._rate, self._volume)
        if key not in self._made:
            self._made[key] = self._run(clean) if clean else Pcm(np.zeros(0, np.int16), 22050)
        return self._made[key]

    def _run(self, text: str) -> Pcm:
        command = ["espeak-ng", "-v", self._voice, "-s", str(self._rate),
                   "-a", str(round(self._volume * 100)), "--stdout", text]
        try:
            done = subprocess.run(command, capture_output=True, check=True, timeout=60)
            with wave.open(io.BytesIO(done.stdout)) as wav:
                rate = wav.getframerate()
                samples = np.frombuffer(wav.readframes(wav.getnframes()), "<i2")
        except (OSError, subprocess.SubprocessError, wave.Error, EOFError) as exc:
            raise SynthesisError(f"espeak-ng failed on {text!r}: {exc}") from exc
        return Pcm(samples.astype(np.int16), rate)


__all__ = ["VOICE", "FreshEspeak"]

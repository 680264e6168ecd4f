"""Interruptible playback: the :class:`AudioSink` protocol and its sounddevice adapter.

:class:`SoundDeviceSink` keeps one PortAudio output stream open and feeds it from a queue
of clips in a callback, writing silence when idle. So ``play`` never blocks, ``stop``
silences the output within one callback block, and no clip loses its first samples to a
freshly started stream (through PulseAudio a new stream stalls for up to ~1.7 s).

Block size: 512 frames (23 ms at 22 050 Hz) with PortAudio's "low" latency (it keeps two
blocks through PulseAudio, 46 ms). Smaller blocks were measured (``benchmarks/speech.py``):
256 frames and a 10 ms buffer put the first sample at the device about 40 ms after
``play`` instead of 60-80 ms, but on the loaded test machine the output then ran dry
often: audible gaps (the playback fidelity tests failed) and written samples the sound
server dropped, which the echo canceller cannot follow (its reference ran 250-400 ms
ahead of what was heard). They stay available as arguments. 256 frames with a 35 ms
buffer (first sample p50/p95 44/57 ms instead of 78/91) was tried again with the echo
canceller's trace (``LUDIVOX_ECHO_TRACE``): under load (5-8 on two cores) its callback was
late often enough for underflow storms (hundreds in 5 s) that kept the canceller from
learning, and at one place of a long sentence, the same in every run, 0.3 s of echo got
through a canceller that removed 60-100 dB before and after; the live barge-in test then
passed 2 runs in 5. A sink given smaller blocks falls back to 512 frames when it runs dry
(:data:`DRY_LIMIT`).

Every block handed to the device, silence included, is kept in a
:class:`~ludivox.voice.echo.ReferenceBuffer` with its DAC time: the echo canceller's
reference is what was actually played.

A second output stream of silence, :class:`SinkKeeper`, stays open beside the speech stream.
When the speech stream's callback is late, PortAudio recovers from the underflow by preparing
the ALSA device again, and PulseAudio's ALSA plugin then connects a new stream: the sink, left
for a moment with none, takes its idle latency (2 s on the null sink) and sleeps through it
before it plays the new stream. Every underflow stopped the speech about 1.9 s
(``benchmarks/speech.py``, ``underflow_*``). The keeper's latency request bounds the sink's.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from ludivox.voice.audio import Samples, as_samples, resample, silence
from ludivox.voice.echotrace import echo_trace
from ludivox.voice.portaudio import load_sounddevice
from ludivox.voice.reference import ReferenceBuffer

log = logging.getLogger(__name__)

DEFAULT_SINK_RATE = 22050
"""espeak-ng's rate: speech needs no resampling at this stream rate."""
OUTPUT_BLOCK = 512
"""Frames per callback (23 ms at 22 050 Hz): a clip waits at most this long to start."""
OUTPUT_LATENCY: str | float = "low"
"""Device buffer asked of PortAudio (it keeps two blocks through PulseAudio here: 46 ms)."""
SAFE_BLOCK = 512
SAFE_LATENCY: str | float = "low"
"""What a sink given smaller blocks falls back to when it runs dry (:data:`DRY_LIMIT`)."""
DRY_LIMIT = (3, 60.0)
"""Underflows within that many seconds after which the output falls back to the safe
settings, once, at the next clip played when idle. Each underflow also sends the echo
canceller back to half-duplex until it has learnt again: a loaded machine is better served
by 35 ms more latency than by a microphone closed half the time."""


def wait_until_flowing(frames: Callable[[], int], sample_rate: int, timeout: float) -> bool:
    """Wait until a stream moves audio at about real time; False if not within ``timeout``.

    ``frames()`` is how many frames the stream has moved so far. Through PulseAudio's ALSA
    plugin a new stream stalls for up to ~1.7 s after start (measured with the null sink), and
    whatever is played or captured meanwhile is lost or late.
    """
    deadline = time.monotonic() + timeout
    step = 0.1
    steady = 0
    last = frames()
    while time.monotonic() < deadline:
        time.sleep(step)
        now = frames()
        steady = steady + 1 if now - last >= 0.5 * step * sample_rate else 0
        last = now
        if steady >= 2:
            return True
    return False


KEEPER_LATENCY = 0.1
"""Device buffer of :class:`SinkKeeper`'s silent stream (bounds the sound server's sleep)."""
KEEPER_BLOCK = 2048
"""Frames per keeper callback; with 1024 a late speech callback set off underflow storms."""


class SinkKeeper:
    """A silent output stream kept open beside the speech stream, so that the sound server
    never idles while the speech stream is reconnected (see the module's docstring)."""

    def __init__(self, sd: Any, device: int | str | None, sample_rate: int) -> None:
        self._stream: Any = None
        try:
            stream = sd.OutputStream(samplerate=sample_rate, channels=1, dtype="int16",
                                     device=device, blocksize=KEEPER_BLOCK,
                                     latency=KEEPER_LATENCY, callback=self._silence)
            stream.start()
        except (sd.PortAudioError, ValueError) as exc:
            log.info("no silent keeper stream (%s): an underflow may stall the output", exc)
            return
        self._stream = stream

    @staticmethod
    def _silence(outdata: Any, frames: int, time_info: Any, status: Any) -> None:
        outdata.fill(0)

    def close(self) -> None:
        """Close the silent stream (errors are only logged)."""
        stream, self._stream = self._stream, None
        if stream is None:
            return
        try:
            stream.close()
        except Exception as exc:  # closing must not raise at shutdown
            log.warning("closing the keeper stream failed: %s", exc)


class AudioDeviceError(RuntimeError):
    """The audio output failed (device lost, stream error)."""


class NoAudioDevice(AudioDeviceError):
    """No audio output device is available (no PortAudio, no sound server, no card)."""


class Playback:
    """Handle of one clip given to a sink: when it started, whether it is done."""

    def __init__(self, frames: int, rate: int) -> None:
        self.frames = frames
        self.rate = rate
        self.started_at: float | None = None
        """``time.monotonic()`` estimate of when the first sample reached the device."""
        self.ends_at: float | None = None
        """``time.monotonic()`` estimate of when the last sample leaves the device."""
        self.cancelled = False
        self._fed = threading.Event()
        self._started = threading.Event()

    @property
    def duration(self) -> float:
        """Length of the clip in seconds."""
        return self.frames / self.rate

    def wait_started(self, timeout: float | None = None) -> bool:
        """Block until the first sample has been handed to the device (or cancelled)."""
        return self._started.wait(timeout)

    def wait_fed(self, timeout: float | None = None) -> bool:
        """Block until the clip's last sample has been handed to the device (it is still
        sounding for the device's buffer) or it was cancelled; False on timeout."""
        return self._fed.wait(timeout)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the clip has finished playing or was cancelled; False on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        if not self._fed.wait(timeout):
            return False
        if self.cancelled or self.ends_at is None:
            return True
        remaining = self.ends_at - time.monotonic()
        if deadline is not None:
            remaining = min(remaining, deadline - time.monotonic())
        if remaining > 0:
            time.sleep(remaining)
        return self.cancelled or self.ends_at is None or time.monotonic() >= self.ends_at

    @property
    def done(self) -> bool:
        """True once the clip was played to its end or cancelled."""
        if not self._fed.is_set():
            return False
        return self.cancelled or self.ends_at is None or time.monotonic() >= self.ends_at

    def _mark_started(self, at: float) -> None:
        self.started_at = at
        self._started.set()

    def _mark_fed(self, ends_at: float) -> None:
        self.ends_at = ends_at
        self._fed.set()

    def _cancel(self) -> None:
        self.cancelled = True
        self._started.set()
        self._fed.set()


class AudioSink(Protocol):
    """Plays mono int16 PCM without blocking and can cut it off at once."""

    def play(self, samples: Samples, rate: int) -> Playback:
        """Queue a clip after whatever is playing; returns at once."""
        ...

    def stop(self) -> None:
        """Silence the output now and drop every queued clip."""
        ...

    def is_playing(self) -> bool:
        """True while any clip is queued or still sounding."""
        ...

    def wait(self, timeout: float | None = None) -> bool:
        """Block until everything queued has played; False on timeout."""
        ...

    def close(self) -> None:
        """Release the device."""
        ...


class _Clip:
    __slots__ = ("handle", "lead", "pos", "samples")

    def __init__(self, samples: Samples, handle: Playback, lead: int) -> None:
        self.samples = samples
        self.pos = 0
        self.handle = handle
        self.lead = lead  # frames of silent lead-in before the real clip


def _import_sounddevice() -> Any:
    return load_sounddevice(NoAudioDevice)


class SoundDeviceSink:
    """Audio output through sounddevice (PortAudio), on one stream kept open.

    Raises :class:`NoAudioDevice` at construction when there is no output device.
    ``on_error`` receives stream failures detected in the audio thread (also logged).
    :attr:`reference` keeps what was played (the echo canceller's reference).
    ``keep_awake`` opens the :class:`SinkKeeper` (off only to measure without it).
    """

    def __init__(
        self,
        sample_rate: int = DEFAULT_SINK_RATE,
        *,
        device: int | str | None = None,
        blocksize: int = OUTPUT_BLOCK,
        latency: str | float = OUTPUT_LATENCY,
        lead_in: float = 0.3,
        warmup_timeout: float = 3.0,
        on_error: Callable[[Exception], None] | None = None,
        keep_awake: bool = True,
    ) -> None:
        sd = _import_sounddevice()
        self._sd = sd
        self.sample_rate = sample_rate
        self.blocksize = blocksize
        self._on_error = on_error
        self._lock = threading.Lock()
        self._clips: deque[_Clip] = deque()
        self._last_end = 0.0
        self._failure: Exception | None = None
        self._closed = False
        self.underflows = 0
        self._frames_out = 0
        self._trace = echo_trace()
        self.reference = ReferenceBuffer(sample_rate)
        """Every block played, with its DAC time."""
        self._device, self._lead_in, self._warmup_timeout = device, lead_in, warmup_timeout
        self._dry: deque[float] = deque(maxlen=DRY_LIMIT[0])  # recent underflow times
        self._slow_down = False
        self._reopening = False
        try:
            info = sd.query_devices(device, kind="output")
            if int(info.get("max_output_channels", 0)) < 1:
                raise NoAudioDevice(f"audio device {info.get('name')!r} has no output channel")
            self.device_name = str(info.get("name"))
        except (sd.PortAudioError, ValueError) as exc:
            raise NoAudioDevice(f"no usable audio output device: {exc}") from exc
        self._keeper = SinkKeeper(sd, device, sample_rate) if keep_awake else None
        try:
            self._stream = self._open_stream(blocksize, latency)
        except NoAudioDevice:
            if self._keeper is not None:
                self._keeper.close()
            raise
        self._warm()

    def _open_stream(self, blocksize: int, latency: str | float) -> Any:
        sd = self._sd
        try:
            stream = sd.OutputStream(
                samplerate=self.sample_rate,
                channels=1,
                dtype="int16",
                device=self._device,
                blocksize=blocksize,
                latency=latency,
                callback=self._callback,
                finished_callback=self._on_finished,
            )
            stream.start()
        except (sd.PortAudioError, ValueError) as exc:
            raise NoAudioDevice(f"no usable audio output device: {exc}") from exc
        return stream

    def _warm(self) -> None:
        """Wait for the new stream to flow; until it does, clips get a silent lead-in."""
        lead_in, warmup_timeout = self._lead_in, self._warmup_timeout
        self._warm_until = time.monotonic() + lead_in
        if self._wait_flowing(warmup_timeout):
            self._warm_until = 0.0
        else:
            log.warning(
                "audio output %r did not start flowing within %.1f s; first clips get a %.1f s "
                "silent lead-in",
                self.device_name,
                warmup_timeout,
                lead_in,
            )
            self._warm_until = time.monotonic() + lead_in
        log.info(
            "audio output %r at %d Hz, latency %.3f s",
            self.device_name,
            self.sample_rate,
            float(self._stream.latency),
        )

    def _wait_flowing(self, timeout: float) -> bool:
        """Wait until the device consumes audio at about real time (see
        :func:`wait_until_flowing`)."""
        return wait_until_flowing(lambda: self._frames_out, self.sample_rate, timeout)

    # -- audio thread ---------------------------------------------------------------

    def _callback(self, outdata: Any, frames: int, time_info: Any, status: Any) -> None:
        if status.output_underflow:
            self.underflows += 1
            self.reference.mark_gap()
            self._dry.append(time.monotonic())
            count, seconds = DRY_LIMIT
            if (self.blocksize < SAFE_BLOCK and len(self._dry) == count
                    and self._dry[-1] - self._dry[0] <= seconds):
                self._slow_down = True
            if self._trace is not None:
                self._trace.write("underflow", count=self.underflows)
        out = outdata[:, 0]
        self._frames_out += frames
        now = time.monotonic()
        try:
            delay = float(time_info.outputBufferDacTime - time_info.currentTime)
        except (AttributeError, TypeError):
            delay = 0.0
        if not 0.0 <= delay < 2.0:  # some host APIs report no times
            delay = float(self._stream.latency) if hasattr(self, "_stream") else 0.0
        written = 0
        with self._lock:
            while written < frames and self._clips:
                clip = self._clips[0]
                if clip.pos == 0:
                    start = written + clip.lead
                    clip.handle._mark_started(now + delay + start / self.sample_rate)
                take = min(frames - written, len(clip.samples) - clip.pos)
                out[written : written + take] = clip.samples[clip.pos : clip.pos + take]
                clip.pos += take
                written += take
                if clip.pos >= len(clip.samples):
                    self._clips.popleft()
                    end = now + delay + written / self.sample_rate
                    self._last_end = end
                    clip.handle._mark_fed(end)
        out[written:] = 0
        self.reference.write(out, now + delay)

    def _on_finished(self) -> None:
        if self._closed or self._reopening:
            return
        exc = AudioDeviceError("audio output stream stopped unexpectedly")
        self._fail(exc)

    def _fail(self, exc: Exception) -> None:
        self._failure = exc
        log.error("audio output failed: %s", exc)
        with self._lock:
            clips = list(self._clips)
            self._clips.clear()
        for clip in clips:
            clip.handle._cancel()
        if self._on_error is not None:
            self._on_error(exc)

    # -- control --------------------------------------------------------------------

    def play(self, samples: Samples, rate: int) -> Playback:
        """Queue ``samples`` (mono int16 at ``rate``) after the current clips; non-blocking."""
        if self._closed:
            raise AudioDeviceError("audio sink is closed")
        if self._failure is not None:
            raise AudioDeviceError(f"audio output unusable: {self._failure}") from self._failure
        if self._slow_down:
            self._fall_back()
        data = as_samples(np.asarray(samples))
        if rate != self.sample_rate:
            data = resample(data, rate, self.sample_rate)
        handle = Playback(len(data), self.sample_rate)
        if len(data) == 0:
            handle._mark_started(time.monotonic())
            handle._mark_fed(time.monotonic())
            return handle
        pad = silence(max(0.0, self._warm_until - time.monotonic()), self.sample_rate)
        if len(pad):
            data = np.concatenate([pad, data])
        with self._lock:
            self._clips.append(_Clip(data, handle, len(pad)))
        return handle

    def _fall_back(self) -> None:
        """The output ran dry too often: reopen it with the safe settings (when idle)."""
        if self.is_playing():
            return  # not under a sentence: at the next clip
        self._slow_down = False
        log.warning("audio output ran dry %d times within %.0f s: back to %d-frame blocks",
                    *DRY_LIMIT, SAFE_BLOCK)
        self._reopening = True
        try:
            self._stream.close()
            self.blocksize = SAFE_BLOCK
            self._stream = self._open_stream(SAFE_BLOCK, SAFE_LATENCY)
        finally:
            self._reopening = False
        # a new stream: the echo moves, and its first blocks' times stall (no re-timing)
        self.reference.mark_gap(timed=False)
        if self._trace is not None:
            self._trace.write("fallback", blocksize=SAFE_BLOCK, underflows=self.underflows)
        self._warm()

    def stop(self) -> None:
        """Silence the output within one block and drop every queued clip."""
        with self._lock:
            clips = list(self._clips)
            self._clips.clear()
            self._last_end = 0.0
        for clip in clips:
            clip.handle._cancel()

    def is_playing(self) -> bool:
        """True while a clip is queued or its last samples are still in the device buffer."""
        with self._lock:
            return bool(self._clips) or time.monotonic() < self._last_end

    def wait(self, timeout: float | None = None) -> bool:
        """Block until all queued clips have played (or were stopped); False on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.is_playing():
            if self._failure is not None:
                return True
            if deadline is not None and time.monotonic() >= deadline:
                return False
            time.sleep(0.005)
        return True

    @property
    def output_latency(self) -> float:
        """Seconds between a sample leaving our callback and the device (PortAudio's figure)."""
        return float(self._stream.latency)

    @property
    def failure(self) -> Exception | None:
        """The device error that made this sink unusable, if any."""
        return self._failure

    def close(self) -> None:
        """Stop playback and close the stream."""
        if self._closed:
            return
        self.stop()
        self._closed = True
        try:
            self._stream.close()
        except self._sd.PortAudioError as exc:
            log.warning("closing the audio stream failed: %s", exc)
        if self._keeper is not None:
            self._keeper.close()

    def __enter__(self) -> SoundDeviceSink:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

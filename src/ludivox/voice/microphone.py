"""The microphone: 16 kHz mono int16 audio captured through sounddevice, chunk by chunk.

PortAudio calls our callback on its own thread every ~30 ms; the callback only copies the
block into a bounded queue (it never blocks: when the reader falls behind, the oldest audio
is dropped and counted). The reader takes :class:`MicChunk` values with :meth:`Microphone.read`.
A missing microphone raises :class:`NoMicrophone` at construction with the reason (the
table then says once that voice input is off and the game goes on by keyboard); a stream
that dies while in use is reported by :attr:`Microphone.failure`.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any, NamedTuple

from ludivox.digits import small_int
from ludivox.voice.audio import RECOGNIZER_RATE
from ludivox.voice.playback import AudioDeviceError, wait_until_flowing
from ludivox.voice.portaudio import load_sounddevice

log = logging.getLogger(__name__)

BLOCK_MS = 30
"""Length of one captured block."""


class NoMicrophone(AudioDeviceError):
    """No usable audio input (no PortAudio, no sound server, no input device, bad name)."""


class MicrophoneFailed(AudioDeviceError):
    """The input stream stopped while in use (device unplugged, server gone)."""


class MicChunk(NamedTuple):
    """One block of captured audio: int16 little-endian mono bytes and when it was taken
    (``time.monotonic()`` when the block reached us, about its last sample)."""

    audio: bytes
    at: float


def _import_sounddevice() -> Any:
    return load_sounddevice(NoMicrophone)


class Microphone:
    """Audio input through one sounddevice ``RawInputStream``, started at construction.

    ``device`` is None for the default input, an index, or (part of) a device name as
    sounddevice accepts it. ``max_queue_s`` bounds what is kept when nobody reads.
    """

    def __init__(
        self,
        device: int | str | None = None,
        *,
        sample_rate: int = RECOGNIZER_RATE,
        block_ms: int = BLOCK_MS,
        max_queue_s: float = 10.0,
    ) -> None:
        if block_ms <= 0 or sample_rate <= 0:
            raise ValueError("sample_rate and block_ms must be positive")
        sd = _import_sounddevice()
        self._sd = sd
        self.sample_rate = sample_rate
        self.blocksize = sample_rate * block_ms // 1000
        self._queue: queue.Queue[MicChunk] = queue.Queue(
            maxsize=max(1, round(max_queue_s * 1000 / block_ms))
        )
        self._lock = threading.Lock()
        self._closed = False
        self.failure: MicrophoneFailed | None = None
        """Set when the stream stopped by itself (read() then raises it)."""
        self.dropped = 0
        """Blocks dropped because the reader fell behind."""
        self.overflows = 0
        """Blocks PortAudio reported as overflowed (audio lost before us)."""
        self.frames_captured = 0
        device = _parse_device(device)
        try:
            info = sd.query_devices(device, kind="input")
            if int(info.get("max_input_channels", 0)) < 1:
                raise NoMicrophone(f"audio device {info.get('name')!r} has no input channel")
            self.device_name = str(info.get("name"))
            self._stream = sd.RawInputStream(
                samplerate=sample_rate,
                channels=1,
                dtype="int16",
                device=device,
                blocksize=self.blocksize,
                callback=self._callback,
                finished_callback=self._finished,
            )
        except NoMicrophone:
            raise
        except (sd.PortAudioError, ValueError) as exc:
            raise NoMicrophone(f"no usable microphone ({device or 'default'}): {exc}") from exc
        try:
            self._stream.start()
        except (sd.PortAudioError, ValueError) as exc:
            self._closed = True
            self._close_stream()  # the stream was made: release the device it holds
            raise NoMicrophone(f"microphone {self.device_name!r} would not start: {exc}") from exc
        log.info("microphone %r at %d Hz, %d-frame blocks", self.device_name, sample_rate,
                 self.blocksize)

    # -- audio thread ----------------------------------------------------------------

    def _callback(self, indata: Any, frames: int, time_info: Any, status: Any) -> None:
        if status.input_overflow:
            self.overflows += 1
        self.frames_captured += frames
        chunk = MicChunk(bytes(indata), time.monotonic())
        try:
            self._queue.put_nowait(chunk)
        except queue.Full:
            # the reader is behind: drop the oldest block, keep the newest
            self.dropped += 1
            try:
                self._queue.get_nowait()
                self._queue.put_nowait(chunk)
            except (queue.Empty, queue.Full):
                pass

    def _finished(self) -> None:
        with self._lock:
            if self._closed:
                return
        self.failure = MicrophoneFailed(f"microphone {self.device_name!r} stopped")
        log.error("%s", self.failure)

    # -- reader side -----------------------------------------------------------------

    def read(self, timeout: float | None = None) -> MicChunk | None:
        """The next captured block, or None after ``timeout`` seconds without one.

        Raises :class:`MicrophoneFailed` once the stream has died and its audio is used up.
        """
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            if self.failure is not None:
                raise self.failure from None
            return None

    def drain(self) -> int:
        """Drop every block captured and not yet read; how many were dropped."""
        count = 0
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                return count
            count += 1

    def wait_flowing(self, timeout: float = 5.0) -> bool:
        """Wait until audio arrives at about real time (a new PulseAudio stream stalls for
        up to ~1.7 s); False if it did not within ``timeout``."""
        return wait_until_flowing(lambda: self.frames_captured, self.sample_rate, timeout)

    @property
    def latency(self) -> float:
        """Seconds between a sound reaching the device and its block being handed to us
        (PortAudio's figure): a block stamped ``at`` holds sound from about
        ``at - latency - block length`` to ``at - latency``."""
        try:
            return float(self._stream.latency)
        except (AttributeError, TypeError, ValueError):
            return 0.0

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called."""
        return self._closed

    def close(self) -> None:
        """Stop capturing and release the device (idempotent)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self._close_stream()

    def _close_stream(self) -> None:
        try:
            self._stream.close()
        except self._sd.PortAudioError as exc:
            log.warning("closing the microphone failed: %s", exc)

    def __enter__(self) -> Microphone:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _parse_device(device: int | str | None) -> int | str | None:
    """A device given on the command line: an index as a number, else a name (part)."""
    if isinstance(device, str):
        text = device.strip()
        if not text:
            return None
        number = small_int(text)
        return number if number is not None else text
    return device


__all__ = ["BLOCK_MS", "MicChunk", "Microphone", "MicrophoneFailed", "NoMicrophone"]

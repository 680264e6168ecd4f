"""A simulated room between the loudspeaker and the microphone, for barge-in tests and benches.

The assistant's voice reaches the microphone late and reverberated: it is convolved with an
impulse response made from a seed (a direct path after ``delay_s``, a few early
reflections, then an exponentially decaying diffuse tail reaching -60 dB at ``rt60_s``,
slightly low-passed like a small loudspeaker and a far wall). A player's command, through a
shorter response of its own (the player sits nearer the microphone), is mixed in at a given
level relative to the echo (0, -10, -20 dB player-to-echo: at -20 dB the player is ten
times quieter than Ludivox at the microphone), over a faint seeded noise floor.

Everything is 16 kHz mono; the same seed always gives the same room and the same mix.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ludivox.voice.audio import RECOGNIZER_RATE, Samples, as_samples

Signal = NDArray[np.float64]

ECHO_LEVEL_DBFS = -22.0
"""RMS level of the echo at the microphone while Ludivox speaks (a loudspeaker at arm's
length, a microphone with some headroom)."""
NOISE_FLOOR_DBFS = -62.0
"""RMS level of the room's steady noise at the microphone."""


@dataclass(frozen=True)
class Room:
    """One simulated room: its echo path and the player's path."""

    echo_ir: Signal
    player_ir: Signal
    seed: int
    rate: int = RECOGNIZER_RATE


def impulse_response(rng: np.random.Generator, rate: int, *, delay_s: float, rt60_s: float,
                     reflections: int = 6, length_s: float | None = None) -> Signal:
    """A room impulse response (see the module docstring), peak-normalised to 1."""
    length_s = length_s if length_s is not None else min(1.0, rt60_s * 1.2) + delay_s
    n = max(2, round(length_s * rate))
    ir = np.zeros(n)
    direct = round(delay_s * rate)
    ir[direct] = 1.0
    for _ in range(reflections):
        at = direct + round(rng.uniform(0.002, 0.030) * rate)
        if at < n:
            ir[at] += rng.choice([-1.0, 1.0]) * rng.uniform(0.2, 0.6)
    start = direct + round(0.005 * rate)
    t = np.arange(n - start) / rate
    tail = rng.standard_normal(n - start) * 0.25 * np.exp(-6.9078 * t / rt60_s)
    ir[start:] += tail
    kernel = np.ones(3) / 3.0  # a gentle low-pass
    ir = np.convolve(ir, kernel)[:n]
    peak = float(np.max(np.abs(ir)))
    return ir / peak if peak > 0 else ir


DIRECT_S = 0.0025
"""The direct sound of a response: its first ``DIRECT_S`` from the direct path on (the
rest is reflections and reverberation, for the direct-to-reverberant ratio)."""


def direct_to_reverberant_db(ir: Signal, rate: int = RECOGNIZER_RATE) -> float:
    """The response's direct-to-reverberant ratio: energy of its direct sound (from its
    first arrival, ``DIRECT_S`` long) over the energy of all that comes after, in dB."""
    cut = _direct_end(ir, rate)
    head = float(np.sum(ir[:cut] ** 2))
    tail = float(np.sum(ir[cut:] ** 2))
    return 10.0 * float(np.log10(head / tail)) if tail > 0 else float("inf")


def _direct_end(ir: Signal, rate: int) -> int:
    """Index just after the direct sound: ``DIRECT_S`` from the first arrival."""
    first = int(np.argmax(np.abs(ir) > 1e-6 * float(np.max(np.abs(ir)))))
    return first + max(1, round(DIRECT_S * rate))


def talker_ir(rng: np.random.Generator, rate: int = RECOGNIZER_RATE, *, drr_db: float,
              rt60_s: float, delay_s: float) -> Signal:
    """A talker's path to the microphone with the given direct-to-reverberant ratio: a
    response as :func:`impulse_response` makes, its reflections and tail scaled so that
    :func:`direct_to_reverberant_db` is ``drr_db`` (a far talker: low or negative; the
    player near the microphone: high). Peak-normalised to 1."""
    ir = impulse_response(rng, rate, delay_s=delay_s, rt60_s=rt60_s)
    cut = _direct_end(ir, rate)
    now = direct_to_reverberant_db(ir, rate)
    out = ir.copy()
    out[cut:] *= 10.0 ** ((now - drr_db) / 20.0)
    top = float(np.max(np.abs(out)))
    return out / top if top > 0 else out


def make_room(seed: int, rate: int = RECOGNIZER_RATE) -> Room:
    """The room of ``seed``: echo delay 8-25 ms, RT60 0.25-0.5 s; player 2-5 ms, 0.15 s."""
    rng = np.random.default_rng(seed)
    echo = impulse_response(rng, rate, delay_s=rng.uniform(0.008, 0.025),
                            rt60_s=rng.uniform(0.25, 0.5))
    player = impulse_response(rng, rate, delay_s=rng.uniform(0.002, 0.005), rt60_s=0.15,
                              reflections=3)
    return Room(echo, player, seed, rate)


def convolve(signal: Signal, ir: Signal) -> Signal:
    """``signal`` through ``ir`` (FFT convolution), cut to the signal's length."""
    n = len(signal) + len(ir) - 1
    size = 1 << max(1, (n - 1).bit_length())
    out = np.fft.irfft(np.fft.rfft(signal, size) * np.fft.rfft(ir, size), size)
    return out[: len(signal)]


def rms_db(signal: Signal | Samples) -> float:
    """RMS level in dBFS of the active part (the loudest 50 % of 10 ms frames)."""
    x = np.asarray(signal, dtype=np.float64) / 32768.0
    frame = 160
    usable = len(x) - len(x) % frame
    if usable == 0:
        return -120.0
    energies = np.sort(np.mean(x[:usable].reshape(-1, frame) ** 2, axis=1))
    active = energies[len(energies) // 2:]
    return float(10 * np.log10(max(float(np.mean(active)), 1e-12)))


def _at_level(signal: Signal, level_db: float) -> Signal:
    return signal * 10 ** ((level_db - rms_db(signal)) / 20)


@dataclass(frozen=True)
class Mix:
    """What the microphone hears: ``mic``, and the parts it was made of (all 16 kHz)."""

    mic: Samples
    echo: Samples
    """The assistant's voice as it reaches the microphone (for measures only)."""
    player_start: float
    """Seconds: where the player's command starts and ends in ``mic`` (-1: no player)."""
    player_end: float


def room_mix(room: Room, reference: Samples, player: Samples | None = None, *,
             player_db: float = 0.0, player_at: float = 0.0,
             echo_dbfs: float = ECHO_LEVEL_DBFS) -> Mix:
    """The microphone's signal when ``reference`` is played in ``room`` (and the player
    says ``player``, starting ``player_at`` seconds in, ``player_db`` relative to the echo).
    """
    ref = np.asarray(reference, dtype=np.float64)
    echo = _at_level(convolve(ref, room.echo_ir), echo_dbfs) if np.any(ref) else ref * 0
    mic = echo.copy()
    start = end = -1.0
    if player is not None and len(player):
        voice = convolve(np.asarray(player, dtype=np.float64), room.player_ir)
        voice = _at_level(voice, echo_dbfs + player_db)
        first = round(player_at * room.rate)
        need = first + len(voice)
        if need > len(mic):
            mic = np.concatenate([mic, np.zeros(need - len(mic))])
            echo = np.concatenate([echo, np.zeros(need - len(echo))])
        mic[first:need] += voice
        start = player_at
        end = player_at + _last_sound(voice) / room.rate
    noise = np.random.default_rng(room.seed + 1).standard_normal(len(mic))
    mic += noise * 32768.0 * 10 ** (NOISE_FLOOR_DBFS / 20)
    return Mix(as_samples(mic), as_samples(echo), start, end)


def _last_sound(voice: Signal) -> int:
    """Index just after the last sample within 40 dB of the voice's peak."""
    loud = np.nonzero(np.abs(voice) > np.max(np.abs(voice)) * 0.01)[0]
    return int(loud[-1]) + 1 if len(loud) else 0


__all__ = ["DIRECT_S", "ECHO_LEVEL_DBFS", "Mix", "Room", "convolve",
           "direct_to_reverberant_db", "impulse_response", "make_room", "rms_db", "room_mix",
           "talker_ir"]

"""Word end times in the manifest: from espeak-ng's own word events, on the committed audio."""

from __future__ import annotations

import numpy as np

from ludivox.asrbench.manifest import Manifest
from ludivox.table.announcer import folded
from ludivox.voice.audio import read_wav


def test_every_synthetic_fixture_knows_when_each_of_its_words_ends(manifest: Manifest) -> None:
    for fixture in manifest.fixtures:
        if fixture.source.get("kind") != "espeak-ng":
            continue
        assert fixture.words, fixture.id
        ends = [end for _, end in fixture.words]
        assert ends == sorted(ends), fixture.id
        assert fixture.speech is not None
        # the last word's sound ends where the speech does; the first ends after it starts
        assert abs(ends[-1] - fixture.speech["end"]) < 0.002, fixture.id
        assert ends[0] > fixture.speech["start"], fixture.id
        assert folded(" ".join(w for w, _ in fixture.words)) == folded(fixture.text), fixture.id


def test_a_word_end_is_where_its_sound_stops(manifest: Manifest) -> None:
    """Just before each word's end the audio is loud; just after it, quieter than the word
    (the next word's onset or a pause), on every clean fixture."""
    for fixture in manifest.fixtures:
        if fixture.noise.get("kind") != "none" or not fixture.words:
            continue
        pcm = read_wav(manifest.wav(fixture))
        samples = np.abs(pcm.samples.astype(np.float64))
        for _, end in fixture.words:
            at = round(end * pcm.rate)
            before = samples[max(0, at - 160):at]  # the last 10 ms of the word
            assert before.max() > 60.0, (fixture.id, end)
        after_last = samples[round(fixture.words[-1][1] * pcm.rate) + 1:]
        assert after_last.max(initial=0.0) < 0.01 * samples.max(), fixture.id  # -40 dB

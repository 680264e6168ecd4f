"""The committed manifest: files exist, sentences are the grammar's, set-ups build real
sessions where each expected effect is possible, and the words themselves get that effect."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from ludivox.asrbench import game
from ludivox.asrbench.manifest import MANIFEST_NAME, Fixture, Manifest, ManifestError, load
from ludivox.grammars.testcases import load_cases
from ludivox.voice.audio import RECOGNIZER_RATE, read_wav


def test_every_file_exists_and_is_16k_mono(manifest: Manifest) -> None:
    assert len(manifest.fixtures) == 168
    for fixture in manifest.fixtures:
        pcm = read_wav(manifest.wav(fixture))  # read_wav mixes down; check the header
        assert pcm.rate == RECOGNIZER_RATE, fixture.path
        assert 0.5 < pcm.duration < 6.0, fixture.path


def test_the_set_is_balanced_over_voices_and_noise(manifest: Manifest) -> None:
    voices = Counter(f.voice for f in manifest.fixtures if f.noise["kind"] == "none")
    assert set(voices) == {"roa/fr", "roa/fr-be", "roa/fr-ch", "roa/fr+m3", "roa/fr+f2"}
    assert min(voices.values()) >= 16
    noise = Counter(f.noise_label for f in manifest.fixtures)
    assert noise["clean"] == 84
    for kind in ("chatter", "room"):
        for snr in (20, 10, 5):
            assert noise[f"{kind} {snr} dB"] == 14
    total = sum(manifest.wav(f).stat().st_size for f in manifest.fixtures)
    assert total < 11e6


def test_in_grammar_sentences_come_from_the_grammar_tests(manifest: Manifest) -> None:
    known = {c.text for game_name in ("kingsbridge", "common")
             for c in load_cases(game_name) if c.intent is not None}
    said = {f.text for f in manifest.fixtures if f.in_grammar}
    assert said <= known, sorted(said - known)
    assert len({f.text for f in manifest.fixtures if not f.in_grammar}) >= 8


def _distinct(manifest: Manifest) -> list[Fixture]:
    seen: dict[tuple[str, object], Fixture] = {}
    for f in manifest.fixtures:
        seen.setdefault((f.text, f.setup), f)
    return list(seen.values())


def test_every_expected_action_is_legal_in_its_set_up(manifest: Manifest) -> None:
    checked = 0
    for fixture in _distinct(manifest):
        prepared = game.prepare(manifest, fixture)
        if fixture.expect["kind"] == "action":
            engine = prepared.session.match.engine
            action = engine.parse_action(fixture.expect["action"])
            assert engine.refusal(prepared.before, action) is None, fixture.id
            checked += 1
        prepared.session.close()
    assert checked >= 9


def test_the_words_themselves_have_the_expected_effect(manifest: Manifest) -> None:
    """Perfect recognition must score 100 %: the manifest and the game agree."""
    for fixture in _distinct(manifest):
        prepared = game.prepare(manifest, fixture)
        verdict = game.judge(fixture, prepared, game.hear(prepared, fixture.text))
        assert verdict.correct, (fixture.id, verdict.detail)
        assert verdict.acted == fixture.in_grammar, fixture.id


def test_a_wrong_transcript_is_judged_wrong(manifest: Manifest) -> None:
    by_id = {f.id.split(".")[0]: f for f in manifest.fixtures}
    seven = by_id["sept-sur-trois"]
    prepared = game.prepare(manifest, seven)
    verdict = game.judge(seven, prepared,
                         game.hear(prepared, "je pose le quatre sur la colonne un"))
    assert not verdict.correct and verdict.acted  # another move was played
    chatter = by_id["cafe"]
    prepared = game.prepare(manifest, chatter)
    verdict = game.judge(chatter, prepared, game.hear(prepared, "qu'est-ce que j'ai en main"))
    assert verdict.acted and not verdict.correct  # a false acceptance: the hand was read


def _write(folder: Path, fixtures: list[dict[str, object]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    data = {"schema": "ludivox-asr-fixtures/1", "positions": {}, "fixtures": fixtures}
    (folder / MANIFEST_NAME).write_text(json.dumps(data), encoding="utf-8")
    return folder


GOOD: dict[str, object] = {
    "id": "x", "path": "human/x.wav", "text": "je passe", "category": "move",
    "source": {"kind": "human", "speaker": "s01", "microphone": "laptop"},
    "noise": {"kind": "real", "description": "dishwasher"},
    "setup": {"players": 2, "seed": 3, "script": []},
    "expect": {"kind": "action", "action": "pass"},
}


def test_a_human_recording_entry_is_accepted(tmp_path: Path) -> None:
    loaded = load(_write(tmp_path, [GOOD]))
    assert loaded.fixtures[0].voice == "human:s01"
    assert loaded.fixtures[0].noise_label == "real"


@pytest.mark.parametrize(("change", "message"), [
    ({"expect": {"kind": "maybe"}}, "expect.kind"),
    ({"expect": {"kind": "action"}}, "expect.action"),
    ({"source": {"kind": "human"}}, "source.speaker"),
    ({"path": "/etc/passwd"}, "relative"),
    ({"noise": {"kind": "room"}}, "snr_db"),
    ({"setup": {"players": 2}}, "position or seed"),
    ({"category": "chatter"}, "only chatter"),
])
def test_a_malformed_entry_is_refused_with_its_field(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    with pytest.raises(ManifestError, match=message) as info:
        load(_write(tmp_path, [{**GOOD, **change}]))
    assert "'x'" in str(info.value)  # names the fixture


def test_duplicate_ids_and_missing_manifest_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ManifestError, match="duplicate"):
        load(_write(tmp_path / "d", [GOOD, GOOD]))
    with pytest.raises(FileNotFoundError, match="no fixtures manifest"):
        load(tmp_path / "nowhere")

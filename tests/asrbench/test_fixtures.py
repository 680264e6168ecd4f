"""The fixture generator is reproducible: same bytes twice, and the committed clean files."""

from __future__ import annotations

from pathlib import Path

from ludivox.asrbench import corpus
from ludivox.asrbench.fixtures import generate
from ludivox.asrbench.manifest import Manifest, load

SUBSET = tuple(s for s in corpus.SENTENCES if s.id in ("sept-sur-trois", "passe", "cafe"))


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_generating_twice_gives_the_same_bytes(tmp_path: Path) -> None:
    first = generate(tmp_path / "a", SUBSET)
    generate(tmp_path / "b", SUBSET)
    a, b = _files(tmp_path / "a"), _files(tmp_path / "b")
    assert len(first.fixtures) == 3 * (3 + 3)  # 3 clean renditions + 3 noise levels each
    assert a.keys() == b.keys()
    assert all(a[name] == b[name] for name in a)
    assert load(tmp_path / "a").fixtures == first.fixtures


def test_committed_clean_files_are_what_the_generator_makes(
    tmp_path: Path, manifest: Manifest
) -> None:
    """Clean renditions depend only on the sentence: the committed ones match byte for byte."""
    subset = tuple(s for s in corpus.SENTENCES if s.id in ("main", "la-premiere"))
    made = generate(tmp_path, subset, noisy=False)
    assert len(made.fixtures) == 6
    committed = {f.path for f in manifest.fixtures}
    for fixture in made.fixtures:
        assert fixture.path in committed
        assert (tmp_path / fixture.path).read_bytes() == manifest.wav(fixture).read_bytes()


def test_regenerating_keeps_human_recordings(tmp_path: Path) -> None:
    made = generate(tmp_path, SUBSET[:1], noisy=False)
    human = made.fixtures[0].__class__(
        "sept-sur-trois.s01.1", "human/sept-sur-trois.s01.1.wav", made.fixtures[0].text,
        "move", {"kind": "human", "speaker": "s01", "microphone": "laptop"},
        {"kind": "none"}, made.fixtures[0].setup, made.fixtures[0].expect,
    )
    made.fixtures.append(human)
    made.write()
    again = generate(tmp_path, SUBSET[:1], noisy=False)
    assert again.fixtures[-1] == human
    assert len(again.fixtures) == 4

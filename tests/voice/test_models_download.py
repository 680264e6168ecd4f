"""Downloading a speech model from a local HTTP server: a good download installs; a corrupted,
truncated or missing one is refused, leaves nothing behind and never harms the old model."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from model_helpers import (
    FAKE_FILES,
    FAKE_NAME,
    ModelServer,
    flip_byte_inside,
    free_port,
    leftovers,
    make_spec,
    tree,
    zip_bytes,
)

from ludivox.commands.models import ProgressLines
from ludivox.voice.download import download
from ludivox.voice.models import ModelError, install, installed_status

GOOD = "/vosk/good.zip"
CORRUPTED = "/vosk/corrupted.zip"
TRUNCATED = "/vosk/truncated.zip"


@pytest.fixture(scope="module")
def server() -> Iterator[ModelServer]:
    good = zip_bytes()
    srv = ModelServer(files={
        GOOD: good,
        CORRUPTED: flip_byte_inside(good, FAKE_FILES["graph/Gr.fst"]),
        TRUNCATED: good,
    }, truncate={TRUNCATED: len(good) // 2})
    yield srv
    srv.close()


@pytest.fixture
def models(tmp_path: Path) -> Path:
    return tmp_path / "models"


def download_refused(url: str, models: Path, *, force: bool = False) -> ModelError:
    with pytest.raises(ModelError) as caught:
        install("fr", url=url, dest=models, spec=make_spec(), force=force)
    return caught.value


def test_a_good_download_installs_the_model(server: ModelServer, models: Path) -> None:
    result = install("fr", url=server.url(GOOD), dest=models, spec=make_spec())
    assert (result.outcome, result.source) == ("installed", "download")
    assert tree(models / FAKE_NAME) == FAKE_FILES
    assert leftovers(models) == []  # the downloaded ZIP is not kept


def test_the_spec_url_is_used_by_default(server: ModelServer, models: Path) -> None:
    result = install("fr", dest=models, spec=make_spec(url=server.url(GOOD)))
    assert result.outcome == "installed"


def test_download_progress_is_a_few_lines(server: ModelServer, models: Path) -> None:
    lines: list[str] = []
    install("fr", url=server.url(GOOD), dest=models, spec=make_spec(),
            progress=ProgressLines(lines.append))
    download = [line for line in lines if line.startswith("Téléchargement")]
    assert 1 <= len(download) <= 10
    assert download[-1] == "Téléchargement : 100 %."
    assert sum(line.startswith("Je vérifie chaque fichier") for line in lines) == 1


def test_progress_lines_come_every_ten_percent() -> None:
    lines: list[str] = []
    report = ProgressLines(lines.append)
    for done in range(0, 1001, 7):  # many small chunks
        report("download", done, 1000)
    report("download", 1000, 1000)
    assert lines == [f"Téléchargement : {p} %." for p in range(10, 101, 10)]


def test_a_corrupted_download_is_refused_naming_the_file(
    server: ModelServer, models: Path
) -> None:
    error = download_refused(server.url(CORRUPTED), models)
    assert error.reason == "corrupted"
    assert error.params["file"] == f"{FAKE_NAME}/graph/Gr.fst"
    assert not (models / FAKE_NAME).exists()
    assert leftovers(models) == []


def test_a_truncated_download_is_refused(server: ModelServer, models: Path) -> None:
    error = download_refused(server.url(TRUNCATED), models)
    assert error.reason == "incomplete_download"
    assert error.params["expected"] == len(zip_bytes())
    assert int(str(error.params["got"])) < len(zip_bytes())
    assert not (models / FAKE_NAME).exists()
    assert leftovers(models) == []


def test_a_missing_address_is_a_404(server: ModelServer, models: Path) -> None:
    error = download_refused(server.url("/vosk/nope.zip"), models)
    assert (error.reason, error.params["url"]) == ("http_404", server.url("/vosk/nope.zip"))
    assert leftovers(models) == []


def test_no_network_is_reported_as_such(models: Path) -> None:
    url = f"http://127.0.0.1:{free_port()}/model.zip"
    error = download_refused(url, models)
    assert (error.reason, error.params["url"]) == ("network", url)
    assert not (models / FAKE_NAME).exists()
    assert leftovers(models) == []


def test_a_server_that_never_answers_is_a_timeout(tmp_path: Path) -> None:
    with socket.socket() as listener:  # accepts the connection, then says nothing
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        url = f"http://127.0.0.1:{listener.getsockname()[1]}/model.zip"
        with pytest.raises(ModelError) as caught:
            download(url, tmp_path / "model.zip", timeout=0.3)
    assert (caught.value.reason, caught.value.params["url"]) == ("timeout", url)


def test_a_good_install_survives_a_failed_download(server: ModelServer, models: Path) -> None:
    install("fr", url=server.url(GOOD), dest=models, spec=make_spec())
    for path in (CORRUPTED, TRUNCATED, "/vosk/nope.zip"):
        download_refused(server.url(path), models, force=True)
        assert tree(models / FAKE_NAME) == FAKE_FILES
        assert leftovers(models) == []


def test_an_installed_model_is_not_downloaded_again(server: ModelServer, models: Path) -> None:
    install("fr", url=server.url(GOOD), dest=models, spec=make_spec())
    before = len(server.requests)
    result = install("fr", url=server.url(GOOD), dest=models, spec=make_spec())
    assert result.outcome == "already_installed"
    assert len(server.requests) == before
    status = installed_status("fr", dest=models)
    assert status is None  # the fake model is not the catalog's French model

"""``ludivox models install | list | verify`` through ``ludivox.cli.main``: French sentences a
screen reader can read, each failure with the exact command to type next, no traceback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from model_helpers import (
    FAKE_FILES,
    FAKE_NAME,
    ModelServer,
    flip_byte_inside,
    free_port,
    make_spec,
    tree,
    zip_bytes,
)

from ludivox.cli import main
from ludivox.grammars import Grammar
from ludivox.voice import modelstore
from ludivox.voice.models import MODEL_ENV, resolve_model


@pytest.fixture(scope="module")
def server() -> Iterator[ModelServer]:
    srv = ModelServer(files={"/good.zip": zip_bytes()})
    yield srv
    srv.close()


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh data folder, and the catalog's French model replaced by the small fake."""
    folder = tmp_path / "data"
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(folder))
    monkeypatch.delenv(MODEL_ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    use_spec(monkeypatch, f"http://127.0.0.1:{free_port()}/{FAKE_NAME}.zip")
    return folder


def use_spec(monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    spec = make_spec(url=url)
    monkeypatch.setitem(modelstore.CATALOG, "fr", lambda: spec)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    code = main(["models", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out.splitlines(), err.splitlines()


def good_zip(tmp_path: Path) -> Path:
    path = tmp_path / f"{FAKE_NAME}.zip"
    path.write_bytes(zip_bytes())
    return path


def test_list_before_and_after_an_install_from_a_file(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert out == [
        f"Dossier des modèles : {data / 'models'}.",
        f"Modèle {FAKE_NAME}, langue « fr » : pas installé. Pour l'installer, tape : "
        "ludivox models install fr",
    ]
    code, out, _ = run(capsys, "install", "fr", "--from-file", str(good_zip(tmp_path)))
    assert code == 0
    assert out[-1].startswith(f"C'est fait : le modèle {FAKE_NAME} est installé et vérifié")
    assert tree(data / "models" / FAKE_NAME) == FAKE_FILES
    code, out, _ = run(capsys, "list")
    assert out[1:] == [f"Modèle {FAKE_NAME}, langue « fr » : installé, chaque fichier vérifié."]
    assert resolve_model(None) == data / "models" / FAKE_NAME


def test_installing_twice_says_it_is_already_there(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "install", "fr", "--from-file", str(good_zip(tmp_path)))
    code, out, _ = run(capsys, "install", "--from-file", str(good_zip(tmp_path)))
    assert code == 0
    assert "déjà installé et vérifié" in out[-1]
    assert out[-1].endswith("tape : ludivox models install fr --force")
    code, out, _ = run(capsys, "install", "--force", "--from-file", str(good_zip(tmp_path)))
    assert code == 0
    assert out[-1].startswith(f"C'est fait : le modèle {FAKE_NAME} est réinstallé et vérifié")


def test_download_prints_a_few_progress_lines(
    data: Path, server: ModelServer, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_spec(monkeypatch, server.url("/good.zip"))
    code, out, err = run(capsys, "install", "fr")
    assert (code, err) == (0, [])
    url = server.url("/good.zip")
    assert out[0] == f"Je télécharge le modèle de reconnaissance vocale depuis {url}."
    assert len(out) <= 13
    assert "Téléchargement : 100 %." in out
    assert out[-1].startswith("C'est fait")


def test_no_network_explains_how_to_install_from_a_zip(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "install", "fr")
    assert code == 1
    assert len(err) == 1
    assert "Je n'arrive pas à joindre" in err[0]
    assert "Rien n'a été installé" in err[0]
    assert err[0].endswith(f"ludivox models install fr --from-file {FAKE_NAME}.zip")
    assert not (data / "models" / FAKE_NAME).exists()


def test_a_corrupted_zip_is_refused_and_the_old_model_kept(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "install", "fr", "--from-file", str(good_zip(tmp_path)))
    bad = tmp_path / "bad.zip"
    bad.write_bytes(flip_byte_inside(zip_bytes(), FAKE_FILES["am/final.mdl"]))
    code, _, err = run(capsys, "install", "fr", "--force", "--from-file", str(bad))
    assert code == 1
    assert err[0].startswith(f"Le fichier « {FAKE_NAME}/am/final.mdl » est abîmé")
    assert err[1] == f"Le modèle {FAKE_NAME} déjà installé n'a pas changé."
    assert tree(data / "models" / FAKE_NAME) == FAKE_FILES


def test_a_missing_zip_file_is_named(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "install", "fr", "--from-file", "absent.zip")
    assert code == 1
    assert err == [
        "Je ne trouve pas le fichier absent.zip. Rien n'a été installé. Vérifie son nom et le "
        f"dossier où tu es, puis tape par exemple : ludivox models install fr --from-file "
        f"{FAKE_NAME}.zip"
    ]


def test_an_unsafe_zip_is_refused(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "evil.zip"
    bad.write_bytes(zip_bytes(extra={"../../evil.sh": b"rm -rf"}))
    code, _, err = run(capsys, "install", "fr", "--from-file", str(bad))
    assert code == 1
    assert "« ../../evil.sh »" in err[0]
    assert err[0].endswith("Utilise l'archive officielle : ludivox models install fr")
    assert not (tmp_path / "evil.sh").exists()


def test_an_unwritable_data_folder_is_explained(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(blocker))
    use_spec(monkeypatch, "http://127.0.0.1:9/x.zip")
    code, _, err = run(capsys, "install", "fr", "--from-file", str(good_zip(tmp_path)))
    assert code == 1
    assert err[0].startswith(f"Je n'arrive pas à écrire dans {blocker / 'models'} (erreur du")
    assert "LUDIVOX_DATA_DIR" in err[0]


def test_ctrl_c_during_the_install_says_nothing_was_installed(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ludivox.commands import models as command

    def interrupted(self: command.ProgressLines, stage: str, done: int, total: int | None) -> None:
        if stage == "verify" and done > 0:
            raise KeyboardInterrupt

    monkeypatch.setattr(command.ProgressLines, "__call__", interrupted)
    code, _, err = run(capsys, "install", "fr", "--from-file", str(good_zip(tmp_path)))
    assert code == 130
    assert err == [
        "Installation interrompue : rien n'a été installé. Pour recommencer, tape : ludivox "
        "models install fr"
    ]
    assert [p.name for p in (data / "models").iterdir()] == [".ludivox-install.lock"]


def test_an_unknown_language_lists_the_known_ones(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "install", "xx")
    assert code == 1
    assert err == [
        "Je n'ai pas de modèle pour la langue « xx ». Langues disponibles : fr. Par exemple, "
        "tape : ludivox models install fr"
    ]


def test_verify_finds_a_damaged_file_and_says_how_to_repair(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "verify")
    assert code == 1  # nothing installed
    run(capsys, "install", "fr", "--from-file", str(good_zip(tmp_path)))
    code, out, _ = run(capsys, "verify")
    assert (code, out[-1]) == (0, "Tout est en ordre.")
    conf = data / "models" / FAKE_NAME / "conf" / "model.conf"
    conf.write_bytes(conf.read_bytes().replace(b"200", b"201"))  # same size, new content
    code, out, _ = run(capsys, "verify")
    assert code == 1
    assert out[1] == (
        f"Modèle {FAKE_NAME}, langue « fr » : abîmé, le fichier « {FAKE_NAME}/conf/model.conf » "
        "ne correspond pas à sa somme de contrôle. Pour le réparer, tape : ludivox models "
        "install fr"
    )
    code, out, _ = run(capsys, "install", "fr", "--from-file", str(good_zip(tmp_path)))
    assert code == 0 and "était abîmé" in out[-1]
    assert run(capsys, "verify")[0] == 0


def test_list_names_the_model_chosen_by_the_environment(
    data: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(MODEL_ENV, "/opt/vosk/mon-modele")
    _, out, _ = run(capsys, "list")
    assert out[1] == (
        "La variable LUDIVOX_VOSK_MODEL désigne le modèle /opt/vosk/mon-modele : c'est lui que "
        "j'utilise."
    )


def test_the_start_up_message_without_a_model_gives_the_command() -> None:
    text = Grammar.load("common", "fr").say("speech_model.none_installed")
    assert "Aucun modèle de reconnaissance vocale n'est installé" in text
    assert "clavier" in text
    assert text.endswith("ludivox models install fr")

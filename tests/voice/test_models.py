"""Installing a speech model from a ZIP file: verified against the sums, unpacked atomically,
refused with the bad file named, never leaving a half-installed or damaged model."""

from __future__ import annotations

import fcntl
import re
from pathlib import Path

import pytest
from model_helpers import (
    FAKE_FILES,
    FAKE_NAME,
    flip_byte_inside,
    leftovers,
    make_spec,
    tree,
    zip_bytes,
)

from ludivox.voice import modelstore
from ludivox.voice.models import (
    MODEL_ENV,
    ModelError,
    install,
    installed,
    installed_status,
    resolve_model,
    spec_for,
)


@pytest.fixture(autouse=True)
def _no_model_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(MODEL_ENV, raising=False)


@pytest.fixture
def models(tmp_path: Path) -> Path:
    return tmp_path / "data" / "models"


def write_zip(tmp_path: Path, data: bytes, name: str = "model.zip") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def refused(archive: Path, models: Path, **kwargs: object) -> ModelError:
    with pytest.raises(ModelError) as caught:
        install("fr", from_file=archive, dest=models, spec=make_spec(), **kwargs)  # type: ignore[arg-type]
    return caught.value


def assert_nothing_installed(models: Path) -> None:
    assert not (models / FAKE_NAME).exists()
    assert leftovers(models) == []
    assert installed(models) == []


# --- the shipped checksums --------------------------------------------------------------


def test_shipped_sums_describe_the_official_french_model() -> None:
    spec = spec_for("fr")
    assert spec.name == "vosk-model-small-fr-0.22"
    assert spec.url == "https://alphacephei.com/vosk/models/vosk-model-small-fr-0.22.zip"
    assert len(spec.files) == 14
    assert all(path.startswith("vosk-model-small-fr-0.22/") for path in spec.files)
    assert all(re.fullmatch(r"[0-9a-f]{64}", e.sha256) for e in spec.files.values())
    assert 67_000_000 < spec.total_size < 70_000_000  # about 68 MB unpacked
    assert spec.files["vosk-model-small-fr-0.22/am/final.mdl"].size == 15_978_979
    empty = spec.files["vosk-model-small-fr-0.22/ivector/online_cmvn.conf"]
    assert empty.size == 0
    assert empty.sha256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def test_unknown_language_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ModelError) as caught:
        spec_for("xx")
    assert caught.value.reason == "unknown_language"
    assert caught.value.params["known"] == ("fr",)


def test_checksum_lists_that_disagree_are_rejected() -> None:
    with pytest.raises(ValueError, match="same files"):
        modelstore.parse_checksums(
            f"{'0' * 64}  m/a\n", "3\tm/b\n", lang="fr", name="m", url="u"
        )


# --- a good archive ---------------------------------------------------------------------


def test_install_from_a_zip_unpacks_the_verified_model(tmp_path: Path, models: Path) -> None:
    archive = write_zip(tmp_path, zip_bytes())
    result = install("fr", from_file=archive, dest=models, spec=make_spec())
    assert result.outcome == "installed"
    assert result.path == models / FAKE_NAME
    assert tree(models / FAKE_NAME) == FAKE_FILES
    assert leftovers(models) == []
    [model] = installed(models)
    assert (model.name, model.status) == (FAKE_NAME, "unknown")  # not the catalog's model
    assert modelstore.inspect(result.path, make_spec()).status == "ok"


def test_an_archive_without_folder_entries_installs_too(tmp_path: Path, models: Path) -> None:
    archive = write_zip(tmp_path, zip_bytes(with_dirs=False, compression=8))
    install("fr", from_file=archive, dest=models, spec=make_spec())
    assert tree(models / FAKE_NAME) == FAKE_FILES


def test_a_verified_install_is_kept_unless_forced(tmp_path: Path, models: Path) -> None:
    archive = write_zip(tmp_path, zip_bytes())
    install("fr", from_file=archive, dest=models, spec=make_spec())
    marker = (models / FAKE_NAME / "README").stat().st_ino
    again = install("fr", from_file=archive, dest=models, spec=make_spec())
    assert again.outcome == "already_installed"
    assert (models / FAKE_NAME / "README").stat().st_ino == marker  # untouched
    forced = install("fr", from_file=archive, dest=models, spec=make_spec(), force=True)
    assert forced.outcome == "reinstalled"
    assert tree(models / FAKE_NAME) == FAKE_FILES
    assert leftovers(models) == []


def test_a_damaged_install_is_repaired(tmp_path: Path, models: Path) -> None:
    archive = write_zip(tmp_path, zip_bytes())
    install("fr", from_file=archive, dest=models, spec=make_spec())
    (models / FAKE_NAME / "am" / "final.mdl").write_bytes(b"oops")
    result = install("fr", from_file=archive, dest=models, spec=make_spec())
    assert result.outcome == "repaired"
    assert tree(models / FAKE_NAME) == FAKE_FILES


# --- refused archives -------------------------------------------------------------------


def test_a_file_with_a_wrong_hash_is_refused_by_name(tmp_path: Path, models: Path) -> None:
    files = dict(FAKE_FILES, **{"conf/model.conf": b"--min-active=999\n--max-active=3000\n"})
    error = refused(write_zip(tmp_path, zip_bytes(files=files)), models)
    assert (error.reason, error.params["problem"]) == ("corrupted", "hash")
    assert error.params["file"] == f"{FAKE_NAME}/conf/model.conf"
    assert_nothing_installed(models)


def test_a_flipped_byte_in_the_archive_is_refused_by_name(tmp_path: Path, models: Path) -> None:
    data = flip_byte_inside(zip_bytes(), FAKE_FILES["am/final.mdl"])
    error = refused(write_zip(tmp_path, data), models)
    assert error.reason == "corrupted"
    assert error.params["file"] == f"{FAKE_NAME}/am/final.mdl"
    assert_nothing_installed(models)


def test_a_file_of_the_wrong_size_is_refused_by_name(tmp_path: Path, models: Path) -> None:
    files = dict(FAKE_FILES, README=FAKE_FILES["README"] + b"!")
    error = refused(write_zip(tmp_path, zip_bytes(files=files)), models)
    assert (error.reason, error.params["problem"]) == ("corrupted", "size")
    assert error.params["file"] == f"{FAKE_NAME}/README"
    assert_nothing_installed(models)


def test_a_missing_file_is_refused_by_name(tmp_path: Path, models: Path) -> None:
    files = {k: v for k, v in FAKE_FILES.items() if k != "ivector/online_cmvn.conf"}
    error = refused(write_zip(tmp_path, zip_bytes(files=files)), models)
    assert (error.reason, error.params["problem"]) == ("corrupted", "missing")
    assert error.params["file"] == f"{FAKE_NAME}/ivector/online_cmvn.conf"
    assert_nothing_installed(models)


def test_an_unexpected_extra_file_is_refused_by_name(tmp_path: Path, models: Path) -> None:
    data = zip_bytes(extra={f"{FAKE_NAME}/graph/extra.fst": b"x"})
    error = refused(write_zip(tmp_path, data), models)
    assert (error.reason, error.params["problem"]) == ("corrupted", "unexpected")
    assert error.params["file"] == f"{FAKE_NAME}/graph/extra.fst"
    assert_nothing_installed(models)


@pytest.mark.parametrize(
    ("member", "why"),
    [
        (f"{FAKE_NAME}/../../escaped.txt", "parent"),
        ("../escaped.txt", "parent"),
        ("/tmp/escaped.txt", "absolute"),
        (f"{FAKE_NAME}\\..\\escaped.txt", "backslash"),
    ],
)
def test_paths_leaving_the_model_folder_are_refused(
    tmp_path: Path, models: Path, member: str, why: str
) -> None:
    data = zip_bytes(extra={member: b"evil"})
    error = refused(write_zip(tmp_path, data), models)
    assert error.reason == "unsafe_archive"
    assert (error.params["file"], error.params["why"]) == (member, why)
    assert not list(tmp_path.rglob("escaped.txt"))
    assert not Path("/tmp/escaped.txt").exists()
    assert_nothing_installed(models)


def test_a_symlink_member_is_refused(tmp_path: Path, models: Path) -> None:
    data = zip_bytes(symlinks={f"{FAKE_NAME}/graph/link": "/etc/passwd"})
    error = refused(write_zip(tmp_path, data), models)
    assert (error.reason, error.params["why"]) == ("unsafe_archive", "symlink")
    assert error.params["file"] == f"{FAKE_NAME}/graph/link"
    assert_nothing_installed(models)


def test_a_file_that_is_not_a_zip_is_refused(tmp_path: Path, models: Path) -> None:
    error = refused(write_zip(tmp_path, b"<html>Not found</html>"), models)
    assert error.reason == "not_a_zip"
    assert_nothing_installed(models)


def test_a_missing_archive_file_is_reported(tmp_path: Path, models: Path) -> None:
    error = refused(tmp_path / "nowhere.zip", models)
    assert (error.reason, error.params["path"]) == ("file_not_found", str(tmp_path / "nowhere.zip"))
    assert_nothing_installed(models)


# --- an existing install is never lost ----------------------------------------------------


def test_a_good_install_survives_a_refused_reinstall(tmp_path: Path, models: Path) -> None:
    install("fr", from_file=write_zip(tmp_path, zip_bytes()), dest=models, spec=make_spec())
    bad = write_zip(tmp_path, flip_byte_inside(zip_bytes(), FAKE_FILES["graph/Gr.fst"]), "b.zip")
    error = refused(bad, models, force=True)
    assert error.params["file"] == f"{FAKE_NAME}/graph/Gr.fst"
    assert tree(models / FAKE_NAME) == FAKE_FILES
    assert modelstore.inspect(models / FAKE_NAME, make_spec()).status == "ok"
    assert leftovers(models) == []


def test_an_interrupted_install_leaves_nothing_and_keeps_the_old_model(
    tmp_path: Path, models: Path
) -> None:
    archive = write_zip(tmp_path, zip_bytes())
    install("fr", from_file=archive, dest=models, spec=make_spec())

    def interrupt(stage: str, done: int, total: int | None) -> None:
        if stage == "verify" and done > 0:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        install("fr", from_file=archive, dest=models, spec=make_spec(), force=True,
                progress=interrupt)
    assert tree(models / FAKE_NAME) == FAKE_FILES
    assert leftovers(models) == []


def test_leftovers_of_a_killed_install_are_cleaned_up(tmp_path: Path, models: Path) -> None:
    (models / ".ludivox-unpack-dead" / FAKE_NAME).mkdir(parents=True)
    (models / ".ludivox-download-dead.zip").write_bytes(b"PK")
    install("fr", from_file=write_zip(tmp_path, zip_bytes()), dest=models, spec=make_spec())
    assert leftovers(models) == []
    assert [m.name for m in installed(models)] == [FAKE_NAME]


def test_a_model_moved_aside_by_a_killed_install_is_put_back(
    tmp_path: Path, models: Path
) -> None:
    archive = write_zip(tmp_path, zip_bytes())
    install("fr", from_file=archive, dest=models, spec=make_spec())
    # killed between "move the old model aside" and "rename the new one into place"
    (models / FAKE_NAME).rename(models / f".ludivox-old-0badf00d.{FAKE_NAME}")
    result = install("fr", from_file=archive, dest=models, spec=make_spec())
    assert result.outcome == "already_installed"
    assert tree(models / FAKE_NAME) == FAKE_FILES
    assert leftovers(models) == []


def test_a_second_install_at_the_same_time_is_refused(tmp_path: Path, models: Path) -> None:
    models.mkdir(parents=True)
    with (models / ".ludivox-install.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another install is running
        error = refused(write_zip(tmp_path, zip_bytes()), models)
    assert (error.reason, error.params["path"]) == ("busy", str(models))
    assert_nothing_installed(models)


def test_a_models_folder_that_cannot_be_made_is_a_disk_error(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    archive = write_zip(tmp_path, zip_bytes())
    with pytest.raises(ModelError) as caught:
        install("fr", from_file=archive, dest=blocker / "models", spec=make_spec())
    assert (caught.value.reason, caught.value.params["error"]) == ("disk", "other")
    assert caught.value.params["path"] == str(blocker / "models")


# --- finding the model to use -------------------------------------------------------------


def test_resolve_model_prefers_the_option_then_the_environment_then_the_install(
    tmp_path: Path, models: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = make_spec()
    monkeypatch.setitem(modelstore.CATALOG, "fr", lambda: spec)
    assert resolve_model(None, dest=models) is None
    assert installed_status("fr", dest=models) is None
    install("fr", from_file=write_zip(tmp_path, zip_bytes()), dest=models)
    assert resolve_model(None, dest=models) == models / FAKE_NAME
    monkeypatch.setenv(MODEL_ENV, str(tmp_path / "from-env"))
    assert resolve_model(None, dest=models) == tmp_path / "from-env"
    assert resolve_model(tmp_path / "explicit", dest=models) == tmp_path / "explicit"


def test_resolve_model_ignores_a_damaged_install(
    tmp_path: Path, models: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = make_spec()
    monkeypatch.setitem(modelstore.CATALOG, "fr", lambda: spec)
    install("fr", from_file=write_zip(tmp_path, zip_bytes()), dest=models)
    (models / FAKE_NAME / "graph" / "Gr.fst").unlink()
    assert resolve_model(None, dest=models) is None
    status = installed_status("fr", dest=models)
    assert status is not None and status.status == "corrupted"
    assert status.error is not None
    assert status.error.params == {"file": f"{FAKE_NAME}/graph/Gr.fst", "problem": "missing"}


def test_resolve_model_uses_the_data_folder_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = make_spec()
    monkeypatch.setitem(modelstore.CATALOG, "fr", lambda: spec)
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(tmp_path / "data"))
    install("fr", from_file=write_zip(tmp_path, zip_bytes()))
    assert resolve_model(None) == tmp_path / "data" / "models" / FAKE_NAME
    [model] = installed()
    assert (model.name, model.lang, model.status) == (FAKE_NAME, "fr", "ok")

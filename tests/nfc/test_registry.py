"""Cards registered by UID: kept between runs, damaged files set aside, bad input refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludivox.nfc.registry import UidRegistry, default_path


def test_registered_uid_is_found_again_after_restart(tmp_path: Path) -> None:
    path = tmp_path / "nfc_uids.json"
    registry = UidRegistry(path)
    assert registry.lookup("04a1b2c3d4e5f6") is None
    assert registry.register("04:a1:b2:c3:d4:e5:f6", "kingsbridge:7") == "kingsbridge:7"
    registry.register(bytes.fromhex("04a1b2c3d4e5f7"), "ludivox:kingsbridge/event/8")
    again = UidRegistry(path)
    assert again.lookup("04A1B2C3D4E5F6") == "kingsbridge:7"
    assert again.lookup(bytes.fromhex("04a1b2c3d4e5f7")) == "ludivox:kingsbridge/event/8"
    assert again.problem is None
    assert again.forget("04A1B2C3D4E5F6") is True
    assert UidRegistry(path).lookup("04A1B2C3D4E5F6") is None


def test_bad_uid_or_payload_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "nfc_uids.json"
    registry = UidRegistry(path)
    with pytest.raises(ValueError, match="UID"):
        registry.register("pas un uid", "kingsbridge:7")
    with pytest.raises(ValueError, match="payload"):
        registry.register("04A1B2C3D4E5F6", "bonjour")
    assert len(registry) == 0
    assert not path.exists()


def test_damaged_file_is_set_aside_and_registry_starts_empty(tmp_path: Path) -> None:
    path = tmp_path / "nfc_uids.json"
    path.write_text('{"04A1B2C3D4E5F6": ', encoding="utf-8")
    registry = UidRegistry(path)
    assert registry.problem == "damaged"
    assert len(registry) == 0
    assert (tmp_path / "nfc_uids.json.damaged").read_text(encoding="utf-8").startswith("{")
    registry.register("04A1B2C3D4E5F6", "kingsbridge:7")
    assert UidRegistry(path).lookup("04A1B2C3D4E5F6") == "kingsbridge:7"


def test_default_path_follows_the_data_folder(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(tmp_path))
    assert default_path() == tmp_path / "nfc_uids.json"
    assert UidRegistry.default().path == tmp_path / "nfc_uids.json"

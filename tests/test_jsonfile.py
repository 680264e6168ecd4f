"""Small JSON files: a failed write loses nothing and leaves nothing behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludivox.jsonfile import read_json_or_set_aside, write_json_atomic


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "data.json"
    write_json_atomic(path, {"a": 1})
    with pytest.raises(TypeError):
        write_json_atomic(path, {"a": object()})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data.json"]
    assert read_json_or_set_aside(path, dict, "test") == ({"a": 1}, None)


def test_a_file_the_parser_refuses_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "data.json"
    path.write_text("[1, 2]", encoding="utf-8")

    def parse(data: object) -> dict[str, int]:
        raise ValueError("not an object")

    assert read_json_or_set_aside(path, parse, "test") == (None, "damaged")
    assert not path.exists()
    assert (tmp_path / "data.json.damaged").read_text("utf-8") == "[1, 2]"
    assert read_json_or_set_aside(path, parse, "test") == (None, None)

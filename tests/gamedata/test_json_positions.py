"""Where each value of a JSON text starts: the position a data file's problem is told at."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ludivox.gamedata.json_positions import JsonPath, read_json, value_offsets, value_positions

_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False,
                                                                 allow_infinity=False) | st.text()
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=25)


def _at(document: Any, path: JsonPath) -> Any:
    for step in path:
        document = document[step]
    return document


@settings(max_examples=150, deadline=None)
@given(_VALUES, st.integers(min_value=0, max_value=3), st.booleans())
def test_every_value_is_found_where_it_starts(document: Any, indent: int, ascii_only: bool) -> None:
    text = json.dumps(document, indent=indent or None, ensure_ascii=ascii_only)
    offsets = value_offsets(text)
    decoder = json.JSONDecoder()
    for path, offset in offsets.items():
        assert decoder.raw_decode(text, offset)[0] == _at(document, path), (text, path)
    expected: set[JsonPath] = set()
    pending: list[tuple[JsonPath, Any]] = [((), document)]
    while pending:  # every value of the document has its position
        path, value = pending.pop()
        expected.add(path)
        items = value.items() if isinstance(value, dict) else enumerate(value) \
            if isinstance(value, list) else ()
        pending.extend(((*path, key), item) for key, item in items)
    assert set(offsets) == expected


def test_positions_are_lines_and_columns_from_one() -> None:
    text = '{\n  "a": [1,\n    "deux"]}'
    assert read_json(text) == {"a": [1, "deux"]}
    where = value_positions(text)
    assert where[()] == (1, 1)
    assert where[("a",)] == (2, 8)
    assert where[("a", 1)] == (3, 5)

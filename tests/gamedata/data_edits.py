"""The property every data file obeys: any small edit of the shipped file (a line deleted,
a line doubled, a few characters typed over) loads, or is refused with every problem told in
French at a real line and column of the edited text."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st
from sk_messages import assert_french

from ludivox.gamedata.french import DataFileError


def edited(data: st.DataObject, shipped: str, typed: st.SearchStrategy[str]) -> str:
    """``shipped`` with one line deleted, doubled, or a few ``typed`` characters put over a
    stretch of at most six characters of one line."""
    lines = shipped.splitlines(keepends=True)
    at = data.draw(st.integers(0, len(lines) - 1), label="line")
    kind = data.draw(st.sampled_from(["delete", "duplicate", "type"]), label="edit")
    if kind == "delete":
        del lines[at]
    elif kind == "duplicate":
        lines.insert(at, lines[at])
    else:
        line = lines[at]
        start = data.draw(st.integers(0, len(line)), label="column")
        end = data.draw(st.integers(start, min(len(line), start + 6)), label="end")
        put = "".join(data.draw(st.lists(typed, max_size=4), label="typed"))
        lines[at] = line[:start] + put + line[end:]
    return "".join(lines)


def assert_any_edit_loads_or_is_told(
    data: st.DataObject, shipped: str, typed: st.SearchStrategy[str],
    parse: Callable[[str, str], object], error: type[DataFileError], header: str, name: str,
) -> None:
    """An edit of ``shipped`` parses, or ``parse`` raises ``error`` (no other exception)
    whose message starts with ``header`` and says each problem as ``name:line:col: message``,
    in French, at a line of the edited text."""
    text = edited(data, shipped, typed)
    try:
        parse(text, name)
    except error as refused:
        assert refused.problems, "a refused file says why"
        first, *said = str(refused).splitlines()
        assert first.startswith(header)
        assert len(said) == len(refused.problems)
        count = text.count("\n") + 2
        for problem, line_said in zip(refused.problems, said, strict=True):
            assert 1 <= problem.line <= count and problem.column >= 1, problem
            assert line_said == f"{name}:{problem.line}:{problem.column}: {problem.message}"
            assert_french(problem.message)

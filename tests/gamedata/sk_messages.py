"""What a 7 Kingdoms data or chip message must look like to the person reading it: French,
with no English words of Python's or PyYAML's and no Python value dumps."""

from __future__ import annotations

import re

# English words the loader, PyYAML or Python used to write; none is a French word.
ENGLISH = re.compile(
    r"\b(must|missing|given|twice|unknown|expected|cannot|is|are|the|got|found|needs?|only|"
    r"has|already|mapping|error|while|could|not|allowed|here|of|and|with|empty|file|read|"
    r"syntax|places are|tagged|deck|inconsistent|number)\b", re.IGNORECASE)
QUOTED = re.compile(r"«[^»]*»")  # what the person wrote, or a key, quoted as it is
PYTHON_DUMP = re.compile(r"\{'|\['|Errno|\\x|<|Traceback")
FRENCH = re.compile(r"\b(le|la|les|il|un|une|de|des|du|est|sont|manque|ce|cette|ses|sur|pas|"
                    r"et|ou|en)\b")


def assert_french(message: str) -> None:
    """The message is a French sentence: no English word outside « quotes », no dump."""
    prose = QUOTED.sub(" ", message)
    assert not ENGLISH.search(prose), message
    assert not PYTHON_DUMP.search(prose), message
    assert FRENCH.search(prose), message

"""Our templates are genuine hassil 3 templates: hassil's own recogniser agrees with ours.

Ludivox compiles the templates itself (repeated slots, fuzzy costs, phrase lists), so this
checks that authors can keep using hassil's syntax and tools: on every exact test utterance
of an intent without a repeated (``many``) slot, hassil finds the same intent and slots.
"""

from __future__ import annotations

from typing import Any

import pytest
from grammar_helpers import grammar
from hassil import Intents, recognize

from ludivox.grammars.grammar import ROOT, parts
from ludivox.grammars.slotlists import list_forms
from ludivox.grammars.specs import parse_list
from ludivox.grammars.testcases import load_cases
from ludivox.grammars.yamlfile import load_yaml


def hassil_intents(game: str, lang: str) -> Intents:
    g = grammar(game, lang)
    data: dict[str, Any] = {"language": lang, "intents": {}, "lists": {}, "expansion_rules": {}}
    specs = dict(g.declarations.lists)  # plus the lists a sentences file declares itself
    folders = ("common", game) if game != "common" else ("common",)
    for path in (p for folder in folders for p in parts(ROOT / folder / lang, "sentences")):
        source = load_yaml(path)  # the main file and its topic parts (sentences.<topic>.yaml)
        data["expansion_rules"].update(source.get("expansion_rules") or {})
        for name, spec in (source.get("lists") or {}).items():
            specs[name] = parse_list(name, spec, path)
        for name, body in (source.get("intents") or {}).items():
            sentences = [s for block in body["data"] for s in block["sentences"]]
            data["intents"].setdefault(name, {"data": []})["data"].append({"sentences": sentences})
    for name, spec in specs.items():
        forms = list_forms(spec, g.language, for_speech=False)
        data["lists"][name] = {"values": [{"in": text, "out": out} for text, out in forms]}
    return Intents.from_dict(data)


# (game, whether the shared conversation cases are checked too, how many at least)
CHECKED = [("kingsbridge", True, 150), ("seven_kingdoms", False, 60)]


@pytest.mark.parametrize(("game", "with_common", "at_least"), CHECKED)
def test_hassil_recognises_what_we_recognise(game: str, with_common: bool, at_least: int) -> None:
    g = grammar(game, "fr")
    intents = hassil_intents(game, "fr")
    checked = 0
    cases = load_cases(game, "fr") + (load_cases("common", "fr") if with_common else [])
    for case in cases:
        if case.intent is None or case.fuzzy:
            continue
        if any(slot.many for slot in g.intent_spec(case.intent).slots.values()):
            continue
        # hassil keeps hyphens and knows no fillers: try our normal form, then the raw text
        for text in (g.normalize(case.text), case.text.lower()):
            result = recognize(text, intents)
            if result is not None and result.intent.name == case.intent:
                slots = {name: e.value for name, e in result.entities.items()}
                assert slots == dict(case.slots), case
                break
        else:
            pytest.fail(f"hassil does not recognise {case}")
        checked += 1
    assert checked > at_least

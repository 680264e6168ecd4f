"""Un monde sans fin: the privilege (the last action card played again) may be said before the
action it repeats, or after it, and the reading is the same action with the privilege."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from grammar_helpers import grammar

from ludivox.grammars.intents import Intent

GAME = "world_without_end"
SENTENCES = (Path(__file__).resolve().parents[2] / "src" / "ludivox" / "grammars" / GAME / "fr"
             / "sentences.yaml")
VIA = {"via": "card:privilege"}

# one sentence per action the privilege can repeat, said without it
ACTIONS = {
    "play_material": "je prends une pierre",
    "play_project": "je mets deux pierres sur l'hospice",
    "play_sale": "je vends deux laines et un tissu",
    "play_house": "je construis une maison sur l'emplacement quatre",
    "play_harvest": "je récolte les maisons trois et cinq",
    "play_donation": "je fais un don pour le pont",
    "play_cloth": "je transforme deux laines en tissu",
    "play_heal": "je soigne les maisons trois et neuf",
    "play_service": "je fais le petit service médical",
}
# the privilege said first, the action after it (a finite verb)
LEADS = ["avec le privilège", "avec mon privilège", "grâce au privilège", "privilège",
         "j'utilise le privilège et", "je joue le privilège,", "je me sers du privilège et"]
# the privilege as the verb, the action after "pour" (an infinitive)
INFINITIVES = {
    "play_material": "prendre une pierre",
    "play_sale": "vendre deux laines et un tissu",
    "play_cloth": "faire un tissu avec deux laines",
    "play_service": "faire le petit service médical",
    "play_heal": "soigner les maisons trois et neuf",
    "play_house": "construire une maison sur l'emplacement quatre",
}


def _read(text: str) -> Intent:
    found = grammar(GAME, "fr").understand(text)
    assert found, f"not understood: {text!r}"
    assert found[0].cost == 0, f"only a near reading of {text!r}: {found[0]}"
    return found[0]


def _repeatable() -> set[str]:
    """The intents with a template the privilege can follow (``<priv>``)."""
    intents = yaml.safe_load(SENTENCES.read_text(encoding="utf-8"))["intents"]
    return {name for name, spec in intents.items()
            if any("<priv>" in s for block in spec["data"] for s in block["sentences"])}


def test_every_action_the_privilege_repeats_is_tried() -> None:
    assert _repeatable() == set(ACTIONS)


@pytest.mark.parametrize("name", sorted(ACTIONS))
def test_the_privilege_said_first_or_last_reads_the_same_action(name: str) -> None:
    plain = _read(ACTIONS[name])
    assert plain.name == name and "via" not in plain.slots
    expected = {**plain.slots, **VIA}
    last = _read(f"{ACTIONS[name]} avec le privilège")
    assert (last.name, dict(last.slots)) == (name, expected)
    for lead in LEADS:
        first = _read(f"{lead} {ACTIONS[name]}")
        assert (first.name, dict(first.slots)) == (name, expected), lead


@pytest.mark.parametrize("name", sorted(INFINITIVES))
def test_the_privilege_played_for_an_action(name: str) -> None:
    plain = _read(ACTIONS[name])
    for lead in ("je joue le privilège pour", "j'utilise mon privilège pour",
                 "je vais utiliser le privilège pour"):
        said = _read(f"{lead} {INFINITIVES[name]}")
        assert (said.name, dict(said.slots)) == (name, {**plain.slots, **VIA}), lead


def test_the_card_played_again_with_the_privilege() -> None:
    said = _read("je rejoue la manufacture avec le privilège pour deux laines")
    assert said.name == "play_cloth" and said.slots.get("via") == "card:privilege"
    assert said.slots.get("wool") == "amount:2"

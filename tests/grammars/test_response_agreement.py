"""Every response template agrees with the values the code gives it (issue 11, item 7): a
count is never followed by a word written in the plural only ("une cité posées", "le sept
posés"); a name is never said to its own owner ("Alice donne … à Alice"); a refusal never
contradicts itself ("pas le moment de prendre des cartes : on en est à la phase où l'on prend
les cartes")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from ludivox.bindings.kingsbridge.binding import KingsbridgeBinding
from ludivox.engines.kingsbridge import KingsbridgeEngine
from ludivox.engines.kingsbridge.charevents import CardGiven
from ludivox.engines.seven_kingdoms.flow import phase_kinds
from ludivox.grammars.grammar import Grammar

GRAMMARS = Path(__file__).parents[2] / "src" / "ludivox" / "grammars"
# "{count} cartes", "{count:f} {count:cité|cités} posées": a count, maybe its own plural
# selector, then a literal word in the plural
COUNT_THEN_PLURAL = re.compile(
    r"\{(\w+)(?::[^}]*)?\}(?:\s+\{\1:[^}]*\})?\s+([a-zéèêàçô]+s)\b")
INVARIABLE = {"dans", "sans", "sous", "depuis", "ailleurs", "mars", "deux", "trois", "plus",
              "puis", "fois", "après", "dessus", "dessous", "jamais", "pas"}


def _texts(entry: object) -> list[str]:
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, list):
        return [e for e in entry if isinstance(e, str)]
    if isinstance(entry, dict):
        found = [t for t in (entry.get("cases") or {}).values() if isinstance(t, str)]
        return found + [entry[k] for k in ("text", "short") if isinstance(entry.get(k), str)]
    return []


FILES = sorted(GRAMMARS.glob("*/*/responses*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_no_count_is_followed_by_a_fixed_plural(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    wrong = [
        f"{key}: {m.group(0)}"
        for key, entry in (data.get("responses") or {}).items()
        for text in _texts(entry)
        for m in COUNT_THEN_PLURAL.finditer(text)
        if m.group(2) not in INVARIABLE
    ]
    assert not wrong, "use {count:singulier|pluriel}: " + "; ".join(wrong)


@pytest.mark.parametrize("count", [1, 2, 3])
def test_agreement_once_rendered(count: int) -> None:
    kb = Grammar.load("kingdom_builder")
    assert "une cité posée sur" in kb.say("answer.turn", player="Anne", placed=1)
    text = kb.say("answer.turn", player="Anne", placed=count)
    assert ("posées" in text) == (count > 1)
    kingsbridge = Grammar.load("kingsbridge")
    text = kingsbridge.say("event.aside_cards_used", seat=0, cards=tuple(range(7, 7 + count)),
                           player="Alice")
    assert ("posés" in text) == (count > 1) and ("posé " in text) == (count == 1)


def test_a_card_given_to_ones_own_pile_never_names_the_player_twice() -> None:
    binding = KingsbridgeBinding(["Alice", "Bruno"])
    grammar = Grammar.load("kingsbridge")
    state = KingsbridgeEngine().new_virtual_game(2, 1)
    for seat, to_seat in ((0, 0), (0, 1), (1, 1)):
        event = CardGiven(seat=seat, to_seat=to_seat, column=2, card=11)
        (line,) = binding.event_lines(state, state, [event])
        text = grammar.say(line.key, **line.params)
        names = re.findall(r"Alice|Bruno", text)
        assert len(names) == len(set(names)), text  # nobody named twice in one sentence
        assert ("propre pioche" in text) == (seat == to_seat)


def test_not_now_never_contradicts_its_phase() -> None:
    grammar = Grammar.load("seven_kingdoms")
    for phase in ("setup", "play", "collect", "refill", "final"):
        for kind in ("play", "bonus", "take", "blason", "token", "first", "card", "hand"):
            within = kind in phase_kinds(phase)
            text = grammar.say("refusal.not_now", kind=kind, phase=phase,
                               expected=("bonus",), within_phase=within, player="Anne")
            said_kind = grammar.say("name.kind", kind=kind)
            if within:  # the phase does this: never "not the moment for it"
                assert "pas le moment" not in text, text
            assert text.count(said_kind) <= 1, text

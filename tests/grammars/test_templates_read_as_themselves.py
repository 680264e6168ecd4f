"""Every template's own sentences are read as that template, with the values said: no pass
that reads players' sentences (fillers left out, rewrites, courtesy forms, counts, frames)
may kill a template of the grammar. Found with the rewrite « on en est où » -> « c'est à
qui », which left « on en est où au score » unread, and the filler « ensuite », which left
« ensuite c'est à qui » (who plays next) read as whose turn it is now.

The sentences are drawn at random (seeded) along the paths of the game's automaton, every
start state of every intent, so every template and most of its alternatives are said."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from grammar_helpers import GAMES, grammar

from ludivox.grammars import Grammar
from ludivox.grammars.automaton import Automaton
from ludivox.grammars.intents import Intent, SlotValue

SAMPLES = 3  # sentences drawn per start state (about 1,500 a game)
LONGEST = 40  # words: a path longer than this is dropped (a list said on and on)


def _said(auto: Automaton, start: int, rng: random.Random
          ) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    """A sentence of the template starting at ``start`` and the values it captures; None when
    the walk grew too long. Each step takes one arc (a word, a list, or the end)."""
    words: list[str] = []
    captures: list[tuple[str, str]] = []
    state = start
    for _ in range(LONGEST):
        arcs: list[tuple[str, int, tuple[tuple[str, str], ...], str | int]] = []
        for target, caps in auto.closure[state]:
            if target in auto.finals:
                arcs.append(("end", target, caps, ""))
            arcs += [("word", to, caps, text) for _, text, to in auto.words[target]]
            arcs += [(slot, to, caps, table) for table, slot, to in auto.lookups[target]]
        if not arcs:
            return None
        kind, to, caps, what = rng.choice(arcs)
        captures += caps
        if kind == "end":
            return " ".join(words), tuple(captures)
        if kind == "word":
            words.append(str(what))
        else:  # a list: one of its words, and one of the values that word stands for
            key = rng.choice(sorted(auto.tables[int(what)]))
            words.append(key)
            captures.append((kind, rng.choice(auto.tables[int(what)][key])[0]))
        state = to
    return None


def drawn(g: Grammar, seed: str, samples: int
          ) -> Iterator[tuple[str, str, dict[str, SlotValue]]]:
    """(intent, sentence, values said) drawn at random (seeded) along every start state of
    every intent of ``g``, ``samples`` a state; a card named twice in one list is left out
    ("le onze ... le onze")."""
    auto = g.automaton
    rng = random.Random(seed)
    for name, starts in sorted(auto.starts.items()):
        for start in starts:
            for _ in range(samples):
                sample = _said(auto, start, rng)
                if sample is None or len(set(sample[1])) < len(sample[1]):
                    continue
                yield name, sample[0], g.intent_spec(name).slots_of(sample[1])


def read_as(readings: list[Intent], name: str, slots: dict[str, SlotValue]) -> bool:
    """Whether one exact reading is ``name`` with exactly ``slots``."""
    return any(r.cost == 0 and r.name == name and dict(r.slots) == slots for r in readings)


@pytest.mark.parametrize("game", GAMES)
def test_every_template_reads_its_own_sentences_as_itself(game: str) -> None:
    g = grammar(game)
    said = 0
    wrong: list[tuple[str, str, dict[str, SlotValue], list[tuple[str, float]]]] = []
    for name, text, slots in drawn(g, f"{game}-templates", SAMPLES):
        said += 1
        readings = g.understand(text, intents={name})
        if not read_as(readings, name, slots):
            wrong.append((name, text, slots, [(r.name, r.cost) for r in readings[:2]]))
    assert said > 500
    assert wrong == []


def test_a_sale_said_with_both_and_one_more_is_read_as_said() -> None:
    """« toutes les deux, et un … »: the rewrite of « les deux et un » as numbers said apart
    read it at a cost; the words as said are the template's own."""
    got = grammar("world_without_end").understand(
        "je vends mes laines, toutes les deux, et un tissu par-dessus")
    assert got and got[0].cost == 0 and got[0].name == "play_sale"
    assert dict(got[0].slots) == {"wool": "amount:2", "cloth": "amount:1"}

"""« Non, juste le tissu » while « deux laines et un tissu, c'est bien ça ? » waits (batch
15's harmful case: the same sale was offered again, and « oui » sold both): the player keeps
only some of the values listed, and only those are offered; a « non » never brings back the
request it declined. Properties over seeded Kingsbridge positions (every placement of two
cards on a column) and over Un monde sans fin's sale."""

from __future__ import annotations

from dataclasses import replace

import pytest
from table_helpers import ENGINE, dealt_places, make_table, settings_for, word

from ludivox.asrbench import natural
from ludivox.engines.kingsbridge import KingsbridgeState
from ludivox.engines.kingsbridge.actions import Place
from ludivox.grammars.grammar import Grammar
from ludivox.table.only_these import restricted

NAMES = ("Anne", "Paul")


def _pairs(count: int) -> list[tuple[KingsbridgeState, Place]]:
    """Placements of two cards on one column, from dealt games."""
    return dealt_places(2, count, per_seed=2, seeds=200)


@pytest.mark.parametrize("only", ["seulement", "juste", "non, rien que"])
def test_kingsbridge_only_the_first_card_kept_is_what_is_offered(grammar: Grammar,
                                                                  only: str) -> None:
    pairs = _pairs(10)
    assert len(pairs) >= 5
    for state, action in pairs:
        first, second = action.cards
        t = make_table(grammar, state, NAMES,
                       settings=settings_for(NAMES, confirm="always", scan_check="never"))
        t.hear(f"je pose le {word(first)} et le {word(second)} sur la colonne "
               f"{word(action.column)}")
        assert t.session.pending is not None and t.state == state
        kept = f"{only} le {word(first)}" if only.startswith("non") else \
            f"non, {only} le {word(first)}"
        t.hear(kept)
        assert t.state == state, kept  # asked first: these players confirm every move
        t.hear("oui")
        assert t.state == ENGINE.apply(state, Place((first,), action.column))[0], kept


@pytest.mark.parametrize(("said", "meant"), [
    ("non, juste le tissu", "play vente cloth=1"),
    ("non, seulement les laines", "play vente wool=2"),
    ("non, juste une laine", "play vente wool=1"),
    ("non, rien que le tissu, merci", "play vente cloth=1"),
])
def test_world_without_end_a_sale_cut_down_after_no_sells_only_what_is_kept(
        said: str, meant: str) -> None:
    corpus = next(c for c in natural.load_all() if c.game == "monde-sans-fin")
    case = natural.Case(say=said, at="action", expect_actions=(meant,),
                        before=("je vends deux laines et un tissu",),
                        settings=(("confirm", "always"),))
    [result] = natural.run(replace(corpus, cases=(case,))).results
    assert result.outcome in ("understood", "asked_right"), (said, result)


@pytest.mark.parametrize("said", ["non, deux laines et un tissu", "non, juste deux laines et "
                                  "un tissu", "non, le tissu et les deux laines"])
def test_world_without_end_no_never_brings_back_the_declined_sale(said: str) -> None:
    """Said after « non », the very sale just declined is not offered again: a « oui »
    after it sells nothing."""
    corpus = next(c for c in natural.load_all() if c.game == "monde-sans-fin")
    case = natural.Case(say=said, at="action", expect_actions=("play vente wool=2 cloth=1",),
                        before=("je vends deux laines et un tissu",),
                        settings=(("confirm", "always"),))
    [result] = natural.run(replace(corpus, cases=(case,))).results
    assert result.outcome in ("not_understood", "asked"), (said, result)


def test_restricted_keeps_a_list_only_when_it_is_cut_down(grammar: Grammar) -> None:
    lang, values = grammar.language, grammar.value_words
    raised = "je pose le quatre et le cinq sur la colonne un"
    assert restricted(lang, values, raised, "juste le quatre")[0] == \
        "je pose le quatre sur la colonne un"
    assert restricted(lang, values, raised, "le quatre") == []  # no only-word: a correction
    assert restricted(lang, values, raised, "juste le sept") == []  # not in the list
    assert restricted(lang, values, raised, "seulement le quatre et le cinq") == []  # all kept
    assert restricted(lang, values, raised, "juste le quatre sur la deux") == []  # more said

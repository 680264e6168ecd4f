"""Kingsbridge questions about one card of the hand ("j'ai un quatre ou pas ?") and about
one rule ("quand est-ce qu'une colonne est terminée ?"), over seeded positions: the hand's
answer is exact for every value and said to its owner only; a rule's answer is the
rulebook's line, said at the table, and nothing changes."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from table_helpers import game_session, playout

from ludivox.grammars.numbers import NumberWords
from ludivox.table.io import Heard, Say, seat_channel

WORDS = NumberWords("fr")
HOLDS = ("j'ai un {card} ou pas ?", "est-ce que j'ai un {card} ?", "ai-je le {card} en main ?",
         "est-ce qu'il me reste un {card} ?",
         # batch 17: « encore » / « toujours » ask, whatever the mode
         "j'ai encore un {card} en main", "il me reste toujours un {card} ?",
         "deux secondes, j'ai encore un {card} ?")
# a card told in a game that dealt the hands is a question (before: « c'est moi qui distribue »)
TOLD = ("j'ai un {card} en main", "j'ai un {card} en main ?", "dans ma main j'ai le {card}")


def _positions() -> list[Any]:
    return list(itertools.islice(playout("kingsbridge", "holds"), 0, 20, 5))


@pytest.mark.parametrize("forms", [HOLDS, TOLD])
def test_whether_the_hand_holds_a_card_is_told_exactly_to_its_owner(forms: tuple[str, ...]
                                                                     ) -> None:
    for state, (value, form) in itertools.product(
            _positions(), itertools.product(range(1, 14), forms)):
        seat = state.turn
        session = game_session("kingsbridge", state)
        question = form.format(card=WORDS.cardinal(value))
        said = [o for o in session.handle(Heard(question, seat=seat)) if isinstance(o, Say)]
        count = state.players[seat].hand.count(value)
        assert [s.key for s in said] == ["answer.holds"], (question, said)
        assert said[0].channel == seat_channel(seat), question  # private
        assert (said[0].text.startswith("Oui") if count else said[0].text.startswith("Non")), (
            question, count, said[0].text)
        if count > 1:
            assert WORDS.cardinal(count) in said[0].text, said[0].text
        assert session.state == state


WHERE = ("où est le {card} ?", "le {card}, il est dans quelle colonne déjà ?",
         "dans quelle colonne est le {card} ?", "il est où le {card} ?")


def test_where_a_card_lies_names_every_column_that_holds_it() -> None:
    """ "Où est le sept ?" (batch 10): the columns that hold that value, none, one or several,
    for every value and way of asking; nothing changes."""
    for state, (value, form) in itertools.product(
            _positions(), itertools.product(range(1, 14), WHERE)):
        session = game_session("kingsbridge", state)
        question = form.format(card=WORDS.cardinal(value))
        said = [o for o in session.handle(Heard(question, seat=state.turn))
                if isinstance(o, Say)]
        holding = [i + 1 for i, column in enumerate(state.columns) if value in column]
        assert [s.key for s in said] == ["answer.where_card"], (question, said)
        text = said[0].text
        if not holding:
            assert text.startswith("Il n'y a pas"), text
        for column in range(1, len(state.columns) + 1):
            named = f" {WORDS.cardinal(column)}" in text.split("colonne", 1)[-1]
            assert named == (column in holding), (question, holding, text)
        assert session.state == state


@pytest.mark.parametrize(("question", "rule"), [
    ("quand est-ce qu'une colonne est terminée ?", "rules.column_done"),
    ("c'est quand qu'une colonne est finie ?", "rules.column_done"),
    ("on peut commencer une colonne vide avec n'importe quelle carte ?", "rules.empty_column"),
    ("qu'est-ce que je peux mettre sur une colonne vide ?", "rules.empty_column"),
    # batch 10 of the natural corpus: the rulebook's pass and end, its "pas ... le milieu"
    ("qu'est-ce qui se passe quand ma pioche est vide ?", "rules.empty_pile"),
    ("que se passe-t-il si je n'ai plus de cartes dans ma pioche ?", "rules.empty_pile"),
    ("qu'est-ce que je fais quand la pioche est vide ?", "rules.empty_pile"),
    ("est-ce que j'ai le droit de prendre des cartes au milieu d'une colonne ?", "rules.middle"),
    ("on peut déplacer des cartes du milieu d'une colonne ?", "rules.middle"),
    ("puis-je bouger les cartes au milieu de la colonne ?", "rules.middle"),
    ("on gagne comment à ce jeu ?", "rules.short"),
    ("comment on joue à ce jeu ?", "rules.short"),
])
def test_a_rule_asked_about_is_answered_with_that_rule(question: str, rule: str) -> None:
    state = _positions()[0]
    session = game_session("kingsbridge", state)
    said = [o for o in session.handle(Heard(question, seat=state.turn)) if isinstance(o, Say)]
    assert [s.key for s in said] == [rule], (question, said)
    assert session.state == state


def test_the_empty_column_is_named_by_being_empty() -> None:
    """ "je pose le X sur la colonne vide": over seeded positions and every card of the hand,
    the placement on the one empty column, exactly as when it is named by its number; with no
    empty column or several, a refusal that says so (which ones) and nothing changes."""
    seen = {0: 0, 1: 0, 2: 0}
    for state in itertools.islice(playout("kingsbridge", "empty-column"), 0, 60, 3):
        seat = state.turn
        empty = [i for i, column in enumerate(state.columns, 1) if not column]
        for card in sorted(set(state.players[seat].hand)):
            session = game_session("kingsbridge", state)
            said = session.handle(Heard(f"je pose le {WORDS.cardinal(card)} sur la colonne vide",
                                        seat=seat))
            keys = [o.key for o in said if isinstance(o, Say)]
            if len(empty) == 1:
                named = game_session("kingsbridge", state)
                named.handle(Heard(f"je pose le {card} sur la colonne {empty[0]}", seat=seat))
                assert session.state == named.state, (card, empty, keys)
            else:
                wanted = "refusal.several_empty_columns" if empty else "refusal.no_empty_column"
                assert keys[:1] == [wanted], (card, empty, keys)
                assert session.state == state
            seen[min(len(empty), 2)] += 1
    assert all(seen.values()), seen  # none, one and several empty columns met


def test_a_card_placed_before_another_goes_on_the_column_that_starts_with_it() -> None:
    """ "je pose le deux devant le trois" (Aldred's power): over seeded positions and every
    value, the placement on the column that starts with the card said, only when the card
    placed comes right before it; otherwise a refusal that says what would go there, or that
    no column starts so. Never a placement at a column's end."""
    from ludivox.bindings.registry import binding_for
    from ludivox.engines.kingsbridge.actions import Place
    from ludivox.engines.kingsbridge.state import value
    from ludivox.grammars.grammar import Grammar
    from ludivox.table.binding import Proposal, Refusal

    grammar = Grammar.load("kingsbridge", "fr")
    binding = binding_for("kingsbridge", ["Anne", "Paul"])
    checked = 0
    for state in itertools.islice(playout("kingsbridge", "before"), 0, 30, 6):
        firsts = {i: value(column[0]) for i, column in enumerate(state.columns, 1) if column}
        for card, first in itertools.product(range(1, 13), range(2, 14)):
            said = f"je pose le {WORDS.cardinal(card)} devant le {WORDS.cardinal(first)}"
            intent = grammar.understand(said)[0]
            result = binding.interpret(state, intent, state.turn)
            starting = [i for i, f in firsts.items() if f == first]
            if card + 1 != first:
                assert isinstance(result, Refusal), said
                assert result.lines[0].key == "not_right_before", (said, result)
            elif not starting:
                assert isinstance(result, Refusal), said
                assert result.lines[0].key == "no_column_starts_with", (said, result)
            elif len(starting) == 1:
                assert isinstance(result, Proposal), (said, result)
                assert set(result.candidates) <= {Place((card,), starting[0])}, (said, result)
            checked += 1
    assert checked > 100

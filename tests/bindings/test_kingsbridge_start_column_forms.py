"""An empty column started, with every form of the verb (batch 21: « je peux commencer la
colonne vide avec un deux ou pas, bon, je pose le deux dedans »; « je veux commencer la
colonne vide avec le deux », « commence la trois par le deux », « j'ouvre la colonne vide avec
le neuf »; batch 9: « j'entame la colonne vide avec mon deux et mon trois », « je lance une
nouvelle colonne avec le onze, sur la trois »): for every empty column and every card (or
pair) of the hand, said by « la colonne vide » or by its number, the placement is made at
once, as « je commence » makes it; a column that holds cards is refused with what it ends
with, and nothing changes."""

from __future__ import annotations

from table_helpers import ENGINE, keys, make_table, word
from test_kingsbridge_start_column import HAND, _said, _state

from ludivox.engines.kingsbridge.actions import Place
from ludivox.grammars.grammar import Grammar

VERBS = ("je veux commencer", "je vais commencer", "je voudrais commencer", "commence",
         "commencer", "démarre", "j'ouvre", "je démarre", "on commence",
         "j'aimerais commencer", "j'entame", "je lance")
PLACES = ("la colonne vide", "la colonne {column}", "la {column}")
FORMS = ("dans la colonne vide je vais commencer avec {cards}",
         "je lance une nouvelle colonne avec {cards}, sur la {column}",
         "j'entame une colonne par {cards} dans la colonne {column}",
         "sur la colonne {column} je veux commencer par {cards}")




def _texts() -> list[str]:
    texts = [f"{verb} {place} {prep} {{cards}}" for verb in VERBS for place in PLACES
             for prep in ("avec", "par")]
    return texts + list(FORMS)


def test_every_form_of_the_verb_starts_the_empty_column(grammar: Grammar) -> None:
    texts = _texts()
    runs = [(c,) for c in HAND] + [(2, 3), (12, 13)]
    checked = 0
    for empty in range(1, 7):
        state = _state(empty)
        for n, form in enumerate(texts):
            cards = runs[(n + empty) % len(runs)]
            text = form.format(cards=_said(cards), column=word(empty))
            table = make_table(grammar, state)
            says = table.hear(text)
            expected, _ = ENGINE.apply(state, Place(cards, empty))
            assert ENGINE.dumps(table.state) == ENGINE.dumps(expected), (text, keys(says))
            checked += 1
    assert checked == 6 * len(texts)


def test_a_column_with_cards_is_not_started(grammar: Grammar) -> None:
    state = _state(3)
    for column in (1, 2, 4, 5, 6):
        for verb in VERBS[:6]:
            text = f"{verb} la colonne {word(column)} avec le {word(HAND[column - 1])}"
            table = make_table(grammar, state)
            says = table.hear(text)
            assert table.state == state, text
            assert keys(says) == ["column_not_empty"], (text, keys(says))

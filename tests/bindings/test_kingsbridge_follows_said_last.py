"""What a card follows, said after the column (batches 16-17: « j'ajoute le neuf à la
dernière colonne, après le huit », « j'envoie mon huit sur la colonne cinq, après le sept »,
« le dix et le onze à la suite sur la trois, derrière le neuf »): read as said before the
column (dislocation.tail_moved) and checked. Over the one-card placements on a non-empty
column of a seeded playout: the column's last card said is the placement at once; another
card is refused (« la colonne … finit par … ») and nothing changes."""

from __future__ import annotations

import itertools

from table_helpers import ENGINE, word
from test_kingsbridge_placing_verbs import _heard, _placements

from ludivox.engines.kingsbridge.state import value

FORMS = ("j'ajoute le {card} à la colonne {column}, après le {last}",
         "j'envoie mon {card} sur la colonne {column}, juste après le {last}",
         "je pose le {card} sur la {column}, derrière le {last}",
         "le {card} sur la colonne {column}, à la suite du {last}")


def test_the_card_followed_said_last_is_checked() -> None:
    checked = 0
    for (state, action), form in zip(_placements(), itertools.cycle(FORMS), strict=False):
        column = state.columns[action.column - 1]
        if not column:
            continue
        last = value(column[-1])
        card, target = word(action.cards[0]), word(action.column)
        expected, _ = ENGINE.apply(state, action)
        text = form.format(card=card, column=target, last=word(last))
        after, said = _heard(state, text)
        assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
        wrong = last - 1 if last > 1 else last + 1
        text = form.format(card=card, column=target, last=word(wrong))
        after, said = _heard(state, text)
        assert after == state and "column_ends_otherwise" in said, (text, said)
        checked += 1
    assert checked >= 20

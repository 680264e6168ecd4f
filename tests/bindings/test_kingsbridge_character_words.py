"""Characters called in other words (batch 17: « je fais venir Mère Agatha », « Wynstan :
j'écarte le douze de la dernière colonne », « Edgar me fait un treize sur la dernière
colonne »; earlier « je fais appel à Aldred », « Edgar me sert de huit sur la colonne cinq »,
« Edgar prend la place d'un dix sur la colonne trois »): each form does exactly what the
plain form does (« j'utilise … »), at once, over every character of the game and the
column ends and values of dealt solo positions; what cannot be done is refused alike."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import ENGINE, keys, make_table, position, word

from ludivox.engines.kingsbridge.charactions import UseEdgar
from ludivox.engines.kingsbridge.state import CHARACTERS
from ludivox.grammars.grammar import Grammar

NAMES = {"aldred": "frère Aldred", "edgar": "Edgar", "wynstan": "l'évêque Wynstan",
         "gytha": "Gytha", "agatha": "Mère Agatha", "ragna": "Ragna",
         "ethelred": "le roi Ethelred", "den": "le shérif", "wigelm": "Wigelm",
         "wilwulf": "Wilwulf"}
CALL = ("je fais venir {name}", "je fais appel à {name}")
EDGAR = ("Edgar me fait un {card} sur la colonne {column}",
         "Edgar me sert de {card} sur la colonne {column}",
         "Edgar prend la place d'un {card} sur la colonne {column}")
WYNSTAN = ("Wynstan : j'écarte le {card} de la colonne {column}",
           "avec l'évêque, j'écarte le {card} de la colonne {column}")
COLUMNS = ([[3], [1, 2], [9], [13], [5, 6, 7], [12]],
           [[2, 3, 4], [8], [6, 7, 8, 9], [1, 2, 3], [11, 12], [4, 5]])


def _solo(revealed: tuple[str, ...], columns: list[list[int]]) -> Any:
    return position(columns=columns, discard=[],
                    players=[{"hand": [2, 5, 7, 9, 10, 11], "pile": [4, 4, 4, 8, 8, 8]}],
                    options={"characters": True, "mode": "solo"}, revealed=list(revealed),
                    deck=[c for c in CHARACTERS if c not in revealed])


def _same(grammar: Grammar, state: Any, plain: str, said: str) -> bool:
    """Whether ``said`` does what ``plain`` does from ``state``; True when it changed it."""
    one, other = make_table(grammar, state, ["Anne"]), make_table(grammar, state, ["Anne"])
    heard_plain, heard = keys(one.hear(plain)), keys(other.hear(said))
    assert ENGINE.dumps(other.state) == ENGINE.dumps(one.state), (said, heard, heard_plain)
    assert heard == heard_plain, (said, heard, heard_plain)
    return bool(other.state != state)


def test_a_character_called_is_the_one_used(grammar: Grammar) -> None:
    changed = 0
    for n, character in enumerate(CHARACTERS):
        others = [c for c in CHARACTERS if c != character]
        state = _solo((character, others[n % 9], others[(n + 3) % 9]), COLUMNS[n % 2])
        for form in CALL:
            changed += _same(grammar, state, f"j'utilise {NAMES[character]}",
                             form.format(name=NAMES[character]))
    assert changed >= 4  # Aldred and Agatha act at once; the others ask their choices


def edgar_said_as_plainly(grammar: Grammar, forms: tuple[str, ...]) -> int:
    """Each of ``forms`` ({card}, {column}) against « j'utilise Edgar comme un … sur la
    colonne … », over Edgar's legal uses and a spread of refused ones: how many changed the
    game (each does what the plain form does, :func:`_same`)."""
    changed = 0
    for columns, form in itertools.product(COLUMNS, forms):
        state = _solo(("edgar", "gytha", "den"), columns)
        uses = [a for a in ENGINE.legal_actions(state) if isinstance(a, UseEdgar)]
        wrong = [(c, n) for c, n in itertools.product(range(1, 14), range(1, 7))
                 if UseEdgar(n, c) not in uses][::9]
        for card, column in [(a.value, a.column) for a in uses] + wrong:
            plain = f"j'utilise Edgar comme un {word(card)} sur la colonne {word(column)}"
            changed += _same(grammar, state, plain,
                             form.format(card=word(card), column=word(column)))
    return changed


def test_edgar_said_as_the_card_he_stands_for(grammar: Grammar) -> None:
    assert edgar_said_as_plainly(grammar, EDGAR) >= 20


def test_wynstan_said_with_the_card_he_sets_aside(grammar: Grammar) -> None:
    changed = 0
    for columns, form in itertools.product(COLUMNS, WYNSTAN):
        state = _solo(("wynstan", "gytha", "den"), columns)
        for column, cards in enumerate(columns, start=1):
            for card in {cards[-1], cards[0]}:
                plain = (f"j'utilise l'évêque pour retirer le {word(card)} de la colonne "
                         f"{word(column)}")
                changed += _same(grammar, state, plain,
                                 form.format(card=word(card), column=word(column)))
    assert changed >= 20

"""What a card follows, said after the column (batches 16-17: « j'ajoute le neuf à la
dernière colonne, après le huit », « j'envoie mon huit sur la colonne cinq, après le sept »,
« le dix et le onze à la suite sur la trois, derrière le neuf »): read as said before the
column (dislocation.tail_moved) and checked. Over the one-card placements on a non-empty
column of a seeded playout: the column's last card said is the placement at once; another
card is refused (« la colonne … finit par … ») and nothing changes."""

from __future__ import annotations

from test_kingsbridge_placing_verbs import last_card_checked

FORMS = ("j'ajoute le {card} à la colonne {column}, après le {last}",
         "j'envoie mon {card} sur la colonne {column}, juste après le {last}",
         "je pose le {card} sur la {column}, derrière le {last}",
         "le {card} sur la colonne {column}, à la suite du {last}")


def test_the_card_followed_said_last_is_checked() -> None:
    assert last_card_checked(FORMS) >= 20

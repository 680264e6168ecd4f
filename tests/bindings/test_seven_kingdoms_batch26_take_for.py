"""7 Kingdoms: a take said with what it is for (issue 16, held-out batch 26: « je vais
prendre le quarante-neuf pour le mettre direct dans mon royaume » was only guessed at).

Over the one- and two-card takes of the corpus's take positions, « pour le/les mettre, poser,
ranger (directement) dans mon royaume », « pour le/les valider » validate the cards taken, and
« pour le/les garder (en main) » keeps them: each at once, each where it goes as said."""

from __future__ import annotations

import itertools

import pytest
from test_seven_kingdoms_batch25 import _legal, _n
from test_seven_kingdoms_said_around import TAKES, _position, _same
from test_seven_kingdoms_session import ENGINE

from ludivox.engines.seven_kingdoms.actions import Take

KINGDOM = ("pour {p} mettre dans mon royaume", "pour {p} poser directement dans mon royaume",
           "pour {p} ranger au royaume", "pour {p} valider", "pour {p} valider tout de suite",
           "pour {p} mettre tout de suite devant moi")
HAND = ("pour {p} garder en main", "pour {p} garder", "pour {p} mettre dans ma main",
        "pour {p} garder pour plus tard", "pour {p} ranger en main")
VERBS = ("je prends", "je vais prendre", "je récupère")


def _said(cards: tuple[int, ...]) -> str:
    return " et ".join(f"le {_n(c)}" for c in cards)


@pytest.mark.parametrize("at", TAKES)
def test_a_take_said_with_what_it_is_for(at: str) -> None:
    state, names = _position(at)
    checked = 0
    verbs = itertools.cycle(VERBS)
    for size in (1, 2):
        for cards in _legal(state, size)[:2]:
            pronoun = "le" if size == 1 else "les"
            for forms, keep in ((KINGDOM, ()), (HAND, cards)):
                take = Take(cards, keep)
                if ENGINE.refusal(state, take) is not None:
                    continue
                for form in forms:
                    tail = form.format(p=pronoun)
                    _same(state, names, f"{next(verbs)} {_said(cards)} {tail}", take)
                    checked += 1
    assert checked or at == "general"  # the general takes three places

"""7 Kingdoms cards from the facts printed on them (an NFC chip's): the facts build the card,
and whatever a chip may carry is either a card or a French sentence naming the card and
saying what to rewrite."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sk_messages import assert_french

from ludivox.engines.seven_kingdoms import TitleCard
from ludivox.gamedata.seven_kingdoms import load_components
from ludivox.gamedata.seven_kingdoms_facts import (
    CardFactsError,
    card_from_facts,
    deck_from_facts,
    with_printed_cards,
)


def test_card_from_facts_accepts_what_a_chip_may_carry() -> None:
    assert card_from_facts({"number": 44, "blason": 3, "places": [1, 6]}) == TitleCard(
        44, 3, (1, 6)
    )
    assert card_from_facts({"number": "card:12", "blason": "blason:4", "rank": "Évêque"}) == (
        TitleCard(12, 4)
    )
    assert card_from_facts({"number": "45", "blason": "2", "places": "3,7"}).places == (3, 7)


@pytest.mark.parametrize(
    ("facts", "message"),
    [
        ({"blason": 3}, "puce de carte : le numéro de carte manque"),
        ({"number": 50, "blason": 3}, "il n'y a pas de carte 50 (les cartes sont numérotées "
                                      "de 1 à 49)"),
        ({"number": 12, "blason": 9}, "carte 12 : il n'y a pas de blason 9"),
        ({"number": 12, "blason": 2, "rank": "roi"}, "carte 12 : c'est un Évêque, pas « roi » "
                                                     "(les cartes 8 à 14 sont des Évêques)"),
        ({"number": 44, "blason": 2}, "le Paysan 44 montre deux places différentes, numérotées "
                                      "de 1 à 7 de gauche à droite (ici : aucune)"),
        ({"number": 44, "blason": 2, "places": "2,2"}, "(ici : 2 et 2)"),
        ({"number": 26, "blason": 2, "places": [1, 2]},
         "la carte 26 est une Princesse : seules les cartes Paysan montrent des places"),
        ({"number": "douze", "blason": 2}, "le numéro de carte est illisible (« douze »)"),
        ({"number": 44, "blason": 2, "places": "2,x"}, "carte 44 : une place est "
                                                       "illisible (« x »)"),
    ],
)
def test_a_bad_chip_is_told_in_french(facts: dict[str, object], message: str) -> None:
    with pytest.raises(CardFactsError) as caught:
        card_from_facts(facts)
    assert message in str(caught.value)
    assert_french(str(caught.value))


_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.text(max_size=8),
    st.sampled_from(["card:44", "blason:3", "2,5", "roi", "Paysan", "card:x", "7/1"]),
    st.lists(st.one_of(st.integers(-1, 9), st.text(max_size=3)), max_size=3),
    st.floats(allow_nan=False, width=16),
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["number", "blason", "places", "rank", "other"]),
                       _VALUES))
def test_any_chip_is_a_card_or_a_french_sentence(facts: dict[str, object]) -> None:
    try:
        card = card_from_facts(facts)
    except CardFactsError as error:
        assert_french(str(error))
        # the one unreadable value may be quoted (« { »), never the whole facts dumped
        assert repr(facts) not in str(error), "the facts are not dumped at the person"
    else:
        assert 1 <= card.number <= 49 and 1 <= card.blason <= 7


def test_a_printed_card_replaces_a_provisional_one() -> None:
    base = load_components()
    printed = card_from_facts({"number": 12, "blason": 1, "places": []})
    components = with_printed_cards(base, [printed])
    assert components.card(12).blason == 1 and not components.is_provisional("card:12")
    # the provisional Évêque that held blason 1 (card 8) takes 12's old blason
    assert components.card(8).blason == base.card(12).blason
    # a second printed fact that contradicts the first one is refused, in French
    with pytest.raises(ValueError) as caught:
        with_printed_cards(components, [card_from_facts({"number": 9, "blason": 1})])
    assert str(caught.value).startswith(
        "la carte 9 montre le blason 1, mais la carte 12, déjà vérifiée, est l'Évêque de ce "
        "blason")
    assert_french(str(caught.value))


def _deck() -> list[dict[str, object]]:
    return [
        {"number": n, "blason": (n * 3) % 7 + 1, **({"places": [1, 7]} if n > 42 else {})}
        for n in range(1, 50)
    ]


def test_a_fully_chipped_deck_needs_no_table() -> None:
    base = load_components()
    deck = deck_from_facts(_deck(), base)
    assert deck.card(10).blason == (10 * 3) % 7 + 1
    assert not any(k.startswith("card:") for k in deck.provisional)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d[:-1], "il manque la carte 49 dans le jeu à puces : lis aussi sa puce"),
        (lambda d: d[3:], "il manque les cartes 1 à 3 dans le jeu à puces : lis aussi leurs "
                          "puces"),
        (lambda d: [*d[:-1], {"number": 49, "blason": 2, "places": [1, 7]}],
         "le blason 2 a deux Paysans (cartes 47 et 49)"),
        (lambda d: [*d, d[3]], "la carte 4 est lue deux fois"),
    ],
)
def test_a_bad_chipped_deck_is_told_in_french(edit: object, message: str) -> None:
    assert callable(edit)
    with pytest.raises(CardFactsError) as caught:
        deck_from_facts(edit(_deck()), load_components())
    assert message in str(caught.value)
    assert_french(str(caught.value))

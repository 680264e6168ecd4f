"""7 Kingdoms: cards of the row named by their place or their end of the row (issue 16,
batch 22: « la troisième carte de la rangée je vais la prendre dans mon royaume », « je
prends la dernière au royaume », « la première et la dernière tout au royaume », « le dernier
marchand », « la princesse et celle juste à droite », « la troisième carte de la rangée c'est
laquelle », « elle fait quoi la carte tout au bout de la rangée »).

Over the natural corpus's take positions, every place, every rank of the row and every card,
through the real session: the cards meant are taken (when the rules allow it, else nothing
changes), never another one; a question names the card at that place."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_said_around import TAKES, _position
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import SevenKingdomsState, rank_of
from ludivox.engines.seven_kingdoms.actions import Take
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
RANKS = {"roi": "roi", "eveque": "évêque", "general": "général", "princesse": "princesse",
         "chevalier": "chevalier", "marchand": "marchand", "paysan": "paysan"}
FEMININE = {"princesse"}


def _ordinal(place: int) -> str:
    return "dernière" if place == 7 else WORDS.ordinal(place, feminine=True)


def _heard(state: SevenKingdomsState, names: list[str], text: str, take: Take | None) -> None:
    """``text`` takes ``take`` when the rules allow it; otherwise nothing changes."""
    table = make(state, names)
    table.hear(text, seat=ENGINE.awaiting(state).seat)
    if take is not None and ENGINE.refusal(state, take) is None:
        assert ENGINE.dumps(table.state) == ENGINE.dumps(ENGINE.apply(state, take)[0]), text
    else:
        assert ENGINE.dumps(table.state) == ENGINE.dumps(state), text


# the sessions are slow to build: each form over one position, three places of it (an end,
# an empty place where the row has one, the last)
FORMS = ("je prends la {o} de la rangée au royaume",
         "la {o} carte de la rangée je vais la prendre dans mon royaume",
         "je prendrai la {o} carte dans mon royaume",
         "je prends la {o} carte au royaume")
PLACES = {"take": (1, 3, 7), "take_king": (2, 4, 7), "general": (1, 5, 7), "princess": (2, 6, 7)}


@pytest.mark.parametrize(("at", "form"), list(zip(TAKES, FORMS, strict=True)))
def test_a_place_by_its_ordinal_takes_the_card_there(at: str, form: str) -> None:
    state, names = _position(at)
    for place in PLACES[at]:
        card = state.row[place - 1]
        take = Take((card,), ()) if card is not None else None
        _heard(state, names, form.format(o=_ordinal(place)), take)


@pytest.mark.parametrize("at", ("take_king", "princess"))
def test_two_places_by_their_ordinals(at: str) -> None:
    state, names = _position(at)
    for first, second in ((1, 7), (2, 3)):
        cards = (state.row[first - 1], state.row[second - 1])
        take = Take(tuple(sorted(c for c in cards if c is not None)), ())
        said = f"la {_ordinal(first)} et la {_ordinal(second)} tout au royaume"
        _heard(state, names, said, take if None not in cards else None)


@pytest.mark.parametrize(("at", "end", "ranks"), [
    ("take_king", "last", ("marchand", "princesse", "roi")),
    ("take_king", "first", ("marchand", "general")),
    ("take", "last", ("marchand", "paysan", "chevalier")),
])
def test_a_rank_by_its_end_of_the_row(at: str, end: str, ranks: tuple[str, ...]) -> None:
    """« le dernier marchand »: of the row's cards of that rank, the rightmost one (none of
    them: nothing changes)."""
    state, names = _position(at)
    present = [c for c in state.row if c is not None]
    for rank in ranks:
        word = RANKS[rank]
        ranked = [c for c in present if rank_of(c) == rank]
        article = ("la première " if end == "first" else "la dernière ") if rank in FEMININE \
            else ("le premier " if end == "first" else "le dernier ")
        take = Take((ranked[0 if end == "first" else -1],), ()) if ranked else None
        _heard(state, names, f"je prends {article}{word} au royaume", take)


@pytest.mark.parametrize("side", ["droite", "gauche"])
@pytest.mark.parametrize("at", ("take_king", "princess"))
def test_a_card_and_its_neighbour_on_one_side(at: str, side: str) -> None:
    """« la princesse et celle juste à droite »: the card said and the next place's card."""
    state, names = _position(at)
    for place, card in enumerate(state.row):
        if card is None or place not in (0, 5, 6):
            continue
        other = place + (1 if side == "droite" else -1)
        beside = state.row[other] if 0 <= other < 7 else None
        take = Take(tuple(sorted((card, beside))), ()) if beside is not None else None
        said = f"le {WORDS.cardinal(card)} et celle juste à {side} dans mon royaume"
        _heard(state, names, said, take)


@pytest.mark.parametrize("form", ["la {o} carte de la rangée c'est laquelle",
                                  "elle fait quoi la {o} carte de la rangée"])
@pytest.mark.parametrize("at", ("take", "take_king"))
def test_a_place_asked_about_names_its_card(at: str, form: str) -> None:
    state, names = _position(at)
    seat = ENGINE.awaiting(state).seat
    for place in PLACES[at]:
        table = make(state, names)
        out = table.hear(form.format(o=_ordinal(place)), seat=seat)
        card = state.row[place - 1]
        if card is None:
            assert "answer.place_empty" in [s.key for s in out], (place, out)
            continue
        plain = make(state, names).hear(f"c'est quoi le {WORDS.cardinal(card)}", seat=seat)
        want = [s.text for s in plain if s.key == "answer.card"]
        assert want and [s.text for s in out if s.key == "answer.card"] == want, (place, out)
        assert ENGINE.dumps(table.state) == ENGINE.dumps(state)


@pytest.mark.parametrize("said", ["elle fait quoi la carte tout au bout de la rangée",
                                  "c'est quoi la carte tout à gauche de la rangée"])
def test_an_end_of_the_row_asked_about_names_its_card(said: str) -> None:
    state, names = _position("take_king")
    seat = ENGINE.awaiting(state).seat
    present = [c for c in state.row if c is not None]
    card = present[-1] if "bout" in said else present[0]
    out = make(state, names).hear(said, seat=seat)
    plain = make(state, names).hear(f"c'est quoi le {WORDS.cardinal(card)}", seat=seat)
    want = [s.text for s in plain if s.key == "answer.card"]
    assert want and [s.text for s in out if s.key == "answer.card"] == want, out

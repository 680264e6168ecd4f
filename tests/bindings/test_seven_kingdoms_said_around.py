"""7 Kingdoms: a move said with words around it that only restate it (issue 16, batch 16).

* where the taken cards go said last, as a participle or with « tout »: « …, tous les deux
  validés », « …, tout dans mon royaume », « …, validé », « …, tout en main »;
* the card that takes said first: « avec ma princesse je prends … » (checked against the card
  being resolved: another rank refuses and nothing changes);
* a cleft, the card first: « trente-quatre, c'est lui que je joue ce tour-ci »;
* the Évêque's numbered token said without « jeton », maybe with where it goes: « je prends
  le plus deux et je le mets sur le premier blason libre » (never « le paysan », the rank).

Over every legal take of the natural corpus's take positions, every card of the hands of the
play positions and every revealed token, through the real session."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_session import ENGINE, make

from ludivox.asrbench import natural
from ludivox.engines.seven_kingdoms import SevenKingdomsState, rank_of
from ludivox.engines.seven_kingdoms.actions import ChooseToken, Play, Take
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
TAKES = ("take", "take_king", "general", "princess")
RANK = {"roi": "mon roi", "eveque": "mon évêque", "general": "mon général",
        "princesse": "ma princesse", "chevalier": "mon chevalier", "marchand": "mon marchand",
        "paysan": "mon paysan"}
TOKEN = {"x2": "fois deux", "+1": "plus un", "+2": "plus deux", "+3": "plus trois",
         "+4": "plus quatre", "+5": "plus cinq", "peasant": "paysan", "blason": "blason"}


def _position(at: str) -> tuple[SevenKingdomsState, list[str]]:
    corpus = next(c for c in natural.load_all() if c.game == "seven-kingdoms")
    data, names = corpus.positions[at]
    return ENGINE.from_json(data), list(names)


def _said(cards: tuple[int, ...]) -> str:
    words = [f"le {WORDS.cardinal(c)}" for c in cards]
    return ", ".join(words[:-1]) + f" et {words[-1]}" if len(words) > 1 else words[0]


def _takes(state: SevenKingdomsState, keep_all: bool) -> list[Take]:
    """The legal takes of ``state`` whose cards all go one way."""
    cards = sorted({a.cards for a in ENGINE.legal_actions(state) if isinstance(a, Take)})
    out = []
    for taken in cards:
        take = Take(taken, taken if keep_all else ())
        if taken and ENGINE.refusal(state, take) is None:
            out.append(take)
    return out[::max(1, len(out) // 8)]  # eight or so, spread over the sizes


def _same(state: SevenKingdomsState, names: list[str], text: str, action: object) -> None:
    table = make(state, names)
    table.hear(text, seat=ENGINE.awaiting(state).seat)
    assert ENGINE.dumps(table.state) == ENGINE.dumps(ENGINE.apply(state, action)[0]), text


@pytest.mark.parametrize("ending", ["tous validés", "tout dans mon royaume", "validé",
                                    "toutes validées", "tout validé"])
@pytest.mark.parametrize("at", TAKES)
def test_a_take_whose_cards_are_all_validated_said_last(at: str, ending: str) -> None:
    state, names = _position(at)
    takes = _takes(state, keep_all=False)
    assert takes
    for take in takes:
        _same(state, names, f"je prends {_said(take.cards)}, {ending}", take)


@pytest.mark.parametrize("at", TAKES)
def test_a_take_whose_cards_are_all_kept_said_last(at: str) -> None:
    state, names = _position(at)
    for take in _takes(state, keep_all=True):
        _same(state, names, f"je prends {_said(take.cards)}, tout en main", take)


@pytest.mark.parametrize("at", TAKES)
def test_the_card_that_takes_said_first_is_checked(at: str) -> None:
    state, names = _position(at)
    taker = state.resolving_card
    assert taker is not None
    seat = ENGINE.awaiting(state).seat
    for i, take in enumerate(_takes(state, keep_all=False)):
        _same(state, names, f"avec {RANK[rank_of(taker)]} je prends {_said(take.cards)}, "
                            "je valide tout", take)
        for rank, words in RANK.items():
            if rank == rank_of(taker) or (i + len(rank)) % 3:
                continue  # a third of the other ranks, in turn
            table = make(state, names)
            said = table.hear(f"avec {words} je prends {_said(take.cards)}, je valide tout",
                              seat=seat)
            assert ENGINE.dumps(table.state) == ENGINE.dumps(state), words
            assert "taker_mismatch" in [s.key for s in said], (words, said)


@pytest.mark.parametrize("cleft", ["c'est lui que je joue ce tour-ci",
                                   "c'est celui-là que je pose", "c'est elle que je joue"])
def test_a_card_played_in_a_cleft(cleft: str) -> None:
    state, names = _position("play")
    hand = state.seats[ENGINE.awaiting(state).seat].hand
    assert hand
    for card in hand:
        _same(state, names, f"{WORDS.cardinal(card)}, {cleft}", Play(card))
        _same(state, names, f"le {WORDS.cardinal(card)}, {cleft}", Play(card))


@pytest.mark.parametrize("form", ["je prends le {token}",
                                  "je prends le {token} et je le mets sur le premier blason "
                                  "libre", "je pose le {token} sur le prochain blason"])
def test_a_token_said_without_jeton(form: str) -> None:
    state, names = _position("bonus")
    tokens = state.tokens_revealed
    assert tokens
    for token in tokens:
        if token in ("peasant", "blason"):
            continue  # « le paysan » is the rank, « le blason » a blason card: never a token
        _same(state, names, form.format(token=TOKEN[token]), ChooseToken(token))


@pytest.mark.parametrize("ending", ["tout dans mon royaume", "tous validés", "validé"])
def test_a_window_said_by_its_places_all_validated_said_last(ending: str) -> None:
    """« je prends les places deux, trois et quatre, tout dans mon royaume » (a Général)."""
    state, names = _position("general")
    takes = _takes(state, keep_all=False)
    assert takes
    for take in takes:
        places = sorted(state.row.index(c) + 1 for c in take.cards)
        words = [WORDS.cardinal(p, feminine=True) for p in places]
        said = ", ".join(words[:-1]) + f" et {words[-1]}"
        _same(state, names, f"je prends les places {said}, {ending}", take)

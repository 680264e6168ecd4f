"""7 Kingdoms: takes of several cards said in more ways (issue 16, held-out batch 27).

* the taker as the subject without its pronoun: « ma princesse prend le général et le
  marchand quarante et un, je valide tout » (was only read with « elle »);
* the cards listed without « et » between the first ones, then the one kept without « en
  main »: « je prends le trente-neuf le douze et le vingt-quatre et je garde le trente-neuf »
  (was read as three takes in a row);
* a take said « juste le roi pour moi, et je le garde »; the first or last cards then
  named by their ranks: « les trois premières, le général, le paysan et le roi, tout au
  royaume » (checked: another rank is not taken);
* a rank taken whole, then its cards in apposition: « les deux marchands et le trente-neuf et
  le quarante et un » names two cards (was refused as a card named twice); one of them only
  stays refused.

Over the take positions of the natural corpus and the legal takes there."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_batch25 import _legal, _n
from test_seven_kingdoms_said_around import RANK, TAKES, _position, _same
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import SevenKingdomsState, rank_of
from ludivox.engines.seven_kingdoms.actions import Take

SAID = {"roi": "le roi", "eveque": "l'évêque", "general": "le général",
        "princesse": "la princesse", "chevalier": "le chevalier", "marchand": "le marchand",
        "paysan": "le paysan"}
PLURAL = {"roi": "rois", "eveque": "évêques", "general": "généraux", "princesse": "princesses",
          "chevalier": "chevaliers", "marchand": "marchands", "paysan": "paysans"}


def _unchanged(state: SevenKingdomsState, names: list[str], text: str) -> None:
    """``text`` said by the player at turn changes nothing."""
    table = make(state, names)
    table.hear(text, seat=ENGINE.awaiting(state).seat)
    assert ENGINE.dumps(table.state) == ENGINE.dumps(state), text


@pytest.mark.parametrize("at", TAKES)
def test_the_taker_said_as_the_subject_without_its_pronoun(at: str) -> None:
    state, names = _position(at)
    taker = rank_of(state.resolving_card or 0)
    checked = 0
    for cards in _legal(state, 2)[:3]:
        take = Take(cards, ())
        if ENGINE.refusal(state, take) is not None:
            continue
        said = " et ".join(f"{SAID[rank_of(c)]} {_n(c)}" for c in cards)
        _same(state, names, f"{RANK[taker]} prend {said} je valide tout", take)
        checked += 1
    assert checked or not _legal(state, 2)  # the take position's taker takes one card


@pytest.mark.parametrize("at", TAKES)
def test_cards_listed_then_the_one_kept_without_en_main(at: str) -> None:
    state, names = _position(at)
    checked = 0
    for size in (2, 3):
        for cards in _legal(state, size)[:3]:
            take = Take(cards, (cards[-1],))
            if ENGINE.refusal(state, take) is not None:
                continue
            said = [f"le {_n(c)}" for c in reversed(cards)]
            text = f"je prends {' '.join(said[:-1])} et {said[-1]} et je garde le {_n(cards[-1])}"
            _same(state, names, text, take)
            checked += 1
    assert checked or not _legal(state, 2)


@pytest.mark.parametrize("at", TAKES)
def test_a_rank_taken_whole_then_its_cards_in_apposition(at: str) -> None:
    state, names = _position(at)
    row = [c for c in state.row if c is not None]
    for rank in {rank_of(c) for c in row}:
        ranked = tuple(sorted(c for c in row if rank_of(c) == rank))
        if len(ranked) < 2:
            continue
        count = {2: "deux", 3: "trois", 4: "quatre"}[len(ranked)]
        numbers = " et ".join(f"le {_n(c)}" for c in ranked)
        text = f"les {count} {PLURAL[rank]} et {numbers} dans le royaume"
        take = Take(ranked, ())
        if ENGINE.refusal(state, take) is None:
            _same(state, names, text, take)
        one = f"les {count} {PLURAL[rank]} et le {_n(ranked[0])} dans le royaume"
        _unchanged(state, names, one)  # one of them alone: refused


@pytest.mark.parametrize("at", TAKES)
def test_the_first_or_last_cards_then_named_by_their_ranks(at: str) -> None:
    state, names = _position(at)
    row = [c for c in state.row if c is not None]
    alone = {rank_of(c) for c in row if sum(rank_of(x) == rank_of(c) for x in row) == 1}
    for count, word in ((2, "deux"), (3, "trois")):
        for side, cards in (("premières", row[:count]), ("dernières", row[-count:])):
            ranks = [rank_of(c) for c in cards]
            if not set(ranks) <= alone:
                continue
            text = f"les {word} {side} {', '.join(SAID[r] for r in ranks)} tout au royaume"
            take = Take(tuple(sorted(cards)), ())
            if ENGINE.refusal(state, take) is None:
                _same(state, names, text, take)
            other = next(iter(sorted(alone - set(ranks))), None)
            if other is not None:  # a rank not among them: never taken
                _unchanged(state, names, text.replace(SAID[ranks[-1]], SAID[other]))


@pytest.mark.parametrize("at", TAKES)
def test_just_one_card_said_first(at: str) -> None:
    state, names = _position(at)
    row = [c for c in state.row if c is not None]
    for card in row:
        if sum(rank_of(x) == rank_of(card) for x in row) != 1:
            continue
        take = Take((card,), (card,))
        if ENGINE.refusal(state, take) is None:
            pronoun = "la" if rank_of(card) == "princesse" else "le"
            _same(state, names, f"juste {SAID[rank_of(card)]} pour moi et je {pronoun} garde",
                  take)

"""7 Kingdoms said the way players talk (held-out batch 10): a card of the hand put down
without "joue" ("je mets le chevalier trente-quatre sur la table", "je pose mon trente-cinq
devant moi, face visible", "ce sera le trente-cinq pour moi cette manche", "mon évêque"); a
card of the line by its rank and number ("je récupère le marchand quarante et un pour mon
royaume"), by its rank said first ("la princesse, je la garde en main"), under the nth
blason ("la carte sous le troisième blason"), with "et le poser dans mon royaume"; a
preference for where it goes ("je préfère l'avoir en main"); and questions (what cards
score, validating the hand, when a round ends, one blason's majority, the scores, the line,
the hand). Every form does exactly what the plain sentence does, a wrong rank or a negation
changes nothing, and a question never changes the game. Over seeded games, every card."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_named_by_rank import SAID
from test_seven_kingdoms_session import ENGINE, make
from test_seven_kingdoms_take_by_place import ORDINALS, _taking

from ludivox.engines.seven_kingdoms import rank_of

NAMES = ["Anne", "Bruno"]
SEEDS = range(4)
MINE = {rank: words.replace("le ", "mon ").replace("la ", "ma ").replace("l'", "mon ")
        for rank, words in SAID.items()}
PUT_DOWN = ("je mets {said} {card} sur la table", "je pose mon {card} devant moi, face visible",
            "ce sera le {card} pour moi cette manche", "je lâche {mine} {card} sur la table")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_card_put_down_without_joue_is_played(seed: int) -> None:
    state = ENGINE.new_virtual_game(2, seed)
    seat = ENGINE.awaiting(state).seat
    hand = state.seats[seat].hand
    for card in hand:
        rank = rank_of(card)
        by_number = make(state, names=NAMES)
        expected = [s.text for s in by_number.hear(f"je joue le {card}", seat=seat)]
        forms = [f.format(said=SAID[rank], mine=MINE[rank], card=card) for f in PUT_DOWN]
        if [rank_of(c) for c in hand].count(rank) == 1:
            forms.append(f"bon ben allez, {MINE[rank]}")
        for said in forms:
            table = make(state, names=NAMES)
            assert [s.text for s in table.hear(said, seat=seat)] == expected, said
            assert ENGINE.dumps(table.state) == ENGINE.dumps(by_number.state), said
        for said in (f"je ne mets pas {SAID[rank]} {card} sur la table",
                     f"ce ne sera pas le {card} pour moi cette manche"):
            table = make(state, names=NAMES)
            table.hear(said, seat=seat)
            assert ENGINE.dumps(table.state) == ENGINE.dumps(state), said


def _same(seed: int, seat: int, said: str, plain: str) -> None:
    table, by_number = _taking(seed), _taking(seed)
    expected = [s.text for s in by_number.hear(plain, seat=seat)]
    assert [s.text for s in table.hear(said, seat=seat)] == expected, said
    assert ENGINE.dumps(table.state) == ENGINE.dumps(by_number.state), said


@pytest.mark.parametrize("seed", SEEDS)
def test_a_card_of_the_line_by_rank_and_number_or_by_its_blason_is_taken(seed: int) -> None:
    state = _taking(seed).state
    seat = ENGINE.awaiting(state).seat
    row = [c for c in state.row if c is not None]
    for place, card in enumerate(state.row, start=1):
        if card is None:
            continue
        rank = rank_of(card)
        for said, plain in (
                (f"je récupère {SAID[rank]} {card} pour mon royaume",
                 f"je prends le {card} dans mon royaume"),
                (f"je voudrais prendre {SAID[rank]} {card} et le poser dans mon royaume",
                 f"je prends le {card} dans mon royaume"),
                (f"je prends la carte sous le {ORDINALS[place - 1]} blason et je la valide",
                 f"je prends le {card} et je le valide")):
            _same(seed, seat, said, plain)
        if [rank_of(c) for c in row].count(rank) == 1:
            _same(seed, seat, f"{SAID[rank]}, je la garde en main",
                  f"je prends le {card} en main")
        wrong = next(r for r in SAID if r != rank)
        table = _taking(seed)
        said = table.hear(f"je récupère {SAID[wrong]} {card} pour mon royaume", seat=seat)
        assert [s.key for s in said] == ["rank_mismatch"], said
        assert ENGINE.dumps(table.state) == ENGINE.dumps(state)


def test_a_preference_answers_where_the_taken_card_goes() -> None:
    asked = 0
    dealt = [(n, c) for n in range(8) for c in _taking(n).state.row if c is not None]
    for seed, card in dealt:
        seat = ENGINE.awaiting(_taking(seed).state).seat
        for said, plain in (("je préfère l'avoir en main", "en main"),
                            ("je préfère la mettre dans mon royaume", "dans mon royaume")):
            table, plainly = _taking(seed), _taking(seed)
            first = table.hear(f"je prends le {card}", seat=seat)
            plainly.hear(f"je prends le {card}", seat=seat)
            if "ask_keep" not in [s.key for s in first]:
                continue
            asked += 1
            expected = [s.text for s in plainly.hear(plain, seat=seat)]
            assert [s.text for s in table.hear(said, seat=seat)] == expected, said
            assert ENGINE.dumps(table.state) == ENGINE.dumps(plainly.state), said
    assert asked


QUESTIONS = [
    *((f"un {r.split()[-1].split(chr(39))[-1]}, ça vaut combien de points à la fin ?",
       "rules.points") for r in SAID.values()),
    *((f"combien de points vaut {SAID[r]} ?", "rules.points") for r in SAID),
    ("on peut valider une carte qu'on a en main ?", "rules.validate"),
    ("est-ce que je peux valider les cartes de ma main ?", "rules.validate"),
    ("quand c'est que la manche se termine ?", "rules.round"),
    ("c'est quand la fin de la manche ?", "rules.round"),
    *((f"qui a le plus de cartes du {o} blason ?", "answer.majorities") for o in ORDINALS),
    ("qui a le plus de cartes du blason quatre ?", "answer.majorities"),
    ("on en est où au niveau des scores ?", "answer.score"),
    ("qu'est-ce qu'il y a d'étalé sous les blasons ?", "answer.row"),
    ("je les ai plus en tête, mes cartes, tu me les redis ?", "answer.hand"),
]


@pytest.mark.parametrize(("question", "key"), QUESTIONS)
def test_questions_are_answered_and_change_nothing(question: str, key: str) -> None:
    state = ENGINE.new_virtual_game(2, 1)
    table = make(state, names=NAMES)
    said = table.hear(question, seat=ENGINE.awaiting(state).seat)
    assert said and said[0].key.startswith(key), (question, [s.key for s in said])
    assert ENGINE.dumps(table.state) == ENGINE.dumps(state)


@pytest.mark.parametrize("seed", range(8))
def test_the_highest_or_lowest_card_of_a_rank_in_the_hand_is_played(seed: int) -> None:
    state = ENGINE.new_virtual_game(2, seed)
    seat = ENGINE.awaiting(state).seat
    hand = state.seats[seat].hand
    for rank, words in SAID.items():
        cards = [c for c in hand if rank_of(c) == rank]
        noun = words.split("'")[-1].split()[-1]
        det = "ma" if rank == "princesse" else "mon"
        for said, card in ((f"je joue {det} plus gros {noun}", max(cards, default=0)),
                           (f"je pose {det} plus petite {noun}" if rank == "princesse"
                            else f"je pose {det} plus petit {noun}", min(cards, default=0))):
            table = make(state, names=NAMES)
            heard = table.hear(said, seat=seat)
            if not cards:
                assert ENGINE.dumps(table.state) == ENGINE.dumps(state), said
                assert [s.key for s in heard] == ["no_rank_in_hand"], said
                continue
            by_number = make(state, names=NAMES)
            expected = [s.text for s in by_number.hear(f"je joue le {card}", seat=seat)]
            assert [s.text for s in heard] == expected, said
        table = make(state, names=NAMES)
        table.hear(f"je ne joue pas {det} plus gros {noun}", seat=seat)
        assert ENGINE.dumps(table.state) == ENGINE.dumps(state)


SMALL = ("un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
         "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf",
         "vingt")


@pytest.mark.parametrize("seed", range(6))
def test_a_bare_small_number_to_play_is_offered_and_played_only_after_yes(seed: int) -> None:
    state = ENGINE.new_virtual_game(2, seed)
    seat = ENGINE.awaiting(state).seat
    hand = state.seats[seat].hand
    for number, word in enumerate(SMALL, start=1):
        table = make(state, names=NAMES)
        said = [s.key for s in table.hear(word, seat=seat)]
        assert ENGINE.dumps(table.state) == ENGINE.dumps(state), word
        if number not in hand:
            assert "offer_play" not in said, word
            continue
        assert said == ["offer_play"], word
        refused = make(state, names=NAMES)
        refused.hear(word, seat=seat)
        refused.hear("non", seat=seat)
        assert ENGINE.dumps(refused.state) == ENGINE.dumps(state), word
        by_number = make(state, names=NAMES)
        expected = [s.text for s in by_number.hear(f"je joue le {number}", seat=seat)]
        assert [s.text for s in table.hear("oui", seat=seat)] == expected, word

"""Un monde sans fin, batch 24 classes over seeded playouts (issue 16).

* a card « tentée » is the card played: « je tente la récolte »;
* the card named, then its move said again with the move's own verb: « je tente le projet,
  je mets mon bois sur le pont », « je joue la vente et je vends deux laines »; a second
  clause that is another card's move does nothing;
* the card given up in a clause of its own: « je joue la récolte mais je prends rien »;
* the wool woven said with its article and the card named after by any of its names:
  « je tisse la laine avec la carte tissu »;
* the yes said after the answer (« j'échange oui ») and the token after the contribution
  protected (« je protège le blé avec un jeton »);
* when the game ends and the rounds left: « ça finit quand la partie », « il reste combien
  de tours »."""

from __future__ import annotations

from test_world_without_end_card_said_first import CARD, DUE
from test_world_without_end_said_after import PROJECTS, STATES, _legal, _said
from test_world_without_end_session import ENGINE, make

from ludivox.engines.world_without_end import Play, WweState
from ludivox.engines.world_without_end.components import PERIODS, ROUNDS
from ludivox.grammars.numbers import NumberWords

SAY = NumberWords("fr").cardinal


def _mats(play: Play) -> str:
    parts = []
    if play.stone:
        parts.append("une pierre" if play.stone == 1 else f"{SAY(play.stone)} pierres")
    if play.wood:
        parts.append("un bois" if play.wood == 1 else f"{SAY(play.wood)} bois")
    return " et ".join(parts)


def _goods(play: Play) -> str:
    parts = []
    if play.wool:
        parts.append("une laine" if play.wool == 1 else f"{SAY(play.wool)} laines")
    if play.cloth:
        parts.append("le tissu")
    return " et ".join(parts)


def _wool(play: Play) -> str:
    return "la laine" if play.wool == 1 else f"les {SAY(play.wool)} laines"


def _on(project: str) -> str:
    return f"sur {PROJECTS[project]}"


MOVES = {  # each card's move said with its own verb, after the card
    "projet": lambda p: f"je mets {_mats(p)} {_on(p.project)}" if p.project else None,
    "vente": lambda p: f"je vends {_goods(p)}" if p.wool or p.cloth else None,
    "maison": lambda p: f"je construis ma maison sur le site {p.site}" if p.site else None,
    "don": lambda p: f"je fais un don {_on(p.project)}" if p.project else None,
    "tissu": lambda p: f"je tisse {_wool(p)}" if p.wool else None,
}
LEADS = ("je tente {card}, {move}", "je joue {card} et {move}", "je tente {card} {move}")


def _moves(card: str, most: int = 6) -> list[tuple[WweState, Play, str]]:
    found = []
    for state, play in _legal(card):
        move = MOVES[card](play)
        if move is not None:
            found.append((state, play, move))
    return found[:most]


def test_a_card_tried_is_the_card_played() -> None:
    checked = 0
    for state in [s for s in STATES if s.phase == "action"][:40]:
        hand = state.seats[ENGINE.awaiting(state).seat or 0].hand
        for card in sorted(set(hand))[:2]:
            played = _said(state, f"je joue {CARD[card]}")
            assert _said(state, f"je tente {CARD[card]}") == played, card
            checked += played != state
    assert checked >= 10


def test_the_card_then_its_move_said_again_is_that_move() -> None:
    checked = 0
    for card in MOVES:
        for n, (state, play, move) in enumerate(_moves(card)):
            text = LEADS[n % len(LEADS)].format(card=CARD[card], move=move)
            assert _said(state, text) == ENGINE.apply(state, play)[0], text
            checked += 1
    assert checked >= 15


def test_a_move_of_another_card_after_the_card_does_nothing() -> None:
    checked = 0
    for card, other in (("vente", "projet"), ("projet", "vente"), ("don", "maison"),
                        ("maison", "tissu"), ("tissu", "don")):
        for state, _play, move in _moves(other, 3):
            text = f"je joue {CARD[card]}, {move}"
            assert _said(state, text) == state, text
            checked += 1
    assert checked >= 8


def test_the_card_given_up_in_a_clause_of_its_own() -> None:
    checked = 0
    clauses = ("mais je prends rien", "et je fais rien", "mais je ne construis rien")
    for state in [s for s in STATES if s.phase == "action"][:30]:
        seat = ENGINE.awaiting(state).seat or 0
        for n, card in enumerate(sorted(set(state.seats[seat].hand))[:3]):
            given_up = Play(card, renounce=True)
            if given_up not in ENGINE.legal_actions(state):
                continue
            done = ENGINE.apply(state, given_up)[0]
            clause = clauses[(checked + n) % len(clauses)]
            assert _said(state, f"je joue {CARD[card]} {clause}") == done, (card, clause)
            checked += 1
    assert checked >= 10


def test_the_wool_woven_with_its_article_and_the_card_named_after() -> None:
    checked = 0
    cards = ("avec la carte tissu", "avec le tissu", "avec la manufacture", "")
    for n, (state, play) in enumerate([(s, p) for s, p in _legal("tissu") if p.wool][:8]):
        text = f"je tisse {_wool(play)} {cards[n % len(cards)]}".strip()
        assert _said(state, text) == ENGINE.apply(state, play)[0], text
        checked += 1
    assert checked >= 4


def test_yes_said_after_the_exchange_accepted() -> None:
    exchanged = 0
    for state in [s for s in STATES if s.queue and s.queue[0].kind == "exchange"][:6]:
        done = _said(state, "j'échange")  # "oui" changes nothing: refused alike if refused
        for text in ("j'échange oui", "ouais j'accepte l'échange volontiers"):
            assert _said(state, text) == done, text
        exchanged += done != state
    assert exchanged >= 2


def test_the_token_said_after_the_contribution_protected() -> None:
    protected = 0
    for state in [s for s in STATES if s.phase == "protect"][:6]:
        for words in DUE.values():
            done = _said(state, f"je paie avec un jeton de loyauté pour {words}")
            for text in (f"je protège {words} avec un jeton",
                         f"je me protège contre {words} avec ma loyauté"):
                assert _said(state, text) == done, text
            protected += done != state
    assert protected >= 2


def _answer(state: WweState, text: str) -> tuple[str, str]:
    table = make(state)
    says = table.hear(text, seat=ENGINE.awaiting(state).seat)
    assert table.state == state, text
    return says[0].key, says[0].text


def test_the_end_of_the_game_and_the_rounds_left_are_answered() -> None:
    checked = 0
    ends = ("ça finit quand la partie", "il reste combien de tours", "quand finit la partie",
            "quand est-ce que la partie finit")
    for state in STATES[::25]:
        if ENGINE.awaiting(state).game_over:
            continue
        left = (PERIODS - state.period) * ROUNDS + ROUNDS - state.round + 1
        for text in ends:
            key, said = _answer(state, text)
            assert key == "answer.game_end", (text, key)
            assert "période quatre" in said, said
            assert f"il reste {SAY(left)} tour" in said, (left, said)
        checked += 1
    assert checked >= 3

"""Un monde sans fin, batch 20 classes over legal moves of seeded playouts (issue 16).

* the assistant addressed: a good asked of it with the card named (« la carte matériau, tu
  me donnes du bois », « avec le privilège donne-moi du bois »), the game's own verbs as
  commands (« tisse-moi ma laine », « fais la récolte », « fais un don pour le pont »,
  « soigne avec la médecine, je rends le service »), at the end of a period (« oui donne un
  jeton de loyauté pour le blé ») and for an exchange (« fais l'échange »);
* a card in new words: thrown « mais sans faire l'action, jette-la », its whole name (« la
  faveur du roi »), claimed by a good's name (« le blé pour moi »: the card in the action
  phase, the income in the event phase), its verb with the going (« je vais aller prier »)
  and the card said again (acted on only when both name the same card);
* the goods then the market (« un tissu seulement au marché »), the empty side as a place
  (« du côté où y a personne »), the event card with its participle (« la carte événement
  tirée, c'est la huit ») and what the period's end claims (« qu'est-ce qu'on me réclame »)."""

from __future__ import annotations

from test_world_without_end_batch19 import MATERIAL, _done, _wool
from test_world_without_end_said_after import PROJECTS, STATES, _legal, _said
from test_world_without_end_session import CARD_WORDS, DUE_WORDS, ENGINE, GRAMMAR, make

from ludivox.engines.world_without_end import Choose, Play, WweState

ACTION_STATES = [s for s in STATES if s.phase == "action" and not s.queue]


def _in_hand(state: WweState) -> list[Play]:
    return [a for a in ENGINE.legal_actions(state) if isinstance(a, Play) and not a.renounce]


def test_a_good_asked_of_the_assistant_with_its_card_named() -> None:
    checked = 0
    for card, forms in (("materiau", ("la carte matériau tu me donnes {m}",
                                      "donne-moi {m} avec le matériau")),
                        ("privilege", ("avec le privilège donne-moi {m}",
                                       "le privilège, tu me donnes {m}"))):
        plays = [(s, p) for s, p in _legal(card) if p.material]
        assert plays, card
        for state, play in plays[:4]:
            for form in forms:
                text = form.format(m=MATERIAL[play.material])
                assert _said(state, text) == _done(state, play), text
                checked += 1
    assert checked >= 12


def test_the_games_own_verbs_said_as_commands() -> None:
    checked = 0
    for state, play in [(s, p) for s, p in _legal("tissu") if p.wool][:6]:
        for text in (f"tisse-moi {_wool(play.wool, True)}",
                     f"transforme {_wool(play.wool, True)} en tissu"):
            assert _said(state, text) == _done(state, play), text
            checked += 1
    for state, play in [(s, p) for s, p in _legal("don") if p.project][:4]:
        text = f"fais un don pour {PROJECTS[play.project]}"
        assert _said(state, text) == _done(state, play), text
        checked += 1
    for state, play in [(s, p) for s, p in _legal("medecine") if p.service][:4]:
        text = "soigne avec la médecine, je rends le service"
        assert _said(state, text) == _done(state, play), text
        checked += 1
    for state in ACTION_STATES[:8]:
        for card in {p.card for p in _in_hand(state)} & {"recolte", "piete", "ble", "faveur"}:
            words = CARD_WORDS[card]
            assert _said(state, f"fais {words}") == _said(state, f"je joue {words}"), card
            checked += 1
    assert checked >= 16


def test_the_end_of_a_period_and_an_exchange_said_as_commands() -> None:
    checked = 0
    for state in [s for s in STATES if s.phase == "protect"][:6]:
        for due, words in DUE_WORDS.items():
            base = _said(state, f"je donne un jeton de loyauté pour {words}")
            text = f"oui donne un jeton de loyauté pour {words}"
            assert _said(state, text) == base, (text, due)
            checked += base != state
    assert checked
    exchanges = [s for s in STATES if s.queue and s.queue[0].kind == "exchange"
                 and Choose("yes") in ENGINE.legal_actions(s)]
    assert exchanges
    for state in exchanges[:6]:
        seat = state.queue[0].seat
        want = ENGINE.apply(state, Choose("yes"))[0]
        for text in ("fais l'échange", "ouais fais l'échange pour moi", "accepte l'échange"):
            assert _said_by(state, text, seat) == want, text


def _said_by(state: WweState, text: str, seat: int) -> WweState:
    table = make(state)
    table.hear(text, seat=seat)
    return table.state


def test_a_card_thrown_but_without_its_action_said_again() -> None:
    checked = 0
    for state in ACTION_STATES[:10]:
        renounced = [a for a in ENGINE.legal_actions(state) if isinstance(a, Play) and a.renounce]
        for play in renounced:
            words = CARD_WORDS[play.card]
            pronoun = "la" if words.startswith("la") else "le"
            text = f"joue {words} mais sans faire l'action jette-{pronoun}"
            assert _said(state, text) == _done(state, play), text
            checked += 1
    assert checked >= 10


def test_a_card_by_its_whole_name_claimed_or_by_its_verb_said_again() -> None:
    checked = 0
    for state in ACTION_STATES[:12]:
        hand = {p.card for p in _in_hand(state)}
        for words in ("le blé", "la piété", "le tissu"):  # the cards named after a good
            played = _said(state, f"je joue {words}")
            assert _said(state, f"{words} pour moi") == played, words
            checked += played != state
        if "faveur" in hand:
            assert _said(state, "la faveur du roi je la joue") == _said(state, "je joue la faveur")
        for verb, card, other in (("prier", "piete", "la récolte"),
                                  ("récolter", "recolte", "la piété")):
            played = _said(state, f"je joue {CARD_WORDS[card]}")
            assert _said(state, f"je vais aller {verb}") == played, verb
            text = f"je vais aller {verb} oui {CARD_WORDS[card]}"
            assert _said(state, text) == played, text
            text = f"je vais aller {verb} oui {other}"
            assert _said(state, text) == state, text  # said two ways that disagree
    assert checked >= 10
    for state in [s for s in STATES if s.phase == "orient"][:6]:
        after = _said(state, "le blé pour moi")
        assert after == _said(state, "je veux le blé"), "the income, never the card"


def test_the_goods_then_the_market_and_the_empty_side() -> None:
    checked = 0
    for state, play in _legal("vente")[:16]:
        goods = []
        if play.wool:
            goods.append(_wool(play.wool))
        if play.cloth:
            goods.append("un tissu" if play.cloth == 1 else f"{play.cloth} tissus")
        if not goods:
            continue
        said = " et ".join(goods)
        for text in (f"{said} seulement au marché", f"{said} au marché"):
            assert _said(state, text) == _done(state, play), text
            checked += 1
    assert checked >= 8
    turned = 0
    for state in [s for s in STATES if s.phase == "orient" and s.players == 3][:4]:
        base = _said(state, "la flèche vers le côté vide")  # one empty side: turned there
        for text in ("mets la flèche du côté où y a personne",
                     "la flèche du côté où il y a personne"):
            assert _said(state, text) == base, text
        turned += base != state
    assert turned


def test_the_event_drawn_and_what_the_period_claims_said_otherwise() -> None:
    for n in range(1, 45):
        for said in ("tirée", "retournée", "sortie"):
            got = GRAMMAR.understand(f"la carte événement {said} c'est la {n}")
            assert got and got[0].name == "reveal_event", (n, said)
            assert got[0].slots["event"] == f"event:{n}", (n, said)
    for text in ("qu'est-ce qu'on me réclame", "qu'est-ce qu'on me demande exactement",
                 "on me réclame quoi", "qu'est-ce que je dois payer"):
        got = GRAMMAR.understand(text)
        assert got and got[0].name == "ask_obligations", text

"""Un monde sans fin, batch 19 classes over legal moves of seeded playouts (issue 16).

* the goods of a sale in new shapes: « un de mes tissus », « la laine et le tissu » (the
  singular with its article is one), the goods first (« une laine, un tissu, je vends les
  deux »), the market first (« au marché, une seule laine »);
* the good or the wool first, taken up after: « du bois, voilà ce que je prends avec le
  matériau », « ma laine, je la tisse en tissu », « tissu, mes deux laines »;
* a card said with where or how it is played: « je vais à l'église avec ma carte piété »,
  « je soigne avec la médecine, le service », « le privilège pour avoir du bois », « la
  maison, sur le site onze », « je fais un don en or pour le pont », « j'amène mon morceau de
  bois au pont avec le projet », « je jette la récolte sans faire l'action »;
* the other phases: « la flèche, mets-la vers Anne », « je veux la flèche tournée vers
  moi », « non, je donne rien » (no loyalty paid)."""

from __future__ import annotations

from test_world_without_end_said_after import PROJECTS, STATES, _legal, _said
from test_world_without_end_session import CARD_WORDS, ENGINE, NAMES

from ludivox.engines.world_without_end import Play, WweState
from ludivox.engines.world_without_end.actions import Protect

COUNT = {1: "une", 2: "deux", 3: "trois", 4: "quatre"}
MATERIAL = {"stone": "de la pierre", "wood": "du bois"}
AT = {"pont": "au pont", "clocher": "au clocher", "font": "aux fonts baptismaux",
      "foulon": "au foulon", "hospice": "à l'hospice", "chapelle": "à la chapelle",
      "palais": "au palais du prieur"}


def _wool(n: int, mine: bool = False) -> str:
    if n == 1:
        return "ma laine" if mine else "une laine"
    return f"{'mes ' if mine else ''}{COUNT[n]} laines"


def _cloth(n: int) -> str:
    return "un tissu" if n == 1 else f"{COUNT[n]} tissus"


def _done(state: WweState, play: Play) -> WweState:
    return ENGINE.apply(state, play)[0]


def _sales(most: int = 8) -> list[tuple[WweState, Play]]:
    return _legal("vente")[:most * 4]


def test_the_goods_of_a_sale_in_new_shapes() -> None:
    checked = 0
    for state, play in _sales():
        texts = []
        if play.wool and play.cloth == 1:
            texts += [f"je vends {_wool(play.wool, True)} et un de mes tissus",
                      f"{_wool(play.wool)}, un tissu, je vends les deux"]
        if play.wool == 1 and play.cloth == 1:
            texts.append("je vends la laine et le tissu")
        if play.wool == 1 and not play.cloth:
            texts += ["je vends la laine", "au marché, une seule laine",
                      "je vends une de mes laines"]
        if play.wool and not play.cloth:
            texts.append(f"au marché, {_wool(play.wool)}")
        for text in texts:
            assert _said(state, text) == _done(state, play), text
            checked += 1
    assert checked >= 8


def test_the_good_or_the_wool_first_then_taken_up() -> None:
    checked = 0
    for state, play in _legal("materiau")[:6]:
        text = f"{MATERIAL[play.material]}, voilà ce que je prends avec le matériau"
        assert _said(state, text) == _done(state, play), text
        checked += 1
    for state, play in [(s, p) for s, p in _legal("tissu") if p.wool][:8]:
        pronoun = "la" if play.wool == 1 else "les"
        for text in (f"{_wool(play.wool, True)}, je {pronoun} tisse en tissu",
                     f"manufacture, {_wool(play.wool, True)}"):
            assert _said(state, text) == _done(state, play), text
            checked += 1
    assert checked >= 8


def test_a_card_said_with_where_or_how_it_is_played() -> None:
    checked = 0
    cases = (
        ("piete", lambda p: "je vais à l'église avec ma carte piété"),
        ("medecine", lambda p: "je soigne avec la médecine, le service" if p.service else ""),
        ("privilege",
         lambda p: f"le privilège pour avoir {MATERIAL[p.material]}" if p.material else ""),
        ("maison", lambda p: f"la maison, sur le site {p.site}" if p.site else ""),
        ("don", lambda p: f"je fais un don en or pour {PROJECTS[p.project]}" if p.project else ""),
        ("projet", lambda p: f"j'amène mon morceau de bois {AT[p.project]} avec le projet"
         if p.wood == 1 and not p.stone else ""),
    )
    for card, say in cases:
        plays = [(s, p) for s, p in _legal(card) if say(p)]
        assert plays, card
        for state, play in plays[:4]:
            assert _said(state, say(play)) == _done(state, play), say(play)
            checked += 1
    assert checked >= 12


def test_a_card_thrown_without_its_action_is_renounced_and_only_from_the_hand() -> None:
    checked = 0
    for state in [s for s in STATES if s.phase == "action"][:10]:
        seat = ENGINE.awaiting(state).seat
        legal = [a for a in ENGINE.legal_actions(state) if isinstance(a, Play) and a.renounce]
        for card, words in CARD_WORDS.items():
            text = f"je jette {words} sans faire l'action"
            play = next((a for a in legal if a.card == card), None)
            want = _done(state, play) if play else state
            assert _said(state, text) == want, (text, seat)
            checked += play is not None
    assert checked >= 10


def test_the_arrow_said_first_or_wanted_and_no_loyalty_given() -> None:
    turned = 0
    for state in [s for s in STATES if s.phase == "orient"][:6]:
        seat = ENGINE.awaiting(state).seat
        for other in range(state.players):
            who = "moi" if other == seat else NAMES[other]
            base = _said(state, f"tourne la flèche vers {who}")
            for text in (f"la flèche, mets-la vers {who}",
                         f"je veux la flèche tournée vers {who}"):
                assert _said(state, text) == base, text
            turned += base != state
    assert turned >= 4
    checked = 0
    for state in [s for s in STATES if s.phase == "protect"][:6]:
        assert _said(state, "non, je donne rien") == _done_protect(state), state.phase
        checked += 1
    assert checked


def _done_protect(state: WweState) -> WweState:
    return ENGINE.apply(state, Protect(()))[0]

"""Un monde sans fin, batch 21 classes over the positions of seeded playouts (issue 16).

* all of a good said as such (« toutes mes laines », « toute ma laine », « tous mes
  tissus », « tout mon bois »): as many as the player holds, in a sale, a weaving, a
  project, with the privilege too; never another amount (it was guessed « une laine », and
  « oui » sold one)."""

from __future__ import annotations

from test_world_without_end_batch19 import AT, COUNT, MATERIAL, _done, _wool
from test_world_without_end_said_after import PROJECTS, STATES, _legal, _said
from test_world_without_end_session import ENGINE

from ludivox.engines.world_without_end import Play, WweState

ACTION_STATES = [s for s in STATES if s.phase == "action" and not s.queue]
ALL = {"wool": ("toutes mes laines", "toute ma laine"),
       "cloth": ("tous mes tissus", "tout mon tissu"),
       "wood": ("tout mon bois",), "stone": ("toutes mes pierres",)}


def _forms(state: WweState, seat: int) -> list[tuple[str, Play]]:
    """Sentences saying all of a good, each with the play it means in ``state``."""
    own = state.seats[seat]
    found: list[tuple[str, Play]] = []
    for good in ("wool", "cloth"):
        for said in ALL[good]:
            found.append((f"je vends {said}", Play("vente", **{good: own.has(good)})))
    for said in ALL["wool"]:
        found.append((f"je transforme {said} en tissu", Play("tissu", wool=own.has("wool"))))
        found.append((f"avec le privilège je transforme {said}",
                      Play("privilege", wool=own.has("wool"))))
    for project, words in PROJECTS.items():
        for good in ("wood", "stone"):
            found.append((f"je mets {ALL[good][0]} sur {words}",
                          Play("projet", project=project, **{good: own.has(good)})))
    return found


def test_all_of_a_good_is_as_many_as_the_player_holds_never_another_amount() -> None:
    done = kept = 0
    for state in ACTION_STATES[:40]:
        seat = ENGINE.awaiting(state).seat
        legal = set(ENGINE.legal_actions(state))
        for text, play in _forms(state, seat):
            if play.card not in state.seats[seat].hand:
                continue
            after = _said(state, text)
            if play in legal and play.card != "privilege" and (
                    "privilege" not in state.seats[seat].hand):
                assert after == _done(state, play), text
                done += 1
            else:  # refused or asked (privilege too): never another amount carried out
                assert after in (state, _done(state, play)) if play in legal else (
                    after == state), text
                kept += after == state
    assert done >= 12 and kept >= 4, (done, kept)


def test_a_card_done_then_its_choice_is_that_play() -> None:
    checked = 0
    for card, form in (("medecine", "je fais la médecine, le petit service"),
                       ("materiau", "je fais le matériau, {m}"),
                       ("vente", "je fais la vente, {w}"),
                       ("maison", "je fais la maison, sur l'emplacement {s}"),
                       ("projet", "je fais le projet : {b} sur {p}")):
        plays = [(s, p) for s, p in _legal(card)
                 if (p.service if card == "medecine" else
                     p.material if card == "materiau" else
                     p.wool and not p.cloth if card == "vente" else
                     p.site if card == "maison" else p.wood and not p.stone)]
        assert plays, card
        for state, play in plays[:4]:
            text = form.format(m=MATERIAL.get(play.material, ""), w=_wool(play.wool or 1),
                               s=play.site, b=_wood(play.wood),
                               p=PROJECTS.get(play.project, ""))
            assert _said(state, text) == _done(state, play), text
            checked += 1
    assert checked >= 16


def _wood(n: int) -> str:
    return "un bois" if n == 1 else f"{COUNT.get(n, 'deux')} bois"


def _mats(play: Play) -> str:
    if play.wood and play.stone:
        return f"{_wood(play.wood)} et {_stone(play.stone)}"
    return _wood(play.wood) if play.wood else _stone(play.stone)


def _stone(n: int) -> str:
    return "une pierre" if n == 1 else f"{COUNT.get(n, 'deux')} pierres"


def test_goods_on_a_project_without_a_verb_with_the_card_named_is_that_play() -> None:
    checked = 0
    for state, play in [(s, p) for s, p in _legal("projet") if p.project][:8]:
        for text in (f"{_mats(play)} sur {PROJECTS[play.project]} avec le projet",
                     f"avec le projet, {_mats(play)} {AT[play.project]}"):
            assert _said(state, text) == _done(state, play), text
            checked += 1
    assert checked >= 8


OTHER = {"stone": "wood", "wood": "stone"}


def test_a_card_with_its_article_then_its_choice_and_corrected_is_that_play() -> None:
    checked = 0
    for card, form in (("medecine", "la médecine, le petit service"),
                       ("materiau", "le matériau, {m}"),
                       ("materiau", "le matériau {o}, non attends, {m}"),
                       ("vente", "la vente, {w}"),
                       ("tissu", "la manufacture, {w}"),
                       ("projet", "le projet : {b} sur {p}")):
        plays = [(s, p) for s, p in _legal(card)
                 if (p.service if card == "medecine" else
                     p.material if card == "materiau" else
                     p.wool and not p.cloth if card in ("vente", "tissu")
                     else p.wood and not p.stone)]
        assert plays, card
        for state, play in plays[:4]:
            text = form.format(m=MATERIAL.get(play.material, ""), w=_wool(play.wool or 1),
                               o=MATERIAL.get(OTHER.get(play.material, ""), ""),
                               b=_wood(play.wood), p=PROJECTS.get(play.project, ""))
            assert _said(state, text) == _done(state, play), text
            checked += 1
    assert checked >= 20

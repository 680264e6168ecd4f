"""Un monde sans fin: the classes of misses held-out batch 10 revealed, each tested over its
class through the real session (grammar, binding, engine) on the corpus's positions. What a
player notices is checked: the move made (the same state as a phrasing already understood,
or the engine's own action), the answer's key, or nothing changed.

Classes: a card named after its choices ("... avec ma carte matériau"); a project's
"chantier"; only some goods ("rien qu'un tissu"); the piety card by the good it brings;
giving up the action with the card named ("je ne fais rien avec la piété, je la défausse
juste": that negation is the move); "du bois" answering a card; the arrow turned "chez" a
player or "vers" without the arrow; incomes given to two players without a second "pour";
the table's die and event said other ways, and a bare number the table waits for; questions
(the hand reread, whose card, no coach, what a contribution lacks, what the card offers)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from table_helpers import game_binding, game_engine, settings_for

from ludivox.asrbench import natural
from ludivox.engines.world_without_end import Play, Reveal, Tax
from ludivox.shell.launch import game_grammar
from ludivox.table.io import Heard, Say
from ludivox.table.match import Match
from ludivox.table.session import Session

ANNE = "Anne"
GAME = "monde-sans-fin"


@cache
def _positions() -> dict[str, tuple[Any, list[str]]]:
    corpus = next(c for c in natural.load_all() if c.game == "monde-sans-fin")
    return dict(corpus.positions)


def _session(at: str, tmp: Path | None = None) -> Any:
    """A started session at the corpus's position ``at`` (as a ``--state`` file gives it),
    built as ``ludivox`` builds it, the game's data file read once per run
    (``table_helpers.game_binding``; ``tmp``: unused, the position is read in memory)."""
    state, names = _positions()[at]
    engine = game_engine(GAME)
    session = Session(game_binding(GAME, names), game_grammar(GAME),
                      Match(engine, engine.from_json(json.loads(json.dumps(state)))), list(names),
                      settings=settings_for(names, confirm="never", scan_check="never"))
    session.start()
    return session


def said(at: str, text: str, tmp: Path, before: Sequence[str] = (),
         seat: int | None = None) -> tuple[Any, Any, tuple[str, ...]]:
    """The state before, the state after and the response keys of ``text`` said at ``at``."""
    session = _session(at, tmp)
    for line in before:
        session.handle(Heard(line, seat=seat))
    start = session.state
    keys = tuple(o.key for o in session.handle(Heard(text, seat=seat)) if isinstance(o, Say))
    return start, session.state, keys


@cache
def _started(at: str) -> tuple[Any, Any]:
    """The engine and the state of a started session at ``at`` (both frozen: shared)."""
    session = _session(at)
    return session.match.engine, session.state


def after_action(at: str, action: Any, tmp: Path) -> Any:
    """The state after the engine's own ``action`` at ``at`` (``tmp``: unused)."""
    engine, start = _started(at)
    state, _ = engine.apply(start, action)
    return state


# --- moves: the card named after its choices, projects, goods -------------------------------

@pytest.mark.parametrize("material,word", [("stone", "une pierre"), ("wood", "un bois"),
                                          ("wood", "du bois")])
@pytest.mark.parametrize("where", ["", " à la carrière", " dans la forêt"])
@pytest.mark.parametrize("card", ["avec ma carte matériau", "avec la carte matériau",
                                  "grâce à ma carte matériau"])
def test_a_material_with_its_card_named_after(material: str, word: str, where: str, card: str,
                                              tmp_path: Path) -> None:
    _, state, _ = said("action", f"je prends {word}{where} {card}", tmp_path)
    assert state == after_action("action", Play("materiau", material=material), tmp_path)


@pytest.mark.parametrize("text", ["j'apporte un bois au chantier du pont",
                                  "je mets un bois sur le chantier du pont",
                                  "je pose mon bois au chantier du pont"])
def test_a_project_said_as_its_building_site(text: str, tmp_path: Path) -> None:
    _, state, _ = said("action", text, tmp_path)
    assert state == after_action("action", Play("projet", project="pont", wood=1), tmp_path)


@pytest.mark.parametrize("goods,wool,cloth", [
    ("un tissu", 0, 1), ("une laine", 1, 0), ("deux laines", 2, 0),
    ("une laine et un tissu", 1, 1), ("deux laines et un tissu", 2, 1)])
@pytest.mark.parametrize("form", ["au marché, rien qu'{g}", "rien que {g}", "seulement {g}",
                                  "juste {g} au marché"])
def test_only_some_goods_sold(goods: str, wool: int, cloth: int, form: str,
                              tmp_path: Path) -> None:
    text = form.format(g=goods).replace("qu'u", "qu'u").replace("que u", "qu'u")
    _, state, _ = said("action", text, tmp_path)
    assert state == after_action("action", Play("vente", wool=wool, cloth=cloth), tmp_path)


def test_the_cloth_sold_is_one(tmp_path: Path) -> None:
    _, state, _ = said("action", "je vends deux laines et le tissu", tmp_path)
    assert state == after_action("action", Play("vente", wool=2, cloth=1), tmp_path)


@pytest.mark.parametrize("text", ["je vais à la cathédrale chercher un jeton piété",
                                  "je prends un jeton de piété", "je vais chercher de la piété",
                                  "on va à la cathédrale pour prendre un jeton de piété",
                                  "bon, je vais faire la piété ce tour-ci", "je fais la piété"])
def test_the_piety_card_by_what_it_brings(text: str, tmp_path: Path) -> None:
    _, state, _ = said("action", text, tmp_path)
    assert state == after_action("action", Play("piete"), tmp_path)


HAND = {"piete": "la piété", "materiau": "le matériau", "projet": "le projet",
        "vente": "la vente", "privilege": "le privilège", "recolte": "la récolte"}


@pytest.mark.parametrize("card", sorted(HAND))
@pytest.mark.parametrize("form", [
    "je renonce, je défausse la carte {c} sans rien faire",
    "je passe, je jette {w} sans l'utiliser",
    "je ne fais rien avec {w}, je {p} défausse juste",
    "je fais rien avec {w}",
    "je défausse la carte {c} sans agir"])
def test_giving_up_the_action_with_the_card_named(card: str, form: str,
                                                  tmp_path: Path) -> None:
    word = HAND[card]
    text = form.format(c=word.split(" ", 1)[1], w=word, p=word.split(" ", 1)[0])
    _, state, _ = said("action", text, tmp_path)
    assert state == after_action("action", Play(card, renounce=True), tmp_path)


@pytest.mark.parametrize("text", ["je ne fais rien", "je ne joue pas la piété",
                                  "je ne prends pas de bois", "je ne vends rien au marché"])
def test_other_negations_make_no_move(text: str, tmp_path: Path) -> None:
    start, state, _ = said("action", text, tmp_path)
    assert state == start


@pytest.mark.parametrize("answer,material", [("du bois", "wood"), ("de la pierre", "stone")])
@pytest.mark.parametrize("first", ["je joue la carte matériau", "je joue le matériau"])
def test_a_bare_material_answers_the_card(answer: str, material: str, first: str,
                                          tmp_path: Path) -> None:
    _, state, _ = said("action", answer, tmp_path, before=[first])
    assert state == after_action("action", Play("materiau", material=material), tmp_path)


# --- the event card's arrow ------------------------------------------------------------------

WHO = ["moi", "Anne", "Léa"]


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("form", ["la flèche chez {w}", "oriente vers {w}, s'il te plaît",
                                  "je tourne vers {w}", "la flèche sur {w}"])
def test_the_arrow_turned_to_a_player_said_other_ways(who: str, form: str,
                                                      tmp_path: Path) -> None:
    _, goal, _ = said("orient", f"je tourne la flèche vers {who}", tmp_path)
    _, state, _ = said("orient", form.format(w=who), tmp_path)
    assert state == goal


@pytest.mark.parametrize("first,second", [("Léa", "moi"), ("Anne", "moi"), ("moi", "Léa")])
@pytest.mark.parametrize("res1,res2", [("la loyauté", "la pierre"), ("la laine", "l'or"),
                                       ("la pierre", "la laine")])
def test_incomes_for_two_players_without_a_second_pour(first: str, second: str, res1: str,
                                                       res2: str, tmp_path: Path) -> None:
    """The same as said with both "pour" (nothing done either when no side gives both)."""
    _, goal, _ = said("orient", f"{res1} pour {first} et {res2} pour {second}", tmp_path)
    _, state, _ = said("orient", f"pour {first} {res1}, et {second} {res2}", tmp_path)
    assert state == goal


@pytest.mark.parametrize("res", ["la pierre", "le bois", "la laine", "l'or", "la loyauté",
                                 "le point"])
def test_an_income_asked_for_oneself(res: str, tmp_path: Path) -> None:
    _, goal, _ = said("orient", f"{res} pour moi", tmp_path)
    _, state, _ = said("orient", f"donne-moi {res}", tmp_path)
    assert state == goal


def test_the_loyalty_token_taken(tmp_path: Path) -> None:
    _, goal, _ = said("orient", "la loyauté pour moi", tmp_path)
    _, state, _ = said("orient", "je prends le jeton de loyauté", tmp_path)
    assert state == goal


# --- the table's results ---------------------------------------------------------------------

@pytest.mark.parametrize("value", range(1, 7))
@pytest.mark.parametrize("form", ["le dé affiche {v}", "ça fait {v}", "{v}",
                                  "on a fait {v} au dé"])
def test_the_tax_die_said_other_ways(value: int, form: str, tmp_path: Path) -> None:
    words = ["un", "deux", "trois", "quatre", "cinq", "six"][value - 1]
    start, state, keys = said("table_tax", form.format(v=words), tmp_path)
    goal = natural_apply("table_tax", Tax(value), tmp_path)
    assert state == goal or (goal is None and state == start and keys)


def natural_apply(at: str, action: Any, tmp: Path) -> Any:
    """The state after ``action``, or None when the engine refuses it (a face the die has
    not)."""
    try:
        return after_action(at, action, tmp)
    except ValueError:
        return None


@pytest.mark.parametrize("number,words", [(1, "une"), (6, "six"), (9, "neuf"), (10, "dix")])
@pytest.mark.parametrize("form", ["on vient de retourner la {w}",
                                  "l'événement, c'est le numéro {w}", "{w}",
                                  "on a retourné la carte {w}",
                                  "j'ai retourné l'événement {w}"])
def test_the_event_card_said_other_ways(number: int, words: str, form: str,
                                        tmp_path: Path) -> None:
    _, state, _ = said("table_event", form.format(w=words), tmp_path)
    assert state == after_action("table_event", Reveal(number), tmp_path)


@pytest.mark.parametrize("at", ["action", "orient", "protect"])
@pytest.mark.parametrize("text", ["trois", "deux"])
def test_a_bare_number_elsewhere_changes_nothing(at: str, text: str, tmp_path: Path) -> None:
    start, state, _ = said(at, text, tmp_path)
    assert state == start


# --- questions -------------------------------------------------------------------------------

@pytest.mark.parametrize("at,text,key", [
    ("action", "relis-moi mes cartes", "answer.hand"),
    ("action", "lis-moi ma main", "answer.hand"),
    ("action", "qui doit jouer sa carte maintenant ?", "answer.turn"),
    ("action", "que me conseilles-tu ?", "answer.no_advice"),
    ("action", "qu'est-ce que tu me conseilles ?", "answer.no_advice"),
    ("orient", "tu ferais quoi à ma place ?", "answer.no_advice"),
    ("action", "est-ce que j'ai de quoi vendre deux laines ?", "answer.afford"),
    ("action", "est-ce que j'ai de quoi vendre une laine et un tissu ?", "answer.afford"),
    ("protect", "il me manque combien de blé ?", "answer.obligations"),
    ("protect", "il me manque combien de piété ?", "answer.obligations"),
    ("protect", "combien me manque-t-il d'or ?", "answer.obligations"),
    ("exchange", "rappelle-moi ce qu'on me propose", "event_text"),
    ("orient", "qu'est-ce que je reçois si la flèche est vers moi ?", "event_text"),
    ("orient", "je gagne quoi si je tourne la carte vers Léa ?", "event_text"),
    ("action", "qu'est-ce que j'ai derrière mon paravent ?", "answer.stock"),
])
def test_questions_are_answered_and_change_nothing(at: str, text: str, key: str,
                                                   tmp_path: Path) -> None:
    start, state, keys = said(at, text, tmp_path)
    assert state == start
    assert key in keys


def test_a_finished_project_is_told_in_one_clean_sentence(tmp_path: Path) -> None:
    """The bridge, finished, is said after its bonus with a separator and one full stop
    (was "... un pointLe pont est déjà achevé ... .")."""
    session = _session("protect", tmp_path)
    out = session.handle(Heard("où en sont les projets ?"))
    text = " ".join(o.text for o in out if isinstance(o, Say) and o.key == "answer.projects")
    assert text.endswith("ce chantier est achevé, on ne peut plus y construire ni y faire de don.")
    assert ".." not in text and "pointle" not in text.lower()
    assert "bonus : une pierre et un point ; ce chantier est achevé" in text


@pytest.mark.parametrize("metal", [0, 1])
@pytest.mark.parametrize("closed", ["done", "covered", "open"])
def test_a_project_line_has_its_separators(metal: int, closed: str, tmp_path: Path) -> None:
    from ludivox.bindings.world_without_end.words import gain_line, project_line
    from ludivox.table.binding import Line

    session = _session("action", tmp_path)
    item = Line("answer.project_item", {
        "project": project_line("clocher"), "donors": Line("answer.no_donor"),
        "materials": Line("answer.project_materials", {"stone": 2, "wood": 1, "metal": metal}),
        "bonus": gain_line({"vp": 2}), "closed": closed})
    text = session.render(Line("answer.projects", {"items": (item, item)}, 0))
    assert ".." not in text and "poserun" not in text and "pointle" not in text.lower()
    assert text.count(" ; ") == (3 if closed != "open" else 2) * 2
    assert ("un métal" in text) == bool(metal)


# --- batch 10, second pass: objects and leads players use -----------------------------------

@pytest.mark.parametrize("material,word", [("stone", "la pierre"), ("wood", "le bois"),
                                          ("wood", "du bois"), ("stone", "une pierre")])
def test_the_material_card_then_its_material(material: str, word: str, tmp_path: Path) -> None:
    _, state, _ = said("action", f"matériau, {word}", tmp_path)
    assert state == after_action("action", Play("materiau", material=material), tmp_path)


@pytest.mark.parametrize("verb", ["je construis", "je bâtis"])
@pytest.mark.parametrize("mats", ["mon bois", "un bois"])
def test_the_project_as_the_verbs_object(verb: str, mats: str, tmp_path: Path) -> None:
    _, state, _ = said("action", f"{verb} le pont avec {mats}", tmp_path)
    assert state == after_action("action", Play("projet", project="pont", wood=1), tmp_path)


def test_the_harvest_by_its_verb(tmp_path: Path) -> None:
    _, state, _ = said("action", "je récolte", tmp_path)
    assert state == after_action("action", Play("recolte"), tmp_path)


@pytest.mark.parametrize("wool,words", [(1, "une laine"), (2, "deux laines")])
@pytest.mark.parametrize("form", [
    "privilège : je refais la manufacture avec {g}",
    "je rejoue ma dernière carte avec le privilège, {g} en tissu",
    "je refais ma dernière action grâce à mon privilège : {g} en tissu"])
def test_the_privilege_repeating_the_manufacture(wool: int, words: str, form: str,
                                                 tmp_path: Path) -> None:
    _, state, _ = said("action", form.format(g=words), tmp_path)  # her last card: tissu
    assert state == after_action("action", Play("privilege", wool=wool), tmp_path)


@pytest.mark.parametrize("text", ["je prends la sanction, je garde mon jeton",
                                  "j'accepte la sanction", "je garde mon jeton de loyauté"])
def test_the_sanction_taken_keeps_the_loyalty(text: str, tmp_path: Path) -> None:
    _, goal, _ = said("protect", "je ne paie pas de loyauté", tmp_path)
    start, state, _ = said("protect", text, tmp_path)
    assert state == goal != start


@pytest.mark.parametrize("due,words", [("grain", "du blé"), ("piety", "de la piété")])
@pytest.mark.parametrize("form", ["je donne un jeton loyauté pour éviter la sanction {d}",
                                  "je paie une loyauté contre la sanction {d}"])
def test_a_loyalty_against_a_sanction_named(due: str, words: str, form: str,
                                            tmp_path: Path) -> None:
    from ludivox.engines.world_without_end import Protect

    start, state, _ = said("protect", form.format(d=words), tmp_path)
    goal = natural_apply("protect", Protect((due,)), tmp_path)
    assert state == (goal if goal is not None else start)


@pytest.mark.parametrize("answer", ["du bois", "de la pierre"])
def test_a_bare_material_is_no_projects_amount(answer: str, tmp_path: Path) -> None:
    """ "du bois" answers Matériau only: how much wood it is on a project is not guessed."""
    start, state, _ = said("action", answer, tmp_path, before=["je joue le projet"])
    assert state.seats[0].stock == start.seats[0].stock


def test_the_cloth_alone_stays_the_manufacture_card() -> None:
    """ "le tissu" is one cloth in a sale only; alone it is the card it names."""
    from ludivox.grammars.grammar import Grammar

    grammar = Grammar.load("world_without_end", "fr")
    assert [(i.name, dict(i.slots)) for i in grammar.understand("le tissu")][:1] == [
        ("play", {"card": "card:tissu"})]


@pytest.mark.parametrize("text", ["je prends deux jetons de piété",
                                  "je vais à la cathédrale chercher trois jetons piété"])
def test_more_piety_than_the_card_brings_is_no_move(text: str, tmp_path: Path) -> None:
    """The piety card brings one token: "deux jetons" is another content, never played."""
    start, state, _ = said("action", text, tmp_path)
    assert state == start

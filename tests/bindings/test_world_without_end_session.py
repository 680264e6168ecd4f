"""Un monde sans fin conversations through the real session, grammar, binding and engine:
moves said as players say them, the event card turned by voice, the table's reveals,
refusals with their reason, and privacy (a stock, a hand, a face-down card never on the
table channel)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from table_helpers import Table, keys, on, settings_for

from ludivox.bindings.world_without_end.binding import WweBinding
from ludivox.engines.world_without_end import (
    Choose,
    Discard,
    Orient,
    Penitence,
    Play,
    Printed,
    Protect,
    Reveal,
    Tax,
    Tile,
    WweAction,
    WweState,
)
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Say
from ludivox.table.match import Match
from ludivox.table.session import Session

GRAMMAR = Grammar.load("world_without_end", "fr")
NAMES = ["Anne", "Paul", "Zoé", "Marc"]
BINDING = WweBinding(NAMES)
ENGINE = BINDING.engine
# Keys whose sentences tell a stock, a hand or a face-down card: never on the table channel.
PRIVATE_KEYS = ("answer.stock", "answer.hand", "answer.afford", "answer.obligation",
                "event.card_discarded", "refusal.", "suggestion")
PUBLIC_EXCEPTIONS = ("event.card_discarded_hidden",)

CARD_WORDS = {
    "ble": "le blé", "piete": "la piété", "materiau": "le matériau", "projet": "le projet",
    "vente": "la vente", "privilege": "le privilège", "maison": "la maison",
    "recolte": "la récolte", "don": "le don", "tissu": "la manufacture",
    "medecine": "la médecine", "faveur": "la faveur",
}
PROJECT_WORDS = {
    "pont": "le pont", "clocher": "le clocher", "font": "les fonts baptismaux",
    "foulon": "le foulon", "hospice": "l'hospice", "chapelle": "la chapelle marie",
    "palais": "le palais du prieur",
}
RESOURCE_WORDS = {"grain": "un blé", "wool": "une laine", "cloth": "un tissu",
                  "gold": "un or", "stone": "une pierre", "wood": "un bois"}
DUE_WORDS = {"piety": "la piété", "grain": "le blé", "gold": "l'impôt"}


def make(state: WweState, names: Sequence[str] = NAMES, confirm: str = "never") -> Table:
    """A started table at ``state``; the game's data file read once (the components, frozen,
    shared by every table)."""
    seated = list(names[: state.players])
    binding = WweBinding(seated, ENGINE.components)
    session = Session(binding, GRAMMAR, Match(binding.engine, state), seated,
                      settings=settings_for(seated, confirm=confirm, scan_check="never"))
    table = Table(session)
    table._run(session.start())
    return table


def private_on_table(says: Sequence[Say]) -> list[str]:
    return [s.text for s in on(says, "table")
            if s.key.startswith(PRIVATE_KEYS) and s.key not in PUBLIC_EXCEPTIONS]


def _choices(play: Play, card: str) -> str:
    """The words for a play's choices (without the card); ``card``: the card carried out."""
    if play.material:
        return "je prends " + RESOURCE_WORDS[play.material]
    if play.project and (play.stone or play.wood):
        mats = [f"{n} {word}" for n, word in ((play.stone, "pierres"), (play.wood, "bois"))
                if n]
        return f"je mets {' et '.join(mats)} sur {PROJECT_WORDS[play.project]}"
    if play.project:
        return f"je fais un don pour {PROJECT_WORDS[play.project]}"
    if card == "vente" and (play.wool or play.cloth):
        goods = [f"{n} {word}" for n, word in ((play.wool, "laines"), (play.cloth, "tissu"))
                 if n]
        return "je vends " + " et ".join(goods)
    if play.wool:
        return f"je transforme {play.wool} laines en tissu"
    if play.site:
        return f"je construis une maison sur l'emplacement {play.site}"
    if play.sites:
        return "je récolte " + " et ".join(f"la maison {s}" for s in play.sites)
    if play.places:
        return "je soigne " + " et ".join(f"la maison {p}" for p in play.places)
    if play.service:
        return "je fais le petit service médical"
    return ""


def sentence(state: WweState, action: WweAction) -> str | None:
    """A legal action said as a player would say it (None: not said in this test)."""
    if isinstance(action, Play):
        if action.renounce:
            return f"je joue {CARD_WORDS[action.card]} sans l'utiliser"
        seat = ENGINE.awaiting(state).seat
        assert seat is not None
        card = state.seats[seat].last_used if action.card == "privilege" else action.card
        if len(action.places) > 2:
            return None
        said = _choices(action, card)
        if not said:
            return f"je joue {CARD_WORDS[action.card]}"
        return said + (" avec mon privilège" if action.card == "privilege" else "")
    if isinstance(action, Discard):
        return f"je défausse {CARD_WORDS[action.card]}"
    if isinstance(action, Reveal):
        return f"j'ai tiré la carte événement {action.card}"
    if isinstance(action, Tile):
        return f"la tuile vaut {action.value}"
    if isinstance(action, Tax):
        return f"le dé donne {action.value}"
    if isinstance(action, Penitence):
        return f"la pénitence défausse {CARD_WORDS[action.card]}"
    if isinstance(action, Printed):
        return None
    if isinstance(action, Orient):
        return f"la flèche sur le {ENGINE.components.council[action.side]}"
    if isinstance(action, Protect):
        if not action.kinds:
            return "pas de loyauté"
        return "je paie une loyauté pour " + " et ".join(DUE_WORDS[k] for k in action.kinds)
    assert isinstance(action, Choose)
    kind = state.queue[0].kind
    value = action.value
    if value in ("yes", "no"):
        return "j'échange" if value == "yes" else "je n'échange pas"
    if value == "none":
        return "personne"
    number = value.partition(":")[2]
    if kind == "remove_house":
        return f"je retire la maison {number}"
    if kind == "free_house":
        return f"je construis une maison sur l'emplacement {number}"
    if kind == "hospice":
        return f"je soigne la maison {number}"
    return "je donne " + RESOURCE_WORDS.get(value, value)


def drive(table: Table, rng: random.Random, limit: int) -> int:
    """Random legal moves said aloud by the seat that acts; each must do exactly that."""
    spoken = 0
    while spoken < limit:
        state = table.state
        now = ENGINE.awaiting(state)
        if now.game_over:
            break
        legal = [a for a in ENGINE.legal_actions(state) if sentence(state, a) is not None]
        action = rng.choice(legal)
        expected, _ = ENGINE.apply(state, action)
        said = sentence(state, action)
        assert said is not None
        seat = now.seat if now.seat is not None else 0  # the world: anyone at the table
        says = table.hear(said, seat=seat)
        if table.state == state and table.session.pending is not None:
            says += table.hear("la première", seat=seat)  # card or Privilège
        assert ENGINE.dumps(table.state) == ENGINE.dumps(expected), (said, [s.text for s in says])
        assert not private_on_table(says), said
        if rng.random() < 0.1:
            asked = table.hear(rng.choice(["mon stock", "ma main", "mes contributions",
                                           "qu'est-ce que je peux faire ?"]), seat=now.seat)
            assert asked and not on(asked, "table")
        spoken += 1
    return spoken


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_move_said_aloud_is_made_and_nothing_private_reaches_the_table(
        players: int) -> None:
    rng = random.Random(players)
    table = make(ENGINE.new_virtual_game(players, players))
    assert drive(table, rng, 120) == 120
    assert not private_on_table(table.said)


@pytest.mark.parametrize("players", [2, 4])
def test_a_table_game_with_its_world_said_aloud(players: int) -> None:
    rng = random.Random(10 + players)
    table = make(ENGINE.new_table_game(players))
    assert drive(table, rng, 150) == 150
    assert not private_on_table(table.said)


@pytest.mark.slow
def test_a_whole_game_by_voice() -> None:
    rng = random.Random(11)
    table = make(ENGINE.new_virtual_game(3, 11))
    drive(table, rng, 5000)
    assert ENGINE.awaiting(table.state).game_over
    assert "game_over" in keys(table.said)
    assert not private_on_table(table.said)


def _to_orient(table: Table) -> None:
    """Answer the opening event's questions until the card is to be turned."""
    while table.state.phase != "orient" or table.state.queue:
        seat = ENGINE.awaiting(table.state).seat
        if "confirm_move" in keys(table.hear("je n'échange pas", seat=seat)):
            table.hear("oui", seat=seat)


def test_turning_the_card_for_what_i_want_gives_it_to_me_and_the_table_hears_incomes() -> None:
    table = make(ENGINE.new_virtual_game(2, 3))
    _to_orient(table)
    before = table.state.seats[0].stock
    says = table.hear("tourne pour que j'aie la pierre", seat=0)
    assert table.state.phase == "action"
    assert table.state.seats[0].has("stone") == before[0] + 1
    assert {"event.turned", "event.incomes"} <= set(keys(on(says, "table")))


def test_a_card_turned_at_a_real_table_tells_the_player_how_to_turn_it() -> None:
    table = make(ENGINE.new_table_game(2))
    says = table.hear("j'ai tiré la carte événement trois", seat=0)
    assert "event.event_drawn" in keys(on(says, "table"))
    says = table.hear("tourne pour que j'aie la laine", seat=0)
    told = [s for s in says if s.key == "orient_said"]
    assert told and told[0].channel == "seat:1" and "vers ta droite" in told[0].text


def test_an_orientation_nobody_can_have_is_refused_and_changes_nothing() -> None:
    table = make(ENGINE.new_table_game(2))
    table.hear("j'ai tiré la carte événement trois", seat=0)
    state = table.state
    says = table.hear("tourne pour que j'aie le métal", seat=0)
    assert keys(says) == ["orient_nothing_fits"] and table.state == state


def test_the_world_at_a_real_table_said_scanned_or_drawn_by_ludivox() -> None:
    table = make(ENGINE.new_table_game(2))
    says = table.hear("j'ai tiré la carte événement douze", seat=0)
    assert keys(says) == ["refusal.wrong_period"] and not table.state.drawn
    says = table.scan("ludivox:monde-sans-fin/event/5", seat=0)
    assert table.state.drawn == (5,) and "event.event_drawn" in keys(says)


def _table_game_until(phase: str, seed: int) -> WweState:
    """A table game played at random (the world's reveals included) until ``phase``."""
    rng = random.Random(seed)
    state = ENGINE.new_table_game(3)
    while state.phase != phase:
        assert not ENGINE.awaiting(state).game_over
        state, _ = ENGINE.apply(state, rng.choice(list(ENGINE.legal_actions(state))))
    return state


def test_ludivox_rolls_the_tax_die_when_asked_and_the_same_position_rolls_the_same() -> None:
    state = _table_game_until("tax", 1)
    rolled = []
    for _ in range(2):
        table = make(state)
        says = table.hear("lance le dé")
        assert table.state.tax in ENGINE.components.tax_faces
        assert "event.dues_paid" in keys(on(says, "table"))
        rolled.append(table.state.tax)
    assert rolled[0] == rolled[1]
    table = make(state)
    table.hear("le dé donne quatre")
    assert table.state.tax == 4


def test_ludivox_draws_the_penitence_card_when_asked() -> None:
    state = _table_game_until("penitence", 2)
    victim = state.pending[0]
    table = make(state)
    says = table.hear("tire une carte au hasard")
    assert len(table.state.seats[victim].hand) == len(state.seats[victim].hand) - 1
    assert not private_on_table(says)


def test_a_refusal_says_why_and_what_would_work_privately() -> None:
    table = make(ENGINE.new_virtual_game(2, 3))
    _to_orient(table)
    table.hear("la flèche vers moi", seat=0)
    state = table.state
    says = table.hear("je mets deux pierres sur le pont", seat=0)
    assert table.state == state
    assert keys(says)[0] == "refusal.not_enough" and says[0].channel == "seat:1"
    assert "pierre" in says[0].text
    assert not on(says, "table")


def test_a_face_down_discard_is_told_only_to_its_owner() -> None:
    table = make(ENGINE.new_virtual_game(2, 3))
    _to_orient(table)
    table.hear("la flèche vers moi", seat=0)
    table.hear("je joue le blé", seat=0)
    says = table.hear("je défausse le don", seat=0)
    assert [s.text for s in on(says, "seat:1") if s.key == "event.card_discarded"]
    public = " ".join(s.text for s in on(says, "table"))
    assert "don" not in public and "event.card_discarded_hidden" in keys(says)


def test_questions_answer_the_asker_alone() -> None:
    table = make(ENGINE.new_virtual_game(2, 3))
    for text in ("mon stock", "ma main", "mes contributions", "combien j'ai d'or ?"):
        says = table.hear(text, seat=1)
        assert says and all(s.channel == "seat:2" for s in says), text
    for text in ("les projets", "la faveur", "les maisons", "la peste", "le score",
                 "les événements en cours", "que fait la récolte ?", "c'est à qui ?",
                 "lis la carte", "que donne le roi ?"):
        says = table.hear(text, seat=0)
        assert says and not [s for s in says if s.key.startswith("not_understood")], text


def test_a_card_said_alone_asks_for_its_choices_and_the_answer_completes_it() -> None:
    table = make(ENGINE.new_virtual_game(2, 3))
    _to_orient(table)
    table.hear("la flèche vers moi", seat=0)
    says = table.hear("je joue le matériau", seat=0)
    assert keys(says) == ["choose_among"]
    table.hear("la deuxième", seat=0)
    assert table.state.seats[0].has("wood") == 1


def _wanted(table: Table, named: int, res: str, mine: str) -> list[int]:
    """The sides of the card giving ``res`` to the player at ``named`` and ``mine`` to seat 0."""
    options = ENGINE.view(table.state, None)["orientations"]
    return [o["side"] for o in options
            if o["incomes"][named].get(res) and o["incomes"][0].get(mine) and o["allowed"]]


def test_a_player_named_in_an_orientation_turns_the_card_at_once() -> None:
    table = make(ENGINE.new_virtual_game(2, 3), names=["Anne", "Paul"])
    _to_orient(table)
    assert _wanted(table, 1, "stone", "grain")
    before = [table.state.seats[s].stock for s in (0, 1)]
    says = table.hear("la pierre pour Paul, le blé pour moi", seat=0)
    assert table.state.phase == "action" and "event.turned" in keys(on(says, "table"))
    assert table.state.seats[1].has("stone") == before[1][0] + 1
    assert table.state.seats[0].has("grain") > 0


def test_a_named_orientation_is_confirmed_as_the_settings_say_and_refused_out_of_turn() -> None:
    table = make(ENGINE.new_virtual_game(2, 3), names=["Anne", "Paul"], confirm="always")
    _to_orient(table)
    state = table.state
    says = table.hear("la pierre pour Anne, le blé pour moi", seat=1)  # Anne turns it
    assert table.state == state and "not_your_turn" in keys(says)
    says = table.hear("la pierre pour Paul, le blé pour moi", seat=0)
    assert keys(says) == ["confirm_move"] and table.state == state
    table.hear("non", seat=0)
    assert table.state == state
    table.hear("la pierre pour Paul, le blé pour moi", seat=0)
    table.hear("oui", seat=0)
    assert table.state.phase == "action" and table.state.seats[1].has("stone") == 1


def test_a_named_orientation_nothing_gives_is_refused_and_changes_nothing() -> None:
    table = make(ENGINE.new_virtual_game(2, 3), names=["Anne", "Paul"])
    _to_orient(table)
    options = ENGINE.view(table.state, None)["orientations"]
    res = next(r for r in ("stone", "wood", "grain", "wool", "gold", "vp")
               if not any(o["incomes"][1].get(r) for o in options))
    word = {"stone": "la pierre", "wood": "le bois", "grain": "le blé", "wool": "la laine",
            "gold": "l'or", "vp": "le point"}[res]
    state = table.state
    says = table.hear(f"{word} pour Paul", seat=0)
    assert keys(says) == ["orient_nothing_fits"] and table.state == state


def test_a_card_missing_from_the_data_is_described_by_its_corners() -> None:
    table = make(ENGINE.new_table_game(2), names=["Anne", "Paul"])
    says = table.hear("les coins sont une pierre, un blé, deux or et un point", seat=0)
    assert "event_text_printed" in keys(says) and table.state.phase == "orient"
    table.hear("la flèche vers moi", seat=0)
    assert table.state.seats[0].has("stone") == 1 and table.state.seats[1].has("gold") == 4
    says = table.hear("aide", seat=0)
    assert says


def test_the_harvest_said_by_the_houses_incomes() -> None:
    table = make(ENGINE.new_virtual_game(2, 3), names=["Anne", "Paul"])
    _to_orient(table)
    table.hear("la flèche vers moi", seat=0)
    data = ENGINE.to_json(table.state)
    grain = next(s.number for s in ENGINE.components.sites if dict(s.income).get("grain"))
    wool = next(s.number for s in ENGINE.components.sites if dict(s.income).get("wool"))
    data["houses"] = [[grain, 0], [wool, 0]]
    table = make(ENGINE.from_json(data), names=["Anne", "Paul"])
    before = table.state.seats[0]
    table.hear("je joue la récolte : la maison du blé et celle de la laine", seat=0)
    after = table.state.seats[0]
    assert after.played == ("recolte",)
    assert (after.has("grain"), after.has("wool")) == (before.has("grain") + 1,
                                                       before.has("wool") + 1)
    says = table.hear("je récolte la maison de l'or", seat=1)
    assert keys(says) == ["not_your_turn"]


@pytest.mark.parametrize(("players", "sides"), [(2, {1, 3}), (3, {3}), (4, set())])
def test_the_arrow_towards_the_empty_side_is_no_player(players: int, sides: set[int]) -> None:
    """« la flèche vers le côté vide »: a side where nobody sits (never a player's side);
    with four players there is none, and nothing changes."""
    table = make(ENGINE.new_virtual_game(players, 3))
    _to_orient(table)
    active, before = table.state.active, table.state
    says = table.hear("la flèche vers le côté vide", seat=active)
    if not sides:
        assert table.state == before and keys(says) == ["orient_nothing_fits"]
    elif len(sides) == 1:
        assert table.state.orient in sides and table.state.phase != "orient"
    else:  # two empty sides: asked which, nothing turned yet
        assert table.state.phase == "orient" and table.state.orient not in (0, 2)


INCOME_WORDS = {"stone": "la pierre", "wood": "le bois", "grain": "le blé", "wool": "la laine",
                "cloth": "le tissu", "gold": "l'or", "piety": "la piété", "vp": "le point",
                "medicine": "la connaissance médicale", "loyalty": "la loyauté"}


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_incomes_said_for_a_named_player_and_for_me_go_to_them(seed: int) -> None:
    """Over every orientation of seeded opening cards (3 players): "X pour <nom>, Y pour moi"
    turns the card so that the named player gets X and the speaker Y, or is refused and
    changes nothing; never the other way round."""
    names = ["Anne", "Paul", "Zoé"]
    start = make(ENGINE.new_virtual_game(3, seed), names=names)
    _to_orient(start)
    position, me = start.state, start.state.active
    for option in ENGINE.view(position, None)["orientations"]:
        incomes = option["incomes"]
        for other in (s for s in range(3) if s != me):
            theirs, mine = list(incomes[other]), list(incomes[me])
            if len(theirs) != 1 or len(mine) != 1 or theirs == mine:
                continue
            table = make(position, names=names)
            said = (f"{INCOME_WORDS[theirs[0]]} pour {names[other]}, "
                    f"{INCOME_WORDS[mine[0]]} pour moi")
            table.hear(said, seat=me)
            if table.state == position:
                continue  # refused or asked: nothing turned
            turned = ENGINE.view(position, None)["orientations"][table.state.orient]["incomes"]
            assert theirs[0] in turned[other] and mine[0] in turned[me], said

"""A place named by a description only the board of the moment resolves (issue 16, batches
29-30: « la première case libre de la ligne un », « le premier emplacement libre », « la
colonne qui n'a qu'un un », « la plus courte », « celle qui finit par le douze », « le
troisième joueur Léa », « le plus petit de mes deux chevaliers »).

Over seeded positions of each game, the description is generated from the state: when it
names one legal move, that move is made; when it names several places where the move is
legal, it is asked and nothing is made; when it names none, nothing changes."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from table_helpers import ENGINE, game_engine, game_session, playout, word

from ludivox.engines.kingdom_builder import grid
from ludivox.engines.kingdom_builder.actions import Build
from ludivox.engines.kingdom_builder.components import BUILDABLE
from ludivox.engines.kingsbridge.actions import Place
from ludivox.engines.kingsbridge.state import value
from ludivox.engines.seven_kingdoms.actions import Play as SevenPlay
from ludivox.engines.world_without_end import Orient, Play
from ludivox.engines.world_without_end.flow import side_of
from ludivox.grammars.numbers import NumberWords
from ludivox.table.io import Heard

NUMBERS = NumberWords("fr")


def _said(game: str, state: Any, text: str, seat: int | None,
          names: tuple[str, ...] = ("Anne", "Paul")) -> tuple[Any, bool]:
    """The state after ``text`` said by ``seat`` (None: the one who acts now), and whether
    something is asked."""
    session = game_session(game, state, names)
    if seat is None:
        seat = session.binding.acting_seat(state)
    session.handle(Heard(text, seat=seat))
    return session.state, session.pending is not None


# -- Kingsbridge: a column by how many cards it holds, by its one card, by its last -----

def _kingsbridge_turns() -> Iterator[Any]:
    """Positions where the player to play can place cards, along seeded playouts."""
    for label in ("described-a", "described-b"):
        for state in itertools.islice(playout("kingsbridge", label), 0, 240, 6):
            if any(isinstance(a, Place) for a in ENGINE.legal_actions(state)):
                yield state


def _columns(state: Any) -> list[tuple[int, ...]]:
    return [tuple(value(c) for c in column) for column in state.columns]


def _check_named(state: Any, card: int, named: list[int], text: str) -> str:
    """``text`` places ``card`` on the columns ``named``: the one legal is made, several
    legal are asked, none changes nothing. Returns which happened."""
    moves = [Place((card,), c) for c in named]
    legal = [m for m in moves if m in set(ENGINE.legal_actions(state))]
    after, asked = _said("kingsbridge", state, text, state.turn)
    if len(legal) == 1:
        assert ENGINE.dumps(after) == ENGINE.dumps(ENGINE.apply(state, legal[0])[0]), text
        return "made"
    assert after == state, text  # never one of several guessed, never a move elsewhere
    if len(legal) > 1:
        assert asked, text
        return "asked"
    assert not asked, text
    return "refused"


def test_kingsbridge_column_by_how_many_cards_it_holds() -> None:
    seen: set[str] = set()
    forms = itertools.cycle((
        ("je pose le {card} sur la plus courte", min),
        ("le {card} sur la colonne qui a le plus de cartes", max),
        ("je mets le {card} sur la colonne la plus longue", max),
        ("le {card} dans celle qui a le moins de cartes", min),
    ))
    for state in _kingsbridge_turns():
        columns = _columns(state)
        held = [i for i, c in enumerate(columns, 1) if c]
        for card in sorted(set(state.players[state.turn].hand))[:3]:
            form, pick = next(forms)
            best = pick(len(columns[i - 1]) for i in held)
            named = [i for i in held if len(columns[i - 1]) == best]
            seen.add(_check_named(state, card, named, form.format(card=word(card))))
    assert {"made", "refused"} <= seen


ONE_CARD = (
    "je mets le {card} sur la colonne qui n'a qu'un {only}",
    "la colonne qui n'a qu'un {only}, je pose le {card}",
    "la colonne {column}, celle qui a qu'un {only}, je mets le {card}",
    "le {card} sur celle où il n'y a qu'un {only}",
)


def test_kingsbridge_column_by_its_one_card_said_with_qu_un() -> None:
    checked = 0
    forms = itertools.cycle(ONE_CARD)
    for state in _kingsbridge_turns():
        columns = _columns(state)
        alone = [c[0] for c in columns if len(c) == 1 and columns.count(c) == 1]
        for only, card in itertools.product(alone, sorted(set(state.players[state.turn].hand))):
            named = [i for i, c in enumerate(columns, 1) if c == (only,)]
            text = next(forms).format(card=word(card), only=word(only),
                                      column=word(named[0]))
            _check_named(state, card, named, text)
            checked += 1
    assert checked >= 10


def test_kingsbridge_column_by_its_last_card() -> None:
    """Also a card that follows none of them, the last card ending several columns: never
    made elsewhere (where it would be legal)."""
    seen: set[str] = set()
    forms = itertools.cycle((
        "je pose le {card} sur celle qui finit par le {last}",
        "mon {card} va sur la colonne qui se termine par le {last}",
        "sur celle qui finit par le {last} je pose le {card}",
        # how else a column's end is said (batch 34: « au bout de la colonne qui va jusqu'à
        # douze »), the article maybe unsaid (« celle qui finit par dix »)
        "le {card} je le mets au bout de la colonne qui va jusqu'à {last}",
        "je pose le {card} sur la colonne qui s'arrête au {last}",
        "je pose le {card} sur celle qui finit par {last}",
    ))
    for state in _kingsbridge_turns():
        columns = _columns(state)
        lasts = sorted({c[-1] for c in columns if c})
        for card, last in itertools.product(sorted(set(state.players[state.turn].hand)), lasts):
            named = [i for i, c in enumerate(columns, 1) if c and c[-1] == last]
            if last != card - 1 and len(named) < 2:
                continue
            text = next(forms).format(card=word(card), last=word(last))
            seen.add(_check_named(state, card, named, text))
    assert {"made", "refused"} <= seen


def test_kingsbridge_column_by_its_first_card() -> None:
    """« la colonne qui commence par le quatre »: the one column holding that card (a card
    held by no other column)."""
    seen: set[str] = set()
    forms = itertools.cycle((
        "je pose le {card} sur la colonne qui commence par le {first}",
        "le {card} sur celle qui démarre par {first}",
    ))
    for state in _kingsbridge_turns():
        columns = _columns(state)
        held = [v for c in columns for v in c]
        firsts = sorted({c[0] for c in columns if c and held.count(c[0]) == 1})
        for card, first in itertools.product(sorted(set(state.players[state.turn].hand)),
                                             firsts):
            named = [i for i, c in enumerate(columns, 1) if c and c[0] == first]
            text = next(forms).format(card=word(card), first=word(first))
            seen.add(_check_named(state, card, named, text))
    assert {"made", "refused"} <= seen


# -- Kingdom Builder: the first or last free hex of a row --------------------------------

def test_kingdom_builder_first_or_last_free_hex_of_a_row() -> None:
    engine = game_engine("kingdom-builder")
    made = checked = 0
    forms = itertools.cycle((
        "la {rank} case libre de la ligne {row}",
        "je construis sur la ligne {row}, la {rank} case libre",
        "je construis une cité sur le {masculine} emplacement libre de la ligne {row}",
        "la {rank} place libre en ligne {row}",
    ))
    for state in itertools.islice(playout("kingdom-builder", "described"), 0, 120, 8):
        if not any(isinstance(a, Build) for a in engine.legal_actions(state)):
            continue
        for row, (rank, pick) in itertools.product((1, 5, 10, 16, 20),
                                                   (("première", 0), ("dernière", -1))):
            free = [(row - 1, c) for c in range(grid.SIZE)
                    if state.owner_at((row - 1, c)) is None
                    and state.board.terrain[grid.index((row - 1, c))] in BUILDABLE]
            text = next(forms).format(rank=rank, row=NUMBERS.cardinal(row),
                                      masculine=rank.replace("première", "premier"))
            after, asked = _said("kingdom-builder", state, text, state.current)
            build = Build(free[pick]) if free else None
            if build is not None and build in set(engine.legal_actions(state)):
                assert engine.dumps(after) == engine.dumps(engine.apply(state, build)[0]), text
                made += 1
            else:
                assert after == state and not asked, text
            checked += 1
    assert made >= 3 and checked >= 20


# -- Un monde sans fin: the first or last free site, a player by their seat ---------------

def test_world_without_end_first_or_last_free_site() -> None:
    engine = game_engine("monde-sans-fin")
    made = 0
    names = ("Anne", "Paul", "Léa")
    forms = itertools.cycle(("je construis une maison sur le {rank} emplacement libre",
                             "une maison sur la {feminine} place vide",
                             "je construis sur le {rank} terrain libre"))
    for state in itertools.islice(playout("monde-sans-fin", "described", names), 0, 400):
        houses = [a for a in engine.legal_actions(state)
                  if isinstance(a, Play) and a.card == "maison" and a.site]
        if not houses:
            continue
        built = {site for site, _ in state.houses}
        free = [s for s in range(1, 15) if s not in built]
        for rank, site in (("premier", free[0]), ("dernier", free[-1])):
            text = next(forms).format(rank=rank, feminine=rank.replace("premier", "première")
                                      .replace("dernier", "dernière"))
            after, _ = _said("monde-sans-fin", state, text, None, names)
            wanted = [a for a in houses if a.site == site]
            if wanted:
                assert engine.dumps(after) == engine.dumps(engine.apply(state, wanted[0])[0])
                made += 1
            else:
                assert after == state, text
    assert made >= 4


def test_world_without_end_player_by_seat_and_name() -> None:
    engine = game_engine("monde-sans-fin")
    names = ("Anne", "Paul", "Léa")
    checked = 0
    for state in itertools.islice(playout("monde-sans-fin", "described", names), 0, 400):
        if not any(isinstance(a, Orient) for a in engine.legal_actions(state)):
            continue
        for target in range(len(names)):
            rank = NUMBERS.ordinal(target + 1) if target else "premier"
            orient = Orient(side_of(target, len(names)))
            text = f"je mets la flèche sur le {rank} joueur"
            after, _ = _said("monde-sans-fin", state, text, None, names)
            assert engine.dumps(after) == engine.dumps(engine.apply(state, orient)[0]), text
            after, _ = _said("monde-sans-fin", state, f"{text} {names[target]}", None, names)
            assert engine.dumps(after) == engine.dumps(engine.apply(state, orient)[0]), text
            other = names[(target + 1) % len(names)]
            after, asked = _said("monde-sans-fin", state, f"{text} {other}", None, names)
            assert after == state and not asked, (text, other)  # seat and name disagree
            checked += 1
        if checked >= 9:
            break
    assert checked >= 3


# -- 7 Kingdoms: the least or most of the speaker's cards of a rank ----------------------

def test_seven_kingdoms_least_or_most_of_my_cards_of_a_rank() -> None:
    engine = game_engine("seven-kingdoms")
    plural = {"chevalier": "chevaliers", "marchand": "marchands", "paysan": "paysans",
              "eveque": "évêques", "general": "généraux", "roi": "rois"}
    made = 0
    for state in itertools.islice(playout("seven-kingdoms", "described"), 0, 300, 3):
        plays = [a for a in engine.legal_actions(state) if isinstance(a, SevenPlay)]
        if not plays:
            continue
        seat = state.turn
        ranks: dict[str, list[int]] = {}
        for card in state.seats[seat].hand:
            rank = engine.components.card(card).rank
            ranks.setdefault(rank, []).append(card)
        for rank, cards in ranks.items():
            if len(cards) < 2 or rank not in plural:
                continue
            for adjective, pick in (("plus petit", min), ("plus fort", max)):
                card = pick(cards)
                wanted = [a for a in plays if a.card == card]
                text = f"le {adjective} de mes deux {plural[rank]}"
                after, _ = _said("seven-kingdoms", state, text, seat)
                if wanted:
                    assert engine.dumps(after) == engine.dumps(engine.apply(state, wanted[0])[0])
                    made += 1
    assert made >= 2


def test_the_least_or_most_of_my_cards_said_from_the_hand() -> None:
    """« la plus petite de mes cartes », « la plus grosse de mes cartes »: the hand's lowest
    or highest card (7 Kingdoms' play; Kingsbridge's placement on a column where it goes)."""
    seven = game_engine("seven-kingdoms")
    made = 0
    for state in itertools.islice(playout("seven-kingdoms", "described-hand"), 0, 200, 5):
        plays = {a.card: a for a in seven.legal_actions(state) if isinstance(a, SevenPlay)}
        hand = state.seats[state.turn].hand
        for adjective, pick in (("petite", min), ("forte", max)):
            if not hand or pick(hand) not in plays:
                continue
            text = f"je joue la plus {adjective} de mes cartes"
            after, _ = _said("seven-kingdoms", state, text, state.turn)
            expected, _ = seven.apply(state, plays[pick(hand)])
            assert seven.dumps(after) == seven.dumps(expected), text
            made += 1
    for state in _kingsbridge_turns():
        hand = state.players[state.turn].hand
        for adjective, pick in (("petite", min), ("grosse", max)):
            for action in ENGINE.legal_actions(state):
                if isinstance(action, Place) and action.cards == (pick(hand),):
                    text = (f"la plus {adjective} de mes cartes sur la colonne "
                            f"{word(action.column)}")
                    after, _ = _said("kingsbridge", state, text, state.turn)
                    expected, _ = ENGINE.apply(state, action)
                    assert ENGINE.dumps(after) == ENGINE.dumps(expected), text
                    made += 1
                    break
    assert made >= 6

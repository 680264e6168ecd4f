"""Where the character cards go: piles, the solo / co-op revealed row and deck, Edgar.

Rulebook decisions (page "Jouer avec les cartes Personnage" and the characters' pages):

* Standard mode: only the character on top of one's own face-up pile may be used, one per
  turn; once used it goes under the left neighbour's pile ("donnez cette carte à votre voisin
  de gauche. Le joueur en question la place alors sous sa pioche"). Play goes clockwise, so the
  left neighbour is the next seat. Alone, one's own pile.
* Solo / co-op: any of the 3 revealed characters; it then goes back in the box and the next
  one of the face-down deck is revealed (virtual: at once from the seeded deck; table: the
  world says which, see ``RevealCharacter``). Co-op: one per player per turn ("dans la limite
  d'1 carte Personnage par joueur et par tour"). Solo says only "Utilisez 1 carte Personnage à
  la fois, puis remettez-la dans la boîte et révélez-en une nouvelle", and co-op, which starts
  "Procédez comme pour le mode solo", has to add the limit: in solo several may be used in one
  turn, one after the other, each once the previous one's effect is spent
  (:func:`another_allowed`, decision).
* Edgar, once used, lies in a column. He leaves it when taken back ("placez-le sous votre
  pioche personnelle"), when his column is finished (under the finisher's pile) or when
  Wynstan or Den discards him (under the left neighbour's pile). Solo and co-op have no
  personal character pile: he then goes under the face-down deck, where he counts again for
  the score and may be revealed again (decision).
"""

from __future__ import annotations

from ludivox.engines.base import Event
from ludivox.engines.kingsbridge.charevents import (
    CharacterBoxed,
    CharacterPassed,
    CharacterRevealed,
    ColumnRemoved,
    EdgarReturned,
    EdgarUnderDeck,
)
from ludivox.engines.kingsbridge.columns import NO_POWERS, Powers
from ludivox.engines.kingsbridge.state import (
    AGATHA,
    ALDRED,
    CHARACTERS,
    COLUMNS,
    DEN,
    EDGAR,
    ETHELRED,
    GYTHA,
    RAGNA,
    REVEALED,
    SOLO,
    STANDARD,
    WIGELM,
    WILWULF,
    WYNSTAN,
    KingsbridgeState,
)

# Characters whose effect is done once used (solo: another may follow in the same turn).
# Aldred's and Mère Agatha's powers last the turn ("Pendant ce tour"), Edgar laid stays
# "just laid" for the turn (he cannot be taken back), Ragna's skip lasts until it is used.
SPENT_AT_ONCE = frozenset({WYNSTAN, GYTHA, DEN, WIGELM, WILWULF, ETHELRED})


def left_neighbour(state: KingsbridgeState, seat: int) -> int:
    """The seat on ``seat``'s left: the next one clockwise (oneself when alone)."""
    return (seat + 1) % len(state.players)


def another_allowed(state: KingsbridgeState) -> bool:
    """Solo only: a character was used this turn and its effect is spent (one whose effect is
    done at once, or Ragna once her skip was used), so another revealed one may follow."""
    if state.options.mode != SOLO or not state.power:
        return False
    return state.power in SPENT_AT_ONCE or (state.power == RAGNA and state.skip == (0, 0))


def usable(state: KingsbridgeState) -> tuple[str, ...]:
    """The characters the current seat may use now (none once one was used this turn,
    except in solo once its effect is spent: :func:`another_allowed`)."""
    if not state.characters_on or state.game_over:
        return ()
    if state.power and not another_allowed(state):
        return ()
    if state.shared:
        return state.revealed
    pile = state.current.characters
    return pile[:1]


def powers(state: KingsbridgeState) -> Powers:
    """The column powers of the current turn."""
    if not state.power:
        return NO_POWERS
    column, skip = state.skip
    return Powers(
        aldred=state.power == ALDRED,
        agatha=state.power == AGATHA,
        skip_column=column - 1 if state.power == RAGNA and column else -1,
        skip_value=skip if state.power == RAGNA and column else 0,
    )


def piles_pending(state: KingsbridgeState) -> bool:
    """Table set-up, standard mode with characters: some seats' piles are not told yet."""
    if not (state.is_table and state.characters_on and state.options.mode == STANDARD):
        return False
    return len(state.character_places()) < len(CHARACTERS)


def reveal_pending(state: KingsbridgeState) -> bool:
    """Table solo / co-op: fewer than 3 characters face up while the deck is not empty."""
    return (
        state.is_table and state.shared and len(state.revealed) < REVEALED and bool(state.deck)
    )


def per_pile(players: int) -> int:
    """Characters per player in standard mode: dealt evenly, the rest stays in the box."""
    return len(CHARACTERS) // players


def give_under(state: KingsbridgeState, seat: int, name: str) -> KingsbridgeState:
    """``name`` goes under ``seat``'s character pile."""
    player = state.players[seat]
    return state.with_player(seat, player.evolve(characters=(*player.characters, name)))


def after_use(state: KingsbridgeState, name: str, events: list[Event]) -> KingsbridgeState:
    """The used character leaves the user's pile (or the revealed row) and goes on."""
    seat = state.turn
    state = state.evolve(power=name)
    if state.shared:
        revealed = list(state.revealed)
        revealed.remove(name)
        state = state.evolve(revealed=tuple(revealed))
        if name != EDGAR:
            state = state.evolve(box=(*state.box, name))
            events.append(CharacterBoxed(character=name))
        return refill(state, events)
    player = state.current
    state = state.with_player(seat, player.evolve(characters=player.characters[1:]))
    if name == EDGAR:
        return state
    to = left_neighbour(state, seat)
    events.append(CharacterPassed(seat=seat, character=name, to_seat=to))
    return give_under(state, to, name)


def refill(state: KingsbridgeState, events: list[Event]) -> KingsbridgeState:
    """Virtual solo / co-op: turn characters face up until 3 are, or the deck is empty."""
    if state.is_table or not state.shared:
        return state
    while len(state.revealed) < REVEALED and state.deck:
        name = state.deck[0]
        assert name is not None  # virtual decks are known
        state = state.evolve(revealed=(*state.revealed, name), deck=state.deck[1:])
        events.append(CharacterRevealed(character=name))
    return state


def return_edgar(state: KingsbridgeState, seat: int, events: list[Event]) -> KingsbridgeState:
    """Edgar left his column: under ``seat``'s pile, or (solo / co-op) under the deck."""
    if state.shared:
        events.append(EdgarUnderDeck())
        return refill(state.evolve(deck=(*state.deck, EDGAR)), events)
    events.append(EdgarReturned(seat=seat))
    return give_under(state, seat, EDGAR)


def drop_empty_extra(state: KingsbridgeState, events: list[Event]) -> KingsbridgeState:
    """Roi Ethelred's column disappears once empty (unless Den just emptied it, until the
    next action: "Vous pouvez immédiatement poser de nouvelles cartes sur cette colonne")."""
    if len(state.columns) > COLUMNS and not state.columns[COLUMNS] and state.den != COLUMNS + 1:
        events.append(ColumnRemoved(column=COLUMNS + 1))
        return state.evolve(columns=state.columns[:COLUMNS])
    return state

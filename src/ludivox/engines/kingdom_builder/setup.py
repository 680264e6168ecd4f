"""Setting up a game: the board, the 3 Kingdom Builder cards, the terrain deck, one hidden
card per player (rulebook, "Mise en place" and "Répartition du matériel")."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ludivox.engines.base import Reason, SetupRefused
from ludivox.engines.kingdom_builder import board as boards
from ludivox.engines.kingdom_builder.board import Board, BoardError, Layout, Section
from ludivox.engines.kingdom_builder.components import (
    BUILDABLE,
    KINGDOM_BUILDER_CARDS,
    KINGDOM_BUILDER_CARDS_PER_GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SETTLEMENTS_PER_PLAYER,
    TERRAIN_CARDS_PER_KIND,
    TILES_PER_LOCATION,
)
from ludivox.engines.kingdom_builder.grid import CELLS, Hex
from ludivox.engines.kingdom_builder.state import (
    EMPTY,
    NO_CARD,
    TABLE,
    UNKNOWN,
    VIRTUAL,
    KingdomBuilderState,
)


class SetupError(ValueError):
    """A set-up choice is not allowed (player count, cards, board, Queenies)."""


def full_deck() -> list[str]:
    """The 25 terrain cards, 5 of each buildable terrain, in a fixed order."""
    return [t for t in BUILDABLE for _ in range(TERRAIN_CARDS_PER_KIND)]


class SetupChoiceError(SetupError, SetupRefused):
    """A chosen layout or set of cards is not allowed; ``choice`` (``layout`` or ``cards``)
    and ``reason`` (a code of :data:`~.reasons.SETUP_REASON_CODES`) say which and why."""


def parse_layout(text: str) -> Layout:
    """A layout from its text form (``tavern,paddock^,oasis,farm``)."""
    try:
        return Layout.parse(text)
    except BoardError as exc:
        given = [p for p in (part.strip() for part in text.split(",")) if p]
        raise SetupChoiceError("layout", Reason.of("layout_not_four", count=len(given)),
                               str(exc)) from exc


def check_layout(catalogue: Mapping[str, Section], layout: Layout) -> Layout:
    """The chosen layout, checked: 4 different sections of ``catalogue``."""
    names = layout.sections
    twice = [n for n in names if names.count(n) > 1]
    if twice:
        raise SetupChoiceError("layout", Reason.of("layout_section_twice", section=twice[0]),
                               f"layout {layout.text()}: the 4 sections must be different")
    unknown = [n for n in names if n not in catalogue]
    if unknown:
        reason = Reason.of("layout_unknown_section", section=unknown[0], known=tuple(catalogue))
        raise SetupChoiceError("layout", reason,
                               f"layout {layout.text()}: no section named {unknown[0]!r}")
    return layout


def check_cards(cards: Sequence[str]) -> tuple[str, ...]:
    """The 3 Kingdom Builder cards of a game, checked (3, known, distinct)."""
    out = tuple(cards)
    wrong = f"cards {out}: a game uses 3 different Kingdom Builder cards"
    if len(out) != KINGDOM_BUILDER_CARDS_PER_GAME:
        raise SetupChoiceError("cards", Reason.of("cards_count", count=len(out)), wrong)
    unknown = [c for c in out if c not in KINGDOM_BUILDER_CARDS]
    if unknown:
        known = ", ".join(KINGDOM_BUILDER_CARDS)
        reason = Reason.of("cards_unknown", cards=tuple(unknown), known=KINGDOM_BUILDER_CARDS)
        raise SetupChoiceError(
            "cards", reason, f"unknown Kingdom Builder cards {unknown}; known: {known}")
    twice = [c for c in out if out.count(c) > 1]
    if twice:
        raise SetupChoiceError("cards", Reason.of("cards_twice", card=twice[0]), wrong)
    return out


def build_board(
    catalogue: Mapping[str, Section],
    rng: random.Random,
    layout: Layout | None,
    capitols: bool | Sequence[Hex],
    caves: bool | Sequence[Hex],
) -> Board:
    """Assemble the chosen (or drawn) layout and place the Queenie tiles (chosen or drawn)."""
    chosen = check_layout(catalogue, layout) if layout else boards.draw_layout(rng, catalogue)
    try:
        plain = boards.assemble(catalogue, chosen)
        cap: Sequence[Hex] = (
            boards.draw_capitols(rng, plain) if capitols is True else (capitols or ())
        )
        cav: Sequence[Hex] = boards.draw_caves(rng, plain) if caves is True else (caves or ())
        return boards.assemble(catalogue, chosen, cap, cav)
    except BoardError as exc:
        raise SetupError(str(exc)) from exc


def new_state(
    catalogue: Mapping[str, Section],
    players: int,
    *,
    seed: int | None = None,
    mode: str = VIRTUAL,
    layout: Layout | None = None,
    cards: Sequence[str] | None = None,
    capitols: bool | Sequence[Hex] = False,
    caves: bool | Sequence[Hex] = False,
) -> KingdomBuilderState:
    """A fresh game before its first turn starts (see ``KingdomBuilderEngine.setup``)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(f"{players} players: Kingdom Builder is for 2 to 4")
    if mode not in (VIRTUAL, TABLE):
        raise SetupError(f"mode {mode!r}: 'virtual' or 'table'")
    if mode == VIRTUAL and seed is None:
        raise SetupError("a virtual game needs a seed (the engine shuffles)")
    drawn = layout is None or cards is None or capitols is True or caves is True
    if mode == TABLE and seed is None and drawn:
        raise SetupError("a table game without a seed needs its layout and cards chosen")
    rng = random.Random(seed)
    board = build_board(catalogue, rng, layout, capitols, caves)
    if cards is not None:
        builder_cards = check_cards(cards)
    else:
        builder_cards = tuple(rng.sample(KINGDOM_BUILDER_CARDS, KINGDOM_BUILDER_CARDS_PER_GAME))
    if mode == VIRTUAL:
        deck = full_deck()
        rng.shuffle(deck)
    else:
        deck = [UNKNOWN] * (len(BUILDABLE) * TERRAIN_CARDS_PER_KIND)
    hands = tuple(deck[:players])
    return KingdomBuilderState(
        board=board,
        cards=builder_cards,
        players=players,
        mode=mode,
        seed=seed if mode == VIRTUAL else None,
        shuffles=0,
        owner=(EMPTY,) * CELLS,
        supply=(SETTLEMENTS_PER_PLAYER,) * players,
        tiles=((),) * players,
        tiles_left=(TILES_PER_LOCATION,) * len(board.locations),
        deck=tuple(deck[players:]),
        discard=(),
        removed=(),
        hands=hands if hands else (NO_CARD,) * players,
    )

"""Building a game session from the command line's choices, and finding saved games.

Everything the ``ludivox`` command needs before the conversation starts: the grammar and
binding of a game, player names, a position read from ``--state``, computer seats, a new
journal, or a session resumed from a save. Problems with the user's options raise
:class:`UsageError`, whose message is shown as it is (in French).
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ludivox.bindings.registry import engine_for
from ludivox.digits import small_int
from ludivox.engines.base import SetupRefused
from ludivox.gamedata.french import DataFileError
from ludivox.heap import building
from ludivox.table import journal as journal_mod
from ludivox.table.journal import CorruptedSave, Header, Journal, Loaded
from ludivox.table.match import Match
from ludivox.table.session import Session
from ludivox.table.settings import SettingsStore
from ludivox.table.state_reasons import french_reason


class UsageError(Exception):
    """A bad option or input file: the message is shown to the user (French)."""


log = logging.getLogger(__name__)


@building()
def game_grammar(game: str) -> Any:
    from ludivox.bindings.registry import game as game_entry
    from ludivox.grammars import Grammar

    try:
        folder = game_entry(game).grammar_name
    except KeyError:
        folder = game.replace("-", "_")
    return Grammar.load(folder, "fr")


def _binding(game: str, players: Sequence[str]) -> Any:
    from ludivox.bindings.registry import binding_for

    return binding_for(game, players)


def default_names(grammar: Any, count: int) -> list[str]:
    """"Joueur 1", "Joueur 2"... from the grammar's ``player_name`` response."""
    names = []
    for n in range(1, count + 1):
        has = grammar.has_response("player_name")
        name = grammar.say("player_name", number=str(n)) if has else ""  # digits: "Joueur 1"
        names.append(name[:1].upper() + name[1:] if name else str(n))
    return names


def _names(option: str | None, count: int, grammar: Any) -> list[str]:
    names = default_names(grammar, count)
    if option:
        given = [n.strip() for n in option.split(",")]
        if len(given) > count or any(not n for n in given):
            raise UsageError(
                f"--names : {len(given)} prénom(s) donné(s) pour {count} joueur(s), "
                "séparés par des virgules, sans prénom vide"
            )
        names[: len(given)] = given
    return names


def _read_state(path: Path, engine: Any) -> tuple[Any, list[str]]:
    """The position in a ``--state`` file, and the player names it gives (maybe none)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"--state : impossible de lire {path} ({exc.strerror})") from exc
    except UnicodeDecodeError:
        raise UsageError(f"--state : {path} n'est pas en UTF-8") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"--state : {path} n'est pas du JSON valide (ligne {exc.lineno}, "
                         f"colonne {exc.colno})") from None
    except ValueError:  # a number too long to read
        raise UsageError(f"--state : {path} n'est pas du JSON valide") from None
    try:
        return engine.from_json(data), _state_names(data)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        raise UsageError(f"--state : position refusée : {french_reason(str(exc))}") from exc


def _state_names(data: Any) -> list[str]:
    """Player names in a state JSON: ``names``, or a ``name`` in each of ``players``/``seats``
    (the forms the games' ``@state`` lines print); [] when it has none or not for everyone."""
    if not isinstance(data, dict):
        return []
    names = data.get("names")
    if not isinstance(names, list):
        seats = data.get("players", data.get("seats"))
        seats = seats if isinstance(seats, list) else []
        names = [p.get("name") for p in seats if isinstance(p, dict)]
    if names and all(isinstance(n, str) and n.strip() for n in names):
        return [n.strip() for n in names]
    return []


@building()
def new_session(
    game: str,
    *,
    players: int | None,
    names: str | None,
    mode: str,
    seed: int | None,
    state_file: Path | None,
    journal_path: Path | None,
    setup: dict[str, str] | None = None,
    computers: str | None = None,
    strength: str = "expert",
    characters: bool = False,
    variant: str = "standard",
    settings: SettingsStore | None = None,
) -> Session:
    """A session for a new game (journaled to ``journal_path`` when given); ``setup``: the
    game's set-up options (Kingdom Builder's ``layout`` and ``cards``). ``settings``: the
    players' settings; interactive games pass :func:`player_settings` (kept between games),
    script mode nothing (in memory only: every player starts with the defaults)."""
    grammar = game_grammar(game)
    if (setup or {}).get("rules") and game != "monde-sans-fin":
        raise UsageError("--rules : seulement pour monde-sans-fin")
    try:
        engine: Any = engine_for(game, **(setup or {}))
    except DataFileError as exc:  # the game's data file: its own French words, never the options
        raise UsageError(str(exc)) from exc
    except SetupRefused as exc:  # a set-up option: the grammar says why, as for a refusal
        said = grammar.say(f"refusal.{exc.reason.code}", **exc.reason.args)
        raise UsageError(f"--{exc.choice} : {said}") from exc
    except ValueError as exc:
        # without set-up options, the game's data file is at fault: its own French words
        raise UsageError(f"--layout/--cards : {exc}" if setup else str(exc)) from exc
    options: dict[str, Any] = {"mode": mode}
    full: dict[str, Any] = {}
    if characters or variant != "standard":
        if game != "kingsbridge":
            raise UsageError("--characters/--variant : seulement pour kingsbridge")
        full = {"characters": True, "mode": variant}
        options.update(characters=True, variant=variant)
    if state_file is not None:
        state, named = _read_state(state_file, engine)
        seats = state.players  # a list of players, or (7 Kingdoms) their number
        count = seats if isinstance(seats, int) else len(seats)
        if names is None and len(named) == count:
            names = ",".join(n.replace(",", " ") for n in named)
        if players is not None and players != count:
            raise UsageError(f"--players {players} : la position a {count} joueur(s)")
        mode = state.mode
        options = {"mode": mode, "state_file": str(state_file)}
    else:
        count = players if players is not None else 2
        _check_count(game, count, variant)
        try:
            if mode == "table":
                state = engine.new_table_game(count, **full)
                seed = None
            else:
                seed = seed if seed is not None else secrets.randbelow(2**31)
                state = engine.new_virtual_game(count, seed, **full)
        except ValueError as exc:
            raise UsageError(f"--players : {exc}") from exc
    player_names = _names(names, count, grammar)
    binding = _binding(game, player_names)
    robots = _computers(game, engine, computers, strength, count, mode, seed)
    if robots:
        options["computers"] = sorted(s + 1 for s in robots)
        options["strength"] = strength
    journal = None
    if journal_path is not None:
        header = Header(
            game=game,
            mode=mode,
            players=player_names,
            initial_notation=engine.dumps(state),
            initial_state=engine.to_json(state),
            seed=seed,
            options=options,
        )
        try:
            journal = Journal.create(journal_path, header, engine)
        except FileExistsError as exc:
            raise UsageError(
                f"--journal : {journal_path} existe déjà ; une nouvelle partie n'écrase jamais "
                "une sauvegarde (reprends-la avec « ludivox resume »)"
            ) from exc
    return Session(binding, grammar, Match(engine, state), player_names, journal,
                   computers=robots, settings=settings)


def _check_count(game: str, count: int, variant: str) -> None:
    """A player count the game (or its variant) is not played with: a French usage error."""
    from ludivox.bindings.registry import game as game_entry

    entry = game_entry(game)
    fewest, most = entry.players
    what = entry.title
    if variant != "standard":
        from ludivox.engines.kingsbridge.setup import mode_players

        fewest, most = mode_players(variant)
        what = f"la variante {variant} de {entry.title}"
    if not fewest <= count <= most:
        span = f"à {fewest} joueur" if fewest == most else f"de {fewest} à {most} joueurs"
        raise UsageError(f"--players {count} : {what} se joue {span}")


def _seat_number(text: str) -> int:
    number = small_int(text)
    if number is None:
        raise ValueError(text)
    return number


def _computers(game: str, engine: Any, seats: str | None, strength: str, count: int,
               mode: str, seed: int | None) -> dict[int, Any]:
    """The computer players asked for with ``--computer 2,3`` (0-based seat -> player)."""
    if not seats:
        return {}
    if mode != "virtual":
        raise UsageError("--computer : l'ordinateur ne joue que dans une partie virtuelle")
    try:
        chosen = sorted({_seat_number(x) for x in seats.split(",")})
    except ValueError:
        raise UsageError(f"--computer {seats} : donne des numéros de joueurs séparés par des "
                         "virgules, par exemple 2,3") from None
    bad = [s for s in chosen if not 1 <= s <= count]
    if bad:
        raise UsageError(f"--computer : il n'y a pas de joueur {bad[0]} (de 1 à {count})")
    from ludivox.bindings.registry import computer_for

    try:
        return {s - 1: computer_for(game, engine, strength, seed or 0) for s in chosen}
    except KeyError:
        raise UsageError(f"--computer : l'ordinateur ne sait pas encore jouer à {game}") from None
    except ValueError as exc:
        raise UsageError(f"--strength : {exc}") from exc


def player_settings() -> SettingsStore:
    """The players' settings kept between games (``<data folder>/settings.json``)."""
    return SettingsStore.default()


@building()
def resumed_session(loaded: Loaded, settings: SettingsStore | None = None) -> Session:
    """A session going on from a replayed journal, appending to it (``settings``: as for
    :func:`new_session`)."""
    header = loaded.header
    grammar = game_grammar(header.game)
    binding = _binding(header.game, header.players)
    saved = (header.options or {}).get("computers") or []
    robots = _computers(header.game, loaded.match.engine, ",".join(map(str, saved)),
                        str(header.options.get("strength", "expert")), len(header.players),
                        header.mode, header.seed)
    return Session(binding, grammar, loaded.match, header.players, loaded.reopen(),
                   computers=robots, settings=settings)


CORRUPTED_MARK = ".corrupted"


def mark_corrupted(path: Path) -> None:
    """Remember that a save is corrupted (beside it; the save itself is never touched)."""
    with contextlib.suppress(OSError):
        path.with_name(path.name + CORRUPTED_MARK).touch()


@dataclass(frozen=True)
class SavesFound:
    """What the saves folder holds: the unfinished games (newest first), the damaged saves
    found this time (each is then marked, so that it is told once), and the French problems
    of each game data file that cannot be used (that game's saves are set aside for this run,
    neither offered nor marked)."""

    unfinished: tuple[Loaded, ...]
    damaged: tuple[CorruptedSave, ...]
    data_problems: tuple[str, ...] = ()


def survey_saves() -> SavesFound:
    """Every save of the data folder read once: unfinished games and newly damaged saves.
    A damaged save never hides the others, and is never touched (only marked beside it). A
    game whose data file is unusable has its saves set aside for this run only, its problems
    said once: the other games' saves are still offered."""
    unfinished: list[Loaded] = []
    damaged: list[CorruptedSave] = []
    unusable: dict[str, ValueError] = {}  # game -> why its data file cannot be used

    def engine(game: str) -> Any:
        if game in unusable:
            raise unusable[game]
        try:
            return engine_for(game)
        except ValueError as exc:  # its data file, not the save
            unusable[game] = exc
            raise

    for path in journal_mod.list_saves():
        if path.with_name(path.name + CORRUPTED_MARK).exists():
            continue
        try:
            loaded = journal_mod.load(path, engine)
        except CorruptedSave as exc:
            log.info("%s", exc)
            mark_corrupted(path)
            damaged.append(exc)
            continue
        except ValueError:  # a game's data file, not the save: set aside, nothing marked
            log.info("%s : mise de côté, les données de son jeu sont à corriger", path)
            continue
        if not loaded.match.engine.awaiting(loaded.match.state).game_over:
            unfinished.append(loaded)
    return SavesFound(tuple(unfinished), tuple(damaged),
                      tuple(str(exc) for exc in unusable.values()))


def describe_save(grammar: Any, number: int, loaded: Loaded) -> str:
    """An unfinished game as offered at start: "2 : 7 Kingdoms avec Anne et Paul, commencée
    le 22 novembre à 14 heures 5" (local time)."""
    from ludivox.bindings.registry import game

    header = loaded.header
    try:
        title = game(header.game).title
    except KeyError:
        title = header.game
    params: dict[str, Any] = {"number": number, "game": title, "players": tuple(header.players),
                              "day": 0, "month": 0, "hour": 0, "minute": 0}
    try:
        when = datetime.fromisoformat(header.created).astimezone()
        params.update(day=when.day, month=when.month, hour=when.hour, minute=when.minute)
    except ValueError:
        pass  # an old save without its date: said without it
    return str(grammar.say("resume.game", **params))

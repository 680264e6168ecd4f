"""Words spoken per turn in whole games, unasked and asked, per verbosity (issue 11, item 16).

Each game is played to its end by the real session, binding, grammar and engine: seat 1 is a
person (their settings: short or full answers), the others are beginner computer players.
The person's own moves are chosen by a computer player too and handed to the session as moves
(the understanding layer is measured by ``natural_corpus``). Unasked: every sentence said
without a question (moves, turns, cards drawn, round ends), on the table channel and on the
person's own channel; asked: the answers to the game's usual questions, asked at each of the
person's turns. Figures: mean words per round (from one of the person's turns to the next, every
other seat's go included) and the longest round.
"""

from __future__ import annotations

import statistics
from typing import Any

from ludivox.bindings.registry import binding_for, computer_for, engine_for
from ludivox.shell.launch import game_grammar
from ludivox.table.io import Heard, Say
from ludivox.table.match import Match
from ludivox.table.session import Session
from ludivox.table.settings import SettingsStore

GAMES: dict[str, tuple[int, tuple[str, ...]]] = {
    "kingsbridge": (3, ("lis les colonnes", "qu'est-ce que j'ai en main ?")),
    "seven-kingdoms": (3, ("lis la ligne", "qu'y a-t-il sous les blasons ?",
                           "qu'est-ce que j'ai en main ?")),
    "kingdom-builder": (3, ("où dois-je construire ?", "quels sont les scores ?")),
    "monde-sans-fin": (3, ("qu'est-ce que j'ai en main ?", "combien j'ai d'or ?",
                           "c'est quoi les scores ?")),
}
NAMES = ("Anne", "Paul", "Léa", "Jean")
SEEDS = (1, 2)


def _words(outputs: list[Any], listener: int) -> int:
    mine = {"table", f"seat:{listener + 1}"}
    return sum(len(o.text.split()) for o in outputs if isinstance(o, Say) and o.channel in mine)


def play(game: str, players: int, seed: int, verbosity: str,
         questions: tuple[str, ...]) -> tuple[list[int], list[int]]:
    """(unasked words per turn, asked words per question) for one whole game."""
    engine = engine_for(game)
    names = list(NAMES[:players])
    settings = SettingsStore(None)
    settings.update(names[0], verbosity=verbosity, confirm="never", scan_check="never")
    robots = {s: computer_for(game, engine, "debutant", seed + s) for s in range(1, players)}
    me = computer_for(game, engine, "debutant", seed)
    session = Session(binding_for(game, names), game_grammar(game),
                      Match(engine, engine.new_virtual_game(players, seed)), names, None,
                      computers=robots, settings=settings)
    per_turn: list[int] = []
    asked: list[int] = []
    pending = _words(session.start(), 0)
    for _ in range(3000):
        if engine.awaiting(session.state).game_over or session.acting_seat != 0:
            break
        for question in questions:
            asked.append(_words(session.handle(Heard(question, seat=0)), 0))
        before = session.state
        out = session._act(0, me(before)) + session._computers_play()
        if session.state is before:
            break
        per_turn.append(pending + _words(out, 0))
        pending = 0
    return per_turn, asked


def run() -> dict[str, float]:
    """Measure; no assertion on the figures."""
    figures: dict[str, float] = {}
    for game, (players, questions) in GAMES.items():
        for verbosity in ("full", "short"):
            turns: list[int] = []
            asked: list[int] = []
            for seed in SEEDS:
                t, a = play(game, players, seed, verbosity, questions)
                turns += t
                asked += a
            prefix = f"{game}_{verbosity}"
            figures[f"{prefix}_unasked_words_per_turn"] = statistics.mean(turns)
            figures[f"{prefix}_unasked_max"] = float(max(turns))
            figures[f"{prefix}_asked_words_per_question"] = statistics.mean(asked)
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key}: {value:.1f}")

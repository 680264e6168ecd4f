"""A fixture's game: the session it is said in, and whether what happened is what it expects.

The set-up goes through the same code as ``ludivox play``: :func:`ludivox.shell.launch
.new_session` (from the position written to a temporary ``--state`` file, or from a seed),
``session.start()``, then the set-up script through the testers' script mode
(:func:`ludivox.shell.script.run_script`).
"""

from __future__ import annotations

import io
import json
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludivox.asrbench.manifest import Fixture, Manifest, ManifestError
from ludivox.shell.launch import new_session
from ludivox.shell.script import run_script
from ludivox.table.io import Heard, Output, Say, SpeechControl
from ludivox.table.session import Session

REJECTION_KEYS = frozenset({"not_understood", "not_understood_asked", "not_understood_hint",
                            "did_you_mean"})
"""Answers that act on nothing: not understood, or a question "did you mean ...?"."""


@dataclass
class Prepared:
    """A session in a fixture's set-up, ready for the fixture's utterance."""

    session: Session
    before: Any  # the state the utterance is said in
    undo_target: Any  # the state before the set-up script's last line
    last_said: tuple[str, ...]  # what the set-up's last line made the table say


@dataclass(frozen=True)
class Verdict:
    """How a fixture's utterance went: ``correct`` (the expected effect), ``acted``
    (something was done or answered: a false acceptance when the speech was chatter)."""

    correct: bool
    acted: bool
    detail: str


def _says(script_output: str) -> tuple[str, ...]:
    return tuple(line[4:] for line in script_output.splitlines() if line.startswith("SAY "))


def prepare(manifest: Manifest, fixture: Fixture) -> Prepared:
    """A new session in ``fixture``'s set-up (raises ManifestError when it cannot be built)."""
    setup = fixture.setup
    notation = manifest.notation(setup)
    from ludivox.bindings.registry import engine_for

    with tempfile.TemporaryDirectory(prefix="ludivox-asrbench-") as tmp:
        state_file: Path | None = None
        if notation is not None:
            engine: Any = engine_for(setup.game)
            try:
                state = engine.loads(notation)
            except ValueError as exc:
                raise ManifestError(f"fixture {fixture.id!r}: bad position: {exc}") from exc
            state_file = Path(tmp) / "state.json"
            state_file.write_text(json.dumps(engine.to_json(state)), encoding="utf-8")
        session = new_session(
            setup.game, players=None if state_file else setup.players, names=None,
            mode="virtual", seed=setup.seed, state_file=state_file, journal_path=None,
        )
    session.start()
    undo_target = session.state
    last_said: tuple[str, ...] = ()
    for line in setup.script:
        undo_target = session.state
        out = io.StringIO()
        result = run_script(session, [line], out)
        if result.errors:
            raise ManifestError(f"fixture {fixture.id!r}: set-up line {line!r}: "
                                f"{out.getvalue().strip()}")
        last_said = _says(out.getvalue())
    return Prepared(session, session.state, undo_target, last_said)


def audible(outputs: Sequence[Output], asker: int | None) -> list[Output]:
    """The outputs the table's loudspeaker would voice for ``asker``'s utterance.

    Same rule as the terminal: table lines, and private lines of the player who asked
    (not private events such as cards drawn); speech controls are kept.
    """
    kept: list[Output] = []
    for output in outputs:
        if isinstance(output, SpeechControl):
            kept.append(output)
        elif isinstance(output, Say):
            private = output.channel.startswith("seat:")
            if not private or (asker is not None and output.channel == f"seat:{asker + 1}"
                  and not output.key.startswith("event.")):
                kept.append(output)
    return kept


def hear(prepared: Prepared, text: str, alternatives: Sequence[str] = ()) -> list[Output]:
    """Hand what was recognised to the session, as the live loop does."""
    return prepared.session.handle(Heard(text, tuple(alternatives)))


def judge(fixture: Fixture, prepared: Prepared, outputs: Sequence[Output]) -> Verdict:
    """Compare what the session did with what the fixture expects.

    An expected action counts as done when it was applied, or when the session asks the
    player to confirm exactly that action (the player's settings may ask it for moves that
    cannot be taken back): the words were understood right either way.
    """
    session = prepared.session
    after = session.state
    changed = after != prepared.before
    says = [o for o in outputs if isinstance(o, Say)]
    controls = [o.command for o in outputs if isinstance(o, SpeechControl)]
    keys = [s.key for s in says]
    acted = changed or bool(controls) or any(k not in REJECTION_KEYS for k in keys)
    expect = fixture.expect
    kind = expect["kind"]
    if kind == "action":
        engine = session.match.engine
        try:
            action = engine.parse_action(str(expect["action"]))
            wanted, _ = engine.apply(prepared.before, action)
        except Exception as exc:
            raise ManifestError(
                f"fixture {fixture.id!r}: expected action {expect['action']!r} is not legal "
                f"in its set-up: {exc}"
            ) from exc
        ok = after == wanted or _asks_to_confirm(session, action, changed)
        detail = "" if ok else ("game unchanged" if not changed else "another change")
    elif kind == "undo":
        ok = changed and after == prepared.undo_target
        detail = "" if ok else "not taken back"
    elif kind == "answer":
        wanted_keys = set(expect.get("keys") or ())
        ok = not changed and bool(wanted_keys & set(keys))
        detail = "" if ok else f"said {', '.join(keys) or 'nothing'}"
    elif kind == "repeat":
        texts = tuple(s.text for s in says)
        ok = not changed and bool(texts) and _same(texts, prepared.last_said)
        detail = "" if ok else f"said {', '.join(keys) or 'nothing'}"
    elif kind == "control":
        ok = not changed and (expect.get("command") in controls
                              or bool(set(expect.get("keys") or ()) & set(keys)))
        detail = "" if ok else f"controls {controls}, said {', '.join(keys) or 'nothing'}"
    else:  # none
        ok = not acted
        detail = "" if ok else (
            "the game changed" if changed else f"acted on it: {', '.join(keys + controls)}")
    return Verdict(ok, acted, detail)


def _asks_to_confirm(session: Session, action: Any, changed: bool) -> bool:
    """True when the session asks "c'est bien ça ?" about exactly ``action`` (moves that
    cannot be taken back are confirmed first, as the player's settings say)."""
    pending = session.pending
    return (not changed and pending is not None and pending.yes_no
            and tuple(pending.candidates) == (action,))


def _same(said: Sequence[str], before: Sequence[str]) -> bool:
    def norm(lines: Sequence[str]) -> list[str]:
        # script lines are "<channel> <text>", session lines are just the text
        return [" ".join(line.split()) for line in lines]

    wanted = [line.partition(" ")[2] for line in norm(before)]
    return norm(said) == wanted


__all__ = ["REJECTION_KEYS", "Prepared", "Verdict", "audible", "hear", "judge", "prepare"]

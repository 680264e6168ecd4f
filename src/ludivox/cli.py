"""The ``ludivox`` command: play at the table, resume a game, or run a tester's script.

::

    ludivox                                  resume the unfinished game, or start a new one
    ludivox play kingsbridge [--players N] [--names A,B] [--mode virtual|table] [--seed S]
                             [--characters] [--variant standard|solo|coop]
                             [--computer 2,3] [--strength debutant|moyen|expert]
                             [--state FILE] [--script FILE|-] [--journal FILE] [--text]
                             [--listen push_to_talk|hands_free|off] [--headphones]
                             [--mic DEVICE] [--model DIR] [--reader auto|off|PATH]
    ludivox resume [FILE] [--script FILE|-] [--text] [--listen ...] [--headphones] [--mic ...]
                          [--reader ...]
    ludivox models install fr | list | verify          the speech model (ludivox.commands)
    ludivox nfc write kingsbridge | read | register     tagging and reading card chips
    ludivox bench asr --model DIR --fixtures DIR        testers' recognition bench

Script mode (``--script``) prints ``SAY <channel> <text>`` / ``STATE <json>`` lines (see
:mod:`ludivox.shell.script`); it uses no audio and writes a journal only with ``--journal``
(a resumed game goes on in its own journal). Interactive mode reads the keyboard and the
microphone (when a speech model is installed, see :mod:`ludivox.shell.microphone`), speaks the
answers (or writes them when there is no audio output) and always journals the game in the
data folder (``$LUDIVOX_DATA_DIR`` or the user data folder).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO, cast

from ludivox import commands
from ludivox.bindings.registry import engine_for
from ludivox.cliargs import build_parser, check_rate
from ludivox.digits import small_int
from ludivox.shell.console import Console, ask_new_game
from ludivox.shell.launch import (
    SavesFound,
    UsageError,
    describe_save,
    game_grammar,
    new_session,
    player_settings,
    resumed_session,
    survey_saves,
)
from ludivox.shell.script import ScriptFileError, emit, read_script, run_script
from ludivox.shell.wav_replay import WavListener
from ludivox.table import journal as journal_mod
from ludivox.table.io import Output
from ludivox.table.journal import CorruptedSave, Loaded
from ludivox.table.session import Session

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def _script_lines(source: str) -> Iterable[str]:
    """The script's lines: a file is read whole first (a missing or badly encoded file is a
    French usage error before anything is said); standard input line by line, as it comes."""
    if source != "-":
        try:
            return read_script(Path(source))
        except ScriptFileError as exc:
            raise UsageError(f"--script : {exc}") from None
    return _stdin_lines()


def _stdin_lines() -> Iterator[str]:
    first = True
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        if first:
            line, first = line.removeprefix("\ufeff"), False
        yield line


def run_script_mode(session: Session, lines: Iterable[str], out: TextIO,
                    opening: Sequence[Output] | None = None, model: Path | None = None) -> int:
    """Script mode: opening lines, then each script line (:func:`_script_lines`); exit code 0
    at the end."""
    listener = _listener(session, model) if model is not None else None
    try:
        emit(opening if opening is not None else session.start(), out, listener)
        if listener is not None:
            listener.set_phrases(session.phrases_now())
        run_script(session, lines, out, listener)
    finally:
        session.close()
    return EXIT_OK


def _listener(session: Session, model: Path) -> WavListener:
    """Load the speech model for ``@wav`` lines; report grammar words the model lacks.

    Vosk silently drops phrase-list words missing from its vocabulary, so they are listed on
    stderr at load time; the phrase lists then keep only words the model knows.
    """
    from ludivox.grammars.grammar import Grammar
    from ludivox.shell.live_model import bad_model_notice
    from ludivox.shell.wav_replay import open_listener
    from ludivox.voice.recognizer import ModelLoadError, ModelNotFound

    grammar = session.grammar
    try:
        listener, known = open_listener(model, cast(Grammar, grammar))  # a loaded Grammar
    except (ModelNotFound, ModelLoadError) as exc:
        notice = bad_model_notice(exc)
        print(grammar.say(notice.key, **dict(notice.params)), flush=True)
        raise UsageError("") from exc
    session.known_word = known
    missing = sorted(w for w in grammar.vocabulary() if not known(w))
    if missing:
        shown = ", ".join(missing[:12]) + (" ..." if len(missing) > 12 else "")
        print(f"ludivox : le modèle {model} ne connaît pas {len(missing)} mot(s) de la "
              f"grammaire, ignorés par la reconnaissance : {shown}", file=sys.stderr)
    return listener


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ludivox`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    _setup_logging(script=getattr(args, "script", None) is not None)
    try:
        return _dispatch(args)
    except UsageError as exc:
        if str(exc):
            print(f"ludivox : {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # the reader of our output went away (``| head``): stop quietly, no traceback
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_ERROR
    except KeyboardInterrupt:
        # Ctrl-C before a game runs (set-up questions, loading): nothing was saved yet
        print(game_grammar("kingsbridge").say("interrupted"), flush=True)
        return EXIT_INTERRUPTED


_LOG_HANDLER = "ludivox"


def _setup_logging(script: bool) -> None:
    """Developer logs (English) never reach a player's screen reader.

    Interactive play logs to ``<data folder>/ludivox.log`` (``LUDIVOX_LOG=debug`` for more
    detail): everything the player must know is said in French by the session. The testers'
    script mode leaves the data folder alone and shows warnings on stderr.
    """
    root = logging.getLogger()
    handler: logging.Handler
    if script:
        debug = os.environ.get("LUDIVOX_LOG", "").lower() == "debug"
        handler = logging.StreamHandler(sys.stderr)
        level = logging.DEBUG if debug else logging.WARNING
    else:
        debug = os.environ.get("LUDIVOX_LOG", "").lower() == "debug"
        level = logging.DEBUG if debug else logging.INFO
        try:
            folder = journal_mod.data_dir()
            folder.mkdir(parents=True, exist_ok=True)
            handler = logging.FileHandler(folder / "ludivox.log", encoding="utf-8")
        except OSError:
            handler, level = logging.StreamHandler(sys.stderr), logging.ERROR
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.set_name(_LOG_HANDLER)
    for old in [h for h in root.handlers if h.get_name() == _LOG_HANDLER]:
        root.removeHandler(old)  # main() run again in one process: one handler, not two
        old.close()
    root.addHandler(handler)
    root.setLevel(level)


def _dispatch(args: argparse.Namespace) -> int:
    tool = commands.run(args)
    if tool is not None:
        return tool
    check_rate(args)
    command = args.command
    script = _script_lines(args.script) if getattr(args, "script", None) is not None else None
    if command == "play":
        journal_path = args.journal
        if args.script is None and journal_path is None:
            journal_path = journal_mod.new_save_path(args.game)
        session = new_session(
            args.game, players=args.players, names=args.names, mode=args.mode, seed=args.seed,
            state_file=args.state, journal_path=journal_path,
            setup={k: v for k in ("layout", "cards", "rules") if (v := getattr(args, k, None))},
            computers=args.computer, strength=args.strength,
            characters=args.characters, variant=args.variant,
            settings=None if args.script is not None else player_settings(),
        )
        if script is not None:
            return run_script_mode(session, script, sys.stdout, model=args.model)
        console = _console(session, args)
        return console.run(session, session.start())
    if command == "resume":
        if args.file is not None:
            if not args.file.exists():
                raise UsageError(f"{args.file} : fichier introuvable")
            return _resume(args.file, script, args, model=args.model)
        found = survey_saves()
        _tell_damaged(found, print)
        if not found.unfinished:
            return _say_and_exit("resume.none", EXIT_ERROR)
        return _resume_loaded(found.unfinished[0], script, args, model=args.model)
    # no command: resume an unfinished game (asked which when there are several), else a
    # new one; damaged saves are named, kept, and never hide the others
    found = survey_saves()
    console = Console(game_grammar("kingsbridge"), False, None)
    _tell_damaged(found, console.speaker.say)
    chosen = _choose_saved(console, found.unfinished)
    if chosen is _ENDED:
        console.close()
        return EXIT_OK
    if isinstance(chosen, Loaded):
        console.close()
        return _resume_loaded(chosen, None, None)
    if found.damaged and not found.unfinished:
        console.speaker.say(console.grammar.say("resume.none"))
    new = ask_new_game("kingsbridge", console)
    if new is None:
        console.close()
        return EXIT_OK
    _add_listening(console, new, None)
    _add_card_reader(console, None)
    return console.run(new, new.start())


_ENDED = object()


def _tell_damaged(found: SavesFound, say: Callable[[str], object]) -> None:
    """Name each damaged save found (kept untouched; the details go to the log), and say
    once the problems of each game data file whose saves are set aside for this run."""
    for problems in found.data_problems:
        say(problems)
    grammar = game_grammar("kingsbridge")
    for problem in found.damaged:
        say(grammar.say(problem.key, **problem.params))


def _choose_saved(console: Console, unfinished: Sequence[Loaded]) -> object:
    """The unfinished game to resume: the only one, or the one the player names among
    several ("la deuxième", "deux", "2"); None for a new game, ``_ENDED`` when the input
    ends."""
    if not unfinished:
        return None
    if len(unfinished) == 1:
        return unfinished[0]
    grammar = console.grammar
    games = tuple(describe_save(grammar, i + 1, loaded) for i, loaded in enumerate(unfinished))
    question = grammar.say("resume.choose", count=len(unfinished), games=games)
    while True:
        answer = console.ask(question)
        if answer is None:
            return _ENDED
        picked = _picked(grammar, answer, len(unfinished))
        if picked == "new":
            return None
        if isinstance(picked, int):
            return unfinished[picked]
        question = grammar.say("resume.choose_again", count=len(unfinished))


def _picked(grammar: Any, answer: str, count: int) -> int | str | None:
    """A 0-based index of 0..count-1, "new", or None when the answer names neither."""
    number = small_int(answer)
    for intent in ([] if number is not None else grammar.understand(answer)[:1]):
        if intent.name == "new_game":
            return "new"
        slot = intent.slots.get("ordinal") or intent.slots.get("number")
        if isinstance(slot, str):
            number = small_int(slot.partition(":")[2])
    if number is not None and 1 <= number <= count:
        return number - 1
    return None


def _console(session: Session, args: argparse.Namespace | None) -> Console:
    """The interactive console, with the microphone when a speech model is there.

    Options given on the command line (--rate, --listen, --headphones) become the stored
    settings of every player at the table (see :func:`_store_overrides`).
    """
    _store_overrides(session, _command_line_settings(args))
    console = Console(session.grammar, bool(args and args.text), args.rate if args else None)
    _add_listening(console, session, args)
    _add_card_reader(console, args)
    return console


def _command_line_settings(args: argparse.Namespace | None) -> dict[str, Any]:
    """The settings given on the command line (``rate_wpm``, ``listen``, ``headphones``)."""
    overrides: dict[str, Any] = {}
    if args is None:
        return overrides
    if args.rate:
        overrides["rate_wpm"] = args.rate
    if args.listen:
        overrides["listen"] = args.listen
    if args.headphones:
        overrides["headphones"] = True
    return overrides


def _store_overrides(session: Session, overrides: dict[str, Any]) -> None:
    """Write the command line's settings into each human player's stored settings.

    The session steps "plus vite" / "moins fort" from the stored settings and the console
    speaks with them: both must start from what the command line asked for (``--rate 400``
    then "plus vite" gives 450). Computer players have no settings. ``--rate`` was checked
    by :func:`~ludivox.cliargs.check_rate` before anything was created.
    """
    if not overrides:
        return
    humans = [name for seat, name in enumerate(session.players)
              if seat not in session.computers]
    for name in humans:
        session.settings.put(name, replace(session.settings.get(name), **overrides))


def _add_card_reader(console: Console, args: argparse.Namespace | None) -> None:
    """Give the console the NFC card reader (``--reader``: auto, off or a path).

    ``auto`` looks for a USB reader and says nothing when the table has none; a path names
    the reader, and its absence is announced once. Either way the game goes on by voice.
    """
    choice = args.reader if args is not None else "auto"
    if choice == "off":
        return
    from ludivox.nfc.reader import check_path
    from ludivox.shell.card_reader import card_reader

    path = None if choice == "auto" else choice
    if path is not None:
        try:
            check_path(path)
        except ValueError as exc:
            raise UsageError(f"--reader : {exc}") from exc
    console.add_source(card_reader(path))


def _add_listening(console: Console, session: Session,
                   args: argparse.Namespace | None) -> None:
    """Load the speech model and give the console the microphone; without a model (or
    with --listen off) the game is played by keyboard, and the table is told once why."""
    from ludivox.shell.live_model import open_live
    from ludivox.voice.modelstore import resolve_model

    if args is not None and args.listen == "off":
        return
    model = resolve_model(args.model if args is not None else None)
    live, notice = open_live(
        session, model, lambda: console.speaker,
        headphones=bool(args and args.headphones), device=args.mic if args else None,
    )
    if live is not None:
        console.add_source(live)
    elif notice is not None:
        console.speaker.say(session.grammar.say(notice.key, **dict(notice.params)))


def _resume(path: Path, script: Iterable[str] | None, args: argparse.Namespace | None,
            model: Path | None = None) -> int:
    """``ludivox resume FILE``: a damaged file (or no save at all) is named, kept untouched,
    and nothing else is done or promised (exit 1)."""
    try:
        loaded = journal_mod.load(path, engine_for)
    except CorruptedSave as exc:
        logging.getLogger(__name__).info("%s", exc)
        print(game_grammar("kingsbridge").say(exc.key, **exc.params), flush=True)
        return EXIT_ERROR
    except ValueError as exc:  # the game's data file is unusable (French): the save is fine
        raise UsageError(str(exc)) from exc
    return _resume_loaded(loaded, script, args, model)


def _resume_loaded(loaded: Loaded, script: Iterable[str] | None,
                   args: argparse.Namespace | None, model: Path | None = None) -> int:
    session = resumed_session(loaded, settings=None if script is not None else player_settings())
    opening = session.start(resumed=True, torn=loaded.torn,
                            after_crash=loaded.moves > 0 and not loaded.quit_last,
                            moves=loaded.moves)
    if script is not None:
        return run_script_mode(session, script, sys.stdout, opening, model=model)
    return _console(session, args).run(session, opening)


def _say_and_exit(key: str, code: int) -> int:
    grammar = game_grammar("kingsbridge")
    print(grammar.say(key))
    return code


if __name__ == "__main__":
    sys.exit(main())

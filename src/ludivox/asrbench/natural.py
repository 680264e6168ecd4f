"""The natural-sentence corpus: phrasings nobody wrote for the grammar, and what each must do.

A corpus file (``corpus/natural/<game>.yaml``, see ``corpus/natural/README.md``) names
positions (a state JSON as ``--state`` reads it, and the players' names) and cases: what a
player says there and the effect it must have — engine actions in their text form, applied in
order by the speaker; an answer (a response key, or its prefix) with nothing changed; or
``none`` (nothing may change: a negation, table chatter).

Each case is played on a fresh session of the real game (real grammar, binding and engine;
confirmations and scan checks off, so that every question is about understanding) and
classified the way a player meets it:

* ``understood`` — the intended effect, at once;
* ``asked`` — a question came back; answered « oui », it gave the intended effect
  (``asked_right``) or changed nothing (``asked``);
* ``not_understood`` — « je n'ai pas compris », a refusal of another reading, or a wrong
  answer, with nothing changed;
* ``harmful`` — a different action was carried out, at once or after « oui » to the question.
"""

from __future__ import annotations

import functools
import json
import re
import tempfile
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

OUTCOMES = ("understood", "asked_right", "asked", "not_understood", "harmful")
NOT_UNDERSTOOD_KEYS = ("not_understood", "not_understood_asked", "not_understood_hint",
                       "yes_no_expected")


class CorpusError(ValueError):
    """A corpus file that cannot be used: names the file and the case."""


@dataclass(frozen=True)
class Case:
    """One sentence, where it is said, by whom, and what it must do."""

    say: str
    at: str
    expect_actions: tuple[str, ...] = ()
    expect_answer: str | None = None
    by: int | None = None  # 0-based seat; None: the seat whose turn it is
    tag: str = ""
    line: int = 0
    before: tuple[str, ...] = ()  # said first (by the same player), e.g. to raise a question
    settings: tuple[tuple[str, Any], ...] = ()  # the players' settings for this case
    batch: int = 0  # the held-out batch it was written in (its ``# -- batch N`` comment)


@dataclass(frozen=True)
class Corpus:
    """A game's positions (name -> (state JSON, names)) and cases."""

    game: str
    positions: dict[str, tuple[dict[str, Any], tuple[str, ...]]]
    cases: tuple[Case, ...]
    path: Path


@dataclass
class Result:
    """What one case did."""

    case: Case
    outcome: str
    keys: tuple[str, ...] = ()
    detail: str = ""


@dataclass
class Report:
    """Counts per outcome, overall and per tag."""

    game: str
    results: list[Result] = field(default_factory=list)

    def counts(self, tag: str | None = None) -> Counter[str]:
        return Counter(r.outcome for r in self.results if tag is None or r.case.tag == tag)

    def share(self, outcome: str, tag: str | None = None) -> float:
        counts = self.counts(tag)
        total = sum(counts.values())
        return counts[outcome] / total if total else 0.0

    def tags(self) -> list[str]:
        return sorted({r.case.tag for r in self.results})


def corpus_dir() -> Path:
    """``corpus/natural`` at the top of the repository."""
    return Path(__file__).resolve().parents[3] / "corpus" / "natural"


_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when installed (ten times faster than the pure-Python one)."""


def load(path: Path) -> Corpus:
    """Read and check a corpus file; raises :class:`CorpusError` naming the problem. A file
    read before and unchanged since gives the same corpus (shared: read it, never change
    its positions)."""
    try:
        stat = path.stat()
    except OSError as exc:
        raise CorpusError(f"{path}: {exc}") from exc
    return _load(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=16)
def _load(path: Path, _mtime: int, _size: int) -> Corpus:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise CorpusError(f"{path}: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise CorpusError(f"{path}: « game » et « cases » attendus")
    positions: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {}
    for name, spec in (data.get("positions") or {}).items():
        if not isinstance(spec, dict) or not isinstance(spec.get("state"), dict):
            raise CorpusError(f"{path}: position {name}: « state » attendu")
        positions[str(name)] = (spec["state"], tuple(spec.get("names") or ()))
    raws = data.get("cases") or []
    batches = _batches(path.read_text(encoding="utf-8"), len(raws))
    cases = tuple(_case(path, i, raw, positions, batches[i]) for i, raw in enumerate(raws))
    return Corpus(data["game"], positions, cases, path)


_BATCH = re.compile(r"^\s*#\s*--\s*batch\s+(\d+)")
_ITEM = re.compile(r"^\s*-\s")


def _batches(text: str, count: int) -> list[int]:
    """The batch of each case, in order: the last ``# -- batch N`` comment above it (0: none).
    Cases are one list item per line, after ``cases:``."""
    batch, found, inside = 0, [], False
    for line in text.splitlines():
        if line.startswith("cases:"):
            inside = True
        elif inside and (m := _BATCH.match(line)):
            batch = int(m.group(1))
        elif inside and _ITEM.match(line):
            found.append(batch)
    return found + [batch] * (count - len(found)) if len(found) < count else found[:count]


def _case(path: Path, index: int, raw: Any, positions: dict[str, Any], batch: int = 0) -> Case:
    where = f"{path}: cas {index + 1}"
    if not isinstance(raw, dict) or not isinstance(raw.get("say"), str):
        raise CorpusError(f"{where}: « say » attendu")
    at = str(raw.get("at", ""))
    if at not in positions:
        raise CorpusError(f"{where}: position inconnue {at!r}")
    expect = raw.get("expect")
    actions: tuple[str, ...] = ()
    answer: str | None = None
    if isinstance(expect, str) and expect != "none":
        actions = (expect,)
    elif isinstance(expect, list) and all(isinstance(a, str) for a in expect):
        actions = tuple(expect)
    elif isinstance(expect, dict) and isinstance(expect.get("answer"), str):
        answer = expect["answer"]
    elif expect not in ("none", None):
        raise CorpusError(f"{where}: « expect » : une action, une liste, {{answer: clé}} ou none")
    by = raw.get("by")
    if by is not None and (not isinstance(by, int) or by < 1):
        raise CorpusError(f"{where}: « by » : un numéro de joueur à partir de 1")
    before = raw.get("before") or []
    if not isinstance(before, list) or not all(isinstance(b, str) for b in before):
        raise CorpusError(f"{where}: « before » : une liste de phrases")
    settings = raw.get("settings") or {}
    if not isinstance(settings, dict):
        raise CorpusError(f"{where}: « settings » : des réglages champ: valeur")
    return Case(raw["say"], at, actions, answer, None if by is None else by - 1,
                str(raw.get("tag", "")), index + 1, tuple(before), tuple(settings.items()), batch)


def load_all(directory: Path | None = None) -> list[Corpus]:
    """Every corpus file of the folder, sorted by name."""
    folder = directory or corpus_dir()
    return [load(p) for p in sorted(folder.glob("*.yaml"))]


def check(corpus: Corpus) -> list[str]:
    """Problems of a corpus without playing it: a position the game refuses, an intended action
    that is not legal where it is said, an answer key no response has."""
    from ludivox.bindings.registry import engine_for
    from ludivox.shell.launch import game_grammar

    engine: Any = engine_for(corpus.game)
    grammar = game_grammar(corpus.game)
    states: dict[str, Any] = {}
    problems: list[str] = []
    for name, (data, _) in corpus.positions.items():
        try:
            states[name] = engine.from_json(data)
        except ValueError as exc:
            problems.append(f"{corpus.path}: position {name}: {exc}")
    for case in corpus.cases:
        state = states.get(case.at)
        if state is None:
            continue
        if case.before:
            continue  # its position is only known once the first sentences are played
        for text in case.expect_actions:
            try:
                action = engine.parse_action(text)
                state, _ = engine.apply(state, action)
            except ValueError as exc:
                problems.append(f"{corpus.path}: cas {case.line} ({case.say!r}): {text!r} : {exc}")
                break
        answer = case.expect_answer
        if answer is not None and not any(
                k == answer or k.startswith(answer) for k in grammar.response_keys):
            problems.append(f"{corpus.path}: cas {case.line}: aucune réponse {answer!r}")
    return problems


def run(corpus: Corpus, only: Iterable[int] | None = None) -> Report:
    """Play every case (or the cases numbered in ``only``) and classify it."""
    wanted = set(only) if only is not None else None
    report = Report(corpus.game)
    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for name, (state, _) in corpus.positions.items():
            file = Path(tmp) / f"{name}.json"
            file.write_text(json.dumps(state), encoding="utf-8")
            files[name] = file
        for case in corpus.cases:
            if wanted is None or case.line in wanted:
                report.results.append(_play(corpus, case, files[case.at]))
    return report


def _session(corpus: Corpus, case: Case, state_file: Path) -> Any:
    from ludivox.shell.launch import new_session
    from ludivox.table.settings import SettingsStore

    names = corpus.positions[case.at][1]
    chosen = {"confirm": "never", "scan_check": "never", **dict(case.settings)}
    settings = SettingsStore(None)
    for name in names:
        settings.update(name, **chosen)
    session = new_session(
        corpus.game, players=None, names=",".join(names) if names else None, mode="virtual",
        seed=None, state_file=state_file, journal_path=None, settings=settings,
    )
    if not names:
        for name in session.players:
            settings.update(name, **chosen)
    session.start()
    for text in case.before:
        _heard(session, text, case.by)
    return session


def _expected(session: Any, case: Case) -> Any:
    """The state the intended actions lead to; raises CorpusError when one is illegal."""
    engine = session.match.engine
    state = session.state
    for text in case.expect_actions:
        try:
            action = engine.parse_action(text)
            state, _ = engine.apply(state, action)
        except ValueError as exc:
            raise CorpusError(f"cas {case.line} ({case.say!r}): action attendue {text!r} "
                              f"impossible ici : {exc}") from exc
    return state


def _heard(session: Any, text: str, seat: int | None) -> tuple[str, ...]:
    from ludivox.table.io import Heard, Say

    return tuple(o.key for o in session.handle(Heard(text, seat=seat)) if isinstance(o, Say))


def _play(corpus: Corpus, case: Case, state_file: Path) -> Result:
    session = _session(corpus, case, state_file)
    before = session.state
    goal = _expected(session, case)
    keys = _heard(session, case.say, case.by)
    after = session.state
    if after != before:
        return Result(case, "understood" if after == goal else "harmful", keys)
    if case.expect_answer is not None and any(
            k == case.expect_answer or k.startswith(case.expect_answer) for k in keys):
        return Result(case, "understood", keys)  # answered (a question waiting is recalled)
    if session.pending is not None:
        if not case.expect_actions:
            return Result(case, "asked", keys)
        again = _session(corpus, case, state_file)
        _heard(again, case.say, case.by)
        more = _heard(again, "oui", case.by)
        if again.state == goal:
            return Result(case, "asked_right", keys + more)
        if again.state != before:
            return Result(case, "harmful", keys + more, "après « oui »")
        return Result(case, "asked", keys + more)
    if case.expect_answer is not None:
        return Result(case, "not_understood", keys)
    if not case.expect_actions:
        return Result(case, "understood", keys)  # nothing was to change, nothing did
    return Result(case, "not_understood", keys)


def summary(reports: Sequence[Report]) -> dict[str, float]:
    """Figures for ``make bench``: per game, the share of each outcome and the case count."""
    figures: dict[str, float] = {}
    for report in reports:
        total = len(report.results)
        figures[f"{report.game}_cases"] = float(total)
        for outcome in OUTCOMES:
            figures[f"{report.game}_{outcome}_pct"] = 100 * report.share(outcome)
        figures[f"{report.game}_harmful"] = float(report.counts()["harmful"])
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ludivox.asrbench.natural [GAME ...] [--all] [--batch N]``: the report per
    game (``--batch``: of one held-out batch), and each case that was not understood at once
    (``--all``: every case), with the keys said."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m ludivox.asrbench.natural")
    parser.add_argument("games", nargs="*")
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--batch", type=int, help="only the cases of this held-out batch")
    args = parser.parse_args(argv)
    for corpus in load_all():
        if args.games and corpus.game not in args.games:
            continue
        try:
            only = None if args.batch is None else [
                c.line for c in corpus.cases if c.batch == args.batch]
            report = run(corpus, only)
        except CorpusError as exc:
            print(f"{corpus.path} : {exc}")
            return 1
        counts = report.counts()
        print(f"{corpus.game}: {len(report.results)} phrases, "
              + ", ".join(f"{o} {counts[o]}" for o in OUTCOMES))
        for tag in report.tags():
            tc = report.counts(tag)
            print(f"  {tag or '-'}: " + ", ".join(f"{o} {tc[o]}" for o in OUTCOMES if tc[o]))
        for r in report.results:
            if args.all or r.outcome != "understood":
                print(f"  [{r.outcome}] l.{r.case.line} {r.case.say!r} -> {' '.join(r.keys)}"
                      f" {r.detail}")
    return 0


__all__ = ["OUTCOMES", "Case", "Corpus", "CorpusError", "Report", "Result", "corpus_dir",
           "load", "load_all", "main", "run", "summary"]

if __name__ == "__main__":
    raise SystemExit(main())

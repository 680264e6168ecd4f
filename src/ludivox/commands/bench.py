"""``ludivox bench asr``: recognition accuracy and answer latency on recorded fixtures.

::

    ludivox bench asr [--model DIR] [--fixtures DIR] [--json OUT] [--limit N] [--no-audio]

Each fixture of the folder's ``manifest.json`` goes through the real pipeline (WAV replayed
as 30 ms microphone chunks -> endpointing -> Vosk with the phrase list of the moment ->
understanding -> session and engine), and every answer is synthesized and played (see
:mod:`ludivox.asrbench.runner`). The model is ``--model``, else ``$LUDIVOX_VOSK_MODEL``, else
the one ``ludivox models install fr`` installed; the fixtures default to the repository's
``audio_fixtures/fr/kingsbridge``, found from the package's folder. Messages are French
sentences from ``grammars/common/fr/responses.bench.yaml``; the figures table keeps its
short column names (cmd acc, WER, RTF).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ludivox.clifrench import whole_number
from ludivox.voice.modelstore import MODEL_ENV

EXIT_OK = 0
EXIT_ERROR = 1
FIXTURES_IN_REPO = Path("audio_fixtures") / "fr" / "kingsbridge"


def register(subparsers: Any) -> None:
    """Add ``ludivox bench`` and its ``asr`` benchmark."""
    parser = subparsers.add_parser(
        "bench", help="mesures pour les testeurs (reconnaissance vocale)",
        description="Mesures pour les testeurs.",
    )
    kinds = parser.add_subparsers(dest="bench_kind", metavar="mesure", required=True)
    asr = kinds.add_parser(
        "asr", help="précision et latence de la reconnaissance sur les enregistrements",
        description=(
            "Rejoue les enregistrements d'un dossier de fixtures (manifest.json) dans la "
            "chaîne réelle (détection de fin de parole, Vosk, compréhension, partie) et "
            "mesure la précision des commandes, le taux d'erreur de mots, les fausses "
            "acceptations et la latence jusqu'au premier son de la réponse."
        ),
    )
    asr.add_argument("--model", type=Path, metavar="DOSSIER",
                     help=f"dossier du modèle Vosk (par défaut : la variable {MODEL_ENV}, "
                          "sinon le modèle installé par « ludivox models install fr »)")
    asr.add_argument("--fixtures", type=Path, metavar="DOSSIER",
                     help="dossier des enregistrements avec manifest.json (par défaut : "
                          f"{FIXTURES_IN_REPO} dans le dépôt de Ludivox)")
    asr.add_argument("--json", type=Path, metavar="FICHIER",
                     help="écrire les chiffres en JSON")
    asr.add_argument("--limit", type=whole_number, metavar="N",
                     help="seulement N fixtures, réparties sur toute la liste")
    asr.add_argument("--no-audio", action="store_true",
                     help="ne pas jouer les réponses (latence jusqu'à la synthèse)")
    asr.add_argument("--quiet", action="store_true", help="pas de ligne par fixture")
    asr.set_defaults(func=run_asr)


def say(key: str, **params: Any) -> str:
    """The French sentence for ``key`` (``grammars/common/fr/responses.bench.yaml``)."""
    from ludivox.grammars import Grammar

    return str(Grammar.load("common", "fr").say(key, **params))


def _err(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def repo_fixtures() -> Path:
    """Where the repository keeps the Kingsbridge recordings, found from the package's own
    folder (``src/ludivox`` in a checkout), whatever the current folder."""
    import ludivox

    return Path(ludivox.__file__).resolve().parents[2] / FIXTURES_IN_REPO


def _model(explicit: Path | None) -> Path | None:
    """``--model``, else ``$LUDIVOX_VOSK_MODEL``, else the installed French model; None
    (said why) when there is none."""
    from ludivox.voice.modelstore import installed_status, resolve_model

    model = resolve_model(explicit)
    if model is None:
        status = installed_status("fr")
        if status is not None and status.status == "corrupted":
            _err(say("bench.model_damaged", name=status.name, path=str(status.path)))
        else:
            _err(say("bench.no_model"))
    return model


def run_asr(args: argparse.Namespace) -> int:
    """Run the ASR bench; prints the table, writes ``--json``; exit code."""
    from ludivox.asrbench import report, runner
    from ludivox.asrbench.manifest import MANIFEST_NAME, ManifestError, load, select
    from ludivox.voice.recognizer import ModelLoadError, ModelNotFound

    if args.limit is not None and args.limit < 1:
        _err(say("bench.bad_limit"))
        return EXIT_ERROR
    model = _model(args.model)
    if model is None:
        return EXIT_ERROR
    folder = args.fixtures if args.fixtures is not None else repo_fixtures()
    try:
        manifest = load(folder)
    except FileNotFoundError:
        key = "bench.no_manifest" if args.fixtures is not None else "bench.no_default_fixtures"
        _err(say(key, path=str(folder)))
        return EXIT_ERROR
    except ManifestError as exc:
        _err(say("bench.bad_manifest", path=str(folder / MANIFEST_NAME), detail=str(exc)))
        return EXIT_ERROR
    missing = [f.path for f in manifest.fixtures if not manifest.wav(f).is_file()]
    if missing:
        _err(say("bench.missing_wav", count=len(missing), first=missing[0]))
        return EXIT_ERROR
    fixtures = select(manifest.fixtures, args.limit)
    try:
        recognizer, load_s = runner.open_recognizer(model)
    except (ModelNotFound, ModelLoadError) as exc:
        problem = "other"
        if isinstance(exc, ModelNotFound):
            problem = "not_model" if exc.path.exists() else "missing"
        _err(say("bench.bad_model", path=str(exc.path), problem=problem))
        return EXIT_ERROR

    def progress(item: runner.ItemResult) -> None:
        if args.quiet:
            return
        if item.verdict.correct:
            _err(say("bench.item_ok", id=item.fixture.id, heard=item.heard))
        else:
            detail = f"({item.verdict.detail})" if item.verdict.detail else ""
            line = say("bench.item_bad", id=item.fixture.id, heard=item.heard, detail=detail)
            _err(line.rstrip())

    try:
        result = runner.run(manifest, fixtures, recognizer, use_audio=not args.no_audio,
                            progress=progress)
    except ManifestError as exc:
        _err(say("bench.bad_manifest", path=str(folder / MANIFEST_NAME), detail=str(exc)))
        return EXIT_ERROR
    result.model_load_s = load_s
    data = report.summary(result, {"model": str(model), "fixtures": str(folder)})
    print(report.table(data), flush=True)
    if args.json is not None:
        try:
            args.json.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                                 encoding="utf-8")
        except OSError as exc:
            _err(say("bench.json_error", path=str(args.json), detail=exc.strerror or str(exc)))
            return EXIT_ERROR
    return EXIT_OK


__all__ = ["register", "repo_fixtures", "run_asr"]

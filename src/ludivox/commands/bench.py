"""``ludivox bench asr``: recognition accuracy and answer latency on recorded fixtures.

::

    ludivox bench asr --model DIR --fixtures DIR [--json OUT] [--limit N] [--no-audio]

Each fixture of the folder's ``manifest.json`` goes through the real pipeline (WAV replayed
as 30 ms microphone chunks -> endpointing -> Vosk with the phrase list of the moment ->
understanding -> session and engine), and every answer is synthesized and played (see
:mod:`ludivox.asrbench.runner`). A tool for testers: its report is in English.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

EXIT_OK = 0
EXIT_ERROR = 1
DEFAULT_FIXTURES = Path("audio_fixtures/fr/kingsbridge")
MODEL_ENV = "LUDIVOX_VOSK_MODEL"


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
    asr.add_argument("--model", type=Path, default=_env_model(),
                     help=f"dossier du modèle Vosk (par défaut ${MODEL_ENV})")
    asr.add_argument("--fixtures", type=Path, default=DEFAULT_FIXTURES,
                     help="dossier des fixtures avec manifest.json "
                     f"(par défaut {DEFAULT_FIXTURES})")
    asr.add_argument("--json", type=Path, metavar="OUT", help="écrire les chiffres en JSON")
    asr.add_argument("--limit", type=int, metavar="N",
                     help="seulement N fixtures, réparties sur toute la liste")
    asr.add_argument("--no-audio", action="store_true",
                     help="ne pas jouer les réponses (latence jusqu'à la synthèse)")
    asr.add_argument("--quiet", action="store_true", help="pas de ligne par fixture")
    asr.set_defaults(func=run_asr)


def _env_model() -> Path | None:
    value = os.environ.get(MODEL_ENV)
    return Path(value) if value else None


def _err(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run_asr(args: argparse.Namespace) -> int:
    """Run the ASR bench; prints the table, writes ``--json``; exit code."""
    from ludivox.asrbench import report, runner
    from ludivox.asrbench.manifest import ManifestError, load, select
    from ludivox.voice.recognizer import RecognizerError

    if args.model is None:
        _err(f"error: no speech model: give --model DIR or set {MODEL_ENV} "
             "(ludivox models install fr)")
        return EXIT_ERROR
    if args.limit is not None and args.limit < 1:
        _err("error: --limit must be at least 1")
        return EXIT_ERROR
    try:
        manifest = load(args.fixtures)
    except (FileNotFoundError, ManifestError) as exc:
        _err(f"error: {exc}")
        return EXIT_ERROR
    missing = [f.path for f in manifest.fixtures if not manifest.wav(f).is_file()]
    if missing:
        _err(f"error: {len(missing)} fixture file(s) missing, first: {missing[0]}")
        return EXIT_ERROR
    fixtures = select(manifest.fixtures, args.limit)
    try:
        recognizer, load_s = runner.open_recognizer(args.model)
    except (RecognizerError, FileNotFoundError) as exc:
        _err(f"error: {exc}")
        return EXIT_ERROR

    def progress(item: runner.ItemResult) -> None:
        if not args.quiet:
            mark = "ok " if item.verdict.correct else "BAD"
            _err(f"{mark} {item.fixture.id}: heard {item.heard!r}"
                 + (f" ({item.verdict.detail})" if item.verdict.detail else ""))

    try:
        result = runner.run(manifest, fixtures, recognizer, use_audio=not args.no_audio,
                            progress=progress)
    except ManifestError as exc:
        _err(f"error: {exc}")
        return EXIT_ERROR
    result.model_load_s = load_s
    data = report.summary(result, {"model": str(args.model),
                                   "fixtures": str(args.fixtures)})
    print(report.table(data), flush=True)
    if args.json is not None:
        try:
            args.json.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                                 encoding="utf-8")
        except OSError as exc:
            _err(f"error: cannot write {args.json}: {exc.strerror}")
            return EXIT_ERROR
    return EXIT_OK


__all__ = ["register", "run_asr"]

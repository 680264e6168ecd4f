"""Speech to text: the :class:`Recognizer` protocol and its Vosk adapter.

Vosk's JSON never leaves this module: callers get :class:`Partial` / :class:`Final`
updates and :class:`Result` values. With a phrase list, Vosk decodes with a bigram model
over the listed words (not a list of allowed sentences), so the text may combine listed
words in new ways and must be matched against what is valid now by the caller.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ludivox.voice.audio import RECOGNIZER_RATE

log = logging.getLogger(__name__)

UNKNOWN_WORD = "[unk]"


class RecognizerError(RuntimeError):
    """Base class of speech recognition errors."""


class ModelNotFound(RecognizerError, FileNotFoundError):
    """The Vosk model folder does not exist or is not a model folder."""

    def __init__(self, path: Path, hint: str) -> None:
        super().__init__(f"Vosk model not found at {path}: {hint}")
        self.path = path


class ModelLoadError(RecognizerError):
    """The folder exists but Vosk could not load it as a model."""

    def __init__(self, path: Path, hint: str) -> None:
        super().__init__(f"cannot load the Vosk model at {path}: {hint}")
        self.path = path


class GrammarUnsupported(RecognizerError):
    """The model has a static graph: it cannot restrict decoding to a phrase list."""


@dataclass(frozen=True)
class Result:
    """A final hypothesis.

    ``alternatives`` are the distinct non-empty N-best texts, best first (``text`` first
    when it is not empty). ``confidence`` is the share of the best hypothesis among the
    N-best (0..1), a relative figure: Vosk's scores are not calibrated probabilities.
    """

    text: str
    alternatives: tuple[str, ...] = ()
    confidence: float = 0.0

    @property
    def is_empty(self) -> bool:
        """True when nothing was recognised."""
        return not self.text


@dataclass(frozen=True)
class Partial:
    """The current guess while speech goes on (may still change)."""

    text: str


@dataclass(frozen=True)
class Final:
    """An utterance ended (endpoint detected): its result."""

    result: Result


RecognitionUpdate = Partial | Final


class Recognizer(Protocol):
    """Streaming speech recognition over 16 kHz mono int16 chunks. One thread at a time."""

    @property
    def sample_rate(self) -> int:
        """Sample rate the chunks must have."""
        ...

    def set_phrases(self, phrases: Sequence[str] | None) -> None:
        """Restrict decoding to these phrases' words (None: free-form). Resets the stream."""
        ...

    def accept(self, chunk: bytes) -> RecognitionUpdate | None:
        """Feed audio; returns a new partial text, a final result at an endpoint, or None."""
        ...

    def finish(self) -> Result:
        """End the utterance now (no more audio) and return its result."""
        ...

    def reset(self) -> None:
        """Drop the current utterance."""
        ...


def _import_vosk() -> Any:
    try:
        import vosk
    except (ImportError, OSError) as exc:
        raise ModelLoadError(Path("."), f"the vosk package cannot be loaded: {exc}") from exc
    vosk.SetLogLevel(-1)
    return vosk


def parse_result(payload: str) -> Result:
    """Turn a Vosk result JSON (with or without alternatives) into a :class:`Result`."""
    data = json.loads(payload)
    alternatives = data.get("alternatives")
    if alternatives is None:
        text = str(data.get("text", "")).strip()
        words = data.get("result") or []
        confs = [float(w.get("conf", 0.0)) for w in words]
        confidence = sum(confs) / len(confs) if confs else (1.0 if text else 0.0)
        return Result(text, (text,) if text else (), confidence)
    texts = [str(alt.get("text", "")).strip() for alt in alternatives]
    scores = [float(alt.get("confidence", 0.0)) for alt in alternatives]
    if not texts:
        return Result("", (), 0.0)
    distinct = tuple(dict.fromkeys(t for t in texts if t))
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    confidence = weights[0] / sum(weights)
    return Result(texts[0], distinct, confidence)


class VoskModel:
    """A loaded Vosk model folder (about 2 s and 530 MB for the Korean small model).

    Load it once and share it between recognizers.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path).expanduser()
        if not self.path.is_dir():
            raise ModelNotFound(
                self.path,
                "expected an unpacked Vosk model folder (am/, conf/, graph/); download "
                "e.g. vosk-model-small-fr-0.22 and give its folder",
            )
        if not (self.path / "am").is_dir() and not (self.path / "final.mdl").exists():
            raise ModelNotFound(
                self.path,
                "the folder has no am/ (acoustic model); give the folder that contains "
                "am/, conf/ and graph/",
            )
        vosk = _import_vosk()
        try:
            self._model = vosk.Model(str(self.path))
        except Exception as exc:  # vosk raises a bare Exception("Failed to create a model")
            raise ModelLoadError(
                self.path,
                f"{exc}; the folder may be incomplete or not a Vosk model "
                "(check it against the published file list and sizes)",
            ) from exc
        self._vosk = vosk
        graph = self.path / "graph"
        self.supports_phrases = (graph / "HCLr.fst").exists() and (graph / "Gr.fst").exists()

    def has_word(self, word: str) -> bool:
        """True if ``word`` is in the model's vocabulary."""
        return int(self._model.vosk_model_find_word(word)) >= 0

    def missing_words(self, words: Iterable[str]) -> list[str]:
        """Words (or words of phrases) absent from the vocabulary, in first-seen order.

        Vosk silently drops such words from a phrase list: check grammars with this.
        """
        missing: dict[str, None] = {}
        for phrase in words:
            for word in phrase.split():
                if word != UNKNOWN_WORD and word not in missing and not self.has_word(word):
                    missing[word] = None
        return list(missing)

    def new_kaldi_recognizer(self, sample_rate: int, grammar: str | None) -> Any:
        """A raw ``vosk.KaldiRecognizer`` (for :class:`VoskRecognizer` only)."""
        try:
            if grammar is None:
                return self._vosk.KaldiRecognizer(self._model, sample_rate)
            return self._vosk.KaldiRecognizer(self._model, sample_rate, grammar)
        except Exception as exc:
            raise RecognizerError(f"Vosk could not create a recognizer: {exc}") from exc


class VoskRecognizer:
    """The :class:`Recognizer` over Vosk, with phrase lists and N-best alternatives."""

    def __init__(
        self,
        model: VoskModel | str | Path,
        sample_rate: int = RECOGNIZER_RATE,
        *,
        max_alternatives: int = 3,
        phrases: Sequence[str] | None = None,
    ) -> None:
        self.model = model if isinstance(model, VoskModel) else VoskModel(model)
        if sample_rate <= 0:
            raise ValueError(f"sample_rate must be positive, got {sample_rate}")
        self._rate = sample_rate
        self._max_alternatives = max(0, max_alternatives)
        self._phrases: tuple[str, ...] | None = None
        self._last_partial = ""
        self._rec = self._new(None)
        if phrases is not None:
            self.set_phrases(phrases)

    @property
    def sample_rate(self) -> int:
        """Sample rate the chunks must have."""
        return self._rate

    @property
    def phrases(self) -> tuple[str, ...] | None:
        """The phrase list in force (None: free-form)."""
        return self._phrases

    def has_word(self, word: str) -> bool:
        """True if ``word`` is in the model's vocabulary."""
        return self.model.has_word(word)

    def missing_words(self, words: Iterable[str]) -> list[str]:
        """Words absent from the model's vocabulary (see :meth:`VoskModel.missing_words`)."""
        return self.model.missing_words(words)

    def _new(self, grammar: str | None) -> Any:
        rec = self.model.new_kaldi_recognizer(self._rate, grammar)
        rec.SetMaxAlternatives(self._max_alternatives)
        rec.SetWords(True)
        return rec

    def _grammar_json(self, phrases: tuple[str, ...]) -> str:
        listed = list(phrases)
        if self.model.has_word(UNKNOWN_WORD):
            listed.append(UNKNOWN_WORD)  # lets out-of-list speech come out as [unk]
        return json.dumps(listed, ensure_ascii=False)

    def set_phrases(self, phrases: Sequence[str] | None) -> None:
        """Restrict decoding to ``phrases`` (None: free-form); the current utterance is dropped.

        An empty list is refused (Vosk would read ``[]`` as free-form). Words missing from
        the vocabulary are logged as a warning and ignored by Vosk.
        """
        if phrases is None:
            cleaned = None
        else:
            if isinstance(phrases, str):
                raise TypeError("phrases must be a sequence of strings, not one string")
            cleaned = tuple(dict.fromkeys(" ".join(p.split()) for p in phrases))
            cleaned = tuple(p for p in cleaned if p)
            if not cleaned:
                raise ValueError("empty phrase list; use None for free-form recognition")
            if not self.model.supports_phrases:
                raise GrammarUnsupported(
                    f"the model at {self.model.path} has a static graph and cannot use "
                    "phrase lists; use a small model (graph/HCLr.fst + graph/Gr.fst)"
                )
            missing = self.model.missing_words(cleaned)
            if missing:
                log.warning("phrase words missing from the Vosk model: %s", ", ".join(missing))
        # SetGrammar on a running recognizer is a Kaldi error: end the utterance first.
        self._rec.FinalResult()
        if cleaned is None:
            # "[]" restores the model's own language model (vosk >= 0.3.45).
            self._rec.SetGrammar("[]")
        else:
            self._rec.SetGrammar(self._grammar_json(cleaned))
        self._phrases = cleaned
        self._last_partial = ""

    def accept(self, chunk: bytes) -> RecognitionUpdate | None:
        """Feed a chunk of int16 little-endian mono audio at :attr:`sample_rate`."""
        if len(chunk) % 2:
            raise ValueError(f"audio chunk has an odd number of bytes ({len(chunk)})")
        if not chunk:
            return None
        try:
            endpoint = self._rec.AcceptWaveform(bytes(chunk))
        except Exception as exc:
            raise RecognizerError(f"Vosk failed to process audio: {exc}") from exc
        if endpoint:
            self._last_partial = ""
            return Final(parse_result(self._rec.Result()))
        partial = str(json.loads(self._rec.PartialResult()).get("partial", "")).strip()
        if partial and partial != self._last_partial:
            self._last_partial = partial
            return Partial(partial)
        return None

    def finish(self) -> Result:
        """End the utterance (flushes the decoder) and return its result."""
        self._last_partial = ""
        return parse_result(self._rec.FinalResult())

    def reset(self) -> None:
        """Drop the current utterance."""
        self._last_partial = ""
        # Vosk's Reset() keeps audio not yet decoded, which then leaks into the next
        # utterance; a final result restarts the feature pipeline from scratch.
        self._rec.FinalResult()

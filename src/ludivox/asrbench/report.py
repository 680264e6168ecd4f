"""The bench's report: figures overall, per voice and per noise level, as a table or JSON."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ludivox.asrbench.metrics import Figures, figures
from ludivox.asrbench.runner import ItemResult, RunResult


def _groups(items: Sequence[ItemResult], key: Callable[[ItemResult], str]
            ) -> dict[str, Figures]:
    labels = sorted({key(i) for i in items}, key=_noise_order)
    return {label: figures([i.outcome() for i in items if key(i) == label])
            for label in labels}


def _noise_order(label: str) -> tuple[int, str, float]:
    """clean first, then each kind from the mildest to the hardest SNR."""
    if label == "clean":
        return (0, "", 0.0)
    kind, _, rest = label.partition(" ")
    try:
        snr = -float(rest.split()[0])
    except (ValueError, IndexError):
        snr = 0.0
    return (1, kind, snr)


def summary(result: RunResult, meta: dict[str, Any]) -> dict[str, Any]:
    """Everything the bench measured, JSON-ready."""
    items = result.items
    return {
        **meta,
        "fixtures_run": len(items),
        "audio_s": result.audio_s,
        "rtf": result.rtf,
        "peak_rss_mb": result.peak_rss_mb,
        "model_load_s": result.model_load_s,
        "latency_source": result.latency_source,
        "endpoint_cut": sum(i.cut for i in items),
        "overall": figures([i.outcome() for i in items]).to_json(),
        "by_voice": {k: v.to_json() for k, v in _groups(items, lambda i: i.fixture.voice).items()},
        "by_noise": {k: v.to_json()
                     for k, v in _groups(items, lambda i: i.fixture.noise_label).items()},
        "items": [i.to_json() for i in items],
    }


def _cell(value: float | int | None, kind: str) -> str:
    if value is None:
        return "-"
    if kind == "pct":
        return f"{100 * value:.0f}%"
    if kind == "ms":
        return f"{value:.0f}"
    return str(value)


_COLUMNS = (
    ("n", "count", "int"),
    ("cmds", "commands", "int"),
    ("cmd acc", "command_accuracy", "pct"),
    ("WER", "wer", "pct"),
    ("chatter", "chatter", "int"),
    ("false acc", "false_acceptance", "pct"),
    ("lat p50 ms", "latency_p50_ms", "ms"),
    ("lat p95 ms", "latency_p95_ms", "ms"),
)


def table(data: dict[str, Any]) -> str:
    """A plain-text report of :func:`summary`'s data."""
    rows: list[list[str]] = []
    sections = [("overall", {"all": data["overall"]}), ("voice", data["by_voice"]),
                ("noise", data["by_noise"])]
    for section, groups in sections:
        for label, figs in groups.items():
            rows.append([section, label] + [_cell(figs[key], kind) for _, key, kind in _COLUMNS])
    header = ["group", ""] + [name for name, _, _ in _COLUMNS]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    out = [line(header), "  ".join("-" * w for w in widths)]
    out += [line(r) for r in rows]
    rtf = data.get("rtf")
    out.append("")
    out.append(
        f"model {data.get('model')}  |  {data['fixtures_run']} fixtures, "
        f"{data['audio_s']:.1f} s of audio  |  RTF {rtf:.3f}" if rtf is not None
        else f"model {data.get('model')}  |  no fixtures run"
    )
    until = ("audio sample" if data["latency_source"] == "audio"
             else "synthesized sentence (no audio device)")
    out.append(
        f"peak RSS {data['peak_rss_mb']:.0f} MB  |  model load {data['model_load_s']:.1f} s  |  "
        f"latency to first {until}  |  "
        f"endpoints cut by max length or end of file: {data['endpoint_cut']}"
    )
    return "\n".join(out)


__all__ = ["summary", "table"]

"""The table-noise fixtures are reproducible and hold no speech of the player."""

from __future__ import annotations

from pathlib import Path

from ludivox.asrbench import table_noise

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_noise_fixtures_are_what_the_generator_makes(tmp_path: Path) -> None:
    kinds = ("knocks", "fan", "music")  # chatter and cards take longer to make
    table_noise.generate(tmp_path, kinds)
    for kind in kinds:
        made = (tmp_path / f"{kind}.wav").read_bytes()
        assert made == (ROOT / "audio_fixtures" / "noise" / f"{kind}.wav").read_bytes(), kind


def test_every_kind_is_sound_not_silence() -> None:
    for kind in table_noise.KINDS:
        if kind == "chatter":
            continue
        samples = table_noise.make(kind, seconds=6.0)
        loud = abs(samples) > table_noise._db(-40.0)
        assert loud.any(), kind


def test_a_distant_talker_s_room_has_the_asked_direct_to_reverberant_ratio() -> None:
    import numpy as np

    from ludivox.asrbench import room

    for drr in (*table_noise.CHATTER_DRR_DB, 5.0):
        ir = room.talker_ir(np.random.default_rng(3), drr_db=drr, rt60_s=0.5, delay_s=0.005)
        assert abs(room.direct_to_reverberant_db(ir) - drr) < 0.01
        assert float(np.max(np.abs(ir))) == 1.0


def test_the_chatter_kinds_are_one_babble_with_and_without_the_rooms() -> None:
    assert table_noise.SEED_OF["chatter_dry"] == "chatter"
    assert {"chatter", "chatter_dry"} <= set(table_noise.KINDS)

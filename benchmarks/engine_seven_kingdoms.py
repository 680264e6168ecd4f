"""7 Kingdoms engine speed: seeded random playouts of whole games (virtual mode)."""

from __future__ import annotations

from benchmarks._playouts import random_playouts
from ludivox.engines.seven_kingdoms import SevenKingdomsConfig, SevenKingdomsEngine
from ludivox.gamedata.seven_kingdoms import load_components

GAMES_PER_COUNT = 20


def run() -> dict[str, float]:
    """Actions applied per second (with legal-action generation) and games per second."""
    components = load_components()

    def make(players: int, seed: int) -> SevenKingdomsEngine:
        return SevenKingdomsEngine(SevenKingdomsConfig(components, players, seed=seed))

    return random_playouts(make, (2, 3, 4), GAMES_PER_COUNT)


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value:.4g}")

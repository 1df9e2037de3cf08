"""The end of a game as data, not flags (python-chess's Outcome)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    termination: str  # why it ended, e.g. "all-bears-across", "no-free-ice", "water-ran-out"
    winners: tuple[int, ...]  # seat indices (0-based); cooperative wins list every seat
    scores: tuple[int, ...] | None = None  # per seat, where the game keeps score

    @property
    def won(self) -> bool:
        return bool(self.winners)

    def to_dict(self) -> dict:
        out: dict = {"termination": self.termination, "winners": [w + 1 for w in self.winners]}
        if self.scores is not None:
            out["scores"] = list(self.scores)
        return out

"""Rectangular grids as every game names them (RULINGS C1).

Columns `a, b, c, ...` left to right, rows `1, 2, 3, ...` upward from the player's side;
squares are indexed row-major from a1 = 0; adjacent always means orthogonally adjacent.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

COLUMNS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Grid:
    width: int
    height: int

    @property
    def size(self) -> int:
        return self.width * self.height

    @property
    def columns(self) -> str:
        return COLUMNS[: self.width]

    def name(self, index: int) -> str:
        return f"{COLUMNS[index % self.width]}{index // self.width + 1}"

    def parse(self, text: str) -> int | None:
        """`c3` -> its index, or None when it is not a square of this grid."""
        digits = text[1:]
        # ASCII digits only: str.isdigit also takes "٣" (which int reads as 3) and "³" (which
        # it cannot read at all), and neither is a square's name.
        if (
            len(text) < 2
            or text[0] not in self.columns
            or not (digits.isascii() and digits.isdigit())
        ):
            return None
        if digits[0] == "0" or not 1 <= int(digits) <= self.height:
            return None
        return (int(digits) - 1) * self.width + COLUMNS.index(text[0])

    def neighbours(self, index: int) -> tuple[int, ...]:
        return _table(self.width, self.height)[index]

    @property
    def table(self) -> tuple[tuple[int, ...], ...]:
        """Every square's orthogonal neighbours (below, left, right, above)."""
        return _table(self.width, self.height)


@lru_cache(maxsize=32)
def _table(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for sq in range(width * height):
        col, row = sq % width, sq // width
        nb = []
        if row > 0:
            nb.append(sq - width)
        if col > 0:
            nb.append(sq - 1)
        if col < width - 1:
            nb.append(sq + 1)
        if row < height - 1:
            nb.append(sq + width)
        out.append(tuple(nb))
    return tuple(out)

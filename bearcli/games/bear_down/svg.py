"""The waterfall as an SVG picture (`replay --svg`, the HTML pages), drawn from board.position:
the same description the terminal board is drawn from.

Every water tile, salmon count, bear, rock, waterfall strip and boulder place is one
`<g class="element KIND">` with `data-square` (`blue4`, `boulder`, `blue3|green3` for a rock)
and `data-label`; each has a shape and a label, so the picture reads without colour.
"""

from __future__ import annotations

from bearcli.core.picture import INK, Style, svg

SEATS = ("#ffffff", "#f0a030", "#9a9a9a", "#d2b48c", "#b0d0ff")
STYLES = {
    "tile": Style("fill", "#2f6fb0", "#1d4f84", "#ffffff"),
    "salmon": Style("disc", "#fa8072", INK),
    "bear": Style("disc", "#ffffff"),
    **{f"bear:{n + 1}": Style("disc", fill) for n, fill in enumerate(SEATS)},
    "rock": Style("wall", "#5b4a3c", INK, INK),
    "waterfall": Style("fill", "#e3f2ff", "#1d4f84", INK),
    "boulder": Style("fill", "#b9ad9e", "#6e6254"),
}


def picture(state, caption: str = "", *, viewer: int | None = None, show_memory=True) -> str:
    """The picture of a Bear Down! position, as SVG text."""
    from bearcli.games.bear_down.board import position

    return svg(position(state, viewer=viewer, show_memory=show_memory), STYLES, caption)

"""The floe as an SVG picture (`layout render`, `replay --svg`, the HTML pages), drawn from
board.position: the same description the terminal board is drawn from.

Every tile, bear and start or finish square is one `<g class="element KIND">` with
`data-square` (`c3`, `start-b`, `finish-a`) and `data-label` (its symbol on the terminal board);
each has a shape and a letter, so the picture reads without colour.
"""

from __future__ import annotations

from bearcli.core.picture import INK, Style, svg

BEARS = {"pink": "#e0529c", "green": "#2f9e4f", "blue": "#1f5fd1", "yellow": "#f1c40f"}
STYLES = {
    "ice": Style("fill", "#eef7fc", "#7fa9c4"),
    "seal": Style("fill", "#8a8f98", "#4b4f56", "#ffffff"),
    "rock": Style("fill", "#5b4a3c", "#2f261f", "#ffffff"),
    "water": Style("fill", "#2f6fb0", "#2f6fb0", "#ffffff"),
    "gone": Style("hole", "#2f6fb0", "#2f6fb0", "#2f6fb0"),
    "bear": Style("disc", "#ffffff"),
    **{
        f"bear:{c}": Style("disc", fill, ink="#ffffff" if c != "yellow" else INK)
        for c, fill in BEARS.items()
    },
    "start": Style("hole", "none", "#6b6b6b", "#6b6b6b"),
    "finish": Style("hole", "none", "#6b6b6b", "#6b6b6b"),
}


def picture(state, caption: str = "", *, viewer: int | None = None, show_memory=True) -> str:
    """The picture of a position on the floe, as SVG text."""
    from bearcli.games.sliding_bears.board import position

    return svg(position(state, viewer=viewer, show_memory=show_memory), STYLES, caption)

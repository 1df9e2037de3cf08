"""The forest or the memo grid as an SVG picture (`replay --svg`, the HTML pages), drawn from
board.position: the same description the terminal board is drawn from.

Every card, hole, little bear and escort-route mark is one `<g class="element KIND">` with
`data-square` (`c3`) and `data-label` (its symbol on the terminal board); each has a shape
and a letter, so the picture reads without colour. The memo grid shows what a real table
shows unless `show_memory` writes on the face-down cards what they showed before.
"""

from __future__ import annotations

from bearcli.core.picture import INK, Style, svg

STYLES = {
    "dark": Style("fill", "#4a4a4a", INK, "#ffffff"),
    "light": Style("fill", "#c9c9c9", "#7a7a7a"),
    "path": Style("fill", "#d9a441", "#8a6414"),
    "cover": Style("fill", "#e0873a", "#8a4a14"),
    "animal": Style("fill", "#3f8f4f", "#1f5a2a", "#ffffff"),
    "obstacle": Style("fill", "#c0392b", "#6e1f17", "#ffffff"),
    "bear": Style("fill", "#f7e463", "#8a7a14"),
    "hole": Style("hole", "none", "#6b6b6b", "#6b6b6b"),
    "little-bear": Style("disc", "#f7e463"),
    "route": Style("ring", "none", "#1f5fd1", "#1f5fd1"),
    "down": Style("fill", "#6d7fa6", "#3c4a6b", "#ffffff"),
    "known": Style("fill", "#b8c4de", "#3c4a6b"),
    "up": Style("fill", "#f7e463", "#8a7a14"),
    "taken": Style("hole", "none", "#9a9a9a", "#6b6b6b"),
}


def picture(state, caption: str = "", *, viewer: int | None = None, show_memory=False) -> str:
    """The picture of a Bärenspiel position (forest, twin or memo), as SVG text; a memo
    grid as the table shows it unless `show_memory`."""
    from bearcli.games.baerenspiel.board import position

    return svg(position(state, viewer=viewer, show_memory=show_memory), STYLES, caption)

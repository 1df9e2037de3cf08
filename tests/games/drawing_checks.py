"""One drawing per game (issue 11, point 4): `play`, `replay --board` and an error message show
the very text `describe` gives for a position, and it reads without colour."""

from __future__ import annotations

import io

from rich.console import Console

from tests.conftest import replay_text


def plain(renderable) -> str:
    """What a console without colour prints (the project's consoles soft-wrap)."""
    out = io.StringIO()
    Console(file=out, width=100, no_color=True, soft_wrap=True, emoji=False).print(renderable)
    return out.getvalue()


def coloured(renderable) -> str:
    out = io.StringIO()
    Console(
        file=out, width=100, soft_wrap=True, force_terminal=True, color_system="truecolor"
    ).print(renderable)
    return out.getvalue()


def record(head: str, moves: list[str]) -> str:
    return head + "moves:\n" + "".join(f"  - {m}\n" for m in moves)


def same_drawing_everywhere(
    cli, tmp_path, head: str, moves: list[str], bad: str, play_args: tuple[str, ...] = ()
) -> str:
    """The drawing of the position after `moves`, checked to be what `replay --board` prints,
    what the error of the refused step `bad` there shows, and what `play` draws; returned."""
    match = replay_text(record(head, moves))
    drawing = match.game.describe(match.state)
    (tmp_path / "rec.yaml").write_text(record(head, moves))
    ran = cli("replay", "rec.yaml", "--board")
    assert ran.code == 0, ran.err
    assert ran.out.startswith(drawing + "\n")  # the drawing, then the summary line
    (tmp_path / "bad.yaml").write_text(record(head, [*moves, bad]))
    ran = cli("replay", "bad.yaml")
    assert ran.code == 1 and "error: illegal step" in ran.err
    shown = "\n".join("  " + line for line in drawing.splitlines())
    assert "the position was:\n" + shown + "\nlegal: " in ran.err
    ran = cli("play", "rec.yaml", "--save", "again.yaml", *play_args, input="quit\n")
    assert drawing + "\n" in ran.out, ran.out
    from bearcli.core import registry

    assert plain(registry.get(match.game.name).render(match.state)) == drawing + "\n"
    return drawing


def legend_names(drawing: str, symbols: set[str]) -> None:
    """Every symbol drawn is named in the legend (the `legend:` line and its indented ones)."""
    lines = drawing.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("legend: "))
    end = start + 1
    while end < len(lines) and lines[end].startswith(" "):
        end += 1
    legend = " ".join(lines[start:end]).split()
    for symbol in symbols:
        assert symbol in legend, f"{symbol!r} is drawn but the legend does not name it"

"""`bearcli replay`: re-run a move log, write or check its canonical event log."""

from pathlib import Path
from typing import Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command
from bearcli.cli.options import complete_scenario


@command
def replay_cmd(
    ctx: typer.Context,
    moves: Annotated[
        Path,
        typer.Argument(
            metavar="MOVES",
            help="Move log YAML file ('-' for standard input).",
            autocompletion=complete_scenario,
        ),
    ],
    events: Annotated[
        str | None,
        typer.Option(metavar="PATH", help="Write the event log to PATH ('-' for stdout)."),
    ] = None,
    check: Annotated[
        Path | None,
        typer.Option(help="Compare with an expected event log; exit 1 at the first difference."),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite the --events, --svg and --html files.")
    ] = False,
    upto: Annotated[
        int | None,
        typer.Option(min=0, help="Stop after this many moves (the result is not checked)."),
    ] = None,
    board: Annotated[
        bool, typer.Option("--board", help="Print the position where the replay stopped.")
    ] = False,
    narrate: Annotated[
        bool, typer.Option("--narrate", help="Tell every event as one plain sentence.")
    ] = False,
    svg_out: Annotated[
        Path | None,
        typer.Option(
            "--svg",
            metavar="PATH",
            help="Write a picture (SVG) of the position after move --upto (default: the last; "
            "for a refused record, the position before the refused step).",
        ),
    ] = None,
    html_out: Annotated[
        Path | None,
        typer.Option(
            "--html",
            metavar="PATH",
            help="Write one self-contained page that steps through the game (PATH#move-12 "
            "opens move 12).",
        ),
    ] = None,
    show_memory: Annotated[
        bool,
        typer.Option(
            "--show-memory",
            help="Memo game: the pictures write on face-down cards what they showed before "
            "(default: what the table shows).",
        ),
    ] = False,
) -> None:
    """Replay a game record step by step; an illegal step stops it with the ruling broken.

    A record marked `chance: seeded` must also have every chance step drawn from its seed.

    \b
    Examples:
      bearcli replay replays/sliding-bears/rulings-tour.yaml
      bearcli replay replays/bear-down/blue-stream-fall.yaml --narrate
      bearcli replay game.yaml --upto 20 --board
      bearcli replay game.yaml --events game.events.jsonl --force
      bearcli replay game.yaml --svg position.svg --upto 12
      bearcli replay game.yaml --html game.html
    """
    import sys

    from bearcli.core import narration
    from bearcli.core.errors import CheckFailed, Location
    from bearcli.formats import atomic, eventlog, movelog, shipped, yamlsrc

    cons = consoles.get(ctx)
    log = movelog.load(shipped.resolve(moves))
    if svg_out is not None or html_out is not None:
        _pictures(log, upto, svg_out, html_out, show_memory, force)
    match = movelog.replay(log, upto)
    text = eventlog.text(log.scenario, match.events)
    if events == "-":
        if sys.stdout.isatty():  # the same JSON values, their C1 and bidi characters escaped
            from bearcli.core.safetext import safe_json

            text = safe_json(text)
        sys.stdout.write(text)
        sys.stdout.flush()
    elif events is not None:
        atomic.write_text(Path(events), text, force=force)
    if check is not None:
        expected = yamlsrc.read_text(check)
        diff = eventlog.first_difference(expected, text)
        if diff is not None:
            raise CheckFailed(
                f"the replay's event log differs at {diff.describe()}",
                location=Location(str(check), diff.line, 1),
            )
    outcome = match.outcome
    result = "unfinished" if outcome is None else outcome.termination
    winners = (
        ""
        if outcome is None or not outcome.winners
        else " winners " + ", ".join(log.scenario.config.who(w) for w in outcome.winners)
    )
    if outcome is not None and outcome.scores is not None:
        winners += " scores " + ", ".join(str(s) for s in outcome.scores)
    where = cons.err if events == "-" else cons.out
    checked = f"; matches {check}" if check is not None else ""
    if narrate:
        told = narration.narrate(log.scenario.game, log.scenario.config, match.event_dicts())
        for step, sentence in zip((e.step for e in match.events), told, strict=True):
            where.print(f"{step:>4}  {sentence}", highlight=False, markup=False)
    if board:
        where.print(log.scenario.game.describe(match.state), highlight=False, markup=False)
    where.print(
        f"{yamlsrc.shown_name(moves)}: {len(match.steps)} moves replayed, "
        f"{len(match.events)} events, "
        f"result {result}{winners}{checked}",
        highlight=False,
        markup=False,
    )


def _pictures(log, upto, svg_out, html_out, show_memory: bool, force: bool) -> None:
    """Writes the picture and the page first: a refused record still gets both (ending at
    the refused step), then stops with its error as a plain replay does."""
    from bearcli import walkthrough
    from bearcli.formats import atomic, pages

    for out in (svg_out, html_out):
        if out is not None:  # before any work is done: a file without --force, a device, ...
            atomic.refuse(out, force=force)
    walk = walkthrough.walk(log, upto=upto, show_memory=show_memory)
    if svg_out is not None:
        atomic.write_text(svg_out, walk.frames[-1].svg, force=force)
    if html_out is not None:
        atomic.write_text(html_out, pages.walk_page(walk), force=force)

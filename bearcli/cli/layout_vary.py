"""`bearcli layout vary FILE`: every single-square change of a floe, rated and ranked by its
effect on the win rate; `--svg` draws the heat map. Thin over the game's vary.py (no terminal
there).
"""

from pathlib import Path
from typing import Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command
from bearcli.cli.exit_codes import Exit
from bearcli.cli.options import (
    FloeFile,
    Precision,
    Settings,
    Workers,
    floe_source,
    print_warnings,
)

# vary.py's defaults, named here so that loading the app does not load the library.
GAMES, PRECISION, SEED, BOT = 400, 0.05, 1, "planner"
VARY_BOTS = ("planner", "greedy", "random")


def _check_bot(value: str) -> str:
    if value not in VARY_BOTS:
        raise typer.BadParameter(f"{value!r} is not a sliding-bears bot ({', '.join(VARY_BOTS)})")
    return value


def table(variation, overrides: tuple[str, ...], top: int | None):
    from rich.markup import escape  # the title is the user's text, not markup
    from rich.table import Table

    base = variation.base
    lo, hi = base.ci95
    sets = "".join(f", --set {o}" for o in overrides)
    title = (
        f"{variation.title}: {variation.level} level, {variation.variant}, {variation.bot}, "
        f"seed {variation.seed}{sets} - the floe wins {base.rate:.1%} ({lo:.1%} - {hi:.1%}) "
        f"of {base.games} games"
    )
    t = Table(title=escape(title), title_justify="left")
    t.add_column("rank", justify="right")
    t.add_column("change")
    t.add_column("games", justify="right")
    t.add_column("win rate (95% CI)", justify="right")
    t.add_column("effect (95% CI)", justify="right")
    ranked = variation.ranked()
    played = [v for v in ranked if v.figures is not None]
    broken = [v for v in ranked if v.figures is None]
    for n, v in enumerate(played[:top] if top else played, start=1):
        lo, hi = v.figures.ci95
        elo, ehi = v.effect_ci95
        t.add_row(
            str(n),
            v.change.describe(),
            str(v.figures.games),
            f"{v.figures.rate:.1%} ({lo:.1%} - {hi:.1%})",
            f"{100 * v.effect:+.1f} ({100 * elo:+.0f} to {100 * ehi:+.0f})",
        )
    for v in broken:
        ruling = v.refused.rsplit("[", 1)[-1].rstrip("]") if v.refused.endswith("]") else ""
        t.add_row("-", v.change.describe(), "-", "breaks the floe", ruling or "-")
    shown = min(top, len(played)) if top else len(played)
    t.caption = (
        f"{shown} of {len(played)} changes played, largest effect first (effect: points of win "
        f"rate against the floe's); {len(broken)} break the floe (the ruling it fails; --json says "
        "why)"
    )
    t.caption_justify = "left"
    return t


@command
def vary_cmd(
    ctx: typer.Context,
    file: FloeFile,
    games: Annotated[
        int,
        typer.Option("--games", "-n", min=1, max=1_000_000, help="Games per floe, at most."),
    ] = GAMES,
    precision: Precision = PRECISION,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Batch seed.")] = SEED,
    bot: Annotated[
        str,
        typer.Option(
            metavar="NAME", callback=_check_bot, help="The bot that plays (planner: the strongest)."
        ),
    ] = BOT,
    workers: Workers = 1,
    budget: Annotated[
        int | None,
        typer.Option(min=0, help="The planner's node budget (default: the bot's own)."),
    ] = None,
    top: Annotated[
        int | None, typer.Option("--top", min=1, help="Show only the N largest effects.")
    ] = None,
    svg_out: Annotated[
        Path | None,
        typer.Option(
            "--svg",
            metavar="PATH",
            help="Write the floe as a heat map of the effects (red: harder, blue: easier).",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the --svg file.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    settings: Settings = None,
) -> None:
    """Try every single-square change of a floe (ice <-> water, a rock or a seal added or
    removed, a start or finish moved one column) and rank them by their effect on the win rate.

    Changes that break the floe (static checks) are listed, not played. Ctrl-C stops it and
    prints what was measured (exit 130). At a terminal a bar on stderr names the change being
    played (not with --json).

    \b
    Example:
      bearcli layout vary my-floe.layout --svg my-floe-heat.svg
    """
    import json

    from bearcli.cli import progress
    from bearcli.formats import atomic, validation
    from bearcli.formats import scenario as scenario_fmt
    from bearcli.games.sliding_bears.vary import partial, vary
    from bearcli.rating import judge, play_rate

    cons = consoles.get(ctx)
    _, overrides, src = floe_source(file, settings, "layout vary varies")
    scen = scenario_fmt.parse(src)
    print_warnings(cons.err, validation.gate(scen, src, batch=True))  # an error stops here
    if svg_out is not None:  # refused before any game: a file without --force, a device, ...
        atomic.refuse(svg_out, force=force)
    found: list = []
    interrupted = False
    with progress.bar(cons.err, "games", None, enabled=progress.shown(cons.err, as_json)) as tk:

        def on_change(n: int, total: int, what: str) -> None:
            tk.describe(f"change {n} of {total}: {what}")

        try:
            vary(
                scen,
                src.data,
                judge=judge(src),
                play=play_rate(
                    games,
                    seed,
                    bot,
                    budget=budget,
                    workers=workers,
                    precision=precision,
                    on_games=tk.advance,
                ),
                seed=seed,
                bot=bot,
                on_change=on_change,
                found=found,
            )
        except KeyboardInterrupt:
            interrupted = True  # what was measured is kept and reported
    variation = partial(found)
    if variation is None:  # stopped before the floe itself was rated
        cons.err.print("interrupted before the floe was rated; nothing measured")
        raise typer.Exit(Exit.INTERRUPTED)
    if as_json:
        text = json.dumps(variation.to_dict(overrides), indent=2, sort_keys=True)
        cons.out.print(text, markup=False, highlight=False)
    else:
        cons.out.print(table(variation, overrides, top))
    if svg_out is not None:
        from bearcli.games.sliding_bears.heatmap import heatmap

        title = f"{variation.title}: the effect of each change ({variation.level} level)"
        atomic.write_text(svg_out, heatmap(variation, title), force=force)
        cons.err.print(f"wrote {svg_out}", highlight=False, markup=False)
    if interrupted:
        cons.err.print(
            f"interrupted after {len(variation.results)} of {variation.total} changes; the "
            "figures above cover those",
            highlight=False,
        )
        raise typer.Exit(Exit.INTERRUPTED)

"""`bearcli layout rate FILE`: how hard a Sliding Bears floe is, at each level and variant.

Thin: bearcli.rating plays the games (simulate's workers and --precision stop) through the
game's Rating ability; this prints a table per level and variant, or the JSON. Library
modules load when the command runs.
"""

from typing import Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command
from bearcli.cli.options import (
    AllCores,
    Dask,
    FloeFile,
    Precision,
    Settings,
    Unchecked,
    check_seed,
    default_workers,
    floe_source,
    print_warnings,
    unchecked_note,
)

# bearcli.rating's defaults (GAMES, PRECISION, SEED), named here so that loading the app
# does not load the library.
GAMES, PRECISION, SEED = 2000, 0.02, 1


def _tables(rating) -> list:
    from rich.markup import escape  # the title is the user's text, not markup
    from rich.table import Table

    out = []
    sets = "".join(f", --set {o}" for o in rating.overrides)
    for lv in rating.levels:
        level, variant = lv.value("level"), lv.value("variant")
        title = escape(f"{rating.title}: {level} level, {variant}{sets}")
        t = Table(title=title, title_justify="left")
        if lv.refused:
            t.add_column("not rated")
            t.add_row(escape(lv.refused))
            out.append(t)
            continue
        t.add_column("figure")
        for b in lv.bots:
            t.add_column(b.bot, justify="right")
        lo_hi = [f"{b.win_rate:.1%} ({b.ci95[0]:.1%} - {b.ci95[1]:.1%})" for b in lv.bots]
        t.add_row("games", *(str(b.games) for b in lv.bots))
        t.add_row("win rate (95% CI)", *lo_hi)
        t.add_row("turns per game", *(f"{b.turns:.1f}" for b in lv.bots))
        for i, (colour, _) in enumerate(lv.bots[0].arrived if lv.bots else ()):
            t.add_row(
                f"{colour} arrived",
                *(f"{b.arrived[i][1] / b.games:.1%}" if b.games else "-" for b in lv.bots),
            )
        t.add_row(
            "commonest loss",
            *(f"{b.losses[0][0]} ({b.losses[0][1]})" if b.losses else "none" for b in lv.bots),
        )
        t.add_row("set-up removal", *(_removals(b) for b in lv.bots))
        caption = [f"difficulty: {lv.difficulty}"]
        caption += [
            f"  by {b.bot}{' (the label)' if b.bot == lv.label_bot else ''}, "
            f"{b.win_rate:.1%}: {b.difficulty}"
            for b in lv.bots
        ]
        if lv.disagreement:
            caption.append(f"warning: {lv.disagreement}")
        t.caption = escape("\n".join(caption))
        t.caption_justify = "left"
        out.append(t)
    return out


def _removals(b) -> str:
    """The set-up removals a bot chose: each square and in how many games, commonest first."""
    if not b.removals:
        return "none"
    shown = [f"{square} ({n})" for square, n in b.removals[:4]]
    if len(b.removals) > 4:
        shown.append(f"{len(b.removals) - 4} more ({sum(n for _, n in b.removals[4:])})")
    return ", ".join(shown)


@command
def rate_cmd(
    ctx: typer.Context,
    file: FloeFile,
    games: Annotated[
        int,
        typer.Option(
            "--games", "-n", min=1, max=1_000_000, help="Games per bot and level, at most."
        ),
    ] = GAMES,
    precision: Precision = PRECISION,
    seed: Annotated[
        int, typer.Option("--seed", "-s", callback=check_seed, help="Batch seed.")
    ] = SEED,
    workers: AllCores = None,
    dask: Dask = None,
    budget: Annotated[
        int | None,
        typer.Option(min=0, help="The planner's node budget (default: the bot's own)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    unchecked: Unchecked = False,
    settings: Settings = None,
) -> None:
    """Rate a floe: planner's and greedy's win rates, turns, arrivals, losses and set-up
    removals per level and variant, and a difficulty label against the shipped floes (by the
    planner, the strongest bot, with greedy's beside it).

    The rows (each level, variant and bot) are played side by side on every core by default;
    at a terminal a bar on stderr counts the games of each (not with --json).

    \b
    Example:
      bearcli layout rate my-floe.layout
    """
    import json

    from bearcli.cli import progress
    from bearcli.core.errors import ScenarioError
    from bearcli.formats import scenario as scenario_fmt
    from bearcli.formats import validation
    from bearcli.rating import rate

    cons = consoles.get(ctx)
    path, overrides, src = floe_source(file, settings, "layout rate rates")
    if not isinstance(src.data, dict) or src.data.get("game") != "sliding-bears":
        scenario_fmt.parse(src)  # not a scenario at all: its own located error
    # The static checks of the floe as given first: an error stops (exit 1) unless --unchecked.
    # A floe that cannot be played at its own level (SB2: no seal) is rated at the others.
    try:
        scen = scenario_fmt.parse(src)
    except ScenarioError:
        checked = validation.Gate()
    else:
        checked = validation.gate(scen, src, unchecked=unchecked, batch=True)
    print_warnings(cons.err, checked)
    shown = progress.shown(cons.err, as_json)
    with progress.bars(cons.err, "games", enabled=shown) as bars:
        tickers: list = []

        def on_rows(rows) -> None:  # a bar for each level, variant and bot, from the start
            tickers.extend(bars.add(f"{lv} {var}, {bot}", games) for lv, var, bot in rows)

        rating = rate(
            path,
            overrides,
            games=games,
            seed=seed,
            precision=precision,
            workers=workers or default_workers(),
            dask=dask,
            budget=budget,
            on_rows=on_rows,
            on_game=lambda row: tickers[row].advance(),
            on_done=lambda row, n: tickers[row].finish(n),
            unchecked=unchecked,
        )
    if as_json:
        text = json.dumps(rating.to_dict(), indent=2, sort_keys=True)
        cons.out.print(text, markup=False, highlight=False)
        return
    for table in _tables(rating):
        cons.out.print(table)
    for line in unchecked_note(checked.ignored):
        cons.out.print(line, markup=False, highlight=False)

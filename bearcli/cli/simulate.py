"""`bearcli simulate`: many seeded games, their figures, optionally every game's logs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from bearcli.cli import console as consoles
from bearcli.cli.edge import command
from bearcli.cli.exit_codes import Exit
from bearcli.cli.options import Settings
from bearcli.core.errors import InputError, Location
from bearcli.formats import atomic, eventlog, movelog, shipped
from bearcli.formats import scenario as scenario_fmt
from bearcli.simulation import GameResult, Summary, simulate


def _saver(
    scen: scenario_fmt.Scenario,
    scen_path: Path,
    given: str,  # the scenario as the user named it, kept in each record as information
    out: Path,
    force: bool,
    overrides: tuple[str, ...],
):
    inline = scenario_fmt.self_contained(scen_path)  # each record replays on its own

    def save(result: GameResult) -> None:
        stem = out / f"{result.index:05d}"
        files = (stem.with_suffix(".yaml"), Path(f"{stem}{eventlog.SUFFIX}"))
        log = movelog.dumps(
            scen.game.name,
            inline,
            list(result.steps),
            seed=result.seed,
            result=result.outcome.to_dict(),
            overrides=overrides,
            chance=movelog.SEEDED,
            scenario_file=given,
        )
        written = []
        try:
            atomic.write_text(files[0], log, force=force)
            written.append(files[0])
            atomic.write_text(files[1], eventlog.text(scen, result.events), force=force)
        except BaseException:
            # Interrupted between the two files: a game's logs are kept whole or not at all.
            for f in written:
                f.unlink(missing_ok=True)
            raise

    return save


def _check_free(out: Path, games: int, force: bool) -> None:
    if force or not out.exists():
        return
    for i in range(1, games + 1):
        for name in (f"{i:05d}.yaml", f"{i:05d}.events.jsonl"):
            if (out / name).exists():
                raise InputError(
                    "file exists; pass --force to overwrite it",
                    location=Location(str(out / name), 1, 1),
                )


def table(summary: Summary) -> Table:
    d = summary.to_dict()
    bots = ", ".join(sorted({s["bot"] for s in d["seats"]}))
    title = (
        f"{summary.scenario.game.title}: {d['scenario']} - {d['games']} games, "
        f"seed {d['seed']}, bots {bots}"
    )
    t = Table(title=title, title_justify="left")
    if d["cooperative"]:
        t.add_column("figure")
        t.add_column("value", justify="right")
        lo, hi = d["win_rate_ci95"]
        t.add_row("games won", f"{d['wins']} of {d['games']}")
        t.add_row("win rate (95% CI)", f"{d['win_rate']:.1%} ({lo:.1%} - {hi:.1%})")
        for key, m in d["measures"].items():
            t.add_row(f"{key} per game", f"{m['mean']:.1f} (min {m['min']}, max {m['max']})")
        for term, n in d["terminations"].items():
            t.add_row(f"ended: {term}", str(n))
        return t
    t.add_column("seat" if not d["rotate"] else "entry", justify="right")
    t.add_column("name")
    t.add_column("bot")
    t.add_column("wins", justify="right")
    t.add_column("win rate", justify="right")
    t.add_column("score mean", justify="right")
    t.add_column("score sd", justify="right")
    for s in d["seats"]:
        t.add_row(
            str(s["seat"]),
            s["name"],
            s["bot"],
            str(s["wins"]),
            f"{s['win_rate']:.1%}",
            f"{s.get('score_mean', 0):.2f}",
            f"{s.get('score_sd', 0):.2f}",
        )
    caption = [
        f"{k} per game: {m['mean']:.1f} (min {m['min']}, max {m['max']})"
        for k, m in d["measures"].items()
    ]
    caption += [f"ended: {term} {n}" for term, n in d["terminations"].items()]
    t.caption = "; ".join(caption)
    t.caption_justify = "left"
    return t


@command
def simulate_cmd(
    ctx: typer.Context,
    scenario: Annotated[
        Path, typer.Argument(help="Scenario file or shipped name (see `bearcli scenarios`).")
    ],
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, max=10_000_000, help="How many games.")
    ] = 100,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help="Batch seed (default: the scenario's).")
    ] = None,
    bot: Annotated[str | None, typer.Option(help="Play every seat with this bot.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    save_logs: Annotated[
        Path | None,
        typer.Option(help="Write DIR/00001.yaml and DIR/00001.events.jsonl for every game."),
    ] = None,
    rotate: Annotated[
        bool,
        typer.Option(
            "--rotate",
            help="Game i shifts the seats by i-1, so no bot keeps the first seat; figures are "
            "per scenario seat.",
        ),
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            "-j",
            min=1,
            max=64,
            help="Worker processes (results are identical for any number).",
        ),
    ] = 1,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing log files.")] = False,
    settings: Settings = None,
) -> None:
    """Play many seeded games and report win rates and game lengths."""
    cons = consoles.get(ctx)
    given, scenario = str(scenario), shipped.resolve(scenario)
    scen = scenario_fmt.load(scenario, tuple(settings or ()))
    batch_seed = scen.seed if seed is None else seed
    on_result = None
    if save_logs is not None:
        _check_free(save_logs, games, force)
        on_result = _saver(scen, scenario, given, save_logs, force, tuple(settings or ()))
    summary = Summary(scen, batch_seed, bot, rotate)
    interrupted = False
    try:
        simulate(
            scen,
            games,
            batch_seed,
            bot=bot,
            workers=workers,
            keep=save_logs is not None,
            rotate=rotate,
            on_result=on_result,
            summary=summary,
        )
    except KeyboardInterrupt:
        interrupted = True  # what was played (and saved) is kept and reported
    if summary.games:
        if as_json:
            cons.out.print(
                json.dumps(summary.to_dict(), sort_keys=True, indent=2),
                markup=False,
                highlight=False,
            )
        else:
            cons.out.print(table(summary))
    if interrupted:
        cons.err.print(
            f"interrupted after {summary.games} of {games} games; the figures and "
            "logs above cover those",
            highlight=False,
        )
        raise typer.Exit(Exit.INTERRUPTED)

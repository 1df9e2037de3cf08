"""`bearcli play`: a game at the terminal; human seats type notation, bots move themselves.

The move log is written when the game ends and also when it is stopped (Ctrl-C, end of
input, `quit`), so nothing played is lost.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from bearcli.cli import console as consoles
from bearcli.cli.edge import command
from bearcli.cli.exit_codes import Exit
from bearcli.cli.options import Settings
from bearcli.core import registry
from bearcli.core.errors import BearError, InputError, Location
from bearcli.core.game import CHANCE
from bearcli.core.runner import Match, apply_and_notify, auto_step, chance_rng, make_bots
from bearcli.formats import atomic, movelog, yamlsrc
from bearcli.formats import scenario as scenario_fmt

HELP = "type a step in the notation; '?' lists the legal ones, 'board' redraws, 'quit' stops"


class Stop(Exception):
    """The player asked to stop (quit, end of input)."""


def _free_name(base: Path) -> Path:
    candidate, n = base, 2
    while candidate.exists():
        candidate = base.with_name(base.name.replace(".moves.yaml", f"-{n}.moves.yaml"))
        n += 1
    return candidate


def _ask(cons, game, match: Match, who: str) -> str:
    while True:
        try:
            text = cons.out.input(f"[bold]{escape(who)}[/bold]> ").strip()
        except EOFError:
            raise Stop from None
        if text in ("?", "help"):
            cons.out.print(escape(f"legal: {game.options_text(match.state, limit=200)}"))
            cons.out.print(HELP, style="dim")
        elif text == "board":
            cons.out.print(registry.renderer(game.name).render(match.state))
        elif text in ("quit", "exit"):
            raise Stop
        elif text:
            return text


@command
def play_cmd(
    ctx: typer.Context,
    scenario: Annotated[
        Path, typer.Argument(help="Scenario YAML file, or a saved move log to continue.")
    ],
    seed: Annotated[
        int | None,
        typer.Option("--seed", "-s", help="Seed for dice and bots (default: the scenario's)."),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            help="Where to write the move log (default: SCENARIO-seedS.moves.yaml here, never "
            "overwriting)."
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the --save file.")] = False,
    settings: Settings = None,
    manual_chance: Annotated[
        bool,
        typer.Option(
            "--manual-chance", help="Type the dice and cards yourself (transcribing a table game)."
        ),
    ] = False,
) -> None:
    """Play interactively: the board in colour, steps typed in the notation."""
    cons = consoles.get(ctx)
    src = yamlsrc.load(scenario)
    if isinstance(src.data, dict) and "moves" in src.data:
        # A saved game: replay it (validated), then play on from where it stopped.
        log = movelog.parse(src)
        match = movelog.replay(log)
        scen = log.scenario
        ref = src.data["scenario"]
        scenario_ref = scenario.parent / ref if isinstance(ref, str) else ref
        overrides = log.overrides
        seed = (log.seed if log.seed is not None else scen.seed) if seed is None else seed
    else:
        scen = scenario_fmt.parse(scenario_fmt.with_overrides(src, tuple(settings or ())))
        match = Match(scen.game, scen.config)
        scenario_ref = scenario
        overrides = tuple(settings or ())
        seed = scen.seed if seed is None else seed
    game = scen.game
    if save is None:
        stem = scenario.name.removesuffix(".yaml").removesuffix(".moves")
        save = _free_name(Path(f"{stem}-seed{seed}.moves.yaml"))
    elif save.exists() and not force:
        raise InputError(
            "file exists; pass --force to overwrite it", location=Location(str(save), 1, 1)
        )
    bots = make_bots(game, scen.config, seed)
    if match.steps:  # a continued game: let the bots see what was played (memo bots remember)
        _show_history(game, scen.config, match.steps, bots)
    rng = chance_rng(seed)
    render = registry.renderer(game.name).render
    cons.out.print(f"{game.title}: {scen.title} (seed {seed}). {HELP}.", highlight=False)
    stopped = False
    try:
        while not match.over:
            actor = match.actor
            who = "chance" if actor == CHANCE else scen.config.seats[actor].label(actor)
            if not (manual_chance and actor == CHANCE):
                taken = auto_step(match, bots, rng)  # chance, or a bot seat
                if taken is not None:
                    by = "" if actor == CHANCE else f", {scen.config.seats[actor].bot}"
                    cons.out.print(f"  {who}{by}: {taken[0]}", highlight=False)
                    continue
            cons.out.print(render(match.state))
            text = _ask(cons, game, match, who)
            try:
                apply_and_notify(match, bots, game.parse_step(text))
            except BearError as exc:
                cons.err.print(escape(exc.headline()), highlight=False)
    except (Stop, KeyboardInterrupt):
        stopped = True
    finally:
        # The path was checked free (or --force given) before play began.
        _save(scen, scenario_ref, save, match, seed, overrides)
        cons.err.print(f"move log saved to {save}", highlight=False)
    if stopped:
        cons.err.print(
            f"stopped before the end; continue with: bearcli play {save}", highlight=False
        )
        raise typer.Exit(Exit.INTERRUPTED)
    cons.out.print(render(match.state))
    outcome = match.outcome
    winners = ", ".join(scen.config.seats[w].name for w in outcome.winners) or "nobody"
    cons.out.print(f"game over: {outcome.termination}; winners: {winners}", highlight=False)


def _show_history(game, config, steps, bots) -> None:
    again = Match(game, config)
    for step in steps:
        apply_and_notify(again, bots, step)


def _save(
    scen, scenario_ref: Path | dict, save: Path, match: Match, seed: int, overrides: tuple[str, ...]
) -> None:
    ref = (
        scenario_ref
        if isinstance(scenario_ref, dict)
        else os.path.relpath(scenario_ref.resolve(), save.resolve().parent)
    )
    outcome = match.outcome
    text = movelog.dumps(
        scen.game.name,
        ref,
        [str(s) for s in match.steps],
        seed=seed,
        result=outcome.to_dict() if outcome else None,
        overrides=overrides,
    )
    atomic.write_text(save, text, force=True)

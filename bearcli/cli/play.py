"""`bearcli play`: a game at the terminal; human seats type notation, bots move themselves.

The move log is written when the game ends and also when it is stopped (Ctrl-C, end of
input, `quit`), so nothing played is lost.
"""

from __future__ import annotations

from dataclasses import dataclass
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
from bearcli.formats import atomic, movelog, shipped, yamlsrc
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
        Path,
        typer.Argument(
            help="Scenario file or shipped name (see `bearcli scenarios`), or a saved move log "
            "to continue."
        ),
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
    given, scenario = str(scenario), shipped.resolve(scenario)
    cons = consoles.get(ctx)
    src = yamlsrc.load(scenario)
    if isinstance(src.data, dict) and "moves" in src.data:
        # A saved game: replay it (validated), then play on from where it stopped.
        log = movelog.parse(src)
        scen = log.scenario
        ref = src.data["scenario"]
        if isinstance(ref, str):  # an older record naming its scenario file: inline it now
            inline, scenario_file = scenario_fmt.self_contained(scenario.parent / ref), ref
        else:
            inline, scenario_file = ref, src.data.get("scenario_file")
        overrides = log.overrides
        manual_chance = manual_chance or log.chance == movelog.MANUAL
        if log.seed is not None and seed is not None and seed != log.seed:
            raise InputError(
                f"this game was played with seed {log.seed}; a continued game keeps its seed",
                location=Location("--seed", 1, 1),
                ruling="P-C3",
            )
        seed = log.seed if log.seed is not None else (scen.seed if seed is None else seed)
        # The dice roll on exactly as in the uninterrupted game: the generator is advanced
        # through the record's chance steps (and checked against them when seeded, P-C3).
        rng = chance_rng(seed)
        match = movelog.replay(log, rng=None if manual_chance else rng)
    else:
        scen = scenario_fmt.parse(scenario_fmt.with_overrides(src, tuple(settings or ())))
        match = Match(scen.game, scen.config)
        inline, scenario_file = scenario_fmt.self_contained(scenario), given
        overrides = tuple(settings or ())
        seed = scen.seed if seed is None else seed
        rng = chance_rng(seed)
    record = Record(inline, scenario_file, overrides, seed, manual_chance)
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
    render = registry.renderer(game.name).render
    narrator = game.narrator(scen.config)
    for earlier in match.event_dicts():  # a continued game: the narrator knows what was told
        narrator.tell(earlier)

    def tell(logged) -> None:
        for ev in logged:
            cons.out.print(f"    {narrator.tell(ev.to_dict())}", highlight=False, markup=False)

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
                    cons.out.print(f"  {who}{by}: {taken[0]}", highlight=False, markup=False)
                    tell(taken[1])
                    continue
            cons.out.print(render(match.state))
            text = _ask(cons, game, match, who)
            try:
                tell(apply_and_notify(match, bots, game.parse_step(text)))
            except BearError as exc:
                cons.err.print(escape(exc.headline()), highlight=False)
    except (Stop, KeyboardInterrupt):
        stopped = True
    finally:
        # The path was checked free (or --force given) before play began.
        record.save(scen, save, match)
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


@dataclass(frozen=True)
class Record:
    """What the saved move log says besides the moves: it carries its scenario inline."""

    scenario: dict
    scenario_file: str | None  # information only
    overrides: tuple[str, ...]
    seed: int
    manual_chance: bool

    def save(self, scen, path: Path, match: Match) -> None:
        outcome = match.outcome
        text = movelog.dumps(
            scen.game.name,
            self.scenario,
            [str(s) for s in match.steps],
            seed=self.seed,
            result=outcome.to_dict() if outcome else None,
            overrides=self.overrides,
            chance=movelog.MANUAL if self.manual_chance else movelog.SEEDED,
            scenario_file=self.scenario_file,
        )
        atomic.write_text(path, text, force=True)

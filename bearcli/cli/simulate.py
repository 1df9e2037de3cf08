"""`bearcli simulate`: many seeded games, their figures, optionally every game's logs and a
CSV row per game.

The library (bearcli.simulation, the formats, the games) and rich are imported when the
command runs, never with the app: `bearcli --help` stays cheap (tests/test_startup.py).
"""

import importlib
import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command
from bearcli.cli.exit_codes import Exit
from bearcli.cli.options import (
    Dask,
    Precision,
    Settings,
    Unchecked,
    Workers,
    check_seed,
    complete_scenario,
    print_warnings,
    unchecked_note,
)

if TYPE_CHECKING:
    from rich.table import Table

    from bearcli.formats.scenario import Scenario
    from bearcli.simulation import GameResult, Summary

# The library modules this module imported at its top before, still reachable as its
# attributes (a test replaces `bearcli.cli.simulate.eventlog.dumps`), imported on first use.
_LIBRARY = {
    "eventlog": "bearcli.formats.eventlog",
    "movelog": "bearcli.formats.movelog",
    "registry": "bearcli.core.registry",
    "shipped": "bearcli.formats.shipped",
    "yamlsrc": "bearcli.formats.yamlsrc",
}


def __getattr__(name: str):
    if name in _LIBRARY:
        return importlib.import_module(_LIBRARY[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _game_index(stem: str) -> int | None:
    """The game number of a file stem that simulate writes (`00001`, `123456`), else None."""
    if not stem.isdigit() or not stem.isascii():
        return None
    index = int(stem)
    return index if index >= 1 and f"{index:05d}" == stem else None


def _game_file(name: str) -> int | None:
    """The game of `NNNNN.yaml` or `NNNNN.events.jsonl`, as simulate names them."""
    from bearcli.formats import eventlog

    for suffix in (".yaml", eventlog.SUFFIX):
        if name.endswith(suffix):
            return _game_index(name.removesuffix(suffix))
    return None


def _stale_temp(name: str) -> bool:
    """`.NNNNN.<anything>.tmp`: a temp file of a save that was killed before its rename."""
    if not (name.startswith(".") and name.endswith(".tmp")):
        return False
    stem, dot, _ = name[1:].partition(".")
    return bool(dot) and _game_index(stem) is not None


def _prepare(out: Path, games: int, force: bool) -> int | None:
    """Take the folder's lock, then refuse existing game files without --force; with it,
    remove every game file and stale temp file of an earlier run (a shorter run must not
    leave the old games beside its own), and nothing else. Returns the lock (a descriptor of
    the folder, held until the process ends)."""
    from bearcli.core.errors import InputError, Location
    from bearcli.formats import atomic

    try:
        if out.exists() and not out.is_dir():
            raise InputError(
                "not a folder (--save-logs names a folder)", location=Location(str(out), 1, 1)
            )
        out.mkdir(parents=True, exist_ok=True)
        lock = _lock(out)
        try:
            _clear(out, games, force)
            atomic.try_write(out, "00000")  # a read-only folder: refused before any game
        except BaseException:
            if lock is not None:
                os.close(lock)
            raise
    except OSError as exc:  # a name too long, a read-only place, a file on the way
        raise InputError(
            f"cannot write logs here: {exc.strerror or exc}", location=Location(str(out), 1, 1)
        ) from None
    return lock


def _lock(out: Path) -> int | None:
    """An exclusive lock on the folder itself (flock on its descriptor: no lock file to leave
    behind, and the kernel drops it when the process ends, even after SIGKILL). Two runs
    into one folder at once would otherwise clear and write each other's games."""
    from bearcli.core.errors import InputError, Location

    try:
        import fcntl
    except ImportError:  # no flock here: exclusive creation of each file still holds
        return None
    fd = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise InputError(
            "another bearcli run is writing logs into this folder; nothing was written",
            location=Location(str(out), 1, 1),
        ) from None
    except OSError:  # a file system without flock: exclusive creation still holds
        os.close(fd)
        return None
    return fd


def _clear(out: Path, games: int, force: bool) -> None:
    import stat

    from bearcli.core.errors import InputError, Location

    entries = sorted(out.iterdir())
    ours = [p for p in entries if _game_file(p.name) is not None or _stale_temp(p.name)]
    for p in ours:  # a device, a FIFO or a symlink under a game's name is never removed
        mode = p.lstat().st_mode
        if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode) and _game_file(p.name) is not None:
            raise InputError(
                "cannot write: not a regular file (only a regular file is ever replaced, "
                "--force or not)",
                location=Location(str(p), 1, 1),
            )
    if force:
        for p in ours:
            if stat.S_ISREG(p.lstat().st_mode):  # a folder is never removed
                p.unlink(missing_ok=True)
        return
    clashes = sorted(
        (index, not p.name.endswith(".yaml"), p)
        for p in entries
        if (index := _game_file(p.name)) is not None and index <= games
    )
    if clashes:
        raise InputError(
            "file exists; pass --force to overwrite it", location=Location(str(clashes[0][2]), 1, 1)
        )


def _saver(
    scen: "Scenario",
    scen_path: Path,
    given: str,  # the scenario as the user named it, kept in each record as information
    out: Path,
    overrides: tuple[str, ...],
):
    from bearcli.formats import atomic, eventlog, movelog
    from bearcli.formats import scenario as scenario_fmt

    inline = scenario_fmt.self_contained(scen_path)  # each record replays on its own

    def save(result: "GameResult") -> None:
        stem = out / f"{result.index:05d}"
        move_log, event_log = stem.with_suffix(".yaml"), Path(f"{stem}{eventlog.SUFFIX}")
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
        events = eventlog.text(scen, result.events)
        # Both files are written first, then created under their names, the event log before
        # the move log: a move log never stands without its event log, even if the process is
        # killed between the two (that leaves an event log alone, which `validate` reports).
        # Each name is created exclusively (a hard link, atomic): a file another run wrote
        # there meanwhile is never replaced, and this run then stops (it would otherwise
        # report a game whose files are not its own).
        temps: list[atomic.Temp] = []
        made: list[Path] = []
        try:
            for final, text in ((event_log, events), (move_log, log)):
                temp = atomic.Temp(final)
                temps.append(temp)
                temp.write(text)
            for temp in temps:
                temp.create()
                made.append(temp.path)
        except BaseException:
            for temp in temps:
                temp.discard()
            for f in made:  # a game's logs are kept whole or not at all
                f.unlink(missing_ok=True)
            raise

    return save


class _Stopped(Exception):
    """A game's logs or row could not be written: the batch stops, and what was done before
    is kept and reported before the error (exit 1)."""

    def __init__(self, error) -> None:
        super().__init__(str(error))
        self.error = error


class _Interrupts:
    """During the run, SIGINT, SIGTERM and SIGHUP stop the batch as Ctrl-C does (KeyboardInterrupt:
    the finished games are reported, exit 130), but never in the middle of a game's
    bookkeeping (writing its two files and counting it): there the signal waits for its end.
    SIGTERM is what `kill` and a cancelled CI job send; SIGHUP what a closed terminal sends."""

    def __init__(self) -> None:
        self.holding = False
        self.pending = False

    def _handler(self, signum, frame) -> None:
        if self.holding:
            self.pending = True
        else:
            raise KeyboardInterrupt

    @contextmanager
    def installed(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield  # only the main thread may set handlers; signals then act as they did
            return
        previous = {}
        stops = [(signal.SIGINT, signal.default_int_handler), (signal.SIGTERM, signal.SIG_DFL)]
        if hasattr(signal, "SIGHUP"):  # not on Windows
            stops.append((signal.SIGHUP, signal.SIG_DFL))
        for sig, usual in stops:
            if signal.getsignal(sig) is usual:  # a signal the caller ignores stays ignored
                previous[sig] = signal.signal(sig, self._handler)
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    @contextmanager
    def held(self) -> Iterator[None]:
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.pending:  # now that the game is both saved and counted
            self.pending = False
            raise KeyboardInterrupt


class _CsvRows:
    """--csv PATH: a row per game, header first, streamed to `.PATH.XXXX.tmp` beside PATH and
    renamed to PATH at the end, also after Ctrl-C, SIGTERM or SIGHUP (the rows of the games
    finished are kept, as their figures are); after an error the temp file goes and PATH is
    untouched. Only a regular file is ever replaced (formats/atomic.py).
    """

    def __init__(self, path: Path, force: bool, header: list[str]) -> None:
        import csv
        import io

        from bearcli.formats import atomic

        self.path, self.force = path, force
        atomic.refuse(path, force=force)
        if force:
            atomic.remove_stale_temps(path)
        self.temp = atomic.Temp(path, newline="")
        self.line = io.StringIO()
        self.writer = csv.writer(self.line, lineterminator="\n")
        self.add(header)

    def add(self, row: list) -> None:
        self.writer.writerow(row)
        self.temp.write(self.line.getvalue())  # the disk is full: a located error, no temp
        self.line.seek(0)
        self.line.truncate()

    def finish(self) -> None:
        """Put the file in place (flushed and synced first)."""
        self.temp.place(force=self.force)

    def discard(self) -> None:
        self.temp.discard()


def _bad_bot(value: str, game) -> typer.BadParameter:
    from bearcli.simulation import known_bots

    return typer.BadParameter(
        f"{value!r} is not a {game.name} bot (known: {known_bots(game)})",
        param_hint="'--bot'",
    )


def _game_named_in(path: Path | None):
    """The game a scenario file names, or None if it cannot tell (the command reports it)."""
    from bearcli.core import registry
    from bearcli.core.errors import BearError
    from bearcli.formats import scenario as scenario_fmt
    from bearcli.formats import shipped

    if path is None:
        return None
    try:
        data = scenario_fmt.read(shipped.resolve(path)).data  # a bare .layout too
        name = data.get("game") if isinstance(data, dict) else None
        return registry.get(name) if isinstance(name, str) else None
    except BearError:  # unreadable, or no such game: the command reports it, located
        return None


def _check_bot(ctx: typer.Context, value: str | None) -> str | None:
    """--bot is a usage error when it names no bot of the scenario's game (exit 2)."""
    if value is None or ctx.resilient_parsing:
        return value
    game = _game_named_in(ctx.params.get("scenario"))  # read first: the argument is eager
    if game is not None and value not in game.bots:
        raise _bad_bot(value, game)
    return value


def overrides_note(overrides: tuple[str, ...]) -> str:
    """Every --set of a run, as typed, for its title: two results side by side differ there."""
    return "".join(f", --set {o}" for o in overrides)


def table(summary: "Summary", overrides: tuple[str, ...] = ()) -> "Table":
    from rich.markup import escape  # titles and seat names are the user's text, not markup
    from rich.table import Table

    from bearcli.core.safetext import safe  # escaped before the table is laid out

    d = summary.to_dict()
    bots = ", ".join(sorted({s["bot"] for s in d["seats"]}))
    title = (
        f"{summary.scenario.game.title}: {d['scenario']} - {d['games']} games, "
        f"seed {d['seed']}, bots {bots}{overrides_note(overrides)}"
    )
    t = Table(title=escape(safe(title, lines=False)), title_justify="left")
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
            escape(safe(s["name"], lines=False)),
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


def _precision_line(summary: "Summary", precision: float) -> str:
    """Under the table: whether --precision was reached, and after how many games."""
    from bearcli.simulation import PRECISION

    within = f"+-{precision * 100:g}%"
    if summary.stopped == PRECISION:
        return (
            f"precision {within} reached after {summary.games} games (at most "
            f"{summary.requested}): every win rate's 95% interval is that narrow"
        )
    return f"precision {within} not reached within {summary.games} games"


@command
def simulate_cmd(
    ctx: typer.Context,
    scenario: Annotated[
        Path,
        typer.Argument(
            help="Scenario file or shipped name (see `bearcli scenarios`).",
            is_eager=True,  # read before --bot, whose check needs the scenario's game
            autocompletion=complete_scenario,
        ),
    ],
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            min=1,
            max=10_000_000,
            help="How many games (with --precision: at most).",
        ),
    ] = 100,
    precision: Precision = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", "-s", callback=check_seed, help="Batch seed (default: the scenario's)."
        ),
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option(metavar="NAME", help="Play every seat with this bot.", callback=_check_bot),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    save_logs: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR", help="Write DIR/00001.yaml and DIR/00001.events.jsonl for every game."
        ),
    ] = None,
    csv_path: Annotated[
        Path | None,
        typer.Option(
            "--csv",
            metavar="PATH",
            help="Write a CSV row per game: index, seed, termination, winners, scores, "
            "length and the game's measures.",
        ),
    ] = None,
    rotate: Annotated[
        bool,
        typer.Option(
            "--rotate",
            help="Game i shifts the seats by i-1, so no bot keeps the first seat; figures are "
            "per scenario seat.",
        ),
    ] = False,
    workers: Workers = 1,
    dask: Dask = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Replace an earlier run's logs: first remove every NNNNN.yaml, "
            "NNNNN.events.jsonl and stale temp file in DIR (no other file); overwrite --csv.",
        ),
    ] = False,
    unchecked: Unchecked = False,
    settings: Settings = None,
) -> None:
    """Play many seeded games and report win rates and game lengths.

    At a terminal, a bar on stderr counts the games (not with --json).

    \b
    Examples:
      bearcli simulate sliding-bears/classic --games 200 --seed 1
      bearcli simulate bear-down/bots-4p --games 200 --rotate --json
      bearcli simulate baerenspiel/forest-2p --bot searcher --precision 0.01 -j 2
      bearcli simulate sliding-bears/classic -n 10 --save-logs logs/
    """
    import json

    from bearcli.cli import progress
    from bearcli.core.errors import BearError, Location
    from bearcli.formats import shipped
    from bearcli.formats.validation import load_checked
    from bearcli.simulation import (
        INTERRUPTED,
        Summary,
        check_playable,
        csv_columns,
        csv_row,
        simulate,
    )

    cons = consoles.get(ctx)
    given, scenario = str(scenario), shipped.resolve(scenario)
    overrides = tuple(settings or ())
    # The static checks first: an error stops the run (exit 1) unless --unchecked.
    scen, checked = load_checked(scenario, overrides, unchecked=unchecked)
    print_warnings(cons.err, checked)
    if bot is not None and bot not in scen.game.bots:  # --set game=... changed the game
        error = _bad_bot(bot, scen.game)
        error.ctx = ctx
        error.show()
        raise typer.Exit(error.exit_code)
    check_playable(scen, bot)  # before --force removes anything
    batch_seed = scen.seed if seed is None else seed
    columns = csv_columns(scen)
    # Refused (an existing file without --force, a folder) before --force removes any log.
    rows = _CsvRows(csv_path, force, columns) if csv_path is not None else None
    seats = len(scen.config.seats)
    summary = Summary(scen, batch_seed, bot, rotate)
    interrupts = _Interrupts()
    interrupted = False
    lock: int | None = None
    failure: BearError | None = None
    try:
        with interrupts.installed():
            try:
                save = None
                if save_logs is not None:
                    lock = _prepare(save_logs, games, force)
                    save = _saver(scen, scenario, given, save_logs, tuple(settings or ()))
                shown = progress.shown(cons.err, as_json)
                with progress.bar(cons.err, "games", games, enabled=shown) as ticker:

                    def on_result(result: "GameResult") -> None:
                        try:
                            if save is not None:
                                save(result)
                            if rows is not None:
                                rows.add(csv_row(result, seats, columns))
                        except BearError as exc:  # a full disk, a file another run wrote
                            raise _Stopped(exc) from None

                    try:
                        simulate(
                            scen,
                            games,
                            batch_seed,
                            bot=bot,
                            workers=workers,
                            dask=dask,
                            keep=save_logs is not None,
                            rotate=rotate,
                            # Without logs or rows, the workers count the games: the
                            # same figures, and no result a game to send back (Figures).
                            on_result=None if save is None and rows is None else on_result,
                            on_games=ticker.advance,
                            summary=summary,
                            guard=interrupts.held,
                            precision=precision,
                        )
                    except BearError as exc:  # the step guard: the scenario cannot be finished
                        raise exc.at(Location(given, 1, 1)) from None
            except KeyboardInterrupt:
                interrupted = True  # what was played (and saved) is kept and reported
            except _Stopped as stop:
                failure = stop.error  # as after Ctrl-C, the games finished are kept and reported
            if rows is not None:
                with interrupts.held():  # a signal now waits until the file is in place
                    rows.finish()
    except KeyboardInterrupt:
        interrupted = True  # held during the last write: the CSV is in place
    finally:
        if rows is not None:
            rows.discard()  # after an error: no CSV and no temp file (a no-op once in place)
        if lock is not None:
            os.close(lock)  # the folder's lock (closing the descriptor drops it)
    if interrupted:  # exit 130: the JSON says so too, whenever the signal came
        summary.stopped = INTERRUPTED
    if summary.games:
        if as_json:
            body = summary.to_dict()
            body["overrides"] = list(overrides)
            body["unchecked_errors"] = [f.headline() for f in checked.ignored]
            cons.out.print(
                json.dumps(body, sort_keys=True, indent=2),
                markup=False,
                highlight=False,
            )
        else:
            cons.out.print(table(summary, overrides))
            if precision is not None:
                cons.out.print(_precision_line(summary, precision), markup=False, highlight=False)
            for line in unchecked_note(checked.ignored):
                cons.out.print(line, markup=False, highlight=False)
    if failure is not None:
        failure.details = (
            *failure.details,
            f"stopped after {summary.games} of {games} games; the figures above cover those "
            "(their logs and rows are written)",
        )
        raise failure
    if interrupted:
        cons.err.print(
            f"interrupted after {summary.games} of {games} games; the figures and "
            "logs above cover those",
            highlight=False,
        )
        raise typer.Exit(Exit.INTERRUPTED)

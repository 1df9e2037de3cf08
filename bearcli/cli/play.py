"""`bearcli play`: a game at the terminal; human seats type notation, bots move themselves.

The move log is on disk before every prompt, after every human step and every SAVE_EVERY bot
steps, and written whole when the game ends or is stopped (Ctrl-C, SIGTERM, SIGHUP, end of
input, `quit`), so nothing a person played is lost, even to SIGKILL.
"""

import codecs
import contextlib
import itertools
import os
import signal
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command, report
from bearcli.cli.exit_codes import Exit
from bearcli.cli.options import (
    Settings,
    Unchecked,
    check_seed,
    complete_scenario,
    print_warnings,
    unchecked_note,
)

# The library (games, formats, the runner) and rich are imported by the code that uses them,
# when the command runs: loading the app stays cheap (tests/test_startup.py).
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from types import FrameType
    from typing import Any

    from bearcli.cli.table import Table
    from bearcli.core.errors import InputError
    from bearcli.core.runner import LoggedEvent, Match

HELP = (
    "type a step in the notation; '?' lists the legal ones, 'board' redraws, 'undo' takes "
    "your last step back until the dice are rolled, 'redo' puts it back, 'quit' stops"
)
# Bots replay deterministically from a saved log, so losing a few hundred of their steps to
# SIGKILL costs nothing; each save rewrites the whole log, so saving more often costs time.
SAVE_EVERY = 200
# Far above any real game (the longest shipped ones take about 2,000 steps), and low enough
# that the saved log fits under the input cap yamlsrc.MAX_BYTES, so `bearcli play SAVED` reads
# it: the longest step of any game (a five-die Bear Down! roll) is 53 characters, 56 bytes a
# line, 840 KB for 15,000 steps (tests/cli/test_play_durability.py checks it).
MAX_PLAY_STEPS = 15_000
# What Enter does when the table waits for a person (formats.slips names the chance step).
ENTER_DOES = {"card turned up": "turn the card", "re-rolled die": "roll"}
STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")  # each stops play as Ctrl-C does


class Stop(Exception):
    """The player asked to stop (quit, end of input)."""


def _free_name(base: Path) -> Path:
    candidate, n = base, 2
    while os.path.exists(candidate):  # os.path: a name too long is checked by check_target
        candidate = base.with_name(base.name.replace(".moves.yaml", f"-{n}.moves.yaml"))
        n += 1
    return candidate


def _cannot_write(path: Path, why: str) -> "InputError":
    """The move log could not be written: play stops, since the next moves would be lost."""
    from bearcli.core.errors import InputError, Location

    return InputError(f"cannot write the move log here: {why}", location=Location(str(path), 1, 1))


def _os_reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def check_target(path: Path, force: bool) -> None:
    """Refuse a save target that cannot take the log, before anything is played.

    The test write is the one atomic.write_text makes: a temp file in the same folder.
    """
    from bearcli.formats import atomic

    try:
        atomic.refuse(path, force=force)  # a folder, a device, a FIFO, a symlink: never replaced
    except atomic.WriteFailed as exc:
        raise _cannot_write(path, exc.message.removeprefix("cannot write: ")) from None
    folder, made = path.parent, []
    try:
        made = list(itertools.takewhile(lambda p: not p.exists(), (folder, *folder.parents)))
        above = folder.parents[len(made) - 1] if made else folder  # the nearest that exists
        if not above.is_dir():
            raise _cannot_write(path, f"{above} is not a folder")
        folder.mkdir(parents=True, exist_ok=True)
        atomic.try_write(folder, path.name)
    except OSError as exc:  # EACCES, EROFS, ENOSPC, ENAMETOOLONG, a file where a folder is
        for p in made:  # deepest first: leave no empty folders behind a refusal
            with contextlib.suppress(OSError):
                p.rmdir()
        raise _cannot_write(path, f"{_os_reason(exc)} (folder {folder})") from None


class StopSignals:
    """SIGTERM and SIGHUP (and SIGINT) raise KeyboardInterrupt, so they stop play as Ctrl-C does.

    Only while play runs (the old handlers come back after); a signal that arrives during a
    save waits until the file is whole. A signal already ignored (nohup) stays ignored.
    """

    def __init__(self) -> None:
        self.old: dict[int, Callable[[int, FrameType | None], Any] | int] = {}
        self.holding = False
        self.pending = False

    def __enter__(self) -> "StopSignals":
        for name in STOP_SIGNALS:
            sig = getattr(signal, name, None)
            if sig is None:  # no SIGHUP on Windows
                continue
            old = signal.getsignal(sig)
            if old in (signal.SIG_IGN, None):  # ignored on purpose, or not ours to restore
                continue
            try:
                signal.signal(sig, self._handle)
            except ValueError:  # not the main thread: signals are not ours to take
                continue
            self.old[sig] = old
        return self

    def __exit__(self, *exc) -> None:
        for sig, old in self.old.items():
            signal.signal(sig, old)

    def _handle(self, signum, frame) -> None:
        if self.holding:
            self.pending = True
            return
        raise KeyboardInterrupt

    @contextlib.contextmanager
    def held(self, *, then_stop: bool = True):
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.pending and then_stop:
            self.pending = False
            raise KeyboardInterrupt


@contextlib.contextmanager
def _tolerant_stdin():
    """Bytes that are not UTF-8 come through as lone surrogates (reported by the reader, line
    by line) instead of failing the read and losing the lines read in the same chunk."""
    stdin = sys.stdin
    if not hasattr(stdin, "reconfigure"):
        yield
        return
    encoding, errors = stdin.encoding, stdin.errors
    with contextlib.suppress(ValueError, OSError):
        stdin.reconfigure(errors="surrogateescape")
    if codecs.lookup(encoding).name != "utf-8":
        # A pipe or file is UTF-8 (the project's text encoding); a terminal keeps its own.
        with contextlib.suppress(ValueError, OSError):
            if not stdin.isatty():
                stdin.reconfigure(encoding="utf-8", errors="surrogateescape")
    try:
        yield
    finally:
        with contextlib.suppress(ValueError, OSError):
            stdin.reconfigure(errors=errors)
        if stdin.encoding != encoding:
            with contextlib.suppress(ValueError, OSError):  # refused once read: harmless
                stdin.reconfigure(encoding=encoding, errors=errors)


class Reader:
    """Input lines, numbered, so a bad one is named where it stands in the input."""

    def __init__(self, cons, prompt) -> None:
        self.cons = cons
        self.prompt = prompt  # prompt.Prompt: a line editor at a terminal, else plain lines
        self.line = 0

    def ask(self, table, who: str, board, *, blank: bool = False) -> str:
        """The next step (or `undo`) typed; `?`, `board` and `quit` are answered here. With
        `blank` an empty line is an answer too (Enter rolls the dice)."""

        from bearcli.core.game import CHANCE

        while True:
            try:
                raw = self.prompt.read(who)
            except EOFError:
                raise Stop from None
            self.line += 1
            bad = next((i for i, c in enumerate(raw) if "\udc80" <= c <= "\udcff"), None)
            if bad is not None:
                byte = ord(raw[bad]) - 0xDC00
                self.cons.err.print(
                    f"error: not UTF-8 text (byte 0x{byte:02x} at column {bad + 1}); the "
                    "line is skipped",
                    highlight=False,
                    markup=False,
                )
                continue
            text = raw.strip()
            game, state = table.game, table.match.state
            if text in ("?", "help"):
                if blank:  # the table waits for a person to roll
                    shown = "press Enter (or type 'roll') to roll; 'undo' takes back first"
                elif table.match.actor == CHANCE:  # the pattern, not every combination
                    shown = f"chance: {game.chance_pattern(state)}"
                else:
                    shown = f"legal: {game.options_text(state, limit=200)}"
                self.cons.out.print(shown, highlight=False, markup=False)
                self.cons.out.print(HELP, style="dim", markup=False)
            elif text == "board":
                self.cons.out.print(board())
            elif text in ("quit", "exit"):
                raise Stop
            elif text or blank:
                return text


def _candidates(table) -> list[str]:
    """What TAB completes at the prompt: the legal steps, or the chance outcomes."""
    from bearcli.core.game import CHANCE, TERMINAL

    game, state, actor = table.game, table.match.state, table.match.actor
    if table.roller() is not None:
        return ["roll"]
    if actor == CHANCE:
        return [str(s) for s, _ in game.chance_outcomes(state)]
    return [] if actor == TERMINAL else [str(s) for s in game.legal_steps(state)]


def _for_whom(table, logged) -> str:
    """Whose roll (or card) a chance step was: the seat its first event names, else the
    table's (Bärenspiel's escort throws are everyone's)."""
    fields = (e.event.to_dict() for e in logged)
    seat = next((f["seat"] for f in fields if "seat" in f), None)
    if isinstance(seat, int) and 1 <= seat <= len(table.config.seats):
        return f"for {table.narrator.seat(seat)}"
    return "for the table"


def fresh_seed() -> int:
    """A casual game's seed (P-C5). The one place bearcli wants chance from outside: every
    casual game gets its own dice; the seed is printed and recorded, so the game still replays
    and continues exactly."""
    import secrets

    return secrets.randbits(32)


@command
def play_cmd(
    ctx: typer.Context,
    scenario: Annotated[
        Path,
        typer.Argument(
            metavar="SCENARIO",
            help="Scenario file or shipped name (see `bearcli scenarios`), or a saved move log "
            "to continue.",
            autocompletion=complete_scenario,
        ),
    ],
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            "-s",
            metavar="N",
            callback=check_seed,
            help="Seed for dice and bots (default: a fresh one, printed and recorded; a "
            "continued game keeps its own).",
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="PATH",
            help="Where to write the move log (default: SCENARIO-seedS.moves.yaml here, never "
            "overwriting; a continued game goes on in its own file).",
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
    show_memory: Annotated[
        bool,
        typer.Option(
            "--show-memory",
            help="Memo game: write on face-down cards what they showed before (practice; a "
            "real table shows only the face-up cards).",
        ),
    ] = False,
    watch: Annotated[
        bool,
        typer.Option("--watch", help="Bots only: watch them play, one step a line."),
    ] = False,
    delay: Annotated[
        float,
        typer.Option(
            "--delay",
            metavar="SECONDS",
            min=0.0,
            max=60.0,
            help="With --watch: wait this long after each step, to follow the game.",
        ),
    ] = 0.0,
    unchecked: Unchecked = False,
) -> None:
    """Play at the terminal: the board in colour, steps typed in the notation, bots move.

    At the prompt: a step, '?' (the legal steps, or how a chance step is written), 'board',
    'undo' (takes back your last decision and the bot steps after it, until the dice are
    rolled), 'redo', 'quit'. After your decisions, and when the roll is yours, the table waits
    for you to roll: Enter (or 'roll'). A scenario with no person seated makes seat 1 yours;
    --watch lets the bots play alone. At a terminal the line can be edited, up-arrow recalls
    earlier lines and TAB completes the legal steps.

    \b
    Examples:
      bearcli play sliding-bears/classic --set 'seats=[human, greedy]'
      bearcli play bear-down/two-players --seed 7 --save game.yaml
      bearcli play game.yaml                 continue a saved game
      bearcli play baerenspiel/memo --set 'seats=[human, perfect]' --show-memory
      bearcli play bear-down/bots-4p --watch --delay 0.5
    """

    from bearcli.cli.prompt import Prompt
    from bearcli.cli.table import UNDO_RULING, Table
    from bearcli.core.errors import BearError, InputError, Location, ScenarioError
    from bearcli.core.game import CHANCE
    from bearcli.core.runner import chance_rng
    from bearcli.formats import movelog, shipped, slips, validation, yamlsrc
    from bearcli.formats import scenario as scenario_fmt

    given, scenario = str(scenario), shipped.resolve(scenario)
    cons = consoles.get(ctx)
    src = scenario_fmt.read(scenario, ("scenario", "game file", "move log"))  # or a saved game
    fresh = continued = False
    if isinstance(src.data, dict) and "moves" in src.data:
        continued = True
        # A saved game: replay it (validated), then play on from where it stopped.
        log = movelog.parse(src)
        scen = log.scenario
        ref = src.data["scenario"]
        scenario_file: str | None
        if isinstance(ref, str):  # an older record naming its scenario file: inline it now
            inline, scenario_file = scenario_fmt.self_contained(scenario.parent / ref), ref
        else:
            inline, scenario_file = ref, src.data.get("scenario_file")  # None: not known
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
        steps = movelog.replay(log, rng=None if manual_chance else rng).steps
    else:
        fresh_src = scenario_fmt.with_overrides(src, tuple(settings or ()))
        scen = scenario_fmt.parse(fresh_src)
        # The static checks first: an error stops a new game (exit 1) unless --unchecked.
        checked = validation.gate(scen, fresh_src, unchecked=unchecked)
        print_warnings(cons.err, checked)
        for line in unchecked_note(checked.ignored):
            cons.out.print(line, markup=False, highlight=False)
        inline, scenario_file = scenario_fmt.self_contained(scenario), given
        overrides = tuple(settings or ())
        fresh = seed is None
        seed = fresh_seed() if seed is None else seed
        rng = chance_rng(seed)
        steps = []
    game = scen.game
    people = [i for i, s in enumerate(scen.config.seats) if s.bot == "human"]
    seated = ""
    if watch and people:
        where = Location("--watch", 1, 1)
        who = scen.config.who(people[0])
        err = InputError(
            f"--watch plays bots only, and {who} is a person: give every seat a bot "
            "(--set 'seats=[greedy, greedy]')",
            location=where,
        )
        report(cons.err, err)
        raise typer.Exit(Exit.USAGE)
    if not watch and not people:
        # P-C9: `play` is a game: with no person seated, seat 1 is the one at the terminal.
        seats = (replace(scen.config.seats[0], bot="human", options=()), *scen.config.seats[1:])
        scen = replace(scen, config=replace(scen.config, seats=seats))
        overrides = (*overrides, seats_setting(seats))  # so the record says who played
        seated = (
            f"no seat of this scenario is a person, so {seats[0].label(0)} is you; the other "
            "seats keep their bots (--watch lets the bots play alone)"
        )
    record = Record(inline, scenario_file, overrides, seed, manual_chance)
    if save is None and continued and given != yamlsrc.STDIN:
        # A continued game goes on in its own record (written atomically, as at every save):
        # one game, one file.
        save = scenario
    elif save is None:
        from bearcli.core import registry  # not at import: `play --help` stays light

        own = scenario.suffix if registry.scenario_file_game(scenario.suffix) else ""
        stem = scenario.name.removesuffix(".yaml").removesuffix(own).removesuffix(".moves")
        save = _free_name(Path(f"{stem}-seed{seed}.moves.yaml"))
        check_target(save, force)
    else:
        check_target(save, force)  # a game played to the end and then not saved is a game lost
    # A continued game: the bots see what was played (memo bots remember), the narrator knows
    # what was told.
    table = Table(game, scen.config, seed, steps, typed_chance=manual_chance)
    render = game_render(game)
    if table.match.over:  # nothing to play: say how it ended, write nothing
        cons.out.print(render(table.match.state, show_memory=show_memory))
        cons.out.print(
            f"this game is already over ({len(steps)} moves): {_result(scen, table)}; "
            f"nothing to continue, {given} is left as it is",
            highlight=False,
            markup=False,
        )
        return

    def board():
        viewer = table.match.actor if table.match.actor >= 0 else None
        return render(table.match.state, viewer=viewer, show_memory=show_memory)

    def say(text: str, indent: str = "    ") -> None:
        cons.out.print(f"{indent}{text}", highlight=False, markup=False)

    def refuse(exc: BearError) -> None:
        """Every refusal at the prompt in one style: `error: MESSAGE [RULING]`."""
        ruled = f" [{exc.ruling}]" if exc.ruling else ""
        cons.err.print(f"error: {exc.message}{ruled}", highlight=False, markup=False)

    status = [table.narrator.status(table.match.state)]

    def tell(logged: "Sequence[LoggedEvent]") -> "tuple[list[str], str | None]":
        sentences = table.tell(logged)
        for sentence in sentences if not watch else ():
            say(sentence)
        now = table.narrator.status(table.match.state)
        changed = now and now != status[0]  # where the game stands, when that has changed
        status[0] = now
        if changed and not watch:
            say(f"status: {now}")
        return sentences, (f"status: {now}" if changed else None)

    def label(seat: int) -> str:
        return scen.config.who(seat)

    saver = Saver(record, scen, save)
    reader = Reader(cons, Prompt(cons.out, lambda: _candidates(table)))
    stopped = guarded = False
    # The board is drawn again when the player would see it change: a roll, a card turned up,
    # another seat's turn, an undo; never after a refusal, so an error stays by its board.
    drawn_at, drawn_for = -1, None  # steps played and the actor when the board was last drawn

    def draw_if_changed() -> None:
        nonlocal drawn_at, drawn_for
        steps, actor = table.match.steps, table.match.actor
        since = table.actors[drawn_at:] if 0 <= drawn_at <= len(steps) else [CHANCE]
        if drawn_at > len(steps) or CHANCE in since or actor != drawn_for:
            cons.out.print(board())
        drawn_at, drawn_for = len(steps), actor

    with _tolerant_stdin(), StopSignals() as signals:

        def keep(*, always: bool = False) -> None:  # on disk before play goes on
            if always or saver.saved != len(table.match.steps):
                with signals.held():  # a signal meanwhile waits for the file to be whole
                    saver.save(table.match)

        def show_auto(actor: int, step, logged) -> None:
            who = "chance" if actor == CHANCE else label(actor)
            by = (
                f" {_for_whom(table, logged)}"
                if actor == CHANCE
                else f", {scen.config.seats[actor].bot}"
            )
            if watch:  # one step a line (and the status line when it changes)
                sentences, changed = tell(logged)
                said = "; ".join(sentences)
                say(f"{who}{by}: {step}" + (f" - {said}" if said else ""), indent="  ")
                if changed:
                    say(changed)
                if delay:
                    time.sleep(delay)
            else:
                say(f"{who}{by}: {step}", indent="  ")
                tell(logged)

        try:
            if manual_chance:
                how = "dice and cards typed in"
            elif fresh:
                how = f"a fresh seed {seed}: --seed {seed} plays these dice again"
            else:
                how = f"seed {seed}"
            say(f"{game.title}: {scen.title} ({how}). {HELP}.", indent="")
            if seated:
                say(seated, indent="")
            cons.err.print(f"the move log is saved as you play to {save}", highlight=False)
            for sentence in table.opening if not steps else ():  # a new game: its set-up
                say(sentence)
            if status[0] and not watch:
                say(f"status: {status[0]}")
            while not table.match.over:
                if len(table.match.steps) >= MAX_PLAY_STEPS:
                    guarded = True
                    break
                actor = table.match.actor
                roller = table.roller()
                if not (manual_chance and actor == CHANCE) and roller is None:
                    taken = table.auto(rng)  # chance, or a bot seat
                    if taken is not None:
                        show_auto(actor, *taken)
                        if len(table.match.steps) - (saver.saved or 0) >= SAVE_EVERY:
                            keep()
                        continue
                keep()  # every step so far is on disk before a person is asked
                draw_if_changed()
                if roller is not None:
                    noun = slips.chance_noun(game, table.match.state)
                    who = f"{label(roller)} [Enter: {ENTER_DOES.get(noun, noun)}]"
                else:
                    who = "chance" if actor == CHANCE else label(actor)
                text = reader.ask(table, who, board, blank=roller is not None)
                where = Location(yamlsrc.STDIN_NAME, reader.line, 1)
                word = text.casefold()
                try:
                    if word == "undo":
                        undone = table.undo(where)
                        say(f"undone: {', '.join(map(str, undone))}", indent="  ")
                        status[0] = table.narrator.status(table.match.state)
                        keep(always=True)  # the record on disk says what is left
                        continue
                    if word == "redo":
                        for step, logged in table.redo(where):
                            say(f"redone: {step}", indent="  ")
                            tell(logged)
                        keep(always=True)
                        continue
                    if roller is not None:
                        if word not in ("", "roll"):
                            raise InputError(
                                f"it is time for the {noun}: press Enter (or type 'roll'); "
                                "'undo' takes back the last decision first",
                                ruling=UNDO_RULING,
                            )
                        taken = table.auto(rng)  # the chance step: no person's to decide
                        if taken is not None:
                            show_auto(CHANCE, *taken)
                    else:
                        tell(table.take(game.parse_step(text)))
                except BearError as exc:
                    refuse(exc)
                keep()  # a person's step is never only in memory
        except (Stop, KeyboardInterrupt):
            stopped = True
        finally:
            if not saver.failed:  # after a failed save, another try would fail the same way
                with signals.held(then_stop=False):
                    saver.save(table.match, last=True)
                if not guarded:
                    cons.err.print(f"move log saved to {save}", highlight=False)
    if guarded:
        raise ScenarioError(
            f"the game did not end within {MAX_PLAY_STEPS} steps; the move log so far is saved to "
            f"{save}",
            location=Location(str(scenario), 1, 1),
        )
    if stopped:
        cons.err.print(
            f"stopped before the end; continue with: bearcli play {save}", highlight=False
        )
        raise typer.Exit(Exit.INTERRUPTED)
    if not watch:
        cons.out.print(board())  # its last line says how the game ended
    say(f"winners: {_winners(scen, table)}", indent="")


def seats_setting(seats) -> str:
    """The `set:` item that seats these seats: `seats=[{name: Ana, bot: human}, ...]`."""
    import yaml

    items = [{"name": s.name, "bot": s.bot, **dict(s.options)} for s in seats]
    flow = yaml.safe_dump(
        items, default_flow_style=True, width=10_000, allow_unicode=True, sort_keys=False
    )
    return f"seats={flow.strip()}"


def _winners(scen, table: "Table") -> str:
    """`Ana, Ben` (or `nobody`): who won a finished game."""
    outcome = table.match.outcome
    assert outcome is not None  # asked only of a finished game
    winners = outcome.winners
    return ", ".join(scen.config.seats[w].name for w in winners) or "nobody"


def _result(scen, table: "Table") -> str:
    """`all-bears-across; winners: Ana, Ben`: how a finished game ended."""
    outcome = table.match.outcome
    assert outcome is not None  # asked only of a finished game
    winners = ", ".join(scen.config.seats[w].name for w in outcome.winners) or "nobody"
    return f"{outcome.termination}; winners: {winners}"


def game_render(game):
    """The game's drawing: render(state, viewer=seat, show_memory=...) (its Pictures ability,
    else its plain description: core.abilities.render)."""
    from functools import partial

    from bearcli.core import abilities

    return partial(abilities.render, game)


class Saver:
    """Writes the record, remembering how many steps are on disk; a failure is located.

    The last save is Record.save itself. The ones during play are the same bytes built from
    cached pieces: a full YAML dump at every save would make a long game quadratic.
    """

    def __init__(self, record: "Record", scen, path: Path) -> None:
        self.record, self.scen, self.path = record, scen, path
        self.saved: int | None = None  # steps in the file; None before the first save
        self.failed = False
        empty = record.dumps(scen, [], None)
        tail = "moves: []\n"  # moves come last, one `- STEP` line each (movelog.dumps)
        self._head = empty[: -len(tail)] + "moves:\n" if empty.endswith(tail) else None
        self._lines: dict[str, str] = {}

    def _line(self, move: str) -> str:
        line = self._lines.get(move)
        if line is None:
            from bearcli.formats import movelog

            text = movelog.dumps(self.scen.game.name, {}, [move], seed=None, result=None)
            line = self._lines[move] = text[text.index("\nmoves:\n") + len("\nmoves:\n") :]
        return line

    def interim_text(self, match: "Match") -> str:
        """What Record.save would write for this unfinished match."""
        if self._head is None or not match.steps or match.over:
            return self.record.dumps(self.scen, [str(s) for s in match.steps], match.outcome)
        return self._head + "".join(self._line(str(s)) for s in match.steps)

    def save(self, match: "Match", *, last: bool = False) -> None:
        from bearcli.core.errors import BearError
        from bearcli.formats import atomic

        try:
            if last:
                self.record.save(self.scen, self.path, match)
            else:
                atomic.write_text(self.path, self.interim_text(match), force=True)
        except (OSError, BearError) as exc:
            self.failed = True
            err = (
                _cannot_write(self.path, _os_reason(exc)) if isinstance(exc, OSError) else exc
            )  # atomic.write_text may report it located itself
            kept = (
                f"the file keeps the move log saved before, {self.saved} steps"
                if self.saved is not None
                else "nothing of this game was saved"
            )
            err.details = (*err.details, f"play stopped at step {len(match.steps)}; {kept}")
            raise err from None
        self.saved = len(match.steps)


@dataclass(frozen=True)
class Record:
    """What the saved move log says besides the moves: it carries its scenario inline."""

    scenario: dict
    scenario_file: str | None  # information only
    overrides: tuple[str, ...]
    seed: int
    manual_chance: bool

    def dumps(self, scen, moves: list[str], outcome) -> str:
        from bearcli.formats import movelog

        return movelog.dumps(
            scen.game.name,
            self.scenario,
            moves,
            seed=self.seed,
            result=outcome.to_dict() if outcome else None,
            overrides=self.overrides,
            chance=movelog.MANUAL if self.manual_chance else movelog.SEEDED,
            scenario_file=self.scenario_file,
        )

    def save(self, scen, path: Path, match: "Match") -> None:
        from bearcli.formats import atomic

        text = self.dumps(scen, [str(s) for s in match.steps], match.outcome)
        atomic.write_text(path, text, force=True)

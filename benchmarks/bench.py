"""`make bench`: the speed and memory figures of docs/performance.md, measured here and now.

It measures and prints; it asserts nothing (the tests never time anything). Seven tables:

- engine: seeded games without logs, per shipped scenario and bot (every bot the registry
  gives the game), in games per CPU-second in one process (the best of three runs of at least
  `--seconds` each), and as a share of the game's `random` rate; then the wall-clock speed-up
  of `simulate` on 2 worker processes over 1, on the same games (about 8 s of them on one),
  each run starting from a fresh copy of the scenario, as a new `bearcli simulate` would (the
  best of three runs on each, taken in turn); and the "paired share", a steadier share of
  random's rate: the median ratio of seven pairs of runs, random then the bot;
- replay: events per second replaying every golden record of each game to its event log;
- start-up: `bearcli --version` and `--help` against `python -c "import typer"` (best of 15, in
  wall time and in CPU time, which load on a shared host barely moves);
- memory: peak RSS of `bearcli simulate` for 1,000 against 100,000 games (`random`), and of
  the Sliding Bears `greedy` bot, whose store of floes grows to its bound and stops there;
- routes: the Sliding Bears `greedy` bot on the classic floe (games per CPU-second, the best
  of three runs) with all of routes.py's faster ways of finding a search, and with each of
  them off in turn (its options, `Ways`): what each one pays for;
- pages: `bearcli replay RECORD --html` of a long memo game (simulated with a fixed seed) and
  of the longest golden record of each game: the page's size, the CPU time of drawing it in
  one process (best of three, the drawing's store of elements emptied before each) and the
  wall time of the whole command (best of three).
- rating: the wall time of `bearcli layout rate FLOE --json` with its defaults (every core,
  up to 2,000 games a row, +-0.02) on the 7 x 5 floe that `layout new` writes (docs/layouts.md)
  and on the generated floe of docs/layouts.md at 200 games, and on one worker beside each
  (best of two; the load average before each run is printed with it: the host is shared).

Run `make bench`, or `python benchmarks/bench.py --seconds 0.2 --memory-games 2000` for a
quick look.
"""

from __future__ import annotations

import argparse
import os
import pickle
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

from bearcli.core import registry
from bearcli.core.rng import Rng, derive_seed
from bearcli.core.runner import chance_rng, play_quietly
from bearcli.formats import eventlog, movelog
from bearcli.formats import scenario as scenario_fmt
from bearcli.games.sliding_bears.bots import GreedyBot
from bearcli.games.sliding_bears.routes import EVERY_WAY, Ways
from bearcli.simulation import game_seed, play_one, simulate

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
# One scenario per game and variant whose bots differ (Baerenspiel's memo game has its own).
SCENARIOS = (
    "sliding-bears/classic.yaml",
    "bear-down/four-players.yaml",
    "baerenspiel/forest-4p.yaml",
    "baerenspiel/memo.yaml",
)
MEMO_ONLY = {"perfect", "forgetful"}  # Baerenspiel bots that play the memo game alone
FOREST_ONLY = {"searcher"}


def bots_for(path: str) -> list[str]:
    game = scenario_fmt.load(ROOT / "scenarios" / path).game
    names = sorted(game.bots)
    if game.name == "baerenspiel":
        skip = FOREST_ONLY if "memo" in path else MEMO_ONLY
        names = [n for n in names if n not in skip]
    return ["random"] + [n for n in names if n != "random"]


def _run(scen, bot: str, seconds: float, first: int, ways: Ways | None = None) -> tuple[float, int]:
    """Games per CPU-second over at least `seconds` of seeded games first.., and the next
    (`ways`: Sliding Bears greedy games whose route searches take those ways alone)."""
    games, start, index = 0, time.process_time(), first
    while (spent := time.process_time() - start) < seconds or games == 0:
        if ways is None:
            play_one(scen, game_seed(2026, index), index, bot, keep=False)
        else:
            _greedy_game(scen, game_seed(2026, index), ways)
        games += 1
        index += 1
    return games / spent, index


def _greedy_game(scen, seed: int, ways: Ways) -> None:
    """The game `play_one(scen, seed, bot="greedy", keep=False)` plays, greedy's route
    searches taking `ways` alone."""
    game, cfg = scen.game, scen.config
    bots = [
        GreedyBot(game, cfg, i, Rng(derive_seed(seed, "seat", i)), ways=ways)
        for i in range(len(cfg.seats))
    ]
    play_quietly(game, cfg, bots, chance_rng(seed))


def cpu_rate(scen, bot: str, seconds: float, ways: Ways | None = None) -> float:
    """Games per CPU-second: the best of three runs, each of at least `seconds`."""
    best, index = 0.0, 1
    for _ in range(3):
        rate, index = _run(scen, bot, seconds, index, ways)
        best = max(best, rate)
    return best


def paired_share(scen, bot: str, seconds: float, first: int, pairs: int = 7) -> tuple[float, int]:
    """The bot's rate as a share of random's, from runs taken in turn (random, then the bot,
    `pairs` times, on games not played before: random's from `first` on, and the next of
    them is returned): the median of each pair's ratio. The host's speed drifts from second
    to second (the same Sliding Bears greedy read 0.29 and 0.21 of random in two runs of the
    bench), and a pair sees the same seconds; the best of each bot's three runs, taken a
    minute or more after random's, need not."""
    ratios, theirs = [], 2 * 10**6  # the bot's own runs: past its cpu_rate games
    for _ in range(pairs):
        random_rate, first = _run(scen, "random", seconds, first)
        rate, theirs = _run(scen, bot, seconds, theirs)
        ratios.append(rate / random_rate)
    return sorted(ratios)[pairs // 2], first


def wall(scen, bot: str, games: int, workers: int) -> float:
    """Seconds `simulate` takes on a fresh copy of the scenario (a round trip through pickle,
    as a worker gets it): on 1 worker as on 2, the rules' tables of the scenario and what its
    bots share (greedy's floes, core.memo.shared) are made anew, as in a new `bearcli
    simulate`."""
    scen = pickle.loads(pickle.dumps(scen))
    start = time.perf_counter()
    simulate(scen, games, 2026, bot=bot, workers=workers)
    return time.perf_counter() - start


def engine_table(seconds: float) -> list[str]:
    rows = [
        "| scenario | bot | games/CPU-s (1 worker) | share of random | paired share | "
        "2-worker speed-up |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for path in SCENARIOS:
        scen = scenario_fmt.load(ROOT / "scenarios" / path)
        random_rate = None
        paired_from = 10**6  # random's paired games, past its cpu_rate games, never replayed
        for bot in bots_for(path):
            rate = cpu_rate(scen, bot, seconds)
            random_rate = random_rate or rate
            # Enough games for about 8 s on one worker, in whole blocks of 25 for the pool: a
            # batch pays for starting its workers once, and its last blocks may leave one
            # worker idle, which a few seconds' batch would count many times over.
            games = max(100, int(rate * 8 * seconds) // 25 * 25)
            # The best of three runs each, taken in turn: on a shared host a run of either may
            # fall in a slow minute, and such spells last long enough to take two runs in a
            # row (the best of two moved a row from 1.94x to 1.57x from one bench to the next).
            one = two = float("inf")
            for _ in range(3):
                one = min(one, wall(scen, bot, games, 1))
                two = min(two, wall(scen, bot, games, 2))
            paired = 1.0
            if bot != "random":
                paired, paired_from = paired_share(scen, bot, seconds, paired_from)
            rows.append(
                f"| {path} | {bot} | {rate:,.0f} | {rate / random_rate:.2f} | {paired:.2f} | "
                f"{one / two:.2f}x ({games} games) |"
            )
            print(rows[-1], file=sys.stderr, flush=True)
    return rows


def replay_table(seconds: float) -> list[str]:
    rows = ["| game | records | events | events/s |", "| --- | ---: | ---: | ---: |"]
    for name in registry.names():
        logs = [movelog.load(p) for p in sorted((ROOT / "replays" / name).glob("*.yaml"))]
        events = runs = 0
        start = time.process_time()
        while (spent := time.process_time() - start) < seconds or runs == 0:
            for log in logs:
                match = movelog.replay(log)
                eventlog.dumps(eventlog.header("g", 1, "f", 1), match.events)
                events += len(match.events)
            runs += 1
        rows.append(f"| {name} | {len(logs)} | {events // runs} | {events / spent:,.0f} |")
    return rows


# As an installed bearcli starts: from its cached bytecode (pip compiles it; an editable
# install writes it at the first run), even where PYTHONDONTWRITEBYTECODE is set here.
CACHED = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def best_of(command: list[str], times: int = 15) -> float:
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=CACHED)  # writes it
    best = float("inf")
    for _ in range(times):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=CACHED)
        best = min(best, time.perf_counter() - start)
    return best


def best_cpu(command: list[str], times: int = 15) -> float:
    """The least CPU time (user and system) of a run: what load on a shared host barely moves,
    where wall time waits for the cores."""
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=CACHED)
    best = float("inf")
    for _ in range(times):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=CACHED)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        best = min(best, spent)
    return best


def startup_table() -> list[str]:
    base = [sys.executable, "-c", "import typer"]
    typer, typer_cpu = best_of(base), best_cpu(base)
    rows = [
        "| command | best of 15 | against `import typer` "
        "| CPU, best of 15 | against `import typer` |",
        "| --- | ---: | ---: | ---: | ---: |",
        f'| `python -c "import typer"` | {typer * 1000:.0f} ms | 1.00x '
        f"| {typer_cpu * 1000:.0f} ms | 1.00x |",
    ]
    for args in (["--version"], ["--help"]):
        command = [str(BIN / "bearcli"), *args]
        spent, cpu = best_of(command), best_cpu(command)
        rows.append(
            f"| `bearcli {' '.join(args)}` | {spent * 1000:.0f} ms | {spent / typer:.2f}x "
            f"| {cpu * 1000:.0f} ms | {cpu / typer_cpu:.2f}x |"
        )
    return rows


PEAK = (
    "import resource, subprocess, sys\n"
    "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def peak_kib(games: int, bot: str = "random", workers: int = 1) -> int:
    """The peak RSS of the largest process of a `bearcli simulate` (the CLI, or a worker)."""
    command = [str(BIN / "bearcli"), "simulate", "sliding-bears/classic", "--bot", bot]
    command += ["--games", str(games), "--seed", "1", "--json", "--workers", str(workers)]
    out = subprocess.run([sys.executable, "-c", PEAK, *command], check=True, capture_output=True)
    return int(out.stdout)


def memory_table(big: int) -> list[str]:
    small = peak_kib(1000)
    large = peak_kib(big)
    rows = [
        "| `simulate sliding-bears/classic --json` | peak RSS |",
        "| --- | ---: |",
        f"| `--bot random`, 1 worker, 1,000 games | {small / 1024:.1f} MiB |",
        f"| `--bot random`, 1 worker, {big:,} games | {large / 1024:.1f} MiB "
        f"({large / small:.2f}x) |",
    ]
    # Greedy keeps the floes it met, two generations of them at most (routes.py, RouteMaps.floes):
    # its memory grows with the games until the store is full, then stays. On 2 workers (the
    # largest process: a worker) to spare the bench most of 100,000 games' time.
    sizes = sorted({min(1000, big), min(10_000, big), big})
    peaks = [peak_kib(n, "greedy", 2) for n in sizes]
    for n, peak in zip(sizes, peaks, strict=True):
        rows.append(
            f"| `--bot greedy`, 2 workers, {n:,} games | {peak / 1024:.1f} MiB "
            f"({peak / peaks[0]:.2f}x) |"
        )
    return rows


def routes_table(seconds: float) -> list[str]:
    """Greedy with each of routes.py's faster ways off in turn (`Ways`: the same choices)."""
    ways = {
        "every way": EVERY_WAY,  # the bots' default
        "no search taken over (`Ways.inherit`: `Floe.inherit`, `still_holds`)": Ways(inherit=False),
        "no searches at once (`Ways.at_once`: `searches_at_once`)": Ways(at_once=False),
        "none of them: every search alone": Ways(inherit=False, at_once=False),
    }
    rows = ["| `greedy`, sliding-bears/classic | games/CPU-s |", "| --- | ---: |"]
    for name, way in ways.items():
        # a fresh scenario: its configuration's route maps and floes start empty
        scen = scenario_fmt.load(ROOT / "scenarios/sliding-bears/classic.yaml")
        rate = cpu_rate(scen, "greedy", seconds, way)
        rows.append(f"| {name} | {rate:,.0f} |")
        print(rows[-1], file=sys.stderr, flush=True)
    return rows


def _moves(path: Path) -> int:
    return len(movelog.load(path).moves)


def pages_table() -> list[str]:
    import tempfile

    from bearcli import walkthrough
    from bearcli.core import picture
    from bearcli.formats import pages

    rows = [
        "| record | moves | page KiB | drawing, CPU s | `replay --html`, wall s |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        memo = ROOT / "scenarios/baerenspiel/memo-forgetful-random.yaml"
        subprocess.run(
            [BIN / "bearcli", "simulate", memo, "--games", "1", "--seed", "3", "--save-logs", tmp],
            check=True,
            capture_output=True,
        )
        records = [Path(tmp) / "00001.yaml"]
        for name in registry.names():
            found = sorted((ROOT / "replays" / name).glob("*.yaml"), key=_moves)
            records.append(found[-1])
        for path in records:
            log = movelog.load(path)
            best = float("inf")
            for _ in range(3):
                picture._element_text.cache_clear()
                start = time.process_time()
                page = pages.walk_page(walkthrough.walk(log))
                best = min(best, time.process_time() - start)
            out = Path(tmp) / "page.html"
            command = [str(BIN / "bearcli"), "replay", str(path), "--html", str(out), "--force"]
            wall_s = best_of(command, times=3)
            shown = "memo game, seed 3" if path.parent == Path(tmp) else path.stem
            size = len(page.encode("utf-8")) / 1024
            rows.append(f"| {shown} | {len(log.moves)} | {size:,.0f} | {best:.2f} | {wall_s:.2f} |")
    return rows


def _timed(command: list[str], times: int = 2) -> tuple[float, bytes]:
    """The best wall time of `times` runs of a long command, and what it printed."""
    best = float("inf")
    for _ in range(times):
        start = time.perf_counter()
        ran = subprocess.run(command, check=True, capture_output=True, env=CACHED)
        best = min(best, time.perf_counter() - start)
    return best, ran.stdout


def rating_table() -> list[str]:
    import json
    import tempfile

    rows = [
        "| floe | options | wall s, every core | wall s, `--workers 1` | games a row | load |",
        "| --- | --- | ---: | ---: | --- | --- |",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        river = Path(tmp) / "river-bend.layout"
        subprocess.run(
            [BIN / "bearcli", "layout", "new", "7x5", "--out", river],
            check=True,
            capture_output=True,
            env=CACHED,
        )
        generated = ROOT / "docs/layouts/generated.layout"
        for floe, more in ((river, []), (generated, ["--games", "200"])):
            command = [str(BIN / "bearcli"), "layout", "rate", str(floe), "--json", *more]
            load = f"{os.getloadavg()[0]:.1f}"
            every, out = _timed(command)
            load += f", {os.getloadavg()[0]:.1f}"
            one, _ = _timed([*command, "--workers", "1"])
            games = [
                f"{bot[0]} {fig['games']}"
                for level in json.loads(out)["levels"]
                for bot, fig in sorted(level["bots"].items(), reverse=True)
            ]
            shown = " ".join(more) or "the defaults"
            rows.append(
                f"| {floe.name} | {shown} | {every:.1f} | {one:.1f} | {', '.join(games)} | {load} |"
            )
    return rows


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per rate run")
    parser.add_argument("--memory-games", type=int, default=100_000)
    parser.add_argument(
        "--only",
        default="engine,replay,start-up,memory,routes,pages,rating",
        help="tables to measure, by title",
    )
    args = parser.parse_args()
    tables = {
        "engine": lambda: engine_table(args.seconds),
        "replay": lambda: replay_table(args.seconds),
        "start-up": startup_table,
        "memory": lambda: memory_table(args.memory_games),
        "routes": lambda: routes_table(args.seconds),
        "pages": pages_table,
        "rating": rating_table,
    }
    print(f"machine: {machine()}\n")
    for title in args.only.split(","):
        print(f"{title}:\n")
        print("\n".join(tables[title]()), end="\n\n", flush=True)


if __name__ == "__main__":
    main()

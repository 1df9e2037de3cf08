"""`bearcli play` at the table, through its real prompt (piped input): narration with whose
roll and a status line, `undo` (P-C4), casual seeds (P-C5), the memo table's view, and `?` at a
typed-in chance prompt."""

from __future__ import annotations

import re
import signal

import yaml

from bearcli.cli.table import Table
from bearcli.core.errors import InputError, Location
from bearcli.core.game import CHANCE
from bearcli.core.runner import chance_rng
from bearcli.formats import scenario as scenario_fmt
from bearcli.formats import shipped, yamlsrc
from tests.cli.test_play import SMALL  # the 4 x 3 floe of the play tests
from tests.cli.test_play_durability import PROMPT, Player

MEMO = """\
game: baerenspiel
title: Small memo
seed: 2
variant: memo
params: {pairs: 4}
seats: [{name: Ana, bot: human}, {name: Ben, bot: perfect}]
"""


def _log(path) -> dict:
    return yaml.safe_load(path.read_text())


# -- narration: whose roll, and where the game stands --------------------------------------


def test_each_game_tells_whose_roll_and_a_status_line(cli):
    told = {}
    for name in ("sliding-bears/classic", "bear-down/two-players", "baerenspiel/forest-2p"):
        ran = cli("play", name, "--seed", "3", "--save", "g.yaml", "--force")
        assert ran.code == 0, ran.err
        told[name] = ran.out
    sliding, bear_down, forest = told.values()
    assert "  chance for Ana: roll " in sliding and "  chance for Ben: roll " in sliding
    assert "    status: bears across 0/4; 23 ice tiles left" in sliding
    assert re.search(r"    status: bears across 4/4; \d+ ice tiles? left", sliding)
    assert "  chance for Emma: roll blue:" in bear_down
    assert re.search(r"    status: salmon carried/banked: Emma \d+/\d+, Helena \d+/\d+", bear_down)
    # Bärenspiel: the turn's dice and cards are a seat's; the escort's throws the table's.
    assert "  chance for seat 1: roll " in forest
    assert re.search(r"  chance for seat \d: \w\d is (path|animal|obstacle|bear)", forest)
    assert "  chance for the table: throw " in forest
    assert re.search(
        r"    status: escort: the little bear from \w\d needs \d+ steps?; 4 throws", forest
    )
    # The sentences are replay --narrate's: the status lines come only from play.
    narrated = cli("replay", "g.yaml", "--narrate").out.splitlines()[:-1]  # less the summary
    sentences = [re.sub(r"^ *\d+  ", "", line) for line in narrated]  # less the step numbers
    assert len(sentences) > 10 and all(f"\n    {s}\n" in forest for s in sentences)


def test_the_status_line_is_printed_when_it_changes(cli):
    ran = cli("play", "bear-down/two-players", "-s", "3", "--save", "g.yaml")
    lines = [line for line in ran.out.splitlines() if line.startswith("    status:")]
    assert len(lines) > 5
    assert all(a != b for a, b in zip(lines, lines[1:], strict=False))


# -- undo (P-C4) -------------------------------------------------------------------------------


def test_undo_takes_back_a_decision_but_never_crosses_a_chance_step(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    # Seed 4 rolls green wind for Ana's first turn: a jump and a slide, two decisions.
    typed = "remove b2\nundo\njump green b1\nundo\nwind c2 d2\nquit\n"
    ran = cli("play", "s.yaml", "--seed", "4", "--save", "g.yaml", input=typed)
    assert ran.code == 130, ran.err
    moves = _log(tmp_path / "g.yaml")["moves"]
    assert moves[:2] == ["remove b2", "roll green wind"]
    # Refused: since the roll nobody decided anything; the set-up removal stands.
    assert (
        "<stdin>:2:1: error: nothing to undo: no person has decided anything since the chance "
        "step 'roll green wind'; undo never crosses a chance step [P-C4]"
    ) in ran.err
    # Allowed: the jump is taken back, another one made; the record shows only that one.
    assert "  undone: jump green b1" in ran.out
    assert moves[2:] == ["wind c2 d2"]
    assert "jump green b1" not in moves
    assert cli("replay", "g.yaml").code == 0  # still the seed's dice (P-C3)


def test_the_record_on_disk_reflects_an_undo_at_once(tmp_path):
    # Killed right after the undo, before anything else is typed: the file has no jump.
    (tmp_path / "s.yaml").write_text(SMALL)
    player = Player(tmp_path, "s.yaml", "--seed", "4", "--save", "g.yaml")
    for n, line in enumerate(["remove b2", "jump green b1", "undo"], start=1):
        player.wait_for(PROMPT, n)
        player.type(line)
    player.wait_for(PROMPT, 4)
    code, _ = player.stop(signal.SIGKILL)
    assert code == -signal.SIGKILL
    assert _log(tmp_path / "g.yaml")["moves"] == ["remove b2", "roll green wind"]


def test_undo_with_nothing_played_is_refused(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    ran = cli("play", "s.yaml", "--seed", "4", "--save", "g.yaml", input="undo\nquit\n")
    assert ran.code == 130
    assert "<stdin>:1:1: error: nothing to undo: no person has decided anything in this game" in (
        ran.err
    )
    assert _log(tmp_path / "g.yaml")["moves"] == []


def test_undo_takes_back_the_bot_steps_after_the_decision_too():
    # Bear Down!: seat 1 (a person) moves, seat 2 (a bot) answers; before the next roll an
    # undo takes both back, and the table is the one its remaining steps give.
    src = yamlsrc.load(shipped.path("bear-down/two-players"))
    scen = scenario_fmt.parse(scenario_fmt.with_overrides(src, ("seats=[human, greedy]",)))
    table, rng = Table(scen.game, scen.config, 5), chance_rng(5)
    table.auto(rng)  # the roll
    roll = table.match.steps[0]
    table.take(scen.game.legal_steps(table.match.state)[0])
    table.auto(rng)  # the bot's move
    assert table.match.actor == CHANCE
    taken_back = table.undo(Location("<stdin>", 1, 1))
    assert len(taken_back) == 2
    assert table.match.steps == [roll] and table.match.actor == 0
    try:  # and now nothing is left to take back before the roll
        table.undo(Location("<stdin>", 2, 1))
    except InputError as refused:
        assert refused.ruling == "P-C4"
    else:
        raise AssertionError("undo crossed the roll")


# -- casual seeds (P-C5) -------------------------------------------------------------------


def test_casual_games_get_fresh_seeds_recorded_so_each_replays(cli, tmp_path):
    seeds = []
    for save in ("a.yaml", "b.yaml"):
        ran = cli("play", "sliding-bears/classic", "--save", save)
        assert ran.code == 0, ran.err
        seed = _log(tmp_path / save)["seed"]
        assert f"(a fresh seed {seed}: --seed {seed} plays these dice again)" in ran.out
        assert cli("replay", save).code == 0  # the chance steps are the recorded seed's
        again = cli("play", "sliding-bears/classic", "--seed", str(seed), "--save", "x.yaml")
        assert again.code == 0
        assert _log(tmp_path / "x.yaml")["moves"] == _log(tmp_path / save)["moves"]
        (tmp_path / "x.yaml").unlink()
        seeds.append(seed)
    assert seeds[0] != seeds[1]  # 1 in 2^32 to fail by chance
    with_seed = cli("play", "sliding-bears/classic", "-s", "1", "--save", "s1.yaml")
    assert with_seed.code == 0 and "(seed 1)" in with_seed.out  # --seed: as before
    assert _log(tmp_path / "s1.yaml")["seed"] == 1


def test_a_continued_casual_game_keeps_its_seed(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    assert cli("play", "s.yaml", "--save", "a.yaml", input="remove b2\n").code == 130
    seed = _log(tmp_path / "a.yaml")["seed"]
    ran = cli("play", "a.yaml", "--save", "b.yaml", input="quit\n")
    assert f"(seed {seed})" in ran.out and "fresh" not in ran.out
    assert _log(tmp_path / "b.yaml")["seed"] == seed
    assert cli("replay", "b.yaml").code == 0


# -- the memo table ---------------------------------------------------------------------------


def _last_board_row(out: str) -> str:
    return [line for line in out.splitlines() if line.startswith("1:")][-1]


def test_a_memo_seat_sees_only_what_the_table_shows(cli, tmp_path):
    (tmp_path / "m.yaml").write_text(MEMO)
    typed = "flip a1\nflip b1\nquit\n"  # seed 2: a bear and an obstacle, no pair
    ran = cli("play", "m.yaml", "--seed", "2", "--save", "g.yaml", input=typed)
    assert ran.code == 130, ran.err
    assert "flipped a1: little bear" in ran.out  # told as it was turned up, at the table
    assert "    status: pairs: Ana 0, Ben 0" in ran.out
    assert "[bear]" in ran.out  # face up during the turn
    row = _last_board_row(ran.out)  # back at Ana's prompt: every card face down again
    assert "bear" not in row and "obstacle" not in row and row.count("??") == 8
    practice = cli(
        "play", "m.yaml", "--seed", "2", "--save", "h.yaml", "--show-memory", input=typed
    )
    row = _last_board_row(practice.out)
    assert "bear" in row and "ob2" in row  # --show-memory: what was seen


# -- `?` at a typed-in chance prompt ------------------------------------------------------------


def test_question_mark_at_a_chance_prompt_shows_the_pattern(cli):
    ran = cli("play", "bear-down/four-players", "--manual-chance", "-s", "1", input="?\nquit\n")
    assert ran.code == 130
    shown = [line for line in ran.out.splitlines() if "chance: roll" in line]
    assert shown == [
        "chance> chance: roll red:FACE blue:FACE green:FACE yellow:FACE purple:FACE; "
        "FACE = W WWS S1 S2 S3"
    ]
    assert "red:W blue:W" not in ran.out  # not one of the 3,125 combinations
    small = cli("play", "sliding-bears/classic", "--manual-chance", "-s", "1", input="?\nquit\n")
    assert "chance: roll {pink|green|blue|yellow|pink/blue|green/yellow} {crack|wind}" in small.out

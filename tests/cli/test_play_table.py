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
        ran = cli("play", name, "--seed", "3", "--save", "g.yaml", "--force", "--watch")
        assert ran.code == 0, ran.err
        told[name] = ran.out
    sliding, bear_down, forest = told.values()
    # --watch: one step a line, whose it is, the step, then what it caused.
    assert "  chance for Ana: roll " in sliding and "  chance for Ben: roll " in sliding
    assert "  chance for Emma: roll blue:" in bear_down
    # Bärenspiel: the turn's dice and cards are a seat's; the escort's throws the table's.
    assert "  chance for seat 1: roll " in forest
    assert re.search(r"  chance for seat \d: \w\d is (path|animal|obstacle|bear)", forest)
    assert "  chance for the table: throw " in forest
    assert all(line.startswith("  ") for line in forest.splitlines()[2:-1])  # a step a line
    # The sentences are replay --narrate's.
    narrated = cli("replay", "g.yaml", "--narrate").out.splitlines()[:-1]  # less the summary
    sentences = [re.sub(r"^ *\d+  ", "", line) for line in narrated]  # less the step numbers
    assert len(sentences) > 10 and all(s in forest for s in sentences)


def test_play_says_whose_roll_and_a_status_line(cli):
    # A person at seat 1 (no seat of the scenario is one): the narration a line a sentence.
    ran = cli("play", "sliding-bears/classic", "-s", "3", "--save", "g.yaml", input="remove b5\n\n")
    assert "  chance for Ana: roll " in ran.out
    assert "    status: bears across 0/4; 23 ice tiles left" in ran.out
    ran = cli("play", "bear-down/two-players", "-s", "3", "--save", "h.yaml", input="\n")
    assert "  chance for Emma: roll blue:" in ran.out
    assert re.search(r"    status: salmon carried/banked: Emma \d+/\d+, Helena \d+/\d+", ran.out)


def test_the_status_line_is_printed_when_it_changes(cli):
    ran = cli("play", "bear-down/two-players", "-s", "3", "--save", "g.yaml", "--watch")
    lines = [line for line in ran.out.splitlines() if line.startswith("    status:")]
    assert len(lines) > 5
    assert all(a != b for a, b in zip(lines, lines[1:], strict=False))


# -- undo (P-C4) -------------------------------------------------------------------------------


def test_undo_before_the_roll_takes_back_a_decision_and_redo_puts_it_back(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    # Seed 4 rolls green wind for Ana's first turn: a jump and a slide, two decisions.
    typed = [
        "remove b2",  # the set-up; then the table waits for Ana to roll
        "undo",  # allowed: nothing new is known yet
        "remove b2",
        "",  # Enter: Ana rolls
        "undo",  # refused: the roll is new information
        "jump green b1",
        "undo",
        "redo",  # the jump is back
        "undo",
        "wind c2 d2",
        "redo",  # refused: a new step was typed since the undo
        "quit",
    ]
    ran = cli("play", "s.yaml", "--seed", "4", "--save", "g.yaml", input="\n".join(typed) + "\n")
    assert ran.code == 130, ran.err
    moves = _log(tmp_path / "g.yaml")["moves"]
    assert ran.out.count("  undone: remove b2") == 1
    assert "Ana [Enter: roll]> " in ran.out
    assert moves[:2] == ["remove b2", "roll green wind"]  # the seed's first roll all the same
    assert (
        "error: nothing to undo: no person has decided anything since the chance step "
        "'roll green wind'; once the dice are rolled (or a card turned up) the steps before "
        "stand [P-C4]"
    ) in ran.err
    assert "  redone: jump green b1" in ran.out and ran.out.count("  undone: jump green b1") == 2
    assert "error: nothing to redo" in ran.err
    assert moves[2:] == ["wind c2 d2"]
    assert cli("replay", "g.yaml").code == 0  # still the seed's dice (P-C3)


def test_the_table_waits_for_a_person_to_roll_and_never_for_a_bot(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    # Ana's roll waits for her (Enter or 'roll'); anything else there is refused, in the
    # prompt's one style.
    ran = cli("play", "s.yaml", "-s", "4", "--save", "h.yaml", input="remove b2\njump\nroll\n")
    assert "Ana [Enter: roll]> " in ran.out
    assert "error: it is time for the roll: press Enter (or type 'roll')" in ran.err
    assert _log(tmp_path / "h.yaml")["moves"] == ["remove b2", "roll green wind"]
    # Bots only: nobody is waited for, and the game is played to its end.
    ran = cli("play", "sliding-bears/classic", "-s", "3", "--save", "w.yaml", "--watch")
    assert ran.code == 0 and "[Enter" not in ran.out and "winners: " in ran.out


def test_manual_chance_undo_takes_back_a_typed_die(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    typed = "remove b2\nroll pink wind\nundo\nroll green wind\nquit\n"
    ran = cli("play", "s.yaml", "--manual-chance", "--save", "g.yaml", input=typed)
    assert ran.code == 130, ran.err
    assert "  undone: roll pink wind" in ran.out
    assert _log(tmp_path / "g.yaml")["moves"] == ["remove b2", "roll green wind"]
    assert "seed" not in ran.out.splitlines()[0]  # typed dice: no seed is shown


def test_no_sequence_of_undos_and_redos_changes_a_roll():
    # The k-th chance step of a seeded game is the k-th draw of its generator, whatever was
    # taken back and put back before it (Sliding Bears' dice do not depend on the position).
    import random

    src = yamlsrc.loads(SMALL, "s.yaml", None)
    scen = scenario_fmt.parse(scenario_fmt.with_overrides(src, ("seats=[human, human]",)))
    game = scen.game
    reference = Table(game, scen.config, 4)
    reference.take(game.legal_steps(reference.match.state)[0])  # the set-up: a roll is next
    rng = chance_rng(4)
    rolls = [str(game.sample_chance(reference.match.state, rng)) for _ in range(500)]
    undone = redone = 0
    for n in range(25):
        chooser = random.Random(n)
        table, rng = Table(game, scen.config, 4), chance_rng(4)
        for k in range(150):
            if table.match.over:
                break
            where = Location("<stdin>", k + 1, 1)
            op = chooser.random()
            try:
                if op < 0.2:
                    undone += bool(table.undo(where))
                elif op < 0.35:
                    redone += bool(table.redo(where))
                elif table.match.actor == CHANCE:
                    table.auto(rng)
                else:
                    table.take(chooser.choice(game.legal_steps(table.match.state)))
            except InputError as refused:
                assert refused.ruling == "P-C4"
        drawn = [str(s) for s in table.match.steps if str(s).startswith("roll ")]
        assert len(drawn) > 2 and drawn == rolls[: len(drawn)], n
    assert undone > 50 and redone > 20  # the sequences did take back and put back


def test_the_record_on_disk_reflects_an_undo_at_once(tmp_path):
    # Killed right after the undo, before anything else is typed: the file has no jump.
    (tmp_path / "s.yaml").write_text(SMALL)
    player = Player(tmp_path, "s.yaml", "--seed", "4", "--save", "g.yaml")
    for n, line in enumerate(["remove b2", "", "jump green b1", "undo"], start=1):
        player.wait_for(PROMPT, n)
        player.type(line)
    player.wait_for(PROMPT, 5)
    code, _ = player.stop(signal.SIGKILL)
    assert code == -signal.SIGKILL
    assert _log(tmp_path / "g.yaml")["moves"] == ["remove b2", "roll green wind"]


def test_undo_with_nothing_played_is_refused(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    ran = cli("play", "s.yaml", "--seed", "4", "--save", "g.yaml", input="undo\nquit\n")
    assert ran.code == 130
    assert "error: nothing to undo: no person has decided anything in this game" in ran.err
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
        ran = cli("play", "sliding-bears/classic", "--save", save, "--watch")
        assert ran.code == 0, ran.err
        seed = _log(tmp_path / save)["seed"]
        assert f"(a fresh seed {seed}: --seed {seed} plays these dice again)" in ran.out
        assert cli("replay", save).code == 0  # the chance steps are the recorded seed's
        again = cli("play", "sliding-bears/classic", "-s", str(seed), "--save", "x.yaml", "--watch")
        assert again.code == 0
        assert _log(tmp_path / "x.yaml")["moves"] == _log(tmp_path / save)["moves"]
        (tmp_path / "x.yaml").unlink()
        seeds.append(seed)
    assert seeds[0] != seeds[1]  # 1 in 2^32 to fail by chance
    with_seed = cli("play", "sliding-bears/classic", "-s", "1", "--save", "s1.yaml", "--watch")
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
    typed = "flip a1\n\nflip b1\n\nquit\n"  # seed 2: a bear and an obstacle, no pair
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
    small = cli(
        "play", "sliding-bears/classic", "--manual-chance", "-s", "1", input="remove b5\n?\nquit\n"
    )
    assert "chance: roll {pink|green|blue|yellow|pink/blue|green/yellow} {crack|wind}" in small.out


# -- a game at the table (P-C9) and a calm prompt -------------------------------------------


def test_a_scenario_without_a_person_seats_one_at_seat_1_and_says_so(cli, tmp_path):
    ran = cli("play", "sliding-bears/classic", "-s", "3", "--save", "g.yaml", input="quit\n")
    assert ran.code == 130
    assert (
        "no seat of this scenario is a person, so Ana is you; the other seats keep "
        "their bots (--watch lets the bots play alone)"
    ) in ran.out
    assert "Ana> " in ran.out
    # The save file is named at the start, before anything is played.
    assert ran.err.splitlines()[0] == "the move log is saved as you play to g.yaml"
    log = _log(tmp_path / "g.yaml")
    assert log["set"] == ["seats=[{name: Ana, bot: human}, {name: Ben, bot: greedy}]"]
    # Continued, it is the same game: Ana is still the person, nothing more is said.
    again = cli("play", "g.yaml", input="quit\n")
    assert "no seat of this scenario" not in again.out and "Ana> " in again.out
    # Allowed the other way: a scenario with a person seats nobody else.
    (tmp_path / "s.yaml").write_text(SMALL)
    assert "no seat of this scenario" not in cli("play", "s.yaml", input="quit\n").out


def test_watch_plays_bots_only_one_step_a_line(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL.replace("bot: human", "bot: greedy"))
    ran = cli("play", "s.yaml", "-s", "4", "--save", "a.yaml", "--watch")
    assert ran.code == 0, ran.err
    steps = [ln for ln in ran.out.splitlines() if ln.startswith("  ") and not ln.startswith("   ")]
    assert len(steps) == len(_log(tmp_path / "a.yaml")["moves"])  # one line a step
    assert "legend:" not in ran.out and "> " not in ran.out  # no board, no prompt
    slow = cli("play", "s.yaml", "-s", "4", "--save", "b.yaml", "--watch", "--delay", "0")
    assert slow.out.replace("b.yaml", "a.yaml") == ran.out
    # Refused: --watch with a person seated (a usage error).
    (tmp_path / "h.yaml").write_text(SMALL)
    refused = cli("play", "h.yaml", "--watch")
    assert refused.code == 2
    assert refused.err.startswith("--watch:1:1: error: --watch plays bots only, and Ana")


def test_the_board_is_redrawn_when_the_player_would_see_it_change_not_after_an_error(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    typed = "remove a1\nxyz\nremove b2\n\nquit\n"
    ran = cli("play", "s.yaml", "-s", "4", "--save", "g.yaml", input=typed)
    # Drawn at the start, after the set-up (the roll is next) and after the roll: the two
    # refusals drew nothing, each is one line in the one style.
    assert ran.out.count("legend:") == 3
    errors = [ln for ln in ran.err.splitlines() if "error" in ln]
    assert len(errors) == 2 and all(ln.startswith("error: ") for ln in errors)
    assert "board\n" not in typed and ran.code == 130

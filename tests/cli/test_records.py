"""Records that stand on their own: seeded chance checked (P-C3), the scenario inline, '-'."""

from __future__ import annotations

import shutil

import yaml

from bearcli.formats import movelog, yamlsrc
from bearcli.simulation import game_seed, play_one
from tests.conftest import ROOT

SEEDED = ROOT / "replays/sliding-bears/sim-classic-greedy-seed7.yaml"


def _edited(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


def test_p_c3_a_seeded_record_must_roll_what_its_seed_draws(cli, tmp_path):
    assert cli("replay", str(SEEDED)).code == 0  # allowed: every roll is the seed's
    # Refused: a hand-edited die roll (the 36th line's roll) is named, with its place.
    text = _edited(SEEDED.read_text(), "- roll yellow crack\n", "- roll pink crack\n")
    (tmp_path / "edited.yaml").write_text(text)
    ran = cli("replay", "edited.yaml")
    assert ran.code == 1
    head = ran.err.splitlines()[0]
    assert head.startswith("edited.yaml:36:3: error: chance step 'roll pink crack' is not what ")
    assert "draws here (roll yellow crack)" in head and head.endswith("[P-C3]")
    assert "at move 5; the position was:" in ran.err
    # The same roll typed in from a table game (chance: manual) is never judged by the seed.
    manual = (tmp_path / "edited.yaml").read_text().replace("chance: seeded", "chance: manual")
    (tmp_path / "manual.yaml").write_text(manual)
    ran = cli("replay", "manual.yaml")
    assert "[P-C3]" not in ran.err


def test_p_c3_seeded_needs_a_seed_and_chance_is_one_of_two_words(tmp_path):
    base = SEEDED.read_text()
    no_seed = "\n".join(ln for ln in base.splitlines() if not ln.startswith("seed:"))
    for text, message in (
        (no_seed, "a record with 'chance: seeded' names its 'seed' [P-C3]"),
        (base.replace("chance: seeded", "chance: lucky"), "'chance' is 'seeded' or 'manual'"),
    ):
        try:
            movelog.parse(yamlsrc.loads(text, "r.yaml", tmp_path))
        except Exception as exc:  # noqa: BLE001 - the message is what is tested
            assert message in str(exc)
            assert str(exc).startswith("r.yaml:4:9: error:")
        else:
            raise AssertionError("accepted: " + message)


def test_simulated_records_carry_their_scenario_and_replay_anywhere(cli, tmp_path):
    # Copy the scenario (and the layout it names), save logs, then delete the copy.
    for name in ("classic.yaml", "classic.layout"):
        shutil.copy(ROOT / "scenarios/sliding-bears" / name, tmp_path / name)
    ran = cli("simulate", "classic.yaml", "-n", "2", "--seed", "3", "--save-logs", "out")
    assert ran.code == 0, ran.err
    (tmp_path / "classic.yaml").unlink()
    (tmp_path / "classic.layout").unlink()
    log = yaml.safe_load((tmp_path / "out/00001.yaml").read_text())
    assert log["scenario_file"] == "classic.yaml" and log["chance"] == "seeded"
    assert "finish:" in log["scenario"]["layout"]  # the layout is inlined
    assert log["seed"] == game_seed(3, 1)
    mailed = tmp_path / "elsewhere"
    mailed.mkdir()
    shutil.move(tmp_path / "out/00001.yaml", mailed / "game.yaml")
    shutil.move(tmp_path / "out/00001.events.jsonl", mailed / "game.events.jsonl")
    checked = cli("check", str(mailed))
    assert checked.code == 0, checked.out
    # The inline scenario is the same rules: the same fingerprint as the original file.
    head = (mailed / "game.events.jsonl").read_text().splitlines()[0]
    scen = movelog.load(mailed / "game.yaml").scenario
    assert scen.fingerprint in head
    played = play_one(scen, game_seed(3, 1))
    assert list(played.steps) == log["moves"]


def test_records_that_name_a_scenario_file_keep_working(cli, tmp_path):
    # An older record, naming its scenario file beside it instead of carrying it inline.
    for name in ("classic.yaml", "classic.layout"):
        shutil.copy(ROOT / "scenarios/sliding-bears" / name, tmp_path / name)
    log = yaml.safe_load(SEEDED.read_text())
    assert isinstance(log["scenario"], dict)
    log["scenario"] = "classic.yaml"
    (tmp_path / "old.yaml").write_text(yaml.safe_dump(log, sort_keys=False))
    shutil.copy(SEEDED.with_name(SEEDED.stem + ".events.jsonl"), tmp_path / "old.events.jsonl")
    ran = cli("check", "old.yaml")
    assert ran.code == 0, ran.out
    assert ran.out.splitlines()[0] == "old.yaml: ok"


def test_a_continued_game_rolls_what_the_uninterrupted_game_rolls(cli, tmp_path):
    scenario = str(ROOT / "scenarios/sliding-bears/classic.yaml")
    whole = cli("play", scenario, "--seed", "9", "--save", "whole.yaml", "--watch")
    assert whole.code == 0, whole.err
    moves = yaml.safe_load((tmp_path / "whole.yaml").read_text())["moves"]
    # Stop after the first roll, continue: every later roll must be the same.
    cut = next(i for i, m in enumerate(moves) if m.startswith("roll")) + 1
    log = yaml.safe_load((tmp_path / "whole.yaml").read_text())
    log["moves"] = moves[:cut]
    del log["result"]
    (tmp_path / "part.yaml").write_text(yaml.safe_dump(log, sort_keys=False))
    ran = cli("play", "part.yaml", "--save", "rest.yaml", "--watch")
    assert ran.code == 0, ran.err
    rest = yaml.safe_load((tmp_path / "rest.yaml").read_text())
    rolls = [m for m in rest["moves"] if m.startswith("roll")]
    assert rolls == [m for m in moves if m.startswith("roll")][: len(rolls)] and len(rolls) > 3
    assert cli("replay", "rest.yaml").code == 0  # the seed check holds across the cut
    other = cli("play", "part.yaml", "--seed", "10", "--save", "x.yaml")
    assert other.code == 1 and "a continued game keeps its seed [P-C3]" in other.err


def test_dash_is_standard_input_for_replay_and_validate(cli):
    record = (ROOT / "replays/sliding-bears/rulings-tour.yaml").read_text()
    ran = cli("replay", "-", input=record)
    assert ran.code == 0
    assert ran.out.startswith("<stdin>: 54 moves replayed, 77 events, result all-bears-across")
    valid = cli("validate", "-", input=record)
    assert valid.code == 0 and valid.out.startswith("<stdin>: ok (move log, sliding-bears")
    bad = cli("replay", "-", input=record.replace("  - roll pink wind", "  - roll pink hail", 1))
    assert bad.code == 1 and bad.err.startswith("<stdin>:22:5: error: malformed step")


def test_p_c3_check_and_validate_also_judge_a_seeded_record_by_its_seed(cli, tmp_path):
    text = _edited(SEEDED.read_text(), "- roll yellow crack\n", "- roll pink crack\n")
    (tmp_path / "edited.yaml").write_text(text)
    shutil.copy(SEEDED.with_name(SEEDED.stem + ".events.jsonl"), tmp_path / "edited.events.jsonl")
    ran = cli("check", "edited.yaml")
    assert ran.code == 1
    assert ran.out.startswith("edited.yaml: FAILED: edited.yaml:36:3: error: chance step")
    assert "[P-C3]" in ran.out.splitlines()[0]
    valid = cli("validate", "edited.yaml")
    assert valid.code == 1 and "[P-C3]" in valid.err


def test_a_seeded_game_quit_at_any_step_continues_as_the_uninterrupted_game(cli, tmp_path):
    # P-C3: the dice depend only on the seed and the position in the record; continuing writes
    # the record on in its own file, so each cut ends as the very file of the whole game.
    ran = cli("play", "bear-down/two-players", "--seed", "3", "--save", "whole.yaml", "--watch")
    assert ran.code == 0
    whole = (tmp_path / "whole.yaml").read_text()
    log = yaml.safe_load(whole)
    moves = log.pop("moves")
    log.pop("result", None)
    assert len(moves) > 30
    for cut in range(1, len(moves)):
        part = tmp_path / "part.yaml"
        part.write_text(yaml.safe_dump({**log, "moves": moves[:cut]}, sort_keys=False))
        ran = cli("play", "part.yaml", "--watch")
        assert ran.code == 0, (cut, ran.err)
        assert "move log saved to part.yaml" in ran.err
        assert part.read_text() == whole, f"continued after move {cut}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["part.yaml", "whole.yaml"]


def test_a_finished_game_is_reported_not_saved_again(cli, tmp_path):
    ran = cli("play", "sliding-bears/classic", "--seed", "2", "--save", "done.yaml", "--watch")
    assert ran.code == 0
    done = tmp_path / "done.yaml"
    before = (done.read_bytes(), done.stat().st_mtime_ns)
    ran = cli("play", "done.yaml")
    assert ran.code == 0, ran.err
    assert "this game is already over" in ran.out and "nothing to continue" in ran.out
    assert (done.read_bytes(), done.stat().st_mtime_ns) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["done.yaml"]

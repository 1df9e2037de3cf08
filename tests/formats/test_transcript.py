"""A ready transcript header: the seats as people and an example of each kind of step
(formats/transcript.py)."""

from __future__ import annotations

from pathlib import Path

from bearcli.formats import scenario, transcript
from tests.conftest import ROOT

HUMANS = "seats=[{name: Emma, bot: human}, {name: Helena, bot: human}]"


def _scen(name: str, *overrides: str):
    return scenario.load(ROOT / "scenarios" / name, overrides)


def test_the_sample_is_twelve_random_games_of_four_hundred_steps():
    assert (transcript.SAMPLE_GAMES, transcript.SAMPLE_STEPS) == (12, 400)


def test_met_is_the_first_step_of_each_kind_in_seeded_random_games():
    classic = _scen("sliding-bears/classic.yaml")
    expected = {
        "Remove": (0, "remove d3", 0),
        "Roll": (1, "roll pink/blue wind", -1),
        "Jump": (2, "jump pink a1", 0),
        "Wind": (3, "wind f1 e1", 0),
        "Crack": (4, "crack c1", 1),
        "Pass": (5, "pass", 1),
    }
    assert transcript._met(classic) == expected
    assert transcript._met(classic, 1) == expected
    assert transcript._met(classic, 5) == {
        "Remove": (0, "remove d3", 0),
        "Roll": (1, "roll green crack", -1),
        "Crack": (2, "crack f5", 0),
        "Jump": (3, "jump green c1", 0),
        "Wind": (4, "wind b2 b3", 1),
        "Pass": (5, "pass", 0),
    }
    forest = _scen("baerenspiel/forest-2p.yaml")
    assert transcript._met(forest) == {
        "Roll": (0, "roll tree tree tree", -1),
        "Search": (1, "search g1", 1),
        "Shows": (2, "g1 is path", -1),
        "End": (3, "end", 1),
        "Reroll": (4, "reroll 3", 0),
        "Rerolled": (5, "rerolled 3 tree", -1),
        "Chain": (6, "chain e1", 1),
        "Cover": (7, "cover i3 from g1", 0),
        "Decline": (8, "decline", 0),
        "Throw": (9, "throw tree", -1),
    }


def test_met_looks_further_than_the_first_game():
    four = _scen("bear-down/four-players.yaml")  # no bear stays in the first games
    assert transcript._met(four) == {
        "Roll": (0, "roll red:S2 blue:S1 green:S3 yellow:S3 purple:S2", -1),
        "Move": (1, "blue3", 0),
        "Stay": (2, "stay", 0),
    }


def test_met_plays_every_seat_as_a_random_bot_whatever_the_scenario_says():
    humans = _scen("bear-down/two-players.yaml", HUMANS)
    assert [s.bot for s in humans.config.seats] == ["human", "human"]
    expected = {"Roll": (0, "roll blue:S2 green:S1 yellow:S3", -1), "Move": (1, "green1", 0)}
    assert transcript._met(humans) == expected
    assert transcript._met(_scen("bear-down/two-players.yaml")) == expected
    assert transcript._met(humans, 5) == {
        "Roll": (0, "roll blue:WWS green:S1 yellow:WWS", -1),
        "Move": (1, "blue1", 0),
    }


def test_examples_name_the_seat_of_a_decision_in_the_order_met():
    assert transcript.examples(_scen("sliding-bears/classic.yaml")) == [
        ("seat1 remove d3", "set-up: the seal (or ice tile) taken away first (SB2)"),
        ("roll pink/blue wind", "chance: the bear die, then the weather die (SB3)"),
        ("seat1 jump pink a1", "that bear jumps one square (SB4); also `start`, `finish`"),
        ("seat1 wind f1 e1", "the wind: that tile slides into the open water (SB6)"),
        ("seat2 crack c1", "the crack: that free ice tile is removed (SB5)"),
        ("seat2 pass", "the dice's unused effects are forgone (SB4, SB6)"),
    ]


class _Game:
    """A game that lists kinds of its own (`transcript_kinds`)."""

    def __init__(self, kinds):
        self.kinds = kinds

    def transcript_kinds(self, config):
        assert config == "the config"
        return self.kinds


class _Scen:
    def __init__(self, kinds):
        self.game = _Game(kinds)
        self.config = "the config"


def test_examples_of_kinds_not_met_come_last_in_the_game_s_order(monkeypatch):
    met = {"A": (1, "a 1", -1), "B": (0, "b 2", 1), "Z": (2, "z", 0)}
    monkeypatch.setattr(transcript, "_met", lambda scen: met)
    kinds = [
        ("C", "c x", "chance: a die"),
        ("A", "a 9", "chance: the roll"),
        ("D", "d y", "a decision"),
        ("B", "b 9", "another decision"),
        ("E", "e z", "the chance? no: a decision"),
    ]
    assert transcript.examples(_Scen(kinds)) == [
        ("seat2 b 2", "another decision"),
        ("a 1", "chance: the roll"),
        ("c x", "chance: a die"),
        ("seatN d y", "a decision"),
        ("seatN e z", "the chance? no: a decision"),
    ]
    assert transcript.examples(_Scen([("E", "e z", "x"), ("D", "d y", "y")])) == [
        ("seatN e z", "x"),
        ("seatN d y", "y"),
    ]
    assert transcript.examples(_Scen([])) == []


def test_the_seats_setting_makes_each_person_a_human_seat():
    assert transcript.seats_setting(["Mia"]) == "seats=[{name: Mia, bot: human}]"
    assert transcript.seats_setting(["Mia", "Zoë Ä", "a: b"]) == (
        "seats=[{name: Mia, bot: human}, {name: Zoë Ä, bot: human}, {name: 'a: b', bot: human}]"
    )
    long = "x" * 100
    assert transcript.seats_setting([long] * 3) == (
        f"seats=[{{name: {long}, bot: human}}, {{name: {long}, bot: human}}, "
        f"{{name: {long}, bot: human}}]"
    )


def test_a_seats_setting_is_wrapped_only_past_ten_thousand_characters():
    long = "x" * 9968
    assert transcript.seats_setting([long, "b"]) == (
        f"seats=[{{name: {long}, bot: human}}, {{name: b, bot: human}}]"
    )
    longer = "x" * 9969
    assert transcript.seats_setting([longer, "b"]) == (
        f"seats=[{{name: {longer}, bot: human}}, {{name: b,\n    bot: human}}]"
    )


def test_the_header_names_the_scenario_the_seats_and_each_kind_of_step():
    scen = _scen("bear-down/two-players.yaml", HUMANS)
    examples = (
        "moves:\n"
        "  # Each kind of step of this game, as written here:\n"
        "  # - roll blue:S2 green:S1 yellow:S3  chance: one face per die in play (BD3)\n"
        "  # - seat1 green1                     the seat's bear moves there, or to `boulder`"
        " (BD8-BD10)\n"
        "  # - seatN stay                       the bear has nowhere to go and stays (BD8)\n"
    )
    top = (
        "# A transcript of a Bear Down! game: Two players (blue, green and yellow streams).\n"
        "# One step a line under `moves:`, each as `  - STEP`. Decisions name their seat\n"
        "# (seat1 is Emma, seat2 is Helena); rolls and cards turned up name none.\n"
        "# Check it as you go: bearcli validate --strict-seats FILE\n"
        "format: bearcli-moves/1\n"
        "game: bear-down\n"
        "chance: manual\n"
        "set:\n"
        "- 'seats=[{name: Emma, bot: human}, {name: Helena, bot: human}]'\n"
    )
    assert transcript.header(scen, "bear-down/two-players", ["Emma", "Helena"]) == (
        top + "scenario: bear-down/two-players\n" + examples
    )
    assert transcript.header(scen, {"game": "bear-down"}, ["Emma", "Helena"]) == (
        top + "scenario:\n  game: bear-down\n" + examples
    )


def test_the_header_of_a_game_with_no_kinds_lists_none(monkeypatch):
    scen = _scen("bear-down/two-players.yaml", HUMANS)
    monkeypatch.setattr(transcript, "examples", lambda s: [])
    text = transcript.header(scen, "x.yaml", ["Emma", "Helena"])
    assert text.endswith(
        "scenario: x.yaml\nmoves:\n  # Each kind of step of this game, as written here:\n"
    )


def test_a_header_validates_as_an_unfinished_record(tmp_path: Path):
    from bearcli.formats import movelog, yamlsrc

    scen = _scen("sliding-bears/classic.yaml", HUMANS.replace("Emma", "Mia"))
    text = transcript.header(scen, "sliding-bears/classic", ["Mia", "Helena"])
    match = movelog.replay(movelog.parse(yamlsrc.loads(text, "t.yaml", tmp_path)))
    assert match.steps == [] and match.config.seats[0].name == "Mia"

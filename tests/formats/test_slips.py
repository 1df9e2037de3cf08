"""The common slips of a hand transcription named for what they are: a forgotten roll, a die
too many or too few, a step after the end (formats/slips.py, P-C8)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bearcli.core.errors import BearError, CheckFailed, IllegalStep, MalformedStep
from bearcli.core.runner import Match
from bearcli.formats import movelog, slips
from tests.conftest import ROOT
from tests.steps import played

SB_ROLL = "roll {pink|green|blue|yellow|pink/blue|green/yellow} {crack|wind}"
BD_ROLL = "roll blue:FACE green:FACE yellow:FACE; FACE = W WWS S1 S2 S3"
SB_HINT = (
    "expected one of: remove SQ, roll FACE crack|wind, jump COLOUR SQ|start|finish, crack SQ,"
    " wind SQ SQ, pass"
)


def _escort(upto: int | None = 9) -> Match:
    """The escort example: its move 10 is an escort throw; after its last move it is over."""
    return movelog.replay(movelog.load(ROOT / "replays/baerenspiel/escort-example.yaml"), upto)


def _error(exc: BearError | None) -> tuple | None:
    if exc is None:
        return None
    return (type(exc), exc.message, exc.ruling, exc.location, getattr(exc, "text", None))


class _Event:
    def __init__(self, data: dict):
        self.data = data

    def to_dict(self) -> dict:
        return dict(self.data)


class _Chance:
    """A chance step of a kind no game has."""

    def __init__(self, name: str):
        self.name = name

    def __str__(self) -> str:
        return self.name


class _Game:
    """A game at a chance step whose outcomes' events are given (or one that is over)."""

    def __init__(self, outcomes, actor: int = -1, outcome=None):
        self.outcomes, self.actor_value, self.outcome_value = outcomes, actor, outcome

    def actor(self, state) -> int:
        return self.actor_value

    def chance_outcomes(self, state):
        return [(step, 1) for step, _ in self.outcomes]

    def apply(self, state, step):
        return state, [_Event(d) for s, events in self.outcomes if s is step for d in events]

    def outcome(self, state):
        return self.outcome_value


STATE = SimpleNamespace(cfg=SimpleNamespace(seats=("a", "b"), who=["Ana", "Ben"].__getitem__))


def test_the_names_of_chance_steps():
    assert slips.CHANCE_RULING == "C2"
    assert slips.NOUNS == {
        "Roll": "roll",
        "Rerolled": "re-rolled die",
        "Shows": "card turned up",
        "Throw": "throw",
    }
    assert slips.DICE == ("roll", "throw")


def test_outcomes_are_the_chance_steps_at_a_chance_node_only():
    chance = played("sliding-bears/classic.yaml", "remove d3")
    outcomes = slips._outcomes(chance.game, chance.state)
    assert [str(s) for s in outcomes[:3]] == [
        "roll pink crack",
        "roll pink wind",
        "roll green crack",
    ]
    assert len(outcomes) == 12
    first = played("sliding-bears/classic.yaml")
    assert slips._outcomes(first.game, first.state) == []


def test_the_chance_noun_is_named_by_the_kind_of_its_outcomes():
    roll = played("sliding-bears/classic.yaml", "remove d3")
    assert slips.chance_noun(roll.game, roll.state) == "roll"
    shows = played("baerenspiel/forest-2p.yaml", "roll bear bear bear", "search a1")
    assert slips.chance_noun(shows.game, shows.state) == "card turned up"
    rerolled = played("baerenspiel/forest-2p.yaml", "roll paw tree bear", "reroll 1")
    assert slips.chance_noun(rerolled.game, rerolled.state) == "re-rolled die"
    throw = _escort()
    assert slips.chance_noun(throw.game, throw.state) == "throw"
    assert slips.chance_noun(_Game([(_Chance("x"), [])]), STATE) == "chance step"
    decision = played("sliding-bears/classic.yaml")
    assert slips.chance_noun(decision.game, decision.state) == "chance step"


def test_the_chance_owner_is_the_seat_its_events_name():
    roll = played("sliding-bears/classic.yaml", "remove d3")
    assert slips.chance_owner(roll.game, roll.state) == "Ana's"
    later = played(
        "sliding-bears/classic.yaml", "remove d3", "roll pink crack", "jump pink a1", "crack b1"
    )
    assert slips.chance_owner(later.game, later.state) == "Ben's"
    forest = played("baerenspiel/forest-2p.yaml")
    assert slips.chance_owner(forest.game, forest.state) == "seat 1's"
    throw = _escort()  # an escort throw is everyone's
    assert slips.chance_owner(throw.game, throw.state) == "the table's"
    decision = played("sliding-bears/classic.yaml")
    assert slips.chance_owner(decision.game, decision.state) == "the table's"


@pytest.mark.parametrize(
    ("events", "owner"),
    [
        ([{"seat": 1}], "Ana's"),
        ([{"seat": 2}], "Ben's"),
        ([{"x": 1}, {"seat": 0}, {"seat": 3}, {"seat": 2}, {"seat": 1}], "Ben's"),
        ([{"seat": 0}], "the table's"),
        ([{"seat": 3}], "the table's"),
        ([{"seat": -1}], "the table's"),
        ([{"seat": "1"}], "the table's"),
        ([{"seat": 1.0}], "the table's"),
        ([{"seat": None}], "the table's"),
        ([], "the table's"),
    ],
)
def test_the_chance_owner_is_a_seat_of_the_game_or_the_table(events, owner):
    first, second = _Chance("first"), _Chance("second")
    game = _Game([(first, events), (second, [{"seat": 1}])])  # the first outcome's events
    assert slips.chance_owner(game, STATE) == owner


def test_is_chance_kind_tells_the_expected_kind_of_chance_step_from_a_decision():
    roll = played("sliding-bears/classic.yaml", "remove d3")
    game, state = roll.game, roll.state
    assert slips.is_chance_kind(game, state, game.parse_step("roll pink crack")) is True
    assert slips.is_chance_kind(game, state, game.parse_step("roll blue wind")) is True
    assert slips.is_chance_kind(game, state, game.parse_step("jump pink a1")) is False
    decision = played("sliding-bears/classic.yaml")
    roll_step = game.parse_step("roll pink crack")
    assert slips.is_chance_kind(decision.game, decision.state, roll_step) is False


def test_missing_chance_says_whose_chance_step_is_missing_and_how_it_is_written():
    roll = played("sliding-bears/classic.yaml", "remove d3")
    game, state = roll.game, roll.state
    assert _error(slips.missing_chance(game, state, " jump pink a1", game.parse_step("pass"))) == (
        IllegalStep,
        "illegal step ' jump pink a1': Ana's roll is missing before this step: write it on its"
        f" own line first, with no seat, as `{SB_ROLL}` (e.g. `roll pink crack`)",
        "SB3",  # the game's own refusal of the step says what comes first
        None,
        " jump pink a1",
    )
    removal = slips.missing_chance(game, state, "remove b5", game.parse_step("remove b5"))
    assert removal.ruling == "SB2"
    bd = played("bear-down/two-players.yaml")
    step = bd.game.parse_step("seat1 blue1")
    assert _error(slips.missing_chance(bd.game, bd.state, "seat1 blue1", step)) == (
        IllegalStep,
        "illegal step 'seat1 blue1': Emma's roll is missing before this step: write it on its"
        f" own line first, with no seat, as `{BD_ROLL}` (e.g. `roll blue:W green:W yellow:W`)",
        "BD11",
        None,
        "seat1 blue1",
    )


class _Refusing:
    """Sliding Bears, but for its refusal of one step: `refusal` (None: the step is taken)."""

    def __init__(self, match: Match, step, refusal: BearError | None):
        self.game, self.step, self.refusal = match.game, step, refusal

    def __getattr__(self, name):
        return getattr(self.game, name)

    def apply(self, state, step):
        if step is not self.step:
            return self.game.apply(state, step)
        if self.refusal is not None:
            raise self.refusal
        return state, []


@pytest.mark.parametrize(
    ("refusal", "ruling"),
    [
        (IllegalStep("pass", "no", ruling=None), "C2"),  # no ruling of its own: chance's
        (IllegalStep("pass", "no", ruling=""), "C2"),
        (IllegalStep("pass", "no", ruling="X9"), "X9"),
        (CheckFailed("not a refusal of the step", ruling="X8"), "C2"),
        (MalformedStep("pass", "no", ruling="X7"), "C2"),
        (None, "C2"),  # the game took it
    ],
)
def test_missing_chance_cites_the_game_s_ruling_or_chance_s(refusal, ruling):
    roll = played("sliding-bears/classic.yaml", "remove d3")
    step = roll.game.parse_step("pass")
    game = _Refusing(roll, step, refusal)
    missing = slips.missing_chance(game, roll.state, "pass", step)
    assert (missing.ruling, missing.message) == (
        ruling,
        "illegal step 'pass': Ana's roll is missing before this step: write it on its own line"
        f" first, with no seat, as `{SB_ROLL}` (e.g. `roll pink crack`)",
    )


def test_wrong_size_names_a_die_too_many_or_too_few():
    roll = played("sliding-bears/classic.yaml", "remove d3")
    game, state = roll.game, roll.state
    assert _error(slips.wrong_size(game, state, "roll pink", "R1")) == (
        IllegalStep,
        "illegal step 'roll pink': a die too few: this roll has 2 dice, one face each, and the"
        f" step names 1 faces; it is written `{SB_ROLL}`",
        "R1",
        None,
        "roll pink",
    )
    assert _error(slips.wrong_size(game, state, " ROLL  pink crack wind", "R2")) == (
        IllegalStep,
        "illegal step ' ROLL  pink crack wind': a die too many: this roll has 2 dice, one face"
        f" each, and the step names 3 faces; it is written `{SB_ROLL}`",
        "R2",
        None,
        " ROLL  pink crack wind",
    )
    assert slips.wrong_size(game, state, "roll", "R").message.startswith(
        "illegal step 'roll': a die too few: this roll has 2 dice, one face each, and the step"
        " names 0 faces;"
    )
    throw = _escort()
    assert _error(slips.wrong_size(throw.game, throw.state, "throw paw paw", "R3")) == (
        IllegalStep,
        "illegal step 'throw paw paw': a die too many: this throw has 1 dice, one face each, and"
        " the step names 2 faces; it is written `throw bear, throw paw, throw tree`",
        "R3",
        None,
        "throw paw paw",
    )


def test_wrong_size_is_none_when_the_word_count_is_not_the_slip():
    roll = played("sliding-bears/classic.yaml", "remove d3")
    game, state = roll.game, roll.state
    assert slips.wrong_size(game, state, "roll pink crack", "R") is None  # the right count
    assert slips.wrong_size(game, state, "roll pink wind", "R") is None
    assert slips.wrong_size(game, state, "jump pink", "R") is None  # not a roll
    assert slips.wrong_size(game, state, "rolls pink", "R") is None
    assert slips.wrong_size(game, state, "", "R") is None
    assert slips.wrong_size(game, state, "  ", "R") is None
    decision = played("sliding-bears/classic.yaml")  # no chance step is due
    assert slips.wrong_size(decision.game, decision.state, "roll pink", "R") is None
    shows = played("baerenspiel/forest-2p.yaml", "roll bear bear bear", "search a1")
    assert slips.wrong_size(shows.game, shows.state, "a1 is", "R") is None  # no dice
    assert slips.wrong_size(shows.game, shows.state, "a1 is path now", "R") is None
    rerolled = played("baerenspiel/forest-2p.yaml", "roll paw tree bear", "reroll 1")
    assert slips.wrong_size(rerolled.game, rerolled.state, "rerolled 1 tree tree", "R") is None


def test_wrong_size_of_a_chance_step_with_one_outcome():
    game = _Game([(_Chance("roll six"), [])])  # the one outcome there is
    assert slips.wrong_size(game, STATE, "roll six six", "R") is None  # not a roll: no noun
    assert slips.wrong_size(game, STATE, "roll", "R") is None


def test_after_end_says_when_and_how_the_game_ended():
    over = _escort(None)
    refused = IllegalStep("throw paw", "the game is over (bear-escorted)", ruling="BS9")
    assert _error(slips.after_end(over.game, over.state, "throw  paw", 11, refused)) == (
        IllegalStep,
        "illegal step 'throw  paw': the game already ended at move 11 (bear-escorted); nothing"
        " may follow its last step (is this line from another game, or an earlier step wrong?)",
        "BS9",
        None,
        "throw  paw",
    )
    game = _Game([], actor=-2)  # no outcome to name
    refused = BearError("over", ruling=None)
    assert _error(slips.after_end(game, STATE, "pass", 3, refused)) == (
        IllegalStep,
        "illegal step 'pass': the game already ended at move 3; nothing may follow its last"
        " step (is this line from another game, or an earlier step wrong?)",
        None,
        None,
        "pass",
    )


def test_explain_a_step_after_the_end():
    over = _escort(None)
    game, state = over.game, over.state
    with pytest.raises(IllegalStep) as err:
        game.apply(state, game.parse_step("throw paw"))
    assert _error(slips.explain(game, state, "throw paw", err.value, 13)) == (
        IllegalStep,
        "illegal step 'throw paw': the game already ended at move 12 (bear-escorted); nothing"
        " may follow its last step (is this line from another game, or an earlier step wrong?)",
        "BS9",
        None,
        "throw paw",
    )
    malformed = MalformedStep("zzz", "no")
    assert slips.explain(game, state, "zzz", malformed, 2).message == (
        "illegal step 'zzz': the game already ended at move 1 (bear-escorted); nothing may"
        " follow its last step (is this line from another game, or an earlier step wrong?)"
    )


def test_explain_leaves_a_refused_decision_as_it_was():
    decision = played("sliding-bears/classic.yaml")
    refused = IllegalStep("remove a1", "no", ruling="SB2")
    assert slips.explain(decision.game, decision.state, "remove a1", refused, 1) is refused
    malformed = MalformedStep("roll pink", "no")
    assert slips.explain(decision.game, decision.state, "roll pink", malformed, 1) is malformed


def test_explain_a_chance_step_with_a_die_too_many_or_too_few():
    roll = played("sliding-bears/classic.yaml", "remove d3")
    game, state = roll.game, roll.state
    malformed = MalformedStep("roll pink", SB_HINT)
    assert _error(slips.explain(game, state, "roll pink", malformed, 2)) == (
        IllegalStep,
        "illegal step 'roll pink': a die too few: this roll has 2 dice, one face each, and the"
        f" step names 1 faces; it is written `{SB_ROLL}`",
        "C2",
        None,
        "roll pink",
    )
    ruled = IllegalStep("roll pink crack wind", "no", ruling="X1")
    assert slips.explain(game, state, "roll pink crack wind", ruled, 2).ruling == "X1"
    unruled = IllegalStep("roll pink crack wind", "no", ruling="")
    assert slips.explain(game, state, "roll pink crack wind", unruled, 2).ruling == "C2"
    other = CheckFailed("another error", ruling="X2")  # not a refusal of the text: as it was
    assert slips.explain(game, state, "roll pink crack wind", other, 2) is other


def test_explain_a_decision_where_a_chance_step_is_due():
    roll = played("sliding-bears/classic.yaml", "remove d3")
    game, state = roll.game, roll.state
    refused = IllegalStep("seat1 jump pink a1", "no seat here", ruling="P-C6")
    assert _error(slips.explain(game, state, "seat1 jump pink a1", refused, 2)) == (
        IllegalStep,
        "illegal step 'seat1 jump pink a1': Ana's roll is missing before this step: write it on"
        f" its own line first, with no seat, as `{SB_ROLL}` (e.g. `roll pink crack`)",
        "SB3",
        None,
        "seat1 jump pink a1",
    )
    refused = IllegalStep("remove b5", "the set-up removal was already made", ruling="SB2")
    assert _error(slips.explain(game, state, "remove b5", refused, 2)) == (
        IllegalStep,
        "illegal step 'remove b5': Ana's roll is missing before this step: write it on its own"
        f" line first, with no seat, as `{SB_ROLL}` (e.g. `roll pink crack`)",
        "SB2",  # the game's refusal of this very step
        None,
        "remove b5",
    )
    other = CheckFailed("another error")
    assert slips.explain(game, state, "pass", other, 2).message == (
        "illegal step 'pass': Ana's roll is missing before this step: write it on its own line"
        f" first, with no seat, as `{SB_ROLL}` (e.g. `roll pink crack`)"
    )


def test_explain_leaves_other_refusals_at_a_chance_step_as_they_were():
    roll = played("sliding-bears/classic.yaml", "remove d3")
    game, state = roll.game, roll.state
    malformed = MalformedStep("jump", SB_HINT)  # not notation: nothing more to say
    assert slips.explain(game, state, "jump", malformed, 2) is malformed
    wrong = IllegalStep("roll pink crack", "not what was rolled", ruling="P-C3")
    assert slips.explain(game, state, "roll pink crack", wrong, 2) is wrong  # a roll, if wrong
    other = CheckFailed("not a step at all")
    assert slips.explain(game, state, "zzz", other, 2) is other  # the text is no step
    assert slips.explain(game, state, "roll pink", other, 2) is other  # no size: not a refusal

"""core/game.py: seats' labels, the Game protocol's defaults, and how options are shown."""

from __future__ import annotations

import pickle
from dataclasses import dataclass

import pytest

from bearcli.core import registry
from bearcli.core.errors import IllegalStep
from bearcli.core.game import (
    CHANCE,
    TERMINAL,
    Config,
    Game,
    RandomBot,
    Seat,
    pattern_of,
)
from bearcli.core.rng import Rng


@dataclass(frozen=True)
class Word:
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Toy:
    """A position that says what the game shows at it: who acts, and the options."""

    actor: int
    legal: tuple = ()
    chance: tuple = ()


class ToyGame(Game):
    """Only what the defaults under test read; each method a test does not use is refused."""

    name = "toy"
    title = "Toy"
    cooperative = True
    bots: dict = {}

    def configure(self, source, seats):
        raise NotImplementedError

    def config_dict(self, config):
        raise NotImplementedError

    def initial_state(self, config):
        raise NotImplementedError

    def actor(self, state):
        return state.actor

    def legal_steps(self, state):
        return [Word(t) for t in state.legal]

    def chance_outcomes(self, state):
        return [(Word(t), w) for t, w in state.chance]

    def apply(self, state, step):
        return Toy(state.actor + 1, (str(step),)), ("an event",)

    def outcome(self, state):
        raise NotImplementedError

    def parse_step(self, text):
        return Word(text)

    def describe(self, state):
        return f"toy {state.actor}"

    def narrator(self, config):
        raise NotImplementedError


def _seat(i: int) -> Toy:
    return Toy(i, legal=("b", "a", "b", "c"), chance=(("x", 1),))


# -- seats ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "index", "label"),
    [
        ("Ben", 0, "Ben"),
        ("  Ben ", 3, "Ben"),
        ("", 0, "seat 1"),
        ("", 1, "seat 2"),
        ("   ", 2, "seat 3"),
        ("seat 2", 1, "seat 2"),
        ("Seat 2", 1, "seat 2"),  # its own plain label in other letters: written plainly
        (" SEAT 2 ", 1, "seat 2"),
        ("Seat 3", 1, "Seat 3"),  # another seat's label is a name like any other
        ("seat 1", 1, "seat 1"),
    ],
)
def test_a_seat_is_labelled_by_its_name_else_its_number(name, index, label):
    assert Seat(name, "random").label(index) == label


def test_a_configuration_names_each_seat():
    config = Config((Seat("Ann", "random"), Seat("", "human"), Seat("Cy", "random")))
    assert [config.who(i) for i in range(3)] == ["Ann", "seat 2", "Cy"]


def test_a_configuration_pickles_its_fields_alone():
    config = Config((Seat("Ann", "random", (("memory", 3),)),))
    object.__setattr__(config, "_worked_out", "a table")
    assert config.__getstate__() == {"seats": config.seats}
    again = pickle.loads(pickle.dumps(config))
    assert again == config and not hasattr(again, "_worked_out")


# -- bots ---------------------------------------------------------------------------------


def test_a_bot_keeps_its_game_configuration_seat_and_generator():
    game, config, rng = ToyGame(), Config(()), Rng(3)
    bot = RandomBot(game, config, 2, rng, memory=4)
    assert (bot.game, bot.config, bot.seat, bot.rng) == (game, config, 2, rng)
    assert bot.observe(Toy(0), Word("a"), ()) is None


def test_the_random_bot_draws_uniformly_with_its_generator():
    legal = [Word(t) for t in "abcdefgh"]
    bot = RandomBot(ToyGame(), Config(()), 0, Rng(5))
    chosen = [bot.choose(Toy(0), legal) for _ in range(30)]
    expected = Rng(5)
    assert chosen == [expected.choice(legal) for _ in range(30)]
    assert len(set(chosen)) > 1


# -- the protocol's defaults ------------------------------------------------------------


def test_a_registered_game_pickles_by_name_any_other_by_value():
    game = registry.get("sliding-bears")
    assert game.__reduce__() == (registry.get, ("sliding-bears",))
    assert pickle.loads(pickle.dumps(game)) is game
    toy = ToyGame()
    reduced = toy.__reduce__()
    assert reduced[0] is not registry.get
    assert isinstance(pickle.loads(pickle.dumps(toy)), ToyGame)


def test_sample_chance_draws_by_the_weights():
    state = Toy(CHANCE, chance=(("one", 1), ("nine", 9), ("never", 0), ("two", 2)))
    game, rng, expected = ToyGame(), Rng(8), Rng(8)
    outcomes = ToyGame().chance_outcomes(state)
    drawn = [game.sample_chance(state, rng) for _ in range(40)]
    assert drawn == [expected.weighted(outcomes) for _ in range(40)]
    assert {str(d) for d in drawn} == {"one", "nine", "two"}


def test_advance_is_the_state_apply_makes():
    assert ToyGame().advance(Toy(3), Word("w")) == Toy(4, ("w",))


def test_the_defaults_of_the_optional_methods():
    game, state = ToyGame(), Toy(0)
    assert game.is_cooperative(Config(())) is True
    game.cooperative = False
    assert game.is_cooperative(Config(())) is False
    assert game.solve_key(state) is state
    assert game.transcript_kinds(Config(())) == ()
    assert game.measures(state) == {}


def test_legal_for_is_the_legal_steps_at_a_seats_turn():
    game = ToyGame()
    assert game.legal_for(_seat(0), 1) == [Word(t) for t in "babc"]
    assert game.legal_for(_seat(2), 0) == [Word(t) for t in "babc"]
    assert game.legal_for(_seat(CHANCE), 0) == []
    assert game.legal_for(_seat(TERMINAL), 0) == []


def test_refuse_names_the_step_the_reason_and_the_ruling():
    err = ToyGame().refuse(Word("go north"), "the way is shut", "P-7")
    assert type(err) is IllegalStep
    assert err.message == "illegal step 'go north': the way is shut"
    assert (err.text, err.ruling, err.location) == ("go north", "P-7", None)
    plain = ToyGame().refuse("raw", "no", None)
    assert (plain.message, plain.ruling) == ("illegal step 'raw': no", None)


# -- options as one line --------------------------------------------------------------------


def test_options_text_at_a_seats_turn_chance_and_the_end():
    game = ToyGame()
    assert game.options_text(_seat(0)) == "b, a, c"  # each once, in the game's order
    assert game.options_text(_seat(1)) == "b, a, c"
    chance = Toy(CHANCE, legal=("no",), chance=(("y", 1), ("x", 5), ("y", 2)))
    assert game.options_text(chance) == "y, x"
    assert game.options_text(Toy(TERMINAL, legal=("a",))) == "none (the game is over)"


def test_options_text_shows_at_most_limit_options():
    game = ToyGame()
    many = Toy(0, legal=tuple(f"s{i}" for i in range(45)))
    first = ", ".join(f"s{i}" for i in range(40))
    assert game.options_text(many) == first + " ... (+5 more)"
    assert game.options_text(many, limit=3) == "s0, s1, s2 ... (+42 more)"
    assert game.options_text(many, limit=44) == ", ".join(f"s{i}" for i in range(44)) + (
        " ... (+1 more)"
    )
    assert game.options_text(many, limit=45) == ", ".join(f"s{i}" for i in range(45))
    forty = Toy(0, legal=tuple(f"s{i}" for i in range(40)) + ("s0",))
    assert game.options_text(forty) == first


def test_chance_pattern_is_the_pattern_of_the_outcomes():
    game = ToyGame()
    state = Toy(CHANCE, chance=tuple((f"roll {c} {n}", 1) for c in "ab" for n in "1234"))
    assert game.chance_pattern(state) == "roll {a|b} {1|2|3|4}"
    few = Toy(CHANCE, chance=(("roll 1", 1), ("roll 2", 1)))
    assert game.chance_pattern(few) == "roll 1, roll 2"


def test_a_few_notations_are_listed():
    assert pattern_of(["a 1", "b 2", "a 1"]) == "a 1, b 2"
    six = [f"r {i}" for i in range(6)]
    assert pattern_of(six) == "r 0, r 1, r 2, r 3, r 4, r 5"
    assert pattern_of([]) == ""
    assert pattern_of(["b", "a", "b"]) == "b, a"


def test_more_notations_are_written_word_by_word():
    seven = [f"r {i}" for i in range(7)]
    assert pattern_of(seven) == "r {0|1|2|3|4|5|6}"
    assert pattern_of(seven, few=7) == "r 0, r 1, r 2, r 3, r 4, r 5, r 6"
    assert pattern_of(["b x", "a y", "b y"], few=2) == "{b|a} {x|y}"
    # Words are split at each single space: two spaces keep an empty word between them.
    spaced = [f"r  {i}" for i in range(7)]
    assert pattern_of(spaced) == "r  {0|1|2|3|4|5|6}"


def test_notations_of_different_lengths_are_listed():
    items = [f"r {i}" for i in range(7)] + ["r 7 again"]
    assert pattern_of(items) == ", ".join(items)
    many = [f"r {i}" for i in range(41)] + ["r x y"]
    assert pattern_of(many) == ", ".join(many[:40]) + " ... (+2 more)"
    forty = [f"r {i}" for i in range(39)] + ["r x y"]
    assert pattern_of(forty) == ", ".join(forty)
    forty_one = [f"r {i}" for i in range(40)] + ["r x y"]
    assert pattern_of(forty_one) == ", ".join(forty_one[:40]) + " ... (+1 more)"


def test_a_shared_head_is_kept_outside_the_braces():
    items = ["blue:W x", "blue:S1 x", "blue:N:2 x"] + [f"blue:E{i} x" for i in range(4)]
    assert pattern_of(items) == "blue:{W|S1|N:2|E0|E1|E2|E3} x"


def test_values_without_one_shared_head_are_braced_whole():
    heads = [f"{c}:1" for c in "abcdefg"]
    assert pattern_of(heads) == "{a:1|b:1|c:1|d:1|e:1|f:1|g:1}"
    some = ["k:1", "k:2", "k3", "k:4", "k:5", "k:6", "k:7"]
    assert pattern_of(some) == "{k:1|k:2|k3|k:4|k:5|k:6|k:7}"
    plain = [f"w{i}" for i in range(7)]
    assert pattern_of(plain) == "{w0|w1|w2|w3|w4|w5|w6}"

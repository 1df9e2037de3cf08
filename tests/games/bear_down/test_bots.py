"""Bot strength on a small batch, seats rotated: cautious > greedy > random by mean salmon."""

from __future__ import annotations

from pathlib import Path

from bearcli.core.runner import Match, chance_rng, make_bots, play_out
from bearcli.formats import scenario as scenario_fmt
from bearcli.simulation import play_one, simulate
from tests.games.bear_down.helpers import GAME, scen

TABLE = Path(__file__).parents[3] / "scenarios" / "bear-down" / "bots-4p.yaml"


def test_cautious_beats_greedy_beats_random_over_200_rotated_games():
    s = scenario_fmt.load(TABLE)
    assert [seat.bot for seat in s.config.seats] == ["cautious", "greedy", "random", "random"]
    # Game i shifts the seat list by i-1 (`simulate --rotate`): figures are per table entry.
    figures = simulate(s, 200, 7, rotate=True).to_dict()["seats"]
    mean = {entry["name"]: entry["score_mean"] for entry in figures}
    random_mean = (mean["random-a"] + mean["random-b"]) / 2
    assert mean["cautious"] > mean["greedy"] > random_mean, mean


def test_bots_only_choose_legal_steps_and_games_end():
    for players in (2, 3, 4):
        for bot in ("random", "greedy", "cautious"):
            s = scen(players, bots=bot)
            match = Match(s.game, s.config)
            outcome = play_out(match, make_bots(s.game, s.config, 11), chance_rng(11))
            assert outcome.termination in ("water-ran-out", "salmon-ran-out")
            assert len(outcome.scores) == players
            assert GAME.measures(match.state)["rounds"] >= 1


def test_same_seed_same_game():
    s = scenario_fmt.load(TABLE)
    a, b = play_one(s, 99), play_one(s, 99)
    assert a.steps == b.steps and a.events == b.events
    assert play_one(s, 100).steps != a.steps

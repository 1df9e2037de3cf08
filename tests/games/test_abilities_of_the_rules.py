"""What each game's rules hand over to the modules beside them: the kinds a transcript may
hold, and Sliding Bears' rating (the anchors, what a game is read as, the planner's seats)."""

from __future__ import annotations

from bearcli.core import registry
from bearcli.core.runner import Match, chance_rng, make_bots, play_out
from bearcli.games.baerenspiel import notation as bs_notation
from bearcli.games.sliding_bears import notation as sb_notation
from bearcli.games.sliding_bears import rating
from tests.games.baerenspiel import helpers as bs
from tests.games.sliding_bears import helpers as sb


def test_the_transcript_kinds_are_the_notations():
    game = registry.get("baerenspiel")
    for variant in ("forest", "twin", "memo"):
        cfg = bs.scenario(variant=variant).config
        assert game.transcript_kinds(cfg) == bs_notation.transcript_kinds(variant)
    assert bs_notation.transcript_kinds("memo") != bs_notation.transcript_kinds("forest")
    sliding = registry.get("sliding-bears")
    assert sliding.transcript_kinds(sb.scenario().config) == sb_notation.TRANSCRIPT_KINDS


def test_sliding_bears_rating_anchors_are_the_bots_own():
    game = registry.get("sliding-bears")
    assert game.rating_anchors("greedy") is rating.ANCHORS
    assert game.rating_anchors("planner") is rating.PLANNER_ANCHORS
    assert game.rating_anchors("random") == {}


def test_sliding_bears_rating_reads_a_game_and_seats_the_planner():
    game = registry.get("sliding-bears")
    scen = sb.scenario()
    m = Match(scen.game, scen.config)
    play_out(m, make_bots(scen.game, scen.config, 5), chance_rng(5))
    rated = game.rated_game(m.events, m.outcome, m.state.turn)
    assert rated == rating.rated_game(m.events, m.outcome, m.state.turn)
    assert game.rating_seats(scen.config, "greedy", 50) == (scen.config, "greedy")
    config, batch = game.rating_seats(scen.config, "planner", 50)
    assert batch is None and [s.bot for s in config.seats] == ["planner"]
    assert config.seats[0].options == (("budget", 50),)
    unbudgeted, _ = game.rating_seats(scen.config, "planner", None)
    assert unbudgeted.seats[0].options == ()

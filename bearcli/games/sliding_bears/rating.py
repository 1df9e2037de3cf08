"""What a rating of a Sliding Bears floe plays and reads (the Rating ability,
bearcli/core/abilities.py; `layout rate` plays it through bearcli/rating.py).

A floe is rated at each level (SB2) and variant (SB3), by the planner (the strongest bot: the
difficulty label rests on it) and greedy. A game's events give the bears that arrived, the
set-up removal and, for a lost game, which bears were still out when the ice ran out (SB2, SB5,
SB8). The anchors are each bot's win rates on every shipped floe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bearcli.core.abilities import Anchors, RatedGame
from bearcli.core.game import Seat
from bearcli.games.sliding_bears.layout import COLOURS

AXES = ("level", "variant")
# The levels (SB2) and variants (SB3) a floe is rated at, in the order they are reported.
SETTINGS = (
    ("normal", "classic"),
    ("hard", "classic"),
    ("normal", "multicolour"),
    ("hard", "multicolour"),
)
BOTS = ("planner", "greedy")  # the strongest first


# Greedy's win rate on every shipped floe, per (level, variant), easiest first: 2,000 games
# each, batch seed 1 (`python -m bearcli.rating sliding-bears greedy 2000 0` prints it).
ANCHORS: dict[tuple[str, str], Anchors] = {
    ("normal", "classic"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 0.991),
        ("classic", "Classic floe", 0.633),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.6145),
        ("the-archipelago", "The Archipelago", 0.5695),
        ("the-great-wall", "The Great Wall", 0.296),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.202),
    ),
    ("hard", "classic"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 0.961),
        ("classic", "Classic floe", 0.486),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.472),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.1705),
        ("the-great-wall", "The Great Wall", 0.096),
        ("the-archipelago", "The Archipelago", 0.0195),
    ),
    ("normal", "multicolour"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 0.994),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.8015),
        ("classic", "Classic floe", 0.7875),
        ("the-archipelago", "The Archipelago", 0.614),
        ("the-great-wall", "The Great Wall", 0.3895),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.2665),
    ),
    ("hard", "multicolour"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 0.9815),
        ("classic", "Classic floe", 0.68),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.6595),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.2265),
        ("the-great-wall", "The Great Wall", 0.136),
        ("the-archipelago", "The Archipelago", 0.0175),
    ),
}


# The planner's win rate on every shipped floe, per (level, variant), easiest first: at most
# 500 games each, batch seed 1, stopped at +-3%
# (`python -m bearcli.rating sliding-bears planner 500 0.03` prints it).
PLANNER_ANCHORS: dict[tuple[str, str], Anchors] = {
    ("normal", "classic"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 1.0),
        ("the-archipelago", "The Archipelago", 0.78),
        ("classic", "Classic floe", 0.752),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.684),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.374),
        ("the-great-wall", "The Great Wall", 0.342),
    ),
    ("hard", "classic"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 1.0),
        ("classic", "Classic floe", 0.692),
        ("the-archipelago", "The Archipelago", 0.652),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.588),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.332),
        ("the-great-wall", "The Great Wall", 0.25),
    ),
    ("normal", "multicolour"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 1.0),
        ("the-archipelago", "The Archipelago", 0.8737),
        ("classic", "Classic floe", 0.868),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.834),
        ("the-great-wall", "The Great Wall", 0.506),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.496),
    ),
    ("hard", "multicolour"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 1.0),
        ("the-archipelago", "The Archipelago", 0.82),
        ("classic", "Classic floe", 0.802),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.742),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.46),
        ("the-great-wall", "The Great Wall", 0.374),
    ),
}


ANCHORS_BY_BOT: dict[str, dict[tuple[str, str], Anchors]] = {
    "greedy": ANCHORS,
    "planner": PLANNER_ANCHORS,
}


def rated_game(events: Sequence, outcome, turns: int) -> RatedGame:
    """What a rating reads of one game: the bears across, how it was lost, the set-up
    removal."""
    across, removal = set(), None
    for logged in events:
        ev = logged.event
        if ev.type == "bear-arrived":
            across.add(ev.get("bear"))
        elif ev.type == "tile-removed":  # the set-up removal (SB2), one per game
            removal = ev.get("square")
    arrived = tuple(c for c in COLOURS if c in across)
    won = bool(outcome.winners)
    lost_as = (
        None if won else loss_name(outcome.termination, [c for c in COLOURS if c not in across])
    )
    return RatedGame(won, turns, arrived, lost_as, removal)


def loss_name(termination: str, out: list[str]) -> str:
    """A lost game in words: how it ended (SB5: no free ice), and which bears were out."""
    if termination != "no-free-ice":
        return termination
    return "ice ran out with " + ", ".join(out) + " still to cross"


def rating_seats(config, bot: str, budget: int | None):
    """The planner is seated with its node budget (it is no batch bot: its seats name it);
    any other bot plays every seat as the batch's bot."""
    if bot != "planner":
        return config, bot
    options = (("budget", budget),) if budget is not None else ()
    seats = tuple(Seat(s.name, "planner", options) for s in config.seats)
    return replace(config, seats=seats), None

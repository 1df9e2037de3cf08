"""Sliding Bears events told as sentences (SB1-SB9), e.g.

    turn 2: the wind slid the ice tile from d1 to e1 with the yellow bear riding on it

The narrator remembers the turn and whose it is (from the roll) for the sentences that follow.
"""

from __future__ import annotations

from bearcli.core.narration import TableNarrator, count, words

ENDS = {
    "all-bears-across": "all four bears are across",
    "no-free-ice": "the crack finds no free ice",
}
DICE = {"bear": "the bear die", "wind": "the wind"}
FINISH = -2  # a bear's position once across (rules.FINISH; narrate.py is imported by rules)


class SlidingBearsNarrator(TableNarrator):
    title = "Sliding Bears"

    def __init__(self, config):
        super().__init__(config)
        self.turn: int | None = None
        self.seat_number: int | None = None  # whose turn it is (1-based)

    def in_turn(self, text: str) -> str:
        return text if self.turn is None else f"turn {self.turn}: {text}"

    def status(self, state) -> str:
        across = sum(1 for b in state.bears if b == FINISH)
        ice = count(state.cells.count("I"), "ice tile")
        return f"bears across {across}/{len(state.bears)}; {ice} left"

    def who(self) -> str:
        return "the player" if self.seat_number is None else self.seat(self.seat_number)


def _place(name: str) -> str:
    return {"start": "its start square", "finish": "its finish square"}.get(
        name, f"the ice on {name}"
    )


def game_started(n: SlidingBearsNarrator, e: dict) -> str:
    return (
        f"Sliding Bears begins for {count(e['seats'], 'player')} ({e['variant']} variant, "
        f"{e['level']} level) on a floe of {e['columns']} x {e['rows']} squares: "
        f"{count(e['ice'], 'ice tile')}, {count(e['seals'], 'seal')} and "
        f"{count(e['rocks'], 'rock')}"
    )


def tile_removed(n: SlidingBearsNarrator, e: dict) -> str:
    tile = "seal" if e["tile"] == "seal" else "ice tile"
    return f"set-up: the {tile} on {e['square']} is taken off the floe before the first roll"


def dice_rolled(n: SlidingBearsNarrator, e: dict) -> str:
    n.turn, n.seat_number = e["turn"], e["seat"]
    return n.in_turn(
        f"{n.who()} rolled {e['bear']} on the bear die and {e['weather']} on the weather die"
    )


def bear_jumped(n: SlidingBearsNarrator, e: dict) -> str:
    start = {"start": "its start square", "finish": "its finish square"}.get(e["from"], e["from"])
    back = "back " if e["to"] == "start" else ""
    return n.in_turn(f"the {e['bear']} bear jumped from {start} {back}onto {_place(e['to'])}")


def bear_arrived(n: SlidingBearsNarrator, e: dict) -> str:
    are = "is" if e["arrived"] == 1 else "are"
    return n.in_turn(
        f"the {e['bear']} bear has arrived: {e['arrived']} of the 4 bears {are} across"
    )


def ice_cracked(n: SlidingBearsNarrator, e: dict) -> str:
    return n.in_turn(
        f"the ice on {e['square']} cracked and is gone; {count(e['ice_left'], 'ice tile')} left"
    )


def tile_slid(n: SlidingBearsNarrator, e: dict) -> str:
    tile = "seal" if e["tile"] == "seal" else "ice tile"
    rider = f" with the {e['rider']} bear riding on it" if e["rider"] else ""
    return n.in_turn(f"the wind slid the {tile} from {e['from']} to {e['to']}{rider}")


def effects_forgone(n: SlidingBearsNarrator, e: dict) -> str:
    forgone = words(DICE.get(d, d) for d in e["dice"])
    return n.in_turn(f"{n.who()} passed, forgoing {forgone}")


def turn_ended(n: SlidingBearsNarrator, e: dict) -> str:
    unused = e["unused"]
    left = f": {words(DICE.get(d, d) for d in unused)} had no legal use" if unused else ""
    n.turn = e["turn"]
    return n.in_turn(f"{n.seat(e['seat'])}'s turn is over{left}")


def game_ended(n: SlidingBearsNarrator, e: dict) -> str:
    n.turn = e["turn"]
    result = {"won": "everyone wins", "lost": "everyone loses"}.get(e["result"], e["result"])
    return n.in_turn(f"{result}: {ENDS.get(e['termination'], e['termination'])}")


SlidingBearsNarrator.sentences = {
    "game-started": game_started,
    "tile-removed": tile_removed,
    "dice-rolled": dice_rolled,
    "bear-jumped": bear_jumped,
    "bear-arrived": bear_arrived,
    "ice-cracked": ice_cracked,
    "tile-slid": tile_slid,
    "effects-forgone": effects_forgone,
    "turn-ended": turn_ended,
    "game-ended": game_ended,
}

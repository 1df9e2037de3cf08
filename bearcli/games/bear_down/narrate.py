"""Bear Down! events told as sentences (BD1-BD13), e.g.

    round 3, blue WWS: the tile on blue4 fell; Florian's bear fell with 4 salmon and goes
    back to the boulder, the salmon to the supply

The narrator remembers the round and the faces of its roll, so the water and salmon events say
which die brought them.
"""

from __future__ import annotations

from bearcli.core.narration import TableNarrator, count, words
from bearcli.games.bear_down.graph import SQUARES

ENDS = {"water-ran-out": "the water ran out", "salmon-ran-out": "the salmon ran out"}
SOURCES = {"supply": "the supply", "rock-stack": "under the rock"}


class BearDownNarrator(TableNarrator):
    title = "Bear Down!"

    def __init__(self, config):
        super().__init__(config)
        self.round: int | None = None
        self.faces: dict[str, str] = {}  # stream -> face of this round's roll

    def status(self, state) -> str:
        seats = ", ".join(
            f"{self.seat(i + 1)} {c}/{b}"
            for i, (c, b) in enumerate(zip(state.carried, state.banked, strict=True))
        )
        return f"salmon carried/banked: {seats}"

    def bear(self, seat: int) -> str:
        return f"{self.seat(seat)}'s bear"

    def in_round(self, text: str) -> str:
        return text if self.round is None else f"round {self.round}: {text}"

    def by_die(self, stream: str, text: str) -> str:
        """Prefixed with the round and the die that caused it: `round 3, blue WWS: ...`."""
        face = f" {self.faces[stream]}" if stream in self.faces else ""
        where = f"{stream}{face}" if self.round is None else f"round {self.round}, {stream}{face}"
        return f"{where}: {text}"


def _place(name: str) -> str:
    return "the boulder" if name == "boulder" else name


def _salmon(n: int) -> str:
    return count(n, "salmon", "salmon")


def game_started(n: BearDownNarrator, e: dict) -> str:
    return (
        f"Bear Down! begins with {e['players']} players on the {words(e['streams'])} streams: "
        f"{count(e['water_supply'], 'water tile')} in the supply, {e['rock_stack']} under "
        f"the rock and {_salmon(e['salmon_supply'])} in the salmon supply; "
        f"{n.seat(e['first_player'])} is the first player"
    )


def dice_rolled(n: BearDownNarrator, e: dict) -> str:
    n.round = e["round"]
    n.faces = dict(f.split(":", 1) for f in e["faces"])
    rolled = words(f"{s} {f}" for s, f in n.faces.items())
    return n.in_round(f"{n.seat(e['seat'])} rolled {rolled}")


def final_round_begun(n: BearDownNarrator, e: dict) -> str:
    return n.in_round(f"{e['reason']}, so round {e['round']} is the final round")


def water_tile_slid_in(n: BearDownNarrator, e: dict) -> str:
    return n.by_die(
        e["stream"],
        f"a water tile from {SOURCES.get(e['source'], e['source'])} slid into the "
        f"{e['stream']} stream ({e['water_supply']} left in the supply, "
        f"{e['rock_stack']} under the rock)",
    )


def water_exhausted(n: BearDownNarrator, e: dict) -> str:
    return n.by_die(
        e["stream"],
        f"no water tile is left anywhere, so no water flows into the {e['stream']} stream",
    )


def tile_fell(n: BearDownNarrator, e: dict) -> str:
    on = [n.bear(e["bear"])] if e["bear"] is not None else []
    on += [_salmon(e["salmon"])] if e["salmon"] else []
    tile = (
        f"the tile on {e['stream']}{SQUARES}" if on else f"the empty tile on {e['stream']}{SQUARES}"
    )
    what = f" with {words(on)} on it" if on else ""
    back = "; the salmon go back to the supply" if e["salmon"] else ""
    return n.by_die(e["stream"], f"{tile} fell over the waterfall{what}{back}")


def bear_fell(n: BearDownNarrator, e: dict) -> str:
    lost = e["lost"]
    carried = f"with {_salmon(lost)}" if lost else "carrying no salmon"
    supply = ", the salmon to the supply" if lost else ""
    return n.by_die(
        e["stream"],
        f"the tile on {e['stream']}{SQUARES} fell; {n.bear(e['seat'])} fell {carried} "
        f"and goes back to the boulder{supply}",
    )


def salmon_shortage(n: BearDownNarrator, e: dict) -> str:
    return n.in_round(
        f"the dice need {_salmon(e['needed'])} but the supply holds only {e['supply']}, "
        "so the game ends at once"
    )


def salmon_jumped(n: BearDownNarrator, e: dict) -> str:
    squares, rolled = e["squares"], e["rolled"]
    if len(squares) == rolled:
        text = f"{_salmon(rolled)} jumped onto {words(squares)}"
    elif squares:
        text = f"{_salmon(rolled)} rolled: {len(squares)} jumped onto {words(squares)}"
    else:
        text = f"{_salmon(rolled)} rolled, but every tile of {e['stream']} holds a bear"
    return n.by_die(e["stream"], text)


def surplus_returned(n: BearDownNarrator, e: dict) -> str:
    return n.by_die(
        e["stream"], f"{_salmon(e['count'])} found no free tile and went back to the supply"
    )


def bear_moved(n: BearDownNarrator, e: dict) -> str:
    return n.in_round(
        f"{n.bear(e['seat'])} moved from {_place(e['from'])} to {_place(e['to'])} "
        f"({count(e['steps'], 'step')})"
    )


def salmon_caught(n: BearDownNarrator, e: dict) -> str:
    return n.in_round(
        f"{n.bear(e['seat'])} caught {_salmon(e['count'])} on {e['square']} "
        f"and now carries {e['carried']}"
    )


def salmon_banked(n: BearDownNarrator, e: dict) -> str:
    return n.in_round(
        f"{n.bear(e['seat'])} brought {_salmon(e['count'])} to the boulder: "
        f"{e['banked']} banked in all"
    )


def bear_stayed(n: BearDownNarrator, e: dict) -> str:
    return n.in_round(f"{n.bear(e['seat'])} stayed on {_place(e['at'])} ({e['reason']})")


def round_ended(n: BearDownNarrator, e: dict) -> str:
    return f"round {e['round']} is over: every bear has moved"


def first_player_passed(n: BearDownNarrator, e: dict) -> str:
    return (
        f"the first player token passed from {n.seat(e['from'])} to {n.seat(e['to'])} "
        f"for round {e['round']}"
    )


def final_scoring(n: BearDownNarrator, e: dict) -> str:
    why = ENDS.get(e["termination"], e["termination"])
    return n.in_round(
        f"the game is over ({why}): every bear gives half of the salmon it carries, "
        "rounded down, back to the supply and banks the rest"
    )


def salmon_counted(n: BearDownNarrator, e: dict) -> str:
    who, carried = n.seat(e["seat"]), e["carried"]
    total = f"{_salmon(e['salmon'])} banked in all"
    if not carried:
        return n.in_round(f"{who} carried no salmon: {total}")
    back, kept = e["returned"], e["kept"]
    return n.in_round(
        f"{who} carried {_salmon(carried)}: {back or 'none'} {'goes' if back < 2 else 'go'} "
        f"back to the supply and {kept} {'is' if kept == 1 else 'are'} banked, {total}"
    )


def game_ended(n: BearDownNarrator, e: dict) -> str:
    scores, winners = e["scores"], e["winners"]
    best = scores[winners[0] - 1] if winners else 0
    each = " each" if len(winners) > 1 else ""
    verb = "win" if len(winners) > 1 else "wins"
    table = ", ".join(f"{n.seat(i + 1)} {s}" for i, s in enumerate(scores))
    return (
        f"the game ended after {count(e['rounds'], 'round')} "
        f"({ENDS.get(e['termination'], e['termination'])}): "
        f"{words(n.seat(w) for w in winners)} {verb} with {_salmon(best)}{each} ({table})"
    )


BearDownNarrator.sentences = {
    "game-started": game_started,
    "dice-rolled": dice_rolled,
    "final-round-begun": final_round_begun,
    "water-tile-slid-in": water_tile_slid_in,
    "water-exhausted": water_exhausted,
    "tile-fell": tile_fell,
    "bear-fell": bear_fell,
    "salmon-shortage": salmon_shortage,
    "salmon-jumped": salmon_jumped,
    "surplus-returned": surplus_returned,
    "bear-moved": bear_moved,
    "salmon-caught": salmon_caught,
    "salmon-banked": salmon_banked,
    "bear-stayed": bear_stayed,
    "round-ended": round_ended,
    "first-player-passed": first_player_passed,
    "final-scoring": final_scoring,
    "salmon-counted": salmon_counted,
    "game-ended": game_ended,
}

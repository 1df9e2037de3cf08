"""Bärenspiel events told as sentences: the forest and twin games (BS1-BS13), the memo game
(BS14), e.g.

    turn 1: the free reveal next to the path turned over d5: the little bear

The narrator remembers the turn (forest: from `turn-started`; memo: counted as the engine
does, one more each time the cards turn back) and, during the escort, the throw.
"""

from __future__ import annotations

import re

from bearcli.core.narration import TableNarrator, count, words
from bearcli.games.baerenspiel import forest

CARDS = {"bear": "the little bear", "path": "a path", "animal": "an animal"}
ENDS = {
    "bear-escorted": "every little bear is out of the forest",
    "escort-failed": "the throws ran out before every little bear was out of the forest",
    "no-route": "a little bear found has no route to the edge of the forest",
    "trapped": "nothing is left to turn over or cover, so the animals have won",
    "all-pairs-taken": "all pairs are taken",
}


class BaerenspielNarrator(TableNarrator):
    title = "Bärenspiel"

    def __init__(self, config):
        super().__init__(config)
        self.turn: int | None = None
        self.throws: int | None = None  # throws of the escort
        self.throw: int | None = None  # the throw being resolved
        self.twin = getattr(config, "variant", None) == "twin"  # two little bears (BS13)

    def status(self, state) -> str:
        if hasattr(state, "pairs"):  # the memo game
            table = ", ".join(f"{self.seat(i + 1)} {p}" for i, p in enumerate(state.pairs))
            return f"pairs: {table}"
        if state.bears and (state.phase in ("throw", "choose") or state.need):
            bears = "; ".join(
                f"the little bear from {forest.square_name(b)} needs {count(n, 'step')}"
                if n
                else f"the little bear from {forest.square_name(b)} is out"
                for b, n in zip(state.bears, state.need, strict=True)
            )
            return f"escort: {bears}; {count(state.throws, 'throw')} left"
        found = f"{len(state.bears)} of {2 if self.twin else 1}"
        return f"little bears found: {found}"

    def in_turn(self, text: str) -> str:
        return text if self.turn is None else f"turn {self.turn}: {text}"

    def in_throw(self, text: str) -> str:
        of = f" of {self.throws}" if self.throws is not None else ""
        return text if self.throw is None else f"escort throw {self.throw}{of}: {text}"


def _card(kind: str) -> str:
    return CARDS.get(kind, f"an {kind}" if kind[:1] in "aeiou" else f"a {kind}")


def _memo_card(card: str) -> str:
    """`bear` -> little bear, `obstacle3` -> obstacle 3 (P-BS9 numbers species and kinds)."""
    return "little bear" if card == "bear" else re.sub(r"(\D)(\d+)$", r"\1 \2", card)


def _pile(counts: list[int]) -> str:
    names = ("little bear", "path", "animal", "obstacle")  # the piles' order (FOREST_KINDS)
    held = [count(c, k) for c, k in zip(counts, names, strict=True) if c]
    return f"{count(sum(counts), 'card')} ({words(held)})" if held else "no card"


def game_started(n: BaerenspielNarrator, e: dict) -> str:
    players = count(e["seats"], "player")
    if e["variant"] == "memo":
        n.turn = 1
        return (
            f"Bärenspiel, the memo game, begins for {players}: "
            f"{count(e['pairs'], 'pair')}, {e['cards']} cards face down"
        )
    setup = [f"the dark pile holds {_pile(e['dark'])}", f"the light pile {_pile(e['light'])}"]
    if e["open"]:
        setup.append(f"{count(e['open'], 'card')} start face up")
    if e["dealt"]:
        setup.append(f"the scenario deals {count(e['dealt'], 'card')} to their squares")
    return f"Bärenspiel, the {e['variant']} game, begins for {players}: {'; '.join(setup)}"


def turn_started(n: BaerenspielNarrator, e: dict) -> str:
    n.turn = e["turn"]
    free = " with one search and no dice, after a round of only trees" if e["free"] else ""
    return n.in_turn(f"{n.seat(e['seat'])}'s turn begins{free}")


def dice_rolled(n: BaerenspielNarrator, e: dict) -> str:
    rerolls = e["rerolls"]
    text = f"{n.seat(e['seat'])} rolled {words(e['faces'])}: "
    text += count(e["searches"], "search", "searches") if e["searches"] else "no search"
    if rerolls:
        dice = "die" if len(rerolls) == 1 else "dice"
        text += f", and {dice} {words(str(d) for d in rerolls)} may be re-rolled"
    return n.in_turn(text)


def die_rerolled(n: BaerenspielNarrator, e: dict) -> str:
    left = count(e["searches"], "search", "searches") if e["searches"] else "no search"
    return n.in_turn(f"{n.seat(e['seat'])} re-rolled die {e['die']}: {e['face']}; {left} left")


def card_turned(n: BaerenspielNarrator, e: dict) -> str:
    who = n.seat(e["seat"])
    how = (
        f"{who}'s free reveal next to the path turned over {e['square']}"
        if e["by"] == "chain"
        else f"{who} searched {e['square']}"
    )
    card = "a little bear" if e["card"] == "bear" and n.twin else _card(e["card"])
    return n.in_turn(f"{how}: the {e['back']}-backed card shows {card}")


def chain_declined(n: BaerenspielNarrator, e: dict) -> str:
    return n.in_turn(
        f"{n.seat(e['seat'])} declined the free reveal next to the path on {e['square']}"
    )


def obstacle_covered(n: BaerenspielNarrator, e: dict) -> str:
    return n.in_turn(
        f"{n.seat(e['seat'])} took the path from {e['path']} on the edge and laid it on the "
        f"obstacle on {e['square']}; "
        + (
            f"the obstacle under it on {e['path']} is face up again"  # P-BS6: a laid path taken
            if e.get("uncovered")
            else f"{e['path']} is now a hole"
        )
    )


def bear_found(n: BaerenspielNarrator, e: dict) -> str:
    which = "the little bear" if e["of"] == 1 else f"little bear {e['found']} of {e['of']}"
    return n.in_turn(f"{which} is found on {e['square']}")


def turn_ended(n: BaerenspielNarrator, e: dict) -> str:
    unused = []
    if e["unused_searches"]:
        unused.append(count(e["unused_searches"], "unused search", "unused searches"))
    if e["unused_rerolls"]:
        unused.append(count(e["unused_rerolls"], "unused re-roll"))
    many = len(unused) > 1 or e["unused_searches"] > 1 or e["unused_rerolls"] > 1
    lapse = f"; {words(unused)} {'lapse' if many else 'lapses'}" if unused else ""
    n.turn = e["turn"]
    return n.in_turn(f"{n.seat(e['seat'])}'s turn is over{lapse}")


def trees_only_round(n: BaerenspielNarrator, e: dict) -> str:
    return (
        f"round {e['round']} granted no search: in the next round each turn is one search "
        "without rolling"
    )


def escort_started(n: BaerenspielNarrator, e: dict) -> str:
    n.throws, n.throw = e["throws"], 0
    bears = []
    for square, route in zip(e["bears"], e["routes"], strict=True):
        if route < 0:
            bears.append(f"the little bear on {square} has no route to the edge")
        elif route == 0:
            bears.append(f"the little bear on {square} is on the edge and needs 1 step")
        else:
            bears.append(
                f"the little bear on {square} must cross {count(route, 'path card')} "
                f"and needs {route + 1} steps"
            )
    return n.in_turn(f"the escort begins with {count(e['throws'], 'throw')}: {'; '.join(bears)}")


def escort_thrown(n: BaerenspielNarrator, e: dict) -> str:
    n.throw = n.throws - e["throws_left"] if n.throws is not None else None
    left = count(e["throws_left"], "throw")
    return n.in_throw(f"the die shows {e['face']}, {count(e['steps'], 'step')}; {left} left")


def bear_escorted(n: BaerenspielNarrator, e: dict) -> str:
    bear, steps = f"the little bear from {e['square']}", count(e["steps"], "step")
    if e["out"]:
        return n.in_throw(f"with the throw's {steps}, {bear} is out of the forest")
    left = count(e["steps_left"], "step")
    return n.in_throw(f"{bear} went {steps} along its route; {left} still to go")


def card_flipped(n: BaerenspielNarrator, e: dict) -> str:
    return n.in_turn(f"{n.seat(e['seat'])} flipped {e['square']}: {_memo_card(e['card'])}")


def pair_taken(n: BaerenspielNarrator, e: dict) -> str:
    return n.in_turn(
        f"{n.seat(e['seat'])} took the {_memo_card(e['card'])} pair from "
        f"{words(e['squares'])}: {count(e['pairs'], 'pair')} so far"
    )


def cards_turned_back(n: BaerenspielNarrator, e: dict) -> str:
    text = n.in_turn(
        f"no pair: {words(e['squares'])} turn back face down and "
        f"{n.seat(e['next_seat'])} plays next"
    )
    n.turn = None if n.turn is None else n.turn + 1
    return text


def game_ended(n: BaerenspielNarrator, e: dict) -> str:
    why = ENDS.get(e["termination"], e["termination"])
    if "turn" in e:
        n.turn = e["turn"]
    if "pairs" not in e:
        result = {"won": "everyone wins", "lost": "everyone loses"}.get(e["result"], e["result"])
        return n.in_turn(f"{result}: {why}")
    winners, pairs = e["winners"], e["pairs"]
    verb = "win" if len(winners) > 1 else "wins"
    each = " each" if len(winners) > 1 else ""
    best = count(pairs[winners[0] - 1] if winners else 0, "pair")
    table = ", ".join(f"{n.seat(i + 1)} {p}" for i, p in enumerate(pairs))
    return f"{why}: {words(n.seat(w) for w in winners)} {verb} with {best}{each} ({table})"


BaerenspielNarrator.sentences = {
    "game-started": game_started,
    "turn-started": turn_started,
    "dice-rolled": dice_rolled,
    "die-rerolled": die_rerolled,
    "card-turned": card_turned,
    "chain-declined": chain_declined,
    "obstacle-covered": obstacle_covered,
    "bear-found": bear_found,
    "turn-ended": turn_ended,
    "trees-only-round": trees_only_round,
    "escort-started": escort_started,
    "escort-thrown": escort_thrown,
    "bear-escorted": bear_escorted,
    "card-flipped": card_flipped,
    "pair-taken": pair_taken,
    "cards-turned-back": cards_turned_back,
    "game-ended": game_ended,
}

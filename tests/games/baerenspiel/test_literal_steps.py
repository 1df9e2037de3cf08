"""Steps the rulebook's letter allows but that only waste a move (P-BS2, P-BS6): a transcribed
table game that made them replays; the legal steps (what the bots choose from) leave them out."""

from __future__ import annotations

from bearcli.games.baerenspiel import forest
from bearcli.games.baerenspiel.narrate import BaerenspielNarrator
from tests.games.baerenspiel.helpers import cell, match, play, refused, types


def _offered(m) -> list[str]:
    return [str(s) for s in m.game.legal_steps(m.state)]


def test_p_bs2_a_search_on_the_chain_card_is_accepted_but_never_offered():
    m = match(["roll bear bear tree", "search a5", "a5 is path"], seats=3)
    assert "chain b5" in _offered(m) and "search b5" not in _offered(m)
    play(m, "search b5")  # the letter of BS5: b5 is next to a face-up path
    assert m.state.searches == 0 and m.state.chain is None  # the free reveal is thrown away
    logged = play(m, "b5 is path")
    assert [e.event.get("by") for e in logged if e.event.type == "card-turned"] == ["search"]
    assert m.state.chain == forest.parse_square("b5")  # a path turned by a search chains too
    # The refused side: no search left, or a card a search may not reach (BS4, BS5).
    m = match(["roll bear tree tree", "search a5", "a5 is path", "chain b5", "b5 is path"])
    refused(m, "search c5", "BS4")
    m = match(["roll bear bear tree", "search a5", "a5 is path"])
    refused(m, "search e5", "BS5")


def test_p_bs6_a_laid_path_may_be_taken_again_leaving_its_obstacle_face_up():
    m = match(
        ["roll bear bear bear", "cover b5 from a5"],
        extra="open: {a5: path, b5: obstacle, d1: obstacle}",
    )
    assert cell(m, "a5") == "hole" and cell(m, "b5") == "cover"
    assert "cover d1 from b5" not in _offered(m)  # the bots never make this move
    logged = play(m, "cover d1 from b5")  # b5 is on the edge (beside the hole a5)
    assert cell(m, "b5") == "obstacle" and cell(m, "d1") == "cover"  # no new hole
    assert m.state.reach == forest.scan(m.state.cells)
    assert m.state.chain == forest.parse_square("d1") and m.state.searches == 1
    covered = [e.event for e in logged if e.event.type == "obstacle-covered"]
    assert covered[0].get("uncovered") is True
    told = BaerenspielNarrator(m.config).tell({**covered[0].to_dict(), "seq": 9, "step": 3})
    assert "the obstacle under it on b5 is face up again" in told
    # A plain cover says nothing of it, as it always did (the golden logs stay the same).
    plain = match(["roll bear tree tree"], extra="open: {a5: path, d1: obstacle}")
    logged = play(plain, "cover d1 from a5")
    assert "uncovered" not in dict(logged[0].event.fields)
    assert types(logged)[0] == "obstacle-covered"
    # Refused: a laid path off the edge still stays put (BS7).
    m = match(
        ["roll bear bear bear", "cover d5 from a5"],
        extra="open: {a5: path, d5: obstacle, i5: obstacle}",
    )
    refused(m, "cover i5 from d5", "BS7")

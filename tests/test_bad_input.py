"""Bad input of any shape gives a BearError (a clear FILE:LINE:COL message), never a crash."""

from __future__ import annotations

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bearcli.core import registry
from bearcli.core.errors import BearError
from bearcli.core.runner import Match
from bearcli.formats import movelog, scenario, yamlsrc
from tests.conftest import ROOT
from tests.fuzz.strategies import paths_of

SCENARIOS = {
    name: sorted((ROOT / "scenarios" / name).glob("*.yaml"))[0] for name in registry.names()
}
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 99),
    st.text(max_size=12),
    st.sampled_from(
        [
            "sliding-bears",
            "bear-down",
            "baerenspiel",
            "human",
            "greedy",
            "random",
            "hard",
            "memo",
            "twin",
            "a1",
            "c3",
        ]
    ),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
keys = st.sampled_from(
    [
        "format",
        "game",
        "seats",
        "seed",
        "layout",
        "level",
        "variant",
        "params",
        "remove",
        "scenario",
        "moves",
        "result",
        "set",
        "deal",
        "open",
        "title",
    ]
)
documents = st.dictionaries(keys, values, max_size=7)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents)
def test_any_scenario_or_move_log_shape_is_an_error_not_a_crash(doc):
    text = yaml.safe_dump(doc)
    for parse in (scenario.parse, movelog.parse):
        try:
            parse(yamlsrc.loads(text, "fuzz.yaml", ROOT))
        except BearError as exc:
            assert exc.location is not None and exc.location.line >= 1


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(sorted(SCENARIOS)),
    st.lists(st.text(max_size=20), max_size=6),
    st.integers(0, 3),
)
def test_any_step_text_is_parsed_or_refused(name, texts, legal_first):
    scen = scenario.load(SCENARIOS[name])
    m = Match(scen.game, scen.config)
    for _ in range(legal_first):  # get past the first steps so later phases are fuzzed too
        options = scen.game.legal_steps(m.state) or [
            s for s, _ in scen.game.chance_outcomes(m.state)
        ]
        if m.over or not options:
            break
        m.apply(options[0])
    for text in texts:
        try:
            m.apply_text(text)
        except BearError as exc:
            assert exc.message


def _set(data, path, value):
    for p in path[:-1]:
        data = data[p]
    data[path[-1]] = value


REAL = {p: yaml.safe_load(p.read_text()) for p in sorted((ROOT / "scenarios").rglob("*.yaml"))}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(REAL)), st.data(), values)
def test_a_real_scenario_with_one_value_changed_is_valid_or_an_error(path, data, value):
    doc = yaml.safe_load(path.read_text())
    target = data.draw(st.sampled_from(list(paths_of(doc))))
    _set(doc, target, value)
    try:
        scen = scenario.parse(yamlsrc.loads(yaml.safe_dump(doc), str(path), path.parent))
    except BearError as exc:
        assert exc.location is not None
        return
    Match(scen.game, scen.config)  # whatever validates must set up a game

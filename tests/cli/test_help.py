"""Help that teaches: every command's `--help` has an example and clean names, the bots and
scenario keys it lists are the registry's, and the shell completion is there."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
import typer

from bearcli.cli.app import app
from bearcli.cli.options import GAMES_HELP
from bearcli.core import registry
from bearcli.formats.scenario import CORE_KEYS
from tests.conftest import ROOT
from tests.test_startup import COMMANDS as COMMAND_NAMES


def _commands(group=None, path=()):
    """Every command's words (`("play",)`, `("layout", "show")`), subcommands included."""
    group = group or typer.main.get_command(app)
    for name, command in sorted(group.commands.items()):
        if getattr(command, "commands", None):
            yield from _commands(command, (*path, name))
        else:
            yield (*path, name)


COMMANDS = list(_commands())


def test_the_walk_finds_every_command():
    assert {c[0] for c in COMMANDS} >= {"play", "simulate", "validate", "replay", "solve"}
    assert len(COMMANDS) >= 8


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_every_command_s_help_has_an_example_and_clean_names(cli, words):
    ran = cli(*words, "--help")
    assert ran.code == 0, ran.err
    text = ran.out
    assert "Example" in text, words  # `Example:` or `Examples:`
    usage = text.splitlines()[0]
    assert usage.startswith(f"Usage: bearcli {' '.join(words)} ")
    assert "{" not in usage and "}" not in usage  # Typer's `{scenario}`
    # No Python types as names of values: `<path>`, `<int range>`, `<list[str]>`, `<bool>`.
    assert not re.search(r"<(int|str|path|bool|float|list|Path)\b[^>]*>", text), text
    for line in text.splitlines():  # a flag is a flag: nothing after `--force` but its help
        if line.strip().startswith("--force"):
            assert re.match(r"\s*--force\s{2,}\S", line), line


def _listed(section: str) -> dict[str, list[str]]:
    block = GAMES_HELP.split(section, 1)[1].split("\n\n", 1)[0]
    rows = [line.split(None, 1) for line in block.splitlines() if line.startswith("  ")]
    return {game: [w.strip() for w in rest.split(",")] for game, rest in rows}


def test_the_bots_listed_are_the_registry_s():
    listed = _listed("Bots")
    assert listed == {name: sorted(registry.get(name).bots) for name in registry.names()}


def test_the_scenario_keys_listed_are_the_registry_s():
    listed = _listed("Scenario keys")
    assert listed == {name: sorted(registry.get(name).scenario_keys) for name in registry.names()}
    head = GAMES_HELP.split("Scenario keys", 1)[1].split("\n  ", 1)[0]
    assert set(re.findall(r"[a-z]+", head.split("beyond every game's", 1)[1])) - {"and"} == set(
        CORE_KEYS
    )


@pytest.mark.parametrize("command", ["play", "simulate", "validate", "solve"])
def test_commands_that_take_a_scenario_list_the_bots_and_keys(cli, command):
    out = cli(command, "--help").out
    for game, bots in _listed("Bots").items():
        assert re.search(rf"{game}\s+{', '.join(bots)}", out), (command, game)
    assert "Scenario keys" in out


def test_the_root_help_has_examples_and_offers_completion(cli):
    out = cli("--help").out
    assert "Examples:" in out and "bearcli play sliding-bears/classic" in out
    assert "--install-completion" in out and "--show-completion" in out


def _completing(words: str) -> list[str]:
    """What the shell gets when TAB is pressed after `words` (bash's protocol)."""
    env = {
        **os.environ,
        "_BEARCLI_COMPLETE": "complete_bash",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
    }
    bearcli = os.path.join(os.path.dirname(sys.executable), "bearcli")  # the installed script
    ran = subprocess.run([bearcli], env=env, capture_output=True, text=True, timeout=30)
    assert ran.returncode == 0, ran.stderr
    return ran.stdout.split()


def test_shell_completion_completes_commands_options_and_shipped_scenarios():
    assert _completing("bearcli pl") == ["play"]
    assert {"--seed", "--set", "--show-memory"} <= set(_completing("bearcli play --s"))
    assert _completing("bearcli play bear-down/t") == [
        "bear-down/three-players",
        "bear-down/two-players",
    ]


def test_completion_lists_every_command_and_a_group_s_subcommands():
    assert _completing("bearcli ") == list(COMMAND_NAMES)
    assert _completing("bearcli layout r") == ["render", "rate"]


def test_install_completion_writes_the_script_and_sources_it(tmp_path):
    """In a scratch HOME; Typer's test switch names the shell instead of detecting it."""
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1",
    }
    bearcli = os.path.join(os.path.dirname(sys.executable), "bearcli")
    ran = subprocess.run(
        [bearcli, "--install-completion", "bash"], env=env, capture_output=True, text=True
    )
    assert ran.returncode == 0, ran.stderr
    script = tmp_path / ".bash_completions" / "bearcli.sh"
    assert "_BEARCLI_COMPLETE=complete_bash" in script.read_text()
    assert f"source '{script}'" in (tmp_path / ".bashrc").read_text()


def test_show_completion_prints_the_script(cli, monkeypatch):
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")  # name the shell
    ran = cli("--show-completion", "bash")
    assert ran.code == 0, ran.err
    assert "_BEARCLI_COMPLETE=complete_bash" in ran.out and "complete -o default" in ran.out


def test_a_mistyped_command_is_a_usage_error_with_suggestions(cli):
    ran = cli("pla")
    assert ran.code == 2
    assert "No such command 'pla'. Did you mean 'play', 'replay'?" in ran.err
    ran = cli("layout", "shw")
    assert ran.code == 2 and "Did you mean 'show'?" in ran.err


def _click_command(words: tuple[str, ...]):
    command = typer.main.get_command(app)
    for word in words:
        command = command.commands[word]
    return command


def _options(words: tuple[str, ...]) -> set[str]:
    params = _click_command(words).params
    return {"--help"} | {o for p in params for o in (*p.opts, *getattr(p, "secondary_opts", []))}


def _named_options(text: str, words: tuple[str, ...]) -> list[tuple[tuple[str, ...], str]]:
    """(the command it belongs to, the option) for each `--option` a help text names: an
    option after `bearcli CMD` on its line, and before a closing backtick, is CMD's (`bearcli`
    alone: the root's), else the command's whose help it is."""
    paths = {(), *COMMANDS, *{c[:1] for c in COMMANDS}}
    named = []
    lines: list[str] = []
    for line in text.splitlines():  # a call wrapped after `bearcli CMD` goes on: one line
        if lines and re.search(r"\bbearcli(?: [a-z][a-z-]*)*$", lines[-1]):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    for line in lines:
        for match in re.finditer(r"(?<![\w-])--[a-z][a-z0-9-]*", line):
            owner = words
            calls = list(re.finditer(r"\bbearcli((?: [a-z][a-z-]*)*)", line[: match.start()]))
            if calls and "`" not in line[calls[-1].end() : match.start()]:  # `...` ends a call
                said = tuple(calls[-1].group(1).split())
                owner = max((p for p in paths if said[: len(p)] == p), key=len)
            named.append((owner, match.group(0)))
    return named


def test_the_option_walk_assigns_each_option_to_the_command_named_before_it():
    line = "see `bearcli play --help`, --seed, or bearcli layout rate FILE --games 9 --json"
    assert _named_options(line, ("simulate",)) == [
        (("play",), "--help"),
        (("simulate",), "--seed"),
        (("layout", "rate"), "--games"),
        (("layout", "rate"), "--json"),
    ]
    wrapped = "check it with `bearcli\n  validate --strict-seats FILE`; --out"
    assert _named_options(wrapped, ("record", "new")) == [
        (("validate",), "--strict-seats"),
        (("record", "new"), "--out"),
    ]
    assert _named_options("bearcli --install-completion; --bot", ("simulate",)) == [
        ((), "--install-completion"),
        ((), "--bot"),
    ]


@pytest.mark.parametrize("words", [(), *COMMANDS], ids=lambda w: " ".join(w) or "bearcli")
def test_every_option_a_help_names_exists(cli, words):
    text = cli(*words, "--help").out
    named = _named_options(text, words)
    assert len(named) >= 1
    missing = [
        (" ".join(owner), option) for owner, option in named if option not in _options(owner)
    ]
    assert missing == [], text


def _takes_a_shipped_name(words: tuple[str, ...]) -> bool:
    arguments = [p for p in _click_command(words).params if p.param_type_name == "argument"]
    return any("shipped name" in (getattr(p, "help", None) or "") for p in arguments)


def test_every_command_that_takes_a_shipped_name_completes_it():
    taking = [words for words in COMMANDS if _takes_a_shipped_name(words)]
    assert {("play",), ("simulate",), ("solve",), ("layout", "rate")} <= set(taking)
    for words in taking:
        got = _completing(f"bearcli {' '.join(words)} sliding-bears/small/")
        assert got == ["sliding-bears/small/single-file"], words
    assert _completing("bearcli solve bear-down/t") == [
        "bear-down/three-players",
        "bear-down/two-players",
    ]
    assert _completing("bearcli layout show bear-down/t") == []  # a floe is Sliding Bears'


def test_the_readme_s_completion_claim_names_the_commands_that_complete_scenarios():
    readme = (ROOT / "README.md").read_text()
    claim = re.search(r"sets up TAB completion of[^(]*\(after ([^;)]*)", readme)
    assert claim, "the README says after which commands TAB completes scenario names"
    named = set(re.findall(r"`([a-z]+(?: [a-z]+)?)`", claim.group(1)))
    completing = {
        " ".join(words)
        for words in COMMANDS
        if _completing(f"bearcli {' '.join(words)} sliding-bears/small/")
        == ["sliding-bears/small/single-file"]
    }
    assert {"play", "simulate", "layout rate"} <= completing
    assert named == completing


def test_scenario_names_complete_after_every_command_that_takes_one():
    for words in ("simulate", "solve", "validate", "replay", "layout show", "layout rate"):
        assert _completing(f"bearcli {words} sliding-bears/cl") == ["sliding-bears/classic"], words
    assert _completing("bearcli rules bear-down/t") == []  # rules takes a ruling id, no path

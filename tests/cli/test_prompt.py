"""The `play` prompt at a real terminal (a pseudo-terminal): arrow keys edit the line, up-arrow
recalls the previous one, TAB completes the legal steps; piped input stays plain lines."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from bearcli.cli.prompt import COMMANDS, completions
from tests.cli.test_play import SMALL  # the 4 x 3 floe of the play tests

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|[\x01\x02]")
PROMPT = "Ana> "
ROLL = "Ana [Enter: roll]> "
UP, LEFT = "\x1b[A", "\x1b[D"


class Terminal:
    """`bearcli play` with stdin, stdout and stderr on a pseudo-terminal."""

    def __init__(self, cwd: Path, *args: str):
        self.fd, slave = pty.openpty()
        env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "100", "LINES": "40"}
        env.pop("INPUTRC", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bearcli", "play", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env={**env, "INPUTRC": "/dev/null"},  # no user key bindings
            start_new_session=True,  # the pty is its controlling terminal
        )
        os.close(slave)
        self.raw = ""

    @property
    def text(self) -> str:
        return ANSI.sub("", self.raw)

    def wait_for(self, needle: str, count: int = 1, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while self.text.count(needle) < count:
            left = deadline - time.monotonic()
            assert left > 0, f"timed out waiting for {needle!r} x{count}:\n{self.text}"
            if select.select([self.fd], [], [], left)[0]:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # EIO: the other side is closed
                    chunk = b""
                assert chunk, f"play ended early:\n{self.text}"
                self.raw += chunk.decode("utf-8", "replace")

    def keys(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def close(self) -> int:
        if self.fd < 0:  # closed already
            return self.proc.returncode
        deadline = time.monotonic() + 10
        self.proc.send_signal(signal.SIGTERM)
        quiet_since = time.monotonic()
        while time.monotonic() < deadline and self.proc.poll() is None:
            # CPython's readline misses a signal that lands between writing the prompt and
            # waiting for a key (a loaded machine makes that likely right after the test has
            # read the prompt); a second one stops it, as a second Ctrl-C does at the table.
            # Sent only while play has said nothing: once stopping, it prints where it saved.
            if time.monotonic() - quiet_since > 2:
                self.proc.send_signal(signal.SIGTERM)
                quiet_since = time.monotonic()
            if select.select([self.fd], [], [], 0.2)[0]:
                try:
                    if not os.read(self.fd, 65536):
                        break
                except OSError:
                    break
                quiet_since = time.monotonic()
        code = self.proc.wait(timeout=10)
        os.close(self.fd)
        self.fd = -1
        return code


@pytest.fixture
def terminal(tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    opened = []

    def start(*args: str) -> Terminal:
        opened.append(Terminal(tmp_path, "s.yaml", "--seed", "4", *args))
        return opened[-1]

    yield start
    for term in opened:
        term.close()


def _moves(path: Path) -> list[str]:
    return yaml.safe_load(path.read_text())["moves"]


def test_completion_offers_the_next_word_of_the_legal_steps():
    legal = ["jump pink c2", "jump pink start", "jump green a1", "crack d5", "pass"]
    assert completions("ju", legal) == ["jump "]
    assert completions("jump ", legal) == ["pink ", "green "]
    assert completions("jump pink s", legal) == ["start"]
    assert completions("JUMP P", legal) == ["Pink "]  # what was typed stays as typed
    assert completions("x", legal) == []
    assert completions("", legal + list(COMMANDS))[-1] == "quit"
    # `:` and `/` stay inside a word (Bear Down!'s dice, Sliding Bears' bear die).
    rolls = ["roll blue:W green:S1", "roll blue:WWS green:S1", "roll pink/blue wind"]
    assert completions("roll blue:W", rolls) == ["blue:W ", "blue:WWS "]
    assert completions("roll p", rolls) == ["pink/blue "]


def test_tab_completes_a_legal_step_at_the_terminal(terminal, tmp_path):
    term = terminal("--save", "g.yaml")
    term.wait_for(PROMPT)
    term.keys("rem\t")  # the only word a step starts with here: `remove `
    term.wait_for("remove ")
    term.keys("\t")  # then the only square a seal stands on
    term.wait_for("remove b2")
    term.keys("\r")
    term.wait_for(ROLL)  # the table waits for Ana to roll
    assert _moves(tmp_path / "g.yaml")[0] == "remove b2"
    assert term.close() == 130


def test_arrow_keys_edit_and_up_arrow_recalls_the_last_line(terminal, tmp_path):
    term = terminal("--save", "g.yaml")
    term.wait_for(PROMPT)
    term.keys("remov b2" + LEFT * 3 + "e\r")  # the missing letter typed in the middle
    term.wait_for(ROLL)
    assert _moves(tmp_path / "g.yaml")[0] == "remove b2"
    assert "^[[" not in term.text  # the keys edited; none was printed
    term.keys("\r")  # Enter at the roll: Ana rolls, and then decides
    term.wait_for(PROMPT, 2)
    assert _moves(tmp_path / "g.yaml")[1].startswith("roll ")
    term.keys(UP + "\r")  # the same line again: refused now, so it was recalled whole
    term.wait_for("error: illegal step 'remove b2'")
    term.keys("quit\r")
    assert term.proc.wait(timeout=10) == 130
    assert _moves(tmp_path / "g.yaml")[0] == "remove b2"


def test_piped_input_is_read_as_plain_lines(cli, tmp_path):
    # No terminal: a tab and an escape sequence are characters of the line, not keys.
    (tmp_path / "s.yaml").write_text(SMALL)
    ran = cli("play", "s.yaml", "-s", "4", "--save", "g.yaml", input="rem\t\nremove b2\nquit\n")
    assert ran.code == 130
    assert "malformed step 'rem'" in ran.err
    assert "\x1b" not in ran.out  # the prompt is plain text
    assert _moves(tmp_path / "g.yaml")[0] == "remove b2"

"""The `play` prompt: a line editor at a terminal, plain lines from a pipe.

At a terminal (stdin and stdout both ttys) the line is read with the standard library's
`readline`: arrow keys edit, up and down recall earlier lines (this session's), TAB completes
the legal steps word by word and the prompt's own words (`undo`, `board`, ...). readline rather
than prompt_toolkit: no new dependency, it is what `input()` uses anyway, and it leaves the
terminal to rich between prompts. Where it is missing (Windows) the prompt still works, without
editing. Piped input (tests, scripts) is read as plain lines, as before, with no escape codes.
"""

import re
import sys
from collections.abc import Callable, Sequence

# The words the prompt itself understands, offered by TAB beside the legal steps.
COMMANDS = ("?", "help", "board", "undo", "redo", "quit")
# Steps are space-separated words; `:`, `/` and `-` belong inside a word (`blue:S1`,
# `pink/blue`), so only blanks separate what TAB completes.
DELIMS = " \t"
_ESCAPE = re.compile(r"(\x1b\[[0-9;]*m)")


def completions(line: str, candidates: Sequence[str]) -> list[str]:
    """What TAB offers for the word being typed at the end of `line`: the next word of every
    candidate that starts with the line (case-insensitive), with a space after it when more
    words follow, once each, in the candidates' order."""
    head, _, word = line.rpartition(" ")
    start = head + " " if head else ""
    folded = line.casefold()
    offered: dict[str, None] = {}
    for text in candidates:
        if not text.casefold().startswith(folded):
            continue
        rest = text[len(start) :]
        nxt, space, _ = rest.partition(" ")
        offered[word + nxt[len(word) :] + space] = None
    return list(offered)


def is_terminal() -> bool:
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


class Prompt:
    """Reads one line after a prompt; `candidates()` lists what TAB may complete right now."""

    def __init__(self, console, candidates: Callable[[], Sequence[str]]) -> None:
        self.console = console
        self.candidates = candidates
        self.readline = _line_editor(self._complete) if is_terminal() else None
        self._offered: list[str] = []

    def read(self, who: str) -> str:
        """The line typed after `who> `; EOFError at the end of input."""
        from rich.markup import escape

        if self.readline is None:
            return self.console.input(f"[bold]{escape(who)}[/bold]> ")
        # input() itself writes the prompt, so readline knows its width and redraws the line
        # (history, editing) without wiping it; colour codes are marked as taking no width.
        with self.console.capture() as captured:
            self.console.print(f"[bold]{escape(who)}[/bold]> ", end="", highlight=False)
        return input(_ESCAPE.sub("\x01\\1\x02", captured.get()))

    def _complete(self, text: str, state: int) -> str | None:
        if state == 0 and self.readline is not None:  # readline calls it, so it is there
            line = self.readline.get_line_buffer()[: self.readline.get_endidx()]
            self._offered = completions(line, [*self.candidates(), *COMMANDS])
        return self._offered[state] if state < len(self._offered) else None


def _line_editor(complete: Callable[[str, int], str | None]):
    """readline, set up for the prompt, or None where the platform has none."""
    try:
        import readline
    except ImportError:  # Windows: plain input(), still correct
        return None
    readline.set_completer(complete)
    readline.set_completer_delims(DELIMS)
    if "libedit" in (readline.__doc__ or ""):  # macOS: the same key, another syntax
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return readline

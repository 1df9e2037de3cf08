"""Text from files, command lines and file names, made safe to show on a terminal.

A title written with YAML escapes (`"\\e]0;title\\a"`, `"\\u009b31m"`, an OSC 8 link, `\\u202e`)
would otherwise retitle or clear the terminal of whoever runs someone else's scenario, or turn
the text around. Every C0 and C1 control character (but a newline and a tab), DEL, and every
bidirectional formatting character is shown escaped, as Python writes it (`\\x1b`, `\\u202e`).
"""

from __future__ import annotations

# Bidirectional formatting (Unicode UAX 9): marks, embeddings, overrides, isolates; and the
# line and paragraph separators, which some terminals treat as line breaks.
_BIDI = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x2028, 0x2029)
_CONTROLS = (*range(0x00, 0x20), *range(0x7F, 0xA0))


def _escape(cp: int) -> str:
    return f"\\x{cp:02x}" if cp < 0x100 else f"\\u{cp:04x}"


_TABLE = {cp: _escape(cp) for cp in (*_CONTROLS, *_BIDI)}
_KEEP_LINES = {**_TABLE, ord("\n"): "\n", ord("\t"): "\t"}


def safe(text: str, *, lines: bool = True) -> str:
    """`text` with every control and bidi character escaped; `lines=False` escapes newlines
    and tabs too (a file name, a one-line message)."""
    return text.translate(_KEEP_LINES if lines else _TABLE)


def is_safe(text: str, *, lines: bool = True) -> bool:
    return safe(text, lines=lines) == text


def clip(text: str, limit: int = 120) -> str:
    """At most `limit` characters of `text` (user text echoed in a message: a 1 MB step must
    not make a 1 MB error line), saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters)"


_JSON = {cp: f"\\u{cp:04x}" for cp in (*range(0x7F, 0xA0), *_BIDI)}


def safe_json(text: str) -> str:
    """JSON text (C0 controls are always escaped by json.dumps) with its C1, DEL and bidi
    characters written as JSON escapes: the same values, safe on a terminal."""
    return text.translate(_JSON)

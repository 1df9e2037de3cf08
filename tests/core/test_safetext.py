"""core.safetext: control and bidi characters shown escaped, everything else untouched."""

import json

import pytest

from bearcli.core.safetext import clip, is_safe, safe, safe_json

HOSTILE = [
    ("\x1b]0;PWNED\x07", "\\x1b]0;PWNED\\x07"),  # retitles the terminal
    ("\x1b[2J", "\\x1b[2J"),  # clears it
    ("\u009b31m", "\\x9b31m"),  # the one-character CSI
    ("\x1b]8;;http://x\x1b\\link", "\\x1b]8;;http://x\\x1b\\link"),  # an OSC 8 link
    ("abc\u202edef", "abc\\u202edef"),  # right-to-left override
    ("\u2066x\u2069", "\\u2066x\\u2069"),  # isolates
    ("a\x00b\x7fc\rd", "a\\x00b\\x7fc\\x0dd"),
]


@pytest.mark.parametrize(("raw", "shown"), HOSTILE)
def test_controls_and_bidi_are_shown_escaped(raw, shown):
    assert safe(raw) == shown
    assert is_safe(safe(raw)) and not is_safe(raw)


def test_plain_text_is_untouched():
    text = "Bärenspiel: Ana & Ben – 🐻 <b>[red]\\e\n\ttab"
    assert safe(text) == text
    assert safe("a\nb\tc", lines=False) == "a\\x0ab\\x09c"  # one line: a file name, a message


def test_every_code_point_below_a0_but_printable_ascii_is_escaped():
    for cp in range(0xA0):
        ch = chr(cp)
        printable = 0x20 <= cp < 0x7F
        assert (safe(ch, lines=False) == ch) is printable, hex(cp)


def test_json_escapes_keep_the_values():
    text = json.dumps({"t": "x\u009b\u202e\x1b\x7f"}, ensure_ascii=False)
    shown = safe_json(text)
    assert json.loads(shown) == json.loads(text)
    assert is_safe(shown)


def test_clip_says_how_long_the_text_was():
    assert clip("short") == "short"
    assert clip("x" * 1_000_000, 10) == "xxxxxxxxxx... (1,000,000 characters)"


def test_clip_keeps_text_of_exactly_the_limit_and_cuts_one_more():
    assert clip("x" * 120) == "x" * 120  # the default limit: 120 characters
    assert clip("x" * 121) == "x" * 120 + "... (121 characters)"
    assert clip("abc", 3) == "abc" and clip("abcd", 3) == "abc... (4 characters)"


def test_is_safe_keeps_lines_unless_told_not_to():
    assert is_safe("two\nlines\tand a tab")
    assert not is_safe("two\nlines", lines=False)
    assert is_safe("one line", lines=False)

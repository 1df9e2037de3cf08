"""Safe YAML with places: every value and key knows its line and column."""

from pathlib import Path

import pytest

from bearcli.core.errors import InputError
from bearcli.core.source import KEY
from bearcli.formats.yamlsrc import loads


def test_values_and_keys_carry_their_location():
    src = loads("game: x\nseats:\n  - bot: greedy\n", "f.yaml")
    assert str(src.loc("seats", 0, "bot")) == "f.yaml:3:10"
    assert str(src.loc("seats", KEY)) == "f.yaml:2:1"
    assert str(src.loc("missing")) == "f.yaml:1:1"  # falls back to the nearest parent


def test_only_safe_yaml():
    with pytest.raises(InputError) as tag:
        loads("x: !!python/object/apply:os.system ['true']\n", "evil.yaml")
    assert str(tag.value.location) == "evil.yaml:1:4"
    with pytest.raises(InputError) as alias:
        loads("a: &x [1, 2]\nb: *x\n", "bomb.yaml")
    assert "aliases" in alias.value.message


def test_size_limit():
    with pytest.raises(InputError):
        loads("a: " + "x" * (1 << 20), "big.yaml")


def _refused(text: str) -> InputError:
    with pytest.raises(InputError) as err:
        loads(text, "f.yaml")
    return err.value


def test_duplicate_keys_are_refused_at_the_second():
    assert loads("a: 1\nb: {a: 2}\n", "f.yaml").data == {"a": 1, "b": {"a": 2}}  # allowed
    err = _refused("game: x\nseed: 1\nseed: 2\n")
    assert str(err.location) == "f.yaml:3:1"
    assert err.message == "duplicate key 'seed' (first at line 2)"


def test_control_characters_are_a_located_error():
    err = _refused("game: sliding-bears\ntitle: a\fb\n")
    assert str(err.location) == "f.yaml:2:9" and "'\\x0c'" in err.message


def test_nesting_has_a_limit():
    deep_ok = "a: " + "[" * 60 + "]" * 60 + "\n"
    assert loads(deep_ok, "f.yaml").data["a"] is not None
    err = _refused("a: " + "[" * 400 + "]" * 400 + "\n")
    assert "nested deeper than 64 levels" in err.message and err.location.line == 1


def test_huge_numbers_and_lone_surrogates_are_located_errors():
    assert loads("seed: " + "9" * 4000 + "\n", "f.yaml").data["seed"] > 0  # allowed
    err = _refused("seed: " + "9" * 5000 + "\n")
    assert str(err.location) == "f.yaml:1:7"
    assert err.message.startswith("invalid YAML value: not a valid !!int (Exceeds the limit")
    err = _refused('game: x\ntitle: "\\ud83d"\n')
    assert str(err.location) == "f.yaml:2:8" and "surrogate escape" in err.message
    assert loads('title: "\\U0001F600"\n', "f.yaml").data["title"] == "\U0001f600"


@pytest.mark.parametrize(
    ("text", "place", "tag"),
    [
        ('a: !!int ""\n', "f.yaml:1:4", "int"),
        ("a: [1, !!float ]\n", "f.yaml:1:8", "float"),
        ("a:\n  b: !!bool x\n", "f.yaml:2:6", "bool"),
        ("- !!timestamp yesterday\n", "f.yaml:1:3", "timestamp"),
    ],
)
def test_a_value_its_tag_cannot_build_is_a_located_error(text, place, tag):
    # these made PyYAML's constructors fail with IndexError, KeyError or AttributeError
    err = _refused(text)
    assert (str(err.location), err.message) == (place, f"invalid YAML value: not a valid !!{tag}")
    assert loads(text.replace(f"!!{tag}", "!!str"), "f.yaml").data  # the same text, a str


def test_only_regular_files_are_read_and_never_past_the_limit(tmp_path):
    import os

    from bearcli.formats.yamlsrc import MAX_BYTES, read_text

    (tmp_path / "ok.yaml").write_text("a: 1\n")
    assert read_text(tmp_path / "ok.yaml") == "a: 1\n"
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer forever
    with pytest.raises(InputError, match="not a regular file"):
        read_text(fifo)
    with pytest.raises(InputError, match="not a regular file"):
        read_text(Path("/dev/zero"))  # never ends; its size says 0
    with pytest.raises(InputError, match="is a directory"):
        read_text(tmp_path)
    (tmp_path / "big.yaml").write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(InputError, match="larger than"):
        read_text(tmp_path / "big.yaml")
    with pytest.raises(InputError, match="NUL"):
        read_text(Path("a\0b.yaml"))


@pytest.mark.parametrize("notation", ["0x" + "f" * 3600, "0" + "7" * 4800, "0b" + "1" * 14400])
def test_an_integer_too_long_to_print_is_refused_in_any_notation(notation):
    # Each is over 4,300 decimal digits: Python would refuse to print it (an error message,
    # a table), so it is refused where it is read, as a decimal one is.
    with pytest.raises(InputError) as err:
        loads(f"a: 1\nb: {notation}\n", "f.yaml")
    assert (
        str(err.value)
        == "f.yaml:2:4: error: invalid YAML value: not a valid !!int (more than 4300 digits)"
    )
    assert loads("b: 0x" + "f" * 3000 + "\n", "f.yaml").data["b"] == 16**3000 - 1

"""Safe YAML with places: every value and key knows its line and column."""

import os
from pathlib import Path

import pytest
import yaml

from bearcli.core.errors import InputError, Location
from bearcli.core.source import KEY
from bearcli.formats import yamlsrc
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


# --- every refusal worded and placed, at its limit and just past it ---------------------------


def test_the_size_limit_counts_utf8_bytes_and_allows_exactly_the_limit():
    from bearcli.formats.yamlsrc import MAX_BYTES

    at_limit = "a: " + "x" * (MAX_BYTES - 4) + "\n"
    assert loads(at_limit, "f.yaml").data["a"] == "x" * (MAX_BYTES - 4)
    err = _refused(at_limit + "#")
    assert str(err) == f"f.yaml:1:1: error: file is larger than {MAX_BYTES} bytes"
    # fewer characters than the limit, more bytes: é is two bytes in UTF-8
    assert _refused("a: " + "é" * (MAX_BYTES // 2)).message.startswith("file is larger")


def test_an_alias_is_refused_where_it_stands():
    err = _refused("a: &x [1, 2]\nb: *x\n")
    assert str(err) == "f.yaml:2:4: error: invalid YAML: aliases (*name) are not allowed"
    assert loads("a: &x [1, 2]\n", "f.yaml").data == {"a": [1, 2]}  # an anchor alone is fine


@pytest.mark.parametrize("fast", [True, False])
def test_nesting_is_allowed_to_64_levels_and_refused_at_65(fast, monkeypatch):
    from bearcli.formats import yamlsrc

    if not fast:
        monkeypatch.setattr(yamlsrc, "_FastLoader", None)
    # the mapping is a level; each `[` another
    assert loads("a: " + "[" * 63 + "]" * 63 + "\n", "f.yaml").data["a"]
    err = _refused("a: " + "[" * 64 + "]" * 64 + "\n")
    assert str(err) == "f.yaml:1:67: error: invalid YAML: nested deeper than 64 levels"
    # the depth is counted back down on the way out: siblings do not add up
    assert loads("a: [[[]]]\n" * 1 + "b: " + "[" * 63 + "]" * 63 + "\n", "f.yaml").data["b"]


def test_a_syntax_error_is_placed_where_pyyaml_finds_it():
    err = _refused("game: x\nseats: [a, b\n")
    assert str(err.location) == "f.yaml:3:1"
    assert err.message.startswith("invalid YAML: expected ',' or ']'")
    err = _refused("a: 1\n b: 2\n")
    assert (str(err.location), err.message) == (
        "f.yaml:2:3",
        "invalid YAML: mapping values are not allowed here",
    )


def test_a_control_character_is_placed_on_its_own_line_and_column():
    err = _refused("a: 1\nbb: 2\nccc: x\x07y\n")
    assert str(err) == (
        "f.yaml:3:7: error: invalid YAML: character '\\x07' is not allowed in a YAML file"
    )


def test_an_empty_text_is_no_data_with_no_places():
    src = loads("", "f.yaml")
    assert src.data is None and src.locations == {} and src.file == "f.yaml"
    assert loads("# only a comment\n", "f.yaml").data is None


@pytest.mark.parametrize(
    ("escape", "refused"),
    [("\\ud800", True), ("\\udfff", True), ("\\ud7ff", False), ("\\ue000", False)],
)
def test_a_surrogate_is_refused_at_either_end_of_its_range_and_no_further(escape, refused):
    text = f'a: 1\nb: "x{escape}"\n'
    if refused:
        assert str(_refused(text)) == (
            "f.yaml:2:4: error: text with a surrogate escape "
            "(like \\ud83d; write \\U0001F600 instead)"
        )
    else:
        assert len(loads(text, "f.yaml").data["b"]) == 2


def test_a_duplicate_key_deep_down_is_refused_and_keys_that_are_no_text_are_not_compared():
    err = _refused("a:\n  - x: 1\n    y: 2\n    x: 3\n")
    assert str(err) == "f.yaml:4:5: error: duplicate key 'x' (first at line 2)"
    # a key that is a list passes the duplicate check (no text to compare) and is then
    # refused by PyYAML where it stands
    err = _refused("b: 1\n? [1, 2]\n: a\n")
    assert str(err) == "f.yaml:2:3: error: invalid YAML: found unhashable key"


def test_every_sequence_item_and_mapping_key_has_its_own_place():
    src = loads("list:\n  - 1\n  - {k: v}\n", "f.yaml")
    assert {str(k): str(v) for k, v in src.locations.items()} == {
        "()": "f.yaml:1:1",
        f"('list', {KEY!r})": "f.yaml:1:1",
        "('list',)": "f.yaml:2:3",
        "('list', 0)": "f.yaml:2:5",
        "('list', 1)": "f.yaml:3:5",
        f"('list', 1, 'k', {KEY!r})": "f.yaml:3:6",
        "('list', 1, 'k')": "f.yaml:3:9",
    }


def test_a_value_error_of_a_constructor_is_worded_with_its_cause():
    err = _refused("a: !!float x\n")
    assert str(err.location) == "f.yaml:1:4"
    assert err.message.startswith("invalid YAML value: not a valid !!float (could not convert")


@pytest.mark.parametrize(
    ("error", "message"),
    [
        # PyYAML's own errors carry a place; an error that carries none (a loader's error with no
        # mark, any other YAML error) is still a located error, at the file's start
        (lambda: yaml.MarkedYAMLError("while x", None, "no mark"), "invalid YAML: no mark"),
        (lambda: yaml.MarkedYAMLError("while x", None, None), "invalid YAML: while x"),
        (lambda: yaml.YAMLError("something else"), "invalid YAML: something else"),
        # a value error that no constructor's wrapping placed
        (lambda: ValueError("too odd"), "invalid YAML value: too odd"),
        (lambda: OverflowError("too big"), "invalid YAML value: too big"),
    ],
)
def test_an_error_with_no_place_is_placed_at_the_file_s_start(monkeypatch, error, message):
    def refuse(text):
        raise error()

    monkeypatch.setattr(yamlsrc, "_node", refuse)
    with pytest.raises(InputError) as refused:
        loads("a: 1\n", "f.yaml")
    assert (refused.value.message, refused.value.location) == (message, Location("f.yaml", 1, 1))


# --- reading files and standard input ---------------------------------------------------------


class _Stdin:
    def __init__(self, data: bytes):
        import io

        self.buffer = io.BytesIO(data)


def test_standard_input_is_read_to_the_limit_and_as_utf8(monkeypatch):
    from bearcli.formats import yamlsrc

    monkeypatch.setattr("sys.stdin", _Stdin("a: é\n".encode()))
    assert yamlsrc.read_text(Path("-")) == "a: é\n"
    monkeypatch.setattr("sys.stdin", _Stdin(b"#" * yamlsrc.MAX_BYTES))
    assert len(yamlsrc.read_text(Path("-"))) == yamlsrc.MAX_BYTES  # exactly the limit: read
    monkeypatch.setattr("sys.stdin", _Stdin(b"#" * (yamlsrc.MAX_BYTES + 1)))
    with pytest.raises(InputError) as big:
        yamlsrc.read_text(Path("-"))
    assert str(big.value) == f"<stdin>:1:1: error: input is larger than {yamlsrc.MAX_BYTES} bytes"
    monkeypatch.setattr("sys.stdin", _Stdin(b"a: \xff\n"))
    with pytest.raises(InputError) as bad:
        yamlsrc.read_text(Path("-"))
    assert str(bad.value) == "<stdin>:1:1: error: not UTF-8 text (invalid start byte)"


def test_load_of_standard_input_reads_named_files_from_the_working_folder(monkeypatch, tmp_path):
    from bearcli.formats import yamlsrc

    monkeypatch.chdir(tmp_path)
    (tmp_path / "floe.layout").write_text("grid\n")
    monkeypatch.setattr("sys.stdin", _Stdin(b"layout: floe.layout\n"))
    src = yamlsrc.load(Path("-"))
    assert src.file == "<stdin>" and src.text == "layout: floe.layout\n"
    assert str(src.loc("layout")) == "<stdin>:1:9"
    assert src.read_named_file("layout") == ("grid\n", "floe.layout")


def test_load_of_a_file_reads_named_files_beside_it(tmp_path):
    from bearcli.formats import yamlsrc

    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "s.yaml").write_text("layout: floe.layout\n")
    (tmp_path / "sub" / "floe.layout").write_text("grid\n")
    src = yamlsrc.load(tmp_path / "sub" / "s.yaml")
    assert src.file == str(tmp_path / "sub" / "s.yaml")
    assert src.read_named_file("layout") == ("grid\n", str(tmp_path / "sub" / "floe.layout"))
    assert yamlsrc.loads("layout: x\n", "f.yaml").read_relative is None  # no folder: no reader


def test_the_shown_name_of_standard_input_and_of_a_file():
    from bearcli.formats.yamlsrc import shown_name

    assert shown_name(Path("-")) == "<stdin>"
    assert shown_name(Path("a/b.yaml")) == "a/b.yaml"


def test_every_file_refusal_is_worded_at_the_name_shown(tmp_path):
    from bearcli.formats.yamlsrc import read_text

    def refusal(path: Path, shown: str | None = None) -> str:
        with pytest.raises(InputError) as err:
            read_text(path, shown)
        return str(err.value)

    assert refusal(tmp_path / "none.yaml", "x.yaml") == "x.yaml:1:1: error: no such file"
    assert refusal(tmp_path / "none.yaml") == f"{tmp_path}/none.yaml:1:1: error: no such file"
    assert refusal(tmp_path, "d") == "d:1:1: error: is a directory, not a file"
    (tmp_path / "latin1.yaml").write_bytes(b"a: \xe9\n")
    assert refusal(tmp_path / "latin1.yaml", "l.yaml") == (
        "l.yaml:1:1: error: not UTF-8 text (invalid continuation byte)"
    )
    (tmp_path / "file").write_text("")
    assert refusal(tmp_path / "file" / "x.yaml", "n.yaml") == (
        "n.yaml:1:1: error: cannot read: Not a directory"
    )
    assert (
        refusal(Path("a\0b.yaml"), "z") == "z:1:1: error: a file name cannot hold a NUL character"
    )
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert refusal(fifo, "p") == (
        "p:1:1: error: not a regular file (a pipe or a device cannot be read)"
    )


def test_a_file_of_exactly_the_limit_is_read_whole(tmp_path):
    from bearcli.formats.yamlsrc import MAX_BYTES, read_text

    (tmp_path / "full.yaml").write_bytes(b"#" * MAX_BYTES)
    assert len(read_text(tmp_path / "full.yaml")) == MAX_BYTES
    (tmp_path / "over.yaml").write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(InputError) as err:
        read_text(tmp_path / "over.yaml", "o")
    assert str(err.value) == f"o:1:1: error: file is larger than {MAX_BYTES} bytes"


@pytest.mark.parametrize(
    ("value", "allowed"),
    [("1", True), ("true", True), (" Yes ", True), ("ON", True), ("0", False), ("", False)],
)
def test_the_folder_is_lifted_only_by_a_yes_in_the_environment(
    value, allowed, tmp_path, monkeypatch
):
    from bearcli.core.source import ALLOW_OUTSIDE, OutsideFolder
    from bearcli.formats import yamlsrc

    (tmp_path / "in").mkdir()
    (tmp_path / "out.layout").write_text("grid\n")
    (tmp_path / "in" / "here.layout").write_text("here\n")
    monkeypatch.setenv(ALLOW_OUTSIDE, value)
    read = yamlsrc._relative_reader(tmp_path / "in")
    assert read("here.layout") == ("here\n", str(tmp_path / "in" / "here.layout"))
    if allowed:
        assert read("../out.layout") == ("grid\n", str(tmp_path / "in" / "../out.layout"))
    else:
        with pytest.raises(OutsideFolder) as err:
            read("../out.layout")
        assert err.value.message == "outside the folder"


@pytest.mark.parametrize("sign", ["", "-"])
def test_the_first_integer_of_4301_digits_is_refused_and_the_last_of_4300_read(sign):
    limit = 10**4300  # the smallest number of 4301 digits
    with pytest.raises(InputError) as err:
        loads(f"b: {sign}{hex(limit)}\n", "f.yaml")
    assert err.value.message == "invalid YAML value: not a valid !!int (more than 4300 digits)"
    assert loads(f"b: {sign}{hex(limit - 1)}\n", "f.yaml").data["b"] == int(f"{sign}{limit - 1}")

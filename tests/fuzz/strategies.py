"""Hypothesis strategies for every kind of input bearcli reads: scenarios, move logs, layouts,
event logs, raw bytes and command lines.

Files are built as YAML *text* by a small emitter (`emit`), not by yaml.safe_dump, so that a
document can hold what a dumper never writes: duplicate keys, lone surrogate escapes
(`"\\ud83d"`), raw control characters, integers of 5000 digits, tags, nesting 400 deep.
`Raw(text)` is YAML written exactly as given; `Pairs` is a mapping that may repeat a key.
"""

from __future__ import annotations

import copy
import functools
import json
import string
from dataclasses import dataclass

import yaml
from hypothesis import strategies as st

from tests.conftest import ROOT

GAMES = ("sliding-bears", "bear-down", "baerenspiel")


# --- the emitter --------------------------------------------------------------------------


def abbreviated(text: str, keep: int = 120) -> str:
    if len(text) <= 2 * keep:
        return repr(text)
    return f"{text[:keep]!r} + <{len(text) - 2 * keep} characters> + {text[-keep:]!r}"


@dataclass(frozen=True)
class Raw:
    """YAML text written as is, in place of a value (or a key)."""

    text: str

    def __repr__(self) -> str:  # a falsifying example stays readable
        return f"Raw({abbreviated(self.text)})"

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(repr(self))


class Blob(str):
    """Text that shows abbreviated in a falsifying example (an event log of 1 MiB)."""

    def __repr__(self) -> str:
        return abbreviated(str(self))

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(repr(self))


class Pairs(list):
    """A mapping as a list of (key, value): it may repeat a key."""


_PLAIN = set(string.ascii_letters + string.digits + "_-")


def quote(s: str) -> str:
    """A double-quoted YAML scalar: every character that a reader refuses raw is escaped,
    lone surrogates too (`\\ud83d`: the escape reaches the loader, which must refuse it)."""
    out = ['"']
    for c in s:
        o = ord(c)
        if c in '"\\':
            out.append("\\" + c)
        elif o < 0x20 or 0x7F <= o <= 0x9F:
            out.append(f"\\x{o:02x}")
        elif 0xD800 <= o <= 0xDFFF or o in (0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF):
            out.append(f"\\u{o:04x}")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def scalar(v) -> str:
    if isinstance(v, Raw):
        return v.text
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v != v:
            return ".nan"
        if v in (float("inf"), float("-inf")):
            return ".inf" if v > 0 else "-.inf"
        return repr(v)
    if isinstance(v, str):
        if v and set(v) <= _PLAIN and v[0].isalpha() and v.lower() not in _YAML_WORDS:
            return v
        return quote(v)
    raise TypeError(type(v))


_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "nan", "inf"}


def flow(v) -> str:
    if isinstance(v, Pairs):
        return "{" + ", ".join(f"{flow(k)}: {flow(x)}" for k, x in v) + "}"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{flow(k)}: {flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(flow(x) for x in v) + "]"
    return scalar(v)


def _items(v):
    return list(v) if isinstance(v, Pairs) else list(v.items())


def _literal(key: str, text: str, ind: str) -> list[str]:
    body = text.split("\n")
    if body and body[-1] == "":
        body = body[:-1]
    head = f"{ind}{key}: |" + ("2" if body and body[0][:1] == " " else "")
    return [head] + [(ind + "  " + ln) if ln else "" for ln in body]


def block(v, ind: str = "") -> list[str]:
    """Block style for mappings (and lists of scalars), flow below; text with newlines as
    a `|` block, the way layouts are written inline."""
    lines: list[str] = []
    if isinstance(v, (dict, Pairs)):
        for k, x in _items(v):
            key = flow(k)
            if isinstance(x, str) and "\n" in x.rstrip("\n") and _blockable(x):
                lines += _literal(key, x, ind)
            elif isinstance(x, (dict, Pairs)) and x and len(ind) < 8:
                lines.append(f"{ind}{key}:")
                lines += block(x, ind + "  ")
            elif isinstance(x, list) and x and len(ind) < 8:
                lines.append(f"{ind}{key}:")
                lines += [f"{ind}  - {flow(i)}" for i in x]
            else:
                lines.append(f"{ind}{key}: {flow(x)}")
        return lines
    return [ind + flow(v)]


def _blockable(text: str) -> bool:
    return all(c == "\n" or (" " <= c < "\x7f") or c > "\xa0" for c in text) and not any(
        "\ud800" <= c <= "\udfff" for c in text
    )


def emit(doc, style: str = "block") -> str:
    if style == "flow" or not isinstance(doc, (dict, Pairs)):
        return flow(doc) + "\n"
    return "\n".join(block(doc)) + "\n"


# --- odd values ---------------------------------------------------------------------------


def one_in(draw, n: int) -> bool:
    """True about once in n draws. (Hypothesis favours the simplest choice: a first
    element of sampled_from or the lower bound of integers comes up far more often.)"""
    return draw(st.integers(0, 2**20)) % n == n - 1


def weighted(*choices: tuple[int, st.SearchStrategy]) -> st.SearchStrategy:
    """One of the strategies, each drawn with its weight (st.one_of would merge repeated
    branches and pick evenly)."""
    table = [strategy for weight, strategy in choices for _ in range(weight)]
    return st.sampled_from(range(len(table))).flatmap(lambda i: table[i])


def _digits(n: int, sign: str = "", lead: str = "7") -> Raw:
    return Raw(sign + lead + "3" * (n - 1))


huge_ints = st.builds(
    _digits, st.sampled_from([4300, 4301, 5000, 6000, 20]), st.sampled_from(["", "-", "+"])
)
ints = st.one_of(
    st.integers(-3, 40),
    st.integers(),
    st.sampled_from([0, -1, -(2**31), 2**31, 2**63, -(2**63), 10**18, 10**100]),
)
floats = st.one_of(st.floats(), st.sampled_from([0.5, -0.0, 1e308, 2.0, 3.0]))
MARKUP = [
    "[/]",
    "[bold]",
    "[/x]",
    "[bold]x[/italic]",
    "[link=file:///etc/passwd]x[/link]",
    "[red",
    "\\[x]",
    ":bear:",
    ":100:",
    "x:1:2: error: y",
    "%s %d {0} {}",
]
control = st.sampled_from([chr(i) for i in [*range(0x20), *range(0x7F, 0xA0)]])
long_text = st.builds(
    lambda c, n: c * n,
    st.sampled_from(["a", "é", "🐻", " ", "ab ", "\t", "I "]),
    st.sampled_from([300, 5000, 20_000]),
)
texts = st.one_of(
    st.text(max_size=20),
    st.text(st.characters(codec="utf-8"), max_size=12),
    long_text,
    st.builds(lambda a, c, b: a + c + b, st.text(max_size=4), control, st.text(max_size=4)),
    st.sampled_from(["", " ", "\0", "a\0b", "\x1b[31mred", "\u202e", "\ufeff", "x\ny", "é"]),
    # text a terminal library may read as markup: Rich's [tags], :emoji: codes, links
    st.sampled_from(MARKUP),
)
surrogates = st.sampled_from(
    [
        Raw('"\\ud83d"'),
        Raw('"\\udfff x"'),
        Raw('"a\\ud800b"'),
        Raw('"\\ud83d\\ude00"'),
        Raw('"\\U0001F43B"'),
        Raw('"\\0"'),
        Raw('"nul\\x00"'),
        Raw('"\\e[2J"'),
        Raw('"\\N\\_\\L\\P"'),
    ]
)
raw_controls = st.sampled_from(
    ["\x00", "\x07", "\x1b", "\x7f", "\x85", "\x0c", "\x9b", "\ufffe"]
).map(lambda c: Raw("x" + c + "y"))
yaml_oddities = st.sampled_from(
    [
        Raw("~"),
        Raw(".nan"),
        Raw("-.inf"),
        Raw("0x1F"),
        Raw("0o17"),
        Raw("0b101"),
        Raw("1_000"),
        Raw("190:20:30"),
        Raw("2001-12-14"),
        Raw("2001-12-14t21:59:43.10-05:00"),
        Raw("!!binary aGVsbG8="),
        Raw("!!set {a, b}"),
        Raw("!!omap [{a: 1}]"),
        Raw("!!float 1e400"),
        Raw("!!int '12'"),
        Raw("!!str 12"),
        Raw("!!python/object/apply:os.getcwd []"),
        Raw("!custom 1"),
        Raw("&anchor [1, 2]"),
        Raw("*anchor"),
        Raw("{<<: {a: 1}}"),
        Raw("{[1, 2]: 3}"),
        Raw("{? a: 1}"),
        Raw("{a: 1, a: 2}"),
        Raw("'single ''quoted'''"),
        Raw("|-"),
        Raw("="),
    ]
)


def _nest(n: int, kind: str) -> Raw:
    if kind == "list":
        return Raw("[" * n + "]" * n)
    if kind == "map":
        return Raw("{a: " * n + "1" + "}" * n)
    return Raw("[{a: " * (n // 2) + "[]" + "}]" * (n // 2))


deep = st.builds(
    _nest, st.sampled_from([63, 64, 65, 100, 400]), st.sampled_from(["list", "map", "mix"])
)

WORDS = [
    *GAMES,
    "human",
    "greedy",
    "random",
    "cautious",
    "searcher",
    "perfect",
    "forgetful",
    "normal",
    "hard",
    "classic",
    "multicolour",
    "forest",
    "twin",
    "memo",
    "pink",
    "green/yellow",
    "crack",
    "wind",
    "W",
    "WWS",
    "S1",
    "S3",
    "a1",
    "c3",
    "e5",
    "red",
    "purple",
    "path",
    "bear",
    "tree",
    "paw",
    "seeded",
    "manual",
    "unfinished",
    "bearcli-scenario/1",
    "bearcli-moves/1",
    "bearcli-scenario/2",
]
domain = st.one_of(st.sampled_from(WORDS), st.integers(-2, 30))
# Values that load (wrong in type or range, not in YAML): the bulk of every mutation.
plain_scalars = st.one_of(st.none(), st.booleans(), ints, floats, texts, domain, domain)
# Values a loader must refuse or that stress it: huge integers, surrogate escapes, raw
# control characters, tags, anchors, nesting far past the limit. Rarer, one spoils a file.
hostile = st.one_of(huge_ints, surrogates, raw_controls, yaml_oddities, deep)
KEYS = [
    "format",
    "game",
    "title",
    "description",
    "seats",
    "seed",
    "layout",
    "level",
    "variant",
    "params",
    "remove",
    "deal",
    "open",
    "name",
    "bot",
    "memory",
    "bear_die",
    "weather_die",
    "die",
    "dice",
    "rocks",
    "dropped_stream",
    "water_supply",
    "rock_stack",
    "salmon_supply",
    "dark",
    "light",
    "removed",
    "pairs",
    "scenario",
    "scenario_file",
    "moves",
    "result",
    "chance",
    "set",
    "notes",
    "termination",
    "winners",
    "scores",
]
keys = st.one_of(st.sampled_from(KEYS), st.text(max_size=8), st.integers(-1, 3), st.none())


def _children(inner):
    return st.one_of(st.lists(inner, max_size=6), st.dictionaries(keys, inner, max_size=4))


plain_values = st.recursive(plain_scalars, _children, max_leaves=10)
values = weighted((9, plain_values), (1, hostile))


ROOT_MARK = "@ROOT@"  # replaced by the workspace's folder when a case is written or run

# What a `layout:` or `scenario:` value (or an input argument) may name, besides a real file.
# Only ever read: no output option is given one of these (see out_paths).
odd_paths = st.sampled_from(
    [
        "/dev/zero",
        "/dev/null",
        "/dev/urandom",
        "/dev/stdin",
        "/dev/tty",
        "/proc/self/status",
        "/proc/self/mem",
        "/proc/self/fd/0",
        "/etc/passwd",
        "../../../../etc/passwd",
        "../../../../../../../../../../dev/zero",
        "/",
        ".",
        "..",
        "",
        " ",
        "a" * 300,
        "a/" * 200 + "x.layout",
        "nonexistent.layout",
        "no/such/dir/x.yaml",
        "x\0y",
        "~/.bashrc",
        "$HOME/x",
        "C:\\windows\\x.layout",
        "file:///etc/passwd",
        "http://example.com/x.layout",
        ROOT_MARK + "/fifo",
        "../fifo",
        ROOT_MARK + "/sock",
        "../sock",
        ROOT_MARK + "/folder",
        "../folder",
        ROOT_MARK + "/loop",
        "../loop",
        "../folder/inner.yaml",
    ]
)

# Output paths: only inside the case's own folder, or where nothing can be created (/proc):
# bearcli runs here as whoever runs the tests, possibly root, and `--force` replaces files.
out_paths = st.sampled_from(
    [
        "out.txt",
        "out dir/new/x.out",
        "fifo.out",  # a FIFO made in the case folder
        "link.out",  # a symlink to exists.out
        "dangling.out",  # a symlink to nothing
        "dev.out",  # a char device (1, 3), as /dev/null is, where mknod is permitted
        "subdir",  # an existing folder
        "exists.out",  # an existing file
        "exists.out/x.out",  # below a file
        "b" * 300,
        "b" * 250 + ".jsonl",
        ".",
        "..",
        "",
        "new\nline.out",
        "/proc/version",
        "/proc/self/nonexistent/x.out",
    ]
)


# --- mutations of real documents ------------------------------------------------------------


def paths_of(data, prefix=()):
    """Every path into a nested mapping/list (the value at it may be replaced)."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield prefix + (k,)
            yield from paths_of(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield prefix + (i,)
            yield from paths_of(v, prefix + (i,))


def containers_of(data, prefix=()):
    if isinstance(data, (dict, list)):
        yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from containers_of(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from containers_of(v, prefix + (i,))


def get(data, path):
    for p in path:
        data = data[p]
    return data


@st.composite
def mutate(draw, doc, value_strategy=values, max_ops: int = 4):
    """Change 0-`max_ops` things in a copy of `doc`: replace, add, delete or rename a key or
    item; last, maybe repeat one mapping's key (a duplicate)."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.sampled_from(range(max_ops + 1)))):
        op = draw(st.sampled_from(["set", "set", "add", "delete", "rename"]))
        if op == "set":
            paths = list(paths_of(doc))
            if not paths:
                continue
            path = draw(st.sampled_from(paths))
            get(doc, path[:-1])[path[-1]] = draw(value_strategy)
            continue
        conts = [p for p in containers_of(doc)]
        path = draw(st.sampled_from(conts))
        target = get(doc, path)
        if op == "add":
            if isinstance(target, dict):
                target[draw(keys)] = draw(value_strategy)
            else:
                target.insert(draw(st.integers(0, len(target))), draw(value_strategy))
        elif op == "delete" and target:
            if isinstance(target, dict):
                del target[draw(st.sampled_from(list(target)))]
            else:
                del target[draw(st.integers(0, len(target) - 1))]
        elif op == "rename" and isinstance(target, dict) and target:
            old = draw(st.sampled_from(list(target)))
            target[draw(keys)] = target.pop(old)
    if one_in(draw, 8):  # a duplicate key
        maps = [p for p in containers_of(doc) if isinstance(get(doc, p), dict) and get(doc, p)]
        if maps:
            path = draw(st.sampled_from(maps))
            target = get(doc, path)
            pairs = Pairs(target.items())
            pairs.insert(
                draw(st.integers(0, len(pairs))),
                (draw(st.sampled_from(list(target))), draw(value_strategy)),
            )
            if path:
                get(doc, path[:-1])[path[-1]] = pairs
            else:
                doc = pairs
    return doc


# --- scenarios ----------------------------------------------------------------------------

SCENARIO_FILES = sorted((ROOT / "scenarios").rglob("*.yaml"))
LAYOUT_FILES = {p.name: p.read_text() for p in sorted((ROOT / "scenarios").rglob("*.layout"))}
SCENARIO_DOCS = {
    str(p.relative_to(ROOT / "scenarios")): yaml.safe_load(p.read_text()) for p in SCENARIO_FILES
}


def _inline(doc: dict) -> dict:
    doc = dict(doc)
    if doc.get("layout") in LAYOUT_FILES:
        doc["layout"] = LAYOUT_FILES[doc["layout"]]
    return doc


@st.composite
def scenario_docs(draw, odd_path: st.SearchStrategy[str] | None = None):
    """A real scenario of any game, its layout inline or by file, with mutations; maybe
    its `layout:` naming an odd path, maybe its game swapped."""
    name = draw(st.sampled_from(sorted(SCENARIO_DOCS)))
    doc = copy.deepcopy(SCENARIO_DOCS[name])
    if draw(st.booleans()):
        doc = _inline(doc)
    if one_in(draw, 10):
        doc["game"] = draw(st.sampled_from(GAMES))
    if odd_path is not None and one_in(draw, 6):
        doc["layout"] = draw(odd_path)
    return draw(mutate(doc))


def mostly(valid, odd=None):
    """Usually a plausible value, now and then an odd one (of any type)."""
    return weighted((7, valid), (1, odd if odd is not None else plain_values))


def six(faces):
    return st.lists(mostly(st.sampled_from(faces)), min_size=5, max_size=7)


small_ints = st.one_of(
    st.integers(-2, 30), st.integers(0, 30), st.integers(0, 2000), ints, huge_ints
)
SB_FACES = [
    "pink",
    "green",
    "blue",
    "yellow",
    "pink/blue",
    "green/yellow",
    "PINK",
    "red",
    "pink/pink",
    "pink/green/blue/yellow",
    "",
    "/",
]
BD_FACES = ["W", "WWS", "S1", "S2", "S3", "w", "S4", "S0", "X", ""]
STREAMS = ["red", "blue", "green", "yellow", "purple", "pink", "RED", ""]
BS_KINDS = ["bear", "path", "animal", "obstacle", "tree", ""]
SQUARES = ["a1", "b5", "c3", "d4", "e1", "e5", "g7", "i9", "j5", "l12", "a0", "z1", "A1", "", "11"]
BOTS = {
    "sliding-bears": ["greedy", "random", "human"],
    "bear-down": ["greedy", "cautious", "random", "human"],
    "forest": ["searcher", "random", "human"],
    "memo": ["perfect", "forgetful", "random", "human"],
}
ALL_BOTS = sorted({b for bots in BOTS.values() for b in bots})


names = weighted((4, st.text(max_size=12)), (1, st.sampled_from(MARKUP)), (1, texts))


def seat_lists(bots: list[str], least: int, most: int):
    """Seats of one game: mostly its own bots and a count it takes, sometimes not."""
    bot = mostly(st.sampled_from(bots), st.sampled_from(ALL_BOTS + ["", "Greedy"]))
    seat = weighted(
        (6, bot),
        (3, st.fixed_dictionaries({"bot": bot}, optional={"name": mostly(names)})),
        (
            1 if "forgetful" in bots else 0,
            st.fixed_dictionaries(
                {"bot": st.just("forgetful")},
                optional={"name": mostly(names), "memory": mostly(small_ints)},
            ),
        ),
        (1, plain_values),
    )
    return mostly(st.lists(seat, min_size=least, max_size=most), st.lists(seat, max_size=most + 2))


def _maybe(draw, doc, key, strategy, n=3):
    if one_in(draw, n):
        doc[key] = draw(strategy)


@st.composite
def built_scenarios(draw):
    """A scenario built key by key from each game's own vocabulary (docs/formats.md and the
    params docstrings): mostly plausible, so that the games' own checks and set-up are
    reached, with odd values mixed in."""
    game = draw(weighted((15, st.sampled_from(GAMES)), (1, st.sampled_from(["", "Bear-Down"]))))
    doc = {"game": game}
    _maybe(draw, doc, "seed", small_ints)
    _maybe(draw, doc, "title", texts, 4)
    _maybe(draw, doc, "format", st.sampled_from(["bearcli-scenario/1"] * 5 + ["bearcli-moves/1"]))
    if game == "sliding-bears":
        doc["seats"] = draw(seat_lists(BOTS[game], 1, 6))
        doc["layout"] = draw(
            st.one_of(
                layout_texts(),
                layout_texts(),
                st.sampled_from(sorted(LAYOUT_FILES)),
                odd_paths,
                values,
            )
        )
        _maybe(draw, doc, "level", mostly(st.sampled_from(["normal", "hard"])), 2)
        _maybe(draw, doc, "variant", mostly(st.sampled_from(["classic", "multicolour"])), 2)
        _maybe(draw, doc, "remove", mostly(st.sampled_from(SQUARES)))
        params = st.fixed_dictionaries(
            {},
            optional={
                "bear_die": mostly(six(SB_FACES)),
                "weather_die": mostly(six(["crack", "wind", "Crack", "rain"])),
            },
        )
        _maybe(draw, doc, "params", mostly(params))
    elif game == "bear-down":
        doc["seats"] = draw(seat_lists(BOTS[game], 2, 4))
        faces = mostly(six(BD_FACES))
        rocks = st.lists(
            mostly(
                st.builds(
                    lambda a, b, n: f"{a}/{b} {n}",
                    st.sampled_from(STREAMS),
                    st.sampled_from(STREAMS),
                    st.integers(-1, 6),
                )
            ),
            max_size=6,
        )
        params = st.fixed_dictionaries(
            {},
            optional={
                "die": faces,
                "dice": mostly(
                    st.dictionaries(mostly(st.sampled_from(STREAMS), keys), faces, max_size=3)
                ),
                "rocks": mostly(rocks),
                "dropped_stream": mostly(st.sampled_from(STREAMS)),
                "water_supply": small_ints,
                "rock_stack": small_ints,
                "salmon_supply": small_ints,
            },
        )
        _maybe(draw, doc, "params", mostly(params), 2)
    elif game == "baerenspiel":
        variant = draw(mostly(st.sampled_from(["forest", "twin", "memo"])))
        doc["variant"] = variant
        bots = BOTS["memo" if variant == "memo" else "forest"]
        doc["seats"] = draw(seat_lists(bots, 1, 6))
        pile = st.dictionaries(mostly(st.sampled_from(BS_KINDS), keys), small_ints, max_size=5)
        params = st.fixed_dictionaries(
            {},
            optional={
                "dark": mostly(pile),
                "light": mostly(pile),
                "die": mostly(six(["bear", "paw", "tree", "Bear", "fish"])),
                "removed": mostly(
                    st.sampled_from(["random", "path", "animal", "obstacle", "bear"])
                ),
                "pairs": small_ints,
            },
        )
        _maybe(draw, doc, "params", mostly(params), 2)
        cards = st.dictionaries(
            mostly(st.sampled_from(SQUARES), keys), mostly(st.sampled_from(BS_KINDS)), max_size=4
        )
        _maybe(draw, doc, "deal", mostly(cards))
        _maybe(draw, doc, "open", mostly(cards))
    if one_in(draw, 3):
        doc = draw(mutate(doc, max_ops=1))
    return doc


# --- layouts ------------------------------------------------------------------------------


@st.composite
def layout_texts(draw):
    """A `.layout` text: a random grid of I S R ., bear lines, with mistakes now and then."""
    width = draw(st.one_of(st.integers(3, 7), st.integers(0, 15)))
    height = draw(st.one_of(st.integers(3, 7), st.integers(0, 15)))
    tiles = st.one_of(
        st.sampled_from("IIIISR.."), st.sampled_from(["Q", "i", "II", "0", "é", "🐻", "#"])
    )
    odd = one_in(draw, 3)
    cell = tiles if odd else st.sampled_from("IIIISR..")
    grid = [[draw(cell) for _ in range(width)] for _ in range(height)]
    if draw(st.booleans()) and width and height:  # the seal / ice that SB2 needs
        grid[draw(st.integers(0, height - 1))][draw(st.integers(0, width - 1))] = "S"

    def bear_line():
        cols = [[] for _ in range(max(width, 1))]
        for letter in "pgby":
            cols[draw(st.integers(0, max(width, 1) - 1))].append(letter)
        line = ["".join(c) or "." for c in cols][: width or 1]
        if odd and draw(st.booleans()):
            line[draw(st.integers(0, len(line) - 1))] = draw(
                st.sampled_from(["x", "pp", "P", "pgbyp", "", "..", "p.g"])
            )
        return line

    labels = ["finish"] + [str(height - i) for i in range(height)] + ["start"]
    rows = [bear_line()] + grid + [bear_line()]
    if odd:
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(0, len(rows) - 1))
            what = draw(st.sampled_from(["label", "wider", "narrower", "nocolon", "swap"]))
            if what == "label":
                labels[i] = draw(
                    st.one_of(
                        st.sampled_from(["", "0", "-1", "13", "finish", "start", "1 2", "٣", "x"]),
                        st.text(max_size=5),
                    )
                )
            elif what == "wider":
                rows[i] = rows[i] + ["I"]
            elif what == "narrower":
                rows[i] = rows[i][:-1]
            elif what == "swap" and len(rows) > 1:
                j = draw(st.integers(0, len(rows) - 1))
                rows[i], rows[j], labels[i], labels[j] = rows[j], rows[i], labels[j], labels[i]
            elif what == "nocolon":
                labels[i] = labels[i] + " " if labels[i] else "x"
    pad = max(len(x) for x in labels) if labels else 0
    sep = draw(st.sampled_from([" ", " ", " ", "  ", "\t"]))
    lines = []
    for label, row in zip(labels, rows, strict=True):
        colon = "" if label.endswith(" ") and odd else ":"
        lines.append(f"{label:>{pad}}{colon} " + sep.join(row))
    if draw(st.booleans()):
        lines.insert(0, "# " + draw(st.text(max_size=30)).replace("\n", " "))
    if odd and draw(st.booleans()):
        lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(["", "   ", "# x"])))
    if odd and one_in(draw, 5):
        lines = lines[: draw(st.integers(0, len(lines)))]
    end = draw(st.sampled_from(["\n", "\n", "\r\n", ""]))
    return end.join(lines) + ("\n" if end else "")


# --- move logs ------------------------------------------------------------------------------

RECORD_FILES = sorted((ROOT / "replays").rglob("*.yaml"))
RECORDS = {str(p.relative_to(ROOT / "replays")): p for p in RECORD_FILES}


@functools.cache
def record_doc(name: str) -> dict:
    """A record's YAML, read when a case first draws it (not at collection: every pytest-xdist
    worker imports this module, and reading all of replays/ took a third of a second)."""
    return yaml.safe_load(RECORDS[name].read_text())


EXPECTED = {
    name: p.with_name(p.name.removesuffix(".yaml") + ".events.jsonl").read_text()
    for name, p in RECORDS.items()
}

STEP_WORDS = [
    "roll",
    "jump",
    "crack",
    "wind",
    "remove",
    "pass",
    "start",
    "finish",
    "pink",
    "green",
    "blue",
    "yellow",
    "pink/blue",
    "green/yellow",
    "pink/green/blue/yellow",
    "a1",
    "b2",
    "c3",
    "d5",
    "e1",
    "f6",
    "l12",
    "z99",
    "a0",
    "a-1",
    "blue:W",
    "green:S2",
    "yellow:WWS",
    "red:S3",
    "purple:W",
    "blue:X",
    "seat1",
    "seat2",
    "seat0",
    "seat99999999999999999999",
    "boulder",
    "stay",
    "blue1",
    "blue4",
    "red1",
    "green3",
    "search",
    "chain",
    "decline",
    "cover",
    "from",
    "end",
    "throw",
    "paw",
    "tree",
    "bear",
    "reroll",
    "rerolled",
    "1",
    "2",
    "3",
    "0",
    "-1",
    "is",
    "path",
    "animal",
    "animal16",
    "animal17",
    "obstacle",
    "obstacle1",
    "escort",
    "flip",
    "j5",
    "c3-c4",
    "?",
    "-",
]
steps = st.one_of(
    st.lists(st.sampled_from(STEP_WORDS), min_size=1, max_size=4).map(" ".join),
    st.text(max_size=15),
    texts,
    ints,
    st.none(),
    st.booleans(),
    surrogates,
    deep,
)
results = st.one_of(
    st.sampled_from(["unfinished", "won", "", None, 0, [], {}]),
    st.dictionaries(
        st.sampled_from(["termination", "winners", "scores", "turns", "x"]),
        st.one_of(values, st.lists(st.integers(-1, 5)), st.sampled_from(["all-bears-across"])),
        max_size=4,
    ),
    values,
)
overrides = st.lists(
    st.one_of(
        st.builds(lambda k, v: f"{k}={v}", st.sampled_from(KEYS + [""]), st.builds(flow, values)),
        st.sampled_from(
            ["level=hard", "seats=[random]", "noequals", "=x", "seed=", "params=" + "[" * 400]
        ),
        values,
    ),
    max_size=3,
)


EDITS = ("replace", "insert", "delete", "truncate")  # what edit_list does to a list


def edit_list(draw, op: str, items: list, new: st.SearchStrategy) -> None:
    """One edit of `items`, in place: an item replaced by or a new one inserted from `new`, one
    deleted, or the tail cut off (a replace or delete of an empty list does nothing)."""
    if op == "replace" and items:
        items[draw(st.integers(0, len(items) - 1))] = draw(new)
    elif op == "insert":
        items.insert(draw(st.integers(0, len(items))), draw(new))
    elif op == "delete" and items:
        del items[draw(st.integers(0, len(items) - 1))]
    elif op == "truncate":
        del items[draw(st.integers(0, len(items))) :]


@st.composite
def record_docs(draw, odd_path: st.SearchStrategy[str] | None = None):
    """A real record (replays/) with its steps and keys mutated. Returns (name, doc); the
    doc's `scenario:` may be the string "SCENARIO_FILE", for the caller to write beside."""
    name = draw(st.sampled_from(sorted(RECORDS)))
    doc = copy.deepcopy(record_doc(name))
    moves = doc.get("moves", [])
    for _ in range(draw(st.sampled_from([0, 0, 1, 1, 2, 4]))):
        op = draw(st.sampled_from([*EDITS, "swap"]))
        if op in EDITS:
            edit_list(draw, op, moves, steps)
        elif op == "swap" and len(moves) > 1:
            i, j = draw(st.integers(0, len(moves) - 1)), draw(st.integers(0, len(moves) - 1))
            moves[i], moves[j] = moves[j], moves[i]
    for _ in range(draw(st.sampled_from([0, 0, 1, 2]))):
        what = draw(
            st.sampled_from(["seeded", "result", "scenario", "game", "set", "inline", "moves"])
        )
        if what == "seeded":
            doc["chance"] = "seeded"
            doc["seed"] = draw(st.one_of(ints, huge_ints, st.none(), texts))
        elif what == "result":
            doc["result"] = draw(results)
        elif what == "scenario":
            choices = [st.just("SCENARIO_FILE")] + ([odd_path] if odd_path is not None else [])
            doc["scenario"] = draw(st.one_of(*choices))
        elif what == "game":
            doc["game"] = draw(st.one_of(st.sampled_from(GAMES), plain_scalars, hostile))
        elif what == "set":
            doc["set"] = draw(overrides)
        elif what == "inline" and isinstance(doc.get("scenario"), dict):
            doc["scenario"] = draw(mutate(doc["scenario"]))
        elif what == "moves":
            doc["moves"] = draw(values)
    return name, draw(mutate(doc, max_ops=1))


@st.composite
def record_texts(draw, odd_path=None):
    """(name, text, inline scenario or None): a mutated record as YAML text, sometimes cut
    short mid-line or with a line dropped or doubled."""
    name, doc = draw(record_docs(odd_path))
    scenario = None
    if isinstance(doc, dict) and doc.get("scenario") == "SCENARIO_FILE":
        scenario = record_doc(name)["scenario"]
        doc["scenario"] = "scenario.yaml"
    text = emit(doc, draw(st.sampled_from(["block"] * 5 + ["flow"])))
    cut = draw(st.sampled_from(range(10)))
    if cut == 0:
        text = text[: draw(st.integers(0, len(text)))]
    elif cut == 1:
        lines = text.splitlines(keepends=True)
        i = draw(st.integers(0, len(lines) - 1))
        if draw(st.booleans()):
            del lines[i]
        else:
            lines.insert(i, lines[i])
        text = "".join(lines)
    return name, text, scenario


# --- event logs ---------------------------------------------------------------------------


def _json_children(inner):
    event_keys = st.sampled_from(["type", "seq", "step", "format", "game", "rules"])
    return st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(event_keys, st.text(max_size=6)), inner, max_size=5),
    )


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.text(max_size=10),
        st.sampled_from(["dice-rolled", "game-started", "game-ended", "bearcli-events/1"]),
    ),
    _json_children,
    max_leaves=12,
)
# Lines a JSON reader must survive: nesting past any recursion limit, a line over 1 MiB,
# numbers of 5000 digits or out of range, duplicate keys, a BOM, a lone surrogate.
HOSTILE_LINES = [
    "[" * 100_000 + "]" * 100_000,
    '{"a":' * 50_000 + "1" + "}" * 50_000,
    '"' + "x" * 1_200_000 + '"',
    '{"seq": ' + "9" * 5000 + "}",
    '{"seq": 1e400}',
    '{"seq": NaN}',
    '{"seq": -Infinity}',
    '{"a": 1, "a": 2}',
    '"\\ud83d"',
    "\ud83d",
    "\x00",
    "\ufeff{}",
    "\x1b[2J",
]
json_lines = weighted(
    (4, json_values.map(lambda v: json.dumps(v, allow_nan=True))),
    (2, st.text(max_size=40).map(lambda t: t.replace("\n", " ").replace("\r", " "))),
    (1, st.sampled_from(["", "{", "}", "null", "[]", "{}", "1", '"x"', "true"])),
    (2, st.sampled_from(HOSTILE_LINES)),
)


@st.composite
def event_logs(draw):
    """(record name, expected event-log text): the record's own log, changed."""
    name = draw(st.sampled_from(sorted(EXPECTED)))
    lines = EXPECTED[name].splitlines()
    for _ in range(draw(st.sampled_from([0, 1, 1, 2, 3]))):
        op = draw(st.sampled_from([*EDITS, "field"]))
        if op in EDITS:
            edit_list(draw, op, lines, json_lines)
        elif op == "field" and lines:
            i = draw(st.integers(0, len(lines) - 1))
            try:
                obj = json.loads(lines[i])
            except ValueError:
                continue
            if isinstance(obj, dict) and obj:
                key = draw(st.sampled_from(sorted(obj)))
                obj[key] = draw(json_values)
                lines[i] = json.dumps(obj)
    text = "\n".join(lines) + draw(st.sampled_from(["\n", "\n", "", "\n\n"]))
    if one_in(draw, 7):
        text = text[: draw(st.integers(0, len(text)))]
    if one_in(draw, 7):
        text = text.replace("\n", "\r\n")
    return name, Blob(text)


# --- raw bytes ------------------------------------------------------------------------------

TEXTS = (
    [p.read_text() for p in SCENARIO_FILES]
    + [p.read_text() for p in RECORD_FILES]
    + list(LAYOUT_FILES.values())
)
BOMS = [b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"]
BAD_UTF8 = [b"\xff", b"\xc3", b"\xc0\xaf", b"\xed\xa0\xbd", b"\xf4\x90\x80\x80", b"\x80", b"\x00"]


@st.composite
def raw_bytes(draw):
    """A file's bytes: random, a real file with a BOM, CRLF, bytes spliced in, re-encoded."""
    kind = draw(st.sampled_from(["random", "bom", "crlf", "splice", "encode", "empty"]))
    if kind == "random":
        return draw(st.binary(max_size=3000))
    if kind == "empty":
        return draw(st.sampled_from([b"", b"\n", b"\r\n", b" ", b"\x00", b"\r", b"---\n..."]))
    text = draw(st.sampled_from(TEXTS))
    if kind == "bom":
        return draw(st.sampled_from(BOMS)) + text.encode()
    if kind == "crlf":
        return text.replace("\n", draw(st.sampled_from(["\r\n", "\r", "\n\r"]))).encode()
    if kind == "encode":
        codec = draw(st.sampled_from(["utf-16", "utf-16-le", "utf-32", "latin-1", "cp1252"]))
        return (text + "# Bärenspiel\n").encode(codec, "replace")
    data = text.encode()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(data)))
        data = data[:i] + draw(st.sampled_from(BAD_UTF8)) + data[i:]
    return data


# --- command-line values --------------------------------------------------------------------

int_args = st.one_of(
    st.integers(-5, 5).map(str),
    st.sampled_from(
        ["0", "-1", "1e3", "0x10", "abc", "", " 3", "3 ", "١", "10000001", "9" * 5000, "1.5"]
    ),
)
seed_args = st.one_of(
    st.integers().map(str),
    st.sampled_from(["-1", "0", "0x" + "f" * 64, "0x" + "f" * 5000, "9" * 4300, "9" * 5000]),
    st.sampled_from(["-" + "9" * 100, "abc", "", "1_000", "+7", "007"]),
)
set_args = st.one_of(
    overrides.map(lambda items: [str(i) if not isinstance(i, str) else i for i in items]),
    st.just(["params=" + "[" * 400 + "]" * 400]),
    st.just(["seats=" + "{a: " * 400 + "1" + "}" * 400]),
    st.just(["level=hard", "level=normal"]),
    st.just(["seed=" + "9" * 5000]),
    st.just(["layout=/dev/zero"]),
    st.just(["layout=" + "a" * 300]),
)
unknown_options = st.one_of(
    st.sampled_from(["--frobnicate", "--gmes", "-Z", "--json=maybe", "---", "--seed-x", "-nn"]),
    st.from_regex(r"--[a-z]{3,12}", fullmatch=True),
)


def as_args(pairs: list[tuple[str, ...]]) -> list[str]:
    return [a for pair in pairs for a in pair]

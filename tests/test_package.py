"""A real, non-editable install: the wheel has every module and the package data, and runs.

The wheel is built from a copy of the repository (so `build/` and `*.egg-info` land there, not
here), without build isolation and without an index: only what the venv has is used.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT

# `make test` (xdist, --dist loadgroup): one worker builds the wheel for both tests, not each.
pytestmark = pytest.mark.xdist_group("package")

# Left out of the copy: the top-level folders that are not sources, and caches anywhere.
TOP_LEVEL_SKIP = {".git", ".venv", "build", "dist", "out", ".benchmarks", ".hypothesis"}
ANYWHERE_SKIP = {"__pycache__", ".pytest_cache", ".ruff_cache"}


def _ignore(folder: str, entries: list[str]) -> set[str]:
    top = Path(folder) == ROOT
    return {
        e
        for e in entries
        if e in ANYWHERE_SKIP or e.endswith(".egg-info") or (top and e in TOP_LEVEL_SKIP)
    }


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=_ignore, symlinks=True)  # as a clone has them: links
    ran = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--quiet",
            "-w",
            str(tmp / "dist"),
            str(src),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    # setuptools' warnings (package data outside a listed package) come through pip's --quiet.
    assert ran.stdout + ran.stderr == ""
    (built,) = (tmp / "dist").glob("bearcli-*.whl")
    return built


@pytest.fixture(scope="module")
def site(wheel) -> Path:
    site = wheel.parent.parent / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
    return site


def _members(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as zf:
        return set(zf.namelist())


def test_every_package_folder_is_listed_in_pyproject():
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "bearcli").rglob("__init__.py")
    }
    assert "bearcli.games.sliding_bears" in found
    assert found - listed == set(), "add these to [tool.setuptools] packages"
    assert {"bearcli.scenarios", "bearcli.docs"} <= listed


def test_the_wheel_has_every_module_and_the_package_data(wheel):
    members = _members(wheel)
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "bearcli").rglob("*.py")}
    assert "bearcli/formats/shipped.py" in modules
    assert modules - members == set()
    shipped = {
        "bearcli/scenarios/" + p.relative_to(ROOT / "scenarios").as_posix()
        for p in (ROOT / "scenarios").rglob("*")
        if p.suffix in (".yaml", ".layout")
    }
    assert {
        "bearcli/scenarios/sliding-bears/classic.yaml",
        "bearcli/scenarios/sliding-bears/classic.layout",
        "bearcli/scenarios/sliding-bears/small/single-file.yaml",
    } <= shipped
    assert shipped - members == set()
    assert {"bearcli/scenarios/__init__.py", "bearcli/docs/__init__.py"} <= members
    assert "bearcli/docs/rules.md" in members
    # Only the package: no tests, replays or benchmarks in the wheel.
    assert not any(m.startswith(("tests/", "replays/", "benchmarks/")) for m in members)


def _run(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )


def test_the_unzipped_wheel_runs_shipped_scenarios_from_another_folder(site, tmp_path):
    where = _run(
        site,
        tmp_path,
        "-c",
        "import bearcli, bearcli.formats.shipped as s; print(bearcli.__file__); print(s.root())",
    )
    assert where.returncode == 0, where.stderr
    module_file, scenarios_root = (Path(line) for line in where.stdout.splitlines())
    assert module_file.is_relative_to(site) and scenarios_root.is_relative_to(site)

    sim = _run(
        site, tmp_path, "-m", "bearcli", "simulate", "sliding-bears/classic", "--games", "3",
        "--json",
    )  # fmt: skip
    assert sim.returncode == 0, sim.stderr
    figures = json.loads(sim.stdout)
    assert figures["game"] == "sliding-bears" and figures["games"] == 3

    listed = _run(site, tmp_path, "-m", "bearcli", "scenarios")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert any(line.split()[:2] == ["sliding-bears/classic", "sliding-bears"] for line in lines)
    assert any(line.split()[0] == "sliding-bears/small/single-file" for line in lines)
    assert list(tmp_path.iterdir()) == []  # nothing written where it ran


def test_every_dependency_is_bounded_above():
    # A new typer or rich release must not change the bytes the output tests pin.
    import re

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = project["dependencies"] + project["optional-dependencies"]["dev"]
    names = {re.match(r"[A-Za-z0-9_.-]+", r).group(0).lower() for r in requirements}
    assert {"typer", "rich", "pyyaml", "junitparser", "syrupy", "pytest"} <= names
    unbounded = [r for r in requirements if "<" not in r]
    assert not unbounded, f"dependencies without an upper bound: {unbounded}"


def test_an_editable_install_prints_nothing(tmp_path):
    # What `make demo` runs on a fresh clone, into a prefix of its own (no index, no deps).
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=_ignore, symlinks=True)
    ran = subprocess.run(
        [
            sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation",
            "--no-index", "--quiet", "--prefix", str(tmp_path / "prefix"), "-e", str(src),
            "--ignore-installed",  # else pip would first uninstall this venv's bearcli
        ],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stdout + ran.stderr == ""
    # A plain .pth naming the clone (not an import hook): the links make the layout simple.
    (pth,) = (tmp_path / "prefix").rglob("__editable__.bearcli-*.pth")
    assert pth.read_text().strip() == str(src)


def _make_dry_run(target: str, tmp_path: Path) -> str:
    venv = tmp_path / "venv"
    ran = subprocess.run(
        ["make", "--dry-run", "--always-make", target, f"VENV={venv}"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


def test_make_demo_installs_only_the_program_and_make_test_the_dev_tools(tmp_path):
    demo = [line for line in _make_dry_run("demo", tmp_path).splitlines() if "pip install" in line]
    test = [line for line in _make_dry_run("test", tmp_path).splitlines() if "pip install" in line]
    assert any(line.endswith("pip install --quiet -e .") for line in demo), demo
    assert not any("[dev]" in line for line in demo), demo
    assert any(line.endswith("pip install --quiet -e '.[dev]'") for line in test), test

"""The code is ruff-clean and pyright-clean (the tools and their settings in pyproject.toml, at the versions pinned in
its test extra: the ones in this interpreter's environment are used first), and silences no type checker."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import TESTS

ROOT = TESTS.parent


def tool(name: str) -> str | None:
    """The tool ``name`` of this interpreter's environment, else the one on the ``PATH``."""
    return shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)


def test_the_code_silences_no_type_checker() -> None:
    """No ``type: ignore`` in the code (docs/development.md, Checks): a value read from outside is parsed to its type
    where it is read, and a value of two types is typed as what both have in common."""
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for package in ("tochki_bot", "render", "storage")
        for path in sorted((ROOT / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "type: ignore" in line
    ]
    assert found == []


@pytest.mark.process
def test_ruff_is_clean() -> None:
    ruff = tool("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed")
    result = subprocess.run([ruff, "check", str(ROOT)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.process
def test_pyright_is_clean() -> None:
    """pyright over the files ``[tool.pyright]`` names, with this interpreter's packages. The PyPI wrapper runs the
    pyright of its own version with the machine's Node.js (about 30 s here)."""
    pyright = tool("pyright")
    if pyright is None or shutil.which("node") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("pyright or Node.js is missing (pip install -e '.[test]'; Debian's nodejs)")
        pytest.skip("pyright or Node.js is not installed")
    result = subprocess.run(
        [pyright, "--pythonpath", sys.executable], capture_output=True, text=True, cwd=ROOT, timeout=600
    )
    assert result.returncode == 0, result.stdout + result.stderr

"""The code is ruff-clean (the linter configured in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from tests.support.paths import TESTS


@pytest.mark.process
def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or shutil.which("ruff", path=str(__import__("pathlib").Path(sys.executable).parent))
    if ruff is None:
        pytest.skip("ruff is not installed")
    root = TESTS.parent
    result = subprocess.run([ruff, "check", str(root)], capture_output=True, text=True, cwd=root)
    assert result.returncode == 0, result.stdout + result.stderr

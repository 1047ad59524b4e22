"""The layers stay as drawn in the README: dependencies point toward the engine, front ends reach the database only
through the services, and only the Telegram front end knows Telegram. Also: the code type-checks (mypy)."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import TESTS

ROOT = TESTS.parent
PACKAGES = ("tochki_bot", "render", "storage")

LAYERS = {
    "tochki_bot.engine": 0,
    "tochki_bot.i18n": 0,
    "tochki_bot.ai": 1,
    "render": 0,
    "storage": 1,
    "tochki_bot.pictures": 1,
    "tochki_bot.painter": 1,
    "tochki_bot.processes": 0,
    "tochki_bot.services": 2,
    "tochki_bot.telegram": 3,
    "tochki_bot.wording": 3,
    "tochki_bot.webapp": 3,
    "tochki_bot.config": 3,
    "tochki_bot.local": 3,
    "tochki_bot.cli": 4,
    "tochki_bot.__main__": 4,
    "tochki_bot": 4,
}
"""A module may import modules of its own layer or lower ones: nothing imports upward."""

ALLOWED = {
    "tochki_bot.engine": {"tochki_bot.engine"},
    "tochki_bot.i18n": {"tochki_bot.i18n"},
    "tochki_bot.ai": {"tochki_bot.ai", "tochki_bot.engine"},
    "render": {"render"},
    "storage": {"storage", "tochki_bot.engine"},
    "tochki_bot.pictures": {"tochki_bot.engine", "render"},
    "tochki_bot.painter": {"render", "tochki_bot.processes"},
    "tochki_bot.processes": set(),
    "tochki_bot.services": {
        "tochki_bot.services",
        "tochki_bot.engine",
        "tochki_bot.ai",
        "storage",
        "tochki_bot.processes",
    },
    "tochki_bot.wording": {
        "tochki_bot.wording",
        "tochki_bot.services",
        "tochki_bot.engine",
        "tochki_bot.i18n",
        "tochki_bot.pictures",
        "tochki_bot.ai",  # a review's plain values (MoveReview), as the services hand them over
        "render",
    },
    "tochki_bot.telegram": {
        "tochki_bot.telegram",
        "tochki_bot.wording",
        "tochki_bot.services",
        "tochki_bot.engine",
        "tochki_bot.i18n",
        "tochki_bot.pictures",
        "tochki_bot.painter",
        "tochki_bot.config",
        "render",
    },
    "tochki_bot.webapp": {
        "tochki_bot.webapp",
        "tochki_bot.wording",
        "tochki_bot.services",
        "tochki_bot.engine",
        "tochki_bot.i18n",
    },
    "tochki_bot.config": {"tochki_bot.services"},
    "tochki_bot.local": {
        "tochki_bot.local",
        "tochki_bot.webapp",
        "tochki_bot.wording",
        "tochki_bot.services",
        "tochki_bot.engine",
        "tochki_bot.i18n",
        "tochki_bot.pictures",
        "tochki_bot.ai",  # a review's plain values (MoveReview), as the services hand them over
        "render",
    },
    "tochki_bot.cli": {
        "tochki_bot",
        "tochki_bot.config",
        "tochki_bot.local",
        "tochki_bot.services",
        "tochki_bot.telegram",
        "tochki_bot.webapp",
    },
    "tochki_bot.__main__": {"tochki_bot.cli"},
    "tochki_bot": set(),
}
"""Which of our packages each part may import. Front ends (``telegram``, ``webapp``, the CLI) never import
``storage``; the Mini App (``webapp``) never imports the Telegram front end, nor it the Mini App; local mode
(``tochki_bot.local``: the Mini App plus the bot's pictures) never imports Telegram."""
WEB_SERVERS = ("tornado", "aiohttp")
"""Only the front ends that serve HTTP (the Mini App, the webhook) know a web framework."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def part_of(module: str) -> str:
    """The part (a key of ``LAYERS``) a module belongs to."""
    best = max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len)
    return best


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports (relative imports resolved), ours and others'."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def ours(name: str) -> bool:
    return name.split(".")[0] in PACKAGES


def sources() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def test_the_import_scan_sees_relative_and_absolute_imports() -> None:
    found = imports(ROOT / "tochki_bot" / "telegram" / "delivery" / "boards.py")  # from ...services, from render
    assert "tochki_bot.services" in found and "render" in found
    assert "telegram" in imports(ROOT / "tochki_bot" / "telegram" / "delivery" / "questions.py")


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_layers(path: Path) -> None:
    module = module_name(path)
    part = part_of(module)
    for name in imports(path):
        if ours(name):
            target = part_of(name)
            if target == part:
                continue
            assert target in ALLOWED[part], f"{module} imports {name}: {part} may not use {target}"
            assert LAYERS[target] <= LAYERS[part], f"{module} imports {name}, a layer above it"
        elif name.split(".")[0] == "telegram":
            assert part == "tochki_bot.telegram", f"{module} imports {name}: only the Telegram front end may"
        elif name.split(".")[0] in ("aiosqlite", "sqlite3"):
            assert part == "storage", f"{module} imports {name}: only storage knows SQL"
        elif name.split(".")[0] == "PIL":
            assert part == "render", f"{module} imports {name}: only render draws"
        elif name.split(".")[0] in ("numpy", "numba"):
            assert part == "render" or module.startswith("tochki_bot.ai.kernel"), (
                f"{module} imports {name}: only render (pictures) and the AI's compiled search use arrays"
            )
        elif name.split(".")[0] in WEB_SERVERS:
            assert part in ("tochki_bot.webapp", "tochki_bot.telegram"), f"{module} imports {name}: a web framework"


def test_the_mini_app_reaches_the_game_through_the_services_only() -> None:
    """The contract of the layers (docs/architecture.md, The import rules): ``webapp`` imports services, i18n and engine
    values; never storage, never Telegram, never the pictures (the page draws the board itself)."""
    found = set()
    for path in sorted((ROOT / "tochki_bot" / "webapp").rglob("*.py")):
        found |= {part_of(name) if ours(name) else name.split(".")[0] for name in imports(path)}
    assert {"tochki_bot.services", "tochki_bot.i18n", "tochki_bot.engine", "tornado"} <= found
    assert not found & {"storage", "tochki_bot.telegram", "telegram", "render", "tochki_bot.pictures", "aiosqlite"}


@pytest.mark.process
@pytest.mark.slow
def test_the_database_base_knows_neither_backend() -> None:
    """``storage.database`` is the base of both backends: it imports neither (nor anything else of storage but the
    schema and the dialect); ``storage.opening`` alone chooses one by the target's URL."""
    base = {name for name in imports(ROOT / "storage" / "database.py") if name.startswith("storage.")}
    assert base <= {"storage.schema", "storage.dialect", "storage.dialect.Dialect"}, base

    def importers(backend: str) -> set[str]:
        return {p.stem for p in (ROOT / "storage").glob("*.py") if f"storage.{backend}" in imports(p)}

    assert importers("postgres") == {"opening"}
    assert importers("sqlite") == {"opening", "postgres"}  # a backup of PostgreSQL is an SQLite file


@pytest.mark.process
def test_mypy_is_clean() -> None:
    """mypy --strict over the whole project, its tests and its benchmarks (see pyproject.toml)."""
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent)) or shutil.which("mypy")
    if mypy is None:
        pytest.skip("mypy is not installed")
    result = subprocess.run([mypy], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr

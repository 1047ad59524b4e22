"""The tests are laid out like the code, and tests and benchmarks keep to their side: every folder of tests names a
package of the project and is a package itself; no test module is imported by anything (what tests share lives in
``tests/support``); tests never import the benchmarks; the benchmarks take only ``tests.support`` from the tests;
nothing patches ``sys.path``."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.paths import ROOT, TESTS

BENCHMARKS = ROOT / "benchmarks"
NOT_TESTS = {"support", "data", "__pycache__"}
"""Folders of tests/ that hold no tests of a package: the shared helpers, the vendored data."""
PROGRAM = ("tochki_bot/cli", "tochki_bot/__main__.py")
"""What ``tests/cli`` tests: the ``tochki-bot`` program's commands."""
BEFORE = {"conftest", "fakebot", "harness", "pgserver", "workers", "reference_rules", "reference_manual"}
"""Helpers once imported by their bare names (with tests/ on sys.path), now modules of ``tests.support``."""


def python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def imported(path: Path, tree: ast.Module) -> set[str]:
    """The modules ``path`` imports (absolute names; relative imports resolved against its package)."""
    found: set[str] = set()
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def test_every_test_folder_names_a_package_and_is_one() -> None:
    folders = [p for p in TESTS.iterdir() if p.is_dir() and p.name not in NOT_TESTS]
    assert folders
    for folder in folders:
        assert (folder / "__init__.py").exists(), f"{folder}: a test folder needs an __init__.py (unique module names)"
        if folder.name == "cli":
            assert any((ROOT / p).exists() for p in PROGRAM)
        else:
            assert (ROOT / "tochki_bot" / folder.name).is_dir() or (ROOT / folder.name).is_dir(), (
                f"tests/{folder.name} names no package of the project"
            )


def problems_of(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    names = imported(path, tree)
    where = str(path.relative_to(ROOT))
    found = []
    test_modules = {n for n in names if n.startswith("tests.") and n.split(".")[-1].startswith("test_")}
    if test_modules:
        found.append(f"{where} imports test modules {sorted(test_modules)}: move what they share to tests/support")
    old = {n for n in names if n.split(".")[0] in BEFORE or n.split(".")[0].startswith("test_")}
    if old:
        found.append(f"{where} imports {sorted(old)}: import tests.support.<module> (docs/development.md, Tests)")
    first = {n.split(".")[0] for n in names}
    if path.is_relative_to(TESTS) and "benchmarks" in first:
        found.append(f"{where} imports the benchmarks")
    if path.is_relative_to(BENCHMARKS):
        from_tests = {n for n in names if n.split(".")[0] == "tests"}
        if any(n != "tests.support" and not n.startswith("tests.support.") for n in from_tests):
            found.append(f"{where} imports {sorted(from_tests)}: the benchmarks take only tests.support")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr == "path"
            and isinstance(node.value, ast.Name)
            and node.value.id == "sys"
        ):
            found.append(f"{where}:{node.lineno} touches sys.path")
    return found


def test_imports_keep_to_their_side_and_nothing_patches_sys_path() -> None:
    """Tests run with the project's root on the path (pytest puts it there: ``tests`` is a package); benchmarks run
    as ``python -m benchmarks.<name>`` from the root."""
    files = python_files(TESTS) + python_files(BENCHMARKS)
    assert len(files) > 50
    assert [problem for path in files for problem in problems_of(path)] == []

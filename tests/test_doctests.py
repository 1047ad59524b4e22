"""The examples in docstrings run and say what they show: every module of the project's packages is searched, and
each docstring with examples is a test of its own (named after it)."""

from __future__ import annotations

import doctest
import importlib
import io
import pkgutil

import pytest

PACKAGES = ("tochki_bot", "render", "storage")


def modules() -> list[str]:
    """Every module of the packages, the packages themselves included."""
    names: list[str] = []
    for package in PACKAGES:
        names.append(package)
        path = importlib.import_module(package).__path__
        names += [info.name for info in pkgutil.walk_packages(path, package + ".")]
    return names


def docstrings() -> list[doctest.DocTest]:
    """The docstrings with examples, of objects defined in each module (not of what it imports)."""
    finder = doctest.DocTestFinder()
    found = [test for name in modules() for test in finder.find(importlib.import_module(name)) if test.examples]
    return sorted(found, key=lambda test: test.name)


DOCSTRINGS = docstrings()


def test_the_examples_are_found() -> None:
    """The search reaches into subpackages: examples in the engine, the services and storage are all there."""
    where = {test.name.split(".")[0] for test in DOCSTRINGS}
    assert where == set(PACKAGES)
    assert sum(len(test.examples) for test in DOCSTRINGS) >= 60


@pytest.mark.parametrize("test", DOCSTRINGS, ids=[test.name for test in DOCSTRINGS])
def test_docstring_examples(test: doctest.DocTest) -> None:
    report = io.StringIO()
    runner = doctest.DocTestRunner(verbose=False)
    result = runner.run(test, out=report.write)
    assert result.attempted == len(test.examples)
    assert result.failed == 0, report.getvalue()

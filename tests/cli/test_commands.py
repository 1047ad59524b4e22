"""The command line is a table of commands, one module each: every subcommand is listed, reached by its name, and
ends through the one place that turns a ``Failure`` into its line and exit status."""

from __future__ import annotations

from pathlib import Path

import pytest

from tochki_bot.cli import COMMANDS, main, parser
from tochki_bot.cli.program import ExitStatus


def test_every_command_is_a_module_of_its_own() -> None:
    assert list(COMMANDS) == ["check", "backup", "local", "ai-worker", "migrate-db"]
    for name, command in COMMANDS.items():
        assert command.name == name
        assert command.run.__module__ == f"tochki_bot.cli.{name.replace('-', '_')}"


def test_the_parser_knows_each_commands_arguments() -> None:
    args = parser().parse_args(["migrate-db", "a.db", "b.db"])
    assert (args.command, args.source, args.target) == ("migrate-db", "a.db", "b.db")
    args = parser().parse_args(["local", "--port", "9000", "--open"])
    assert (args.command, args.local_port, args.open) == ("local", 9000, True)
    args = parser().parse_args(["--webhook", "https://example.org/hook", "--port", "8444"])
    assert (args.command, args.webhook, args.port) == (None, "https://example.org/hook", 8444)


def test_a_failure_is_one_line_on_stderr_and_its_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["local", "--listen", "0.0.0.0"]) == ExitStatus.NOT_LOOPBACK
    assert capsys.readouterr().err == (
        "tochki-bot: local mode serves this computer only: --listen must be 127.0.0.1, ::1 or localhost, not 0.0.0.0\n"
    )


def test_backup_without_a_database_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TOCHKI_DB", str(tmp_path / "none.db"))
    assert main(["backup", str(tmp_path / "copy.db")]) == ExitStatus.FAILED
    assert capsys.readouterr().err == f"tochki-bot: backup failed: no database at {tmp_path / 'none.db'} (TOCHKI_DB)\n"
    assert not (tmp_path / "none.db").exists() and not (tmp_path / "copy.db").exists()

"""``Config.read`` says what is wrong as structured problems (the variable, the message), so that a command picks
the problems of the variables it reads without matching strings: ``local`` and ``ai-worker`` need no token,
``check`` shows the token's problem on the token's line."""

from __future__ import annotations

import pytest

from tochki_bot.cli.configuration import WITHOUT_TELEGRAM, configuration
from tochki_bot.cli.program import ExitStatus, Failure
from tochki_bot.config import SETTINGS, TOKEN_HELP, Config, ConfigError, ConfigProblem

TOKEN = "123456:ABC-def_1"

WRONG = {
    "TELEGRAM_BOT_TOKEN": "not a token",
    "TELEGRAM_API_BASE_URL": "localhost:8081/bot",
    "TELEGRAM_FILE_BASE_URL": "ftp://files",
    "TOCHKI_WEBAPP_URL": "http://example.org/app",
    "TOCHKI_WEBAPP_LISTEN": "8080",
    "TOCHKI_WEBAPP_NAME": "my app",
    "LOG_LEVEL": "loud",
    "TOCHKI_START_RETRIES": "many",
    "TOCHKI_START_RETRY_DELAY": "-1",
    "TOCHKI_AI_WORKERS": "²",
    "TOCHKI_GROUP_RATE": "0",
    "TOCHKI_SEND_RATE": "fast",
    "TOCHKI_PICTURE_WORKERS": "65",
    "TOCHKI_AI_SECONDS": "600",
    "TOCHKI_CLOCK_INTERVAL": "nan",
}
"""A wrong value for every variable that can be wrong."""


def test_every_variable_that_can_be_wrong_has_a_wrong_value_here() -> None:
    assert set(WRONG) == {s.variable for s in SETTINGS} - {"TOCHKI_DB"}


@pytest.mark.parametrize(("variable", "value"), sorted(WRONG.items()))
def test_a_wrong_value_is_one_problem_about_its_variable(variable: str, value: str) -> None:
    _, problems = Config.read({"TELEGRAM_BOT_TOKEN": TOKEN, variable: value})
    assert len(problems) == 1
    (problem,) = problems
    assert isinstance(problem, ConfigProblem) and problem.variable == variable
    assert problem.message.startswith(f"{variable} ") and str(problem) == problem.message
    assert problem.message.count("\n") == 0


def test_without_a_token_the_first_problem_says_where_to_get_one() -> None:
    config, problems = Config.read({"LOG_LEVEL": "loud"})
    assert problems == [
        ConfigProblem("TELEGRAM_BOT_TOKEN", TOKEN_HELP),
        ConfigProblem("LOG_LEVEL", "LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not 'LOUD'"),
    ]
    assert config.token == "" and config.log_level == "INFO"
    _, problems = Config.read({"TELEGRAM_BOT_TOKEN": "   "})  # blank is not set
    assert [p.variable for p in problems] == ["TELEGRAM_BOT_TOKEN"] and problems[0].message == TOKEN_HELP


def test_every_wrong_variable_is_said_once_in_the_order_of_the_settings() -> None:
    _, problems = Config.read(WRONG)
    assert [p.variable for p in problems] == [s.variable for s in SETTINGS if s.variable in WRONG]


def test_a_wrong_value_falls_back_to_the_default_except_the_token_and_the_bot_api_urls() -> None:
    config, _ = Config.read(WRONG)
    default = Config(token="")
    assert config.token == "not a token"  # check masks it; the start refuses it
    assert (config.api_base_url, config.file_base_url) == ("localhost:8081/bot", "ftp://files")
    for field in ("webapp_url", "webapp_listen", "webapp_name", "log_level", "start_retries", "start_retry_delay"):
        assert getattr(config, field) == getattr(default, field), field
    for field in ("ai_workers", "group_rate", "overall_rate", "picture_workers", "ai_seconds", "clock_interval"):
        assert getattr(config, field) == getattr(default, field), field


def test_right_values_are_read_as_their_types() -> None:
    config, problems = Config.read(
        {
            "TELEGRAM_BOT_TOKEN": f" {TOKEN} ",
            "TOCHKI_DB": "postgresql://db/tochki",
            "TELEGRAM_API_BASE_URL": "http://127.0.0.1:8081/bot",
            "TOCHKI_WEBAPP_URL": "https://example.org/app/",
            "TOCHKI_WEBAPP_LISTEN": "[::1]:9000",
            "TOCHKI_WEBAPP_NAME": "play_2",
            "LOG_LEVEL": "debug",
            "TOCHKI_START_RETRIES": "0",
            "TOCHKI_START_RETRY_DELAY": "2.5",
            "TOCHKI_AI_WORKERS": "3",
            "TOCHKI_GROUP_RATE": "15",
            "TOCHKI_SEND_RATE": "25",
            "TOCHKI_PICTURE_WORKERS": "0",
            "TOCHKI_AI_SECONDS": "0.1",
            "TOCHKI_CLOCK_INTERVAL": "1",
        }
    )
    assert problems == []
    assert config == Config(
        token=TOKEN,
        db_path="postgresql://db/tochki",
        api_base_url="http://127.0.0.1:8081/bot",
        webapp_url="https://example.org/app",
        webapp_listen="[::1]:9000",
        webapp_name="play_2",
        log_level="DEBUG",
        start_retries=0,
        start_retry_delay=2.5,
        ai_workers=3,
        group_rate=15,
        overall_rate=25,
        picture_workers=0,
        ai_seconds=0.1,
        clock_interval=1.0,
    )
    assert isinstance(config.start_retries, int) and isinstance(config.ai_workers, int)


@pytest.mark.parametrize(
    ("value", "read"),
    [("3", 3), (" 007 ", 7), ("1.5", None), ("+3", None), ("-0", None), ("٣", None)],  # "٣": a digit, not ASCII
)
def test_whole_numbers_are_ascii_digits(value: str, read: int | None) -> None:
    config, problems = Config.read({"TELEGRAM_BOT_TOKEN": TOKEN, "TOCHKI_AI_WORKERS": value})
    assert config.ai_workers == read
    assert [p.variable for p in problems] == ([] if read is not None else ["TOCHKI_AI_WORKERS"])


def test_from_env_raises_the_first_problems_message() -> None:
    with pytest.raises(ConfigError) as raised:
        Config.from_env({"TELEGRAM_BOT_TOKEN": TOKEN, "TOCHKI_GROUP_RATE": "0", "TOCHKI_SEND_RATE": "0"})
    assert str(raised.value).startswith("TOCHKI_GROUP_RATE must be a whole number of messages a minute from 1 to")


def test_a_command_without_telegram_looks_only_at_its_own_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``local`` and ``ai-worker`` do: no token and a wrong Mini App URL are not their problems; a wrong
    search setting is, said as the start says it (status 2)."""
    monkeypatch.delenv("TELEGRAM_BOT_TOKEN", raising=False)
    monkeypatch.setenv("TOCHKI_WEBAPP_URL", "http://example.org")
    for name in WITHOUT_TELEGRAM:
        monkeypatch.delenv(name, raising=False)
    assert configuration(WITHOUT_TELEGRAM).token == ""
    with pytest.raises(Failure) as raised:
        configuration()
    assert raised.value.status == ExitStatus.CONFIG and str(raised.value) == TOKEN_HELP
    monkeypatch.setenv("TOCHKI_AI_SECONDS", "600")
    with pytest.raises(Failure) as raised:
        configuration(WITHOUT_TELEGRAM)
    assert raised.value.status == ExitStatus.CONFIG
    assert str(raised.value) == "TOCHKI_AI_SECONDS must be seconds from 0.05 to 60, not '600'"

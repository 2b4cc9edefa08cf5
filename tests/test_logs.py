"""LOG_FORMAT=json: one JSON object per line with the message's ids; plain text otherwise."""

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

from chatbot.logs import JsonFormatter

ROOT = Path(__file__).resolve().parent.parent


def record(message: str, *args, exc_info=None, **extra) -> logging.LogRecord:
    made = logging.getLogger("chatbot.jobs").makeRecord(
        "chatbot.jobs", logging.WARNING, __file__, 1, message, args, exc_info, extra=extra
    )
    return made


def test_it_writes_one_json_object_per_line_with_the_message_id():
    line = JsonFormatter().format(
        record("message %s failed:\nretrying", 42, message_id=42, user_id=7)
    )
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["level"] == "WARNING"
    assert entry["logger"] == "chatbot.jobs"
    assert entry["message"] == "message 42 failed:\nretrying"
    assert entry["message_id"] == 42
    assert entry["user_id"] == 7
    assert entry["time"].endswith("+00:00")


def test_it_leaves_out_ids_that_were_not_given_and_keeps_the_traceback():
    try:
        raise ValueError("boom")
    except ValueError:
        entry = json.loads(JsonFormatter().format(record("failed", exc_info=sys.exc_info())))
    assert "message_id" not in entry and "user_id" not in entry
    assert "ValueError: boom" in entry["exception"]


LOG_ONE_LINE = """
import django, logging
django.setup()
logging.getLogger("chatbot.jobs").warning("applied", extra={"message_id": 5, "user_id": 3})
"""


def run_with(log_format: str | None) -> str:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "chatbot.settings",
        "DATABASE_URL": "postgres://nobody@127.0.0.1:1/none",  # settings only, no connection
    }
    env.pop("LOG_FORMAT", None)
    if log_format:
        env["LOG_FORMAT"] = log_format
    result = subprocess.run(
        [sys.executable, "-c", LOG_ONE_LINE], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return [line for line in result.stderr.splitlines() if "applied" in line][-1]


def test_it_switches_the_settings_to_json_lines_with_log_format():
    entry = json.loads(run_with("json"))
    assert entry["message"] == "applied"
    assert (entry["message_id"], entry["user_id"]) == (5, 3)
    assert run_with(None) == "applied"

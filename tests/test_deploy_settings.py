"""Production settings: `check --deploy` with the docker environment is clean, the default
SECRET_KEY fails it, and database connections carry their timeouts."""

import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent


def _compose_web_environment() -> dict[str, str]:
    """The web service's environment as docker-compose resolves it (no YAML library needed:
    `config` prints one `KEY: value` line per variable)."""
    result = subprocess.run(
        ["docker-compose", "-f", str(ROOT / "docker/compose.yaml"), "config"],
        capture_output=True,
        text=True,
        env={**os.environ, "SECRET_KEY": secrets.token_urlsafe(50)},
        timeout=60,
        check=True,
    )
    lines = result.stdout.split("\n  web:\n", 1)[1].split("\n    environment:\n", 1)[1]
    env = {}
    for line in lines.splitlines():
        if not line.startswith("      "):
            break
        key, _, value = line.strip().partition(": ")
        env[key] = value.strip("'\"")
    return env


def _check_deploy(env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("SECURE_", "SECRET_"))}
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**clean, "RECOLLECT_TESTING": "", **env},
        timeout=120,
    )


@pytest.mark.skipif(shutil.which("docker-compose") is None, reason="docker-compose not installed")
def test_it_passes_check_deploy_with_the_docker_environment():
    env = _compose_web_environment()
    assert env["DEBUG"] == "0" and env["SECURE_SSL_REDIRECT"] == "1"
    result = _check_deploy(env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_it_fails_check_deploy_with_the_default_secret_key():
    result = _check_deploy(
        {"DEBUG": "0", "DATABASE_URL": "postgres://recollect:x@db:5432/recollect"}
    )
    assert result.returncode != 0
    assert "recollect.E001" in result.stdout + result.stderr


@pytest.mark.django_db
def test_it_sets_timeouts_on_database_connections():
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        statement = cursor.fetchone()[0]
        cursor.execute("SHOW lock_timeout")
        lock = cursor.fetchone()[0]
    assert statement == "30s" and lock == "10s"
    assert connection.settings_dict["OPTIONS"]["connect_timeout"] == 5

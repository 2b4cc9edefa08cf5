import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
needs_compose = pytest.mark.skipif(
    shutil.which("docker-compose") is None, reason="docker-compose not installed"
)


def compose(*args: str) -> str:
    result = subprocess.run(
        ["docker-compose", "-f", str(ROOT / "docker/compose.yaml"), "config", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "SECRET_KEY": "x"},
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def services() -> dict:
    # PyYAML comes with tokenizers (through huggingface_hub); the suite adds nothing for it.
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load(compose())["services"]


@needs_compose
def test_compose_file_is_valid():
    assert set(compose("--services").split()) == {
        "db",
        "redis",
        "migrate",
        "web",
        "worker",
        "proxy",
    }


@needs_compose
def test_it_scales_web_behind_the_proxy_with_no_fixed_web_port():
    web, proxy = services()["web"], services()["proxy"]
    # A fixed host port would stop `--scale web=3` at the second replica.
    assert "ports" not in web
    assert web["expose"] == ["8000"]
    assert "/healthz" in " ".join(web["healthcheck"]["test"])
    assert proxy["image"].startswith("nginx:")
    assert [port["target"] for port in proxy["ports"]] == [80]
    assert any("nginx.conf" in volume for volume in map(str, proxy["volumes"]))
    assert web["environment"]["REDIS_URL"].startswith("redis://")


@needs_compose
def test_it_runs_workers_from_the_web_image():
    every = services()
    worker, web = every["worker"], every["web"]
    assert worker["command"] == ["python", "manage.py", "worker"]
    assert worker["image"] == web["image"]
    assert "ports" not in worker
    assert worker["environment"]["DATABASE_URL"] == web["environment"]["DATABASE_URL"]
    assert worker["environment"]["REDIS_URL"] == web["environment"]["REDIS_URL"]
    # Migrations run once, before any replica.
    for service in (web, worker):
        assert service["depends_on"]["migrate"]["condition"] == "service_completed_successfully"


def test_it_proxies_websockets_with_the_upgrade_headers():
    conf = (ROOT / "docker/nginx.conf").read_text()
    ws = conf.split("location /ws/", 1)[1].split("}", 1)[0]
    assert "proxy_http_version 1.1;" in ws
    assert "proxy_set_header Upgrade $http_upgrade;" in ws
    assert "proxy_set_header Connection $connection_upgrade;" in ws
    assert "location = /metrics" in conf


def test_it_builds_the_database_on_postgres_18_with_age_and_pgvector():
    dockerfile = (ROOT / "docker/db.Dockerfile").read_text()
    assert "FROM apache/age:release_PG18_1.7.0" in dockerfile
    assert "postgresql-18-pgvector" in dockerfile

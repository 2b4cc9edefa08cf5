import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("docker-compose") is None, reason="docker-compose not installed")
def test_compose_file_is_valid():
    result = subprocess.run(
        ["docker-compose", "-f", str(ROOT / "docker/compose.yaml"), "config", "--services"],
        capture_output=True,
        text=True,
        env={**os.environ, "SECRET_KEY": "x"},
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert set(result.stdout.split()) == {"db", "redis", "web"}

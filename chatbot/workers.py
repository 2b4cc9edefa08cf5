"""Workers that run message jobs: `manage.py worker` processes, or, in the embedded default
(CHAT_WORKER=inprocess), one inside each daphne process, next to the sockets it serves.

procrastinate's worker stops when its database goes away (a fetch or heartbeat fails); run()
starts it again until the database is back. A worker that dies (kill -9, an outage mid-job)
leaves its job "doing" under its id: once that worker's heartbeat is older than
WORKER_STALLED_SECONDS, any live worker puts the job back in the queue.
"""

import asyncio
import logging
import weakref

from django.conf import settings
from procrastinate import App, PsycopgConnector
from procrastinate.contrib.django import app
from procrastinate.contrib.django.utils import connector_params

logger = logging.getLogger(__name__)

RESTART_DELAY = 1.0
# The job queue's own connections (fetch, heartbeat, LISTEN), as pg_stat_activity shows them.
APPLICATION_NAME = "recollect worker"


def worker_app() -> App:
    """The app with a connector of its own: the default one writes through Django's
    connection (so a job is deferred in the storing transaction), which a worker cannot use
    for LISTEN and long-lived async queries."""
    connector = PsycopgConnector(
        kwargs={**connector_params(), "application_name": APPLICATION_NAME},
        min_size=1,
        max_size=settings.WORKER_CONCURRENCY + 2,
    )
    return app.with_connector(connector)


async def requeue_stalled(jobs_app: App) -> int:
    """Put back in the queue the jobs of workers whose heartbeat stopped."""
    stalled = await jobs_app.job_manager.get_stalled_jobs(
        seconds_since_heartbeat=settings.WORKER_STALLED_SECONDS
    )
    count = 0
    for job in stalled:
        try:
            await jobs_app.job_manager.retry_job(job)
            count += 1
            logger.warning("requeued job %s of a stalled worker", job.id)
        except Exception:  # another worker requeued it first
            logger.info("job %s was requeued elsewhere", job.id, exc_info=True)
    return count


async def _sweep(jobs_app: App) -> None:
    while True:
        await asyncio.sleep(settings.WORKER_HEARTBEAT_SECONDS)
        try:
            await requeue_stalled(jobs_app)
        except Exception:
            logger.warning("looking for stalled jobs failed", exc_info=True)


async def run(*, name: str = "worker", install_signal_handlers: bool = True) -> None:
    """Run a worker until cancelled or, with signal handlers, until SIGTERM/SIGINT, when it
    finishes its running jobs first (up to WORKER_SHUTDOWN_SECONDS)."""
    while True:
        jobs_app = worker_app()
        try:
            async with jobs_app.open_async():
                sweeper = asyncio.create_task(_sweep(jobs_app))
                try:
                    await jobs_app.run_worker_async(
                        name=name,
                        concurrency=settings.WORKER_CONCURRENCY,
                        install_signal_handlers=install_signal_handlers,
                        update_heartbeat_interval=settings.WORKER_HEARTBEAT_SECONDS,
                        stalled_worker_timeout=settings.WORKER_STALLED_SECONDS,
                        shutdown_graceful_timeout=settings.WORKER_SHUTDOWN_SECONDS,
                        delete_jobs="successful",
                    )
                    return  # stopped by a signal, after its jobs
                finally:
                    sweeper.cancel()
                    await asyncio.gather(sweeper, return_exceptions=True)
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.warning("the worker stopped on an error; restarting", exc_info=True)
        await asyncio.sleep(RESTART_DELAY)


_in_process: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Task]" = (
    weakref.WeakKeyDictionary()
)


def ensure_in_process_worker() -> None:
    """Start a worker on this event loop (daphne's) if this process runs its own jobs."""
    if settings.CHAT_WORKER != "inprocess":
        return
    loop = asyncio.get_running_loop()
    task = _in_process.get(loop)
    if task is None or task.done():
        _in_process[loop] = loop.create_task(
            run(name="in-process", install_signal_handlers=False), name="in-process worker"
        )


async def stop_in_process_worker() -> None:
    """Stop this loop's worker, letting its running jobs finish (tests end their loop)."""
    task = _in_process.pop(asyncio.get_running_loop(), None)
    if task is not None and not task.done():
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

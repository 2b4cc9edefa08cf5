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

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from procrastinate import App, PsycopgConnector
from procrastinate.contrib.django import app
from procrastinate.contrib.django.utils import connector_params
from psycopg_pool import AsyncConnectionPool

from memory import engine

logger = logging.getLogger(__name__)

RESTART_DELAY = 1.0
# The job queue's own connections (fetch, heartbeat, LISTEN), as pg_stat_activity shows them.
APPLICATION_NAME = "recollect worker"


class WorkerPool(AsyncConnectionPool):
    """procrastinate opens its pool with psycopg's default 30 s wait for the first connections;
    a worker restarting in an outage waits no longer than for any connection."""

    async def open(self, wait: bool = False, timeout: float = 30.0) -> None:
        await super().open(wait=wait, timeout=min(timeout, self.timeout))


def worker_app() -> App:
    """The app with a connector of its own: the default one writes through Django's
    connection (so a job is deferred in the storing transaction), which a worker cannot use
    for LISTEN and long-lived async queries."""
    connector = PsycopgConnector(
        pool_factory=WorkerPool,
        kwargs={**connector_params(), "application_name": APPLICATION_NAME},
        min_size=1,
        max_size=settings.WORKER_CONCURRENCY + 2,
        # A pool waits 30 s for a connection by default: a 10 s outage then went unnoticed
        # by the sweeper, and the worker lived on with a dead LISTEN connection, polling.
        timeout=settings.WORKER_HEARTBEAT_SECONDS + 2,
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


async def fail_orphans() -> int:
    """Messages that no job will finish get their Retry, live in every open tab."""
    from chatbot import relay, services

    def reconcile() -> list:
        try:
            return services.fail_orphaned_messages(
                older_than_seconds=settings.WORKER_STALLED_SECONDS
            )
        finally:
            # An executor thread's connection would otherwise idle between sweeps, and be
            # dead after an outage.
            connection.close()

    orphans = await sync_to_async(reconcile, thread_sensitive=False)()
    for message in orphans:
        logger.warning("message %s had no job left: marked failed", message.pk)
        await relay.publish(
            message.conversation_id, event="failed", message=message.pk, error=message.error
        )
    return len(orphans)


async def _sweep(jobs_app: App) -> None:
    """Requeue stalled jobs and fail orphaned messages every heartbeat; raises when the
    database cannot be reached."""
    while True:
        await asyncio.sleep(settings.WORKER_HEARTBEAT_SECONDS)
        await requeue_stalled(jobs_app)
        await fail_orphans()


async def _run_once(jobs_app: App, name: str, install_signal_handlers: bool) -> None:
    """One worker life: procrastinate's worker and the stalled-job sweeper side by side.

    procrastinate's worker outlives a database outage (its pool reconnects), but a job whose
    end it could not record stays "doing" under the worker's id, whose heartbeat then
    resumes: nothing would ever requeue it, and the user's later messages would wait behind
    its lock. So when the sweeper finds the database gone, this life ends (running jobs are
    aborted) and the next one registers under a new id; once the old id's heartbeat is
    stale, its jobs are requeued."""
    worker = asyncio.create_task(
        jobs_app.run_worker_async(
            name=name,
            concurrency=settings.WORKER_CONCURRENCY,
            install_signal_handlers=install_signal_handlers,
            update_heartbeat_interval=settings.WORKER_HEARTBEAT_SECONDS,
            stalled_worker_timeout=settings.WORKER_STALLED_SECONDS,
            fetch_job_polling_interval=settings.WORKER_POLL_SECONDS,
            shutdown_graceful_timeout=settings.WORKER_SHUTDOWN_SECONDS,
            delete_jobs="successful",
        )
    )
    sweeper = asyncio.create_task(_sweep(jobs_app))
    try:
        await asyncio.wait({worker, sweeper}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        sweeper.cancel()
        if not worker.done():
            worker.cancel()  # asks for a graceful stop
            await asyncio.sleep(0)
            worker.cancel()  # and aborts the running jobs at once
        # Bounded: a worker that ignored its cancellation must not hold its caller forever.
        await asyncio.wait({worker, sweeper}, timeout=settings.WORKER_SHUTDOWN_SECONDS + 5)
    if not worker.done():
        raise RuntimeError("the worker did not stop when cancelled")
    if not worker.cancelled() and worker.exception() is None:
        return  # stopped by a signal, after its jobs
    raise RuntimeError("the worker or its sweeper stopped") from (
        sweeper.exception() if sweeper.done() and not sweeper.cancelled() else None
    )


async def run(*, name: str = "worker", install_signal_handlers: bool = True) -> None:
    """Run a worker until cancelled or, with signal handlers, until SIGTERM/SIGINT, when it
    finishes its running jobs first (up to WORKER_SHUTDOWN_SECONDS). Restarts it after a
    failure, such as the database going away."""
    # A plain executor future: cancelling it (a test's loop ending, SIGTERM at start-up) returns
    # at once, where sync_to_async waits for the thread to finish.
    await asyncio.get_running_loop().run_in_executor(None, engine.warm_up)
    while True:
        jobs_app = worker_app()
        try:
            async with jobs_app.open_async():
                await _run_once(jobs_app, name, install_signal_handlers)
                return
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.warning("the worker stopped on an error; restarting", exc_info=True)
        finally:
            await _close(jobs_app)
        await asyncio.sleep(RESTART_DELAY)


async def _close(jobs_app: App) -> None:
    """Close the app's pool, bounded. The pool exists from the start of opening, so an open
    that failed (database down) or was cancelled left it running, with tasks retrying
    connections: one pool leaked per restart in an outage, and a test's loop could not end."""
    closing = asyncio.ensure_future(jobs_app.connector.close_async())
    await asyncio.wait({closing}, timeout=settings.WORKER_SHUTDOWN_SECONDS)
    if not closing.done():
        logger.warning("the worker's connection pool did not close in time")


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
        await asyncio.wait({task}, timeout=settings.WORKER_SHUTDOWN_SECONDS + 10)
        if not task.done():
            logger.error("the in-process worker did not stop: %s", task.get_stack())

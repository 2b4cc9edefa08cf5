"""Chat messages as durable jobs (procrastinate, in Postgres).

A message and its job are written in one transaction (chatbot.limits.store_chat_message), so a
stored message always has work queued for it. Jobs of one user share a procrastinate lock:
they run one at a time, in the order they were stored, on whichever worker fetches them;
different users run in parallel. A worker that dies leaves its job "doing"; chatbot.workers
requeues it once the worker's heartbeat is stale, and the pipeline is idempotent per message
(Message.applied_at), so a rerun applies nothing twice.
"""

from django.conf import settings
from django.db import connection
from procrastinate import BaseRetryStrategy, JobContext, RetryDecision
from procrastinate.contrib.django import app
from procrastinate.jobs import Job

from chatbot.models import Message

# Keys for pg_advisory_xact_lock(namespace, user id); memory.services uses another namespace.
_SUBMIT_LOCK_NAMESPACE = 7_115_033


def user_lock(user_id: int) -> str:
    return f"user-{user_id}"


def is_final(job: Job) -> bool:
    return job.attempts + 1 >= settings.JOB_MAX_ATTEMPTS


class UntilFinalAttempt(BaseRetryStrategy):
    """Retry a failed job, JOB_RETRY_WAIT x attempts apart, until its final attempt, which
    ends the message itself (relay.run marks it failed and the page offers Retry). Settings
    are read when a job fails, not at import."""

    def get_retry_decision(self, *, exception: BaseException, job: Job) -> RetryDecision | None:
        if is_final(job):
            return None
        return RetryDecision(retry_in={"seconds": settings.JOB_RETRY_WAIT * (job.attempts + 1)})


@app.task(name="chat.process_message", pass_context=True, retry=UntilFinalAttempt())
async def process_message(context: JobContext, message_id: int) -> None:
    from chatbot import relay  # relay -> services -> limits -> here: imported late

    await relay.run(message_id=message_id, final_attempt=is_final(context.job))


def lock_submissions(*, user_id: int) -> None:
    """Until the transaction ends, hold off other stores of this user's messages.

    Without it two tabs storing at once could get message ids in one order and job ids in the
    other, and the later message would be processed first. Taken before the message row is
    inserted, so that both ids are drawn in the same order."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_SUBMIT_LOCK_NAMESPACE, user_id])


def enqueue(*, message: Message) -> None:
    """Queue the message's processing in the caller's transaction (procrastinate's Django
    connector writes through Django's connection), behind every earlier message of its user."""
    process_message.configure(lock=user_lock(message.user_id)).defer(message_id=message.pk)

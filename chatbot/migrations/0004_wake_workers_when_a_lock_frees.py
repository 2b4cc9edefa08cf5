"""Wake the job queue's workers when a user's running job ends and another of theirs waits.

procrastinate notifies workers when a job is inserted. A user's second message is inserted
while the first runs, so its notification finds it locked; nothing announces the lock's
release, and the job waited for the next poll (5 s). This trigger sends the same
notification procrastinate sends on insert, for the next waiting job of that lock, when a
running job is finished, failed, retried (UPDATE) or deleted on success (DELETE).
"""

from django.db import migrations

CREATE = """
CREATE FUNCTION recollect_notify_lock_released() RETURNS trigger
    LANGUAGE plpgsql
AS $$
DECLARE
    waiting procrastinate_jobs;
    payload TEXT;
BEGIN
    SELECT * INTO waiting FROM procrastinate_jobs
        WHERE lock = OLD.lock AND status = 'todo' ORDER BY priority DESC, id LIMIT 1;
    IF FOUND THEN
        payload := json_build_object('type', 'job_inserted', 'job_id', waiting.id)::text;
        PERFORM pg_notify('procrastinate_queue_v1#' || waiting.queue_name, payload);
        PERFORM pg_notify('procrastinate_any_queue_v1', payload);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER recollect_lock_released_on_update
    AFTER UPDATE OF status ON procrastinate_jobs
    FOR EACH ROW WHEN (OLD.status = 'doing' AND NEW.status <> 'doing' AND OLD.lock IS NOT NULL)
    EXECUTE FUNCTION recollect_notify_lock_released();

CREATE TRIGGER recollect_lock_released_on_delete
    AFTER DELETE ON procrastinate_jobs
    FOR EACH ROW WHEN (OLD.status = 'doing' AND OLD.lock IS NOT NULL)
    EXECUTE FUNCTION recollect_notify_lock_released();
"""

DROP = """
DROP TRIGGER IF EXISTS recollect_lock_released_on_delete ON procrastinate_jobs;
DROP TRIGGER IF EXISTS recollect_lock_released_on_update ON procrastinate_jobs;
DROP FUNCTION IF EXISTS recollect_notify_lock_released();
"""


class Migration(migrations.Migration):
    dependencies = [
        ("chatbot", "0003_drop_redundant_fk_indexes"),
        ("procrastinate", "0041_post_retry_failed_job"),
    ]

    operations = [migrations.RunSQL(CREATE, DROP)]

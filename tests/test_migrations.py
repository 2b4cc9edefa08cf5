from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection


@pytest.mark.django_db
def test_it_has_no_pending_migrations():
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)


@pytest.mark.django_db
def test_it_has_age_and_pgvector():
    with connection.cursor() as cursor:
        cursor.execute("SELECT extname FROM pg_extension")
        names = {row[0] for row in cursor.fetchall()}
    assert {"age", "vector"} <= names


@pytest.mark.django_db
def test_the_orphan_sweep_reads_only_pending_user_messages_through_their_index():
    from django.utils import timezone

    from chatbot import services

    with connection.cursor() as cursor:
        # The test table is tiny, so the planner would just scan it; without scans it must
        # use an index whose condition matches the sweep's filter. (Unordered: on a tiny
        # table, walking the primary key for the sweep's ORDER BY id may look as cheap.)
        cursor.execute("SET LOCAL enable_seqscan = off")
    plan = services.pending_user_messages(before=timezone.now()).order_by().explain()
    assert "message_pending_user" in plan

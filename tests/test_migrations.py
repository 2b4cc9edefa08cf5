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

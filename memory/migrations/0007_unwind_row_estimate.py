from django.db import migrations

# AGE compiles a Cypher UNWIND to age_unnest(), which PostgreSQL costs at its default 1000 rows
# for a set-returning function. Ours unwind a handful of stems, and at ~5k concepts that guess
# made the planner hash a sequential scan of the relation table for each traversal hop (13 ms a
# question at 10k facts against 1.3 ms through the stem and edge indexes). Only the extension's
# owner may change the estimate; elsewhere it stays at the default and the queries still work.
ESTIMATE = """
DO $$
BEGIN
    ALTER FUNCTION ag_catalog.age_unnest(ag_catalog.agtype) ROWS {rows};
EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'age_unnest keeps its default row estimate: not the extension owner';
END $$;
"""


class Migration(migrations.Migration):
    dependencies = [("memory", "0006_drop_redundant_indexes")]
    operations = [
        migrations.RunSQL(ESTIMATE.format(rows=10), reverse_sql=ESTIMATE.format(rows=1000)),
    ]

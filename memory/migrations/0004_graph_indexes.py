"""Existing concept graphs: drop the edge-end indexes that duplicated AGE 1.7's own, name the
stem index as memory.graph.GRAPH_INDEXES does, and add the id indexes that
memory.age.update_properties relies on."""

from django.db import migrations

RENAMES_AND_DROPS = [
    'ALTER INDEX IF EXISTS {s}."Concept_agtype_access_operator_idx" RENAME TO "Concept_stem_idx"',
    'DROP INDEX IF EXISTS {s}."RELATED_start_id_idx1"',
    'DROP INDEX IF EXISTS {s}."RELATED_end_id_idx1"',
]


def tidy_graph_indexes(apps, schema_editor):
    from memory import graph

    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT name FROM ag_catalog.ag_graph WHERE name LIKE 'memory_u%%'")
        names = [row[0] for row in cursor.fetchall()]
        for name in names:
            graph.age.check_graph_name(name)  # memory_u<digits>, so safe to quote into SQL
            for statement in RENAMES_AND_DROPS:
                cursor.execute(statement.format(s=f'"{name}"'))
    for name in names:
        graph.create_graph_indexes(name)


class Migration(migrations.Migration):
    dependencies = [("memory", "0003_fact_subject_last")]

    operations = [migrations.RunPython(tidy_graph_indexes, migrations.RunPython.noop)]

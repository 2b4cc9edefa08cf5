"""Facts found by the first or last words of their value use an index (retrieve.holding_value)."""

import django.contrib.postgres.indexes
import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("chatbot", "0006_message_pending_sweep_index"),
        ("memory", "0009_latest_facts_index"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="fact",
            name="memory_fact_user_id_34a5cc_idx",
        ),
        migrations.AddIndex(
            model_name="fact",
            index=models.Index(
                fields=["user", "object_key"],
                name="memory_fact_value_words",
                opclasses=["int4_ops", "varchar_pattern_ops"],
            ),
        ),
        # (Django writes an operator class on an expression inside its parentheses, which
        # PostgreSQL refuses: the index is created here, as the model declares it)
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddIndex(
                    model_name="fact",
                    index=models.Index(
                        models.F("user"),
                        django.contrib.postgres.indexes.OpClass(
                            django.db.models.functions.text.Reverse("object_key"),
                            name="text_pattern_ops",
                        ),
                        name="memory_fact_value_last_words",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    'CREATE INDEX "memory_fact_value_last_words" ON "memory_fact"'
                    ' ("user_id", reverse("object_key") text_pattern_ops)',
                    reverse_sql='DROP INDEX "memory_fact_value_last_words"',
                ),
                # (an expression index has no statistics until the table is analysed, and
                # without them the planner kept walking every fact by id)
                migrations.RunSQL("ANALYZE memory_fact", reverse_sql=migrations.RunSQL.noop),
            ],
        ),
    ]

"""Facts' embeddings move to their own table (memory.models.FactVector explains why). The
vectors are copied before the old column goes, and the HNSW index is built once after the
copy rather than entry by entry."""

import django.db.models.deletion
import pgvector.django.indexes
import pgvector.django.vector
from django.conf import settings
from django.db import migrations, models

COPY = """
INSERT INTO memory_factvector (fact_id, user_id, embed_model, embedding)
SELECT id, user_id, embed_model, embedding FROM memory_fact
"""
COPY_BACK = """
UPDATE memory_fact f SET embed_model = v.embed_model, embedding = v.embedding
FROM memory_factvector v WHERE v.fact_id = f.id
"""


class Migration(migrations.Migration):
    dependencies = [
        ("memory", "0004_graph_indexes"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="FactVector",
            fields=[
                (
                    "fact",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="vector",
                        serialize=False,
                        to="memory.fact",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                ("embed_model", models.CharField(max_length=80)),
                ("embedding", pgvector.django.vector.VectorField(dimensions=384)),
            ],
        ),
        # Nullable first so that going back can re-add the old columns to a table with rows,
        # fill them from the vectors, and only then make them required again.
        migrations.AlterField(
            model_name="fact",
            name="embedding",
            field=pgvector.django.vector.VectorField(dimensions=384, null=True),
        ),
        migrations.AlterField(
            model_name="fact", name="embed_model", field=models.CharField(max_length=80, null=True)
        ),
        migrations.RunSQL(COPY, reverse_sql=COPY_BACK),
        migrations.RemoveIndex(model_name="fact", name="fact_embedding_hnsw"),
        migrations.RemoveField(model_name="fact", name="embed_model"),
        migrations.RemoveField(model_name="fact", name="embedding"),
        migrations.AddIndex(
            model_name="factvector",
            index=pgvector.django.indexes.HnswIndex(
                ef_construction=64,
                fields=["embedding"],
                m=16,
                name="factvector_embedding_hnsw",
                opclasses=["vector_cosine_ops"],
            ),
        ),
    ]

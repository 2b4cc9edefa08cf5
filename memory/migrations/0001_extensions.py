from django.db import migrations
from pgvector.django import VectorExtension


class Migration(migrations.Migration):
    initial = True
    dependencies = []
    operations = [
        VectorExtension(),
        migrations.RunSQL(
            "CREATE EXTENSION IF NOT EXISTS age",
            reverse_sql="DROP EXTENSION IF EXISTS age CASCADE",
        ),
    ]

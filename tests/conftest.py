"""Shared fixtures: a real embedded Postgres (the test database), several users."""

import pytest
from django.contrib.auth import get_user_model


@pytest.fixture
def make_user(db):
    def make(username: str, **extra):
        return get_user_model().objects.create_user(
            username=username, password="s3cret-pass-123", **extra
        )

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def charlie(make_user):
    return make_user("charlie")

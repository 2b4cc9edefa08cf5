"""Deployment checks of our own (`manage.py check --deploy`; the container runs it before start)."""

from django.conf import settings
from django.core.checks import Error, Tags, register


@register(Tags.security, deploy=True)
def default_secret_key(app_configs, **kwargs) -> list[Error]:
    if settings.SECRET_KEY == settings.DEFAULT_SECRET_KEY and not settings.DEBUG:
        return [
            Error(
                "SECRET_KEY is the repository's default, which anyone can read: sessions and "
                "signed cookies could be forged.",
                hint="Set the SECRET_KEY environment variable to a long random value.",
                id="recollect.E001",
            )
        ]
    return []

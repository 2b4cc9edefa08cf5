"""Websocket Origin check against scheme, host and port.

Channels' AllowedHostsOriginValidator compares only the host, so a page on
http://localhost:3000 could open the chat socket with the user's cookie. Here an origin must
equal one of the allowed origins exactly.
"""

from urllib.parse import urlsplit

from channels.security.websocket import OriginValidator
from django.conf import settings

from chatbot.env import env_int


def _normalise(origin: str) -> str | None:
    try:
        parts = urlsplit(origin.strip().lower())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    default = 443 if parts.scheme == "https" else 80
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port or default}"


def allowed_origins() -> set[str]:
    """WS_ALLOWED_ORIGINS if set; else http(s) on every concrete ALLOWED_HOSTS entry at the
    default ports and at PORT (the port `make run` and the container serve on)."""
    if settings.WS_ALLOWED_ORIGINS:
        return {o for o in map(_normalise, settings.WS_ALLOWED_ORIGINS) if o}
    port = env_int("PORT", 8000)
    origins = set()
    for host in settings.ALLOWED_HOSTS:
        if host.startswith(".") or "*" in host:
            continue  # a pattern is no exact origin: list those in WS_ALLOWED_ORIGINS
        for scheme in ("http", "https"):
            for suffix in ("", f":{port}"):
                origin = _normalise(f"{scheme}://{host}{suffix}")
                if origin:
                    origins.add(origin)
    return origins


def origin_allowed(origin: str) -> bool:
    normalised = _normalise(origin)
    return normalised is not None and normalised in allowed_origins()


class ExactOriginValidator(OriginValidator):
    """Channels' OriginValidator (refuses the handshake with 403) with an exact-origin test."""

    def __init__(self, application) -> None:
        super().__init__(application, allowed_origins=[])

    def valid_origin(self, parsed_origin) -> bool:
        return parsed_origin is not None and origin_allowed(parsed_origin.geturl())

import os

from django.conf import settings
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.asgi import get_asgi_application
from django.core.exceptions import SuspiciousFileOperation
from django.http import HttpResponseNotFound

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatbot.settings")
django_asgi_app = get_asgi_application()


class StaticFilesHandler(ASGIStaticFilesHandler):
    """Django's handler lets a traversal attempt (`/static/..%2f..`) or a NUL escape as an
    exception (a 500); any path that cannot be a static file is a 404 here."""

    async def get_response_async(self, request):
        try:
            return await super().get_response_async(request)
        except (SuspiciousFileOperation, ValueError):
            return HttpResponseNotFound("Not found")


if settings.SERVE_STATIC:
    # One-process deployments serve /static/ from here; behind nginx set SERVE_STATIC=0.
    django_asgi_app = StaticFilesHandler(django_asgi_app)

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from chatbot.origins import ExactOriginValidator  # noqa: E402
from chatbot.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": ExactOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

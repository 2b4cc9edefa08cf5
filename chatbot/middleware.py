"""Refuse NUL characters in query strings and form fields with a 400.

PostgreSQL text cannot hold NUL: a NUL that reaches a query (admin search, filters) fails
inside the database driver as a 500. Nothing legitimate sends one, so it is refused at the door.
"""

from collections.abc import Callable

from asgiref.sync import iscoroutinefunction
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.decorators import sync_and_async_middleware


def _has_nul(request: HttpRequest) -> bool:
    if "\x00" in request.path:
        return True
    fields = [request.GET]
    if request.method == "POST" and request.content_type in (
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ):
        fields.append(request.POST)
    return any(
        "\x00" in key or any("\x00" in value for value in values)
        for querydict in fields
        for key, values in querydict.lists()
    )


REFUSED = "Refused: the request contains a NUL character."


@sync_and_async_middleware
def reject_nul(get_response: Callable) -> Callable:
    if iscoroutinefunction(get_response):

        async def middleware(request: HttpRequest) -> HttpResponse:
            if _has_nul(request):
                return HttpResponseBadRequest(REFUSED)
            return await get_response(request)

    else:

        def middleware(request: HttpRequest) -> HttpResponse:
            if _has_nul(request):
                return HttpResponseBadRequest(REFUSED)
            return get_response(request)

    return middleware

"""The user's own view of their memory: what the bot believes, with history; correct, forget,
export, delete. Every lookup is scoped to request.user, so another user's id is a 404."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from chatbot.models import Message
from memory import audit, selectors
from memory.models import Fact, MemoryEdit

CONFIRMATION = "delete my memory"


@login_required
def my_memory(request: HttpRequest) -> HttpResponse:
    facts = list(Fact.objects.filter(user=request.user).order_by("-truth_since", "-id")[:500])
    history = selectors.truth_history(fact_ids=[f.pk for f in facts])
    context = {
        "current": [(f, history[f.pk]) for f in facts if f.is_true],
        "past": [(f, history[f.pk]) for f in facts if not f.is_true],
        "confirmation": CONFIRMATION,
    }
    return render(request, "memory/page.html", context)


@login_required
@require_POST
def correct(request: HttpRequest, fact_id: int) -> HttpResponse:
    fact = get_object_or_404(Fact, pk=fact_id, user=request.user)
    text = request.POST.get("text", "").strip()
    if not text or len(text) > 1000:
        messages.error(request, "A fact needs between 1 and 1000 characters.")
    else:
        audit.correct_by_user(fact=fact, text=text, user=request.user)
        messages.success(request, "Corrected.")
    return redirect("my_memory")


@login_required
@require_POST
def forget(request: HttpRequest, fact_id: int) -> HttpResponse:
    fact = get_object_or_404(Fact, pk=fact_id, user=request.user, is_true=True)
    audit.forget_by_user(fact=fact, user=request.user)
    messages.success(request, f"Forgot: {fact.text}")
    return redirect("my_memory")


@login_required
def export(request: HttpRequest) -> HttpResponse:
    user = request.user
    facts = Fact.objects.filter(user=user).order_by("id")
    history = selectors.truth_history(fact_ids=[f.pk for f in facts])
    data = {
        "user": user.get_username(),
        "facts": [
            {
                **fact.snapshot(),
                "id": fact.pk,
                "since": fact.truth_since,
                "history": [
                    {
                        "value": h.value,
                        "at": h.at,
                        "operation": h.operation,
                        "cause_message": h.cause_message_id,
                    }
                    for h in history[fact.pk]
                ],
            }
            for fact in facts
        ],
        "edits": list(
            MemoryEdit.objects.filter(user=user)
            .order_by("id")
            .values(
                "id",
                "created_at",
                "kind",
                "fact_id",
                "target",
                "before",
                "after",
                "cause_message_id",
                "step",
                "backend",
                "reason",
            )
        ),
        "messages": list(
            Message.objects.filter(user=user)
            .order_by("id")
            .values("id", "conversation_id", "role", "text", "route", "sent_at")
        ),
    }
    response = HttpResponse(
        json.dumps(data, cls=DjangoJSONEncoder, indent=2), content_type="application/json"
    )
    response["Content-Disposition"] = 'attachment; filename="recollect-memory.json"'
    return response


@login_required
@require_POST
def delete_all(request: HttpRequest) -> HttpResponse:
    if request.POST.get("confirm", "").strip().lower() != CONFIRMATION:
        messages.error(request, f'Type "{CONFIRMATION}" to confirm.')
        return redirect("my_memory")
    counts = audit.delete_all_memory(user=request.user)
    messages.success(request, f"Deleted your memory ({counts['facts']} facts).")
    return redirect("my_memory")

"""The user's own view of their memory: what the bot believes now and what it used to, with
history; correct, forget, export, delete. Every lookup is scoped to request.user, so another
user's fact id is a 404, never a 403 that would confirm it exists."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from memory import audit, selectors
from memory.forms import DELETE_CONFIRMATION, CorrectFactForm, DeleteMemoryForm
from memory.models import Fact
from memory.nlp import wording

PER_PAGE = 50


def _own_fact(request: HttpRequest, fact_id: int) -> Fact:
    return get_object_or_404(Fact, pk=fact_id, user=request.user)


def _with_history(facts: list[Fact]) -> list[tuple[Fact, list]]:
    history = selectors.truth_history(fact_ids=[f.pk for f in facts])
    return [(fact, history[fact.pk]) for fact in facts]


def _page(request: HttpRequest, rows, name: str):
    return Paginator(rows, PER_PAGE).get_page(request.GET.get(name))


@login_required
@require_GET
def my_memory(request: HttpRequest) -> HttpResponse:
    return _page_response(request)


def _page_response(request: HttpRequest, delete_form: DeleteMemoryForm | None = None):
    facts = Fact.objects.filter(user=request.user)
    search = request.GET.get("q", "").strip()[:200]
    if search:
        facts = facts.filter(text__icontains=search)
    current = _page(request, facts.filter(is_true=True).order_by("-truth_since", "-id"), "page")
    past = _page(request, facts.filter(is_true=False).order_by("-truth_since", "-id"), "past")
    context = {
        "current": _with_history(list(current)),
        "current_page": current,
        "past": _with_history(list(past)),
        "past_page": past,
        "search": search,
        "forgotten": selectors.forgotten_ids(fact_ids=[f.pk for f in past]),
        "delete_form": delete_form or DeleteMemoryForm(),
        "confirmation": DELETE_CONFIRMATION,
    }
    return render(request, "memory/page.html", context, status=400 if delete_form else 200)


@login_required
@require_GET
def fact_detail(request: HttpRequest, fact_id: int) -> HttpResponse:
    fact = _own_fact(request, fact_id)
    context = {
        "fact": fact,
        "history": selectors.truth_history(fact_ids=[fact.pk])[fact.pk],
        "edits": fact.edits.select_related("cause_message", "actor").order_by("id"),
    }
    return render(request, "memory/fact.html", context)


@login_required
@require_POST
def correct(request: HttpRequest, fact_id: int) -> HttpResponse:
    fact = _own_fact(request, fact_id)
    form = CorrectFactForm(request.POST)
    if not form.is_valid():
        messages.error(request, "A fact needs between 1 and 1000 characters.")
        return redirect(f"{reverse('my_memory')}#fact-{fact.pk}")
    name, typed = request.user.get_username(), form.cleaned_data["text"]
    # (the page shows the sentence said to its owner, "you work at ...": unchanged, it is no
    # correction; changed, it is stored as the other sentences are, with the owner named)
    if typed.lower() not in (fact.text.lower(), wording.to_owner(fact.text, name).lower()):
        audit.correct_by_user(fact=fact, text=wording.from_owner(typed, name), user=request.user)
        messages.success(request, f"Corrected: {typed}")
    return redirect(f"{reverse('my_memory')}#fact-{fact.pk}")


@login_required
@require_POST
def forget(request: HttpRequest, fact_id: int) -> HttpResponse:
    fact = _own_fact(request, fact_id)
    if fact.is_true:
        audit.forget_by_user(fact=fact, user=request.user)
        said = wording.to_owner(fact.text, request.user.get_username())
        messages.success(request, f"Forgot: {said}")
    return redirect("my_memory")


@login_required
@require_POST
def forget_many(request: HttpRequest) -> HttpResponse:
    """The facts ticked on the page, forgotten together (one edit each)."""
    ids = [int(i) for i in request.POST.getlist("fact") if i.isdigit()]
    facts = Fact.objects.filter(user=request.user, pk__in=ids, is_true=True)
    for fact in facts:
        audit.forget_by_user(fact=fact, user=request.user)
    messages.success(request, f"Forgot {len(facts)} facts.")
    return redirect("my_memory")


@login_required
@require_POST
def unforget(request: HttpRequest, fact_id: int) -> HttpResponse:
    """Undo a forget: the forget edit is reverted, by the user."""
    fact = _own_fact(request, fact_id)
    if audit.unforget_by_user(fact=fact, user=request.user):
        messages.success(request, f"Restored: {fact.text}")
    return redirect(f"{reverse('my_memory')}#fact-{fact.pk}")


def _json(data: dict, filename: str) -> HttpResponse:
    body = json.dumps(data, cls=DjangoJSONEncoder, indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_GET
def export(request: HttpRequest) -> HttpResponse:
    return _json(audit.export_memory(user=request.user), "recollect-memory.json")


@login_required
@require_GET
def fact_export(request: HttpRequest, fact_id: int) -> HttpResponse:
    fact = _own_fact(request, fact_id)
    history = list(
        fact.history.order_by("at", "id").values(
            "value", "at", "t", "operation", "cause_message_id"
        )
    )
    return _json(audit.fact_export(fact, history), f"recollect-fact-{fact.pk}.json")


@login_required
@require_POST
def delete_all(request: HttpRequest) -> HttpResponse:
    form = DeleteMemoryForm(request.POST)
    if not form.is_valid():
        return _page_response(request, delete_form=form)
    counts = audit.delete_all_memory(
        user=request.user, conversations=form.cleaned_data["conversations"]
    )
    done = f"Deleted your memory: {counts['facts']} facts and {counts['edits']} edits"
    if "conversations" in counts:
        done += f", and your conversations ({counts['conversations']} rows)"
    messages.success(request, done + ".")
    return redirect("my_memory")

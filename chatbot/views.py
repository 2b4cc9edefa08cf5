from django.conf import settings
from django.contrib.auth import login, logout
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from chatbot import accounts, selectors, services
from chatbot.forms import DeleteAccountForm, SignupForm
from chatbot.models import Conversation
from memory.engine import SUMMARY_LIMIT


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("chat")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # Named: with django-axes there are two backends, and a new account has no failures.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("chat")
    return render(request, "registration/signup.html", {"form": form})


@login_required
def chat(request: HttpRequest) -> HttpResponse:
    conversation = selectors.conversations_for(user=request.user).first()
    if conversation is None:
        conversation = services.start_conversation(user=request.user)
    return redirect("conversation", conversation_id=conversation.pk)


@login_required
def conversation(request: HttpRequest, conversation_id: int) -> HttpResponse:
    try:
        current = selectors.conversation_for(user=request.user, conversation_id=conversation_id)
    except Conversation.DoesNotExist as exc:
        raise Http404("No such conversation") from exc
    search = request.GET.get("q", "").strip()[:100]
    context = {
        "conversation": current,
        "search": search,
        "conversations": selectors.conversations_for(user=request.user, search=search)[:100],
        "history": selectors.history(conversation=current),
        "max_chars": settings.CHAT_MAX_MESSAGE_CHARS,
        "summary_limit": SUMMARY_LIMIT,
    }
    return render(request, "chat/page.html", context)


@login_required
@require_POST
def new_conversation(request: HttpRequest) -> HttpResponse:
    opened = services.open_empty_conversation(user=request.user)
    return redirect("conversation", conversation_id=opened.pk)


@login_required
def delete_account(request: HttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        user = request.user
        logout(request)
        accounts.delete_account(user=user)
        return render(request, "registration/account_deleted.html")
    return render(request, "registration/delete_account.html", {"form": form})


def _own(request: HttpRequest, conversation_id: int) -> Conversation:
    try:
        return selectors.conversation_for(user=request.user, conversation_id=conversation_id)
    except Conversation.DoesNotExist as exc:
        raise Http404("No such conversation") from exc


@login_required
@require_POST
def rename_conversation(request: HttpRequest, conversation_id: int) -> HttpResponse:
    title = request.POST.get("title", "")
    if not title.strip():
        return HttpResponse("A title cannot be empty.", status=400)
    services.rename_conversation(conversation=_own(request, conversation_id), title=title)
    return redirect("conversation", conversation_id=conversation_id)


@login_required
@require_POST
def delete_conversation(request: HttpRequest, conversation_id: int) -> HttpResponse:
    services.delete_conversation(conversation=_own(request, conversation_id))
    return redirect("chat")


@login_required
def export_conversation(request: HttpRequest, conversation_id: int) -> HttpResponse:
    """The conversation as Markdown, to keep or share."""
    current = _own(request, conversation_id)
    lines = [f"# {current}", ""]
    for m in selectors.history(conversation=current, limit=100_000):
        who = "You" if m.role == "user" else "Recollect"
        lines += [f"**{who}** ({m.sent_at:%Y-%m-%d %H:%M}):", "", m.text, ""]
    response = HttpResponse("\n".join(lines), content_type="text/markdown; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="conversation-{current.pk}.md"'
    return response

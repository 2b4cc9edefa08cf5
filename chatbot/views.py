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
    context = {
        "conversation": current,
        "conversations": selectors.conversations_for(user=request.user)[:100],
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

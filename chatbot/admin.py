"""Conversations and messages in the audit admin: how each message was routed and which memory
edits it caused, with a revert of all of its fact edits. Same permission as the memory admin."""

import json

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.db.models import QuerySet
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from chatbot import accounts
from chatbot.models import Conversation, Message
from memory.admin import MAX_ACTION_ROWS, MemoryAdmin, revert_messages
from memory.admin_display import edit_log_url, edits_table
from memory.admin_filters import UserFilter
from memory.models import FACT_EDIT_KINDS

SHOWN_GRAPH_EDITS = 30


@admin.register(Message)
class MessageAdmin(MemoryAdmin):
    list_display = ("id", "sent_at", "user", "role", "route", "status", "short_text", "edits")
    list_filter = (UserFilter, "role", "route", "status")
    search_fields = ("text",)
    list_select_related = ("user",)
    list_per_page = 50
    ordering = ("-id",)
    actions = ("revert_memory",)
    change_form_template = "admin/memory/message_change_form.html"
    fieldsets = (
        (None, {"fields": ("conversation", "user", "role", "text", "status", "error")}),
        ("Routing", {"fields": ("route", "routed_parts", "reply_to", "reply")}),
        ("Times", {"fields": ("sent_at", "created_at", "applied_at")}),
        ("Memory edits this message caused", {"fields": ("fact_edits", "graph_edits")}),
        ("Engine details", {"fields": ("details",)}),
    )
    readonly_fields = (
        "conversation",
        "user",
        "role",
        "text",
        "status",
        "error",
        "route",
        "routed_parts",
        "reply_to",
        "reply",
        "sent_at",
        "created_at",
        "applied_at",
        "fact_edits",
        "graph_edits",
        "details",
    )

    @admin.display(description="text")
    def short_text(self, message):
        return message.text[:100]

    @admin.display(description="memory edits")
    def edits(self, message):
        if message.role != Message.Role.USER:
            return ""
        return format_html('<a href="{}">edit log</a>', edit_log_url(message=message.pk))

    @admin.display(description="update part · question part")
    def routed_parts(self, message):
        meta = message.meta or {}
        return format_html(
            "update: “{}”<br>question: “{}”",
            meta.get("update_text", "") or "—",
            meta.get("question_text", "") or "—",
        )

    @admin.display(description="bot reply")
    def reply(self, message):
        found = message.replies.order_by("id").first()
        if found is None:
            return "—"
        url = reverse("admin:chatbot_message_change", args=[found.pk])
        return format_html('<a href="{}">#{}</a>: {}', url, found.pk, found.text[:300])

    @admin.display(description="facts")
    def fact_edits(self, message):
        rows = message.memory_edits.filter(kind__in=FACT_EDIT_KINDS)
        rows = rows.select_related("cause_message", "actor").order_by("id")
        return edits_table(rows)

    @admin.display(description="concept graph")
    def graph_edits(self, message):
        rows = message.memory_edits.exclude(kind__in=FACT_EDIT_KINDS).order_by("id")
        total = rows.count()
        return edits_table(
            rows.select_related("cause_message", "actor")[:SHOWN_GRAPH_EDITS],
            more_url=edit_log_url(message=message.pk),
            total=total,
        )

    @admin.display(description="meta")
    def details(self, message):
        return format_html("<pre>{}</pre>", json.dumps(message.meta, indent=2, default=str))

    @admin.action(description="Revert every fact edit of the selected messages")
    def revert_memory(self, request, queryset: QuerySet):
        revert_messages(self, request, queryset.order_by("-id")[:MAX_ACTION_ROWS])


@admin.register(Conversation)
class ConversationAdmin(MemoryAdmin):
    list_display = ("id", "user", "title", "created_at", "updated_at", "messages")
    list_filter = (UserFilter,)
    search_fields = ("title",)
    list_select_related = ("user",)
    ordering = ("-updated_at", "-id")
    fields = ("user", "title", "created_at", "updated_at", "latest")
    readonly_fields = fields

    @admin.display(description="messages")
    def messages(self, conversation):
        url = reverse("admin:chatbot_message_changelist")
        return format_html('<a href="{}?conversation={}">messages</a>', url, conversation.pk)

    @admin.display(description="latest messages")
    def latest(self, conversation):
        rows = reversed(list(conversation.messages.order_by("-id")[:100]))
        body = format_html_join(
            "",
            '<tr><td><a href="{}">#{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>',
            (
                (
                    reverse("admin:chatbot_message_change", args=[m.pk]),
                    m.pk,
                    f"{m.sent_at:%Y-%m-%d %H:%M}",
                    m.role,
                    m.get_route_display(),
                    m.text[:200],
                )
                for m in rows
            ),
        )
        return format_html(
            "<table><tr><th>#</th><th>sent</th><th>role</th><th>routed</th><th>text</th></tr>"
            "{}</table><p>{}</p>",
            body,
            self.messages(conversation),
        )


class AccountAdmin(UserAdmin):
    """Deleting a user deletes everything of theirs through accounts.delete_account. The memory
    admins refuse deletes (memory changes go through audited services), so Django's own
    cascade check would refuse even a superuser; the service is the audited path instead."""

    def get_deleted_objects(self, objs, request):
        if not self.has_delete_permission(request):
            return super().get_deleted_objects(objs, request)
        summary = [f"{obj}: their conversations, memory, memory graph and edit log" for obj in objs]
        return summary, {"users": len(objs)}, set(), []

    def delete_model(self, request, obj) -> None:
        accounts.delete_account(user=obj)

    def delete_queryset(self, request, queryset) -> None:
        for user in queryset:
            accounts.delete_account(user=user)


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), AccountAdmin)

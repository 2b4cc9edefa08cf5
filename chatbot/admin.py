from django.contrib import admin

from chatbot.models import Conversation, Message
from memory.admin import AuditPermissionMixin, ReadOnlyInline
from memory.models import MemoryEdit


class CausedEditsInline(ReadOnlyInline):
    model = MemoryEdit
    fk_name = "cause_message"
    fields = ("created_at", "kind", "fact", "target", "step", "backend", "reason")
    readonly_fields = fields
    verbose_name_plural = "Memory edits this message caused"
    show_change_link = True


@admin.register(Message)
class MessageAdmin(AuditPermissionMixin, admin.ModelAdmin):
    list_display = ("id", "created_at", "user", "role", "route", "status", "short_text")
    list_filter = ("role", "route", "status", ("user", admin.RelatedOnlyFieldListFilter))
    search_fields = ("text", "user__username")
    list_select_related = ("user",)
    show_full_result_count = False
    readonly_fields = (
        "conversation",
        "user",
        "role",
        "text",
        "route",
        "status",
        "error",
        "reply_to",
        "sent_at",
        "created_at",
        "applied_at",
        "meta",
    )
    fields = readonly_fields
    inlines = (CausedEditsInline,)

    @admin.display(description="text")
    def short_text(self, message):
        return message.text[:100]


class MessageInline(ReadOnlyInline):
    model = Message
    fields = ("created_at", "role", "route", "status", "text")
    readonly_fields = fields
    show_change_link = True


@admin.register(Conversation)
class ConversationAdmin(AuditPermissionMixin, admin.ModelAdmin):
    list_display = ("id", "user", "title", "updated_at")
    list_filter = (("user", admin.RelatedOnlyFieldListFilter),)
    search_fields = ("title", "user__username")
    list_select_related = ("user",)
    inlines = (MessageInline,)

"""The audit admin: facts with their truth timeline, the read-only edit log with revert, and
the per-user concept graph. Every screen needs the memory.audit_memory permission."""

import json

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join

from memory import audit, graph_selectors
from memory.models import Backend, Fact, FactTruth, MemoryEdit, MemoryState

PERMISSION = "memory.audit_memory"


class AuditPermissionMixin:
    """Staff see memory only with the dedicated audit permission."""

    def has_module_permission(self, request):
        return (
            request.user.is_active and request.user.is_staff and request.user.has_perm(PERMISSION)
        )

    def has_view_permission(self, request, obj=None):
        return self.has_module_permission(request)

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


def message_link(message) -> str:
    if message is None:
        return "—"
    url = reverse("admin:chatbot_message_change", args=[message.pk])
    return format_html('<a href="{}">#{}: {}</a>', url, message.pk, message.text[:80])


class ChangedRecentlyFilter(admin.SimpleListFilter):
    title = "changed"
    parameter_name = "changed"

    def lookups(self, request, model_admin):
        return [("1", "in the last day"), ("7", "in the last week"), ("30", "in the last month")]

    def queryset(self, request, queryset):
        if self.value() in ("1", "7", "30"):
            since = timezone.now() - timezone.timedelta(days=int(self.value()))
            return queryset.filter(truth_since__gte=since)
        return queryset


class ReadOnlyInline(admin.TabularInline):
    """Inlines follow the audit permission, not the per-model view permissions."""

    extra = 0
    can_delete = False

    def has_view_permission(self, request, obj=None):
        return request.user.is_staff and request.user.has_perm(PERMISSION)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class TruthInline(ReadOnlyInline):
    model = FactTruth
    fields = ("at", "value", "operation", "backend", "cause")
    readonly_fields = fields
    ordering = ("at", "id")
    verbose_name_plural = "Truth history (timeline)"

    @admin.display(description="cause message")
    def cause(self, row):
        return message_link(row.cause_message)


class EditInline(ReadOnlyInline):
    model = MemoryEdit
    fk_name = "fact"
    fields = (
        "created_at",
        "kind",
        "step",
        "backend",
        "model_name",
        "prompt_version",
        "reason",
        "actor",
    )
    readonly_fields = fields
    ordering = ("id",)


@admin.register(Fact)
class FactAdmin(AuditPermissionMixin, admin.ModelAdmin):
    list_display = (
        "text",
        "subject",
        "relation",
        "object",
        "is_true",
        "truth_since",
        "backend",
        "user",
    )
    list_filter = (
        "is_true",
        ChangedRecentlyFilter,
        "backend",
        ("user", admin.RelatedOnlyFieldListFilter),
    )
    search_fields = ("text", "subject", "object", "user__username")
    list_select_related = ("user",)
    show_full_result_count = False
    readonly_fields = (
        "user",
        "subject",
        "relation",
        "object",
        "is_true",
        "truth_since",
        "backend",
        "embed_model",
        "t",
        "created_at",
        "source",
    )
    fields = ("user", "text", *readonly_fields[1:])
    inlines = (TruthInline, EditInline)

    @admin.display(description="introduced by")
    def source(self, fact):
        return message_link(fact.source_message)

    def has_change_permission(self, request, obj=None):
        return self.has_module_permission(request)

    def save_model(self, request, obj, form, change):
        """A staff change goes through the same service as every other change, and is logged."""
        if not change or "text" not in form.changed_data:
            return
        audit.correct_text(
            fact=Fact.objects.get(pk=obj.pk),
            text=obj.text,
            actor=request.user,
            backend=Backend.STAFF,
            step="admin.change",
            reason="changed in the admin",
        )


def _diff(before: dict | None, after: dict | None) -> str:
    before, after = before or {}, after or {}
    keys = sorted(set(before) | set(after))
    rows = [
        (
            key,
            json.dumps(before.get(key), ensure_ascii=False)[:300],
            json.dumps(after.get(key), ensure_ascii=False)[:300],
        )
        for key in keys
        if before.get(key) != after.get(key)
    ]
    if not rows:
        return "no change"
    body = format_html_join("", "<tr><th>{}</th><td>{}</td><td>{}</td></tr>", rows)
    return format_html("<table><tr><th></th><th>before</th><th>after</th></tr>{}</table>", body)


@admin.register(MemoryEdit)
class MemoryEditAdmin(AuditPermissionMixin, admin.ModelAdmin):
    list_display = (
        "id",
        "created_at",
        "user",
        "kind",
        "subject_of_edit",
        "step",
        "backend",
        "prompt_version",
        "cause",
        "reverted",
    )
    list_filter = (
        "kind",
        "step",
        "backend",
        ("created_at", admin.DateFieldListFilter),
        ("user", admin.RelatedOnlyFieldListFilter),
    )
    search_fields = ("target", "reason", "fact__text", "user__username")
    list_select_related = ("user", "fact", "cause_message", "reverted_by")
    show_full_result_count = False
    list_per_page = 50
    date_hierarchy = None
    ordering = ("-id",)
    actions = ("revert_edits", "revert_messages")
    readonly_fields = (
        "user",
        "created_at",
        "kind",
        "fact",
        "target",
        "changes",
        "cause",
        "step",
        "backend",
        "model_name",
        "prompt_version",
        "reason",
        "actor",
        "reverted_by",
    )
    fields = readonly_fields

    @admin.display(description="what")
    def subject_of_edit(self, edit):
        return edit.fact.text[:80] if edit.fact_id else edit.target

    @admin.display(description="cause message")
    def cause(self, edit):
        return message_link(edit.cause_message)

    @admin.display(boolean=True)
    def reverted(self, edit):
        return edit.reverted_by_id is not None

    @admin.display(description="before → after")
    def changes(self, edit):
        return _diff(edit.before, edit.after)

    def has_revert_permission(self, request):
        return self.has_module_permission(request)

    @admin.action(description="Revert selected edits", permissions=["revert"])
    def revert_edits(self, request, queryset: QuerySet):
        self._revert(request, [(e, None) for e in queryset.order_by("-id")])

    @admin.action(
        description="Revert all edits of the selected edits' messages", permissions=["revert"]
    )
    def revert_messages(self, request, queryset: QuerySet):
        done = 0
        seen = set()
        for edit in queryset.exclude(cause_message=None).select_related("cause_message"):
            if edit.cause_message_id not in seen:
                seen.add(edit.cause_message_id)
                done += len(audit.revert_message(message=edit.cause_message, actor=request.user))
        self.message_user(
            request,
            f"Reverted {done} fact edit(s) of {len(seen)} message(s). "
            "Concept-graph edits are kept (they record summaries only).",
        )

    def _revert(self, request, edits):
        done, skipped = 0, []
        for edit, _ in edits:
            try:
                audit.revert_edit(edit=edit, actor=request.user)
                done += 1
            except audit.NotRevertible as exc:
                skipped.append(str(exc))
        self.message_user(request, f"Reverted {done} edit(s).")
        for reason in sorted(set(skipped)):
            self.message_user(request, f"Skipped: {reason}", level=messages.WARNING)


@admin.register(MemoryState)
class MemoryStateAdmin(AuditPermissionMixin, admin.ModelAdmin):
    """Per user: the RecallM clock, the engine, and the way into the concept graph."""

    list_display = ("user", "clock", "engine", "graph")
    list_select_related = ("user",)
    search_fields = ("user__username",)

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("<int:user_id>/concepts/", view(self.concepts_view), name="memory_concepts"),
            path(
                "<int:user_id>/concepts/<path:stem>/",
                view(self.concept_view),
                name="memory_concept",
            ),
            *super().get_urls(),
        ]

    def _guard(self, request, user_id: int):
        if not self.has_module_permission(request):
            raise PermissionDenied
        return get_object_or_404(get_user_model(), pk=user_id)

    def concepts_view(self, request, user_id: int):
        owner = self._guard(request, user_id)
        page = max(1, int(request.GET.get("page", "1") or 1))
        search = request.GET.get("q", "")[:100]
        rows, more = graph_selectors.concepts_page(user_id=owner.pk, page=page, search=search)
        context = {
            **self.admin_site.each_context(request),
            "owner": owner,
            "rows": rows,
            "page": page,
            "more": more,
            "q": search,
            "title": f"Concepts of {owner}",
        }
        return TemplateResponse(request, "admin/memory/concepts.html", context)

    def concept_view(self, request, user_id: int, stem: str):
        owner = self._guard(request, user_id)
        found = graph_selectors.concept(user_id=owner.pk, stem=stem)
        if found is None:
            raise Http404("no such concept")
        around = graph_selectors.neighbours(user_id=owner.pk, stem=stem)
        context = {
            **self.admin_site.each_context(request),
            "owner": owner,
            "concept": found,
            "neighbours": around,
            "title": f"Concept {found.get('label')}",
            "svg": graph_selectors.neighbourhood_svg(found, around),
        }
        return TemplateResponse(request, "admin/memory/concept.html", context)

    @admin.display(description="concept graph")
    def graph(self, state):
        url = reverse("admin:memory_concepts", args=[state.user_id])
        return format_html('<a href="{}">concepts</a>', url)

"""The audit admin: facts with their truth timeline, the read-only edit log with reverts, and a
per-user hub leading to the concept graph. Every screen needs the memory.audit_memory
permission (superusers have it); staff without it get 403, other users the login page.

Lists stay fast at 100k+ edits: no full counts (capped paginator, show_full_result_count off,
no facet counts), filters that do not scan the table for their choices, list_select_related,
and orderings served by the MemoryEdit indexes (user, -id), (kind, -id), created_at."""

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from chatbot.models import Message
from memory import audit, graph_selectors
from memory.admin_display import (
    compact_change,
    context_rows,
    diff_rows,
    edit_log_url,
    edits_table,
    message_link,
    truth_periods,
)
from memory.admin_filters import (
    CappedPaginator,
    CauseMessageFilter,
    ChangedRecentlyFilter,
    DateRangeFilter,
    EditedFactFilter,
    StepFilter,
    UserFilter,
)
from memory.forms import StaffFactForm
from memory.models import Fact, FactVector, MemoryEdit, MemoryState

PERMISSION = "memory.audit_memory"
MAX_ACTION_ROWS = 1000


def can_audit(user) -> bool:
    return user.is_active and user.is_staff and user.has_perm(PERMISSION)


class AuditPermissionMixin:
    """Staff see memory and chats only with the dedicated audit permission; nothing here can
    be added or deleted, and only FactAdmin allows a change (through the services)."""

    show_facets = admin.ShowFacets.NEVER

    def has_module_permission(self, request):
        return can_audit(request.user)

    def has_view_permission(self, request, obj=None):
        return can_audit(request.user)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class MemoryAdmin(AuditPermissionMixin, admin.ModelAdmin):
    paginator = CappedPaginator
    show_full_result_count = False

    class Media:
        css = {"all": ["memory.css"]}

    def revert_report(self, request, done: int, skipped: list[str], graph_edits: int = 0):
        self.message_user(request, f"Reverted {done} fact edit(s).")
        if graph_edits:
            self.message_user(
                request,
                f"{graph_edits} concept-graph edit(s) of these messages are kept: reverts "
                "undo facts only (the graph records what was said).",
                level=messages.INFO,
            )
        for reason in dict.fromkeys(skipped):
            self.message_user(request, f"Not reverted: {reason}", level=messages.WARNING)


@admin.register(Fact)
class FactAdmin(MemoryAdmin):
    form = StaffFactForm
    list_display = ("text", "triplet", "is_true", "truth_since", "backend", "user")
    list_filter = (UserFilter, "is_true", ChangedRecentlyFilter, "backend")
    search_fields = ("text", "subject", "object")
    list_select_related = ("user",)
    actions = ("mark_false", "mark_true")
    fieldsets = (
        (None, {"fields": ("user", "text", "triplet", "is_true", "truth_since", "backend")}),
        ("Provenance", {"fields": ("source", "created_at", "t", "embed_model")}),
        ("Truth history (timeline)", {"fields": ("timeline",)}),
        ("Edits of this fact", {"fields": ("edits",)}),
    )
    readonly_fields = (
        "user",
        "triplet",
        "is_true",
        "truth_since",
        "backend",
        "source",
        "created_at",
        "t",
        "embed_model",
        "timeline",
        "edits",
    )

    @admin.display(description="embedding model")
    def embed_model(self, fact):
        vector = FactVector.objects.filter(fact=fact).values_list("embed_model", flat=True)
        return vector.first() or "–"

    def has_change_permission(self, request, obj=None):
        return can_audit(request.user)

    @admin.display(description="triplet (subject, relation, object)")
    def triplet(self, fact):
        return f"({fact.subject}, {fact.relation}, {fact.object})" if fact.relation else "—"

    @admin.display(description="introduced by")
    def source(self, fact):
        return message_link(fact.source_message)

    @admin.display(description="")
    def timeline(self, fact):
        rows = list(fact.history.select_related("cause_message").order_by("at", "id"))
        context = {"fact": fact, "periods": truth_periods(rows)}
        return render_to_string("admin/memory/_timeline.html", context)

    @admin.display(description="")
    def edits(self, fact):
        rows = fact.edits.select_related("cause_message", "actor").order_by("id")
        return edits_table(rows, more_url=edit_log_url(fact=fact.pk))

    def save_model(self, request, obj, form, change):
        """A staff change goes through the same service as every other change, and is logged
        as a fact_corrected edit with backend "staff" and the staff member as actor."""
        if change and "text" in form.changed_data:
            audit.correct_by_staff(fact=obj, text=form.cleaned_data["text"], actor=request.user)

    def save_related(self, request, form, formsets, change):
        pass  # nothing related is editable here

    @admin.action(description="Mark selected facts false (staff edit)")
    def mark_false(self, request, queryset: QuerySet):
        self._mark(request, queryset, False)

    @admin.action(description="Mark selected facts true (staff edit)")
    def mark_true(self, request, queryset: QuerySet):
        self._mark(request, queryset, True)

    def _mark(self, request, queryset: QuerySet, value: bool):
        changed = [
            audit.set_truth_by_staff(fact=fact, value=value, actor=request.user)
            for fact in queryset.order_by("id")[:MAX_ACTION_ROWS]
        ]
        done = sum(1 for edit in changed if edit)
        self.message_user(request, f"Marked {done} fact(s) {'true' if value else 'false'}.")


@admin.register(MemoryEdit)
class MemoryEditAdmin(MemoryAdmin):
    list_display = (
        "id",
        "when",
        "user",
        "kind",
        "what",
        "change",
        "cause",
        "decided_by",
        "short_reason",
        "actor",
        "reverted",
    )
    list_filter = (
        UserFilter,
        "kind",
        StepFilter,
        "backend",
        ("created_at", DateRangeFilter),
        CauseMessageFilter,
        EditedFactFilter,
    )
    search_fields = ("target", "reason", "fact__text")
    search_help_text = "Searches the fact's text, concept targets and the stated reasons."
    list_select_related = ("user", "fact", "cause_message", "actor")
    list_per_page = 50
    ordering = ("-id",)
    actions = ("revert_edits", "revert_messages")
    change_form_template = "admin/memory/memoryedit/change_form.html"
    fields = (
        "user",
        "created_at",
        "kind",
        "fact_link",
        "target",
        "changes",
        "cause",
        "step",
        "backend",
        "model_name",
        "prompt_version",
        "reason",
        "actor",
        "reverted_by_link",
        "reverts_link",
    )
    readonly_fields = fields

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        return qs.defer("cause_message__meta")

    @admin.display(description="what")
    def what(self, edit):
        if not edit.fact_id:
            return edit.target
        url = reverse("admin:memory_fact_change", args=[edit.fact_id])
        return format_html('<a href="{}">{}</a>', url, edit.fact.text[:80])

    @admin.display(description="fact")
    def fact_link(self, edit):
        return self.what(edit) if edit.fact_id else "—"

    @admin.display(description="before → after")
    def change(self, edit):
        return compact_change(edit)

    @admin.display(description="before → after")
    def changes(self, edit):
        rows = diff_rows(edit.before, edit.after)
        return render_to_string("admin/memory/_diff.html", {"rows": rows})

    @admin.display(description="cause message")
    def cause(self, edit):
        return message_link(edit.cause_message, 60)

    @admin.display(description="decided by")
    def decided_by(self, edit):
        details = " · ".join(p for p in (edit.backend, edit.model_name, edit.prompt_version) if p)
        return format_html(
            '<span class="step">{}</span><br><span class="quiet">{}</span>', edit.step, details
        )

    @admin.display(description="when", ordering="id")
    def when(self, edit):
        return f"{timezone.localtime(edit.created_at):%Y-%m-%d %H:%M:%S}"

    @admin.display(description="reason")
    def short_reason(self, edit):
        text = edit.reason or ""
        return format_html('<span title="{}">{}</span>', text, text[:120])

    @admin.display(description="reverted by")
    def reverted(self, edit):
        if not edit.reverted_by_id:
            return ""
        url = reverse("admin:memory_memoryedit_change", args=[edit.reverted_by_id])
        return format_html('<a href="{}">#{}</a>', url, edit.reverted_by_id)

    reverted_by_link = reverted

    @admin.display(description="reverts")
    def reverts_link(self, edit):
        undone = edit.reverts.order_by("id").values_list("id", flat=True)
        return edits_table(MemoryEdit.objects.filter(id__in=list(undone))) if undone else "—"

    @admin.action(description="Revert selected edits")
    def revert_edits(self, request, queryset: QuerySet):
        revert_edits(self, request, queryset.order_by("-id")[:MAX_ACTION_ROWS])

    @admin.action(description="Revert every fact edit of the selected edits' messages")
    def revert_messages(self, request, queryset: QuerySet):
        ids = queryset.exclude(cause_message=None).values_list("cause_message_id", flat=True)
        rows = Message.objects.filter(pk__in=list(ids.distinct()[:MAX_ACTION_ROWS]))
        revert_messages(self, request, rows)

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("<int:edit_id>/revert/", view(self.revert_view), name="memory_edit_revert"),
            path(
                "message/<int:message_id>/revert/",
                view(self.revert_message_view),
                name="memory_message_revert",
            ),
            *super().get_urls(),
        ]

    def revert_view(self, request, edit_id: int):
        edit = get_object_or_404(MemoryEdit, pk=edit_id)
        return self._post_only(request, lambda: revert_edits(self, request, [edit]), edit)

    def revert_message_view(self, request, message_id: int):
        message = get_object_or_404(Message, pk=message_id)
        return self._post_only(
            request,
            lambda: revert_messages(self, request, [message]),
            message,
        )

    def _post_only(self, request, action, obj):
        if not can_audit(request.user):
            raise PermissionDenied

        @require_POST
        def run(request):
            action()
            back = request.POST.get("next", "")
            safe = url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure())
            return redirect(back if back and safe else reverse_for(obj))

        return run(request)


def reverse_for(obj) -> str:
    meta = obj._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk])


def revert_edits(model_admin: MemoryAdmin, request, edits) -> None:
    """Admin action body: each edit on its own; refusals are reported, not raised."""
    done, skipped = 0, []
    for edit in edits:
        try:
            audit.revert_edit(edit=edit, actor=request.user)
            done += 1
        except audit.NotRevertible as exc:
            skipped.append(str(exc))
    model_admin.revert_report(request, done, skipped)


def revert_messages(model_admin: MemoryAdmin, request, rows) -> None:
    """Admin action body shared with the message admin: each message all or nothing."""
    done, skipped, graph_edits = 0, [], 0
    for message in rows:
        try:
            done += len(audit.revert_message(message=message, actor=request.user))
        except audit.NotRevertible as exc:
            skipped.append(f"message #{message.pk}: {exc}")
        graph_edits += audit.graph_edit_count(message=message)
    model_admin.revert_report(request, done, skipped, graph_edits)


@admin.register(MemoryState)
class MemoryStateAdmin(MemoryAdmin):
    """One row per user with a memory: the RecallM clock and the ways into that user's facts,
    edits, messages and concept graph."""

    list_display = ("user", "clock", "engine", "links")
    list_select_related = ("user",)
    search_fields = ("user__username",)
    ordering = ("user__username",)

    @admin.display(description="audit")
    def links(self, state):
        uid = state.user_id
        return format_html(
            '<a href="{}">facts</a> · <a href="{}">edit log</a> · <a href="{}">messages</a>'
            ' · <a href="{}">concept graph</a>',
            f"{reverse('admin:memory_fact_changelist')}?user={uid}",
            edit_log_url(user=uid),
            f"{reverse('admin:chatbot_message_changelist')}?user={uid}",
            reverse("admin:memory_concepts", args=[uid]),
        )

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

    def _context(self, request, user_id: int) -> dict:
        if not can_audit(request.user):
            raise PermissionDenied
        owner = get_object_or_404(get_user_model(), pk=user_id)
        return {**self.admin_site.each_context(request), "opts": self.model._meta, "owner": owner}

    def concepts_view(self, request, user_id: int):
        context = self._context(request, user_id)
        page = request.GET.get("page", "1")
        page = int(page) if page.isdigit() and 0 < int(page) < 100_000 else 1
        search = request.GET.get("q", "").strip()[:100]
        rows, more = graph_selectors.concepts_page(user_id=user_id, page=page, search=search)
        context.update(
            rows=rows,
            page=page,
            more=more,
            q=search,
            summary=graph_selectors.graph_summary(user_id=user_id),
            title=f"Concept graph of {context['owner']}",
        )
        return TemplateResponse(request, "admin/memory/concepts.html", context)

    def concept_view(self, request, user_id: int, stem: str):
        context = self._context(request, user_id)
        found = graph_selectors.concept(user_id=user_id, stem=stem)
        if found is None:
            raise Http404("no such concept")
        around = graph_selectors.neighbours(user_id=user_id, stem=stem)
        shown = [n["stem"] for n in around[: graph_selectors.PICTURE_NEIGHBOURS]]
        links = graph_selectors.links_among(user_id=user_id, stems=shown)
        context.update(
            concept=found,
            contexts=context_rows(user_id, found.get("contexts", [])),
            neighbours=around,
            svg=graph_selectors.neighbourhood_svg(found, around, links),
            title=f"Concept “{found.get('label', stem)}” of {context['owner']}",
        )
        return TemplateResponse(request, "admin/memory/concept.html", context)

"""List filters and the paginator of the audit admin, built so that a list of 100k+ rows never
needs a full count or a DISTINCT scan to draw its sidebar."""

from datetime import datetime, time, timedelta

from django.contrib import admin
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.utils import timezone
from django.utils.dateparse import parse_date
from django.utils.functional import cached_property

from memory.models import MemoryEdit

KNOWN_STEPS = (
    "erase.add",
    "erase.verdict",
    "erase.rewrite",
    "recallm.graph",
    "recallm.revise",
    "command.forget",
    "baseline.store",
    "baseline.forget",
    "user.correct",
    "user.forget",
    "admin.change",
    "admin.mark_true",
    "admin.mark_false",
    "audit.revert",
)


class CappedPaginator(Paginator):
    """Counts at most CAP rows: past that an exact count costs a scan and helps no one."""

    cap = 10_000

    @cached_property
    def count(self) -> int:
        return self.object_list[: self.cap + 1].count()

    @property
    def capped(self) -> bool:
        return self.count > self.cap


class UserFilter(admin.SimpleListFilter):
    """Choices from the small per-user MemoryState table, not a DISTINCT over the big one;
    any user id works in the URL (?user=<id>)."""

    title = "user"
    parameter_name = "user"

    def lookups(self, request, model_admin):
        users = get_user_model().objects.filter(memory_state__isnull=False)
        found = [(str(u.pk), u.get_username()) for u in users.order_by("username")[:200]]
        value = self.value()
        if value and value.isdigit() and value not in {pk for pk, _ in found}:
            extra = get_user_model().objects.filter(pk=int(value)).first()
            found.append((value, extra.get_username() if extra else f"#{value}"))
        return found

    def queryset(self, request, queryset):
        value = self.value()
        if value is None:
            return queryset
        if not value.isdigit():
            raise IncorrectLookupParameters("user must be an id")
        return queryset.filter(user_id=int(value))


class StepFilter(admin.SimpleListFilter):
    title = "pipeline step"
    parameter_name = "step"

    def lookups(self, request, model_admin):
        recent = MemoryEdit.objects.order_by("-id").values_list("step", flat=True)[:2000]
        return [(s, s) for s in sorted(set(KNOWN_STEPS) | set(recent))]

    def queryset(self, request, queryset):
        return queryset.filter(step=self.value()) if self.value() else queryset


class _IdFilter(admin.SimpleListFilter):
    """Narrow the list to one related row (?message=<id>, ?fact=<id>), shown when active."""

    field = ""

    def lookups(self, request, model_admin):
        value = self.value()
        return [(value, f"#{value}")] if value else []

    def queryset(self, request, queryset):
        value = self.value()
        if value is None:
            return queryset
        if not value.isdigit():
            raise IncorrectLookupParameters(f"{self.parameter_name} must be an id")
        return queryset.filter(**{self.field: int(value)})


class CauseMessageFilter(_IdFilter):
    title = "cause message"
    parameter_name = "message"
    field = "cause_message_id"


class EditedFactFilter(_IdFilter):
    title = "fact"
    parameter_name = "fact"
    field = "fact_id"


class DateRangeFilter(admin.FieldListFilter):
    """From/to dates (inclusive, in the site's time zone) on a datetime field."""

    template = "admin/memory/date_range_filter.html"

    def __init__(self, field, request, params, model, model_admin, field_path):
        self.param_from, self.param_to = f"{field_path}_from", f"{field_path}_to"
        self.values = {k: (params.get(k) or [""])[-1] for k in self.expected_parameters()}
        skip = {*self.expected_parameters(), "p"}
        self.other_params = [(k, v) for k, vs in request.GET.lists() if k not in skip for v in vs]
        super().__init__(field, request, params, model, model_admin, field_path)

    def expected_parameters(self):
        return [self.param_from, self.param_to]

    @property
    def value_from(self) -> str:
        return self.values[self.param_from]

    @property
    def value_to(self) -> str:
        return self.values[self.param_to]

    def _day(self, text: str) -> datetime | None:
        if not text:
            return None
        try:
            day = parse_date(text)
        except ValueError:
            day = None
        if day is None:
            raise IncorrectLookupParameters(f"not a date: {text!r}")
        return timezone.make_aware(datetime.combine(day, time.min))

    def queryset(self, request, queryset):
        start, end = self._day(self.value_from), self._day(self.value_to)
        if start:
            queryset = queryset.filter(**{f"{self.field_path}__gte": start})
        if end:
            queryset = queryset.filter(**{f"{self.field_path}__lt": end + timedelta(days=1)})
        return queryset

    def choices(self, changelist):
        yield {
            "selected": not (self.value_from or self.value_to),
            "query_string": changelist.get_query_string(remove=self.expected_parameters()),
            "display": "Any date",
        }


class ChangedRecentlyFilter(admin.SimpleListFilter):
    title = "truth changed"
    parameter_name = "changed"

    def lookups(self, request, model_admin):
        return [("1", "in the last day"), ("7", "in the last week"), ("30", "in the last month")]

    def queryset(self, request, queryset):
        if self.value() in ("1", "7", "30"):
            since = timezone.now() - timedelta(days=int(self.value()))
            return queryset.filter(truth_since__gte=since)
        return queryset

from django.conf import settings
from django.db import models
from django.utils import timezone


class Conversation(models.Model):
    user = models.ForeignKey(  # indexed by (user, -updated_at) below
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="conversations",
        db_index=False,
    )
    title = models.CharField(max_length=120, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["user", "-updated_at"])]

    def __str__(self) -> str:
        return self.title or "New conversation"

    def touch(self, first_text: str = "") -> None:
        self.updated_at = timezone.now()
        fields = ["updated_at"]
        if not self.title and first_text:
            self.title = first_text[:60]
            fields.append("title")
        self.save(update_fields=fields)


class Message(models.Model):
    class Role(models.TextChoices):
        USER = "user", "User"
        BOT = "bot", "Bot"

    class Route(models.TextChoices):
        PENDING = "", "Not routed yet"
        UPDATE = "update", "Update"
        QUESTION = "question", "Question"
        BOTH = "both", "Update and question"
        CHITCHAT = "chitchat", "Small talk"
        COMMAND = "command", "Memory command"

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"
        INCOMPLETE = "incomplete", "Incomplete"

    # Both indexed by the (user, id) and (conversation, id) indexes below.
    conversation = models.ForeignKey(
        Conversation, on_delete=models.CASCADE, related_name="messages", db_index=False
    )
    # Denormalised from the conversation so that every memory query can filter by user directly.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    role = models.CharField(max_length=8, choices=Role.choices)
    text = models.TextField()
    route = models.CharField(max_length=10, choices=Route.choices, blank=True, default="")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    error = models.TextField(blank=True)
    reply_to = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="replies"
    )
    # When the user said it. Equal to created_at in chat; replays set the dataset's time.
    sent_at = models.DateTimeField(default=timezone.now)
    created_at = models.DateTimeField(default=timezone.now)
    # Set once the message's update part is in memory; makes re-processing a no-op.
    applied_at = models.DateTimeField(null=True, blank=True)
    # A reply's Stop button: the job streaming it checks this between tokens (chatbot.relay).
    stop_requested = models.BooleanField(default=False)
    # Backend, timings, token counts, memory change summary.
    meta = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["user", "id"]),
            models.Index(fields=["conversation", "id"]),
            # memory.engine.apply_update looks for a user's routed-but-unapplied updates before
            # every update; without this it read every message the user ever sent.
            models.Index(
                fields=["user", "id"],
                name="message_pending_update",
                condition=models.Q(applied_at__isnull=True, route__in=["update", "both"]),
            ),
            # services.fail_orphaned_messages looks for old pending user messages every worker
            # heartbeat; without this it read the whole message table each time. Few rows are
            # ever pending, so the index stays tiny (the price: a status change is no HOT
            # update, like the route and applied_at changes above).
            models.Index(
                fields=["created_at"],
                name="message_pending_user",
                condition=models.Q(role="user", status="pending"),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.role} #{self.pk}: {self.text[:50]}"

    @property
    def is_user(self) -> bool:
        return self.role == self.Role.USER

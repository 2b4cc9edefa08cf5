"""Send one message through the same entry point as the websocket and print the reply."""

import asyncio

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from chatbot import services
from chatbot.models import Conversation
from memory.events import Failed, MemoryChanged, Routed, Token


class Command(BaseCommand):
    help = 'Send one chat message as a user and print the streamed reply: chat --user NAME "text"'

    def add_arguments(self, parser):
        parser.add_argument("message")
        parser.add_argument("--user", required=True)
        parser.add_argument("--create", action="store_true", help="create the user if missing")
        parser.add_argument("--conversation", type=int, help="conversation id (default: latest)")
        parser.add_argument("--verbose-events", action="store_true", help="also print routing")

    def handle(self, *args, message: str, user: str, create: bool, **options):
        executor = MigrationExecutor(connection)
        pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
        if pending:
            raise CommandError(
                f"the database is not set up yet ({len(pending)} migrations to apply): "
                "run `python manage.py migrate` (or `make run`) first"
            )
        account = self.get_user(user, create)
        conversation = self.get_conversation(account, options.get("conversation"))
        try:
            stored = services.store_user_message(conversation=conversation, text=message)
        except services.InvalidMessage as exc:
            raise CommandError(str(exc)) from exc
        failed = asyncio.run(self.stream(stored, options["verbose_events"]))
        if failed:
            raise CommandError(failed)

    async def stream(self, message, verbose: bool) -> str | None:
        async for _reply, event in services.run_message(message=message):
            if isinstance(event, Token):
                self.stdout.write(event.text, ending="")
                self.stdout.flush()
            elif isinstance(event, Routed) and verbose:
                self.stderr.write(f"[routed as {event.kind}]")
            elif isinstance(event, MemoryChanged) and verbose:
                for line in event.lines:
                    self.stderr.write(f"[memory] {line}")
            elif isinstance(event, Failed):
                return event.error
        self.stdout.write("")
        return None

    def get_user(self, username: str, create: bool):
        model = get_user_model()
        try:
            return model.objects.get(username=username)
        except model.DoesNotExist:
            if not create:
                raise CommandError(f"no user {username!r}; pass --create to make one") from None
            account = model(username=username)
            account.set_unusable_password()
            account.save()
            return account

    def get_conversation(self, user, conversation_id: int | None) -> Conversation:
        rows = Conversation.objects.filter(user=user)
        if conversation_id:
            try:
                return rows.get(pk=conversation_id)
            except Conversation.DoesNotExist:
                raise CommandError("no such conversation for this user") from None
        return rows.first() or services.start_conversation(user=user, title="CLI")

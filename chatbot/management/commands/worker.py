"""`manage.py worker`: run message jobs (CHAT_WORKER=external, with REDIS_URL)."""

import asyncio

from django.core.management.base import BaseCommand

from chatbot import metrics, workers


class Command(BaseCommand):
    help = "Run chat message jobs until SIGTERM/SIGINT (running jobs finish first)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--name", default="worker", help="worker name in the job table")

    def handle(self, *args, name: str, **options) -> None:
        metrics.serve_worker_metrics()  # on METRICS_PORT, if set
        asyncio.run(workers.run(name=name, install_signal_handlers=True))

from django.apps import AppConfig


class MemoryConfig(AppConfig):
    name = "memory"
    verbose_name = "Memory"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from memory.age import setup_age_session

        connection_created.connect(setup_age_session, dispatch_uid="memory.setup_age_session")

from django.apps import AppConfig


class ChatbotConfig(AppConfig):
    name = "chatbot"
    verbose_name = "Chat"

    def ready(self) -> None:
        from chatbot import checks  # noqa: F401  (registers the deploy checks)

from django.contrib import admin
from django.urls import include, path

from chatbot import health, metrics, views

urlpatterns = [
    path("", views.chat, name="chat"),
    path("c/new/", views.new_conversation, name="new_conversation"),
    path("c/<int:conversation_id>/", views.conversation, name="conversation"),
    path("c/<int:conversation_id>/rename/", views.rename_conversation, name="rename_conversation"),
    path("c/<int:conversation_id>/delete/", views.delete_conversation, name="delete_conversation"),
    path("c/<int:conversation_id>/export/", views.export_conversation, name="export_conversation"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/delete/", views.delete_account, name="delete_account"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("memory/", include("memory.urls")),
    path("admin/", admin.site.urls),
    # Probes and metrics (chatbot.health.probe_middleware answers these paths first; the routes
    # name them for reverse() and serve them if that middleware is ever left out).
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("metrics", metrics.metrics_view, name="metrics"),
]

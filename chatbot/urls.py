from django.contrib import admin
from django.urls import include, path

from chatbot import views

urlpatterns = [
    path("", views.chat, name="chat"),
    path("c/new/", views.new_conversation, name="new_conversation"),
    path("c/<int:conversation_id>/", views.conversation, name="conversation"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/delete/", views.delete_account, name="delete_account"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("memory/", include("memory.urls")),
    path("admin/", admin.site.urls),
]

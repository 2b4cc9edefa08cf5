from django.urls import path

from memory import views

urlpatterns = [
    path("", views.my_memory, name="my_memory"),
    path("facts/<int:fact_id>/", views.fact_detail, name="fact_detail"),
    path("facts/<int:fact_id>/correct/", views.correct, name="correct_fact"),
    path("facts/<int:fact_id>/forget/", views.forget, name="forget_fact"),
    path("facts/<int:fact_id>/restore/", views.unforget, name="unforget_fact"),
    path("facts/forget/", views.forget_many, name="forget_facts"),
    path("facts/<int:fact_id>/export/", views.fact_export, name="export_fact"),
    path("export/", views.export, name="export_memory"),
    path("delete/", views.delete_all, name="delete_memory"),
]

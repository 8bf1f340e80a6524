from django.urls import path

from moderation import views

urlpatterns = [path("reports/new/", views.report_new, name="report_new")]

from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

from accounts.views import switch_language
from korsaren_site.views import healthz

urlpatterns = [
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("rules/", TemplateView.as_view(template_name="rules.html"), name="rules"),
    path("healthz", healthz, name="healthz"),
    path("i18n/setlang/", switch_language, name="set_language"),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("admin/", admin.site.urls),
    path("", include("games.urls")),
    path("", include("moderation.urls")),
]

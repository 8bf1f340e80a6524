from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

from accounts.views import switch_language
from games.presentation import COLOUR_LEGEND
from korsaren_site.views import healthz

urlpatterns = [
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path(
        "rules/",
        TemplateView.as_view(
            template_name="rules.html", extra_context={"colour_legend": COLOUR_LEGEND}
        ),
        name="rules",
    ),
    path("healthz", healthz, name="healthz"),
    path("i18n/setlang/", switch_language, name="set_language"),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("admin/", admin.site.urls),
    path("", include("games.urls")),
    path("", include("moderation.urls")),
]

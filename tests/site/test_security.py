import os
import re
import secrets
import subprocess
import sys

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def csp_directives(header: str) -> dict[str, list[str]]:
    directives = {}
    for part in header.split(";"):
        name, *values = part.split()
        directives[name] = values
    return directives


def test_content_security_policy_allows_no_inline_script(client):
    response = client.get(reverse("home"))
    policy = csp_directives(response["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["connect-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]


def test_pages_have_no_inline_scripts_or_styles(client):
    for name in ("home", "rules", "account_login", "account_signup"):
        page = client.get(reverse(name)).content.decode()
        assert not re.search(r"<script(?![^>]*\bsrc=)", page), name
        assert "<style" not in page, name
        assert " style=" not in page, name
        assert not re.search(r" on[a-z]+=", page), name


def test_deploy_check_passes_with_a_production_environment():
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("SECURE_", "SESSION_", "CSRF_", "EMAIL_"))
    }
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="korsaren.example.com",
        CSRF_TRUSTED_ORIGINS="https://korsaren.example.com",
        DATABASE_URL="postgres://korsaren:secret@db.example.com:5432/korsaren",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {key: value for key, value in os.environ.items() if key != "SECRET_KEY"}
    env["DEBUG"] = "0"
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr


def test_rate_limits_are_configured_for_login_and_signup():
    assert {"login", "login_failed", "signup"} <= settings.ACCOUNT_RATE_LIMITS.keys()
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"

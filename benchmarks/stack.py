"""The real stack on loopback, for the load benchmark and the fault drills.

A private Redis (its own port, so a restart drill never touches anyone else's), a dedicated
PostgreSQL database (created and migrated here), N Daphne processes sharing one listening socket
(the kernel spreads connections across them, as a proxy would), a Celery worker and Celery beat.
Every process is ours: stop() ends exactly those, by their process ids.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import psycopg
import redis

from korsaren_site import processes
from korsaren_site.embedded_redis import redis_server_path

ROOT = Path(__file__).resolve().parent.parent
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


def ensure_database(name: str, fresh: bool = False) -> str:
    """Create the database if missing (or anew); returns its DATABASE_URL."""
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if exists and fresh:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,)
            )
            conn.execute(f'DROP DATABASE "{name}"')
            exists = None
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')
    return f"postgres://postgres@127.0.0.1:5432/{name}"


@dataclass
class Stack:
    database: str = "korsaren_load"
    daphnes: int = 1
    work_dir: Path = Path("/tmp/h8-stack")
    env_overrides: dict = field(default_factory=dict)
    fresh_database: bool = False
    # Given, these are used as they are (a test's database and Redis); otherwise the stack
    # creates its own database and runs a Redis of its own.
    database_url: str = ""
    redis_url: str = ""
    # With affinity, each Daphne listens on its own port and all of a table's traffic goes to
    # one of them (port_for), as a proxy hashing the table's id would route it; without, they
    # share one listening socket and the kernel spreads connections across them.
    affinity: bool = False
    # With a proxy, nginx (deploy/nginx.conf) stands in front of the Daphnes and does that
    # routing itself (a consistent hash of the table's id): everything goes to its one port.
    proxy: bool = False
    asgi: str = "korsaren_site.asgi:application"  # the application Daphne serves

    def __post_init__(self) -> None:
        self.work_dir.mkdir(parents=True, exist_ok=True)
        self.own_database, self.own_redis = not self.database_url, not self.redis_url
        self.redis_port = processes.free_port()
        if self.own_redis:
            self.redis_url = f"redis://127.0.0.1:{self.redis_port}/0"
        if self.own_database:
            self.database_url = f"postgres://postgres@127.0.0.1:5432/{self.database}"
        self.children: dict[str, subprocess.Popen] = {}
        self.gc_folder = self.work_dir / "gc"
        self.gc_folder.mkdir(exist_ok=True)
        self.listeners: list[socket.socket] = []
        self.ports: list[int] = []

    # --- environment ---------------------------------------------------------------------

    @property
    def env(self) -> dict:
        """Production settings (DEBUG off), plain http on loopback."""
        return {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "korsaren_site.settings",
            "DEBUG": "0",
            "SECRET_KEY": "load-benchmark-only-" + "x" * 40,
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SECURE_SSL_REDIRECT": "0",
            "SESSION_COOKIE_SECURE": "0",
            "CSRF_COOKIE_SECURE": "0",
            "SECURE_HSTS_SECONDS": "0",
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            "VAR_DIR": str(self.work_dir / "var"),
            "STATIC_ROOT": str(self.work_dir / "static"),
            "CACHE_KEY_PREFIX": "korsaren-load",
            "LOG_LEVEL": "WARNING",
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
            "KORSAREN_ROUND_PAUSE_SECONDS": "1",
            "KORSAREN_BOT_DELAY_SECONDS": "0.2",
            "GC_STATS": str(self.gc_folder),  # korsaren_site/gc_stats.py
            **self.env_overrides,
        }

    def apply_env_here(self) -> None:
        """Make this process (the harness) use the same settings as the servers."""
        os.environ.update(self.env)

    # --- lifecycle -----------------------------------------------------------------------

    def prepare(self) -> None:
        manage = [sys.executable, str(ROOT / "manage.py")]
        if self.own_database:
            self.database_url = ensure_database(self.database, fresh=self.fresh_database)
            subprocess.run(
                [*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=self.env, check=True
            )
        if self.own_redis:
            self.start_redis()
        if self.env["DEBUG"] == "0":  # production static files: hashed names from a manifest
            subprocess.run(
                [*manage, "collectstatic", "--noinput", "-v", "0"],
                cwd=ROOT,
                env=self.env,
                check=True,
            )

    def start(self, celery: bool = True) -> None:
        self.prepare()
        self.start_daphnes()
        if self.proxy:
            self.start_proxy()
        if celery:
            self.start_celery()

    def start_celery(self) -> None:
        self.start_worker()
        self.start_beat()

    def stop_celery(self) -> None:
        self._stop("celery beat", kill=True)
        self._stop("celery worker", kill=True)

    def stop(self) -> None:
        for name in list(self.children):
            self._stop(name)
        for listener in self.listeners:
            listener.close()
        self.listeners, self.ports = [], []

    def __enter__(self) -> Stack:
        self.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.stop()

    def log_path(self, name: str) -> Path:
        return self.work_dir / f"{name.replace(' ', '-')}.log"

    def errors(self, name: str, lines: int = 30) -> str:
        """The last error lines a process logged (a traceback's), for a failed check's report;
        empty if it logged none."""
        path = self.log_path(name)
        text = path.read_text(errors="replace").splitlines() if path.exists() else []
        marks = [i for i, line in enumerate(text) if "Error" in line or "Traceback" in line]
        if not marks:
            return ""
        return f"\n{name} logged:\n" + "\n".join(text[max(0, marks[-1] - lines) : marks[-1] + 1])

    def _spawn(self, name: str, args: list[str], **kwargs) -> subprocess.Popen:
        log = self.log_path(name).open("a")
        self.children[name] = processes.spawn(
            args, cwd=ROOT, env=self.env, stdout=log, stderr=log, **kwargs
        )
        return self.children[name]

    def _stop(self, name: str, kill: bool = False) -> None:
        process = self.children.pop(name, None)
        if process is None:
            return
        if kill:
            # The whole process group: a prefork worker's pool children die with it.
            os.killpg(process.pid, 9)
            process.wait()
        else:
            processes.stop(process, timeout=15)

    # --- Redis ---------------------------------------------------------------------------

    def start_redis(self) -> None:
        self._spawn(
            "redis",
            [
                str(redis_server_path()),
                *("--bind", "127.0.0.1", "--port", str(self.redis_port)),
                *("--save", "", "--appendonly", "no", "--dir", str(self.work_dir)),
                *("--maxclients", "10000", "--loglevel", "warning"),
            ],
        )
        client = redis.Redis.from_url(self.redis_url, socket_timeout=0.5)

        def answers() -> bool:
            try:
                return bool(client.ping())
            except redis.RedisError:
                return False

        processes.wait_until(answers, timeout=10, what="Redis")

    def restart_redis(self, down_seconds: float = 1.0) -> None:
        """A Redis restart loses everything in it (no persistence): queued tasks, channel
        groups, cache. PostgreSQL keeps the truth."""
        self._stop("redis", kill=True)
        time.sleep(down_seconds)
        self.start_redis()

    # --- Daphne --------------------------------------------------------------------------

    def start_daphnes(self) -> None:
        while len(self.listeners) < (self.daphnes if self.affinity else 1):
            listener = socket.socket()
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind(("127.0.0.1", 0))
            listener.listen(4096)
            self.listeners.append(listener)
            self.ports.append(listener.getsockname()[1])
        for i in range(self.daphnes):
            fd = self.listeners[i % len(self.listeners)].fileno()
            self._spawn(
                f"daphne {i}",
                [
                    sys.executable,
                    "-m",
                    "daphne",
                    "--fd",
                    str(fd),
                    "-v",
                    "0",
                    self.asgi,
                ],
                pass_fds=(fd,),
            )
        processes.wait_until(self._serves, timeout=60, what="Daphne")

    def _serves(self) -> bool:
        return all(self._port_serves(port) for port in self.ports)

    @staticmethod
    def _port_serves(port: int) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
                s.sendall(b"GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
                return b" 200 " in s.recv(64)
        except OSError:
            return False

    @property
    def port(self) -> int:
        return self.proxy_port if self.proxy else self.ports[0]

    def port_for(self, match_id: int) -> int:
        """Where a table's sockets and moves go."""
        if self.proxy:
            return self.proxy_port
        return self.ports[match_id % len(self.ports)]

    # --- the proxy -----------------------------------------------------------------------

    def start_proxy(self) -> None:
        """nginx from deploy/nginx.conf in front of the Daphnes (each on its own port)."""
        if not self.affinity:
            raise ValueError("a proxy needs the Daphnes on ports of their own (affinity)")
        run_dir = self.work_dir / "nginx"
        run_dir.mkdir(exist_ok=True)
        self.proxy_port = processes.free_port()
        servers = " ".join(f"server 127.0.0.1:{port};" for port in self.ports)
        config = (ROOT / "deploy" / "nginx.conf").read_text()
        for word, value in {
            "@LISTEN@": f"127.0.0.1:{self.proxy_port}",
            "@DAPHNES@": servers,
            "@STATIC_ROOT@": str(self.work_dir / "static"),
            "@RUN_DIR@": str(run_dir),
        }.items():
            config = config.replace(word, value)
        (run_dir / "nginx.conf").write_text(config)
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self._spawn(
            "nginx",
            [nginx, "-p", str(run_dir), "-c", str(run_dir / "nginx.conf"), "-g", "daemon off;"],
        )
        processes.wait_until(lambda: self._port_serves(self.proxy_port), timeout=30, what="nginx")

    def restart_daphnes(self, kill: bool = True) -> None:
        for i in range(self.daphnes):
            self._stop(f"daphne {i}", kill=kill)
        self.start_daphnes()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # --- Celery --------------------------------------------------------------------------

    def start_worker(self) -> None:
        self._spawn(
            "celery worker",
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "korsaren_site",
                "worker",
                "-l",
                "WARNING",
                "--concurrency",
                os.environ.get("LOAD_WORKER_CONCURRENCY", "2"),
                "-n",
                f"load-{self.redis_port}@%h",
            ],
        )

    def kill_worker(self) -> None:
        """SIGKILL, as a crash or an OOM kill would: tasks it held are lost."""
        self._stop("celery worker", kill=True)

    def start_beat(self) -> None:
        schedule = self.work_dir / f"beat-{self.redis_port}"
        self._spawn(
            "celery beat",
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "korsaren_site",
                "beat",
                "-l",
                "WARNING",
                "-s",
                str(schedule),
            ],
        )

    def revive(self) -> list[str]:
        """What a process supervisor (systemd's Restart=always) does: start again any Celery
        process that exited. Returns their names."""
        revived = []
        for name, start in (("celery worker", self.start_worker), ("celery beat", self.start_beat)):
            process = self.children.get(name)
            if process is not None and process.poll() is not None:
                self.children.pop(name)
                start()
                revived.append(name)
        return revived

    # --- measuring -----------------------------------------------------------------------

    def server_processes(self) -> dict[str, list[psutil.Process]]:
        """Our server processes by role, the worker's pool children and this database's
        PostgreSQL backends included."""
        roles: dict[str, list[psutil.Process]] = {}
        for name, child in self.children.items():
            try:
                proc = psutil.Process(child.pid)
                role = name.split(" ")[0] if name.startswith("daphne") else name
                roles.setdefault(role, []).extend([proc, *proc.children(recursive=True)])
            except psutil.NoSuchProcess:
                pass
        return roles

    async def collector_reports(self) -> dict[int, dict]:
        """Each Daphne process's collector figures (korsaren_site/gc_stats.py), asked for now."""
        asked = {}
        for name, child in self.children.items():
            if name.startswith("daphne") and child.poll() is None:
                path = self.gc_folder / f"{child.pid}.json"
                path.unlink(missing_ok=True)
                child.send_signal(signal.SIGUSR1)
                asked[child.pid] = path
        reports = {}
        for _ in range(100):  # the handler runs between two of the process's bytecodes
            for pid, path in asked.items():
                if pid not in reports and path.exists():
                    with contextlib.suppress(ValueError):  # still being written
                        reports[pid] = json.loads(path.read_text())
            if len(reports) == len(asked):
                break
            await asyncio.sleep(0.02)
        return reports

    @staticmethod
    def postgres_cpu() -> float:
        """CPU seconds PostgreSQL has used so far: its processes and the backends that already
        exited (a backend per connection when connections are not reused). All databases: the
        machine's PostgreSQL is shared, so this is an upper bound for ours."""
        total = 0.0
        for proc in psutil.process_iter(["name", "cmdline"]):
            try:
                if proc.info["name"] != "postgres":
                    continue
                t = proc.cpu_times()
                total += t.user + t.system
                if proc.ppid() == 1 or "postgres: " not in " ".join(proc.info["cmdline"] or []):
                    total += t.children_user + t.children_system  # the postmaster: reaped backends
            except psutil.NoSuchProcess:
                pass
        return total

    def queue_depth(self) -> int:
        try:
            return int(redis.Redis.from_url(self.redis_url, socket_timeout=1).llen("celery"))
        except redis.RedisError:
            return -1

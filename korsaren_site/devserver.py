"""`make run`: the whole site on one machine, with its real parts.

Migrates the database, starts Redis (the one at REDIS_URL, or an embedded one), Daphne, a Celery
worker and Celery beat, prints the address, and on Ctrl-C or SIGTERM stops them all.

    python -m korsaren_site.devserver      # PORT (default 8000) and HOST (default 127.0.0.1)
"""

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from korsaren_site import processes
from korsaren_site.embedded_redis import EmbeddedRedis

BASE_DIR = Path(__file__).resolve().parent.parent


def manage(*args: str) -> None:
    subprocess.run([sys.executable, str(BASE_DIR / "manage.py"), *args], check=True)


def main() -> int:
    os.environ.setdefault("DEBUG", "1")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "korsaren_site.settings")
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8000"))
    var_dir = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))
    var_dir.mkdir(parents=True, exist_ok=True)
    if processes.port_open(host, port):
        print(f"Port {port} on {host} is already in use: pick another with PORT=...")
        return 1

    stopping = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopping.set())

    manage("migrate", "--noinput")
    if os.environ["DEBUG"].lower() in {"0", "false", "no", "off"}:  # production-like run
        manage("collectstatic", "--noinput", "--verbosity", "0")
    if stopping.is_set():
        return 0

    embedded = None
    if not os.environ.get("REDIS_URL"):
        embedded = EmbeddedRedis(var_dir / "redis")
        os.environ["REDIS_URL"] = embedded.start()
        print(f"Embedded Redis at {os.environ['REDIS_URL']}", flush=True)

    celery = ["celery", "-A", "korsaren_site"]
    commands = {
        "daphne": ["daphne", "-b", host, "-p", str(port), "korsaren_site.asgi:application"],
        "celery worker": [*celery, "worker", "-l", "INFO"],
        "celery beat": [*celery, "beat", "-l", "INFO"],
    }
    children: dict[str, subprocess.Popen] = {}
    exit_code = 0
    try:
        for name, command in commands.items():
            children[name] = processes.spawn([sys.executable, "-m", *command], cwd=BASE_DIR)
        daphne = children["daphne"]
        processes.wait_until(
            lambda: (
                stopping.is_set() or daphne.poll() is not None or processes.port_open(host, port)
            ),
            timeout=60,
            what="Daphne",
        )
        if daphne.poll() is None and not stopping.is_set():
            url = f"http://{host}:{port}/"
            print(f"\nKorsaren Online is running at {url}  (Ctrl-C stops it)\n", flush=True)
        while not stopping.wait(0.5):
            dead = [name for name, child in children.items() if child.poll() is not None]
            if dead:
                print(f"{', '.join(dead)} stopped unexpectedly; shutting down.", flush=True)
                exit_code = 1
                break
    finally:
        for child in children.values():  # all at once, then wait for each
            if child.poll() is None:
                child.terminate()
        for child in children.values():
            processes.stop(child)
        if embedded is not None:
            embedded.stop()
        print("Korsaren Online stopped.", flush=True)
    return exit_code


if __name__ == "__main__":
    sys.exit(main())

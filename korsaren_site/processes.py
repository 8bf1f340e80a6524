"""Small helpers for the child processes of the dev server and the tests."""

import ctypes
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

_PR_SET_PDEATHSIG = 1
# Looked up once here: the forked child only calls it (no library loading between fork and exec).
_prctl = ctypes.CDLL(None, use_errno=True).prctl if sys.platform.startswith("linux") else None


def _die_with_parent() -> None:
    # Linux only: the kernel sends SIGTERM to the child when its parent dies, even by SIGKILL,
    # so an interrupted `make run` or test session never leaves a server behind.
    _prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


def spawn(args: Sequence[str], **kwargs) -> subprocess.Popen:
    """Start a child in its own session (Ctrl-C reaches only us, and we stop it in order)."""
    preexec = _die_with_parent if _prctl is not None else None
    return subprocess.Popen(args, start_new_session=True, preexec_fn=preexec, **kwargs)


def stop(process: subprocess.Popen, timeout: float = 10.0) -> None:
    """Terminate a child politely, then for good."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def wait_until(check: Callable[[], bool], timeout: float, what: str) -> None:
    """Poll `check` until it returns True; raise TimeoutError naming `what` otherwise."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise TimeoutError(f"{what} did not come up within {timeout:.0f} s")


def port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False

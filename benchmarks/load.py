"""Load benchmark: N tables of S seats playing real matches over the real stack on loopback.

    .venv/bin/python -m benchmarks.load --steps 50,100,200,400 --seconds 60 [--daphnes 2]
        [--via socket|post] [--game korsaren,dame] [--bare | --compare-bare]
        [--env CHANNEL_LAYER=pubsub --env DB_CONN_MAX_AGE=60] [--json results.jsonl]

Each step signs N×S players in (sessions made in the database), seats them through
games.services, starts the matches and opens one WebSocket per seat (cookie + Origin, as a
browser). Each table moves on an open-loop clock (exponential gaps, mean --interval seconds): at
its next tick the seat whose own socket frames show a move button sends it, as table.js does:
over its socket (--via socket, the default) or POSTed to /tables/<id>/act/ with CSRF (--via
post, as htmx does without a socket). --game takes a comma-separated mix (tables alternate).
Measured: from sending a move to *every* seat's socket showing the new version (all-seats
latency); each frame's latency; the move's answer (the POST's response, or the socket's message
line); delivery (versions lost, duplicated, out of order, skipped because coalesced); socket
connect failures; CPU and memory of the server processes, and Daphne's CPU per move; the Celery
queue depth. --bare runs the same harness against benchmarks/bare.py (the same Daphne, channel
layer and Redis; no database, no templates): the floor. --compare-bare runs the floor, then
the site, and prints the ratio of Daphne CPU per move. Prints a table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field

import psutil
import websockets

from benchmarks.client import MESSAGE, MOVERS, HttpClient, TabView, make_players, new_csrf_token
from benchmarks.stack import Stack
from korsaren_site import gc_stats


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q / 100 * len(values)))]


@dataclass
class Stats:
    all_seats: list[float] = field(default_factory=list)  # ms, send -> last seat has it
    frames: list[float] = field(default_factory=list)  # ms, send -> one seat has it
    posts: list[float] = field(default_factory=list)  # ms, the move's answer (POST or socket)
    post_status: Counter = field(default_factory=Counter)
    refusals: Counter = field(default_factory=Counter)  # moves over the socket: the reasons
    lag: list[float] = field(default_factory=list)  # ms a move was sent after its tick
    connect_ms: list[float] = field(default_factory=list)
    connect_failures: int = 0
    duplicates: int = 0
    out_of_order: int = 0
    skipped: int = 0  # versions a socket never saw because a later one came first (coalesced)
    lost: int = 0  # sockets that never reached their table's final version
    undelivered: int = 0  # moves whose new version never reached every seat
    socket_drops: int = 0
    frame_bytes: int = 0
    frame_count: int = 0


class Seat:
    def __init__(self, table: Table, position: int, session: str) -> None:
        self.table, self.position = table, position
        self.csrf = new_csrf_token()
        self.cookies = {"sessionid": session, "csrftoken": self.csrf}
        self.tab = TabView(table.game)
        self.ws = None
        self.answer: asyncio.Future | None = None  # the socket's answer to the move in flight

    def on_frame(self, frame: str, now: float, stats: Stats) -> None:
        if frame.startswith(MESSAGE):
            if self.answer is not None and not self.answer.done():
                self.answer.set_result(frame)
            return
        stats.frame_bytes += len(frame)
        stats.frame_count += 1
        before = self.tab.version
        v = self.tab.swap(frame)
        if v is None:
            return
        if v == before:
            stats.duplicates += 1
        elif v < before:
            stats.out_of_order += 1
        else:
            if before >= 0:
                stats.skipped += v - before - 1
            self.table.delivered(self, v, now, stats)
        self.table.changed.set()


class Table:
    def __init__(self, match_id: int, sessions: list[str], game: str) -> None:
        self.id, self.game = match_id, game
        self.seats = [Seat(self, p, s) for p, s in enumerate(sessions)]
        self.pending: dict[int, tuple[float, set[int]]] = {}
        self.changed = asyncio.Event()
        self.last_sent = -1

    def delivered(self, seat: Seat, version: int, now: float, stats: Stats) -> None:
        for v in [v for v in self.pending if v <= version]:
            sent, waiting = self.pending[v]
            if seat.position in waiting:
                waiting.discard(seat.position)
                stats.frames.append((now - sent) * 1000)
                if not waiting:
                    stats.all_seats.append((now - sent) * 1000)
                    del self.pending[v]

    def actor(self, rng: random.Random) -> tuple[Seat, dict] | None:
        for seat in rng.sample(self.seats, len(self.seats)):
            if seat.tab.version > self.last_sent and (move := seat.tab.move(rng)):
                return seat, move
        return None


def seats_of(game: str) -> int:
    """The most seats the game's tables take (4 for the bare floor)."""
    if game == "bare":
        return 4
    from games import registry

    return max(registry.get(game).game.player_counts)


class Harness:
    def __init__(
        self,
        stack: Stack,
        interval: float,
        seed: int,
        games: list[str],
        via: str = "socket",
        turn_seconds: int = 180,
    ) -> None:
        self.stack, self.interval, self.games, self.via = stack, interval, games, via
        self.turn_seconds = turn_seconds
        self.bare = games == ["bare"]
        self.rng = random.Random(seed)
        self.stats = Stats()
        self.http: dict[int, HttpClient] = {}

    # --- setup -------------------------------------------------------------------------------

    def make_tables(self, step: int, count: int) -> list[Table]:
        if self.bare:  # no database: tables are numbers, their versions live in Redis
            first = 100_000 * (step + 1)
            return [Table(first + t, [""] * 4, "bare") for t in range(count)]
        from games import services

        games = [self.games[t % len(self.games)] for t in range(count)]
        players = iter(make_players(f"load{step}-", sum(seats_of(g) for g in games)))
        tables = []
        for game in games:
            seated = [next(players) for _ in range(seats_of(game))]
            creator = seated[0][0]
            match = services.create_table(
                creator,
                game=game,
                seat_count=len(seated),
                turn_seconds=self.turn_seconds,
                rated=False,
                private=False,
            )
            for user, _ in seated[1:]:
                services.join_table(user, match.pk)
            services.start_match(creator, match.pk)
            tables.append(Table(match.pk, [s for _, s in seated], game))
        return tables

    async def connect(self, seat: Seat, sem: asyncio.Semaphore) -> None:
        port = self.stack.port_for(seat.table.id)
        url = f"ws://127.0.0.1:{port}/ws/tables/{seat.table.id}/"
        if self.bare:
            url += f"?seat={seat.position}"
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in seat.cookies.items())}
        async with sem:
            start = time.monotonic()
            try:
                seat.ws = await websockets.connect(
                    url,
                    origin=f"http://127.0.0.1:{port}",
                    additional_headers=headers,
                    open_timeout=20,
                    max_size=2**22,
                )
                frame = await asyncio.wait_for(seat.ws.recv(), 20)
            except (OSError, TimeoutError, websockets.WebSocketException):
                self.stats.connect_failures += 1
                seat.ws = None
                return
            self.stats.connect_ms.append((time.monotonic() - start) * 1000)
            seat.on_frame(frame, time.monotonic(), self.stats)

    async def listen(self, seat: Seat) -> None:
        try:
            async for frame in seat.ws:
                seat.on_frame(frame, time.monotonic(), self.stats)
        except websockets.ConnectionClosed:
            self.stats.socket_drops += 1

    # --- play --------------------------------------------------------------------------------

    async def play_table(self, table: Table, start: float, end: float) -> None:
        rng = random.Random(self.rng.random())
        tick = start + rng.uniform(0, self.interval)
        while tick < end:
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
            while (found := table.actor(rng)) is None:
                table.changed.clear()
                try:
                    await asyncio.wait_for(table.changed.wait(), max(0.01, end - time.monotonic()))
                except TimeoutError:
                    return
            seat, move = found
            self.stats.lag.append(max(0.0, time.monotonic() - tick) * 1000)
            await self.send(table, seat, move)
            tick += rng.expovariate(1 / self.interval)

    async def send(self, table: Table, seat: Seat, move: dict) -> None:
        if self.via == "socket" and seat.ws:
            await self.send_on_socket(table, seat, move)
        else:
            await self.post(table, seat, move)

    async def send_on_socket(self, table: Table, seat: Seat, move: dict) -> None:
        """As table.js does: the move form's fields on the tab's socket; the answer is the
        message line (empty, or the refusal)."""
        version = seat.tab.version
        table.last_sent = version
        seat.answer = asyncio.get_running_loop().create_future()
        sent = time.monotonic()
        table.pending[version + 1] = (sent, {s.position for s in table.seats if s.ws})
        try:
            await seat.ws.send(json.dumps({"move": {"version": str(version), **move}}))
            answer = await asyncio.wait_for(seat.answer, 60)
        except (TimeoutError, websockets.ConnectionClosed):
            self.stats.post_status["error"] += 1
            table.pending.pop(version + 1, None)
            return
        self.stats.posts.append((time.monotonic() - sent) * 1000)
        refused = "<p>" in answer
        self.stats.post_status["refused" if refused else "ok"] += 1
        if refused:  # why, in a few words (e.g. "The table changed before your move arrived")
            self.stats.refusals[answer.split("<p>", 1)[1][:50]] += 1
        if refused:
            table.pending.pop(version + 1, None)
            table.last_sent = version - 1  # the table did not move; try again

    async def post(self, table: Table, seat: Seat, move: dict) -> None:
        version = seat.tab.version
        table.last_sent = version
        port = self.stack.port_for(table.id)
        client = self.http.setdefault(id(seat), HttpClient(port, seat.cookies))
        form = {"version": version, **move}
        headers = {"X-CSRFToken": seat.csrf, "HX-Request": "true"}
        if seat.ws:
            headers["X-Table-Live"] = "1"  # as table.js says while the tab's socket is open
        sent = time.monotonic()
        table.pending[version + 1] = (sent, {s.position for s in table.seats if s.ws})
        try:
            response = await client.request(
                "POST", f"/tables/{table.id}/act/", form, headers=headers
            )
        except OSError:
            self.stats.post_status["error"] += 1
            table.pending.pop(version + 1, None)
            return
        self.stats.posts.append((time.monotonic() - sent) * 1000)
        self.stats.post_status[response.status] += 1
        if response.status != 200:
            table.pending.pop(version + 1, None)
            table.last_sent = version - 1  # refused: the table did not move; try again

    # --- one step ----------------------------------------------------------------------------

    async def run_step(self, step: int, count: int, seconds: float) -> dict:
        from asgiref.sync import sync_to_async

        self.stats = Stats()
        t0 = time.monotonic()
        tables = await sync_to_async(self.make_tables)(step, count)
        setup_s = time.monotonic() - t0
        sem = asyncio.Semaphore(64)
        seats = [s for t in tables for s in t.seats]
        await asyncio.gather(*(self.connect(s, sem) for s in seats))
        listeners = [asyncio.create_task(self.listen(s)) for s in seats if s.ws]
        await asyncio.sleep(2)  # let the connect frames settle

        collector0 = await self.stack.collector_reports()
        monitor = Monitor(self.stack)
        start = time.monotonic()
        end = start + seconds
        sampler = asyncio.create_task(monitor.sample_until(end))
        await asyncio.gather(*(self.play_table(t, start, end) for t in tables))
        await sampler
        usage = monitor.finish(seconds)
        collector = collector_window(collector0, await self.stack.collector_reports())

        # Delivery: give late frames a moment, then compare every socket with the database.
        deadline = time.monotonic() + 10
        while any(t.pending for t in tables) and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        if self.bare:
            finals = await bare_versions(self.stack.redis_url, [t.id for t in tables])
        else:
            finals = await sync_to_async(final_versions)([t.id for t in tables])
        while time.monotonic() < deadline and any(
            s.ws and s.tab.version < finals[t.id] for t in tables for s in t.seats
        ):
            await asyncio.sleep(0.2)
        st = self.stats
        st.undelivered = sum(len(t.pending) for t in tables)
        st.lost = sum(1 for t in tables for s in t.seats if s.ws and s.tab.version < finals[t.id])
        for s in seats:
            if s.ws:
                await s.ws.close()
        for task in listeners:
            task.cancel()
        for client in self.http.values():
            await client.close()
        self.http.clear()
        if not self.bare:
            await sync_to_async(retire)([t.id for t in tables])
        moves = sum(n for status, n in st.post_status.items() if status in (200, "ok"))
        daphne_s = usage["cpu_cores"].get("daphne", 0) * seconds
        return {
            "via": self.via,
            "games": ",".join(self.games),
            "tables": count,
            "sockets": len(seats) - st.connect_failures,
            "setup_s": round(setup_s, 1),
            "moves": moves,
            "moves_per_s": round(moves / seconds, 1),
            "daphne_ms_per_move": round(daphne_s * 1000 / moves, 1) if moves else float("nan"),
            "frame_bytes": st.frame_bytes // max(1, st.frame_count),
            "post_p50": pct(st.posts, 50),
            "post_p99": pct(st.posts, 99),
            "all_p50": pct(st.all_seats, 50),
            "all_p99": pct(st.all_seats, 99),
            "all_max": max(st.all_seats, default=float("nan")),
            "frame_p50": pct(st.frames, 50),
            "lag_p99": pct(st.lag, 99),
            "connect_p99": pct(st.connect_ms, 99),
            "connect_failures": st.connect_failures,
            "lost": st.lost,
            "undelivered": st.undelivered,
            "duplicates": st.duplicates,
            "out_of_order": st.out_of_order,
            "skipped": st.skipped,
            "socket_drops": st.socket_drops,
            "post_status": dict(st.post_status),
            "refusals": dict(st.refusals),
            "gc_passes": collector["passes"],
            "gc_ms": [round(s * 1000) for s in collector["seconds"]],
            "gc_longest_ms": [round(s * 1000, 1) for s in collector["longest"]],
            "gc_unreachable_per_move": round(collector["unreachable"] / moves) if moves else 0,
            **usage,
        }


def collector_window(before: dict[int, dict], after: dict[int, dict]) -> dict:
    """The Daphne processes' collector work over a step (korsaren_site/gc_stats.py): passes and
    their seconds by generation added up, the longest pass of any, the unreachable objects."""
    total = {"passes": [0] * 3, "seconds": [0.0] * 3, "longest": [0.0] * 3, "unreachable": 0}
    for pid, report in after.items():
        if pid not in before:
            continue  # restarted during the step: its figures start afresh
        one = gc_stats.window(before[pid], report)
        for g in range(3):
            total["passes"][g] += one["passes"][g]
            total["seconds"][g] += one["seconds"][g]
            total["longest"][g] = max(total["longest"][g], one["longest"][g])
        total["unreachable"] += one["unreachable"]
    return total


def final_versions(ids: list[int]) -> dict[int, int]:
    from games.models import Match

    return dict(Match.objects.filter(pk__in=ids).values_list("pk", "version"))


async def bare_versions(redis_url: str, ids: list[int]) -> dict[int, int]:
    """The bare floor's tables: their versions in Redis (benchmarks/bare.py)."""
    import redis.asyncio as aioredis

    client = aioredis.Redis.from_url(redis_url)
    values = await client.mget([f"bare:table:{t}" for t in ids])
    await client.aclose()
    return {t: int(v or 0) for t, v in zip(ids, values, strict=True)}


def retire(ids: list[int]) -> None:
    """Take a finished step's matches out of play (no beat sweep keeps looking at them)."""
    from games.models import Match

    Match.objects.filter(pk__in=ids, status=Match.Status.ACTIVE).update(
        status=Match.Status.ABORTED, deadline=None
    )


class Monitor:
    """CPU seconds and peak memory of each server role over the window; the Celery queue."""

    def __init__(self, stack: Stack) -> None:
        self.stack = stack
        self.harness = psutil.Process()
        self.cpu0 = self._cpu()
        self.pg0 = stack.postgres_cpu()
        self.harness0 = sum(self.harness.cpu_times()[:2])
        self.machine0 = psutil.cpu_times()
        self.rss: Counter = Counter()
        self.queue: list[int] = []

    def _cpu(self) -> dict[int, tuple[str, float]]:
        out = {}
        for role, procs in self.stack.server_processes().items():
            for p in procs:
                with contextlib.suppress(psutil.NoSuchProcess):
                    out[p.pid] = (role, sum(p.cpu_times()[:2]))
        return out

    async def sample_until(self, end: float) -> None:
        while time.monotonic() < end:
            rss: Counter = Counter()
            for role, procs in self.stack.server_processes().items():
                for p in procs:
                    with contextlib.suppress(psutil.NoSuchProcess):
                        rss[role] += p.memory_info().rss
            for role, value in rss.items():
                self.rss[role] = max(self.rss[role], value)
            self.queue.append(self.stack.queue_depth())
            await asyncio.sleep(1)

    def finish(self, seconds: float) -> dict:
        cpu1 = self._cpu()
        used: Counter = Counter()
        for pid, (role, t1) in cpu1.items():
            used[role] += t1 - self.cpu0.get(pid, (role, 0.0))[1]
        used["postgres*"] = self.stack.postgres_cpu() - self.pg0
        m0, m1 = self.machine0, psutil.cpu_times()
        busy = (sum(m1) - m1.idle) - (sum(m0) - m0.idle)
        return {
            "cpu_cores": {r: round(v / seconds, 2) for r, v in sorted(used.items())},
            "harness_cores": round(
                (sum(self.harness.cpu_times()[:2]) - self.harness0) / seconds, 2
            ),
            "machine_cores": round(busy / seconds, 2),
            "rss_mb": {r: round(v / 2**20) for r, v in sorted(self.rss.items())},
            "queue_max": max(self.queue, default=0),
        }


COLUMNS = [
    ("tables", "tables", "{}"),
    ("sockets", "sockets", "{}"),
    ("moves/s", "moves_per_s", "{}"),
    ("daphne ms/move", "daphne_ms_per_move", "{}"),
    ("answer p50", "post_p50", "{:.0f}"),
    ("answer p99", "post_p99", "{:.0f}"),
    ("all p50", "all_p50", "{:.0f}"),
    ("all p99", "all_p99", "{:.0f}"),
    ("all max", "all_max", "{:.0f}"),
    ("lost", "lost", "{}"),
    ("undeliv", "undelivered", "{}"),
    ("dup", "duplicates", "{}"),
    ("ooo", "out_of_order", "{}"),
    ("skip", "skipped", "{}"),
    ("ws fail", "connect_failures", "{}"),
    ("lag p99", "lag_p99", "{:.0f}"),
    ("queue", "queue_max", "{}"),
]


def print_table(rows: list[dict], title: str) -> None:
    print(f"\n{title}  (latencies in ms)")
    print(" | ".join(name for name, _, _ in COLUMNS))
    print(" | ".join("---" for _ in COLUMNS))
    for row in rows:
        print(" | ".join(fmt.format(row[key]) for _, key, fmt in COLUMNS))
    print("\nCPU (cores used over the window) and peak RSS (MB) by process role:")
    for row in rows:
        print(
            f"  {row['tables']:>4} tables: cpu {row['cpu_cores']} harness {row['harness_cores']}"
            f" machine {row['machine_cores']}/{psutil.cpu_count()} · rss {row['rss_mb']}"
            f" · answers {row['post_status']} · socket drops {row['socket_drops']}"
            f" · frame {row['frame_bytes']} B"
        )
    print("\nThe collector in the Daphne processes (generations 0 / 1 / 2):")
    for row in rows:
        print(
            f"  {row['tables']:>4} tables: passes {row['gc_passes']} · ms {row['gc_ms']}"
            f" · longest ms {row['gc_longest_ms']}"
            f" · unreachable objects a move {row['gc_unreachable_per_move']}"
        )


async def main_async(args: argparse.Namespace, stack: Stack, games: list[str]) -> list[dict]:
    harness = Harness(stack, args.interval, args.seed, games, args.via, args.turn_seconds)
    label = args.label + (" bare" if games == ["bare"] else "")
    rows = []
    for i, count in enumerate(args.steps):
        row = await harness.run_step(i, count, args.seconds)
        row["config"] = label
        rows.append(row)
        print(json.dumps(row), flush=True)
        if args.json:
            with open(args.json, "a") as f:
                f.write(json.dumps(row) + "\n")
        if row["sockets"] == 0:
            break
    return rows


def run(args: argparse.Namespace, overrides: dict, games: list[str]) -> list[dict]:
    """One stack (the site, or the bare floor) through every step."""
    bare = games == ["bare"]
    stack = Stack(
        daphnes=args.daphnes,
        env_overrides=overrides,
        fresh_database=True,
        affinity=args.affinity or args.proxy,
        proxy=args.proxy,
        asgi="benchmarks.bare:application" if bare else "korsaren_site.asgi:application",
    )
    stack.apply_env_here()
    import django

    try:
        stack.start(celery=not bare)
        django.setup()
        rows = asyncio.run(main_async(args, stack, games))
    finally:
        stack.stop()
    what = "bare floor" if bare else f"{','.join(games)} via {args.via}"
    print_table(rows, f"Load: {what}, {args.label}, one move per table every {args.interval} s")
    return rows


def print_ratio(bare: list[dict], full: list[dict]) -> None:
    """Daphne CPU per move of the site as a multiple of the floor's, step by step."""
    print("\nThe site against the bare floor, same run (Daphne CPU ms per move):")
    print("tables | floor | site | ratio | floor moves/s | site moves/s")
    print("--- | --- | --- | --- | --- | ---")
    for b, f in zip(bare, full, strict=False):
        ratio = f["daphne_ms_per_move"] / b["daphne_ms_per_move"]
        print(
            f"{f['tables']} | {b['daphne_ms_per_move']} | {f['daphne_ms_per_move']} |"
            f" {ratio:.1f}x | {b['moves_per_s']} | {f['moves_per_s']}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--game", default="korsaren", help="a game, or a mix: korsaren,dame (tables alternate)"
    )
    parser.add_argument("--via", default="socket", choices=["socket", "post"])
    parser.add_argument("--bare", action="store_true", help="the floor: benchmarks/bare.py")
    parser.add_argument(
        "--compare-bare", action="store_true", help="the floor, then the site: the ratio"
    )
    parser.add_argument(
        "--forms",
        action="store_true",
        help="pick every move from the move forms (client.form_move), as for a game without "
        "a mover of its own",
    )
    parser.add_argument("--steps", default="50,100,200,400")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--interval", type=float, default=2.0, help="mean seconds between moves")
    parser.add_argument("--daphnes", type=int, default=1, help="ASGI server processes")
    parser.add_argument(
        "--affinity",
        action="store_true",
        help="each table's traffic to one server process (as a proxy hashing its id would)",
    )
    parser.add_argument(
        "--proxy",
        action="store_true",
        help="through nginx (deploy/nginx.conf), which pins each table to a process itself",
    )
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the servers")
    parser.add_argument(
        "--turn-seconds",
        type=int,
        default=180,
        help="the tables' turn timer: a live table's (180) by default; 86400 is a slow table "
        "(turn e-mails, time off)",
    )
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--json", help="append each step's figures to this file")
    parser.add_argument("--label", default="")
    parser.add_argument("--nice", type=int, default=0, help="niceness for the stack and harness")
    args = parser.parse_args()
    args.steps = [int(s) for s in args.steps.split(",")]
    games = [g.strip() for g in args.game.split(",") if g.strip()]
    if args.forms:
        for game in games:
            MOVERS.pop(game, None)
    overrides = dict(item.split("=", 1) for item in args.env)
    affinity = " nginx" if args.proxy else " affinity" if args.affinity else ""
    args.label = args.label or f"daphnes={args.daphnes}{affinity} {' '.join(args.env)}".strip()
    if args.nice:
        os.nice(args.nice)  # children inherit it: the stack competes fairly on a shared machine
    if args.bare:
        run(args, overrides, ["bare"])
    elif args.compare_bare:
        # Each in a process of its own: a harness's Django settings (the Redis of its stack)
        # are fixed once it is set up.
        rows = {}
        for mode in ("--bare", "--game"):
            argv = [a for a in sys.argv[1:] if a != "--compare-bare"]
            with tempfile.NamedTemporaryFile("r", suffix=".jsonl") as out:
                extra = ["--bare"] if mode == "--bare" else []
                subprocess.run(
                    [sys.executable, "-m", "benchmarks.load", *argv, *extra, "--json", out.name],
                    check=True,
                )
                rows[mode] = [json.loads(line) for line in out]
            if args.json:
                with open(args.json, "a") as f:
                    f.writelines(json.dumps(r) + "\n" for r in rows[mode])
        print_ratio(rows["--bare"], rows["--game"])
    else:
        run(args, overrides, games)
    return 0


if __name__ == "__main__":
    sys.exit(main())

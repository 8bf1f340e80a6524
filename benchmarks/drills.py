"""Fault drills against the real stack on loopback (benchmarks/stack.py). Prints one line per
check and exits non-zero if any failed.

    .venv/bin/python -m benchmarks.drills [--only worker,redis,asgi,concurrent] [--env K=V]

- worker: SIGKILL the Celery worker mid-match (bots and timer turns), start it again.
- redis: SIGKILL Redis mid-match (it keeps nothing on disk), start it again; spectator sockets
  stay open through it.
- asgi: SIGKILL every Daphne with a move in flight, start them again; every tab reconnects by
  itself (as htmx's ws extension does) and shows the current table; the move is applied once.
- concurrent: the same move 50 times at once from several sessions, POSTed, then 30 times over
  30 sockets: one is applied.
After each: every match touched is replayed from its seed and move log and must equal the
stored state.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

import websockets

from benchmarks.client import HttpClient, TabView, make_players, new_csrf_token
from benchmarks.stack import Stack

RESULTS: list[tuple[str, bool, str]] = []


def check(name: str, ok: bool, detail: str = "") -> bool:
    RESULTS.append((name, ok, detail))
    print(f"  [{'ok' if ok else 'FAIL'}] {name}{': ' + detail if detail else ''}", flush=True)
    return ok


def note(text: str) -> None:
    print(f"  [note] {text}", flush=True)


# --- the database side (this process shares the servers' settings) ----------------------------


def replay_equals_stored(ids: list[int]) -> list[int]:
    """The matches whose seed + move log does not give the stored state (should be none)."""
    from games.korsaren import apply, new_match
    from games.models import Match

    bad = []
    for match in Match.objects.filter(pk__in=ids).exclude(state=None):
        state = new_match(match.seat_count, match.seed)
        # Moves are appended in the transaction that stores the state: those up to the version
        # read are all there, even while the match plays on.
        moves = list(
            match.moves.filter(seq__lte=match.version).order_by("seq").values_list("seq", "action")
        )
        for _, action in moves:
            state = apply(state, action)
        contiguous = [seq for seq, _ in moves] == list(range(1, match.version + 1))
        if state.to_dict() != match.state or not (contiguous or match.status == "aborted"):
            bad.append(match.pk)
    return bad


def describe(match_id: int) -> str:
    """What a match waits for, to tell why it stopped: its status, whose turn, the timer."""
    from django.utils import timezone

    from games.models import Match

    match = Match.objects.get(pk=match_id)
    status = match.engine.status(match.engine_state)
    seats = {s.position: s.bot_level or "human" for s in match.seats.all()}
    idle = (timezone.now() - match.updated_at).total_seconds()
    return (
        f"match {match_id} {match.status} v{match.version}, idle {idle:.0f} s, deadline"
        f" {match.deadline}, to act {[(p, seats[p]) for p in status.to_act]},"
        f" server step {status.server_step}, optional {status.optional}"
    )


def versions(ids: list[int]) -> dict[int, int]:
    from games.models import Match

    return dict(Match.objects.filter(pk__in=ids).values_list("pk", "version"))


def unfinished(ids: list[int]) -> list[int]:
    from games.models import Match

    return list(Match.objects.filter(pk__in=ids).exclude(status="finished").values_list("pk"))


def bot_matches(count: int) -> list[int]:
    from games import services

    levels = ["deckhand", "boatswain", "deckhand", "deckhand"]
    return [services.create_bot_match("korsaren", levels, rated=False).pk for _ in range(count)]


def absent_human_matches(count: int, prefix: str) -> list[int]:
    """A human who never moves and three bots: the turn timer plays for the human (R10)."""
    from games import services

    ids = []
    for user, _ in make_players(prefix, count):
        match = services.create_table(
            user, game="korsaren", seat_count=4, turn_seconds=30, rated=False, private=False
        )
        for level in ("deckhand", "deckhand", "boatswain"):
            services.add_bot(user, match.pk, level)
        ids.append(services.start_match(user, match.pk).pk)
    return ids


def run_out_timers(ids: list[int]) -> None:
    """Time passes faster in a drill: a human's turn timer runs out at once."""
    from django.utils import timezone

    from games.models import Match

    Match.objects.filter(pk__in=ids, deadline__isnull=False).update(deadline=timezone.now())


def wait_for(condition, timeout: float, ids: list[int] | None = None) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ids:
            run_out_timers(ids)
        if condition():
            return True
        time.sleep(0.5)
    return False


# --- drills -----------------------------------------------------------------------------------


def drill_worker(stack: Stack, matches: int = 4, finish: bool = True) -> list[int]:
    """With `finish`, every match must be played to its end after the restart; without (the CI
    version), play must resume: bot and timer turns again, past where it stopped."""
    print("worker: kill -9 the Celery worker mid-match, then start it again")
    ids = bot_matches(matches) + absent_human_matches(2, "drill-timer-")
    start = versions(ids)
    wait_for(lambda: sum(versions(ids).values()) > sum(start.values()) + 60, 60, ids)
    stack.kill_worker()
    time.sleep(1)  # a task that was mid-transaction is rolled back by PostgreSQL
    frozen = versions(ids)
    time.sleep(5)
    run_out_timers(ids)
    time.sleep(3)
    moved = sum(versions(ids).values()) - sum(frozen.values())
    check("no move is played while no worker runs", moved == 0, f"{moved} moves")
    timers_before = timer_moves(ids)
    stack.start_worker()
    if finish:
        done = wait_for(lambda: not unfinished(ids), 300, ids)
        check("every match finishes after the restart", done, f"unfinished: {unfinished(ids)}")
    else:
        resumed = wait_for(lambda: all(versions(ids)[i] >= frozen[i] + 8 for i in ids), 120, ids)
        now = versions(ids)
        behind = [i for i in ids if now[i] < frozen[i] + 8]
        detail = f"{frozen} -> {now}" + "".join(f"; {describe(i)}" for i in behind)
        check(
            "every match plays on after the restart",
            resumed,
            detail + stack.errors("celery worker"),
        )
    timeouts = timer_moves(ids) - timers_before if not finish else timer_moves(ids)
    check("timer turns were played for the absent humans", timeouts > 0, f"{timeouts} moves")
    return ids


def timer_moves(ids: list[int]) -> int:
    from games.models import Move

    return (
        Move.objects.filter(match_id__in=ids, actor="timer").exclude(action__action="deal").count()
    )


def drill_redis(stack: Stack) -> list[int]:
    print("redis: kill -9 Redis mid-match (nothing on disk), then start it again")
    ids = bot_matches(4)
    watchers = Watchers(stack, ids)
    watchers.start()
    start = versions(ids)
    wait_for(lambda: sum(versions(ids).values()) > sum(start.values()) + 40, 60)
    stack.restart_redis(down_seconds=3)
    revived: list[str] = []

    def finished() -> bool:
        revived.extend(stack.revive())
        return not unfinished(ids)

    done = wait_for(finished, 300)
    check("every match finishes after the restart", done, f"unfinished: {unfinished(ids)}")
    note(f"processes the supervisor had to start again: {revived or 'none'}")
    finals = versions(ids)
    behind = watchers.stop(finals)
    check(
        "spectator sockets show the final table",
        not behind,
        f"{watchers.reconnects} reconnects; behind: {behind}",
    )
    return ids


class Watchers:
    """One spectator socket per match in a thread of its own, reconnecting when dropped."""

    def __init__(self, stack: Stack, ids: list[int]) -> None:
        self.stack, self.ids = stack, ids
        self.tabs = {i: TabView() for i in ids}
        self.reconnects = 0

    def start(self) -> None:
        import threading

        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.tasks = [
            asyncio.run_coroutine_threadsafe(watch(self.stack, i, self.tabs[i], self), self.loop)
            for i in self.ids
        ]

    def stop(self, finals: dict[int, int], grace: float = 15) -> dict:
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and any(
            self.tabs[i].version < v for i, v in finals.items()
        ):
            time.sleep(0.2)
        for task in self.tasks:
            task.cancel()
        time.sleep(0.5)  # let the sockets close before the loop stops
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        return {i: (self.tabs[i].version, v) for i, v in finals.items() if self.tabs[i].version < v}


async def watch(stack: Stack, match_id: int, tab: TabView, owner, cookies: dict | None = None):
    """A tab's socket: reconnect with a short backoff whenever it drops, like htmx's ws
    extension; every (re)connect brings the whole table."""
    url = f"ws://127.0.0.1:{stack.port}/ws/tables/{match_id}/"
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in (cookies or {}).items())}
    delay = 0.2
    while True:
        try:
            async with websockets.connect(
                url, origin=f"http://127.0.0.1:{stack.port}", additional_headers=headers
            ) as ws:
                delay = 0.2
                async for frame in ws:
                    tab.swap(frame)
        except (OSError, websockets.WebSocketException):
            pass
        owner.reconnects += 1
        await asyncio.sleep(delay)
        delay = min(delay * 2, 2.0)


def drill_asgi(stack: Stack, kill_delays: tuple = (0.0, 0.001, 0.003, 0.01, 0.05)) -> list[int]:
    print("asgi: kill -9 every Daphne with a move in flight, then start them again")
    from asgiref.sync import sync_to_async

    from games import services

    players = make_players("drill-asgi-", 4)
    ids, sessions = [], {}
    for t in range(2):
        (a, sa), (b, sb) = players[2 * t : 2 * t + 2]
        match = services.create_table(
            a, game="korsaren", seat_count=2, turn_seconds=86400, rated=False, private=False
        )
        services.join_table(b, match.pk)
        services.start_match(a, match.pk)
        ids.append(match.pk)
        sessions[match.pk] = {0: sa, 1: sb}

    async def run() -> tuple[list, dict, int]:
        owner = type("Owner", (), {"reconnects": 0})()
        tabs = {(i, s): TabView() for i in ids for s in (0, 1)}
        tasks = [
            asyncio.create_task(watch(stack, i, tabs[i, s], owner, {"sessionid": sessions[i][s]}))
            for i, s in tabs
        ]
        await asyncio.sleep(2)
        outcomes = []
        for delay in kill_delays:  # the servers die at different moments of the request
            outcomes.append(await move_through_a_crash(stack, ids[0], sessions[ids[0]], delay))
        finals = await sync_to_async(versions)(ids)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(tabs[i, s].version < finals[i] for i, s in tabs):
            await asyncio.sleep(0.2)
        behind = {k: (t.version, finals[k[0]]) for k, t in tabs.items() if t.version < finals[k[0]]}
        for task in tasks:
            task.cancel()
        return outcomes, behind, owner.reconnects

    outcomes, behind, reconnects = asyncio.run(run())
    once = all(after == before + 1 for before, after, _ in outcomes)
    check(
        "each move in flight was applied exactly once",
        once,
        "; ".join(f"v{b}->v{a} ({o})" for b, a, o in outcomes),
    )
    check(
        "every tab reconnected by itself and shows the current table",
        not behind,
        f"{reconnects} reconnects; behind: {behind}",
    )
    return ids


async def move_through_a_crash(stack: Stack, match_id: int, sessions: dict, delay: float):
    """POST the move of the seat on turn, kill every Daphne `delay` seconds later, start them
    again and POST it once more (a user clicking again). Returns (version before, version
    after, what each attempt got)."""
    from asgiref.sync import sync_to_async

    from games.korsaren import legal_actions, seats_to_act
    from games.models import Match

    match = await sync_to_async(Match.objects.get)(pk=match_id)
    seat = seats_to_act(match.engine_state)[0]
    action = next(a for a in legal_actions(match.engine_state, seat) if "crew" not in a.to_dict())
    d = action.to_dict()
    form = {"version": match.version, "action": d["action"]}
    form.update({"source": d["from"]} if "from" in d else {"card": d.get("card", "")})
    csrf = new_csrf_token()
    client = HttpClient(stack.port, {"sessionid": sessions[seat], "csrftoken": csrf})
    headers = {"X-CSRFToken": csrf, "HX-Request": "true"}
    url = f"/tables/{match_id}/act/"
    post = asyncio.create_task(client.request("POST", url, form, headers=headers, retry=False))
    await asyncio.sleep(delay)
    # Not in a thread: a child dies with the thread that started it (PR_SET_PDEATHSIG).
    stack.restart_daphnes()
    try:
        first = str((await post).status)
    except (OSError, asyncio.IncompleteReadError) as e:
        first = type(e).__name__
    await client.close()
    retry = (await client.request("POST", url, form, headers=headers)).status
    await client.close()
    after = await sync_to_async(lambda: Match.objects.get(pk=match_id).version)()
    return match.version, after, f"{first}, then {retry}"


def drill_concurrent(stack: Stack) -> list[int]:
    print("concurrent: the same move 50 times at once, from 5 sessions of the player and others")
    from games import services
    from games.korsaren import seats_to_act

    players = make_players("drill-race-", 6)
    (a, _), (b, _) = players[:2]
    match = services.create_table(
        a, game="korsaren", seat_count=2, turn_seconds=86400, rated=False, private=False
    )
    services.join_table(b, match.pk)
    match = services.start_match(a, match.pk)
    on_turn = [a, b][seats_to_act(match.engine_state)[0]]
    # Five more sessions of the player on turn (five tabs or devices), plus the other players'.
    own = [s for _, s in make_sessions(on_turn, 5)]
    others = [s for u, s in players[2:]] + [s for u, s in players[:2] if u != on_turn]

    async def run() -> list:
        clients = []
        for i in range(50):
            session = own[i % len(own)] if i % 5 else others[i % len(others)]
            csrf = new_csrf_token()
            clients.append(
                (HttpClient(stack.port, {"sessionid": session, "csrftoken": csrf}), csrf)
            )
        form = {"version": 0, "action": "draw", "source": "stock"}
        results = await asyncio.gather(
            *(
                c.request(
                    "POST",
                    f"/tables/{match.pk}/act/",
                    form,
                    headers={"X-CSRFToken": t, "HX-Request": "true"},
                )
                for c, t in clients
            )
        )
        for c, _ in clients:
            await c.close()
        return sorted(r.status for r in results)

    statuses = asyncio.run(run())
    counts = {s: statuses.count(s) for s in set(statuses)}
    check("exactly one of 50 identical moves is applied", counts.get(200) == 1, str(counts))
    check("the table moved by exactly one version", versions([match.pk])[match.pk] == 1)
    return [match.pk, drill_concurrent_sockets(stack, players, own, others)]


def drill_concurrent_sockets(stack: Stack, players, own: list, others: list) -> int:
    """The same, over the tables' sockets (as table.js sends moves): 30 sockets, spread over
    the Daphne processes, send the same draw at once, 20 of them the player's on turn (their
    cap of open sockets, KORSAREN_SOCKETS_PER_USER)."""
    from games import services

    print("concurrent: the same move 30 times at once over 30 sockets")
    (a, _), (b, _) = players[:2]
    match = services.create_table(
        a, game="korsaren", seat_count=2, turn_seconds=86400, rated=False, private=False
    )
    services.join_table(b, match.pk)
    services.start_match(a, match.pk)
    move = '{"move": {"version": "0", "action": "draw", "source": "stock"}}'

    async def run() -> list[str]:
        sockets = []
        for i in range(30):
            session = own[i % len(own)] if i % 3 else others[i % len(others)]
            ws = await websockets.connect(
                f"ws://127.0.0.1:{stack.port}/ws/tables/{match.pk}/",
                origin=f"http://127.0.0.1:{stack.port}",
                additional_headers={"Cookie": f"sessionid={session}"},
                open_timeout=20,
                max_size=2**22,
            )
            await asyncio.wait_for(ws.recv(), 20)  # the table
            sockets.append(ws)
        await asyncio.gather(*(ws.send(move) for ws in sockets))

        async def answer(ws) -> str:
            while not (frame := await asyncio.wait_for(ws.recv(), 30)).startswith(
                '<div id="table-message"'
            ):
                pass
            return "applied" if "<p>" not in frame else "refused"

        answers = await asyncio.gather(*(answer(ws) for ws in sockets))
        for ws in sockets:
            await ws.close()
        return answers

    answers = asyncio.run(run())
    counts = {s: answers.count(s) for s in set(answers)}
    check(
        "exactly one of 30 identical socket moves is applied",
        counts.get("applied") == 1,
        str(counts),
    )
    check("the table moved by exactly one version (sockets)", versions([match.pk])[match.pk] == 1)
    return match.pk


def make_sessions(user, count: int) -> list:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    out = []
    for _ in range(count):
        store = SessionStore()
        store.update(
            {
                SESSION_KEY: str(user.pk),
                HASH_SESSION_KEY: user.get_session_auth_hash(),
                BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
            }
        )
        store.create()
        out.append((user, store.session_key))
    return out


DRILLS = {
    "worker": drill_worker,
    "redis": drill_redis,
    "asgi": drill_asgi,
    "concurrent": drill_concurrent,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default=",".join(DRILLS))
    parser.add_argument("--daphnes", type=int, default=2)
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the servers")
    args = parser.parse_args()
    env = {
        "KORSAREN_BOT_DELAY_SECONDS": "0.05",
        "KORSAREN_ROUND_PAUSE_SECONDS": "0.3",
        "KORSAREN_STALL_SECONDS": "3",
        "KORSAREN_SWEEP_SECONDS": "1",
        "KORSAREN_MOVE_RATE": "1000",  # the concurrent drill sends 40 requests as one player
        **dict(item.split("=", 1) for item in args.env),
    }
    stack = Stack(
        database="korsaren_drill",
        daphnes=args.daphnes,
        env_overrides=env,
        work_dir=Path("/tmp/h8-drill"),
        fresh_database=True,
    )
    stack.apply_env_here()
    import django

    try:
        stack.start()
        django.setup()
        for name in args.only.split(","):
            ids = DRILLS[name](stack)
            bad = replay_equals_stored(ids)
            check(
                f"{name}: every match replays from its seed and move log to its stored state",
                not bad,
                f"{len(ids)} matches, mismatched: {bad}",
            )
    finally:
        stack.stop()
    failed = [r for r in RESULTS if not r[1]]
    print(f"\n{len(RESULTS) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

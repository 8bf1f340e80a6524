"""Where a move's time goes, in one process: the CPU time of each part of a move's path, the way
a Daphne process spends it (benchmarks/README.md quotes its figures).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/korsaren_perf \\
        .venv/bin/python -m benchmarks.render_path [--game korsaren] [--moves 300]

A table of S human seats plays random legal moves through games.moves.submit (as a socket's
move arrives: rate limit, form parsing left out, services.play); after each, the process reads
the table once (consumers.TableSnapshots) and renders every seat's regions as its tabs would
(consumers.TableConsumer._render, the shared regions once per version). Prints the median and
mean CPU milliseconds per move of each part. Uses the database of DATABASE_URL (migrated
here); SQLite works, PostgreSQL is what production measures.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import defaultdict


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="korsaren")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "korsaren_site.settings")
    os.environ.setdefault("DEBUG", "0")  # production settings (no query log)
    os.environ.setdefault("SECRET_KEY", "render-path-only-" + "x" * 40)
    os.environ.setdefault("ALLOWED_HOSTS", "localhost")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.utils import translation

    from benchmarks.client import make_players
    from games import chat, registry, selectors, services
    from games.consumers import Snapshot
    from games.models import Match
    from games.rendering import regions_of, render_regions, table_context

    config = registry.get(args.game)
    engine = config.game
    seats = max(engine.player_counts)
    players = [u for u, _ in make_players(f"path{os.getpid()}-", seats)]

    def new_match():
        match = services.create_table(
            players[0],
            game=args.game,
            seat_count=seats,
            turn_seconds=86400,
            rated=False,
            private=False,
        )
        for user in players[1:]:
            services.join_table(user, match.pk)
        services.start_match(players[0], match.pk)
        return match, {s.position: s.user for s in match.seats.select_related("user")}

    match, by_seat = new_match()
    regions = tuple(r for r in regions_of(args.game) if r not in ("chat", "people"))
    rng = random.Random(args.seed)
    times: dict[str, list[float]] = defaultdict(list)
    previous = None
    clock = time.process_time
    with translation.override("en"):
        for _ in range(args.moves):
            m = Match.objects.get(pk=match.pk)
            if not m.is_active:  # over: the next match
                match, by_seat = new_match()
                m, previous = Match.objects.get(pk=match.pk), None
            state = engine.load(m.state)
            status = engine.status(state)
            t0 = clock()
            if status.server_step is not None:
                services.take_server_step(m.pk, m.version)
                kind = "server step"
            else:
                seat = rng.choice(status.to_act)
                # Mostly the commonest kind of move (Korsaren: draws and discards, not every
                # possible lay-down), as players play: rounds of a realistic length.
                legal = engine.legal_actions(state, seat)
                kinds = [a.get("action") for a in legal]
                commonest = max(kinds, key=kinds.count)
                common = [a for a in legal if a.get("action") == commonest]
                action = dict(rng.choice(common if rng.random() > 0.05 else legal))
                action.pop("seat", None)
                services.play(m.pk, by_seat[seat], action, m.version)
                kind = "play"
            t1 = clock()
            table = selectors.get_table(m.pk, previous)
            previous = table
            t2 = clock()
            snapshot = Snapshot(0, table)  # as the process's tabs share it
            context = render = 0.0
            for p in range(seats):
                user = by_seat[p]
                a = clock()
                ctx = table_context(table, user, with_chat=False, muted=chat.muted_by(user))
                b = clock()
                render_regions(
                    ctx,
                    oob=True,
                    regions=regions,
                    shared=snapshot.shared,
                    public=snapshot.public_context,
                )
                context += b - a
                render += clock() - b
            times[kind].append(t1 - t0)
            times["read the table"].append(t2 - t1)
            times[f"context, {seats} seats"].append(context)
            times[f"render, {seats} seats"].append(render)
            times["total"].append(t1 - t0 + t2 - t1 + context + render)
    print(f"{args.game}: {len(times['total'])} moves, CPU ms per move (median / mean)")
    for name, values in times.items():
        ms = [v * 1000 for v in values]
        print(f"  {name:<22} {statistics.median(ms):6.2f} / {statistics.fmean(ms):6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

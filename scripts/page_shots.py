"""Screenshots of every game's pages, to compare two versions of the site by eye (a change that
must not alter what players see): for each game a live table at the demo player's turn after a
few moves, the record and a replay step of a finished match, and the rules page; on a desktop
and a 360 px phone, in each language asked for. Run it in each checkout, then compare:

    .venv/bin/python scripts/page_shots.py --out /tmp/shots-after [--languages en,de]
    .venv/bin/python scripts/page_shots.py --compare /tmp/shots-before /tmp/shots-after

The comparison lists the pages whose pictures differ, most first (look at those).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.audit import CHROMIUM, CHROMIUM_ARGS, running_site  # noqa: E402
from scripts.screenshots import VIEWS  # noqa: E402

MOVES_BEFORE_THE_PICTURE = 6  # the demo player's own moves on the live table


def deterministic_bots() -> None:
    """The bots (the easiest level: no time budget) draw from one seeded generator, so that
    both checkouts picture the same positions."""
    import games.services.play as play

    class Seeded:  # stands in for the random module there
        rng = random.Random("page-shots")

        def Random(self, *_args):  # noqa: N802 (random.Random's name)
            return random.Random(self.rng.random())

        def __getattr__(self, name):
            return getattr(random, name)

    play.random = Seeded()


def advance(match, anne, own_moves: int):
    """Play the bots' turns and the game's steps, and `own_moves` of Anne's (as her easiest
    bot would), until it is her turn again; returns the match then."""
    from games import services

    rng = random.Random(f"shots-{match.pk}")
    played = 0
    for _ in range(5_000):
        match.refresh_from_db()
        if not match.is_active:
            return match
        engine = match.engine
        state = match.engine_state
        status = engine.status(state)
        if status.server_step is not None:
            services.take_server_step(match.pk, match.version)
            continue
        seats = {s.position: s for s in match.seats.all()}
        seat = seats[status.to_act[0]]
        if seat.bot_level:
            services.play_bot_turn(match.pk, seat.position, match.version)
            continue
        if played >= own_moves:
            return match
        level = engine.bots.levels[0]
        choice = dict(engine.bots.choose(level, engine.view(state, seat.position), rng))
        choice.pop("seat", None)
        services.play(match.pk, anne, choice, match.version)
        played += 1
    raise RuntimeError(f"match {match.pk} did not come back to its player")


def table(config, anne, everyone_a_bot: bool):
    from games import services

    game = config.game
    players = min(game.player_counts)
    match = services.create_table(
        anne, game=config.slug, seat_count=players, turn_seconds=180, rated=False, private=False
    )
    for _ in range(players - 1):
        services.add_bot(anne, match.pk, game.bots.levels[0])
    match = services.start_match(anne, match.pk, seed=f"shots-{config.slug}")
    if everyone_a_bot:
        match.seats.filter(bot_level="").update(bot_level=game.bots.levels[0])
        return advance(match, anne, 0)
    return advance(match, anne, MOVES_BEFORE_THE_PICTURE)


def pages(games: list[str], anne) -> list[tuple[str, str]]:
    """(name, path) of every page pictured."""
    from django.urls import reverse

    from games import registry

    found = []
    for config in registry.all_games():
        if games and config.slug not in games:
            continue
        live = table(config, anne, everyone_a_bot=False)
        done = table(config, anne, everyone_a_bot=True)
        replay = reverse("round_replay", args=[done.pk, 1]) + "?move=4"
        found += [
            (f"{config.slug}-table", live.get_absolute_url()),
            (f"{config.slug}-record", reverse("match_detail", args=[done.pk])),
            (f"{config.slug}-replay", replay),
            (f"{config.slug}-rules", reverse("game_rules", args=[config.slug])),
        ]
    return found


def shoot(out: Path, languages: list[str], games: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    var_dir = Path(tempfile.mkdtemp(prefix="korsaren-page-shots-"))
    with running_site(var_dir, finished_matches=1) as (site, demo, session):
        deterministic_bots()
        shots = pages(games, demo.anne)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for language in languages:
                for view, options in VIEWS.items():
                    context = browser.new_context(locale=language, **options)
                    context.add_cookies([{"name": "sessionid", "value": session, "url": site}])
                    page = context.new_page()
                    for name, path in shots:
                        page.goto(site + path, wait_until="networkidle")
                        page.screenshot(path=str(out / f"{name}-{view}-{language}.png"))
                    context.close()
            browser.close()
    print(f"{len(shots) * len(VIEWS) * len(languages)} screenshots in {out}")


def compare(before: Path, after: Path) -> None:
    """Each pair of pictures: the share of pixels that differ (decoded and counted in the
    browser: the project has no imaging library)."""
    from playwright.sync_api import sync_playwright

    names = sorted(p.name for p in after.glob("*.png"))
    rows = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        for name in names:
            old = before / name
            if not old.exists():
                rows.append((1.0, name, "new"))
                continue
            share = page.evaluate(DIFF_JS, [_data_url(old), _data_url(after / name)])
            rows.append((share, name, ""))
        browser.close()
    for share, name, note in sorted(rows, reverse=True):
        print(f"{share:7.2%}  {name} {note}")


def _data_url(path: Path) -> str:
    import base64

    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode()


# The share of pixels that differ between two PNGs, counted in a canvas (pictures of another
# size count as wholly different).
DIFF_JS = """async ([a, b]) => {
  const load = (src) => new Promise((ok) => {
    const i = new Image(); i.onload = () => ok(i); i.src = src;
  });
  const [x, y] = await Promise.all([load(a), load(b)]);
  if (x.width !== y.width || x.height !== y.height) return 1;
  const pixels = (img) => {
    const c = document.createElement("canvas"); c.width = img.width; c.height = img.height;
    const g = c.getContext("2d"); g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, img.width, img.height).data;
  };
  const p = pixels(x), q = pixels(y);
  let differ = 0;
  for (let i = 0; i < p.length; i += 4) {
    if (p[i] !== q[i] || p[i + 1] !== q[i + 1] || p[i + 2] !== q[i + 2]) differ++;
  }
  return differ / (p.length / 4);
}"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--languages", default="en,de")
    parser.add_argument("--games", default="", help="comma-separated slugs (default: all)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return 0
    if not args.out:
        parser.error("--out or --compare")
    games = [g for g in args.games.split(",") if g]
    shoot(args.out, args.languages.split(","), games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The table's words, memoised: a remembered line must never outlive what it was made from."""

from django.utils import translation

from games import registry


def log_lines(entries, names):
    return registry.presenter("korsaren").log_text(entries, names)


def test_log_lines_follow_the_language_the_names_and_what_the_viewer_may_see():
    took = {"seat": 0, "action": "draw", "from": "stock", "card": "red-3"}  # the drawer's view
    drew = {"seat": 0, "action": "draw", "from": "stock"}  # everyone else's
    sail = {"seat": 1, "action": "sail", "card": "blue-4", "crew": ["green"]}
    with translation.override("en"):
        assert log_lines([took, drew, sail], ["Anne", "Bob"]) == [
            "Anne took red 3 from the stock.",
            "Anne drew from the stock.",
            "Bob discarded blue 4 and set sail with a crew of green.",
        ]
        assert log_lines([drew], ["Anna", "Bob"]) == ["Anna drew from the stock."]  # renamed
    with translation.override("de"):
        assert log_lines([took], ["Anne", "Bob"]) != ["Anne took red 3 from the stock."]
    with translation.override("en"):
        sail["crew"].append("black")  # the same entry, changed: a new line
        assert log_lines([sail], ["Anne", "Bob"]) == [
            "Bob discarded blue 4 and set sail with a crew of green + black."
        ]


def test_cached_urls_are_the_paths_reverse_gives_under_each_script_prefix():
    from django.urls import reverse, set_script_prefix

    from games.templatetags.table_urls import cached_url

    assert cached_url("table_act", 7) == reverse("table_act", args=[7]) == "/tables/7/act/"
    assert cached_url("table_mute", 7, 3) != cached_url("table_mute", 7, 4)
    try:
        set_script_prefix("/korsaren/")  # served under a sub-path
        assert cached_url("table_act", 7) == "/korsaren/tables/7/act/"
    finally:
        set_script_prefix("/")
    assert cached_url("table_act", 7) == "/tables/7/act/"


def test_hand_cards_mark_the_drawn_card_and_the_prisoners_and_lock_when_not_discarding():
    from games.korsaren.web.table import cards_info
    from games.korsaren.web.templatetags.korsaren_cards import hand_cards

    with translation.override("en"):
        hand = cards_info(["red-3", "blue-5", "blue-9"])
        html = hand_cards(hand, drawn="blue-5", pier_colour="blue", enabled=True)
        locked = hand_cards(hand, drawn=None, pier_colour=None, enabled=False)
    labels = html.split("</label>")[:3]
    assert 'class="hand-card"' in labels[0] and "aria-describedby" not in labels[0]
    assert 'class="hand-card hand-card--drawn hand-card--prisoner"' in labels[1]
    assert 'aria-describedby="drawn-note prisoner-note"' in labels[1]
    assert 'aria-describedby="prisoner-note"' in labels[2] and 'value="blue-9"' in labels[2]
    assert 'aria-label="blue 9"' in labels[2] and "disabled" not in html
    assert locked.count(" disabled>") == 3 and "hand-card--" not in locked


def test_a_region_is_left_out_only_while_its_key_is_the_one_the_tab_has(db, monkeypatch):
    """Presenter.region_keys: the same key again, nothing rendered; a render without a key
    (Korsaren's moves while the lay-down panel is open) forgets the old one, so the region
    comes again even when the earlier key returns."""
    from games import registry
    from games.rendering import render_regions, table_context
    from tests.games.tables import started
    from tests.helpers import make_user

    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob], seed="keys")
    presenter = registry.presenter("korsaren")
    keys = {"hand": ("k",)}
    monkeypatch.setattr(type(presenter), "region_keys", lambda self, ctx: dict(keys))
    known: dict = {}

    def rendered() -> set[str]:
        ctx = table_context(match, anne, with_chat=False)
        return set(render_regions(ctx, oob=True, regions=("hand", "seats"), known=known))

    with translation.override("en"):
        assert rendered() == {"hand", "seats"}
        assert rendered() == {"seats"}  # the tab has that hand
        keys.clear()
        assert rendered() == {"hand", "seats"}
        keys["hand"] = ("k",)
        assert rendered() == {"hand", "seats"}  # what it shows now came without that key
        assert rendered() == {"seats"}


def test_the_seats_are_rendered_once_for_every_viewer_from_the_public_view(db):
    """Issue 19: the seats every viewer sees alike are rendered once per table version, from
    the public context; what is the viewer's own (their seat, the mute and report controls)
    comes in the "people" region, which a move does not send."""
    from games import selectors
    from games.rendering import public_context, render_regions, table_context
    from tests.games.tables import started
    from tests.helpers import make_user

    users = [make_user(n, f"{n}@example.com") for n in ("anne", "bob", "cleo")]
    match = selectors.get_table(started(users[0], users[1:], seed="shared-seats").pk)
    seats = {s.user_id: s.position for s in match.seats.all()}
    shared: dict = {}
    renders = []

    def public():
        renders.append("public")
        return public_context(match)

    with translation.override("en"):
        html = {
            u.username: render_regions(
                table_context(match, u, with_chat=False),
                oob=True,
                regions=("seats", "people"),
                shared=shared,
                public=public,
            )
            for u in users
        }
        spectator = render_regions(public_context(match), oob=True, regions=("seats", "people"))
    assert len({h["seats"] for h in html.values()}) == 1  # one rendering, sent to all
    assert html["anne"]["seats"] == spectator["seats"]
    assert [k for k in shared if k[0] == "seats"] == [("seats", True, "en", False)]
    for user in users:
        people = html[user.username]["people"]
        assert f'data-my-seat="{seats[user.pk]}"' in people
        others = [u.public_name for u in users if u != user]
        assert all(name in people for name in others) and user.public_name not in people
        assert people.count(">Mute<") == 2
    assert 'data-my-seat=""' in spectator["people"] and "Mute" not in spectator["people"]


def test_the_move_log_is_newest_first_and_escaped_as_autoescape_would():
    from django.utils.safestring import mark_safe

    from games.templatetags.table_urls import newest_first

    lines = ["Anne drew.", "<b>Bob</b> & co discarded.", mark_safe("<em>kept</em>")]
    assert newest_first(lines) == (
        "<li><em>kept</em></li><li>&lt;b&gt;Bob&lt;/b&gt; &amp; co discarded.</li>"
        "<li>Anne drew.</li>"
    )
    assert newest_first([]) == ""


def test_a_tab_is_sent_only_the_move_log_lines_it_lacks(db):
    """Issue 19: every move adds a line to the log; a tab that has all the others gets that line
    alone, put at the top of its list. A new round (a shorter log), a line that now says more,
    another heading or language: the whole region again."""
    import re

    from games.rendering import render_regions, table_context
    from tests.games.tables import started
    from tests.helpers import make_user

    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob], seed="log-lines")
    ctx = table_context(match, anne, with_chat=False)
    known: dict = {}

    def sent(lines, heading="Moves this round") -> str | None:
        log = {**ctx, "log_lines": lines, "log_heading": heading}
        return render_regions(log, oob=True, regions=("log",), known=known).get("log")

    def items(html: str) -> list[str]:
        return re.findall(r"<li>(.*?)</li>", html)

    with translation.override("en"):
        first = sent(["Anne drew.", "Anne discarded <red 3>."])
        assert first.startswith('<section id="table-log"')
        assert items(first) == ["Anne discarded &lt;red 3&gt;.", "Anne drew."]
        more = sent(["Anne drew.", "Anne discarded <red 3>.", "Bob drew.", "Bob discarded."])
        assert more.startswith('<ol hx-swap-oob="afterbegin:#table-log .move-log"')
        assert items(more) == ["Bob discarded.", "Bob drew."]  # newest first, the rest kept
        assert (
            sent(["Anne drew.", "Anne discarded <red 3>.", "Bob drew.", "Bob discarded."]) is None
        )  # noqa: E501
        revealed = ["Anne drew.", "Anne laid down red 3.", "Bob drew.", "Bob discarded."]
        assert sent(revealed).startswith('<section id="table-log"')
        assert sent([]).startswith('<section id="table-log"')  # a new round
        assert sent(["Bob drew."]).startswith('<section id="table-log"')  # its first line
        assert sent(["Bob drew.", "Bob discarded."]).startswith("<ol")
        assert sent(["Bob drew.", "Bob discarded."], "Cards played").startswith("<section")
    with translation.override("de"):
        assert sent(["Bob drew.", "Bob discarded."], "Cards played").startswith("<section")
    # A page (no tab's memory) always has the whole log.
    page = render_regions({**ctx, "log_lines": ["a", "b"]}, oob=False, regions=("log",))
    assert page["log"].startswith('<section id="table-log"')

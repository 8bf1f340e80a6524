"""The table's words, memoised: a remembered line must never outlive what it was made from."""

from django.utils import translation

from games.korsaren.web.table import log_lines


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

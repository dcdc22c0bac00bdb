import copy

from nzbmount import views
from samples import ITEM, LISTED, result


def test_plugin_url_round_trips_its_parameters():
    url = views.plugin_url({"action": "results", "q": "Demo Clock & co", "item": 7})
    assert url.startswith("plugin://plugin.video.nzbmount/?")
    assert views.parse_params(url.split("?", 1)[1]) == {"action": "results", "q": "Demo Clock & co", "item": "7"}


def test_item_is_ready_on_its_primary():
    assert views.item_state(ITEM) == views.READY


def test_item_served_by_another_source_than_its_primary_is_on_a_standby():
    playing = dict(ITEM, activeSource=2)
    assert views.item_state(playing) == views.ON_STANDBY


def test_item_with_a_problem_or_a_failed_primary_is_broken():
    assert views.item_state(dict(ITEM, problem={"message": "No stable source is available right now."})) == views.BROKEN
    failed = copy.deepcopy(ITEM)
    failed["primary"]["state"] = "failed"
    assert views.item_state(failed) == views.BROKEN


def test_library_labels_carry_the_state_and_the_standby_count():
    entries = views.library(LISTED, {7: dict(ITEM, activeSource=2)})
    assert entries[0].label == "Demo Clock (2024)  [on a standby, 2 standby]"
    assert entries[0].folder
    assert entries[0].params == {"action": "item", "item": 7}


def test_library_without_details_falls_back_to_the_listed_state():
    entries = views.library([dict(LISTED[0], primaryState="dead", standby=0)], {})
    assert entries[0].label == "Demo Clock (2024)  [broken]"


def test_broken_item_shows_why_in_its_plot():
    entries = views.library(LISTED, {7: dict(ITEM, problem={"message": "No stable source is available right now."})})
    assert entries[0].plot == "No stable source is available right now."


def test_item_folder_lists_playable_files_then_sources_and_standby_search():
    entries = views.item(ITEM)
    assert [e.playable for e in entries] == [True, True, False, False]
    assert entries[1].label == "Demo Clock.mkv  (4.4 GB)"
    assert entries[1].params == {"action": "play", "item": 7, "file": 1}
    assert entries[2].params == {"action": "sources", "item": 7}
    assert entries[3].params == {"action": "results", "item": 7, "type": "movie", "q": "Demo Clock 2024"}


def test_item_without_a_search_offers_no_standby_search():
    assert [e.params["action"] for e in views.item(dict(ITEM, search=None))] == ["play", "play", "sources"]


def test_sources_show_primary_proof_state_and_reasons_and_offer_make_primary():
    entries = views.sources(dict(ITEM, activeSource=1))
    labels = [e.label for e in entries]
    assert labels[0] == "primary: Demo.Clock.2024.1080p-GRP  [ready]  (playing)"
    assert labels[1] == "standby: Demo.Clock.2024.1080p-GRP.REPOST  [proved identical]  tier 0"
    assert labels[2] == "standby: Demo.Clock.2024.1080p-OTHER  [proving 4/20]  tier 1"
    assert labels[3] == "dead: Demo.Clock.2024.720p-X  [dead]  tier 2"
    assert entries[3].plot == "its first article is missing on every provider"
    assert entries[0].context == []
    assert entries[1].context == [("Make primary", {"action": "make_primary", "item": 7, "source": 2})]


def test_search_results_are_grouped_by_quality_best_first_with_lower_tiers_first():
    answer = {"results": [
        result("A.720p", "720p", 10, "a", tier=2, with_tier=True),
        result("B.1080p", "1080p", 20, "b", tier=3, with_tier=True),
        result("C.1080p", "1080p", 30, "c", tier=1, standing="source", with_tier=True),
        result("D.noname", None, 40, "d", tier=None, with_tier=True),
        result("E.SD", "sd", 50, "e", tier=2, with_tier=True),
    ], "item": {"id": 7, "name": "Demo Clock (2024)", "primary": "Demo.Clock.2024.1080p-GRP"}}
    labels = [e.label for e in views.search_results(answer, item_id=7)]
    assert labels == [
        "-- 1080p (2) --",
        "[1080p] C.1080p  (30 B)  tier 1  [already a source]",
        "[1080p] B.1080p  (20 B)  tier 3",
        "-- 720p (1) --",
        "[720p] A.720p  (10 B)  tier 2",
        "-- SD (1) --",
        "[SD] E.SD  (50 B)  tier 2",
        "-- other (1) --",
        "[other] D.noname  (40 B)  tier -, other content",
    ]


def test_picking_a_free_search_result_makes_an_item_and_offers_add_as_standby():
    entries = views.search_results({"results": [result("B.1080p", "1080p", 20, "b")]})
    pick = entries[1]
    assert pick.playable
    assert pick.params == {"action": "pick", "indexer": "demo", "guid": "b"}
    assert pick.context == [("Add as standby...", {"action": "add_standby", "indexer": "demo", "guid": "b"})]


def test_a_result_found_for_an_item_is_added_to_its_pool_when_picked():
    entries = views.search_results({"results": [result("B.1080p", "1080p", 20, "b", tier=0, with_tier=True)],
                                    "item": {"id": 7, "primary": "Demo.Clock.2024.1080p-GRP"}}, item_id=7)
    assert entries[1].params == {"action": "add_standby", "indexer": "demo", "guid": "b", "item": 7}
    assert not entries[1].playable
    assert entries[1].plot == "Against Demo.Clock.2024.1080p-GRP: tier 0: same release kind"


def test_failed_indexers_are_named_after_the_results():
    entries = views.search_results({"results": [], "errors": {"geek": "the indexer's API limit is reached"}})
    assert [e.label for e in entries] == ["geek: the indexer's API limit is reached"]


def test_the_largest_file_is_played_when_an_item_is_picked():
    assert views.largest_file(ITEM) == 1
    assert views.largest_file(dict(ITEM, files=[])) is None


def test_a_free_search_is_about_the_item_whose_standby_search_names_its_content():
    other = dict(ITEM, id=8, search={"type": "movie", "q": "Other Film 2020"})
    results = [result("Demo.Clock.2024.1080p", "1080p", 1, "a"), result("Demo.Clock.2024.720p", "720p", 1, "b")]
    assert views.item_for_results(results, [other, ITEM]) == 7
    assert views.item_for_results(results, [other]) is None
    assert views.item_for_results(results, [ITEM, dict(ITEM, id=9)]) is None


def test_episodes_and_unreadable_names_are_about_no_item():
    episode = result("Show.S01E02", "1080p", 1, "e")
    episode["release"] = {"title": "Show", "year": None, "episodes": {"kind": "single", "season": 1, "episode": 2}}
    unreadable = result("x", None, 1, "x")
    unreadable["release"] = {"title": None}
    assert views.item_for_results([episode, unreadable], [ITEM]) is None

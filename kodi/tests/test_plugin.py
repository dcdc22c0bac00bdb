import xbmc
import xbmcaddon
import xbmcgui
import xbmcplugin

from nzbmount import kodi
from nzbmount.plugin import Plugin
from samples import ITEM, LISTED, result


def run(query, handle="1"):
    Plugin(["plugin://plugin.video.nzbmount/", handle, query]).run()


def listed_labels():
    return [li.getLabel() for _, li, _ in xbmcplugin.items]


def test_root_offers_library_search_and_settings_actions(server):
    run("")
    assert listed_labels() == ["Library", "Search...", "Search films...", "Search episodes...",
                               "Standby releases on the server...", "Test connection"]
    assert xbmcplugin.ended == [True]


def test_library_lists_items_as_folders_with_their_state(server):
    server.answer("GET", "/api/items", body={"items": LISTED})
    server.answer("GET", "/api/items/7", body=dict(ITEM, activeSource=2))
    run("?action=library")
    url, li, folder = xbmcplugin.items[0]
    assert li.getLabel() == "Demo Clock (2024)  [on a standby, 2 standby]"
    assert folder
    assert url == "plugin://plugin.video.nzbmount/?action=item&item=7"
    assert li.context == [("Sources", "RunPlugin(plugin://plugin.video.nzbmount/?action=sources&item=7)")]


def test_playing_a_file_resolves_its_webdav_url_with_the_login_as_a_header(server):
    xbmcaddon.settings.update(username="kodi", password="secret")
    server.answer("GET", "/api/items/7", body=ITEM)
    run("?action=play&item=7&file=1")
    ok, li = xbmcplugin.resolved[0]
    assert ok
    assert li.getPath() == (server.base + "/dav/library/Demo%20Clock%20%282024%29/Demo%20Clock.mkv"
                            "|Authorization=Basic%20a29kaTpzZWNyZXQ%3D")
    home = xbmcgui.windows[kodi.HOME_WINDOW]
    assert home[kodi.PLAYING_ITEM] == "7"
    assert home[kodi.PLAYING_URL] == li.getPath().split("|")[0]


def test_picking_a_search_result_makes_an_item_and_plays_its_largest_file(server):
    server.answer("POST", "/api/items", 201, ITEM)
    run("?action=pick&indexer=demo&guid=b")
    assert server.got("POST", "/api/items")[0].json() == {"indexer": "demo", "guid": "b"}
    ok, li = xbmcplugin.resolved[0]
    assert ok
    assert li.getPath().endswith("/Demo%20Clock.mkv")


def test_a_refused_pick_tells_why_and_resolves_nothing(server):
    server.answer("POST", "/api/items", 422, {"error": "the release holds no media files"})
    run("?action=pick&indexer=demo&guid=b")
    assert xbmcgui.shown == [("ok", "NZBMount", "the release holds no media files (422)")]
    assert [ok for ok, _ in xbmcplugin.resolved] == [False]


def test_episode_search_asks_title_season_and_episode(server):
    server.answer("GET", "/api/search", body={"results": [result("Show.S02E05.1080p", "1080p", 9, "s")]})
    xbmcgui.answers.extend(["Show", "2", "5"])
    run("?action=search&type=tv")
    assert server.got("GET", "/api/search")[0].query == {"q": ["Show"], "type": ["tv"], "season": ["2"], "ep": ["5"]}
    assert listed_labels() == ["-- 1080p (1) --", "[1080p] Show.S02E05.1080p  (9 B)"]


def test_finding_standbys_searches_for_the_item_and_adds_the_chosen_result_to_its_pool(server):
    server.answer("GET", "/api/search", body={"results": [result("R.1080p", "1080p", 9, "r", tier=0, with_tier=True)],
                                              "item": {"id": 7, "primary": "P"}})
    server.answer("POST", "/api/items/7/sources", 201, {})
    run("?action=results&item=7&type=movie&q=Demo%20Clock%202024")
    assert server.got("GET", "/api/search")[0].query["item"] == ["7"]
    url = xbmcplugin.items[1][0]
    run(url.split("?", 1)[1], handle="-1")
    assert server.got("POST", "/api/items/7/sources")[0].json() == {"indexer": "demo", "guid": "r"}
    assert ("notification", "NZBMount", "Added as a standby; it is being proved.") in xbmcgui.shown
    assert "Container.Refresh" in xbmc.builtins


def test_add_as_standby_from_a_free_search_asks_which_item(server):
    server.answer("GET", "/api/items", body={"items": LISTED})
    server.answer("POST", "/api/items/7/sources", 201, {})
    xbmcgui.answers.append(0)
    run("?action=add_standby&indexer=demo&guid=r", handle="-1")
    assert ("select", "Add as standby to", ["Demo Clock (2024)"]) in xbmcgui.shown
    assert len(server.got("POST", "/api/items/7/sources")) == 1


def test_make_primary_posts_the_source_and_shows_a_refusal(server):
    server.answer("POST", "/api/items/7/primary", 409, {"error": "source 3 is not verified: it is pending"})
    run("?action=make_primary&item=7&source=3", handle="-1")
    assert server.got("POST", "/api/items/7/primary")[0].json() == {"source": 3}
    assert xbmcgui.shown == [("ok", "NZBMount", "source 3 is not verified: it is pending (409)")]


def test_standby_count_is_read_and_written_on_the_server(server):
    xbmcaddon.settings.update(username="kodi", password="secret")
    server.answer("GET", "/api/settings", body={"fallback": {"enabled": True, "maxStandby": 5, "submitDelaySeconds": 120}})
    server.answer("PUT", "/api/settings", body={})
    xbmcgui.answers.append(3)
    run("?action=standby_count", handle="-1")
    assert server.got("PUT", "/api/settings")[0].json()["fallback"]["maxStandby"] == 3


def test_standby_count_with_only_the_api_key_says_it_needs_the_login(server):
    xbmcaddon.settings.update(api_key="K")
    run("?action=standby_count", handle="-1")
    assert xbmcgui.shown == [("ok", "NZBMount", "Server settings need the login (username and password), not the API key.")]


def test_a_folder_the_server_refuses_ends_unsuccessfully(server):
    server.answer("GET", "/api/items/9", 404, {"error": "there is no item 9", "kind": "unknown-item"})
    run("?action=item&item=9")
    assert xbmcplugin.ended == [False]
    assert xbmcgui.shown == [("ok", "NZBMount", "there is no item 9 (404)")]


def test_a_free_search_about_a_library_item_shows_tiers_against_it(server):
    tiered = {"results": [result("Demo.Clock.2024.1080p", "1080p", 9, "c", tier=0, standing="source", with_tier=True)],
              "item": {"id": 7, "name": "Demo Clock (2024)", "primary": "Demo.Clock.2024.1080p-GRP"}}
    server.answer("GET", "/api/search", body=lambda r: (200, tiered if "item" in r.query else
                                                        {"results": [result("Demo.Clock.2024.1080p", "1080p", 9, "c")]}))
    server.answer("GET", "/api/items", body={"items": LISTED})
    server.answer("GET", "/api/items/7", body=ITEM)
    run("?action=results&type=search&q=Demo%20Clock")
    assert [r.query.get("item") for r in server.got("GET", "/api/search")] == [None, ["7"]]
    url, li, _ = xbmcplugin.items[1]
    assert li.getLabel() == "[1080p] Demo.Clock.2024.1080p  (9 B)  tier 0  [already a source]"
    assert "action=pick" in url
    assert li.getVideoInfoTag().plot == "Against Demo.Clock.2024.1080p-GRP: tier 0: same release kind"


def test_without_a_server_url_the_root_opens_and_a_folder_says_what_is_missing():
    run("")
    assert len(xbmcplugin.items) == 6
    xbmcplugin.reset()
    run("?action=library")
    assert xbmcgui.shown == [("ok", "NZBMount", "No server URL is set in the add-on's settings.")]
    assert xbmcplugin.ended == [False]

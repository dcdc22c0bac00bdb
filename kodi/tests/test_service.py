import threading
import time

import xbmc
import xbmcgui

from nzbmount import kodi, notices
from nzbmount.service import Service, find_item, library_path
from nzbmount.api import Api, Credentials
from samples import ITEM, LISTED

FILE_PATH = "/dav/library/Demo%20Clock%20%282024%29/Demo%20Clock.mkv"


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def sse(*events):
    frames = [b"retry: 3000\n\n", b": heartbeat\n\n"]
    for i, e in enumerate(events):
        frames.append(("id: %d\nevent: timeline\ndata: %s\n\n" % (i + 1, e)).encode("utf-8"))
    return frames


def serve_library(server, stream_frames):
    server.answer("GET", "/api/items", body={"items": LISTED})
    server.answer("GET", "/api/items/7", body=ITEM)
    server.answer("POST", "/api/items/7/playback", body={"item": 7})
    served = []

    def stream(request):
        # The events once; a reconnecting reader then gets a quiet stream.
        first = not served
        served.append(request)
        return 200, stream_frames if first else [b"retry: 3000\n\n"]

    server.answer("GET", "/api/events/stream", body=stream)
    return served


def wait_for(condition, seconds=10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def service_for(server, shown):
    player = xbmc.Player()
    clock = Clock()
    service = Service(xbmc.Monitor(), player, make_api=lambda: Api(server.base, Credentials()),
                      show=shown.append, clock=clock)
    return service, player, clock


def playback_signals(server):
    return [r.json()["playing"] for r in server.got("POST", "/api/items/7/playback")]


def test_library_path_is_found_only_under_the_servers_library():
    assert library_path("http://h:8080/dav/library/A%20B/a.mkv|Authorization=x", "http://h:8080/") == "/dav/library/A B/a.mkv"
    assert library_path("http://other:8080/dav/library/a.mkv", "http://h:8080") is None
    assert library_path("smb://h/film.mkv", "http://h:8080") is None


def test_the_playing_item_is_found_by_its_file_path(server):
    serve_library(server, [])
    api = Api(server.base, Credentials())
    assert find_item(api, server.base + FILE_PATH + "|X-Api-Key=K", "", "") == 7
    assert find_item(api, server.base + "/dav/library/Other/x.mkv", "", "") is None


def test_only_the_item_named_by_the_folder_is_asked_for_its_files(server):
    server.answer("GET", "/api/items", body={"items": [dict(LISTED[0], id=8, name="Other"), LISTED[0]]})
    server.answer("GET", "/api/items/7", body=ITEM)
    api = Api(server.base, Credentials())
    assert find_item(api, server.base + FILE_PATH, "", "") == 7
    assert server.got("GET", "/api/items/8") == []


def test_the_item_the_plugin_resolved_is_taken_without_asking_the_server(server):
    api = Api(server.base, Credentials())
    assert find_item(api, server.base + FILE_PATH, "7", server.base + FILE_PATH) == 7
    assert server.requests == []


def test_a_cutover_of_the_playing_item_is_notified_and_playback_is_signalled(server):
    cutover = '{"id":1,"item":7,"kind":"cutover","detail":{"kind":"simulated"}}'
    other_item = '{"id":2,"item":8,"kind":"cutover","detail":{}}'
    served = serve_library(server, sse(other_item, cutover))
    shown = []
    service, player, clock = service_for(server, shown)

    player.file = server.base + FILE_PATH
    service.poll()  # opened, not live yet: no signal
    assert playback_signals(server) == []
    player.video, player.time = True, 0.5
    clock.now += 1
    service.poll()
    assert playback_signals(server) == [True]
    assert wait_for(lambda: shown == [notices.SWITCHED])
    assert served[0].query == {"item": ["7"]}

    player.file = None
    clock.now += 1
    service.poll()
    assert playback_signals(server) == [True, False]
    assert service.watch is None


def test_playing_is_refreshed_while_the_film_plays(server):
    serve_library(server, sse())
    service, player, clock = service_for(server, [])
    player.file, player.video, player.time = server.base + FILE_PATH, True, 1.0
    service.poll()
    clock.now += 10
    service.poll()
    clock.now += 25
    service.poll()
    assert playback_signals(server) == [True, True]
    player.file = None
    service.poll()


def test_a_start_that_kodi_reports_as_not_playing_does_not_end_the_watch(server):
    serve_library(server, sse())
    service, player, clock = service_for(server, [])
    player.file = server.base + FILE_PATH
    service.poll()
    watch = service.watch
    player.file = None  # Kodi between opening the file and the first frame
    clock.now += 5
    service.poll()
    assert service.watch is watch
    assert playback_signals(server) == []
    player.file, player.video, player.time = server.base + FILE_PATH, True, 0.2
    service.poll()
    assert playback_signals(server) == [True]
    player.file = None
    service.poll()


def test_files_of_other_servers_are_not_watched(server):
    serve_library(server, sse())
    service, player, clock = service_for(server, [])
    player.file, player.video, player.time = "smb://nas/films/a.mkv", True, 3.0
    service.poll()
    assert service.watch is None
    assert server.requests == []


def test_each_notice_is_logged_at_info_with_the_fixed_prefix():
    xbmcaddon_settings = __import__("xbmcaddon").settings
    xbmcaddon_settings["notifications"] = "false"
    kodi.notify(notices.SWITCHED)
    assert xbmc.logged == [(xbmc.LOGINFO, "NZBMount notice: Switched to a standby release")]
    assert xbmcgui.shown == []
    xbmcaddon_settings["notifications"] = "true"
    kodi.notify(notices.RETRYING)
    assert xbmcgui.shown == [("notification", "NZBMount", notices.RETRYING)]


def test_the_service_stops_its_watch_when_kodi_quits(server):
    serve_library(server, sse())
    player = xbmc.Player()
    player.file, player.video, player.time = server.base + FILE_PATH, True, 1.0
    service = Service(xbmc.Monitor(polls=2), player, make_api=lambda: Api(server.base, Credentials()),
                      show=lambda text: None)
    t = threading.Thread(target=service.run)
    t.start()
    t.join(10)
    assert not t.is_alive()
    assert playback_signals(server) == [True, False]

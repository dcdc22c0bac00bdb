"""The service: while Kodi plays a file of NZBMount's library it tells the server that playback
runs (and when it stops) and shows notifications for the playing item's events.

Threads: Kodi's service thread runs ``run`` (a 1 s poll); each playback watched has one reader
thread for the event stream. The only state they share is the Watch's ``stopped`` event and the
response the reader reads, closed by the poll thread to end the reader.
"""

import threading
import time
import urllib.parse

import xbmc

from nzbmount import kodi
from nzbmount.api import ApiError
from nzbmount.notices import Notifier, PlaybackLatch, parse_sse

POLL_SECONDS = 1.0
# The server keeps a player's "playing" for a while; this refreshes it well inside that.
PLAYING_REFRESH_SECONDS = 30.0
EVENT_READ_TIMEOUT = 40.0


def library_path(url, base):
    """The WebDAV path of ``url`` below the server's library (``/dav/library/...``), or None
    when ``url`` is not a file of this server's library. Kodi's ``|headers`` are ignored."""
    url = url.split("|", 1)[0]
    base = base.rstrip("/")
    if not url.startswith(base + "/dav/library/"):
        return None
    return urllib.parse.unquote(url[len(base):])


def find_item(api, url, hinted_item, hinted_url):
    """The id of the item whose file ``url`` is: the one the plugin resolved it for, else the item
    with a file at that path; None when the URL is not one of the library's."""
    path = library_path(url, api.base)
    if path is None:
        return None
    if hinted_item and hinted_url and library_path(hinted_url, api.base) == path:
        return int(hinted_item)
    # The folder is the item's name (unique, ASCII case ignored): only that item's files are asked
    # for, not those of every item of a large library.
    folder = path[len("/dav/library/"):].split("/", 1)[0].lower()
    for row in api.items():
        if row.get("name", "").lower() != folder:
            continue
        detail = api.item(row["id"])
        if any(urllib.parse.unquote(f["path"]) == path for f in detail.get("files", [])):
            return detail["id"]
    return None


class Watch:
    """One playback of one item: the playing signal and the event reader."""

    def __init__(self, api, item_id, show, now):
        self.api = api
        self.item_id = item_id
        self.show = show
        self.latch = PlaybackLatch(now)
        self.stopped = threading.Event()
        self.last_signal = None
        self.response = None
        self.lock = threading.Lock()
        self.reader = None

    def tick(self, playing, now):
        step = self.latch.tick(playing, now)
        if step == "live":
            self.signal(True, now)
            self.reader = threading.Thread(target=self.read_events, name="nzbmount-events", daemon=True)
            self.reader.start()
        elif step == "playing" and now - self.last_signal >= PLAYING_REFRESH_SECONDS:
            self.signal(True, now)
        elif step == "stop":
            self.stop()
        return step

    def signal(self, playing, now):
        self.last_signal = now
        try:
            self.api.playback(self.item_id, playing)
        except ApiError as e:
            kodi.log("playback signal for item %d: %s" % (self.item_id, e.message), xbmc.LOGWARNING)

    def stop(self):
        if self.stopped.is_set():
            return
        self.stopped.set()
        if self.latch.seen_live:
            self.signal(False, time.monotonic())
        with self.lock:
            response = self.response
        if response is not None:
            try:
                response.close()
            except Exception:  # the reader may be closing it too
                pass

    def read_events(self):
        notifier = Notifier()
        while not self.stopped.is_set():
            try:
                response = self.api.events_stream(self.item_id, EVENT_READ_TIMEOUT)
                with self.lock:
                    self.response = response
                if self.stopped.is_set():
                    response.close()
                    return
                lines = (raw.decode("utf-8", "replace") for raw in iter(response.readline, b""))
                for event in parse_sse(lines):
                    if event.get("item") != self.item_id:
                        continue
                    text = notifier.notice(event, time.monotonic())
                    if text:
                        self.show(text)
            except ApiError as e:
                kodi.log("event stream of item %d: %s" % (self.item_id, e.message), xbmc.LOGWARNING)
            except Exception as e:  # a closed or broken stream: read it again unless stopped
                if not self.stopped.is_set():
                    kodi.log("event stream of item %d ended: %s" % (self.item_id, e), xbmc.LOGDEBUG)
            self.stopped.wait(2.0)


class Service:
    def __init__(self, monitor, player, make_api=kodi.api, show=kodi.notify, clock=time.monotonic):
        self.monitor = monitor
        self.player = player
        self.make_api = make_api
        self.show = show
        self.clock = clock
        self.watch = None
        self.watched_file = None

    def poll(self):
        """One look at the player. A file is watched from the moment Kodi opens it; it counts as
        live once a video plays with its position past 0 (the latch keeps the watch through
        the start, when Kodi may report nothing playing)."""
        active = self.player.isPlaying()
        current = self.player.getPlayingFile() if active else None
        live = active and self.player.isPlayingVideo() and self.player.getTime() > 0
        now = self.clock()
        if self.watch is not None and current is not None and current != self.watched_file:
            self.watch.stop()
            self.watch = None
        if self.watch is None and current is not None and current != self.watched_file:
            self.watched_file = current
            self.watch = self.start(current, now)
        if self.watch is not None and self.watch.tick(live, now) == "stop":
            self.watch = None
        if not active and self.watch is None:
            self.watched_file = None

    def start(self, url, now):
        api = self.make_api()
        home = kodi.home()
        try:
            item_id = find_item(api, url, home.getProperty(kodi.PLAYING_ITEM), home.getProperty(kodi.PLAYING_URL))
        except ApiError as e:
            kodi.log("cannot tell which item plays: %s" % e.message, xbmc.LOGWARNING)
            return None
        if item_id is None:
            return None
        kodi.log("watching item %d" % item_id)
        return Watch(api, item_id, self.show, now)

    def run(self):
        kodi.log("service started")
        while not self.monitor.abortRequested():
            try:
                self.poll()
            except Exception as e:  # one bad poll must not end the service
                kodi.log("service: %s" % e, xbmc.LOGWARNING)
            if self.monitor.waitForAbort(POLL_SECONDS):
                break
        if self.watch is not None:
            self.watch.stop()

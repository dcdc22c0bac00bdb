"""The plugin: one call per folder or action, routed by the ``action`` parameter of its URL.

``run(argv)`` takes Kodi's ``sys.argv``: the plugin URL, the folder handle and the query.
"""

import xbmc
import xbmcgui
import xbmcplugin

from nzbmount import kodi, views
from nzbmount.api import ApiError, play_url, test_connection

# Beyond this many items the library shows the list's own state (no live state per item).
DETAILS_AT_MOST = 200


class Plugin:
    def __init__(self, argv, api=None):
        self.handle = int(argv[1]) if len(argv) > 1 and argv[1].lstrip("-").isdigit() else -1
        self.params = views.parse_params(argv[2] if len(argv) > 2 else "")
        self._api = api

    @property
    def api(self):
        """The server's API, made at first use: the root folder needs none, so it opens even
        before a server URL is set."""
        if self._api is None:
            self._api = kodi.api()
        return self._api

    def run(self):
        action = self.params.get("action", "root")
        route = getattr(self, "do_" + action, None)
        if route is None:
            kodi.log("unknown action %r" % action, xbmc.LOGWARNING)
            return
        try:
            route()
        except ApiError as e:
            kodi.log("%s: %s" % (action, e.message), xbmc.LOGWARNING)
            xbmcgui.Dialog().ok(kodi.NAME, e.message)
            if action in ("play", "pick"):
                xbmcplugin.setResolvedUrl(self.handle, False, xbmcgui.ListItem())
            elif self.handle >= 0 and action in FOLDERS:
                xbmcplugin.endOfDirectory(self.handle, succeeded=False)

    # Folders.

    def do_root(self):
        self.show(views.root())

    def do_library(self):
        listed = self.api.items()
        details = {}
        if len(listed) <= DETAILS_AT_MOST:
            for row in listed:
                try:
                    details[row["id"]] = self.api.item(row["id"])
                except ApiError as e:
                    if e.kind != "refused":
                        raise
        self.show(views.library(listed, details), content="videos")

    def do_item(self):
        self.show(views.item(self.api.item(self.item_id())), content="videos")

    def do_sources(self):
        self.show(views.sources(self.api.item(self.item_id())))

    def do_search(self):
        kind = self.params.get("type", "search")
        q = self.params.get("q") or xbmcgui.Dialog().input("Search" if kind == "search" else
                                                           "Film title" if kind == "movie" else "Series title")
        if not q:
            xbmcplugin.endOfDirectory(self.handle, succeeded=False)
            return
        season = ep = None
        if kind == "tv":
            season = xbmcgui.Dialog().numeric(0, "Season")
            ep = xbmcgui.Dialog().numeric(0, "Episode")
        answer = self.with_tiers(self.api.search(q, kind, season or None, ep or None), q, kind, season, ep)
        self.show(views.search_results(answer), content="videos")

    def do_results(self):
        item_id = self.params.get("item")
        q, kind = self.params.get("q", ""), self.params.get("type", "search")
        season, ep = self.params.get("season"), self.params.get("ep")
        answer = self.api.search(q, kind, season, ep, item_id)
        if not item_id:
            answer = self.with_tiers(answer, q, kind, season, ep)
        self.show(views.search_results(answer, int(item_id) if item_id else None), content="videos")

    def with_tiers(self, answer, q, kind, season, ep):
        """A free search's answer, asked again for the library item it is about (when one fits),
        so each result shows its tier against that item's primary."""
        results = answer.get("results", [])
        if not results:
            return answer
        try:
            listed = self.api.items()
            if len(listed) > DETAILS_AT_MOST:
                return answer
            item_id = views.item_for_results(results, [self.api.item(row["id"]) for row in listed])
            if item_id is None:
                return answer
            return self.api.search(q, kind, season or None, ep or None, item_id)
        except ApiError as e:
            # The results stand without tiers.
            kodi.log("tiers for the search: %s" % e.message, xbmc.LOGWARNING)
            return answer

    # Actions.

    def do_play(self):
        detail = self.api.item(self.item_id())
        self.resolve(detail, int(self.params.get("file", "0")))

    def do_pick(self):
        detail = self.api.create_item(self.params["indexer"], self.params["guid"])
        index = views.largest_file(detail)
        if index is None:
            raise ApiError("refused", "The release has no file to play.")
        self.resolve(detail, index)

    def do_add_standby(self):
        item_id = self.params.get("item")
        if not item_id:
            listed = self.api.items()
            if not listed:
                raise ApiError("refused", "The library has no item to add a standby to.")
            chosen = xbmcgui.Dialog().select("Add as standby to", [row["name"] for row in listed])
            if chosen < 0:
                return
            item_id = listed[chosen]["id"]
        self.api.add_standby(int(item_id), self.params["indexer"], self.params["guid"])
        xbmcgui.Dialog().notification(kodi.NAME, "Added as a standby; it is being proved.", xbmcgui.NOTIFICATION_INFO, 4000)
        xbmc.executebuiltin("Container.Refresh")

    def do_source(self):
        if xbmcgui.Dialog().select("Source", ["Make primary"]) == 0:
            self.do_make_primary()

    def do_make_primary(self):
        self.api.make_primary(self.item_id(), int(self.params["source"]))
        xbmcgui.Dialog().notification(kodi.NAME, "Primary changed.", xbmcgui.NOTIFICATION_INFO, 4000)
        xbmc.executebuiltin("Container.Refresh")

    def do_standby_count(self):
        current = self.api.max_standby()
        choices = [str(n) for n in range(0, 6)]
        chosen = xbmcgui.Dialog().select("Standby releases per item (now %d)" % current, choices,
                                         preselect=current)
        if chosen < 0 or chosen == current:
            return
        self.api.set_max_standby(chosen)
        xbmcgui.Dialog().notification(kodi.NAME, "The server keeps up to %d standby releases." % chosen,
                                      xbmcgui.NOTIFICATION_INFO, 4000)

    def do_test(self):
        ok, message = test_connection(self.api)
        kodi.log("test connection: " + message)
        xbmcgui.Dialog().ok(kodi.NAME, message)

    def do_noop(self):
        pass

    # Helpers.

    def item_id(self):
        return int(self.params["item"])

    def resolve(self, detail, index):
        files = detail.get("files", [])
        if not 0 <= index < len(files):
            raise ApiError("refused", "The item has no file %d." % index)
        url = play_url(self.api.base, files[index]["path"], self.api.credentials)
        li = xbmcgui.ListItem(files[index]["name"], path=url, offscreen=True)
        li.setProperty("IsPlayable", "true")
        home = kodi.home()
        home.setProperty(kodi.PLAYING_ITEM, str(detail["id"]))
        home.setProperty(kodi.PLAYING_URL, url.split("|", 1)[0])
        xbmcplugin.setResolvedUrl(self.handle, True, li)

    def show(self, entries, content=None):
        if content:
            xbmcplugin.setContent(self.handle, content)
        for e in entries:
            li = xbmcgui.ListItem(e.label, offscreen=True)
            if e.playable:
                li.setProperty("IsPlayable", "true")
            if e.plot:
                li.getVideoInfoTag().setPlot(e.plot)
            if e.context:
                li.addContextMenuItems([(label, "RunPlugin(%s)" % views.plugin_url(p)) for label, p in e.context])
            xbmcplugin.addDirectoryItem(self.handle, e.url, li, isFolder=e.folder)
        xbmcplugin.endOfDirectory(self.handle, cacheToDisc=False)


FOLDERS = {"root", "library", "item", "sources", "search", "results"}


def run(argv):
    Plugin(argv).run()

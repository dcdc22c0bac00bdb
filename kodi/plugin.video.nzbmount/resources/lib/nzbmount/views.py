"""What each folder of the add-on shows, computed from the server's answers without Kodi.

A folder is a list of Entry objects; plugin.py turns them into Kodi list items. Keeping this
free of Kodi modules is what lets the tests check labels, grouping and actions directly.
"""

import urllib.parse

PLUGIN = "plugin://plugin.video.nzbmount/"

READY = "ready"
ON_STANDBY = "on a standby"
BROKEN = "broken"

# Resolutions best first, as the server's release names read them; an unknown one falls in the
# last group.
QUALITIES = ["2160p", "1440p", "1080p", "720p", "576p", "540p", "480p", "sd"]
OTHER_QUALITY = "other"

TIER_WORDS = {0: "tier 0: same release kind", 1: "tier 1: same resolution and codec",
              2: "tier 2: same resolution", 3: "tier 3: same content"}


class Entry:
    """One row of a folder: a label, where selecting it goes (plugin URL parameters), whether
    it is a folder or playable, a plot line and context-menu actions ``[(label, params)]``."""

    def __init__(self, label, params, folder=False, playable=False, plot="", context=None):
        self.label = label
        self.params = params
        self.folder = folder
        self.playable = playable
        self.plot = plot
        self.context = context or []

    @property
    def url(self):
        return plugin_url(self.params)

    def __repr__(self):
        return "Entry(%r, %r)" % (self.label, self.params)


def plugin_url(params):
    """The plugin URL for a route and its parameters, keys in a fixed order."""
    return PLUGIN + ("?" + urllib.parse.urlencode(sorted(params.items())) if params else "")


def parse_params(query):
    """The parameters of a plugin URL's query (``sys.argv[2]``, with or without ``?``)."""
    return dict(urllib.parse.parse_qsl(query.lstrip("?")))


def size_text(size):
    if size is None:
        return "?"
    value = float(size)
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if value < 1000 or unit == "TB":
            return ("%d %s" % (value, unit)) if unit == "B" else ("%.1f %s" % (value, unit))
        value /= 1000.0
    return "?"


def item_state(detail):
    """ready, on a standby or broken, from ``GET /api/items/{id}``."""
    primary = detail.get("primary") or {}
    if detail.get("problem") or primary.get("state") in ("failed", "dead"):
        return BROKEN
    active = detail.get("activeSource")
    if active is not None and active != primary.get("id"):
        return ON_STANDBY
    return READY


def state_of_listed(listed):
    """The state when only ``GET /api/items``'s row is known (no live state in it)."""
    return BROKEN if listed.get("primaryState") in ("failed", "dead") else READY


def root():
    return [
        Entry("Library", {"action": "library"}, folder=True),
        Entry("Search...", {"action": "search", "type": "search"}, folder=True),
        Entry("Search films...", {"action": "search", "type": "movie"}, folder=True),
        Entry("Search episodes...", {"action": "search", "type": "tv"}, folder=True),
        Entry("Standby releases on the server...", {"action": "standby_count"}),
        Entry("Test connection", {"action": "test"}),
    ]


def library(listed, details):
    """The library: one folder per item, its state in the label. ``details`` maps an item id to
    its ``GET /api/items/{id}`` answer where it was read."""
    entries = []
    for row in listed:
        detail = details.get(row["id"])
        state = item_state(detail) if detail else state_of_listed(row)
        standby = row.get("standby", 0)
        label = "%s  [%s%s]" % (row["name"], state, ", %d standby" % standby if standby else "")
        plot = ""
        if detail and detail.get("problem"):
            plot = detail["problem"].get("message", "")
        entries.append(Entry(label, {"action": "item", "item": row["id"]}, folder=True, plot=plot,
                             context=[("Sources", {"action": "sources", "item": row["id"]})]))
    return entries


def item(detail):
    """An item's folder: its files (playable), then its sources and a search for standbys."""
    item_id = detail["id"]
    entries = []
    for index, f in enumerate(detail.get("files", [])):
        entries.append(Entry("%s  (%s)" % (f["name"], size_text(f.get("size"))),
                             {"action": "play", "item": item_id, "file": index}, playable=True))
    standby = len(detail.get("standby", []))
    entries.append(Entry("Sources  [%s, %d standby]" % (item_state(detail), standby),
                         {"action": "sources", "item": item_id}, folder=True))
    search = detail.get("search")
    if search:
        params = {"action": "results", "item": item_id, "type": search.get("type", "search"), "q": search.get("q", "")}
        if search.get("season") is not None:
            params["season"] = search["season"]
        if search.get("ep") is not None:
            params["ep"] = search["ep"]
        entries.append(Entry("Find standbys", params, folder=True))
    return entries


def source_label(source, role_word):
    state = source.get("state", "?")
    validation = source.get("validation")
    if validation:
        v = validation.get("state", "")
        if v == "validating":
            state = "proving %d/%d" % (validation.get("samplesDone", 0), validation.get("samplesTotal", 0))
        elif v == "verified":
            state = "proved identical"
        elif v:
            state = v
    label = "%s: %s  [%s]" % (role_word, source.get("release") or "?", state)
    if source.get("tier") is not None and role_word != "primary":
        label += "  tier %d" % source["tier"]
    return label


def sources(detail):
    """An item's sources: the primary, its standbys with their proof, failed and dead ones with
    the reason. Each non-primary source offers "make primary"."""
    item_id = detail["id"]
    primary = detail.get("primary") or {}
    active = detail.get("activeSource")
    entries = []
    label = source_label(primary, "primary")
    if active is not None and active == primary.get("id"):
        label += "  (playing)"
    entries.append(Entry(label, {"action": "source", "item": item_id, "source": primary.get("id")},
                         plot=primary.get("reason") or ""))
    for s in detail.get("standby", []) + detail.get("otherSources", []):
        role = "standby" if s in detail.get("standby", []) else s.get("state", "failed")
        label = source_label(s, role)
        if active is not None and active == s.get("id"):
            label += "  (playing)"
        reason = s.get("reason") or (s.get("validation") or {}).get("reason") or ""
        params = {"action": "source", "item": item_id, "source": s.get("id")}
        entries.append(Entry(label, params, plot=reason,
                             context=[("Make primary", dict(params, action="make_primary"))]))
    return entries


def quality_of(result):
    resolution = ((result.get("release") or {}).get("resolution") or "").lower()
    return resolution if resolution in QUALITIES else OTHER_QUALITY


def quality_word(quality):
    return "SD" if quality == "sd" else quality


def group_results(results):
    """Results grouped by quality, best quality first; inside a group, lower tiers (likelier the
    same bytes as the item's primary) first, then larger files. Returns ``[(quality, [result])]``."""
    groups = {}
    for r in results:
        groups.setdefault(quality_of(r), []).append(r)
    order = QUALITIES + [OTHER_QUALITY]

    def within(r):
        tier = r.get("tier")
        return (tier if tier is not None else 9, -(r.get("size") or 0))

    return [(q, sorted(groups[q], key=within)) for q in order if q in groups]


def result_label(result, quality):
    label = "[%s] %s  (%s)" % (quality_word(quality), result.get("title", "?"), size_text(result.get("size")))
    standing = result.get("standing")
    if "tier" in result:
        tier = result.get("tier")
        label += "  tier %s" % (tier if tier is not None else "-, other content")
    if standing and standing != "new":
        label += "  [%s]" % ("already a source" if standing == "source" else standing)
    return label


def search_results(answer, item_id=None):
    """The search folder: a header per quality group, then its results. Without ``item_id``
    selecting a result makes an item and plays it; with it, it is added as a standby. Every
    result also offers the other action in its context menu."""
    entries = []
    item_named = answer.get("item")
    for quality, results in group_results(answer.get("results", [])):
        entries.append(Entry("-- %s (%d) --" % (quality_word(quality), len(results)), {"action": "noop"}))
        for r in results:
            key = {"indexer": r.get("indexer", ""), "guid": r.get("guid", "")}
            plot = TIER_WORDS.get(r.get("tier"), "") if "tier" in r else ""
            if item_named:
                plot = ("Against %s: %s" % (item_named.get("primary") or item_named.get("name"), plot)).strip()
            if item_id is None:
                entries.append(Entry(result_label(r, quality), dict(key, action="pick"), playable=True, plot=plot,
                                     context=[("Add as standby...", dict(key, action="add_standby"))]))
            else:
                params = dict(key, action="add_standby", item=item_id)
                entries.append(Entry(result_label(r, quality), params, plot=plot,
                                     context=[("Add as standby", params)]))
    for name, message in sorted((answer.get("errors") or {}).items()):
        entries.append(Entry("%s: %s" % (name, message), {"action": "noop"}))
    return entries


def _words(text):
    return " ".join("".join(c if c.isalnum() else " " for c in (text or "").lower()).split())


def content_key(release):
    """What a result's release is about, as the words an item's standby search uses: the title,
    then the year, or season and episode (``S02E05``). None when the name says nothing."""
    release = release or {}
    title = _words(release.get("title"))
    if not title:
        return None
    episodes = release.get("episodes") or {}
    if episodes.get("kind") not in (None, "none"):
        return None
    year = release.get("year")
    return title + (" %d" % year if year else "")


def item_for_results(results, details):
    """The library item a free search is about: the one item whose standby search (the server's
    reading of its primary's content) names the content most results name. None when no item or
    more than one fits."""
    keys = [content_key(r.get("release")) for r in results]
    keys = [k for k in keys if k]
    if not keys:
        return None
    common = max(set(keys), key=keys.count)
    matches = [d["id"] for d in details
               if d.get("search") and d["search"].get("type") == "movie" and _words(d["search"].get("q")) == common]
    return matches[0] if len(matches) == 1 else None


def largest_file(detail):
    """The index of the file to play when an item is picked: the largest one."""
    files = detail.get("files", [])
    if not files:
        return None
    return max(range(len(files)), key=lambda i: files[i].get("size") or 0)

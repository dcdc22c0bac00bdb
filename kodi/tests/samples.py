"""Answers shaped as docs/api.md shows them."""

ITEM = {
    "id": 7, "name": "Demo Clock (2024)", "created": "2025-03-01T10:00:00Z", "primaryChosenByUser": False,
    "files": [
        {"name": "sample.mkv", "size": 1200000, "path": "/dav/library/Demo%20Clock%20%282024%29/sample.mkv"},
        {"name": "Demo Clock.mkv", "size": 4404019200, "path": "/dav/library/Demo%20Clock%20%282024%29/Demo%20Clock.mkv"},
    ],
    "primary": {"id": 1, "release": "Demo.Clock.2024.1080p-GRP", "role": "primary", "state": "ready",
                "reason": None, "tier": None},
    "standby": [
        {"id": 2, "release": "Demo.Clock.2024.1080p-GRP.REPOST", "role": "standby", "state": "validated",
         "tier": 0, "reason": None,
         "validation": {"state": "verified", "samplesDone": 20, "samplesTotal": 20,
                        "reason": "all 20 samples match the primary"}},
        {"id": 3, "release": "Demo.Clock.2024.1080p-OTHER", "role": "standby", "state": "pending", "tier": 1,
         "reason": None, "validation": {"state": "validating", "samplesDone": 4, "samplesTotal": 20}},
    ],
    "otherSources": [
        {"id": 4, "release": "Demo.Clock.2024.720p-X", "role": "standby", "state": "dead", "tier": 2,
         "reason": "its first article is missing on every provider"},
    ],
    "refused": [], "activeSource": None, "problem": None,
    "search": {"type": "movie", "q": "Demo Clock 2024", "season": None, "ep": None},
}

LISTED = [{"id": 7, "name": "Demo Clock (2024)", "files": 2, "size": 4405219200, "primaryState": "ready", "standby": 2}]


def result(title, resolution, size, guid, tier=None, standing=None, with_tier=False):
    r = {"indexer": "demo", "title": title, "guid": guid, "link": "http://x/" + guid, "size": size,
         "release": {"title": "Demo Clock", "year": 2024, "resolution": resolution}}
    if with_tier:
        r["tier"] = tier
        r["standing"] = standing or "new"
    return r

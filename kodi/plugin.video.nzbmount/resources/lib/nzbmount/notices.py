"""Which Kodi notification an event of the playing item deserves, and the playback latch.

Decided by the events' typed fields (``kind``, ``detail.kind``), never by their words.
"""

import json

LOG_PREFIX = "NZBMount notice: "

SWITCHED = "Switched to a standby release"
RETRYING = "Source temporarily unavailable. Retrying..."
NO_SOURCE = "No stable source is available right now."

# stream-closed kinds that end playback for a reason the viewer should know; a player that
# went away (client-left) is not one.
_FAILED_CLOSES = {"no-source", "providers", "cutover-off", "chosen-source", "read-error"}

# Retries come in bursts; one notice per this many seconds is enough.
RETRY_QUIET_SECONDS = 30.0


class Notifier:
    """Turns events into at most one notice each. Not thread-safe: one reader thread uses it."""

    def __init__(self):
        self._last_retry = None

    def notice(self, event, now):
        """The notice text for ``event`` (a dict as ``GET /api/events`` gives it), or None."""
        kind = event.get("kind")
        detail = event.get("detail") or {}
        if kind == "cutover":
            self._last_retry = None
            return SWITCHED
        if kind == "retry":
            if self._last_retry is not None and now - self._last_retry < RETRY_QUIET_SECONDS:
                return None
            self._last_retry = now
            return RETRYING
        if kind == "stream-closed" and detail.get("kind") in _FAILED_CLOSES:
            return NO_SOURCE
        return None


def parse_sse(lines):
    """Yields each event of a server-sent event stream (an iterable of text lines) as a dict.
    Comments (heartbeats) and frames other than ``timeline`` are skipped."""
    name, data = None, []
    for raw in lines:
        line = raw.rstrip("\r\n")
        if line == "":
            if data and name in (None, "timeline"):
                try:
                    yield json.loads("\n".join(data))
                except ValueError:
                    pass
            name, data = None, []
        elif line.startswith(":"):
            continue
        elif line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].lstrip(" "))


class PlaybackLatch:
    """The seen-live latch of one playback: Kodi reports "not playing" for a while after it was
    asked to play (the file opens, the cache fills), so the watch of a playback is cancelled
    only after the playback was seen live once; before that a "not playing" is a start still
    under way. A playback never seen live is given up after ``start_timeout`` seconds.

    ``tick`` is called every poll with whether Kodi plays a video now; it answers ``"wait"``,
    ``"live"`` (the first time playback is seen), ``"playing"`` or ``"stop"``."""

    def __init__(self, started_at, start_timeout=120.0):
        self.started_at = started_at
        self.start_timeout = start_timeout
        self.seen_live = False
        self.stopped = False

    def tick(self, playing, now):
        if self.stopped:
            return "stop"
        if playing:
            if not self.seen_live:
                self.seen_live = True
                return "live"
            return "playing"
        if self.seen_live or now - self.started_at > self.start_timeout:
            self.stopped = True
            return "stop"
        return "wait"

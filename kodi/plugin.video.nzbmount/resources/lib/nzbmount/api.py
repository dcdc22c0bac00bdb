"""A small client of NZBMount's REST API (docs/api.md), on the standard library only.

Every call returns the decoded JSON answer or raises ApiError, whose ``kind`` says what went
wrong in words the add-on shows: no answer, a wrong login or key, a Host the server does not
answer to, or a refusal with the server's own message. Not thread-safe per instance; the
service and the plugin each make their own.
"""

import base64
import json
import socket
import urllib.error
import urllib.parse
import urllib.request

NO_ANSWER = "no-answer"
WRONG_LOGIN = "wrong-login"
HOST_NOT_ALLOWED = "host-not-allowed"
REFUSED = "refused"
NEEDS_LOGIN = "needs-login"


class ApiError(Exception):
    """A failed call: ``kind`` (one of the constants above), ``status`` (HTTP, or None) and a
    message for the viewer."""

    def __init__(self, kind, message, status=None):
        super().__init__(message)
        self.kind = kind
        self.status = status
        self.message = message


class Credentials:
    """The login (HTTP Basic) or the tools' API key; the login wins when both are set."""

    def __init__(self, username="", password="", api_key=""):
        self.username = username or ""
        self.password = password or ""
        self.api_key = api_key or ""

    def has_login(self):
        return bool(self.username)

    def headers(self):
        """The request headers that carry these credentials (none when nothing is set)."""
        if self.username:
            token = base64.b64encode(
                ("%s:%s" % (self.username, self.password)).encode("utf-8")).decode("ascii")
            return {"Authorization": "Basic " + token}
        if self.api_key:
            return {"X-Api-Key": self.api_key}
        return {}


def normalize_base(url):
    """The server URL as ``scheme://host[:port]`` plus any path prefix, without a trailing slash.
    A bare host gets ``http://``."""
    url = (url or "").strip()
    if not url:
        raise ApiError(NO_ANSWER, "No server URL is set in the add-on's settings.")
    if "://" not in url:
        url = "http://" + url
    return url.rstrip("/")


def play_url(base, dav_path, credentials):
    """The URL Kodi plays for a file's WebDAV path (``files[].path`` of an item, already
    percent-encoded), with the credentials passed the way Kodi passes headers:
    ``URL|Header=url-encoded-value``."""
    url = normalize_base(base) + dav_path
    headers = credentials.headers()
    if not headers:
        return url
    return url + "|" + "&".join(
        "%s=%s" % (name, urllib.parse.quote(value, safe="")) for name, value in sorted(headers.items()))


class Api:
    """Calls one server. ``opener`` is urllib's (tests pass a fake with the same ``open``)."""

    def __init__(self, base, credentials, timeout=15, opener=None):
        self.base = normalize_base(base)
        self.credentials = credentials
        self.timeout = timeout
        self.opener = opener or urllib.request.build_opener()

    def url(self, path, params=None):
        query = ""
        if params:
            pairs = [(k, v) for k, v in params.items() if v is not None and v != ""]
            if pairs:
                query = "?" + urllib.parse.urlencode(pairs)
        return self.base + path + query

    def call(self, method, path, params=None, body=None, timeout=None):
        headers = {"Accept": "application/json"}
        headers.update(self.credentials.headers())
        data = None
        if method not in ("GET", "HEAD"):
            # Changes need this header (the server's defence against cross-site requests).
            headers["X-NZBMount-Request"] = "1"
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.url(path, params), data=data, headers=headers, method=method)
        try:
            with self.opener.open(request, timeout=timeout or self.timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as e:
            raise error_of(e.code, _read_error(e), method) from None
        except (urllib.error.URLError, socket.timeout, ConnectionError, OSError) as e:
            reason = getattr(e, "reason", e)
            raise ApiError(NO_ANSWER, "No answer from %s (%s)." % (self.base, reason)) from None
        if not raw:
            return {}
        try:
            return json.loads(raw.decode("utf-8"))
        except ValueError:
            raise ApiError(REFUSED, "The server at %s did not answer as NZBMount does." % self.base) from None

    # The calls the add-on makes.

    def health(self):
        return self.call("GET", "/api/health")

    def items(self):
        return self.call("GET", "/api/items").get("items", [])

    def item(self, item_id):
        return self.call("GET", "/api/items/%d" % int(item_id))

    def search(self, q, kind="search", season=None, ep=None, item=None):
        return self.call("GET", "/api/search",
                         {"q": q, "type": kind, "season": season, "ep": ep, "item": item}, timeout=60)

    def create_item(self, indexer, guid):
        return self.call("POST", "/api/items", body={"indexer": indexer, "guid": guid}, timeout=300)

    def add_standby(self, item_id, indexer, guid):
        return self.call("POST", "/api/items/%d/sources" % int(item_id),
                         body={"indexer": indexer, "guid": guid}, timeout=300)

    def make_primary(self, item_id, source_id):
        return self.call("POST", "/api/items/%d/primary" % int(item_id), body={"source": int(source_id)})

    def playback(self, item_id, playing):
        return self.call("POST", "/api/items/%d/playback" % int(item_id), body={"playing": bool(playing)})

    def max_standby(self):
        return int(self._settings()["fallback"]["maxStandby"])

    def set_max_standby(self, count):
        fallback = dict(self._settings()["fallback"])
        fallback["maxStandby"] = int(count)
        return self.call("PUT", "/api/settings", body={"fallback": fallback})

    def _settings(self):
        if not self.credentials.has_login():
            raise ApiError(NEEDS_LOGIN, "Server settings need the login (username and password), not the API key.")
        return self.call("GET", "/api/settings")

    def events_stream(self, item_id, timeout):
        """Opens the live event stream of one item; the caller reads lines and closes it."""
        headers = {"Accept": "text/event-stream"}
        headers.update(self.credentials.headers())
        request = urllib.request.Request(self.url("/api/events/stream", {"item": item_id}), headers=headers)
        try:
            return self.opener.open(request, timeout=timeout)
        except urllib.error.HTTPError as e:
            raise error_of(e.code, _read_error(e), "GET") from None
        except (urllib.error.URLError, socket.timeout, ConnectionError, OSError) as e:
            raise ApiError(NO_ANSWER, "No answer from %s (%s)." % (self.base, getattr(e, "reason", e))) from None


def _read_error(http_error):
    try:
        body = json.loads(http_error.read().decode("utf-8"))
        return body.get("error") or ""
    except Exception:  # an answer that is not NZBMount's JSON: only the status is known
        return ""


def error_of(status, server_message, method):
    """The ApiError for an HTTP refusal, by its status. A read (GET) needs no request header, so
    its 403 can only be the Host check (the server's defence against DNS rebinding)."""
    if status == 401:
        return ApiError(WRONG_LOGIN, "The server refused the login or API key (401). Check them in the add-on's settings.",
                        status)
    if status == 403 and method == "GET":
        return ApiError(HOST_NOT_ALLOWED,
                        "The server does not answer to this host name (403); add it to server.allowedHosts "
                        "or use its IP address.", status)
    if status == 429:
        return ApiError(WRONG_LOGIN, "Too many failed logins; wait a moment and check the login (429).", status)
    text = server_message or "HTTP %d" % status
    return ApiError(REFUSED, "%s (%d)" % (text, status), status)


def test_connection(api):
    """One line for the viewer: what works, or exactly what is wrong."""
    try:
        health = api.health()
        api.items()
    except ApiError as e:
        return False, e.message
    return True, "Connected to NZBMount %s at %s." % (health.get("version", "?"), api.base)

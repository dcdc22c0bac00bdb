import socket

import pytest

from nzbmount import api as nz
from nzbmount.api import Api, ApiError, Credentials, play_url, test_connection as check


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_the_login_is_sent_as_basic_and_wins_over_the_key():
    assert Credentials("kodi", "sécret", "KEY").headers() == {"Authorization": "Basic a29kaTpzw6ljcmV0"}
    assert Credentials("", "", "KEY").headers() == {"X-Api-Key": "KEY"}
    assert Credentials().headers() == {}


def test_play_url_passes_the_login_as_a_kodi_header():
    url = play_url("nas.local:8080/", "/dav/library/A%20B/a.mkv", Credentials("kodi", "secret"))
    assert url == "http://nas.local:8080/dav/library/A%20B/a.mkv|Authorization=Basic%20a29kaTpzZWNyZXQ%3D"
    assert play_url("http://h:1", "/dav/library/x.mkv", Credentials(api_key="K")) == \
        "http://h:1/dav/library/x.mkv|X-Api-Key=K"
    assert play_url("http://h:1", "/dav/library/x.mkv", Credentials()) == "http://h:1/dav/library/x.mkv"


def test_a_missing_server_url_is_said_plainly():
    with pytest.raises(ApiError) as e:
        Api("", Credentials())
    assert "No server URL" in e.value.message


def test_changes_carry_the_request_header_and_reads_do_not(server):
    server.answer("GET", "/api/items", body={"items": []})
    server.answer("POST", "/api/items/7/primary", body={"item": 7, "primary": 2})
    a = Api(server.base, Credentials(api_key="K"))
    a.items()
    a.make_primary(7, 2)
    assert "X-NZBMount-Request" not in server.got("GET", "/api/items")[0].headers
    post = server.got("POST", "/api/items/7/primary")[0]
    assert post.headers["X-NZBMount-Request"] == "1"
    assert post.headers["X-Api-Key"] == "K"
    assert post.json() == {"source": 2}


def test_connection_test_says_the_server_answers(server):
    server.answer("GET", "/api/health", body={"version": "0.1.0"})
    server.answer("GET", "/api/items", body={"items": []})
    ok, message = check(Api(server.base, Credentials()))
    assert ok
    assert message == "Connected to NZBMount 0.1.0 at %s." % server.base


def test_connection_test_names_a_wrong_login(server):
    server.answer("GET", "/api/health", 401, {"error": "a login is needed"})
    ok, message = check(Api(server.base, Credentials("kodi", "wrong")))
    assert not ok
    assert "refused the login or API key (401)" in message


def test_connection_test_names_a_host_the_server_does_not_answer_to(server):
    server.answer("GET", "/api/health", 403, {"error": "this server does not answer to the name nas"})
    ok, message = check(Api(server.base, Credentials()))
    assert not ok
    assert "server.allowedHosts" in message


def test_connection_test_names_no_answer():
    ok, message = check(Api("http://127.0.0.1:%d" % free_port(), Credentials(), timeout=3))
    assert not ok
    assert message.startswith("No answer from http://127.0.0.1:")


def test_a_refused_change_carries_the_servers_message(server):
    server.answer("POST", "/api/items/7/primary", 409, {"error": "source 3 is not verified"})
    with pytest.raises(ApiError) as e:
        Api(server.base, Credentials()).make_primary(7, 3)
    assert e.value.kind == nz.REFUSED
    assert e.value.status == 409
    assert e.value.message == "source 3 is not verified (409)"


def test_the_standby_count_is_written_with_the_login_keeping_the_other_fallback_settings(server):
    server.answer("GET", "/api/settings", body={"fallback": {"enabled": True, "maxStandby": 5, "submitDelaySeconds": 60}})
    server.answer("PUT", "/api/settings", body={})
    a = Api(server.base, Credentials("kodi", "secret"))
    assert a.max_standby() == 5
    a.set_max_standby(2)
    put = server.got("PUT", "/api/settings")[0]
    assert put.json() == {"fallback": {"enabled": True, "maxStandby": 2, "submitDelaySeconds": 60}}
    assert put.headers["Authorization"].startswith("Basic ")


def test_the_standby_count_needs_the_login_not_the_api_key(server):
    with pytest.raises(ApiError) as e:
        Api(server.base, Credentials(api_key="K")).set_max_standby(2)
    assert e.value.kind == nz.NEEDS_LOGIN
    assert server.requests == []


def test_search_sends_only_the_parameters_given(server):
    server.answer("GET", "/api/search", body={"results": []})
    Api(server.base, Credentials()).search("Show", "tv", "2", "5")
    assert server.got("GET", "/api/search")[0].query == {"q": ["Show"], "type": ["tv"], "season": ["2"], "ep": ["5"]}

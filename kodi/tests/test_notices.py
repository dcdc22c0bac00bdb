from nzbmount.notices import NO_SOURCE, RETRYING, SWITCHED, Notifier, PlaybackLatch, parse_sse


def event(event_kind, **detail):
    return {"id": 1, "item": 7, "kind": event_kind, "detail": detail}


def test_a_cutover_says_switched_to_a_standby():
    assert Notifier().notice(event("cutover", kind="simulated", offset=1000), 0) == SWITCHED


def test_a_retry_says_retrying_once_per_burst():
    n = Notifier()
    assert n.notice(event("retry"), 0) == RETRYING
    assert n.notice(event("retry"), 10) is None
    assert n.notice(event("retry"), 31) == RETRYING


def test_a_cutover_ends_a_retry_burst():
    n = Notifier()
    n.notice(event("retry"), 0)
    n.notice(event("cutover"), 1)
    assert n.notice(event("retry"), 2) == RETRYING


def test_a_stream_closed_for_want_of_a_source_says_no_stable_source():
    for kind in ("no-source", "providers", "cutover-off", "chosen-source", "read-error"):
        assert Notifier().notice(event("stream-closed", kind=kind), 0) == NO_SOURCE


def test_a_player_that_left_and_quiet_events_say_nothing():
    n = Notifier()
    assert n.notice(event("stream-closed", kind="client-left"), 0) is None
    assert n.notice(event("standby-validation-result"), 0) is None
    assert n.notice(event("routed"), 0) is None


def test_server_sent_events_are_read_with_heartbeats_and_other_frames_skipped():
    lines = ["retry: 3000\n", "\n", ": heartbeat\n", "\n",
             "id: 42\n", "event: timeline\n", 'data: {"id":42,"item":7,"kind":"cutover"}\n', "\n",
             "event: other\n", 'data: {"id":43}\n', "\n",
             'data: {"id":44,\n', 'data: "kind":"retry"}\n', "\n"]
    assert list(parse_sse(lines)) == [{"id": 42, "item": 7, "kind": "cutover"}, {"id": 44, "kind": "retry"}]


def test_the_watch_is_not_cancelled_before_playback_was_seen_live():
    latch = PlaybackLatch(started_at=0)
    assert latch.tick(False, 1) == "wait"
    assert latch.tick(False, 60) == "wait"
    assert latch.tick(True, 61) == "live"
    assert latch.tick(True, 62) == "playing"
    assert latch.tick(False, 63) == "stop"
    assert latch.tick(True, 64) == "stop"


def test_a_playback_never_seen_live_is_given_up_after_the_start_timeout():
    latch = PlaybackLatch(started_at=0, start_timeout=120)
    assert latch.tick(False, 119) == "wait"
    assert latch.tick(False, 121) == "stop"
    assert not latch.seen_live

// Live updates: one EventSource on GET /api/events/stream for the whole page, which the server
// feeds with every timeline event as it is stored. Pages subscribe to refresh at once instead of
// at their next poll. Polling never stops: without EventSource, or while the stream is down (a
// proxy that does not pass it, a server restart), pages simply update at their polling pace.
// The stream is open only while the tab is shown: a browser allows 6 connections to one server
// over HTTP/1.1, and tabs in the background (or pages kept in the back/forward cache) that each
// held a stream would leave none for the requests of the tab in front. A hidden tab does not
// poll either; it catches up when shown.
// Event data comes from the server as JSON and is only handed on, never inserted as markup.

const STREAM_PATH = '/api/events/stream';
// After the browser gives up on the stream (it answered something other than an event stream),
// try again this much later.
const REOPEN_MS = 30000;

const listeners = new Set();
let source = null;
let reopenTimer = 0;

/**
 * Calls `fn(event)` for every timeline event (the shape of GET /api/events) as it happens;
 * returns a function that unsubscribes. Opens the stream on first use.
 */
export function onTimeline(fn) {
  listeners.add(fn);
  open();
  return () => listeners.delete(fn);
}

/** Whether the event stream is connected now (pages update at once, not only by polling). */
export function liveConnected() {
  return source !== null && source.readyState === 1;
}

document.addEventListener('visibilitychange', () => {
  if (document.hidden) close();
  else if (listeners.size) open();
});
window.addEventListener('pagehide', close);
window.addEventListener('pageshow', (e) => {
  if (e.persisted && listeners.size) open();
});

function close() {
  if (!source) return;
  source.close();
  source = null;
  mark(false);
}

function open() {
  if (source || reopenTimer || document.hidden || typeof EventSource !== 'function') return;
  source = new EventSource(new URL(STREAM_PATH, location.origin).href);
  source.addEventListener('open', () => mark(true));
  source.addEventListener('timeline', (e) => {
    let event;
    try {
      event = JSON.parse(e.data);
    } catch {
      return;
    }
    for (const fn of [...listeners]) {
      try {
        fn(event);
      } catch (err) {
        console.warn('a live update listener failed', err);
      }
    }
  });
  source.addEventListener('error', () => {
    mark(false);
    // CONNECTING: the browser retries by itself. CLOSED: it gave up; polling carries on alone.
    if (source.readyState === 2) {
      source = null;
      reopenTimer = setTimeout(() => {
        reopenTimer = 0;
        if (listeners.size) open();
      }, REOPEN_MS);
    }
  });
}

function mark(on) {
  document.documentElement.dataset.live = on ? 'on' : 'off';
}

// What is happening to streams now, for every page: one poller of GET /api/events and
// GET /api/streams every 2 s. It keeps which items are playing and which lost their last stream
// with "No stable source is available right now." (pages show both as a status), and shows
// notices: a short one when a stream the user is looking at cuts over to a standby, and one that
// stays until dismissed when a stream closes because no source could serve it. Every server
// string (release names come from NZBs and indexers) is inserted as text.
import { h, setText } from './dom.js';
import { api } from './api.js';
import { poll } from './widgets.js';
import { onTimeline } from './live.js';

export const NO_STABLE_SOURCE = 'No stable source is available right now.';
// The `kind` of a stream-closed event whose stream found no source to serve it.
const NO_SOURCE_KIND = 'no-source';
// The `kind` of a 404 for an item that does not exist (the path itself exists).
const UNKNOWN_ITEM_KIND = 'unknown-item';
// What a cutover event's `kind` says about why the stream left its source.
const CUTOVER_WHY = {
  simulated: ' (a simulated failure)',
  permanent: ' (articles are missing in the release)',
  transient: ' (the release stopped answering)',
};
const POLL_MS = 2000;
const CUTOVER_NOTICE_MS = 8000;
// How far back the status "no stable source" is looked for when the page loads.
const HISTORY_MS = 24 * 3600 * 1000;
const EVENT_PAGE = 1000;

const listeners = new Set();
let playingNow = new Set();
let playingBefore = new Set();
// Item id -> {stream, at}: the stream that closed for want of a source, while nothing has played since.
const noSource = new Map();
// Item id -> its no-source notice element.
const sticky = new Map();
let lastEventId = 0;
let historyLoaded = false;
let demo = null;
let region = null;
let started = false;

/** Starts the poller (once); the notices appear in a region at the bottom of the page. */
export function startNotices() {
  if (started) return;
  started = true;
  region = h('div', { class: 'notices', 'aria-live': 'polite', 'aria-label': 'Notices' });
  document.body.appendChild(region);
  probeDemo();
  const poller = poll(tick, POLL_MS);
  // A cutover or a closed stream shows at once when the server says so.
  onTimeline(() => poller.now());
}

/** Calls `fn` after every poll (and when demo mode is known); returns a function that unsubscribes. */
export function onActivity(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Whether a stream of the item is open now. */
export function isPlaying(itemId) {
  return playingNow.has(Number(itemId));
}

/** Whether the item's last stream closed with "No stable source..." and nothing has played since. */
export function hasNoStableSource(itemId) {
  return noSource.has(Number(itemId));
}

/** Whether POST /api/items/{id}/simulate-failure is offered (the server runs in demo mode). */
export function demoMode() {
  return demo === true;
}

/**
 * Asks the server to make the item's active source fail at its next read (demo mode). A 404 for
 * the path itself means the server is not in demo mode: the buttons go away.
 */
export async function simulateFailure(itemId) {
  try {
    await api('POST', '/api/items/' + itemId + '/simulate-failure');
  } catch (e) {
    if (e.status === 404 && !(e.data && e.data.kind === UNKNOWN_ITEM_KIND)) {
      demo = false;
      notify();
    }
    throw e;
  }
}

// The demo endpoint answers only POST: a GET is refused with 405 where it exists, 404 elsewhere.
async function probeDemo() {
  try {
    await api('GET', '/api/items/0/simulate-failure');
    demo = true;
  } catch (e) {
    demo = e.status === 405;
  }
  notify();
}

function notify() {
  for (const fn of listeners) {
    try {
      fn();
    } catch (e) {
      setTimeout(() => { throw e; });
    }
  }
}

async function tick() {
  let streams = null;
  try {
    const data = await api('GET', '/api/streams');
    streams = Array.isArray(data.streams) ? data.streams : [];
  } catch {
    streams = null;
  }
  if (streams) {
    playingBefore = playingNow;
    playingNow = new Set(streams.map((s) => Number(s.item)));
    for (const s of streams) {
      const closed = noSource.get(Number(s.item));
      if (closed && s.id !== closed.stream && Number(s.bytesSent) > 0) recovered(Number(s.item));
    }
  }
  try {
    await readEvents();
  } catch {
    // The next poll tries again; the pages show their own errors.
  }
  notify();
}

async function readEvents() {
  const since = historyLoaded ? null : new Date(Date.now() - HISTORY_MS).toISOString();
  for (let page = 0; page < 20; page++) {
    const query = { after: String(lastEventId), limit: String(EVENT_PAGE) };
    if (since) query.since = since;
    const data = await api('GET', '/api/events?' + new URLSearchParams(query));
    const events = Array.isArray(data.events) ? data.events : [];
    for (const event of events) {
      lastEventId = Math.max(lastEventId, Number(event.id) || 0);
      handle(event, historyLoaded);
    }
    if (data.next === null || data.next === undefined) break;
  }
  historyLoaded = true;
}

function handle(event, live) {
  const item = Number(event.item);
  const detail = event.detail || {};
  if (event.kind === 'stream-closed' && detail.kind === NO_SOURCE_KIND) {
    noSource.set(item, { stream: event.stream, at: event.at });
    if (live) showNoSource(item);
  } else if (event.kind === 'cutover') {
    recovered(item);
    if (live && watched(item)) showCutover(item, detail);
  } else if (event.kind === 'primary-chosen') {
    recovered(item);
  }
}

function recovered(item) {
  noSource.delete(item);
  const notice = sticky.get(item);
  if (notice) {
    sticky.delete(item);
    notice.remove();
  }
}

// The item the user is looking at, or (on any other page) one that is playing.
function watched(item) {
  const m = location.hash.match(/^#\/items\/([0-9]+)$/);
  if (m) return Number(m[1]) === item;
  return playingNow.has(item) || playingBefore.has(item);
}

async function showCutover(item, detail) {
  let release = 'source ' + detail.to;
  let where = '';
  try {
    const data = await api('GET', '/api/items/' + item);
    const sources = [data.primary, ...(data.standby || []), ...(data.otherSources || [])].filter(Boolean);
    const to = sources.find((s) => s.id === detail.to);
    if (to) release = to.release;
    const file = (data.files || []).find((f) => f.name === detail.file) || (data.files || [])[0];
    if (file && file.size > 0 && typeof detail.offset === 'number') {
      where = ' at ' + percent(detail.offset / file.size) + ' of the file';
    }
  } catch {
    // The notice still says that it switched; the release shows as its id.
  }
  const close = h('button', { type: 'button', class: 'secondary small', 'aria-label': 'Dismiss this notice' }, 'Dismiss');
  const notice = h('div', { class: 'notice notice-cutover', role: 'status', 'data-item': String(item),
    'data-kind': String(detail.kind || '') },
    h('p', { class: 'notice-text' }, 'Switched to a standby: ', h('span', { class: 'notice-release' }, release),
      where, CUTOVER_WHY[detail.kind] || ''),
    h('div', { class: 'notice-actions' }, close));
  close.addEventListener('click', () => notice.remove());
  region.appendChild(notice);
  setTimeout(() => notice.remove(), CUTOVER_NOTICE_MS);
}

function percent(fraction) {
  const p = Math.min(100, Math.max(0, fraction * 100));
  return (p < 10 ? p.toFixed(1) : Math.round(p).toString()) + '%';
}

async function showNoSource(item) {
  if (sticky.has(item)) return;
  const name = h('span', { class: 'notice-release' }, 'Item ' + item);
  const message = h('span', { class: 'action-message', role: 'alert' });
  const search = h('button', { type: 'button', class: 'small' }, 'Search again');
  const dismiss = h('button', { type: 'button', class: 'secondary small' }, 'Dismiss');
  const notice = h('div', { class: 'notice notice-no-source', role: 'alert', 'data-item': String(item) },
    h('p', { class: 'notice-text' }, name, ' stopped: ' + NO_STABLE_SOURCE),
    h('div', { class: 'notice-actions' }, search,
      h('a', { class: 'button secondary small', href: '#/items/' + item }, 'Pick another release'),
      dismiss, message));
  sticky.set(item, notice);
  region.appendChild(notice);
  dismiss.addEventListener('click', () => {
    sticky.delete(item);
    notice.remove();
  });
  search.addEventListener('click', async () => {
    search.disabled = true;
    setText(message, '');
    try {
      await api('POST', '/api/items/' + item + '/research');
      message.className = 'action-message ok';
      setText(message, 'Searching the indexers for other releases…');
    } catch (e) {
      message.className = 'action-message';
      setText(message, 'Search failed: ' + e.message);
      search.disabled = false;
    }
  });
  try {
    const data = await api('GET', '/api/items/' + item);
    setText(name, data.name);
  } catch {
    // The item's number stands in for its name.
  }
}

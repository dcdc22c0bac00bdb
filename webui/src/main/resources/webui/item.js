// The item page (#/items/ID): files with WebDAV URLs and their coverage bars, the primary source, the standby pool and
// other sources with their states, adding a standby from an NZB file, and the event timeline
// (newest first). Polls the item and fetches only events newer than the last one seen.
import { h, setText, formatSize, replaceChildren, timeElement } from './dom.js';
import { api, davUrl } from './api.js';
import {
  confirmDialog, copyButton, detailText, kindWord, pageError, poll, stateBadge, stateWord, tierWord,
} from './widgets.js';
import { uploadControl } from './upload.js';
import { demoMode, hasNoStableSource, isPlaying, onActivity, simulateFailure } from './notices.js';
import { onTimeline } from './live.js';
import { coveragePanel } from './coverage.js';

const POLL_MS = 3000;
const EVENT_PAGE = 500;
const EVENTS_KEPT = 1000;

export function itemPage(main, id) {
  const title = h('h1', { tabindex: '-1' }, 'Item ' + id);
  const badge = h('span', { class: 'head-badge' });
  const error = pageError();
  const removeButton = h('button', { type: 'button', class: 'danger', on: { click: remove } }, 'Delete item');
  const removeMessage = h('span', { class: 'action-message', role: 'alert' });
  const activity = h('span', { class: 'badge', hidden: true });
  const simulateButton = h('button', { type: 'button', class: 'secondary', hidden: true, on: { click: simulate } },
    'Simulate failure');
  const searchButton = h('button', { type: 'button', class: 'secondary small', on: { click: searchAgain } }, 'Search again');
  const searchMessage = h('span', { class: 'action-message', role: 'alert' });
  const crumbName = h('span', { 'aria-current': 'page' }, 'Item ' + id);
  const filesBody = h('tbody', {}, placeholderRow(3, 'Loading…'));
  const refusedBox = h('div', { class: 'refused', hidden: true });
  const coverage = coveragePanel();
  const repairBox = h('p', { class: 'repair-status', role: 'status', hidden: true });
  const primaryBox = h('div', { class: 'source-primary' }, h('p', { class: 'placeholder' }, 'Loading…'));
  const standbyBody = h('tbody', {}, placeholderRow(6, 'Loading…'));
  const othersSection = h('div', { class: 'others', hidden: true });
  const timeline = h('ol', { class: 'timeline', 'aria-live': 'off' });
  const timelineEmpty = h('p', { class: 'placeholder' }, 'Loading events…');
  const timelineError = h('p', { class: 'inline-error', role: 'alert' });
  const events = [];
  let lastEventId = 0;
  let lastItemKey = '';
  let stopped = false;
  let name = '';

  const upload = uploadControl({
    idPrefix: 'standby',
    title: 'Add a standby from an NZB file',
    hint: 'Another release of the same content. It joins the pool as pending and is proved identical before it is used.',
    withName: false,
    item: Number(id),
    onImported: () => refresh(),
  });

  replaceChildren(main,
    h('nav', { class: 'crumbs', 'aria-label': 'Breadcrumb' }, h('a', { href: '#/library' }, 'Library'), ' / ', crumbName),
    h('div', { class: 'page-head' }, title, badge, activity,
      h('div', { class: 'head-actions' }, removeButton, simulateButton, removeMessage)),
    error,
    h('section', { class: 'panel', 'aria-labelledby': 'files-title' },
      h('h2', { id: 'files-title' }, 'Files'),
      h('div', { class: 'table-wrap' }, h('table', { class: 'files' },
        h('colgroup', {}, h('col', { class: 'c-name' }), h('col', { class: 'c-size' }), h('col', { class: 'c-url' })),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Name'), h('th', { scope: 'col', class: 'num' }, 'Size'),
          h('th', { scope: 'col' }, 'WebDAV URL'))),
        filesBody)),
      refusedBox, repairBox, coverage.element),
    h('section', { class: 'panel', 'aria-labelledby': 'sources-title' },
      h('h2', { id: 'sources-title' }, 'Sources'),
      h('h3', {}, 'Primary'), primaryBox,
      h('div', { class: 'sources-head' }, h('h3', {}, 'Standby pool'), searchButton,
        h('a', { href: '#/search?item=' + id, class: 'find-standbys', title: 'Search the indexers yourself and pick standbys' },
          'Pick from a search'),
        searchMessage),
      h('div', { class: 'table-wrap' }, h('table', { class: 'sources' },
        h('colgroup', {}, h('col', { class: 'c-release' }), h('col', { class: 'c-state' }), h('col', { class: 'c-tier' }),
          h('col', { class: 'c-samples' }), h('col', { class: 'c-added' }), h('col', { class: 'c-actions' })),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Release'), h('th', { scope: 'col' }, 'State'),
          h('th', { scope: 'col' }, 'Tier'), h('th', { scope: 'col' }, 'Samples'),
          h('th', { scope: 'col' }, 'Last validation'), h('th', { scope: 'col' }, 'Actions'))),
        standbyBody)),
      othersSection),
    upload,
    h('section', { class: 'panel', 'aria-labelledby': 'timeline-title' },
      h('h2', { id: 'timeline-title' }, 'Timeline'), timelineError, timelineEmpty, timeline));

  async function refresh() {
    if (stopped) return;
    let item;
    try {
      item = await api('GET', '/api/items/' + id);
    } catch (e) {
      if (e.status === 404) {
        stopped = true;
        stop();
        setText(error, 'There is no item ' + id + ' (it may have been deleted).');
        removeButton.disabled = true;
        searchButton.disabled = true;
        return;
      }
      setText(error, 'Cannot load this item: ' + e.message);
      return;
    }
    setText(error, '');
    const key = JSON.stringify(item);
    if (key !== lastItemKey) {
      lastItemKey = key;
      show(item);
    }
    await loadCoverage();
    await loadEvents();
  }

  function show(item) {
    name = item.name;
    setText(title, item.name);
    setText(crumbName, item.name);
    document.title = item.name + ' · NZBMount';
    const primary = item.primary;
    replaceChildren(badge, primary ? stateBadge(primary.state) : null);

    const files = item.files || [];
    replaceChildren(filesBody, files.length === 0 ? placeholderRow(3, 'No media files.') : files.map((f) => {
      const url = davUrl(f.path);
      return h('tr', {},
        h('td', { class: 'file-name' }, f.name),
        h('td', { class: 'num' }, formatSize(f.size), h('span', { class: 'bytes' }, f.size.toLocaleString() + ' bytes')),
        h('td', { class: 'url-cell' }, h('code', { class: 'dav-url', title: url }, url),
          copyButton(url, 'Copy the WebDAV URL of ' + f.name)));
    }));

    // Archives the primary holds that cannot be streamed (compressed, encrypted, missing volumes).
    const refused = item.refused || [];
    refusedBox.hidden = refused.length === 0;
    replaceChildren(refusedBox, refused.length === 0 ? null : [
      h('h3', {}, 'Not playable'),
      h('ul', { class: 'refused-list' }, refused.map((r) => h('li', { class: 'reason', title: r.name }, r.message))),
    ]);

    replaceChildren(primaryBox, primary ? sourceFacts(primary, item.primaryChosenByUser) : h('p', {}, 'No primary source.'));

    const pool = item.standby || [];
    replaceChildren(standbyBody, pool.length === 0
      ? placeholderRow(6, 'No standby releases yet. They are prepared once the item has played for a while; '
        + 'you can also add one from an NZB file below.')
      : pool.map((s) => standbyRow(s, sourceActions(s))));

    const others = item.otherSources || [];
    othersSection.hidden = others.length === 0;
    replaceChildren(othersSection, others.length === 0 ? null : [
      h('h3', {}, 'Failed and dead sources'),
      h('ul', { class: 'other-sources' }, others.map((s) => h('li', {},
        stateBadge(s.state), ' ', h('span', { class: 'release' }, s.release),
        h('span', { class: 'reason' }, s.reason || stateWord(s.state))))),
    ]);
  }

  async function loadCoverage() {
    try {
      coverage.show(await api('GET', '/api/items/' + id + '/coverage'));
      loadRepair();
    } catch (e) {
      coverage.failed(e.message);
    }
  }

  // The PAR2 repair of the primary: its progress while it runs, what it rebuilt, or why it cannot.
  async function loadRepair() {
    let repairs = [];
    try {
      repairs = (await api('GET', '/api/items/' + id + '/repair')).repairs || [];
    } catch (e) {
      repairs = [];
    }
    const r = repairs[0];
    repairBox.hidden = !r;
    if (!r) return;
    const toRead = Math.max(0, r.slicesTotal - r.slicesMissing);
    const words = {
      queued: 'PAR2 repair queued: holes were found.',
      running: 'Repairing from PAR2: ' + r.slicesRead + ' of ' + toRead + ' slices read, '
        + r.slicesMissing + ' to rebuild.',
      done: 'Repaired from PAR2: ' + r.slicesMissing + ' slices rebuilt and checked; they play from the repair store.',
      impossible: 'Cannot repair from PAR2: ' + (r.reason || 'too few recovery slices') + '.',
      'no-par2': 'Holes were found; the release carries no PAR2 files to repair them with.',
      failed: 'PAR2 repair stopped: ' + (r.reason || 'unknown') + '. The next hole found starts it again.',
    };
    setText(repairBox, words[r.state] || ('PAR2 repair: ' + r.state));
  }

  async function loadEvents() {
    let added = [];
    try {
      for (let page = 0; page < 10; page++) {
        const data = await api('GET', '/api/events?' + new URLSearchParams({
          item: id, after: String(lastEventId), limit: String(EVENT_PAGE) }));
        const got = Array.isArray(data.events) ? data.events : [];
        added = added.concat(got);
        if (got.length > 0) lastEventId = got[got.length - 1].id;
        if (data.next === null || data.next === undefined) break;
      }
    } catch (e) {
      setText(timelineError, 'Cannot load the events: ' + e.message);
      return;
    }
    setText(timelineError, '');
    for (const event of added) {
      events.push(event);
      timeline.prepend(eventRow(event));
    }
    while (timeline.children.length > EVENTS_KEPT) timeline.lastElementChild.remove();
    timelineEmpty.hidden = events.length > 0;
    setText(timelineEmpty, 'No events yet.');
  }

  async function remove() {
    const ok = await confirmDialog('Delete “' + name + '”?',
      'The item, its sources and its event history are removed from NZBMount, and its WebDAV folder '
      + 'disappears. Nothing is deleted on Usenet or your indexers.', 'Delete');
    if (!ok) return;
    removeButton.disabled = true;
    setText(removeMessage, '');
    try {
      await api('DELETE', '/api/items/' + id);
      stopped = true;
      stop();
      location.hash = '#/library';
    } catch (e) {
      removeButton.disabled = false;
      setText(removeMessage, 'Delete failed: ' + e.message);
    }
  }

  // "Make primary" for a proved standby, "Remove" for any standby; a refusal shows next to the button.
  function sourceActions(s) {
    const message = h('span', { class: 'action-message', role: 'alert' });
    const buttons = [];
    if (s.state === 'validated') {
      buttons.push(h('button', { type: 'button', class: 'small make-primary', 'aria-label': 'Make ' + s.release + ' the primary',
        on: { click: (e) => act(e.currentTarget, message, () => api('POST', '/api/items/' + id + '/primary',
          JSON.stringify({ source: s.id }))) } }, 'Make primary'));
    }
    buttons.push(h('button', { type: 'button', class: 'secondary small remove-standby', 'aria-label': 'Remove ' + s.release,
      on: { click: async (e) => {
        const button = e.currentTarget;
        const ok = await confirmDialog('Remove “' + s.release + '”?',
          'It leaves the standby pool and is not added again by a later search.', 'Remove');
        if (ok) await act(button, message, () => api('DELETE', '/api/items/' + id + '/sources/' + s.id));
      } } }, 'Remove'));
    return h('div', { class: 'source-actions' }, buttons, message);
  }

  async function act(button, message, call) {
    button.disabled = true;
    setText(message, '');
    try {
      await call();
      lastItemKey = '';
      await refresh();
    } catch (e) {
      button.disabled = false;
      setText(message, e.message);
    }
  }

  async function searchAgain() {
    searchButton.disabled = true;
    searchMessage.className = 'action-message';
    setText(searchMessage, '');
    try {
      await api('POST', '/api/items/' + id + '/research');
      searchMessage.className = 'action-message ok';
      setText(searchMessage, 'Searching the indexers; new standbys appear below.');
    } catch (e) {
      setText(searchMessage, 'Search failed: ' + e.message);
    } finally {
      searchButton.disabled = false;
    }
  }

  async function simulate() {
    setText(removeMessage, '');
    try {
      await simulateFailure(id);
    } catch (e) {
      setText(removeMessage, 'Simulate failure failed: ' + e.message);
    }
    showActivity();
  }

  function showActivity() {
    const playing = isPlaying(id);
    const lost = !playing && hasNoStableSource(id);
    activity.hidden = !playing && !lost;
    setText(activity, playing ? 'Playing' : lost ? 'No stable source' : '');
    const cls = 'badge ' + (playing ? 'activity-playing' : 'activity-no-source');
    if (activity.className !== cls) activity.className = cls;
    simulateButton.hidden = !(playing && demoMode());
  }

  const unsubscribe = onActivity(showActivity);
  showActivity();
  const stop = poll(refresh, POLL_MS);
  const unlive = onTimeline((event) => {
    if (event && event.item === Number(id)) stop.now();
  });
  return { title: 'Item', dispose: () => { stopped = true; stop(); unsubscribe(); unlive(); } };
}

// One standby of the pool: its proof (validation) when NZBMount has started one, else the source's own state.
function standbyRow(s, actions) {
  const v = s.validation || null;
  const reason = (v && v.reason) || s.reason;
  const tier = v && v.tier !== null && v.tier !== undefined ? v.tier : s.tier;
  const total = v ? Number(v.samplesTotal) || 0 : 0;
  const done = v ? Math.min(Number(v.samplesDone) || 0, total) : 0;
  const samples = v && total > 0
    ? h('td', { class: 'samples', 'data-label': 'Samples' },
      h('progress', { max: String(total), value: String(done), 'aria-label': 'Samples compared for ' + s.release }),
      h('span', { class: 'samples-count' }, done + ' / ' + total))
    : h('td', { class: 'samples placeholder', 'data-label': 'Samples' }, '—');
  return h('tr', { class: 'standby', 'data-id': String(s.id) },
    h('td', { class: 'release' }, s.release, reason ? h('span', { class: 'reason' }, reason) : null),
    h('td', { class: 'standby-state', 'data-label': 'State' }, stateBadge(s.state),
      v ? h('span', { class: 'validation-state validation-' + String(v.state).replace(/[^a-z-]/g, '') }, validationWord(v.state)) : null),
    h('td', { class: 'tier', 'data-label': 'Tier' }, tierWord(tier)),
    samples,
    h('td', { class: 'last-validation', 'data-label': 'Last validation' }, v && v.lastValidation ? timeElement(v.lastValidation) : 'Not yet',
      v && v.nextAttempt ? h('span', { class: 'reason' }, 'next try ', timeElement(v.nextAttempt)) : null),
    h('td', { class: 'actions' }, actions));
}

const VALIDATION_WORDS = {
  pending: 'Not tried yet',
  validating: 'Comparing samples',
  verified: 'Verified',
  mismatch: 'Mismatch',
  inconclusive: 'Inconclusive',
  dead: 'Dead',
};

function validationWord(state) {
  return VALIDATION_WORDS[state] || String(state || '');
}

function sourceFacts(s, byUser) {
  const presence = s.presence
    ? s.presence.checked + ' articles checked, ' + s.presence.missing + ' missing'
    : '—';
  const rows = [
    ['Release', s.release],
    ['State', stateBadge(s.state)],
    ['Chosen', byUser ? 'By you' : 'Automatically'],
    ['Posted', timeElement(s.posted)],
    ['Added', timeElement(s.added)],
    ['Articles at import', presence],
  ];
  if (s.reason) rows.push(['Reason', s.reason]);
  if (s.link) rows.push(['Indexer link', h('code', {}, s.link)]);
  return h('dl', { class: 'facts wide' }, rows.map(([k, v]) => h('div', {}, h('dt', {}, k), h('dd', {}, v))));
}

function eventRow(event) {
  return h('li', { class: 'event kind-' + String(event.kind).replace(/[^a-z0-9-]/gi, '') },
    h('div', { class: 'event-head' },
      h('span', { class: 'event-kind' }, kindWord(event.kind)),
      timeElement(event.at),
      event.stream ? h('span', { class: 'event-stream' }, 'stream ' + event.stream) : null),
    h('p', { class: 'event-detail' }, detailText(event.detail)));
}

function placeholderRow(columns, text) {
  return h('tr', { class: 'placeholder' }, h('td', { colspan: String(columns) }, text));
}

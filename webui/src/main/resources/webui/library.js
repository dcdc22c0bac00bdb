// The library page: one page of items (PAGE_SIZE, in name order) as cards with their state, file
// count, size and the WebDAV URL of each file; a search the server runs over the whole library;
// import by upload or drag and drop; delete with confirmation. Polls the API for the page shown and
// updates cards in place (keyed by item id), so nothing flickers or loses focus.
import { h, setText, setAttr, formatSize, replaceChildren, timeElement } from './dom.js';
import { api, davUrl, summaryOf } from './api.js';
import { copyButton, confirmDialog, pageError, pageHead, poll, stateBadge, updateStateBadge } from './widgets.js';
import { uploadControl } from './upload.js';
import { onTimeline } from './live.js';
import { demoMode, hasNoStableSource, isPlaying, onActivity, simulateFailure } from './notices.js';

const POLL_MS = 3000;
// What a first-time visitor of the demo can try (the console prints the same sentence).
export const DEMO_HINT = 'Try it: copy the WebDAV URL of the Demo Clock film into a media player (Kodi, VLC, mpv),'
  + ' then press Simulate failure on its page while it plays: the film goes on from a standby.';
const FILES_SHOWN = 4;
// Items on one page: a library of 20,000 shows its first page at once, and only its cards' details are asked.
export const PAGE_SIZE = 50;
const SEARCH_DELAY_MS = 250;
const EMPTY_LIBRARY = 'No items yet. Import an NZB above, drop one into the watch folder, or PUT it into /dav/nzbs/.';

export function libraryPage(main) {
  const cards = new Map();
  // The pool's ceiling (fallback.maxStandby); 5, the hard ceiling, until the settings say otherwise.
  let maxStandby = 5;
  api('GET', '/api/settings').then((s) => {
    const n = s && s.fallback ? s.fallback.maxStandby : undefined;
    if (Number.isInteger(n)) {
      maxStandby = n;
      for (const card of cards.values()) showStandby(card);
    }
  }, () => {});
  const summary = h('p', { class: 'sub' }, ' ');
  let offset = 0;
  let query = '';
  let total = 0;
  let asked = 0;
  const error = pageError();
  const notice = h('p', { class: 'page-notice', role: 'status' });
  const list = h('ul', { class: 'items', 'aria-labelledby': 'library-items-title', 'aria-busy': 'true' });
  const empty = h('p', { class: 'empty', hidden: true }, EMPTY_LIBRARY);
  const loading = h('p', { class: 'loading' }, 'Loading the library…');
  const demoHint = h('p', { class: 'demo-hint', hidden: true }, DEMO_HINT);

  const upload = uploadControl({
    idPrefix: 'import',
    title: 'Import an NZB',
    hint: 'The release is checked (files, sizes, a sample of articles) before it is added.',
    onImported: (item) => {
      const card = cards.get(item.id);
      if (card) {
        card.detailKey = null;
        showFiles(card, item);
        card.detailKey = JSON.stringify(summaryOf(item));
      }
      stop.now();
    },
  });

  const search = h('input', { type: 'search', id: 'library-search', class: 'library-search', autocomplete: 'off',
    placeholder: 'Search the library', 'aria-label': 'Search the library by name' });
  let searchTimer = 0;
  search.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => {
      const q = search.value.trim();
      if (q === query) return;
      query = q;
      offset = 0;
      stop.now();
    }, SEARCH_DELAY_MS);
  });
  const previous = h('button', { type: 'button', class: 'secondary small', id: 'library-previous',
    on: { click: () => turn(-PAGE_SIZE) } }, 'Previous');
  const next = h('button', { type: 'button', class: 'secondary small', id: 'library-next',
    on: { click: () => turn(PAGE_SIZE) } }, 'Next');
  const position = h('span', { class: 'pager-position', role: 'status' });
  const pager = h('nav', { class: 'pager', 'aria-label': 'Library pages', hidden: true }, previous, position, next);

  function turn(by) {
    offset = Math.max(0, offset + by);
    stop.now();
  }

  replaceChildren(main,
    pageHead('Library', summary),
    demoHint,
    error,
    upload,
    h('section', { class: 'library', 'aria-labelledby': 'library-items-title' },
      h('div', { class: 'section-head' }, h('h2', { id: 'library-items-title' }, 'Items'), search, notice),
      loading, list, empty, pager));

  async function refresh() {
    const mine = ++asked;
    const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) });
    if (query) params.set('q', query);
    let data;
    try {
      data = await api('GET', '/api/items?' + params);
    } catch (e) {
      setText(error, 'Cannot load the library: ' + e.message);
      return;
    }
    // A newer search or page was asked for while this one was on its way: that one is shown.
    if (mine !== asked) return;
    total = Number.isInteger(data.total) ? data.total : 0;
    if (offset > 0 && offset >= total) {
      // The page emptied (items deleted elsewhere): show the last page there is.
      offset = Math.max(0, Math.floor((total - 1) / PAGE_SIZE) * PAGE_SIZE);
      return refresh();
    }
    setText(error, '');
    loading.hidden = true;
    list.removeAttribute('aria-busy');
    const items = Array.isArray(data.items) ? data.items : [];
    const seen = new Set(items.map((i) => i.id));
    for (const [id, card] of cards) {
      if (!seen.has(id) && !card.deleting) {
        card.el.remove();
        cards.delete(id);
      }
    }
    for (const item of items) upsert(item);
    placeAll(items);
    await Promise.all(items.map((i) => loadFiles(cards.get(i.id))));
  }

  function placeAll(items) {
    let previousEl = null;
    for (const item of items) {
      const card = cards.get(item.id);
      if (!card) continue;
      const wanted = previousEl ? previousEl.nextSibling : list.firstChild;
      if (wanted !== card.el) list.insertBefore(card.el, wanted);
      previousEl = card.el;
    }
    empty.hidden = total > 0;
    setText(empty, query ? 'No item matches “' + query + '”.' : EMPTY_LIBRARY);
    const counted = total + (total === 1 ? ' item' : ' items');
    setText(summary, total === 0 && !query ? 'Nothing imported yet' : query ? counted + ' match “' + query + '”' : counted);
    pager.hidden = total <= PAGE_SIZE && offset === 0;
    previous.disabled = offset === 0;
    next.disabled = offset + PAGE_SIZE >= total;
    setText(position, total === 0 ? '' : (offset + 1) + '–' + Math.min(offset + PAGE_SIZE, total) + ' of ' + total);
  }

  function upsert(item) {
    let card = cards.get(item.id);
    if (!card) {
      card = makeCard(item);
      cards.set(item.id, card);
    }
    card.summary = item;
    const r = card.refs;
    setText(r.name, item.name);
    setAttr(r.name, 'href', '#/items/' + item.id);
    updateStateBadge(r.state, item.primaryState);
    showStandby(card);
    setText(r.files, String(item.files));
    setText(r.size, formatSize(item.size));
    if (r.created.getAttribute('datetime') !== item.created) r.created.replaceWith(r.created = timeElement(item.created));
    setAttr(r.remove, 'aria-label', 'Delete ' + item.name);
    return card;
  }

  // "Standby ready n/max": n proved identical (validated) of the pool's ceiling. The count of
  // validated standbys comes from the item's detail; until that is loaded the pool size is shown.
  function showStandby(card) {
    const r = card.refs;
    const pool = card.summary.standby;
    let text;
    let title = '';
    if (!pool) text = 'No standby';
    else if (card.ready === null) text = pool + ' standby';
    else {
      text = 'Standby ready ' + card.ready + '/' + maxStandby;
      const waiting = pool - card.ready;
      title = card.ready + ' proved identical to the primary' + (waiting > 0 ? ', ' + waiting + ' still being checked' : '');
    }
    setText(r.standby, text);
    setAttr(r.standby, 'title', title || null);
    const cls = 'badge standby ' + (!pool ? 'standby-none' : card.ready > 0 ? 'standby-ready' : 'standby-some');
    if (r.standby.className !== cls) r.standby.className = cls;
  }

  function makeCard(item) {
    const refs = {
      name: h('a', { class: 'item-name' }),
      state: stateBadge(item.primaryState),
      standby: h('span', { class: 'badge' }),
      files: h('dd'),
      size: h('dd'),
      created: h('time'),
      fileList: h('ul', { class: 'dav-files' }, h('li', { class: 'placeholder' }, 'Loading files…')),
      message: h('span', { class: 'action-message', role: 'alert' }),
      activity: h('span', { class: 'badge', hidden: true }),
    };
    refs.simulate = h('button', { type: 'button', class: 'secondary small simulate', hidden: true,
      on: { click: () => simulate(card) } }, 'Simulate failure');
    refs.remove = h('button', { type: 'button', class: 'danger small', on: { click: () => remove(card) } }, 'Delete');
    const el = h('li', { class: 'item-card', 'data-id': String(item.id) },
      h('div', { class: 'item-head' }, h('h3', {}, refs.name), h('div', { class: 'badges' }, refs.state, refs.activity, refs.standby)),
      h('dl', { class: 'facts' },
        h('div', {}, h('dt', {}, 'Files'), refs.files),
        h('div', {}, h('dt', {}, 'Size'), refs.size),
        h('div', {}, h('dt', {}, 'Added'), h('dd', {}, refs.created))),
      refs.fileList,
      h('div', { class: 'item-actions' },
        h('a', { class: 'button secondary small', href: '#/items/' + item.id }, 'Details'),
        refs.simulate, refs.remove, refs.message));
    const card = { el, refs, summary: item, detailKey: null, deleting: false, ready: null, checking: false };
    showActivity(card);
    return card;
  }

  // The listing has no file names: each item's detail is fetched when its summary changes.
  async function loadFiles(card) {
    if (!card) return;
    const key = JSON.stringify(card.summary);
    // A standby's proof changes nothing in the listing: while one is being checked, ask again.
    if (card.detailKey === key && !card.checking) return;
    try {
      const item = await api('GET', '/api/items/' + card.summary.id);
      card.detailKey = key;
      showFiles(card, item);
    } catch (e) {
      if (e.status === 404) return;
      replaceChildren(card.refs.fileList, h('li', { class: 'error' }, 'Cannot load the files: ' + e.message));
    }
  }

  function showFiles(card, item) {
    const pool = Array.isArray(item.standby) ? item.standby : [];
    card.ready = pool.filter((s) => s.state === 'validated').length;
    card.checking = pool.some((s) => s.state !== 'validated');
    showStandby(card);
    const key = JSON.stringify(item);
    if (card.shownKey === key) return;
    card.shownKey = key;
    const files = item.files || [];
    const rows = files.slice(0, FILES_SHOWN).map((f) => {
      const url = davUrl(f.path);
      return h('li', {},
        h('span', { class: 'file-name' }, f.name),
        h('span', { class: 'file-size' }, formatSize(f.size)),
        h('code', { class: 'dav-url', title: url }, url),
        copyButton(url, 'Copy the WebDAV URL of ' + f.name));
    });
    if (files.length > FILES_SHOWN) {
      rows.push(h('li', { class: 'more' }, h('a', { href: '#/items/' + item.id },
        'and ' + (files.length - FILES_SHOWN) + ' more files')));
    }
    if (files.length === 0) rows.push(h('li', { class: 'placeholder' }, 'No media files.'));
    replaceChildren(card.refs.fileList, rows);
  }

  async function remove(card) {
    const name = card.summary.name;
    const ok = await confirmDialog('Delete “' + name + '”?',
      'The item, its sources and its event history are removed from NZBMount, and its WebDAV folder '
      + 'disappears. Nothing is deleted on Usenet or your indexers.', 'Delete');
    if (!ok) return;
    card.deleting = true;
    card.refs.remove.disabled = true;
    setText(card.refs.remove, 'Deleting…');
    setText(card.refs.message, '');
    try {
      await api('DELETE', '/api/items/' + card.summary.id);
      card.el.remove();
      cards.delete(card.summary.id);
      setText(notice, 'Deleted “' + name + '”.');
      stop.now();
    } catch (e) {
      card.deleting = false;
      card.refs.remove.disabled = false;
      setText(card.refs.remove, 'Delete');
      setText(card.refs.message, 'Delete failed: ' + e.message);
      if (e.status === 404) refresh();
    }
  }

  // "Playing" while a stream of the item is open; "No stable source" when its last stream closed
  // for want of one and nothing has played since.
  function showActivity(card) {
    const r = card.refs;
    const id = card.summary.id;
    const playing = isPlaying(id);
    const lost = !playing && hasNoStableSource(id);
    r.activity.hidden = !playing && !lost;
    setText(r.activity, playing ? 'Playing' : lost ? 'No stable source' : '');
    const cls = 'badge ' + (playing ? 'activity-playing' : 'activity-no-source');
    if (r.activity.className !== cls) r.activity.className = cls;
    r.simulate.hidden = !(playing && demoMode());
    setAttr(r.simulate, 'aria-label', 'Simulate a failure of ' + card.summary.name);
  }

  async function simulate(card) {
    setText(card.refs.message, '');
    try {
      await simulateFailure(card.summary.id);
    } catch (e) {
      setText(card.refs.message, 'Simulate failure failed: ' + e.message);
    }
    showActivity(card);
  }

  const unsubscribe = onActivity(() => {
    demoHint.hidden = !demoMode();
    for (const card of cards.values()) showActivity(card);
  });
  const stop = poll(refresh, POLL_MS);
  const unlive = onTimeline(() => stop.now());
  return { title: 'Library', dispose: () => { stop(); unsubscribe(); unlive(); } };
}

// The search page (#/search): asks every configured indexer (GET /api/search) and lists the
// results; "Add to library" makes an item from one (POST /api/items). Opened for an item
// (#/search?item=ID, from the item page) it shows each result's tier against that item's primary
// and "Add as standby" puts a result in the item's pool (POST /api/items/ID/sources), where it is
// proved like any standby. Release names come from indexers, so from anyone: they are only ever
// set as text.
import { h, setText, formatSize, replaceChildren } from './dom.js';
import { api } from './api.js';
import { pageHead, tierWord } from './widgets.js';

const TYPES = [
  ['search', 'All categories'],
  ['tv', 'TV episode'],
  ['movie', 'Movie'],
];

export function searchPage(main, params = new URLSearchParams()) {
  const itemId = /^[1-9][0-9]{0,17}$/.test(params.get('item') || '') ? params.get('item') : null;
  const query = h('input', { type: 'search', id: 'search-q', name: 'q', autocomplete: 'off', required: true,
    placeholder: 'Title, e.g. Some Film 2020' });
  const type = h('select', { id: 'search-type', name: 'type' }, TYPES.map(([v, label]) => h('option', { value: v }, label)));
  const season = h('input', { type: 'number', id: 'search-season', name: 'season', min: '0', max: '9999', inputmode: 'numeric' });
  const episode = h('input', { type: 'number', id: 'search-ep', name: 'ep', min: '0', max: '99999', inputmode: 'numeric' });
  const tvFields = h('div', { class: 'search-tv', hidden: true },
    field('search-season', 'Season', season), field('search-ep', 'Episode', episode));
  const submit = h('button', { type: 'submit', id: 'search-submit' }, 'Search');
  const formError = h('p', { class: 'inline-error', id: 'search-error', role: 'alert' });
  const status = h('p', { class: 'search-status', role: 'status' });
  const notice = h('p', { class: 'page-notice search-notice', role: 'status' });
  const indexerErrors = h('ul', { class: 'indexer-errors', 'aria-label': 'Indexers that failed', hidden: true });
  const body = h('tbody', {}, placeholderRow('Search your indexers to see releases here.'));
  // For an item: whom the results are measured against, and a way back.
  const forItem = h('p', { class: 'search-for-item', hidden: !itemId });
  let generation = 0;
  let live = true;

  const form = h('form', { class: 'panel search-form', role: 'search', 'aria-label': 'Search the indexers',
    on: { submit: (e) => { e.preventDefault(); run(); } } },
  h('div', { class: 'search-row' },
    field('search-q', 'Search for', query, 'grow'),
    field('search-type', 'Type', type),
    tvFields,
    h('div', { class: 'search-submit' }, submit)),
  formError);

  type.addEventListener('change', () => {
    tvFields.hidden = type.value !== 'tv';
  });

  replaceChildren(main,
    pageHead(itemId ? 'Find standbys' : 'Search'),
    forItem,
    form,
    h('section', { class: 'panel', 'aria-labelledby': 'results-title' },
      h('div', { class: 'section-head' }, h('h2', { id: 'results-title' }, 'Results'), status),
      notice,
      indexerErrors,
      h('div', { class: 'table-wrap' }, h('table', { class: 'results' },
        h('colgroup', {}, h('col', { class: 'c-title' }), h('col', { class: 'c-rsize' }), h('col', { class: 'c-age' }),
          h('col', { class: 'c-group' }), h('col', { class: 'c-res' }), h('col', { class: 'c-codec' }),
          itemId ? h('col', { class: 'c-rtier' }) : null,
          h('col', { class: 'c-indexer' }), h('col', { class: 'c-action' })),
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col' }, 'Title'), h('th', { scope: 'col', class: 'num' }, 'Size'),
          h('th', { scope: 'col' }, 'Age'), h('th', { scope: 'col' }, 'Group'),
          h('th', { scope: 'col', title: 'Read from the release name' }, 'Resolution'),
          h('th', { scope: 'col', title: 'Read from the release name' }, 'Codec'),
          itemId ? h('th', { scope: 'col', title: 'How likely its bytes equal the primary\u2019s, from the names and sizes' },
            'Tier') : null,
          h('th', { scope: 'col' }, 'Indexer'), h('th', { scope: 'col' }, h('span', { class: 'offscreen' }, 'Action')))),
        body))));

  if (itemId) loadItem();

  async function loadItem() {
    try {
      const item = await api('GET', '/api/items/' + itemId);
      if (!live) return;
      const release = String((item.primary && item.primary.release) || '');
      replaceChildren(forItem, 'Results are ranked against the primary of ',
        h('a', { href: '#/items/' + itemId, class: 'for-item-link' }, String(item.name)),
        release && release !== String(item.name) ? [' (', h('span', { class: 'for-item-primary' }, release), ')'] : null,
        '. “Add as standby” puts a release in its pool, where it is proved identical before it is used.');
      if (!query.value) prefill(item.search, String(item.name));
    } catch (e) {
      if (!live) return;
      setText(forItem, 'Item ' + itemId + ' cannot be loaded: ' + e.message);
      forItem.classList.add('inline-error');
    }
  }

  // The search the pool makes for the item (`search` in GET /api/items/ID), or its name.
  function prefill(search, name) {
    if (!search || typeof search.q !== 'string') {
      query.value = name;
      return;
    }
    query.value = search.q;
    type.value = ['search', 'tv', 'movie'].includes(search.type) ? search.type : 'search';
    season.value = Number.isInteger(search.season) ? String(search.season) : '';
    episode.value = Number.isInteger(search.ep) ? String(search.ep) : '';
    tvFields.hidden = type.value !== 'tv';
  }

  async function run() {
    const q = query.value.trim();
    setText(formError, '');
    if (!q) {
      setText(formError, 'Type what to search for.');
      query.focus();
      return;
    }
    const params = new URLSearchParams({ q, type: type.value });
    if (itemId) params.set('item', itemId);
    if (type.value === 'tv') {
      if (season.value !== '') params.set('season', season.value);
      if (episode.value !== '') params.set('ep', episode.value);
    }
    const mine = ++generation;
    submit.disabled = true;
    setText(submit, 'Searching…');
    setText(status, 'Searching…');
    setText(notice, '');
    let data;
    try {
      data = await api('GET', '/api/search?' + params);
    } catch (e) {
      if (!live || mine !== generation) return;
      setText(formError, 'Search failed: ' + e.message);
      setText(status, '');
      return;
    } finally {
      if (live && mine === generation) {
        submit.disabled = false;
        setText(submit, 'Search');
      }
    }
    if (!live || mine !== generation) return;
    show(data, q);
  }

  function show(data, q) {
    const results = Array.isArray(data.results) ? data.results : [];
    const errors = data.errors && typeof data.errors === 'object' ? Object.entries(data.errors) : [];
    indexerErrors.hidden = errors.length === 0;
    replaceChildren(indexerErrors, errors.map(([name, message]) => h('li', {},
      h('strong', {}, name), ': ', String(message))));
    setText(status, results.length === 1 ? '1 result' : results.length + ' results');
    replaceChildren(body, results.length === 0
      ? placeholderRow('Nothing found for “' + q + '”.')
      : results.map(resultRow));
  }

  function resultRow(r) {
    const message = h('span', { class: 'row-message', role: 'alert' });
    let add;
    if (!itemId) {
      add = h('button', { type: 'button', class: 'small add-result', 'aria-label': 'Add ' + r.title + ' to the library' },
        'Add to library');
      add.addEventListener('click', () => pick(r, add, message));
    } else if (r.standing === 'source') {
      add = h('span', { class: 'result-standing' }, 'Already a source');
    } else if (r.standing === 'dead') {
      add = h('span', { class: 'result-standing', title: 'It failed before (missing articles, different bytes or removed by you)' },
        'Failed before');
    } else {
      add = h('button', { type: 'button', class: 'small add-standby', 'aria-label': 'Add ' + r.title + ' as a standby' },
        'Add as standby');
      add.addEventListener('click', () => addStandby(r, add, message));
    }
    const traits = releaseTraits(r.release);
    return h('tr', { class: 'result' },
      h('td', { class: 'result-title', 'data-label': 'Title' }, r.title),
      h('td', { class: 'num', 'data-label': 'Size' }, r.size === null || r.size === undefined ? '—' : formatSize(r.size)),
      h('td', { 'data-label': 'Age' }, r.posted ? h('time', { datetime: r.posted, title: r.posted }, formatAgeShort(r.posted)) : '—'),
      h('td', { class: 'result-group', 'data-label': 'Group' }, r.group || '—'),
      h('td', { 'data-label': 'Resolution' }, traits.resolution || '—'),
      h('td', { 'data-label': 'Codec' }, traits.codec || '—'),
      itemId ? h('td', { class: 'result-tier', 'data-label': 'Tier', 'data-tier': r.tier === null ? '' : String(r.tier) },
        r.tier === null || r.tier === undefined ? 'Other content' : tierWord(r.tier)) : null,
      h('td', { 'data-label': 'Indexer' }, r.indexer),
      h('td', { class: 'result-cell' }, h('div', { class: 'result-action' }, add, message)));
  }

  async function pick(r, button, message) {
    button.disabled = true;
    setText(button, 'Adding…');
    setText(message, '');
    message.className = 'row-message';
    const body = { indexer: r.indexer };
    if (r.guid) body.guid = r.guid;
    else body.link = r.link;
    try {
      const item = await api('POST', '/api/items', JSON.stringify(body));
      if (!live) return;
      setText(button, 'Added');
      message.className = 'row-message ok';
      replaceChildren(message, h('a', { href: '#/items/' + item.id }, 'Open'));
      replaceChildren(notice, 'Added “', String(item.name), '” to the library. ',
        h('a', { href: '#/items/' + item.id, class: 'new-item' }, 'Open the item'));
    } catch (e) {
      if (!live) return;
      button.disabled = false;
      setText(button, 'Add to library');
      message.className = 'row-message error';
      setText(message, e.message);
    }
  }

  async function addStandby(r, button, message) {
    button.disabled = true;
    setText(button, 'Adding…');
    setText(message, '');
    message.className = 'row-message';
    const body = { indexer: r.indexer };
    if (r.guid) body.guid = r.guid;
    else body.link = r.link;
    try {
      await api('POST', '/api/items/' + itemId + '/sources', JSON.stringify(body));
      if (!live) return;
      setText(button, 'Added');
      message.className = 'row-message ok';
      replaceChildren(message, 'Being proved. ', h('a', { href: '#/items/' + itemId }, 'Watch it'));
    } catch (e) {
      if (!live) return;
      button.disabled = false;
      setText(button, 'Add as standby');
      message.className = 'row-message error';
      setText(message, e.message);
    }
  }

  return { title: itemId ? 'Find standbys' : 'Search', dispose: () => { live = false; } };
}

function field(id, label, control, extra) {
  return h('div', { class: 'field' + (extra ? ' ' + extra : '') }, h('label', { for: id }, label), control);
}

function placeholderRow(text) {
  return h('tr', { class: 'placeholder' }, h('td', { colspan: '9' }, text));
}

// How the search API's release words (`release.resolution`, `release.codec`) are shown.
const CODEC_LABELS = {
  avc: 'H.264', hevc: 'HEVC', av1: 'AV1', vp9: 'VP9', xvid: 'XviD', divx: 'DivX', mpeg2: 'MPEG-2', vc1: 'VC-1',
};

/**
 * Resolution and video codec of a search result, as the server read them from the release name
 * (`release` in the answer, docs/api.md). Null for what the name does not say.
 */
export function releaseTraits(release) {
  const r = release && typeof release === 'object' ? release : {};
  const resolution = typeof r.resolution === 'string' && r.resolution
    ? (r.resolution === 'sd' ? 'SD' : r.resolution) : null;
  const codec = typeof r.codec === 'string' && r.codec ? (CODEC_LABELS[r.codec] || r.codec.toUpperCase()) : null;
  return { resolution, codec };
}

/** How long ago an ISO instant was, in the unit indexers use: "5 h", "3 d", "2 y". */
export function formatAgeShort(iso, now = Date.now()) {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '—';
  const minutes = Math.max(0, Math.round((now - t) / 60000));
  if (minutes < 60) return minutes + ' min';
  const hours = Math.round(minutes / 60);
  if (hours < 48) return hours + ' h';
  const days = Math.round(hours / 24);
  if (days < 730) return days + ' d';
  return (days / 365.25).toFixed(1) + ' y';
}

// The streams page (#/streams): every response being served now (GET /api/streams), polled every
// 2 s. Cards are keyed by stream id and updated in place, so nothing flickers or jumps.
import { h, setText, setAttr, formatSize, replaceChildren } from './dom.js';
import { api } from './api.js';
import { pageError, pageHead, poll } from './widgets.js';
import { onTimeline } from './live.js';

const POLL_MS = 2000;

export function streamsPage(main) {
  const error = pageError();
  const summary = h('p', { class: 'sub' }, ' ');
  const list = h('ul', { class: 'streams', 'aria-label': 'Open streams', 'aria-busy': 'true' });
  const empty = h('div', { class: 'panel empty-state', hidden: true },
    h('h2', {}, 'Nothing is playing'),
    h('p', {}, 'When a player reads a file from the WebDAV drive, the stream shows up here with its position, '
      + 'speed and source, updated every 2 seconds.'));
  const loading = h('p', { class: 'loading' }, 'Loading the streams…');
  const cards = new Map();
  // File sizes by item id (the stream view has the response length, not the file's size).
  const fileSizes = new Map();
  let live = true;

  replaceChildren(main, pageHead('Streams', summary), error, loading, empty, list);

  async function refresh() {
    let data;
    try {
      data = await api('GET', '/api/streams');
    } catch (e) {
      if (live) setText(error, 'Cannot load the streams: ' + e.message);
      return;
    }
    if (!live) return;
    setText(error, '');
    loading.hidden = true;
    list.removeAttribute('aria-busy');
    const streams = Array.isArray(data.streams) ? data.streams : [];
    await Promise.all([...new Set(streams.map((s) => s.item))].map(learnSizes));
    if (!live) return;
    const seen = new Set(streams.map((s) => s.id));
    for (const [id, card] of cards) {
      if (!seen.has(id)) {
        card.el.remove();
        cards.delete(id);
      }
    }
    let previous = null;
    for (const s of streams) {
      let card = cards.get(s.id);
      if (!card) {
        card = makeCard(s);
        cards.set(s.id, card);
      }
      update(card, s, fileSizes.get(s.item));
      const wanted = previous ? previous.nextSibling : list.firstChild;
      if (wanted !== card.el) list.insertBefore(card.el, wanted);
      previous = card.el;
    }
    empty.hidden = streams.length > 0;
    setText(summary, streams.length === 0 ? 'Nothing playing'
      : streams.length + (streams.length === 1 ? ' open stream' : ' open streams'));
  }

  async function learnSizes(itemId) {
    if (itemId === null || itemId === undefined || fileSizes.has(itemId)) return;
    try {
      const item = await api('GET', '/api/items/' + itemId);
      fileSizes.set(itemId, new Map((item.files || []).map((f) => [f.name, f.size])));
    } catch {
      // Without the file's size the position is shown against the response instead.
      fileSizes.set(itemId, new Map());
    }
  }

  const stop = poll(refresh, POLL_MS);
  const unlive = onTimeline((event) => {
    if (event && event.stream) stop.now();
  });
  return { title: 'Streams', dispose: () => { live = false; stop(); unlive(); } };
}

function fact(label, value, extra) {
  return h('div', { class: extra || null }, h('dt', {}, label), value);
}

function makeCard(s) {
  const r = {
    item: h('a', { class: 'stream-item' }),
    file: h('span', { class: 'stream-file' }),
    client: h('span', { class: 'stream-client' }),
    source: h('span', { class: 'badge' }),
    bar: h('div', { class: 'bar', role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': '100' },
      h('span', { class: 'bar-fill' })),
    position: h('dd', { class: 'stream-position' }),
    throughput: h('dd', { class: 'stream-throughput' }),
    readAhead: h('dd', { class: 'stream-readahead' }),
    sourceName: h('dd', { class: 'stream-source' }),
    retries: h('dd', { class: 'stream-retries' }),
    stall: h('dd', { class: 'stream-stall' }),
    cutovers: h('dd', { class: 'stream-cutovers' }),
  };
  r.readAheadBar = h('div', { class: 'bar small-bar', role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': '100' },
    h('span', { class: 'bar-fill' }));
  const el = h('li', { class: 'stream-card', 'data-id': String(s.id) },
    h('div', { class: 'stream-head' },
      h('h2', {}, r.item), r.source),
    h('p', { class: 'stream-sub' }, r.file, h('span', { 'aria-hidden': 'true' }, ' · '), r.client),
    r.bar,
    h('dl', { class: 'facts stream-facts' },
      fact('Position', r.position, 'wide-fact'),
      fact('Throughput', r.throughput),
      fact('Read-ahead', h('dd', {}, r.readAheadBar, r.readAhead)),
      fact('Source', r.sourceName),
      fact('Retries', r.retries),
      fact('Stalled', r.stall),
      fact('Cutovers', r.cutovers)));
  return { el, refs: r };
}

function update(card, s, sizes) {
  const r = card.refs;
  setText(r.item, s.itemName || (s.item ? 'Item ' + s.item : 'Unknown item'));
  setAttr(r.item, 'href', s.item ? '#/items/' + s.item : null);
  setText(r.file, s.file || '');
  setText(r.client, s.client ? 'client ' + s.client : 'client not reported');
  const fileSize = sizes && sizes.has(s.file) ? sizes.get(s.file) : null;
  const offset = Number(s.offset) || 0;
  let fraction;
  let of;
  if (fileSize) {
    fraction = offset / fileSize;
    of = ' of the file (byte ' + offset.toLocaleString() + ' of ' + fileSize.toLocaleString() + ')';
  } else {
    const start = Number(s.startOffset) || 0;
    fraction = s.length > 0 ? (offset - start) / s.length : 0;
    of = ' of the response (byte ' + offset.toLocaleString() + ')';
  }
  const percent = Math.max(0, Math.min(100, fraction * 100));
  setText(r.position, percent.toFixed(1) + '%' + of);
  setBar(r.bar, percent, 'Position in the file');
  setText(r.throughput, formatSize(Number(s.bytesPerSecond) || 0) + '/s · ' + formatSize(Number(s.bytesSent) || 0) + ' sent');
  const ra = s.readAhead;
  if (ra && typeof ra.fill === 'number') {
    setBar(r.readAheadBar, ra.fill * 100, 'Read-ahead fill');
    r.readAheadBar.hidden = false;
    setText(r.readAhead, Math.round(ra.fill * 100) + '% · ' + ra.ready + ' of ' + ra.window + ' ready, ' + ra.fetching + ' fetching');
  } else {
    r.readAheadBar.hidden = true;
    setText(r.readAhead, 'Not known');
  }
  setText(r.source, s.onStandby ? 'On a standby' : 'Primary');
  r.source.className = 'badge ' + (s.onStandby ? 'state-pending' : 'state-ready');
  setText(r.sourceName, s.source ? '#' + s.source : '—');
  setText(r.retries, String(s.retries || 0) + (s.retrying ? ' · retrying now' : ''));
  r.retries.classList.toggle('warn-text', Boolean(s.retrying));
  const stalledNow = Number(s.stalledMillis) || 0;
  setText(r.stall, (stalledNow > 0 ? seconds(stalledNow) + ' now · ' : '') + seconds(Number(s.stallMillisTotal) || 0) + ' in total');
  r.stall.classList.toggle('warn-text', stalledNow > 0);
  setText(r.cutovers, String(s.cutovers || 0));
}

function setBar(bar, percent, label) {
  const value = Math.max(0, Math.min(100, percent));
  setAttr(bar, 'aria-valuenow', value.toFixed(0));
  setAttr(bar, 'aria-label', label);
  const width = value.toFixed(1) + '%';
  const fill = bar.firstChild;
  if (fill.style.width !== width) fill.style.width = width;
}

function seconds(ms) {
  return ms < 10000 ? (ms / 1000).toFixed(1) + ' s' : Math.round(ms / 1000) + ' s';
}

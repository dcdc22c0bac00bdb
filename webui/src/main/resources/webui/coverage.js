// The coverage picture of an item's files (GET /api/items/ID/coverage): per file one "served"
// strip (which source served which part of the streams open now) and one bar per source (ranges
// known to be missing in red, sampled ranges proved equal to the primary in green, a marker where
// each open stream is). Positions are percentages of the file size, so bars scale with the page;
// heights are fixed in app.css so a refresh does not move the page.
import { h, formatSize, replaceChildren, setText } from './dom.js';

const SOURCE_COLOURS = 6;

/** A panel to be filled by `show(coverage)`; `failed(message)` says why it could not be loaded. */
export function coveragePanel() {
  const body = h('div', { class: 'coverage-files' }, h('p', { class: 'placeholder coverage-wait' }, 'Loading coverage…'));
  const error = h('p', { class: 'inline-error', role: 'alert' });
  const element = h('div', { class: 'coverage' },
    h('h3', {}, 'Coverage'),
    legend(),
    error, body);
  let lastKey = '';

  return {
    element,
    show(coverage) {
      setText(error, '');
      const key = JSON.stringify(coverage);
      if (key === lastKey) return;
      lastKey = key;
      const files = (coverage && coverage.files) || [];
      replaceChildren(body, files.length === 0 ? h('p', { class: 'placeholder' }, 'No media files.') : files.map(fileCoverage));
    },
    failed(message) {
      setText(error, 'Cannot load the coverage: ' + message);
    },
  };
}

function legend() {
  const item = (cls, text) => h('li', {}, h('span', { class: 'cov-key ' + cls, 'aria-hidden': 'true' }), text);
  return h('ul', { class: 'cov-legend', 'aria-label': 'Legend' },
    item('cov-key-missing', 'Known missing'),
    item('cov-key-proved', 'Sampled, proved equal'),
    item('cov-key-rebuilt', 'Rebuilt from PAR2'),
    item('cov-key-playhead', 'Playing now'),
    item('cov-key-served', 'Served by (colour of the source)'));
}

function fileCoverage(file) {
  const size = Number(file.size) || 0;
  const sources = file.sources || [];
  const colour = new Map(sources.map((s, i) => [s.id, 'cov-src-' + (i % SOURCE_COLOURS)]));
  const release = new Map(sources.map((s) => [s.id, s.release]));
  const playback = file.playback || [];
  const served = file.served || [];
  const playheads = () => playback.map((p) => marker(p, size));

  const servedWords = served.length === 0 ? 'no stream of this file is playing'
    : served.map((p) => percent(p.start, size) + ' to ' + percent(p.end, size) + ' from ' + (release.get(p.source)
      || 'source ' + p.source)).join('; ');
  const servedBar = h('div', { class: 'cov-bar cov-served', role: 'img', 'aria-label': 'Served now: ' + servedWords },
    served.map((p) => segment('cov-serve ' + (colour.get(p.source) || 'cov-src-x'), p.start, p.end, size)),
    playheads());

  return h('div', { class: 'cov-file' },
    h('p', { class: 'cov-file-name' }, file.name, h('span', { class: 'cov-file-size' }, formatSize(size))),
    h('div', { class: 'cov-row' }, h('span', { class: 'cov-label cov-served-label' }, 'Served now'), servedBar),
    sources.map((s) => sourceRow(s, size, colour.get(s.id), playheads())));
}

function sourceRow(s, size, colour, playheads) {
  const missing = s.missing || [];
  const proved = s.proved || [];
  const rebuilt = s.rebuilt || [];
  const role = s.role === 'primary' ? 'primary' : 'standby';
  const summary = s.release + ' (' + role + ', ' + s.state + '): ' + count(missing.length, 'missing range')
    + ', ' + count(proved.length, 'sampled range') + ' proved equal'
    + (rebuilt.length > 0 ? ', ' + count(rebuilt.length, 'range') + ' rebuilt from PAR2' : '');
  return h('div', { class: 'cov-row cov-source', 'data-id': String(s.id) },
    h('span', { class: 'cov-label', title: s.release + ' (' + role + ')' },
      h('span', { class: 'cov-swatch ' + colour, 'aria-hidden': 'true' }),
      h('span', { class: 'cov-release' }, s.release),
      h('span', { class: 'cov-role' }, role)),
    h('div', { class: 'cov-bar', role: 'img', 'aria-label': summary },
      proved.map(([start, end]) => segment('cov-proved', start, end, size)),
      missing.map(([start, end]) => segment('cov-missing', start, end, size)),
      rebuilt.map(([start, end]) => segment('cov-rebuilt', start, end, size)),
      playheads));
}

function segment(cls, start, end, size) {
  const el = h('span', { class: 'cov-seg ' + cls });
  if (size <= 0) return el;
  el.style.left = share(start, size) + '%';
  el.style.width = Math.max(0, share(end, size) - share(start, size)) + '%';
  return el;
}

function marker(p, size) {
  const el = h('span', { class: 'cov-playhead', title: 'Stream ' + p.stream + ' at ' + formatSize(p.offset) });
  el.style.left = (size > 0 ? share(p.offset, size) : 0) + '%';
  return el;
}

function share(offset, size) {
  return Math.min(100, Math.max(0, (Number(offset) / size) * 100));
}

function percent(offset, size) {
  return (size > 0 ? Math.round(share(offset, size)) : 0) + '%';
}

function count(n, word) {
  return n + ' ' + word + (n === 1 ? '' : 's');
}

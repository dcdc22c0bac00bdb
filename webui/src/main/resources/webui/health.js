// The health page (#/health): what GET /api/health says (counters, uptime, version, providers),
// polled every 5 s and updated in place, and the diagnostics download (GET /api/diagnostics).
import { h, setText, formatSize, formatTime, replaceChildren } from './dom.js';
import { pageError, pageHead, poll } from './widgets.js';
import { api, ApiError } from './api.js';

const POLL_MS = 5000;

const COUNTERS = [
  ['activeStreams', 'Active streams'],
  ['retrying', 'Retrying'],
  ['validating', 'Validating'],
  ['standbyActive', 'On a standby'],
  ['cutoversTotal', 'Cutovers'],
  ['bytesServedTotal', 'Served'],
];

const COOL_DOWN_WORDS = {
  'auth-rejected': 'login rejected',
  'too-many-connections': 'too many connections',
};

export function healthPage(main) {
  const error = pageError();
  const sub = h('p', { class: 'sub' }, ' ');
  const tiles = new Map(COUNTERS.map(([key]) => [key, h('dd', { class: 'tile-value' }, '—')]));
  const version = h('dd', {}, '—');
  const uptime = h('dd', {}, '—');
  const started = h('dd', {}, '—');
  const providers = h('tbody', {}, h('tr', { class: 'placeholder' }, h('td', { colspan: '6' }, 'Loading…')));
  const download = h('button', { type: 'button', id: 'diagnostics-download', class: 'secondary' }, 'Download diagnostics');
  const downloadMessage = h('span', { class: 'action-message', id: 'diagnostics-message', role: 'alert' });
  let live = true;
  let lastProviders = '';

  download.addEventListener('click', () => downloadDiagnostics(download, downloadMessage));

  replaceChildren(main,
    pageHead('Health', sub),
    error,
    h('section', { class: 'panel', 'aria-labelledby': 'counters-title' },
      h('h2', { id: 'counters-title' }, 'Now'),
      h('dl', { class: 'tiles' }, COUNTERS.map(([key, label]) => h('div', { class: 'tile', 'data-key': key },
        h('dt', {}, label), tiles.get(key)))),
      h('dl', { class: 'facts' },
        h('div', {}, h('dt', {}, 'Version'), version),
        h('div', {}, h('dt', {}, 'Up for'), uptime),
        h('div', {}, h('dt', {}, 'Started'), started))),
    h('section', { class: 'panel', 'aria-labelledby': 'providers-title' },
      h('h2', { id: 'providers-title' }, 'Providers'),
      h('div', { class: 'table-wrap' }, h('table', { class: 'providers' },
        h('colgroup', {}, h('col', { class: 'c-pname' }), h('col', { class: 'c-pstatus' }), h('col', { class: 'c-pnum' }),
          h('col', { class: 'c-pnum' }), h('col', { class: 'c-pnum' }), h('col', { class: 'c-pnum' })),
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col' }, 'Provider'), h('th', { scope: 'col' }, 'Status'),
          h('th', { scope: 'col', class: 'num', title: 'Connections open' }, 'Open'),
          h('th', { scope: 'col', class: 'num', title: 'Open and waiting for work' }, 'Idle'),
          h('th', { scope: 'col', class: 'num', title: 'Open and fetching' }, 'Leased'),
          h('th', { scope: 'col', class: 'num', title: 'Failed fetches since start (missing articles not counted)' }, 'Failures'))),
        providers))),
    h('section', { class: 'panel', 'aria-labelledby': 'diagnostics-title' },
      h('h2', { id: 'diagnostics-title' }, 'Diagnostics'),
      h('p', { class: 'hint' }, 'A JSON file to attach to a bug report: settings without passwords or API keys, '
        + 'this health information, the open streams and the last 10 minutes of events.'),
      h('div', { class: 'item-actions' }, download, downloadMessage)));

  async function refresh() {
    let data;
    try {
      data = await api('GET', '/api/health');
    } catch (e) {
      if (live) setText(error, 'Cannot load the health information: ' + e.message);
      return;
    }
    if (!live) return;
    setText(error, '');
    for (const [key, el] of tiles) {
      const v = data[key];
      setText(el, typeof v !== 'number' ? '—' : key === 'bytesServedTotal' ? formatSize(v) : v.toLocaleString());
    }
    setText(version, data.version || '—');
    setText(uptime, typeof data.uptimeSeconds === 'number' ? duration(data.uptimeSeconds) : '—');
    setText(started, formatTime(data.started));
    setText(sub, data.version ? 'NZBMount ' + data.version : '');
    const list = Array.isArray(data.providers) ? data.providers : [];
    const key = JSON.stringify(list);
    if (key !== lastProviders) {
      lastProviders = key;
      replaceChildren(providers, list.length === 0
        ? h('tr', { class: 'placeholder' }, h('td', { colspan: '6' }, 'No providers are configured.'))
        : list.map(providerRow));
    }
  }

  const stop = poll(refresh, POLL_MS);
  return { title: 'Health', dispose: () => { live = false; stop(); } };
}

function providerRow(p) {
  let status;
  if (p.coolingDown) {
    const why = COOL_DOWN_WORDS[p.coolDownReason] || p.coolDownReason;
    status = h('td', { class: 'provider-status' }, h('span', { class: 'badge state-failed' }, 'Cooling down'),
      h('span', { class: 'reason' }, (p.coolingDownUntil ? 'until ' + formatTime(p.coolingDownUntil) : 'for now')
        + (why ? ' · ' + why : '')));
  } else {
    status = h('td', { class: 'provider-status' }, h('span', { class: 'badge state-ready' }, 'Available'));
  }
  const num = (v, label) => h('td', { class: 'num', 'data-label': label }, typeof v === 'number' ? v.toLocaleString() : '—');
  return h('tr', { class: 'provider' },
    h('td', { class: 'provider-name' }, p.name),
    status,
    num(p.open, 'Open'), num(p.idle, 'Idle'), num(p.leased, 'Leased'), num(p.failures, 'Failures'));
}

/** 93784 -> "1 d 2 h 3 min". */
export function duration(totalSeconds) {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return days + ' d ' + hours + ' h ' + minutes + ' min';
  if (hours > 0) return hours + ' h ' + minutes + ' min';
  if (minutes > 0) return minutes + ' min ' + (s % 60) + ' s';
  return s + ' s';
}

/**
 * Fetches the diagnostics file and hands it to the browser as a download under the server's
 * file name. Fetched rather than linked so a refusal is shown next to the button instead of
 * replacing the page.
 */
async function downloadDiagnostics(button, message) {
  button.disabled = true;
  message.className = 'action-message';
  setText(message, '');
  try {
    let response;
    try {
      response = await fetch(new URL('/api/diagnostics', location.origin).href,
        { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
    } catch (e) {
      throw new ApiError('Cannot reach the server (' + (e && e.message ? e.message : e) + ').', 0);
    }
    if (!response.ok) {
      let text = 'The server answered ' + response.status + '.';
      try {
        const body = await response.json();
        if (body && typeof body.error === 'string') text = body.error;
      } catch {
        // Not JSON: the status says enough.
      }
      throw new ApiError(text, response.status);
    }
    const blob = await response.blob();
    const name = fileName(response.headers.get('Content-Disposition'));
    const url = URL.createObjectURL(blob);
    const link = h('a', { href: url, download: name, class: 'offscreen' });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    message.className = 'action-message ok';
    setText(message, 'Saved as ' + name);
  } catch (e) {
    message.className = 'action-message';
    setText(message, 'Download failed: ' + e.message);
  } finally {
    button.disabled = false;
  }
}

function fileName(disposition) {
  const m = /filename="?([^";]+)"?/i.exec(disposition || '');
  const name = m ? m[1].replace(/[\\/]/g, '') : '';
  return name || 'nzbmount-diagnostics.json';
}

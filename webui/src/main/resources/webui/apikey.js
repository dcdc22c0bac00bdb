// The API key panel of the settings page: the key tools (Sonarr, Radarr, scripts) log in with,
// as the header X-Api-Key (SABnzbd's API at /api also takes ?apikey=). It opens no settings. The key is a secret: it is fetched only when the user asks
// to see it (GET /api/settings/apikey) and never kept by the page; "Replace" makes a new one
// (POST), after which tools with the old key are refused.
import { h, setText } from './dom.js';
import { api } from './api.js';

/** The panel, outside the settings form: its buttons act at once and save nothing else. */
export function apiKeyPanel() {
  const value = h('input', {
    id: 'apikey-value', type: 'text', readonly: true, spellcheck: 'false', autocomplete: 'off',
    value: '', placeholder: '•••••••• (hidden)', 'aria-describedby': 'apikey-hint apikey-status',
  });
  const status = h('p', { class: 'field-hint', id: 'apikey-status', role: 'status' });
  const show = h('button', { type: 'button', id: 'apikey-show', on: { click: () => run('GET', 'Shown.') } }, 'Show');
  const rotate = h('button', {
    type: 'button', id: 'apikey-rotate', class: 'secondary',
    on: { click: () => run('POST', 'Replaced: give the new key to your tools.') },
  }, 'Replace key');

  async function run(method, done) {
    show.disabled = true;
    rotate.disabled = true;
    setText(status, '');
    try {
      const answer = await api(method, '/api/settings/apikey');
      value.value = answer.apiKey;
      setText(status, done);
    } catch (e) {
      setText(status, 'Cannot get the API key: ' + e.message);
    } finally {
      show.disabled = false;
      rotate.disabled = false;
    }
  }

  return h('section', { class: 'panel settings-section', id: 'section-apikey', 'aria-labelledby': 'section-apikey-title' },
    h('div', { class: 'section-head' }, h('h2', { id: 'section-apikey-title' }, 'API key for tools')),
    h('p', { class: 'hint', id: 'apikey-hint' }, 'Tools log in with it instead of the login: header X-Api-Key, or '
      + '?apikey= for the SABnzbd API. It imports, reads and acts on items, never changes settings. Keep it secret '
      + 'like a password. Replacing it locks out tools that use the old key.'),
    h('div', { class: 'field' }, h('label', { for: 'apikey-value' }, 'API key'), value,
      h('div', { class: 'field-actions' }, show, rotate), status));
}

// The settings page (#/settings): providers with a connection test, indexers with a test,
// automatic cutover, and the server address and login. Save sends everything to PUT /api/settings;
// the server validates with the configuration's rules and its messages are shown next to the
// fields they are about. Passwords and API keys are write-only: the server never sends them, the
// page only shows whether one is set, and an empty field keeps the saved one.
import { h, replaceChildren, setText } from './dom.js';
import { api } from './api.js';
import { apiKeyPanel } from './apikey.js';
import { pageError, pageHead } from './widgets.js';
import {
  checkField, field, markField, putNumber, putText, secretField, showIndexerResult, showProviderResult, testResult,
} from './settings-fields.js';

/** Restart-only keys from the API, in words. */
const RESTART_WORDS = {
  providers: 'providers',
  indexers: 'indexers',
  fallback: 'automatic cutover',
  'server.bind': 'listen address',
  'server.port': 'port',
  auth: 'login',
};

/** Which section shows the "restart needed" mark for a restart-only key. */
const RESTART_SECTION = {
  providers: 'providers', indexers: 'indexers', fallback: 'fallback',
  'server.bind': 'server', 'server.port': 'server', auth: 'server',
};

let uid = 0;

export function settingsPage(main) {
  const error = pageError();
  const body = h('div', { class: 'settings', 'aria-busy': 'true' },
    h('section', { class: 'panel' }, h('p', { class: 'placeholder' }, 'Loading settings…')));
  replaceChildren(main, pageHead('Settings'), error, body);
  let live = true;

  api('GET', '/api/settings').then((data) => {
    if (live) form(body, error, data, () => live);
  }, (e) => {
    if (!live) return;
    body.removeAttribute('aria-busy');
    if (e.status === 404) {
      replaceChildren(body, h('section', { class: 'panel unavailable', 'aria-labelledby': 'unavailable-title' },
        h('h2', { id: 'unavailable-title' }, 'Not available yet'),
        h('p', {}, 'Changing settings from the browser is not available on this server.'),
        h('p', {}, 'Edit the configuration file (see the configuration guide) and restart NZBMount.')));
    } else {
      replaceChildren(body);
      error.textContent = 'Cannot load the settings: ' + e.message;
    }
  });
  return { title: 'Settings', dispose: () => { live = false; } };
}

/** Builds the form for `data` (a GET /api/settings answer) inside `body`. */
function form(body, pageErr, data, isLive) {
  body.removeAttribute('aria-busy');
  const env = data.environment || {};
  const providers = [];
  const indexers = [];
  const providerList = h('div', { class: 'entries', id: 'provider-list', 'data-empty': 'No providers yet: add one to stream releases.' });
  const indexerList = h('div', { class: 'entries', id: 'indexer-list', 'data-empty': 'No indexers yet: add one to find standby releases.' });
  const general = h('ul', { class: 'form-problems', id: 'settings-problems', role: 'alert' });
  const notice = h('p', { class: 'save-notice', id: 'settings-notice', role: 'status' });
  const saveButton = h('button', { type: 'submit', id: 'settings-save' }, 'Save settings');
  const restartMarks = {};
  const sectionErrors = {};

  const restartMark = (key) => {
    restartMarks[key] = h('span', { class: 'badge restart', hidden: true }, 'Restart needed');
    return restartMarks[key];
  };
  // The server says which sections it applies as soon as they are saved; the others wait for a restart.
  const liveSections = new Set(Array.isArray(data.appliesLive) ? data.appliesLive : []);
  const whenApplied = (key) => liveSections.has(key)
    ? h('span', { class: 'badge applies-now', 'data-section': key }, 'Applies at once')
    : h('span', { class: 'badge applies-later', 'data-section': key }, 'Applies after restart');
  const sectionError = (key) => {
    sectionErrors[key] = h('p', { class: 'field-error', id: 'settings-' + key + '-error' });
    return sectionErrors[key];
  };

  // Fallback
  const fb = data.fallback || {};
  const fallbackFields = {
    enabled: checkField('fallback-enabled', 'Switch to a standby release automatically when a stream fails',
      fb.enabled !== false, 'Off: a failing stream ends cleanly instead.', env['fallback.enabled'], true),
    maxStandby: field('fallback-maxStandby', 'Standby releases per item', fb.maxStandby, {
      type: 'number', min: '0', max: '5', step: '1', inputmode: 'numeric',
      hint: '0 to 5. Prepared in the background while you watch.', env: env['fallback.maxStandby'],
    }),
    submitDelaySeconds: field('fallback-submitDelaySeconds', 'Start preparing after (seconds of playback)',
      fb.submitDelaySeconds, {
        type: 'number', min: '0', max: '86400', step: '1', inputmode: 'numeric',
        hint: 'Playing time before standbys are looked for.', env: env['fallback.submitDelaySeconds'],
      }),
  };

  // Server and login
  const srv = data.server || {};
  const auth = data.auth || null;
  const serverFields = {
    bind: field('server-bind', 'Listen address', srv.bind, {
      hint: '127.0.0.1 for this machine only; 0.0.0.0 for every network (needs a login).', env: env['server.bind'],
      autocomplete: 'off',
    }),
    port: field('server-port', 'Port', srv.port, {
      type: 'number', min: '0', max: '65535', step: '1', inputmode: 'numeric', env: env['server.port'],
    }),
  };
  const authFields = {
    username: field('auth-username', 'Login username', auth ? auth.username : '', {
      hint: 'Leave empty for no login.', env: env['auth.username'], autocomplete: 'off',
    }),
    password: secretField('auth-password', 'Login password', Boolean(auth && auth.passwordSet), env['auth.password']),
  };

  for (const [i, p] of (data.providers || []).entries()) addProvider(p, i);
  for (const [i, x] of (data.indexers || []).entries()) addIndexer(x, i);

  const addProviderButton = h('button', { type: 'button', class: 'secondary', id: 'add-provider',
    on: { click: () => addProvider(null, null, true) } }, 'Add provider');
  const addIndexerButton = h('button', { type: 'button', class: 'secondary', id: 'add-indexer',
    on: { click: () => addIndexer(null, null, true) } }, 'Add indexer');

  const theForm = h('form', { class: 'settings-form', id: 'settings-form', novalidate: true, on: { submit: save } },
    section('providers', 'Providers', [restartMark('providers'), whenApplied('providers')],
      'Usenet servers, asked in order of priority (lowest first).', [sectionError('providers'), providerList,
        h('div', { class: 'entry-actions' }, addProviderButton)]),
    section('indexers', 'Indexers', [restartMark('indexers'), whenApplied('indexers')],
      'Newznab indexers (or NZBHydra2 / Prowlarr) searched for standby releases.', [sectionError('indexers'), indexerList,
        h('div', { class: 'entry-actions' }, addIndexerButton)]),
    section('fallback', 'Automatic cutover', [restartMark('fallback'), whenApplied('fallback')],
      'What happens when the release you are watching breaks.', [sectionError('fallback'),
        h('div', { class: 'fields' }, fallbackFields.enabled.el, fallbackFields.maxStandby.el,
          fallbackFields.submitDelaySeconds.el)]),
    section('server', 'Server and login', [restartMark('server'), whenApplied('server')],
      'Where the web UI, the API and WebDAV listen, and the login they ask for.', [sectionError('server'),
        sectionError('auth'),
        h('div', { class: 'fields' }, serverFields.bind.el, serverFields.port.el, authFields.username.el,
          authFields.password.el)]),
    h('div', { class: 'save-bar' }, saveButton, notice),
    general);

  const ignored = data.ignoredSaved && data.ignoredSaved.length
    ? h('section', { class: 'panel warning', role: 'alert' },
      h('h2', {}, 'Saved settings were not used'),
      h('p', {}, 'The settings saved here earlier no longer fit the configuration file, so the file’s apply. '
        + 'Save again to replace them.'),
      h('ul', {}, data.ignoredSaved.map((p) => h('li', {}, p))))
    : null;
  replaceChildren(body, ignored, theForm, apiKeyPanel());
  showRestart(data.restartRequired || []);

  function section(key, title, marks, hint, content) {
    return h('section', { class: 'panel settings-section', id: 'section-' + key, 'aria-labelledby': 'section-' + key + '-title' },
      h('div', { class: 'section-head' }, h('h2', { id: 'section-' + key + '-title' }, title), ...marks),
      h('p', { class: 'hint' }, hint),
      content);
  }

  function addProvider(p, savedIndex, focus = false) {
    const n = ++uid;
    const id = (k) => 'provider-' + n + '-' + k;
    const at = savedIndex === null ? null : 'providers[' + savedIndex + '].';
    const e = (k) => (at === null ? undefined : env[at + k]);
    const v = p || { tls: true, connections: 8, priority: 0 };
    const title = h('h3', { id: id('title') }, v.name || v.host || 'New provider');
    const f = {
      name: field(id('name'), 'Name', v.name, { hint: 'Default: the host.', env: e('name'), autocomplete: 'off' }),
      host: field(id('host'), 'Host', v.host, { env: e('host'), autocomplete: 'off', placeholder: 'news.example.com' }),
      port: field(id('port'), 'Port', v.port, {
        type: 'number', min: '1', max: '65535', step: '1', inputmode: 'numeric', env: e('port'),
        hint: 'Default: 563 with TLS, 119 without.',
      }),
      tls: checkField(id('tls'), 'TLS (encrypted)', v.tls === true, null, e('tls')),
      username: field(id('username'), 'Username', v.username, { env: e('username'), autocomplete: 'off' }),
      password: secretField(id('password'), 'Password', Boolean(v.passwordSet), e('password')),
      connections: field(id('connections'), 'Connections', v.connections, {
        type: 'number', min: '1', max: '200', step: '1', inputmode: 'numeric', env: e('connections'),
      }),
      priority: field(id('priority'), 'Priority', v.priority, {
        type: 'number', step: '1', inputmode: 'numeric', env: e('priority'), hint: 'Lower is asked first.',
      }),
    };
    f.name.input.addEventListener('input', () => setText(title, f.name.input.value || f.host.input.value || 'New provider'));
    f.host.input.addEventListener('input', () => setText(title, f.name.input.value || f.host.input.value || 'New provider'));
    const entryError = h('p', { class: 'field-error', id: id('error') });
    const result = testResult(id('test'));
    const card = {
      savedIndex, fields: f, entryError, el: null,
      collect() {
        const out = {};
        if (savedIndex !== null) out.index = savedIndex;
        putText(out, 'name', f.name.input);
        putText(out, 'host', f.host.input);
        putNumber(out, 'port', f.port.input);
        out.tls = f.tls.input.checked;
        putText(out, 'username', f.username.input);
        if (f.password.input.value !== '') out.password = f.password.input.value;
        putNumber(out, 'connections', f.connections.input);
        putNumber(out, 'priority', f.priority.input);
        // Set in the configuration file only (a path on the server); kept as it is.
        if (v.trustCertificate) out.trustCertificate = v.trustCertificate;
        return out;
      },
    };
    const testButton = h('button', { type: 'button', class: 'secondary small', id: id('test-button'),
      'aria-describedby': id('test'), on: { click: () => runTest(card, result, '/api/settings/providers/test', 'providers', showProviderResult) } },
    'Test connection');
    const removeButton = h('button', { type: 'button', class: 'danger small', on: { click: () => remove(providers, card, providerList, addProviderButton) } },
      'Remove');
    removeButton.setAttribute('aria-label', 'Remove this provider');
    card.el = h('fieldset', { class: 'entry', 'aria-labelledby': id('title') },
      h('div', { class: 'entry-head' }, title, h('div', { class: 'entry-buttons' }, testButton, removeButton)),
      entryError,
      h('div', { class: 'fields' }, f.name.el, f.host.el, f.port.el, f.tls.el, f.username.el, f.password.el,
        f.connections.el, f.priority.el),
      result.el);
    providers.push(card);
    providerList.appendChild(card.el);
    if (focus) f.host.input.focus();
  }

  function addIndexer(x, savedIndex, focus = false) {
    const n = ++uid;
    const id = (k) => 'indexer-' + n + '-' + k;
    const at = savedIndex === null ? null : 'indexers[' + savedIndex + '].';
    const e = (k) => (at === null ? undefined : env[at + k]);
    const v = x || {};
    const title = h('h3', { id: id('title') }, v.name || 'New indexer');
    const f = {
      name: field(id('name'), 'Name', v.name, { hint: 'Default: the URL’s host.', env: e('name'), autocomplete: 'off' }),
      url: field(id('url'), 'URL', v.url, {
        type: 'url', env: e('url'), autocomplete: 'off', placeholder: 'https://indexer.example/',
        hint: 'Without the API key.',
      }),
      apiKey: secretField(id('apiKey'), 'API key', Boolean(v.apiKeySet), e('apiKey')),
    };
    f.name.input.addEventListener('input', () => setText(title, f.name.input.value || 'New indexer'));
    const entryError = h('p', { class: 'field-error', id: id('error') });
    const result = testResult(id('test'));
    const card = {
      savedIndex, fields: f, entryError, el: null,
      collect() {
        const out = {};
        if (savedIndex !== null) out.index = savedIndex;
        putText(out, 'name', f.name.input);
        putText(out, 'url', f.url.input);
        if (f.apiKey.input.value !== '') out.apiKey = f.apiKey.input.value;
        return out;
      },
    };
    const testButton = h('button', { type: 'button', class: 'secondary small', id: id('test-button'),
      'aria-describedby': id('test'), on: { click: () => runTest(card, result, '/api/settings/indexers/test', 'indexers', showIndexerResult) } },
    'Test');
    const removeButton = h('button', { type: 'button', class: 'danger small', on: { click: () => remove(indexers, card, indexerList, addIndexerButton) } },
      'Remove');
    removeButton.setAttribute('aria-label', 'Remove this indexer');
    card.el = h('fieldset', { class: 'entry', 'aria-labelledby': id('title') },
      h('div', { class: 'entry-head' }, title, h('div', { class: 'entry-buttons' }, testButton, removeButton)),
      entryError,
      h('div', { class: 'fields' }, f.name.el, f.url.el, f.apiKey.el),
      result.el);
    indexers.push(card);
    indexerList.appendChild(card.el);
    if (focus) f.url.input.focus();
  }

  function remove(list, card, container, fallbackFocus) {
    const at = list.indexOf(card);
    if (at < 0) return;
    list.splice(at, 1);
    card.el.remove();
    const next = list[at] || list[at - 1];
    if (next) next.el.querySelector('input').focus();
    else fallbackFocus.focus();
    setText(notice, 'Removed. Save to keep the change.');
    notice.className = 'save-notice';
  }

  async function runTest(card, result, path, list, show) {
    clearCardErrors(card);
    result.busy();
    try {
      const answer = await api('POST', path, JSON.stringify(card.collect()));
      if (isLive()) show(result, answer);
    } catch (e) {
      if (!isLive()) return;
      if (e.status === 400 && e.data && e.data.fields) {
        for (const [key, message] of Object.entries(e.data.fields)) showCardError(card, key, message);
        result.fail('Not tested: ' + e.message);
      } else {
        result.fail('The test could not run: ' + e.message);
      }
    }
  }

  function collect() {
    const username = authFields.username.input.value.trim();
    const password = authFields.password.input.value;
    const out = {
      server: {},
      auth: username === '' ? null : { username },
      providers: providers.map((c) => c.collect()),
      indexers: indexers.map((c) => c.collect()),
      fallback: { enabled: fallbackFields.enabled.input.checked },
    };
    if (out.auth && password !== '') out.auth.password = password;
    putText(out.server, 'bind', serverFields.bind.input);
    putNumber(out.server, 'port', serverFields.port.input);
    putNumber(out.fallback, 'maxStandby', fallbackFields.maxStandby.input);
    putNumber(out.fallback, 'submitDelaySeconds', fallbackFields.submitDelaySeconds.input);
    return out;
  }

  /** Every place a message can go, by the API's key path for the current order of entries. */
  function targets() {
    const map = new Map();
    const add = (path, f) => map.set(path, f);
    add('server.bind', serverFields.bind);
    add('server.port', serverFields.port);
    add('auth.username', authFields.username);
    add('auth.password', authFields.password);
    add('auth', { err: sectionErrors.auth });
    for (const k of Object.keys(fallbackFields)) add('fallback.' + k, fallbackFields[k]);
    for (const key of ['providers', 'indexers', 'fallback', 'server']) add(key, { err: sectionErrors[key] });
    providers.forEach((c, i) => {
      add('providers[' + i + ']', { err: c.entryError });
      for (const k of Object.keys(c.fields)) add('providers[' + i + '].' + k, c.fields[k]);
    });
    indexers.forEach((c, i) => {
      add('indexers[' + i + ']', { err: c.entryError });
      for (const k of Object.keys(c.fields)) add('indexers[' + i + '].' + k, c.fields[k]);
    });
    return map;
  }

  function clearErrors() {
    for (const t of targets().values()) markField(t, '');
    replaceChildren(general);
    setText(pageErr, '');
  }

  function showErrors(fields) {
    const map = targets();
    let first = null;
    for (const [key, message] of Object.entries(fields)) {
      let path = key;
      let target = map.get(path);
      // A key without a field of its own (an unknown key, an index) goes to the nearest enclosing one.
      while (!target && /[.[]/.test(path)) {
        path = path.replace(/(\.[^.[\]]*|\[\d+\])$/, '');
        target = map.get(path);
      }
      const text = path === key ? message : key + ': ' + message;
      if (target) {
        markField(target, text, true);
        if (!first && target.input) first = target.input;
      } else {
        general.appendChild(h('li', {}, text));
      }
    }
    return first;
  }

  async function save(event) {
    event.preventDefault();
    clearErrors();
    notice.className = 'save-notice';
    setText(notice, 'Saving…');
    saveButton.disabled = true;
    try {
      const answer = await api('PUT', '/api/settings', JSON.stringify(collect()));
      if (!isLive()) return;
      form(body, pageErr, answer, isLive);
      const restart = answer.restartRequired || [];
      const saved = document.getElementById('settings-notice');
      saved.className = 'save-notice ok';
      const live = (answer.appliesLive || []).map((k) => RESTART_WORDS[k] || k);
      setText(saved, 'Saved. ' + (restart.length
        ? 'Restart NZBMount to apply: ' + restart.map((k) => RESTART_WORDS[k] || k).join(', ') + '.'
          + (live.length ? ' Already in force: ' + live.join(', ') + '.' : '')
        : 'NZBMount already runs with these settings.'));
      document.getElementById('settings-save').focus();
    } catch (e) {
      if (!isLive()) return;
      saveButton.disabled = false;
      notice.className = 'save-notice error';
      if (e.status === 400 && e.data && e.data.fields) {
        const first = showErrors(e.data.fields);
        const count = Object.keys(e.data.fields).length;
        setText(notice, 'Not saved: ' + (count > 1 ? count + ' settings need fixing (see the messages next to them).' : e.message));
        if (first) first.focus();
      } else {
        setText(notice, 'Not saved: ' + e.message);
      }
    }
  }

  function showRestart(keys) {
    const sections = new Set(keys.map((k) => RESTART_SECTION[k]).filter(Boolean));
    for (const [key, mark] of Object.entries(restartMarks)) {
      mark.hidden = !sections.has(key);
      mark.title = sections.has(key) ? 'Saved, applies after NZBMount restarts' : '';
    }
  }
}

function clearCardErrors(card) {
  setText(card.entryError, '');
  for (const f of Object.values(card.fields)) markField(f, '');
}

function showCardError(card, key, message) {
  const f = card.fields[key];
  if (f) markField(f, message, true);
  else setText(card.entryError, key ? key + ': ' + message : message);
}

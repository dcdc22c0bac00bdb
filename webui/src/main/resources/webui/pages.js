// Pages whose API the server does not offer yet: they say so instead of showing made-up data.
import { h, replaceChildren } from './dom.js';
import { api } from './api.js';
import { pageError, pageHead } from './widgets.js';

const COMING = {
  search: {
    title: 'Search',
    text: 'Searching your indexers from here is not available yet.',
    later: 'You will search the configured indexers (films, TV episodes), see size, age, group, resolution and '
      + 'codec of each result, and pick a release as a new item or as a standby of an existing one.',
    meanwhile: 'Meanwhile, download an NZB from your indexer and import it on the Library page.',
  },
  streams: {
    title: 'Streams',
    text: 'Live stream information is not available yet.',
    later: 'You will see each open stream: its client, file, position, throughput, read-ahead, current source, '
      + 'retries and cutovers, updated live.',
    meanwhile: 'Each item’s timeline on its page already lists what happened to it.',
  },
  settings: {
    title: 'Settings',
    text: 'Changing settings from the browser is not available yet.',
    later: 'You will set up providers (with a connection test), indexers, automatic cutover, the standby count '
      + 'and the login here.',
    meanwhile: 'Meanwhile, edit the configuration file (see the configuration guide) and restart NZBMount.',
  },
};

/** A page that explains it is not available yet. */
export function comingPage(main, key) {
  const page = COMING[key];
  replaceChildren(main,
    pageHead(page.title),
    h('section', { class: 'panel unavailable', 'aria-labelledby': 'unavailable-title' },
      h('h2', { id: 'unavailable-title' }, 'Not available yet'),
      h('p', {}, page.text),
      h('p', { class: 'hint' }, page.later),
      h('p', {}, page.meanwhile)));
  return { title: page.title, dispose: () => {} };
}

/**
 * Health: shows the counters of GET /api/health when the server has it; says it is not available
 * yet when the server answers 404, and shows any other error.
 */
export function healthPage(main) {
  const error = pageError();
  const body = h('section', { class: 'panel', 'aria-labelledby': 'health-title', 'aria-busy': 'true' },
    h('h2', { id: 'health-title' }, 'Server health'), h('p', { class: 'placeholder' }, 'Loading…'));
  replaceChildren(main, pageHead('Health'), error, body);
  let live = true;
  api('GET', '/api/health').then((data) => {
    if (!live) return;
    body.removeAttribute('aria-busy');
    replaceChildren(body, h('h2', { id: 'health-title' }, 'Server health'),
      h('dl', { class: 'facts wide' }, Object.entries(data).map(([k, v]) =>
        h('div', {}, h('dt', {}, k), h('dd', {}, typeof v === 'object' ? JSON.stringify(v) : String(v))))));
  }, (e) => {
    if (!live) return;
    body.removeAttribute('aria-busy');
    if (e.status === 404) {
      body.classList.add('unavailable');
      replaceChildren(body, h('h2', { id: 'health-title' }, 'Not available yet'),
        h('p', {}, 'Health information is not available yet.'),
        h('p', { class: 'hint' }, 'You will see provider status, active and retrying streams, validations, '
          + 'cutovers, and a button to download diagnostics here.'));
    } else {
      replaceChildren(body, h('h2', { id: 'health-title' }, 'Server health'));
      error.textContent = 'Cannot load the health information: ' + e.message;
    }
  });
  return { title: 'Health', dispose: () => { live = false; } };
}

/** For an address that is no page. */
export function notFoundPage(main) {
  replaceChildren(main, pageHead('Page not found'),
    h('section', { class: 'panel' }, h('p', {}, 'There is no such page. '), h('a', { href: '#/library' }, 'Go to the library')));
  return { title: 'Not found', dispose: () => {} };
}

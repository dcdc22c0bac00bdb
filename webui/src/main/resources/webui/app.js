// Entry point: a hash router (#/library, #/items/7, ...) so the server needs no routes of its
// own, and the navigation's current-page marker.
import { libraryPage } from './library.js';
import { itemPage } from './item.js';
import { notFoundPage } from './pages.js';
import { searchPage } from './search.js';
import { streamsPage } from './streams.js';
import { healthPage } from './health.js';
import { settingsPage } from './settings.js';
import { startNotices } from './notices.js';

const routes = [
  { pattern: /^\/library$/, nav: 'library', open: (main) => libraryPage(main) },
  { pattern: /^\/items\/([1-9][0-9]{0,17})$/, nav: 'library', open: (main, m) => itemPage(main, m[1]) },
  { pattern: /^\/search(?:\?(.*))?$/, nav: 'search', open: (main, m) => searchPage(main, new URLSearchParams(m[1] || '')) },
  { pattern: /^\/streams$/, nav: 'streams', open: (main) => streamsPage(main) },
  { pattern: /^\/settings$/, nav: 'settings', open: (main) => settingsPage(main) },
  { pattern: /^\/health$/, nav: 'health', open: (main) => healthPage(main) },
];

let current = null;

function route(moveFocus) {
  const path = location.hash.replace(/^#/, '') || '/library';
  if (path === '/' || path === '') {
    location.replace('#/library');
    return;
  }
  if (current) current.dispose();
  const main = document.getElementById('main');
  let nav = null;
  current = null;
  for (const r of routes) {
    const m = path.match(r.pattern);
    if (m) {
      nav = r.nav;
      current = r.open(main, m);
      break;
    }
  }
  if (!current) current = notFoundPage(main);
  if (current.title !== 'Item') document.title = current.title + ' · NZBMount';
  for (const link of document.querySelectorAll('.nav a')) {
    if (link.dataset.page === nav) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  if (moveFocus) {
    const heading = main.querySelector('h1');
    if (heading) heading.focus({ preventScroll: false });
  }
}

window.addEventListener('hashchange', () => route(true));
if (!location.hash || location.hash === '#' || location.hash === '#/') history.replaceState(null, '', '#/library');
route(false);
startNotices();

// Pages with nothing of their own to load.
import { h, replaceChildren } from './dom.js';
import { pageHead } from './widgets.js';

/** For an address that is no page. */
export function notFoundPage(main) {
  replaceChildren(main, pageHead('Page not found'),
    h('section', { class: 'panel' }, h('p', {}, 'There is no such page. '), h('a', { href: '#/library' }, 'Go to the library')));
  return { title: 'Not found', dispose: () => {} };
}

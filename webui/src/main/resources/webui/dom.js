// Building DOM nodes. Every string ends up as a text node or an attribute value set through
// setAttribute, never parsed as markup: server strings (release and file names come from NZBs
// and indexers, so from anyone) cannot inject elements or scripts.

/**
 * Makes an element. `props`: `class`, `text` (text content), `on` (event listeners by name),
 * any other key is set as an attribute (`true` for a boolean attribute; null/false/undefined
 * skipped). Children: nodes, strings (as text), numbers, arrays, null (skipped).
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'text') el.textContent = String(value);
    else if (key === 'on') for (const [type, fn] of Object.entries(value)) el.addEventListener(type, fn);
    else if (key.startsWith('on')) throw new Error('event handlers go in props.on, not ' + key);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** Sets an element's text only when it differs, so polling does not touch unchanged nodes. */
export function setText(el, text) {
  const value = text === null || text === undefined ? '' : String(text);
  if (el.textContent !== value) el.textContent = value;
}

/** Sets an attribute only when it differs (null removes it). */
export function setAttr(el, name, value) {
  if (value === null || value === undefined) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== String(value)) {
    el.setAttribute(name, String(value));
  }
}

/** Replaces the children of `el` with `children`. */
export function replaceChildren(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** 4404019200 -> "4.10 GiB". */
export function formatSize(bytes) {
  if (typeof bytes !== 'number' || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 2 : value < 100 ? 1 : 0;
  return value.toFixed(digits) + ' ' + UNITS[unit];
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** An ISO instant as local date and time; "—" when absent. */
export function formatTime(iso) {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : dateFormat.format(d);
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** An ISO instant relative to now: "3 minutes ago". */
export function formatAgo(iso, now = Date.now()) {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  const seconds = Math.round((t - now) / 1000);
  const steps = [[60, 'second'], [60, 'minute'], [24, 'hour'], [30, 'day'], [12, 'month'], [Infinity, 'year']];
  let value = seconds;
  for (const [size, unit] of steps) {
    if (Math.abs(value) < size) return relative.format(value, unit);
    value = Math.round(value / size);
  }
  return '';
}

/** A <time> element showing the local time, with the relative time as its title. */
export function timeElement(iso) {
  return h('time', { datetime: iso || null, title: iso ? formatAgo(iso) : null, text: formatTime(iso) });
}

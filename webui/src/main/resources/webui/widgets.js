// Small pieces shared by the pages: state badges, copy buttons, the confirmation dialog,
// the poller and the words for states and event kinds.
import { h, setText } from './dom.js';

const STATE_WORDS = {
  ready: 'Ready',
  pending: 'Pending validation',
  validated: 'Proven identical',
  failed: 'Failed',
  dead: 'Dead',
};

const STATE_HINTS = {
  ready: 'Imported and usable',
  pending: 'Not yet proved to hold the same bytes as the primary',
  validated: 'Sampled bytes proved equal to the primary',
  failed: 'Excluded for now; may become eligible again',
  dead: 'Never tried again',
};

/** A readable word for a source state; unknown states are shown as the API gives them. */
export function stateWord(state) {
  return STATE_WORDS[state] || (state ? String(state) : 'Unknown');
}

/** A badge for a source state. */
export function stateBadge(state) {
  const badge = h('span', { class: 'badge' });
  updateStateBadge(badge, state);
  return badge;
}

export function updateStateBadge(badge, state) {
  const known = Object.hasOwn(STATE_WORDS, state) ? state : 'unknown';
  const cls = 'badge state-' + known;
  if (badge.className !== cls) badge.className = cls;
  setText(badge, stateWord(state));
  badge.title = STATE_HINTS[state] || '';
}

const TIER_WORDS = [
  'Same resolution, codec and group; size within 3%',
  'Same resolution and codec',
  'Same resolution',
  'Same content',
];

export function tierWord(tier) {
  if (tier === null || tier === undefined) return 'Not ranked';
  return 'Tier ' + tier + (TIER_WORDS[tier] ? ' · ' + TIER_WORDS[tier] : '');
}

const KIND_WORDS = {
  imported: 'Imported',
  'standby-added': 'Standby added',
  stall: 'Stall',
  retry: 'Retry',
  cutover: 'Cutover',
  'provider-failover': 'Provider failover',
  validation: 'Validation',
  close: 'Stream closed',
  'repair-started': 'PAR2 repair started',
  'repair-done': 'Repaired from PAR2',
  'repair-impossible': 'PAR2 repair impossible',
  'member-crc-checked': 'Encrypted file CRC checked',
};

/** A readable name for an event kind: known ones by table, others from the word itself. */
export function kindWord(kind) {
  if (Object.hasOwn(KIND_WORDS, kind)) return KIND_WORDS[kind];
  const words = String(kind || 'event').replace(/[-_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function humanKey(key) {
  const words = String(key).replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An event's detail as one line of text ("Release: X · Files: 4"); strings stay plain text. */
export function detailText(detail) {
  if (detail === null || detail === undefined) return '';
  if (typeof detail !== 'object') return String(detail);
  return Object.entries(detail)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => humanKey(k) + ': ' + (typeof v === 'object' ? JSON.stringify(v) : String(v)))
    .join(' · ');
}

/**
 * A copy-to-clipboard button for `text`, with a status next to it. Uses the Clipboard API where
 * the page is a secure context, else a selected hidden text area; says so when both fail.
 */
export function copyButton(text, label) {
  const status = h('span', { class: 'copy-status', role: 'status' });
  let timer = 0;
  const button = h('button', {
    type: 'button', class: 'small secondary copy', 'aria-label': label, title: label,
    on: {
      click: async () => {
        clearTimeout(timer);
        const ok = await copyText(button.dataset.copy);
        status.classList.toggle('error', !ok);
        setText(status, ok ? 'Copied' : 'Copy failed: select the address and copy it');
        timer = setTimeout(() => setText(status, ''), ok ? 2500 : 8000);
      },
    },
  }, 'Copy');
  button.dataset.copy = text;
  return [button, status];
}

async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no focus or no permission): try the selection below.
    }
  }
  const area = h('textarea', { class: 'offscreen', readonly: true, 'aria-hidden': 'true', tabindex: '-1' });
  area.value = text;
  const focused = document.activeElement;
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  if (focused && focused.focus) focused.focus();
  return ok;
}

/** Asks for confirmation in the page's modal dialog; resolves to true for the OK button. */
export function confirmDialog(title, text, okLabel) {
  const dialog = document.getElementById('confirm');
  setText(document.getElementById('confirm-title'), title);
  setText(document.getElementById('confirm-text'), text);
  setText(document.getElementById('confirm-ok'), okLabel);
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), { once: true });
  });
}

/**
 * Runs `task` now and then every `intervalMs` after each run ends (never two at once), paused
 * while the tab is hidden. Returns a function that stops it; its `now()` runs the task at once.
 */
export function poll(task, intervalMs) {
  let timer = 0;
  let stopped = false;
  let running = false;
  let again = false;
  const run = async () => {
    if (stopped) return;
    if (running) {
      // Asked while a run is under way: run once more after it, so nothing newer is missed.
      again = true;
      return;
    }
    clearTimeout(timer);
    running = true;
    try {
      await task();
    } finally {
      running = false;
      if (again && !stopped) {
        again = false;
        run();
      } else if (!stopped && !document.hidden) {
        timer = setTimeout(run, intervalMs);
      }
    }
  };
  const onVisible = () => {
    if (!document.hidden) run();
  };
  document.addEventListener('visibilitychange', onVisible);
  run();
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
  // Runs the task now (a live event said something changed) instead of at the next interval.
  stop.now = run;
  return stop;
}

/** The heading block of a page. */
export function pageHead(title, ...extra) {
  return h('div', { class: 'page-head' }, h('h1', { tabindex: '-1' }, title), ...extra);
}

/** A line for errors of the page as a whole (polling); space is kept so nothing jumps. */
export function pageError() {
  return h('p', { class: 'page-error', role: 'alert' });
}

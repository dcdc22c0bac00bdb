// Form controls of the settings page: labelled inputs with a hint, a note when an environment
// variable sets the value, and a message line linked by aria-describedby; write-only secrets;
// the line where a connection test's outcome appears. Every string is set as text.
import { h, replaceChildren, setText } from './dom.js';

/** Shows (or clears, with '') a message next to a field, linked to it for screen readers. */
export function markField(target, message, invalid = false) {
  setText(target.err, message);
  if (target.input) {
    if (invalid && message) target.input.setAttribute('aria-invalid', 'true');
    else target.input.removeAttribute('aria-invalid');
  }
}

/** A labelled input with a hint, an environment note and a message line. */
export function field(id, label, value, opts = {}) {
  const errId = id + '-error';
  const hintId = id + '-hint';
  const envId = id + '-env';
  const described = [opts.hint ? hintId : null, opts.env ? envId : null, errId].filter(Boolean).join(' ');
  const input = h('input', {
    id, name: id, type: opts.type || 'text', min: opts.min, max: opts.max, step: opts.step, inputmode: opts.inputmode,
    autocomplete: opts.autocomplete, placeholder: opts.placeholder, spellcheck: 'false', 'aria-describedby': described,
  });
  input.value = value === null || value === undefined ? '' : String(value);
  const err = h('p', { class: 'field-error', id: errId });
  const el = h('div', { class: 'field' },
    h('label', { for: id }, label),
    input,
    opts.hint ? h('p', { class: 'field-hint', id: hintId }, opts.hint) : null,
    envNote(envId, opts.env),
    err);
  return { el, input, err };
}

/** A write-only secret: never filled in; says whether one is saved; empty keeps it. */
export function secretField(id, label, isSet, envName) {
  const errId = id + '-error';
  const stateId = id + '-state';
  const envId = id + '-env';
  const input = h('input', {
    id, name: id, type: 'password', autocomplete: 'new-password', spellcheck: 'false',
    placeholder: isSet ? '•••••••• (saved)' : '',
    'aria-describedby': [stateId, envName ? envId : null, errId].filter(Boolean).join(' '),
  });
  const err = h('p', { class: 'field-error', id: errId });
  const el = h('div', { class: 'field' },
    h('label', { for: id }, label, ' ', h('span', { class: isSet ? 'badge secret-set' : 'badge', id: stateId },
      isSet ? 'set' : 'not set')),
    input,
    h('p', { class: 'field-hint' }, isSet ? 'Leave empty to keep the saved one.' : 'Not saved yet.'),
    envNote(envId, envName),
    err);
  return { el, input, err };
}

export function checkField(id, label, checked, hint, envName, wide = false) {
  const errId = id + '-error';
  const hintId = id + '-hint';
  const envId = id + '-env';
  const input = h('input', {
    id, name: id, type: 'checkbox',
    'aria-describedby': [hint ? hintId : null, envName ? envId : null, errId].filter(Boolean).join(' '),
  });
  input.checked = checked;
  const err = h('p', { class: 'field-error', id: errId });
  const el = h('div', { class: wide ? 'field check wide' : 'field check' },
    h('div', { class: 'check-row' }, input, h('label', { for: id }, label)),
    hint ? h('p', { class: 'field-hint', id: hintId }, hint) : null,
    envNote(envId, envName),
    err);
  return { el, input, err };
}

function envNote(id, envName) {
  if (!envName) return null;
  return h('p', { class: 'field-env', id }, 'Set by ', h('code', {}, envName), ', which wins over what is saved here.');
}

export function putText(out, key, input) {
  const v = input.value.trim();
  if (v !== '') out[key] = v;
}

/** A whole number as a number; anything else as typed, for the server to name what is wrong. */
export function putNumber(out, key, input) {
  const v = input.value.trim();
  if (v === '') return;
  out[key] = /^-?\d{1,15}$/.test(v) ? Number(v) : v;
}

/** The line under an entry where a test's outcome appears. */
export function testResult(id) {
  const el = h('div', { class: 'test-result', id, role: 'status' }, h('span', { class: 'test-outcome' }, 'Not tested yet.'));
  return {
    el,
    busy() {
      el.className = 'test-result busy';
      replaceChildren(el, h('span', {}, 'Testing…'));
    },
    fail(message) {
      el.className = 'test-result error';
      replaceChildren(el, h('span', { class: 'test-outcome' }, message));
    },
    show(ok, outcome, facts) {
      el.className = 'test-result ' + (ok ? 'ok' : 'error');
      replaceChildren(el, h('span', { class: 'test-outcome' }, outcome),
        h('dl', { class: 'test-facts' }, facts.filter(([, v]) => v !== null && v !== undefined && v !== '')
          .map(([k, v]) => h('div', {}, h('dt', {}, k), h('dd', {}, String(v))))));
    },
  };
}

const AUTH_WORDS = { ok: 'accepted', rejected: 'rejected', 'not needed': 'not needed (no username)', refused: 'refused' };

export function showProviderResult(result, a) {
  result.show(a.ok, a.ok ? sentence(a.message) : 'Failed: ' + a.message, [
    ['Greeting', a.greeting],
    ['Login', a.auth ? (AUTH_WORDS[a.auth] || a.auth) + (a.authReply ? ' (' + a.authReply + ')' : '') : null],
    ['Round trip', millis(a.roundTripMillis)],
    ['Connect', millis(a.connectMillis)],
    ['TLS', a.tls ? 'yes' : 'no'],
  ]);
}

export function showIndexerResult(result, a) {
  result.show(a.ok, a.ok ? sentence(a.message) : 'Failed: ' + a.message, [
    ['Server', a.title],
    ['Categories', a.ok ? a.categories : null],
  ]);
}

function sentence(text) {
  const t = String(text || '');
  return t.charAt(0).toUpperCase() + t.slice(1) + '.';
}

function millis(ms) {
  if (typeof ms !== 'number') return null;
  return ms < 1 ? '< 1 ms' : ms + ' ms';
}

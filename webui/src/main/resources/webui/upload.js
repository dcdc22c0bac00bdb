// The NZB upload control: a file picker that is also a drop zone, an optional name, and one
// status line per file with its progress and then the result or the server's error message.
import { h, setText } from './dom.js';
import { uploadNzb } from './api.js';

const KEEP_LINES = 6;

/**
 * Makes the control. Options: `idPrefix` (unique per page), `title`, `hint`, `withName` (show
 * the name field), `item` (add as a standby of this item id instead of a new item),
 * `onImported(item, created)` called after each success.
 */
export function uploadControl({ idPrefix, title, hint, withName = true, item = null, onImported = () => {} }) {
  const fileId = idPrefix + '-file';
  const nameId = idPrefix + '-name';
  const statusList = h('ul', { class: 'upload-status', id: idPrefix + '-status', 'aria-live': 'polite' });
  const nameInput = withName
    ? h('input', { id: nameId, type: 'text', name: 'name', autocomplete: 'off', spellcheck: 'false',
      placeholder: 'Used when the NZB has no title' })
    : null;
  const fileInput = h('input', {
    id: fileId, type: 'file', class: 'file-input', accept: '.nzb,application/x-nzb', multiple: true,
    'aria-describedby': idPrefix + '-hint ' + idPrefix + '-status',
  });
  const zone = h('div', { class: 'dropzone' },
    fileInput,
    h('label', { for: fileId, class: 'dropzone-label' },
      h('span', { class: 'button primary' }, 'Choose .nzb files'),
      h('span', { class: 'dropzone-text' }, ' or drop them here')));

  const start = (files) => {
    const list = Array.from(files || []);
    if (list.length === 0) return;
    uploadAll(list, nameInput && list.length === 1 ? nameInput.value : '');
  };

  async function uploadAll(files, name) {
    for (const file of files) {
      const line = statusLine(file.name);
      statusList.prepend(line.el);
      while (statusList.children.length > KEEP_LINES) statusList.lastElementChild.remove();
      try {
        const result = await uploadNzb(file, { name, item, onProgress: line.progress });
        line.done(result);
        onImported(result.item, result.status === 201);
        if (nameInput && files.length === 1) nameInput.value = '';
      } catch (e) {
        line.fail(e.message);
      }
    }
  }

  fileInput.addEventListener('change', () => {
    start(fileInput.files);
    fileInput.value = '';
  });
  zone.addEventListener('dragenter', (e) => {
    e.preventDefault();
    zone.classList.add('dragging');
  });
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  });
  zone.addEventListener('dragleave', (e) => {
    if (!zone.contains(e.relatedTarget)) zone.classList.remove('dragging');
  });
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('dragging');
    start(e.dataTransfer && e.dataTransfer.files);
  });

  function statusLine(fileName) {
    const bar = h('progress', { max: '1', value: '0', 'aria-label': 'Upload of ' + fileName });
    const message = h('span', { class: 'upload-message' }, 'Uploading…');
    const el = h('li', { class: 'upload-line busy' }, h('span', { class: 'upload-file' }, fileName), bar, message);
    return {
      el,
      progress(fraction) {
        bar.value = fraction;
        if (fraction >= 1) setText(message, 'Checking the release…');
      },
      done({ status, item: imported }) {
        bar.value = 1;
        el.className = 'upload-line ok';
        bar.remove();
        const created = status === 201;
        const what = item === null
          ? (created ? 'Imported as ' : 'Already in the library as ')
          : (created ? 'Added as a standby of ' : 'Already imported, in ');
        setText(message, '');
        message.append(what, h('a', { href: '#/items/' + imported.id }, '“' + imported.name + '”'));
      },
      fail(text) {
        el.className = 'upload-line error';
        bar.remove();
        message.setAttribute('role', 'alert');
        setText(message, text);
      },
    };
  }

  return h('section', { class: 'panel upload', 'aria-labelledby': idPrefix + '-title' },
    h('h2', { id: idPrefix + '-title' }, title),
    h('p', { class: 'hint', id: idPrefix + '-hint' }, hint),
    h('div', { class: 'upload-row' },
      nameInput ? h('div', { class: 'field' }, h('label', { for: nameId }, 'Name (optional)'), nameInput) : null,
      zone),
    statusList);
}

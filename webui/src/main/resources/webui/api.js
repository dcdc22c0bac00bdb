// Talking to the REST API (docs/api.md). Every failure becomes an ApiError whose message is
// the server's own {"error": ...} text when it sent one, so the UI can show it next to the
// control that caused it.

/**
 * Sent with every request: the server refuses changes without it (CSRF), and shows the API key
 * only with it.
 */
export const CSRF_HEADER = 'X-NZBMount-Request';

export class ApiError extends Error {
  /**
   * `status` is the HTTP status, 0 when the server could not be reached; `data` the parsed JSON
   * body of the refusal (e.g. the field messages of invalid settings), null when there was none.
   */
  constructor(message, status, data = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

/**
 * The absolute URL of an API path. Relative URLs resolve against the page's URL, and a page
 * opened as http://user:password@host/ would make fetch refuse every request; the origin never
 * holds credentials (the browser keeps those in its login cache and sends them itself).
 */
function apiUrl(path) {
  return new URL(path, location.origin).href;
}

/** Calls the API; resolves to the parsed JSON body (null for 204), rejects with ApiError. */
export async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  headers[CSRF_HEADER] = '1';
  let response;
  try {
    response = await fetch(apiUrl(path), { method, headers, body, credentials: 'same-origin', cache: 'no-store' });
  } catch (e) {
    throw new ApiError('Cannot reach the server (' + (e && e.message ? e.message : e) + ').', 0);
  }
  let text;
  try {
    text = await response.text();
  } catch (e) {
    throw new ApiError('The answer was cut short (' + (e && e.message ? e.message : e) + ').', response.status);
  }
  return interpret(response.status, response.statusText, text);
}

function interpret(status, statusText, text) {
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (status < 200 || status > 299) {
    const message = data && typeof data.error === 'string' && data.error
      ? data.error
      : 'The server answered ' + status + (statusText ? ' ' + statusText : '') + '.';
    throw new ApiError(message, status, data || null);
  }
  if (data === undefined) throw new ApiError('The server answered with something that is not JSON.', status);
  return data;
}

/**
 * Uploads one NZB file as a multipart form (field `file`, optional field `name`) to
 * POST /api/nzbs, or as a standby of item `item`. Uses XMLHttpRequest for upload progress:
 * `onProgress(fraction)` is called as bytes go out. Resolves to {status, item}.
 */
export function uploadNzb(file, { name = '', item = null, onProgress = () => {} } = {}) {
  return new Promise((resolve, reject) => {
    const query = item === null ? '' : '?' + new URLSearchParams({ item: String(item), role: 'standby' });
    const form = new FormData();
    form.append('file', file, file.name);
    if (name.trim()) form.append('name', name.trim());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/api/nzbs' + query));
    xhr.setRequestHeader(CSRF_HEADER, '1');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    });
    xhr.addEventListener('load', () => {
      try {
        resolve({ status: xhr.status, item: interpret(xhr.status, xhr.statusText, xhr.responseText) });
      } catch (e) {
        reject(e);
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError('Cannot reach the server: the upload did not get through.', 0)));
    xhr.addEventListener('abort', () => reject(new ApiError('The upload was cancelled.', 0)));
    xhr.send(form);
  });
}

/** The list entry of an item (GET /api/items) made from a full item (GET /api/items/{id}). */
export function summaryOf(item) {
  return {
    id: item.id,
    name: item.name,
    created: item.created,
    files: item.files.length,
    size: item.files.reduce((sum, f) => sum + f.size, 0),
    primaryState: item.primary ? item.primary.state : null,
    standby: item.standby.length,
  };
}

/** The absolute WebDAV URL of a file path from the API (already percent-encoded). */
export function davUrl(path) {
  return location.origin + path;
}

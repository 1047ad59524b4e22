/* The page itself: its elements, its texts (from the session), the line for messages, which screen shows. */

/**
 * @param {string} id
 * @returns {any} the element (the page has every id this script asks for)
 */
export const $ = (id) => document.getElementById(id);

/** The page's texts in the viewer's language (the session's "texts"), filled in once the session is read. */
export const texts = /** @type {Object<string, string>} */ ({});

/**
 * A text with its placeholders filled in: text('play', { point: '10-9' }) for "Play {point}".
 * @param {string} key
 * @param {Object<string, string | number>} [values]
 * @param {string} [fallback] before the session is read
 */
export function text(key, values = {}, fallback = '') {
  let result = texts[key] || fallback;
  Object.keys(values).forEach((name) => { result = result.replace('{' + name + '}', String(values[name])); });
  return result;
}

/**
 * What the browser tests read of the page (window.tochki): the state shown, the view, the chosen point...
 * @type {{ ready: boolean, local: boolean, state?: any, view?: any, pos?: any, rulers?: any,
 *   selected?: string | null, replayAt?: number | null, review?: any, marks?: any }}
 */
export const probe = { ready: false, local: false };
/** @type {any} */ (window).tochki = probe;

/**
 * The message line under the board ('' clears it).
 * @param {string} message
 * @param {boolean} [isError]
 */
export function say(message, isError = false) {
  const line = $('message');
  line.textContent = message || '';
  line.className = isError ? 'error' : '';
}

/**
 * Show one screen of the page: the games list, a game, or a sentence that nothing more can be done.
 * @param {'games' | 'game' | 'fatal'} name
 */
export function showScreen(name) {
  $('games').hidden = name !== 'games';
  $('game').hidden = name !== 'game';
  $('fatal').hidden = name !== 'fatal';
}

/**
 * Nothing more can be done here: say why.
 * @param {string} message
 */
export function fatal(message) {
  $('fatal').textContent = message;
  showScreen('fatal');
}

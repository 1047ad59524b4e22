/* Telegram's side of the page (window.Telegram.WebApp, from telegram-web-app.js): its main and back buttons, haptic
   feedback, the closing confirmation, the theme. Everything here does nothing outside Telegram (local mode, a browser)
   and on clients too old to have it. */

/** @type {any} */
const tg = (/** @type {any} */ (window).Telegram || {}).WebApp || null;

/** Whether the page runs inside Telegram. */
export const inTelegram = tg !== null;

/** The signed initData the server checks (empty outside Telegram). */
export const initData = tg ? tg.initData || '' : '';

/** Telegram's theme colours (bg_color, text_color, ...), or an empty object. */
export function themeParams() { return (tg && tg.themeParams) || {}; }

/** Telegram's colour scheme ('light' or 'dark'), or null outside Telegram. */
export function colorScheme() { return tg ? tg.colorScheme : null; }

/**
 * Call `name` on `target` (a part of Telegram.WebApp) if this client has it: older clients lack some methods.
 * @param {any} target
 * @param {string} name
 * @param {...any} args
 */
function call(target, name, ...args) {
  if (!target || typeof target[name] !== 'function') return;
  try { target[name](...args); } catch (err) { /* an older client that has the name but not the feature */ }
}

/**
 * The page is ready: Telegram shows it full height, and a vertical drag on the board pans it instead of closing the
 * app. `events` are Telegram's events the page follows (themeChanged, viewportChanged).
 * @param {Object<string, () => void>} events
 */
export function start(events) {
  if (!tg) return;
  call(tg, 'ready');
  call(tg, 'expand');
  call(tg, 'disableVerticalSwipes');
  Object.keys(events).forEach((name) => call(tg, 'onEvent', name, events[name]));
}

/** Telegram's main button under the page, when there is one. */
export const mainButton = {
  available: !!(tg && tg.MainButton),
  /** @param {string} text */
  show(text) {
    const b = tg.MainButton;
    b.setText(text);
    b.show();
    call(b, 'enable');
  },
  hide() {
    if (!this.available) return;
    call(tg.MainButton, 'hideProgress');
    tg.MainButton.hide();
  },
  /** @param {boolean} on */
  progress(on) { if (this.available) call(tg.MainButton, on ? 'showProgress' : 'hideProgress', false); },
  /** @param {() => void} handler */
  onClick(handler) { if (this.available) tg.MainButton.onClick(handler); },
};

/** Telegram's back button at the top of the app. */
export const backButton = {
  available: !!(tg && tg.BackButton),
  show() { if (this.available) call(tg.BackButton, 'show'); },
  hide() { if (this.available) call(tg.BackButton, 'hide'); },
  /** @param {() => void} handler */
  onClick(handler) { if (this.available) call(tg.BackButton, 'onClick', handler); },
};

/** The phone's haptic feedback. */
export const haptic = {
  /** A point was chosen. */
  selection() { call(tg && tg.HapticFeedback, 'selectionChanged'); },
  /**
   * A dot was placed.
   * @param {'light' | 'medium' | 'heavy' | 'rigid' | 'soft'} style
   */
  impact(style) { call(tg && tg.HapticFeedback, 'impactOccurred', style); },
  /**
   * Something happened to the player: a capture (theirs: success, of their dots: warning), a refusal (error).
   * @param {'success' | 'warning' | 'error'} type
   */
  notify(type) { call(tg && tg.HapticFeedback, 'notificationOccurred', type); },
};

/**
 * While a move is chosen and not yet played, closing the app asks first.
 * @param {boolean} on
 */
export function confirmClosing(on) {
  call(tg, on ? 'enableClosingConfirmation' : 'disableClosingConfirmation');
}

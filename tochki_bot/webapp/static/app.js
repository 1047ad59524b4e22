/* Точки Mini App: the live board of a game (zoom, pan, tap a point, confirm), a player's games, replays. No framework
   and no build step: ES modules, each one part of the page (the API is tochki_bot/webapp/server.py; what its JSON holds
   is contract.js). Local mode (tochki-bot local: no Telegram, the session has "local") adds local.js.

   app.js      starts the page: the session, then a game or the games list
   api.js      the server: requests, idempotency keys, what an answer to a change means
   page.js     the page's elements, texts, message line and screens; window.tochki for the browser tests
   telegram.js Telegram's buttons, haptic feedback and closing confirmation (nothing outside Telegram)
   theme.js    colours   position.js  points and any move number's position   board.js  the canvas
   gestures.js taps, pans, pinches   game.js  the game screen   games.js  the list   local.js  local mode */

import { request } from './api.js';
import { GameScreen } from './game.js';
import { showGames } from './games.js';
import { localExtras } from './local.js';
import { $, fatal, probe, texts } from './page.js';
import { backButton, initData, start as startTelegram } from './telegram.js';
import { applyTheme } from './theme.js';

/**
 * @typedef {import('./contract.js').Session} Session
 * @typedef {import('./game.js').Extras} Extras
 */

/** @type {Extras} the Mini App in Telegram adds nothing */
const telegramExtras = {
  namesSayWho: false,
  opened() { $('exports').hidden = true; },
  shown() {},
  left() {},
  listed() {},
};

const OUTSIDE = 'Open this page from the bot in Telegram.';

async function main() {
  let palette = applyTheme();
  /** @type {GameScreen | null} */
  let screen = null;
  startTelegram({
    themeChanged: () => { palette = applyTheme(); if (screen) screen.setPalette(palette); },
    viewportChanged: () => { if (screen) screen.resize(); },
  });
  let session;
  try {
    const answer = await request('api/session');  // without initData only local mode answers (tochki-bot local)
    if (answer.status !== 200) {
      fatal(!initData && answer.status === 401 ? OUTSIDE : answer.body.message || OUTSIDE);
      return;
    }
    session = /** @type {Session} */ (answer.body);
  } catch (err) {
    fatal('Offline');
    return;
  }
  Object.assign(texts, session.texts);
  document.documentElement.lang = session.lang || 'en';
  const local = session.local;
  probe.local = local !== null;
  if (local && texts.title) document.title = texts.title;

  /** @param {number} id */
  const openFromList = (id) => gameScreen.open(id, null, true);
  const list = () => { extras.listed(); showGames(openFromList); };
  const extras = local ? localExtras(local, openFromList) : telegramExtras;
  const gameScreen = new GameScreen(extras, list);
  screen = gameScreen;
  gameScreen.setPalette(palette);
  backButton.onClick(() => gameScreen.back());
  window.addEventListener('resize', () => gameScreen.resize());
  if (window.ResizeObserver) new ResizeObserver(() => gameScreen.resize()).observe($('board-wrap'));

  const query = new URLSearchParams(location.search);
  const linked = session.linked_game;
  const id = +(query.get('game') || (linked && linked.id) || 0);
  const watch = query.get('watch') || (linked && linked.watch) || null;
  if (id > 0) gameScreen.open(id, watch, local !== null); else list();
}

main();

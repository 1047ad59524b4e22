/* Точки Mini App: a puzzle on the whole board. Tap the point you would play, confirm it, and the page says right or
   wrong and shows the solution; "Next puzzle" asks for the next one. Opened from the puzzle's message in the private
   chat (?puzzle=<id>), or by a direct link (startapp=p<id>, or just p: the next puzzle for you).
   The API is tochki_bot/webapp/server.py (api/puzzles/...), its JSON tochki_bot/webapp/puzzle.py (contract.js:
   PuzzlePage). Nothing in a puzzle's page gives its solution away before it is answered. */

import { newKey, post, request } from './api.js';
import { Board } from './board.js';
import { followGestures } from './gestures.js';
import { $, probe, text, texts } from './page.js';
import { column, isFree, label, positionAt, row } from './position.js';
import { confirmClosing, haptic, mainButton, start as startTelegram } from './telegram.js';
import { applyTheme } from './theme.js';

/**
 * @typedef {import('./contract.js').PuzzlePage} PuzzlePage
 * @typedef {import('./contract.js').GameState} GameState
 */

/** @type {any} */
const tg = (/** @type {any} */ (window).Telegram || {}).WebApp || null;

/** The puzzle asked for: by the direct link's start parameter, else by the page's query; 0: the next one. */
function target() {
  const start = (tg && tg.initDataUnsafe && tg.initDataUnsafe.start_param) || '';
  const match = /^p(\d{0,12})$/.exec(start);
  if (match) return +(match[1] || 0);
  return +(new URLSearchParams(location.search).get('puzzle') || 0);
}

/** @param {string} message */
function fatal(message) {
  $('game').hidden = true;
  $('fatal').textContent = message;
  $('fatal').hidden = false;
}

/**
 * @param {string} message
 * @param {string} [kind] 'error', 'right' or ''
 */
function say(message, kind = '') {
  $('message').textContent = message;
  $('message').className = kind;
}

class PuzzleScreen {
  constructor() {
    this.board = new Board($('board'), $('zoom'));
    /** @type {PuzzlePage | null} */
    this.page = null;
    /** The point chosen (-1: none). */
    this.selected = -1;
    /** @type {string | null} the chosen answer's idempotency key, kept while it may need sending again */
    this.key = null;
    this.busy = false;
    followGestures(this.board, $('zoom-in'), $('zoom-out'), {
      tap: (x, y) => this.tap(x, y),
      changed: () => this.draw(),
    });
    mainButton.onClick(() => this.answer());
    $('confirm').addEventListener('click', () => this.answer());
    $('next').addEventListener('click', () => this.open(0));
  }

  /** @param {any} palette */
  setPalette(palette) { this.board.palette = palette; this.draw(); }

  /** The board's state: the page's position, drawn as a game's. */
  get state() { return /** @type {GameState} */ (/** @type {any} */ (this.page && this.page.board)); }

  /**
   * Show a puzzle (0: the next one for the viewer).
   * @param {number} id
   */
  async open(id) {
    probe.ready = false;
    this.choose(-1);
    let answer;
    try {
      answer = await request(id ? 'api/puzzles/' + id : 'api/puzzles/next');
    } catch (err) {
      fatal(text('offline', {}, 'Offline'));
      return;
    }
    if (answer.status !== 200) { fatal(answer.body.message || text('error', {}, 'Error')); return; }
    this.show(/** @type {PuzzlePage} */ (answer.body));
  }

  /** @param {PuzzlePage} page */
  show(page) {
    const first = !this.page || this.page.id !== page.id;
    this.page = page;
    Object.assign(texts, page.texts);
    probe.state = page.board;
    /** @type {any} */ (window).tochkiPuzzle = page;
    $('game').hidden = false;
    $('fatal').hidden = true;
    $('p-title').textContent = page.title;
    $('status-text').textContent = page.task;
    if (first) { this.board.show(this.state); this.board.resize(); } else this.board.state = this.state;
    const done = page.answered;
    $('next').hidden = !done;
    $('next').textContent = text('next');
    if (done) say(done.text, done.correct ? 'right' : 'error');
    else say(text('how'));
    this.choose(-1);
    this.draw();
    probe.ready = true;
  }

  draw() {
    const page = this.page;
    if (!page || !this.board.palette || !this.board.state) return;
    const state = this.state;
    const pos = positionAt(state, state.ply);
    const done = page.answered;
    // Once answered, the solution is the last dot (its ring) and the point answered is marked if it was another.
    const selected = done ? (done.answer !== null && done.answer !== done.solution ? done.answer : -1) : this.selected;
    this.board.draw({ state, pos, selected });
    const b = this.board;
    probe.view = { cell: b.cell, fit: b.fit, ox: b.ox, oy: b.oy, zoom: b.zoom };
  }

  /**
   * A tap on the board: a free point is chosen as the answer.
   * @param {number} x @param {number} y
   */
  tap(x, y) {
    const page = this.page;
    if (!page || page.answered || this.busy) return;
    const point = this.board.pointAt(x, y);
    if (point < 0 || point === this.selected || !isFree(this.state, point)) return;
    haptic.selection();
    this.choose(point);
    this.draw();
  }

  /** @param {number} point the chosen point (-1: none) */
  choose(point) {
    this.selected = point;
    this.key = null;
    const chosen = point >= 0 && this.page !== null;
    confirmClosing(chosen);
    $('pick').hidden = !chosen;
    probe.selected = chosen ? label(this.state, point) : null;
    if (!chosen) {
      $('confirm').hidden = true;
      mainButton.hide();
      return;
    }
    const name = label(this.state, point);
    $('pick').textContent = name;
    const caption = text('answer', { point: name }, 'Answer {point}');
    if (mainButton.available) mainButton.show(caption);
    else { $('confirm').textContent = caption; $('confirm').hidden = false; }
  }

  /** Send the chosen point (again, with the same key, after no answer). */
  async answer() {
    const page = this.page;
    if (!page || page.answered || this.selected < 0 || this.busy) return;
    const point = this.selected, state = this.state;
    const x = column(state, point), y = row(state, point);
    this.key = this.key || newKey();
    this.busy = true;
    mainButton.progress(true);
    let answer;
    try {
      answer = await post('api/puzzles/' + page.id + '/answers', { x, y, key: this.key });
    } catch (err) {
      this.busy = false;
      mainButton.progress(false);
      say(text('offline', {}, 'Offline'), 'error');
      return;
    }
    this.busy = false;
    mainButton.progress(false);
    if (answer.status !== 200) { say(answer.body.message || text('error'), 'error'); haptic.notify('error'); return; }
    const next = /** @type {PuzzlePage} */ (answer.body);
    haptic.notify(next.answered && next.answered.correct ? 'success' : 'error');
    this.show(next);
  }
}

async function main() {
  let palette = applyTheme();
  const screen = new PuzzleScreen();
  screen.setPalette(palette);
  startTelegram({
    themeChanged: () => { palette = applyTheme(); screen.setPalette(palette); },
    viewportChanged: () => { screen.board.resize(); screen.draw(); },
  });
  window.addEventListener('resize', () => { screen.board.resize(); screen.draw(); });
  await screen.open(target());
}

main();

/* The game screen: the live board of one game (kept up to date by a long poll), choosing and playing a point, the
   other steps of a move (closing pools, Done, the end of the extra dots), the clock, and the replay of a finished
   game with its review (review.js: the graph, the mistakes; a mistake shown marked on the board). What a mode adds (local mode: downloads, resigning, grounding) comes in through its Extras. */

import { newKey, outcome, post, request, sleep } from './api.js';
import { Board, RULER } from './board.js';
import { followGestures } from './gestures.js';
import { $, fatal, probe, say, showScreen, text } from './page.js';
import { column, isFree, label, positionAt, row } from './position.js';
import { ReviewPanel } from './review.js';
import { backButton, confirmClosing, haptic, mainButton } from './telegram.js';

/**
 * @typedef {import('./contract.js').GameState} GameState
 * @typedef {import('./contract.js').Colour} Colour
 * @typedef {import('./api.js').Outcome} Outcome
 * @typedef {import('./theme.js').Palette} Palette
 * @typedef {import('./review.js').Marks} Marks
 */

/**
 * What a mode adds to the game screen and the list.
 * @typedef {Object} Extras
 * @property {boolean} namesSayWho the players' names say who is who (no "(you)" after one)
 * @property {(screen: GameScreen) => void} opened the screen shows a game (screen.gameId)
 * @property {(screen: GameScreen) => void} shown a new state is shown (screen.state)
 * @property {() => void} left the screen went back to the list
 * @property {() => void} listed the list is shown
 */

/** The button that plays the chosen point: Telegram's main button, else the page's own. */
const playButton = {
  /** @param {string} caption */
  show(caption) {
    if (mainButton.available) { mainButton.show(caption); return; }
    const button = $('confirm');
    button.textContent = caption; button.hidden = false;
  },
  hide() { mainButton.hide(); $('confirm').hidden = true; },
  /** @param {boolean} on */
  progress(on) { mainButton.progress(on); },
};

/** @param {number} dot */
const colourOf = (dot) => (dot > 0 ? 'blue' : 'red');

export class GameScreen {
  /**
   * @param {Extras} extras
   * @param {() => void} toList show the games list
   */
  constructor(extras, toList) {
    this.extras = extras;
    this.toList = toList;
    this.board = new Board($('board'), $('zoom'));
    /** @type {Palette | null} */
    this.palette = null;
    this.gameId = 0;
    /** @type {string | null} the spectator code the game was opened with */
    this.watch = null;
    /** @type {GameState | null} */
    this.state = null;
    /** The point chosen (-1: none). */
    this.selected = -1;
    /** @type {number | null} the move shown by the replay slider (null: the live position) */
    this.replayAt = null;
    /** A change is being sent. */
    this.busy = false;
    /** @type {string | null} the chosen move's idempotency key, kept while it may need sending again */
    this.moveKey = null;
    /** Bumped to end the running long poll. */
    this.polling = 0;
    /** @type {number | null} when the move's time runs out (Date.now() milliseconds) */
    this.deadline = null;
    /** Whether Telegram asks before closing (a move is chosen). */
    this.guarded = false;
    /** @type {Marks | null} a reviewed move's marks (shown while the replay is at the position before it) */
    this.marks = null;
    this.review = new ReviewPanel((marks) => this.showMarks(marks));
    followGestures(this.board, $('zoom-in'), $('zoom-out'), {
      tap: (x, y) => this.tap(x, y),
      changed: () => this.draw(),
    });
    mainButton.onClick(() => this.play());
    $('confirm').addEventListener('click', () => this.play());
    $('back').addEventListener('click', () => this.leave());
    $('slider').addEventListener('input', () => {
      const ply = +$('slider').value;
      this.replay(ply === this.state?.ply ? null : ply);
    });
    setInterval(() => this.tickClock(), 1000);
  }

  /** @param {Palette} palette */
  setPalette(palette) {
    this.palette = palette;
    this.board.palette = palette;
    this.review.setPalette(palette);
    this.draw();
  }

  /**
   * Show a game: its state now, then every change as it happens.
   * @param {number} id
   * @param {string | null} watch
   * @param {boolean} fromList opened from the games list (the page's own back button goes back to it)
   */
  open(id, watch, fromList) {
    this.gameId = id; this.watch = watch;
    this.polling++;
    this.state = null; this.board.state = null; this.selected = -1; this.moveKey = null; this.busy = false;
    this.marks = null; this.review.close();
    this.replay(null);
    probe.ready = false;
    showScreen('game');
    $('back').hidden = backButton.available || !fromList;  // in Telegram, its own back button
    backButton.show();
    this.extras.opened(this);
    say(''); this.showSelection();
    this.resize();
    const token = this.polling;
    request('api/games/' + id + this.watchQuery('?')).then((answer) => {
      if (token !== this.polling) return;
      if (answer.status !== 200) { this.fail(answer.body.message || text('error')); return; }
      this.setState(answer.body);
      this.poll(token);
    }, () => { if (token === this.polling) this.fail(text('offline', {}, 'Offline')); });
  }

  /** Back: from a replayed move to the game as it ended, else to the games list. */
  back() {
    if (this.replayAt !== null && this.state) {
      $('slider').value = String(this.state.ply);
      this.replay(null);
      return;
    }
    this.leave();
  }

  /** To the games list. */
  leave() {
    this.polling++;
    this.state = null; this.board.state = null; this.selected = -1; this.moveKey = null;
    this.marks = null; this.review.close();
    this.showSelection();
    backButton.hide();
    this.extras.left();
    this.toList();
  }

  /** @param {string} message */
  fail(message) {
    this.polling++;
    playButton.hide();
    backButton.hide();
    fatal(message);
  }

  /** @param {string} separator '?' or '&' */
  watchQuery(separator) { return this.watch ? separator + 'watch=' + encodeURIComponent(this.watch) : ''; }

  /** The move number shown: the live one, or the replay slider's. */
  shownPly() { return this.replayAt === null ? /** @type {GameState} */ (this.state).ply : this.replayAt; }

  /**
   * Show another state of the game (from the server: an answer, the long poll).
   * @param {GameState} next
   */
  setState(next) {
    const previous = this.state;
    const first = !previous || previous.id !== next.id;
    const moved = !previous || previous.version !== next.version;
    const wasLive = this.replayAt === null || (previous !== null && this.replayAt === previous.ply);
    this.state = next;
    probe.state = next;
    this.deadline = next.time_left === null ? null : Date.now() + next.time_left * 1000;
    if (first) this.board.show(next); else this.board.state = next;
    if (previous && !first) this.feel(previous, next);
    if (moved && this.selected >= 0 && (!next.can_move || !isFree(next, this.selected))) this.clearSelection();
    const over = next.state === 'finished' || next.state === 'cancelled';
    $('replay').hidden = !over || next.ply === 0;
    if (over) {
      const slider = $('slider');
      slider.max = String(next.ply);
      if (first || wasLive) { slider.value = String(next.ply); this.replayAt = null; probe.replayAt = null; }
      this.replayText();
    } else {
      this.replayAt = null; probe.replayAt = null;
    }
    if (next.state === 'finished' && (first || previous.state !== 'finished')) this.review.open(next, this.watch);
    this.header();
    this.draw();
    probe.ready = true;
  }

  /**
   * The phone feels what a change did: a capture (the viewer's: success; of the viewer's dots: a warning), else a
   * dot placed (the viewer's own: a firmer tap).
   * @param {GameState} previous
   * @param {GameState} next
   */
  feel(previous, next) {
    const captures = next.areas.slice(previous.areas.length);
    const dots = next.move_dots.slice(previous.move_dots.length);
    const you = previous.your_colour;
    if (captures.length) haptic.notify(you && !captures.some((area) => area.owner === you) ? 'warning' : 'success');
    else if (dots.length) haptic.impact(dots.some((dot) => colourOf(dot) === you) ? 'medium' : 'light');
  }

  draw() {
    const state = this.state;
    if (!state || !this.board.state || !this.palette) return;
    const pos = positionAt(state, this.shownPly());
    probe.pos = pos;
    const marks = this.marks && this.marks.at === this.shownPly() ? this.marks : null;
    probe.marks = marks && { at: marks.at, played: marks.played >= 0 ? label(state, marks.played) : null,
      best: marks.best >= 0 ? label(state, marks.best) : null };
    this.board.draw({ state, pos, selected: this.replayAt === null ? this.selected : -1, marks });
    const b = this.board;
    probe.view = { cell: b.cell, fit: b.fit, ox: b.ox, oy: b.oy, zoom: b.zoom };
    probe.rulers = { ...b.rulers, width: RULER };
  }

  /** The page's size changed (Telegram's main button, a rotation). */
  resize() {
    this.board.resize();
    this.draw();
    this.review.drawGraph();
  }

  // --------------------------------------------------------------------------------------------------------------
  // Choosing and playing a point

  /** @param {number} point */
  playable(point) {
    const state = this.state;
    return !!state && state.can_move && this.replayAt === null && !this.busy && isFree(state, point);
  }

  /**
   * A tap on the board: a free point is chosen (a taken point, one inside an area, not your move: nothing happens).
   * @param {number} x @param {number} y
   */
  tap(x, y) {
    const point = this.board.pointAt(x, y);
    if (point < 0 || point === this.selected || !this.playable(point)) return;
    this.selected = point;
    this.moveKey = null;
    haptic.selection();
    this.showSelection();
    this.header();
    this.draw();
  }

  clearSelection() {
    this.selected = -1;
    this.moveKey = null;
    this.showSelection();
  }

  showSelection() {
    const chosen = this.selected >= 0 && this.state !== null;
    if (chosen !== this.guarded) { confirmClosing(chosen); this.guarded = chosen; }
    const pick = $('pick');
    if (!chosen) {
      pick.hidden = true; playButton.hide(); probe.selected = null;
      return;
    }
    const name = label(/** @type {GameState} */ (this.state), this.selected);
    pick.textContent = name; pick.hidden = false; probe.selected = name;
    playButton.show(text('play', { point: name }, 'Play {point}'));
  }

  /** Play the chosen point. */
  async play() {
    const state = this.state, point = this.selected;
    if (this.busy || point < 0 || !state || !state.can_move) return;
    this.moveKey = this.moveKey || newKey();
    playButton.progress(true);
    const sent = await this.change('moves', { x: column(state, point), y: row(state, point), ply: state.ply, key: this.moveKey });
    if (sent === null) playButton.progress(false);  // no answer: the same key again is safe (the server plays it once)
  }

  /**
   * Send a change of the game (a move, a step of one, resigning...) and show what came of it: the new state, or the
   * refusal's reason (with the game as it is now, when the answer has it). Every change goes through here.
   * @param {string} action the path after api/games/<id>/
   * @param {Object} body
   * @returns {Promise<Outcome | null>} null: no answer (offline)
   */
  async change(action, body) {
    if (this.busy || !this.state) return null;
    this.busy = true;
    let answer;
    try {
      answer = await post('api/games/' + this.gameId + '/' + action, body);
    } catch (err) {
      this.busy = false;
      say(text('offline', {}, 'Offline'), true);
      return null;
    }
    this.busy = false;
    const result = outcome(answer, text('error'));
    this.clearSelection();
    say(result.message, !result.ok);
    if (!result.ok) haptic.notify('error');
    if (result.state) this.setState(result.state);
    return result;
  }

  // --------------------------------------------------------------------------------------------------------------
  // Header, status, the steps of a move, clock, replay

  header() {
    const state = /** @type {GameState} */ (this.state);
    /** @type {Colour[]} */ (['blue', 'red']).forEach((colour) => {
      const side = state.players[colour];
      const yours = state.your_colour === colour && !this.extras.namesSayWho;
      $(colour + '-name').textContent = side.name + (yours ? ' (' + text('you', {}, 'you') + ')' : '');
      $(colour + '-score').textContent = String(side.score);
      /** @type {Element} */ (document.querySelector('.side.' + colour)).classList.toggle('turn', state.to_move === colour);
    });
    $('game-id').textContent = '#' + state.id;
    let line = state.status_text;
    if (!state.your_colour && state.state === 'active') line += ' · ' + text('watching');
    $('status-text').textContent = line;
    const marks = this.marks && this.marks.at === this.shownPly() ? this.marks : null;
    $('last-move').textContent = marks ? marks.caption : state.last_move_text;  // a reviewed move: what it lost
    $('last-move').className = marks ? 'review' : '';
    const message = $('message');
    if (!message.className) message.textContent = state.can_move && this.selected < 0 && this.replayAt === null ? text('tap') : '';
    $('status').className = state.can_move || state.can_close || state.can_finish ? 'mine' : '';
    this.showSteps();
    this.extras.shown(this);
    this.tickClock();
  }

  /**
   * The steps of a move that are not a dot: closing pools after your dot (Polish, territory rules), Done, and the end
   * of the extra dots after the opponent's STOP. Each is sent once per key, at the ply it was shown for.
   */
  showSteps() {
    const state = /** @type {GameState} */ (this.state), box = $('actions'), labels = state.button_labels;
    box.textContent = '';
    /** @param {string} caption @param {string} action @param {Object} [extra] */
    const step = (caption, action, extra = {}) => {
      const button = document.createElement('button');
      button.type = 'button'; button.textContent = caption;
      button.addEventListener('click', () => {
        if (this.state) this.change(action, { ply: this.state.ply, key: newKey(), ...extra });
      });
      box.appendChild(button);
    };
    if (state.can_close && this.replayAt === null) {
      state.pools.forEach((pool) => {
        step('⭕ ' + label(state, pool.point) + ' · ' + pool.captures, 'close', { x: column(state, pool.point), y: row(state, pool.point) });
      });
      if (state.pools.length > 1) step(labels.close_all, 'close', { all: true });
      step(labels.done, 'done');
    } else if (state.can_finish && this.replayAt === null) {
      step(labels.finish, 'finish', { auto: false });
      step(labels.autofinish, 'finish', { auto: true });
    }
    box.hidden = !box.firstChild;
  }

  tickClock() {
    const clock = $('clock');
    if (this.deadline === null || !this.state) { clock.textContent = ''; return; }
    const left = Math.max(0, (this.deadline - Date.now()) / 1000);
    if (left >= 3600) { clock.textContent = '· ' + (this.state.time_left_text || ''); return; }
    const minutes = Math.floor(left / 60), seconds = Math.floor(left % 60);
    clock.textContent = '· ⏱ ' + minutes + ':' + String(seconds).padStart(2, '0');
  }

  /**
   * Show move `ply` of a finished game (null: as it ended).
   * @param {number | null} ply
   */
  replay(ply) {
    this.replayAt = ply;
    probe.replayAt = ply;
    if (!this.state) return;
    if (this.marks && this.marks.at !== this.shownPly()) this.marks = null;
    this.review.cursor(this.shownPly());
    this.replayText();
    this.header();
    this.draw();
  }

  /**
   * A reviewed move chosen (review.js): the replay goes to the position before it, the move played and the better
   * one marked on the board.
   * @param {Marks} marks
   */
  showMarks(marks) {
    const state = this.state;
    if (!state) return;
    const at = Math.max(0, Math.min(marks.at, state.ply));
    this.marks = { ...marks, at };
    $('slider').value = String(at);
    haptic.selection();
    this.replay(at === state.ply ? null : at);
  }

  replayText() {
    const state = /** @type {GameState} */ (this.state), total = state.move_dots.length;
    $('replay-text').textContent = text('replay', { ply: Math.min(this.shownPly(), total), total }, '{ply} / {total}');
  }

  /**
   * The long poll: the game's state each time it changes, until another game (or the list) is shown.
   * @param {number} token
   */
  async poll(token) {
    while (token === this.polling && this.state) {
      let answer;
      try {
        answer = await request('api/games/' + this.gameId + '/updates?version=' + encodeURIComponent(this.state.version) + this.watchQuery('&'));
      } catch (err) {
        if (token !== this.polling) return;
        say(text('offline', {}, 'Offline'), true);
        await sleep(2000);
        if (token === this.polling) say('');
        continue;
      }
      if (token !== this.polling) return;
      if (answer.status === 200) this.setState(answer.body);
      else if (answer.status === 429) await sleep(1000 * Math.max(1, answer.retry));
      else if (answer.status >= 500) await sleep(2000);
      else { say(answer.body.message || text('error'), true); return; }
    }
  }
}

/* The review of a finished game on the game screen: the Review action, the progress while it runs (asked for every
   2 seconds), then the evaluation graph (the expected score difference by move: blue above zero, red below; the
   mistakes as dots in the mover's colour), each player's numbers and the list of mistakes. Tapping a mistake, or its
   dot on the graph, shows the position before it with the move played and the better one marked (game.js, board.js).
   The server's side: api/games/<id>/review (contract.js: ReviewPage). */

import { post, request, sleep } from './api.js';
import { $, probe, say, text } from './page.js';
import { initData } from './telegram.js';

/**
 * @typedef {import('./contract.js').Colour} Colour
 * @typedef {import('./contract.js').GameState} GameState
 * @typedef {import('./contract.js').ReviewPage} ReviewPage
 * @typedef {import('./contract.js').ReviewMove} ReviewMove
 * @typedef {import('./theme.js').Palette} Palette
 */

/**
 * What the board marks on the position before a reviewed move: the move played and the better one.
 * @typedef {Object} Marks
 * @property {number} at the move number shown (the position before the move)
 * @property {number} ply the move
 * @property {number} played its point (-1: a grounding)
 * @property {number} best the better move's point (-1: grounding, or none better)
 * @property {Colour} colour who moved
 * @property {string} caption what it lost and what was better
 */

/** How often a running review is asked about, in milliseconds. */
const POLL = 2000;
/** The graph's inner margins, in CSS pixels: left and right, top and bottom. */
const PAD_X = 8;
const PAD_Y = 8;
/** How near a tap must be to a mistake's dot to mean it, in CSS pixels. */
const NEAR = 16;
const TAU = 2 * Math.PI;

/**
 * A round top for the graph's scale, at least 3 dots.
 * @param {number} largest
 */
function scaleFor(largest) {
  const steps = [3, 5, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500];
  return steps.find((step) => step >= largest) || Math.ceil(largest / 100) * 100;
}

export class ReviewPanel {
  /**
   * @param {(marks: Marks) => void} jump show the position before a move, with its marks
   */
  constructor(jump) {
    this.jump = jump;
    this.gameId = 0;
    /** @type {string | null} */
    this.watch = null;
    /** @type {GameState | null} the game reviewed */
    this.state = null;
    /** @type {ReviewPage | null} */
    this.page = null;
    /** @type {Palette | null} */
    this.palette = null;
    /** Bumped to stop the running poll (another game, the list). */
    this.token = 0;
    /** The move number the replay shows (the graph's cursor). */
    this.cursorPly = 0;
    /** @type {number | null} the mistake shown (its move) */
    this.chosen = null;
    /** @type {{ ply: number, x: number, y: number }[]} where the mistakes' dots are on the graph (CSS pixels) */
    this.dots = [];
    this.busy = false;
    $('review-start').addEventListener('click', () => this.start());
    $('review-graph').addEventListener('click', (/** @type {MouseEvent} */ event) => this.graphTap(event));
    $('review-sgf').addEventListener('click', (/** @type {Event} */ event) => { event.preventDefault(); this.download(); });
    this.report();
  }

  /** @param {Palette} palette */
  setPalette(palette) { this.palette = palette; this.drawGraph(); }

  /** @param {string} separator '?' or '&' */
  watchQuery(separator) { return this.watch ? separator + 'watch=' + encodeURIComponent(this.watch) : ''; }

  /**
   * A finished game is shown: its review when there is one, else the Review action.
   * @param {GameState} state
   * @param {string | null} watch
   */
  open(state, watch) {
    this.close();
    this.gameId = state.id; this.watch = watch; this.state = state; this.cursorPly = state.ply;
    const token = this.token;
    if (state.state !== 'finished' || state.moves_made === 0) return;
    $('review').hidden = false;
    request('api/games/' + state.id + '/review' + this.watchQuery('?')).then((answer) => {
      if (token !== this.token) return;
      if (answer.status === 200) this.show(answer.body, token);
      else this.offer();
    }, () => { if (token === this.token) this.offer(); });
  }

  /** No review shown (another game, the list): stop asking. */
  close() {
    this.token++;
    this.page = null; this.state = null; this.chosen = null; this.dots = []; this.busy = false;
    $('review').hidden = true; $('review-graph').hidden = true;
    this.report();
  }

  /** The Review action. */
  offer() {
    const button = $('review-start');
    button.textContent = text('review', {}, 'Review'); button.hidden = false; button.disabled = false;
    $('review-progress').hidden = true; $('review-done').hidden = true; $('review-graph').hidden = true;
  }

  /** Ask for the review (or get the one there is). */
  async start() {
    if (this.busy || !this.state) return;
    this.busy = true;
    $('review-start').disabled = true;
    const token = this.token;
    let answer;
    try {
      answer = await post('api/games/' + this.gameId + '/review' + this.watchQuery('?'), {});
    } catch (err) {
      if (token === this.token) { this.busy = false; $('review-start').disabled = false; say(text('offline', {}, 'Offline'), true); }
      return;
    }
    if (token !== this.token) return;
    this.busy = false;
    if (answer.status === 200) { say(''); this.show(answer.body, token); return; }
    $('review-start').disabled = false;
    say(answer.body.message || text('error'), true);
  }

  /**
   * Show the review as it stands; while it runs, ask again every POLL milliseconds.
   * @param {ReviewPage} page
   * @param {number} token
   */
  show(page, token) {
    this.page = page;
    $('review-start').hidden = true;
    const running = page.state === 'running';
    $('review-progress').hidden = !running;
    $('review-done').hidden = running;
    $('review-graph').hidden = running && !page.moves.length;  // while it runs, the graph grows move by move
    if (running) {
      $('review-progress-text').textContent = page.progress_text;
      $('review-bar').style.width = (page.total ? Math.round((100 * page.done) / page.total) : 0) + '%';
      this.drawGraph();
      this.report();
      this.follow(token);
      return;
    }
    this.showSides(page);
    this.showMistakes(page);
    $('review-sgf').textContent = text('review_sgf', {}, 'SGF');
    $('review-sgf').hidden = !page.sgf;
    this.showLegend(text('review_legend', {}, ''));
    this.drawGraph();
    this.report();
  }

  /**
   * The legend of the board's marks, its ✕ and ● in the marks' colours.
   * @param {string} legend
   */
  showLegend(legend) {
    const box = $('review-legend');
    box.textContent = '';
    legend.split(/([✕●])/).forEach((part) => {
      if (part !== '✕' && part !== '●') { box.append(part); return; }
      const sign = document.createElement('b');
      sign.className = part === '✕' ? 'played' : 'better'; sign.textContent = part;
      box.appendChild(sign);
    });
  }

  /** @param {number} token */
  async follow(token) {
    await sleep(POLL);
    if (token !== this.token) return;
    let answer;
    try {
      answer = await request('api/games/' + this.gameId + '/review' + this.watchQuery('?'));
    } catch (err) {
      if (token === this.token) this.follow(token);  // offline for a moment: ask again later
      return;
    }
    if (token !== this.token) return;
    if (answer.status === 200) this.show(answer.body, token);
    else if (answer.status === 429 || answer.status >= 500) this.follow(token);
    else say(answer.body.message || text('error'), true);
  }

  /** @param {ReviewPage} page */
  showSides(page) {
    const box = $('review-sides');
    box.textContent = '';
    page.sides.forEach((side) => {
      const line = document.createElement('div');
      line.className = 'review-side ' + side.colour;
      const dot = document.createElement('i'); dot.className = 'dot';
      const words = document.createElement('span'); words.textContent = side.text;
      line.append(dot, words);
      box.appendChild(line);
    });
  }

  /** @param {ReviewPage} page */
  showMistakes(page) {
    const list = $('review-mistakes');
    list.textContent = '';
    if (!page.mistakes.length) {
      const none = document.createElement('li'); none.className = 'none';
      none.textContent = text('review_none', {}, '');
      list.appendChild(none);
      return;
    }
    page.mistakes.forEach((mistake) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = mistake.colour + ' ' + mistake.grade + (mistake.ply === this.chosen ? ' on' : '');
      button.dataset.ply = String(mistake.ply);
      const dot = document.createElement('i'); dot.className = 'dot';
      const words = document.createElement('span'); words.textContent = mistake.caption;
      button.append(dot, words);
      button.addEventListener('click', () => this.choose(mistake.ply));
      item.appendChild(button);
      list.appendChild(item);
    });
  }

  /**
   * Show move `ply`'s position before it, marked, and make its line the chosen one.
   * @param {number} ply
   */
  choose(ply) {
    const move = this.page && this.page.moves.find((m) => m.ply === ply);
    if (!move) return;
    this.chosen = ply;
    document.querySelectorAll('#review-mistakes button').forEach((button) => {
      const on = /** @type {HTMLElement} */ (button).dataset.ply === String(ply);
      button.classList.toggle('on', on);
      if (on && button.scrollIntoView) button.scrollIntoView({ block: 'nearest' });
    });
    const mistake = this.page && this.page.mistakes.find((m) => m.ply === ply);
    const best = move.best !== null && move.best !== move.played ? move.best : -1;
    this.jump({
      at: ply - 1, ply, played: move.played === null ? -1 : move.played, best, colour: move.colour,
      caption: mistake ? mistake.caption : '',
    });
  }

  /**
   * The replay shows another move: the graph's cursor follows.
   * @param {number} ply
   */
  cursor(ply) {
    if (ply === this.cursorPly) return;
    this.cursorPly = ply;
    this.drawGraph();
  }

  /** @param {MouseEvent} event */
  graphTap(event) {
    if (!this.page || !this.dots.length) return;
    const rect = $('review-graph').getBoundingClientRect();
    const x = event.clientX - rect.left, y = event.clientY - rect.top;
    let nearest = null, best = Infinity;
    this.dots.forEach((dot) => {
      const d = Math.abs(dot.x - x) + 0.35 * Math.abs(dot.y - y);  // a tap is about where in the game, more than how high
      if (d < best) { best = d; nearest = dot; }
    });
    if (nearest !== null && best <= NEAR * 1.5) this.choose(/** @type {{ ply: number }} */ (nearest).ply);
  }

  /**
   * The evaluation graph: the expected score difference after each move (blue above the zero line, red below), the
   * mistakes as dots in the mover's colour (blunders larger), the move the replay shows as a line across. While the
   * review runs, the moves judged so far (no dots yet).
   */
  drawGraph() {
    const canvas = /** @type {HTMLCanvasElement} */ ($('review-graph'));
    const page = this.page, c = this.palette, state = this.state;
    if (!page || !c || !state || canvas.hidden) return;
    const rect = canvas.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, rect.width), h = Math.max(1, rect.height);
    canvas.width = Math.round(w * dpr); canvas.height = Math.round(h * dpr);
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const moves = page.moves;
    const last = Math.max(1, state.ply, ...moves.map((m) => m.ply));
    const top = scaleFor(Math.max(0, ...moves.map((m) => Math.abs(m.value))));
    const mid = h / 2, half = h / 2 - PAD_Y;
    const X = (/** @type {number} */ ply) => PAD_X + (ply / last) * (w - 2 * PAD_X);
    const Y = (/** @type {number} */ value) => mid - (Math.max(-top, Math.min(top, value)) / top) * half;
    /** @type {[number, number][]} */
    const points = [[X(0), Y(0)], ...moves.map((m) => /** @type {[number, number]} */ ([X(m.ply), Y(m.value)]))];
    // The area between the curve and zero: blue's tint above, red's below.
    const area = () => {
      ctx.beginPath(); ctx.moveTo(points[0][0], mid);
      points.forEach(([x, y]) => ctx.lineTo(x, y));
      ctx.lineTo(points[points.length - 1][0], mid); ctx.closePath();
    };
    [['blueTint', 0, mid], ['redTint', mid, h - mid]].forEach(([tint, from, size]) => {
      ctx.save(); ctx.beginPath(); ctx.rect(0, /** @type {number} */ (from), w, /** @type {number} */ (size)); ctx.clip();
      area(); ctx.fillStyle = /** @type {any} */ (c)[tint]; ctx.fill(); ctx.restore();
    });
    // The zero line and the scale.
    ctx.strokeStyle = c.five; ctx.lineWidth = 1;
    ctx.beginPath(); ctx.moveTo(PAD_X, Math.round(mid) + 0.5); ctx.lineTo(w - PAD_X, Math.round(mid) + 0.5); ctx.stroke();
    ctx.font = '600 10px -apple-system, system-ui, "Segoe UI", Roboto, sans-serif';
    ctx.textBaseline = 'top'; ctx.textAlign = 'left';
    ctx.fillStyle = c.blue; ctx.fillText('+' + top, PAD_X + 2, 1);
    ctx.textBaseline = 'bottom'; ctx.fillStyle = c.red; ctx.fillText('−' + top, PAD_X + 2, h - 1);
    // The curve: in blue where blue is ahead, in red where red is.
    [['blue', 0, mid], ['red', mid, h - mid]].forEach(([colour, from, size]) => {
      ctx.save(); ctx.beginPath(); ctx.rect(0, /** @type {number} */ (from), w, /** @type {number} */ (size)); ctx.clip();
      ctx.beginPath(); points.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.strokeStyle = /** @type {any} */ (c)[colour]; ctx.lineWidth = 1.6; ctx.lineJoin = 'round'; ctx.stroke();
      ctx.restore();
    });
    // The move the replay shows.
    const cx = Math.round(X(Math.min(this.cursorPly, last))) + 0.5;
    ctx.strokeStyle = c.pick; ctx.lineWidth = 1; ctx.globalAlpha = 0.8;
    ctx.beginPath(); ctx.moveTo(cx, 2); ctx.lineTo(cx, h - 2); ctx.stroke(); ctx.globalAlpha = 1;
    // The mistakes: a dot in the mover's colour on the curve, ringed in the paper's; the chosen one ringed in the accent.
    const listed = new Set(page.mistakes.map((m) => m.ply));
    this.dots = [];
    moves.forEach((m) => {
      if (!listed.has(m.ply)) return;
      const x = X(m.ply), y = Y(m.value), r = m.grade === 'blunder' ? 4.5 : 3.2;
      this.dots.push({ ply: m.ply, x, y });
      ctx.fillStyle = m.colour === 'blue' ? c.blue : c.red;
      ctx.strokeStyle = m.ply === this.chosen ? c.pick : c.paper; ctx.lineWidth = m.ply === this.chosen ? 2.5 : 1.5;
      ctx.beginPath(); ctx.arc(x, y, r, 0, TAU); ctx.fill(); ctx.stroke();
    });
    this.report();
  }

  /** Fetch the annotated record (with initData, as every call) and hand it to the browser as a download. */
  async download() {
    const page = this.page;
    if (!page || !page.sgf) return;
    let reply;
    try {
      reply = await fetch(page.sgf + this.watchQuery('?'), { headers: { Authorization: 'tma ' + initData }, cache: 'no-store' });
    } catch (err) {
      say(text('offline', {}, 'Offline'), true);
      return;
    }
    if (!reply.ok) { say(text('error'), true); return; }
    const url = URL.createObjectURL(await reply.blob());
    const link = document.createElement('a');
    link.href = url; link.download = 'tochki-' + page.game + '-review.sgf';
    document.body.appendChild(link); link.click(); link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  /** What the browser tests read (window.tochki.review). */
  report() {
    const page = this.page;
    probe.review = page ? {
      state: page.state, done: page.done, total: page.total, moves: page.moves.length, mistakes: page.mistakes.length,
      chosen: this.chosen,
      dots: this.dots.map((dot) => ({ ply: dot.ply, x: Math.round(dot.x), y: Math.round(dot.y) })),
    } : null;
  }
}

/* The board on its canvas: the view (zoom and pan), drawing a position, the rulers along the edges, and where the zoom
   buttons go so that they cover no ruler. */

import { BLUE, column, row } from './position.js';

/**
 * @typedef {import('./contract.js').GameState} GameState
 * @typedef {import('./position.js').Position} Position
 * @typedef {import('./theme.js').Palette} Palette
 * @typedef {import('./review.js').Marks} Marks
 */

/** The rulers' width along the edges, in CSS pixels. */
export const RULER = 18;
/** The zoom buttons' gap to the rulers and the edges, and their box's size (app.css) before it is laid out. */
const GAP = 6;
const BUTTONS_WIDTH = 34;
const BUTTONS_HEIGHT = 76;
const TAU = 2 * Math.PI;

/**
 * What is drawn: the game, the position shown, the chosen point (-1: none), a reviewed move's marks (the move played
 * and the better one, on the position before it).
 * @typedef {Object} Scene
 * @property {GameState} state
 * @property {Position} pos
 * @property {number} selected
 * @property {Marks | null} [marks]
 */

/**
 * Where the rulers are, in the canvas's CSS pixels: each is RULER wide, hugging the board, or on the canvas's edge when
 * the board is larger than the screen.
 * @typedef {Object} Rulers
 * @property {number} top @property {number} bottom @property {number} left @property {number} right
 */

export class Board {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {HTMLElement} zoomButtons the box of the + and − buttons, placed over the canvas
   */
  constructor(canvas, zoomButtons) {
    this.canvas = canvas;
    this.ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    this.zoomButtons = zoomButtons;
    /** @type {GameState | null} the game whose board this is */
    this.state = null;
    /** Screen x of column x is ox + (x - 0.5) * cell; fit is the cell at which the whole board shows. */
    this.cell = 1; this.fit = 1; this.ox = 0; this.oy = 0; this.w = 1; this.h = 1;
    /** @type {Palette | null} */
    this.palette = null;
    /** @type {Rulers} */
    this.rulers = { top: 0, bottom: 0, left: 0, right: 0 };
  }

  /** The canvas's size in CSS pixels. */
  size() {
    const rect = this.canvas.getBoundingClientRect();
    return { w: Math.max(1, rect.width), h: Math.max(1, rect.height) };
  }

  /** How far the view is zoomed in (1: the whole board). */
  get zoom() { return this.cell / this.fit; }

  /**
   * A new game: the whole board fits.
   * @param {GameState} state
   */
  show(state) {
    this.state = state;
    this.fitWhole();
  }

  /** The zoom buttons' box: its width and height, and the lanes beside the board that keep it clear of the rulers. */
  buttons() {
    const bw = this.zoomButtons.offsetWidth || BUTTONS_WIDTH, bh = this.zoomButtons.offsetHeight || BUTTONS_HEIGHT;
    return { bw, bh, right: bw + 2 * GAP, below: bh + 2 * GAP };
  }

  /**
   * The whole board, as large as it fits, and a lane for the zoom buttons beside it (so that they cover neither a
   * ruler nor a point): below the board when the width limits it and there is room, right of it when the height
   * does, else the board shrinks to leave a lane at the right.
   */
  fitWhole() {
    const state = /** @type {GameState} */ (this.state);
    const { w, h } = this.size(), lanes = this.buttons();
    const across = (w - 2 * RULER) / state.width, down = (h - 2 * RULER) / state.height;
    const cell = Math.min(across, down);
    const roomBelow = h - 2 * RULER - state.height * cell, roomRight = w - 2 * RULER - state.width * cell;
    // The board is centred: half the room left over is on each side.
    const lane = roomBelow / 2 >= lanes.below || roomRight / 2 >= lanes.right ? 0 : lanes.right;
    this.fit = Math.max(2, Math.min((w - 2 * RULER - lane) / state.width, down));
    this.cell = this.fit; this.ox = 0; this.oy = 0; this.w = w; this.h = h;
    this.clamp();
  }

  /**
   * Keep the zoom between the whole board and 6x, and the board on the screen, with room for the zoom buttons where
   * they cover neither a ruler nor a point: a board that fits is centred (beside a lane for the buttons at the right
   * when there is no room for them below it or beside it); a larger one pans up to the rulers, and at the right up
   * to that lane too (to bring the last column out from under the buttons).
   */
  clamp() {
    const state = /** @type {GameState} */ (this.state);
    const { w, h } = this.size(), lanes = this.buttons();
    this.cell = Math.min(Math.max(this.fit * 6, 44), Math.max(this.fit, this.cell));
    const bw = state.width * this.cell, bh = state.height * this.cell;
    const spareW = w - 2 * RULER - bw, spareH = h - 2 * RULER - bh;
    const roomy = spareH >= 0 && spareH / 2 >= lanes.below;  // centred, with the buttons below it
    if (spareW >= 0 && (roomy || spareW / 2 >= lanes.right)) this.ox = (w - bw) / 2;
    else if (spareW >= lanes.right) this.ox = (w - lanes.right - bw) / 2;
    else this.ox = Math.min(RULER, Math.max(w - RULER - lanes.right - bw, this.ox));
    this.oy = spareH >= 0 ? (h - bh) / 2 : Math.min(RULER, Math.max(h - RULER - bh, this.oy));
  }

  /**
   * Zoom by `factor` keeping the board point under (sx, sy) where it is.
   * @param {number} factor @param {number} sx @param {number} sy
   */
  zoomAt(factor, sx, sy) {
    this.zoomTo(this.cell * factor, sx, sy, sx, sy);
  }

  /**
   * Zoom to `cell`: the board point that was under (fromX, fromY) goes under (toX, toY).
   * @param {number} cell @param {number} fromX @param {number} fromY @param {number} toX @param {number} toY
   */
  zoomTo(cell, fromX, fromY, toX, toY) {
    const bx = (fromX - this.ox) / this.cell, by = (fromY - this.oy) / this.cell;
    this.cell = cell;
    this.clamp();
    this.ox = toX - bx * this.cell; this.oy = toY - by * this.cell;
    this.clamp();
  }

  /**
   * Move the board by (dx, dy) from where it was at (ox, oy).
   * @param {number} ox @param {number} oy @param {number} dx @param {number} dy
   */
  panFrom(ox, oy, dx, dy) {
    this.ox = ox + dx; this.oy = oy + dy;
    this.clamp();
  }

  /** The canvas changed size (Telegram's main button, a rotation): the same spot stays in the middle. */
  resize() {
    const { w, h } = this.size(), dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(w * dpr); this.canvas.height = Math.round(h * dpr);
    if (!this.state) return;
    const zoom = this.zoom;
    const cx = (this.w / 2 - this.ox) / this.cell, cy = (this.h / 2 - this.oy) / this.cell;
    this.fitWhole();
    this.cell = this.fit * zoom;
    this.ox = w / 2 - cx * this.cell; this.oy = h / 2 - cy * this.cell;
    this.clamp();
  }

  /** @param {number} point */
  screenX(point) { return this.ox + (column(/** @type {GameState} */ (this.state), point) - 0.5) * this.cell; }

  /** @param {number} point */
  screenY(point) {
    const state = /** @type {GameState} */ (this.state);
    return this.oy + (state.height - row(state, point) + 0.5) * this.cell;
  }

  /**
   * The point a tap at (x, y) means, or -1 (off the board, too far from any point).
   * @param {number} x @param {number} y
   */
  pointAt(x, y) {
    const state = /** @type {GameState} */ (this.state);
    const col = Math.floor((x - this.ox) / this.cell), line = Math.floor((y - this.oy) / this.cell);
    if (col < 0 || line < 0 || col >= state.width || line >= state.height) return -1;
    const point = (state.height - 1 - line) * state.width + col;
    const dx = x - this.screenX(point), dy = y - this.screenY(point);
    return dx * dx + dy * dy <= Math.max(this.cell * 0.75, 12) ** 2 ? point : -1;
  }

  /**
   * A closed path through points.
   * @param {number[]} points
   */
  path(points) {
    const ctx = this.ctx;
    ctx.beginPath();
    points.forEach((p, k) => { if (k) ctx.lineTo(this.screenX(p), this.screenY(p)); else ctx.moveTo(this.screenX(p), this.screenY(p)); });
    ctx.closePath();
  }

  /**
   * Draw the scene.
   * @param {Scene} scene
   */
  draw(scene) {
    const { state, pos, selected } = scene;
    const ctx = this.ctx, c = /** @type {Palette} */ (this.palette);
    const { w, h } = this.size(), dpr = window.devicePixelRatio || 1;
    const W = state.width, H = state.height, cell = this.cell;
    const sx = (/** @type {number} */ p) => this.screenX(p), sy = (/** @type {number} */ p) => this.screenY(p);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = c.paper; ctx.fillRect(0, 0, w, h);
    // Areas, oldest first: a later area paints over the older ones inside it.
    pos.areas.forEach((area) => {
      if (area.ring.length < 3) return;
      this.path(area.ring); ctx.fillStyle = area.owner === 'blue' ? c.blueTint : c.redTint; ctx.fill();
    });
    // The grid: every fifth line darker, for counting.
    const x0 = sx(0), x1 = sx(W - 1), yTop = sy((H - 1) * W), yBottom = sy(0);
    ctx.lineWidth = 1;
    for (let x = 1; x <= W; x++) {
      const px = Math.round(sx(x - 1)) + 0.5;
      if (px < -2 || px > w + 2) continue;
      ctx.strokeStyle = x % 5 === 0 ? c.five : c.grid;
      ctx.beginPath(); ctx.moveTo(px, yTop); ctx.lineTo(px, yBottom); ctx.stroke();
    }
    for (let y = 1; y <= H; y++) {
      const py = Math.round(sy((y - 1) * W)) + 0.5;
      if (py < -2 || py > h + 2) continue;
      ctx.strokeStyle = y % 5 === 0 ? c.five : c.grid;
      ctx.beginPath(); ctx.moveTo(x0, py); ctx.lineTo(x1, py); ctx.stroke();
    }
    // Chains around the areas; faded when captured later or made by grounding (through imagined dots).
    ctx.lineWidth = Math.max(1.2, cell * 0.13); ctx.lineJoin = 'round';
    pos.areas.forEach((area) => {
      if (!area.ring.length) return;
      const faded = area.grounding || pos.owners[area.ring[0]] !== 0;
      ctx.strokeStyle = area.owner === 'blue' ? (faded ? c.blueDim : c.blue) : (faded ? c.redDim : c.red);
      this.path(area.ring); ctx.stroke();
    });
    // Dots: in play in full colour, captured ones dimmed.
    const r = Math.max(1.6, cell * 0.3);
    for (let p = 0; p < W * H; p++) {
      const dot = pos.dots[p];
      if (!dot) continue;
      const X = sx(p), Y = sy(p);
      if (X < -r || Y < -r || X > w + r || Y > h + r) continue;
      ctx.fillStyle = pos.owners[p] ? (dot === BLUE ? c.blueDim : c.redDim) : (dot === BLUE ? c.blue : c.red);
      ctx.beginPath(); ctx.arc(X, Y, r, 0, TAU); ctx.fill();
    }
    // What the last move captured stands out.
    ctx.lineWidth = Math.max(1, cell * 0.07);
    pos.fresh.forEach((area) => {
      ctx.strokeStyle = area.owner === 'blue' ? c.blue : c.red;
      area.captured.forEach((p) => { ctx.beginPath(); ctx.arc(sx(p), sy(p), r + cell * 0.12, 0, TAU); ctx.stroke(); });
    });
    // The last move: a dark ring and a light centre.
    if (pos.last >= 0) {
      ctx.strokeStyle = c.ring; ctx.lineWidth = Math.max(1.5, cell * 0.1);
      ctx.beginPath(); ctx.arc(sx(pos.last), sy(pos.last), r + Math.max(1.5, cell * 0.1), 0, TAU); ctx.stroke();
      if (!pos.owners[pos.last]) {
        ctx.fillStyle = c.mark; ctx.beginPath(); ctx.arc(sx(pos.last), sy(pos.last), r * 0.38, 0, TAU); ctx.fill();
      }
    }
    if (scene.marks) this.drawMarks(scene.marks, r, w, h);
    // The chosen point: the player's colour, ringed in the accent colour, with guides to the rulers.
    if (selected >= 0) {
      const SX = sx(selected), SY = sy(selected);
      ctx.strokeStyle = c.pick; ctx.lineWidth = 1; ctx.globalAlpha = 0.5;
      ctx.beginPath(); ctx.moveTo(SX, RULER); ctx.lineTo(SX, h - RULER); ctx.moveTo(RULER, SY); ctx.lineTo(w - RULER, SY); ctx.stroke();
      ctx.globalAlpha = 0.55; ctx.fillStyle = state.your_colour === 'red' ? c.red : c.blue;
      ctx.beginPath(); ctx.arc(SX, SY, r, 0, TAU); ctx.fill();
      ctx.globalAlpha = 1; ctx.lineWidth = Math.max(2, cell * 0.12);
      ctx.beginPath(); ctx.arc(SX, SY, Math.max(r + 3, cell * 0.48), 0, TAU); ctx.stroke();
    }
    this.drawRulers(scene, w, h);
    this.placeZoomButtons(w, h);
  }

  /**
   * A reviewed move on the position before it: the better move as a dot in the "better" colour inside a ring of it,
   * the move played as a faint dot of the mover's colour inside a ring of the mover's colour, crossed; faint guides
   * from both to the rulers, so that a small board shows where they are.
   * @param {Marks} marks @param {number} r the dots' radius @param {number} w @param {number} h
   */
  drawMarks(marks, r, w, h) {
    const ctx = this.ctx, c = /** @type {Palette} */ (this.palette), cell = this.cell;
    const ring = Math.max(r + 3.5, cell * 0.5, 6), width = Math.max(2, cell * 0.12);
    const mover = marks.colour === 'red' ? c.red : c.blue;
    /** @type {[number, string][]} */
    const shown = [];
    if (marks.best >= 0) shown.push([marks.best, c.better]);
    if (marks.played >= 0) shown.push([marks.played, mover]);
    const state = /** @type {GameState} */ (this.state), W = state.width, H = state.height;
    const left = Math.max(RULER, this.screenX(0)), right = Math.min(w - RULER, this.screenX(W - 1));
    const top = Math.max(RULER, this.screenY((H - 1) * W)), bottom = Math.min(h - RULER, this.screenY(0));
    ctx.lineWidth = 1; ctx.globalAlpha = 0.4;
    shown.forEach(([point, colour]) => {
      const X = this.screenX(point), Y = this.screenY(point);
      ctx.strokeStyle = colour; ctx.beginPath();
      ctx.moveTo(X, top); ctx.lineTo(X, bottom); ctx.moveTo(left, Y); ctx.lineTo(right, Y); ctx.stroke();
    });
    ctx.globalAlpha = 1;
    if (marks.best >= 0) {
      const X = this.screenX(marks.best), Y = this.screenY(marks.best);
      ctx.fillStyle = c.better; ctx.beginPath(); ctx.arc(X, Y, Math.max(r, 3), 0, TAU); ctx.fill();
      ctx.strokeStyle = c.better; ctx.lineWidth = width; ctx.beginPath(); ctx.arc(X, Y, ring, 0, TAU); ctx.stroke();
    }
    if (marks.played >= 0) {
      const X = this.screenX(marks.played), Y = this.screenY(marks.played), arm = ring * 0.6;
      ctx.globalAlpha = 0.45; ctx.fillStyle = mover; ctx.beginPath(); ctx.arc(X, Y, Math.max(r, 3), 0, TAU); ctx.fill();
      ctx.globalAlpha = 1; ctx.strokeStyle = mover; ctx.lineWidth = width;
      ctx.beginPath(); ctx.arc(X, Y, ring, 0, TAU); ctx.stroke();
      ctx.beginPath(); ctx.moveTo(X - arm, Y - arm); ctx.lineTo(X + arm, Y + arm); ctx.moveTo(X + arm, Y - arm); ctx.lineTo(X - arm, Y + arm);
      ctx.stroke();
    }
  }

  /**
   * The column and row numbers along the four edges; the last move's and the chosen point's marked in colour.
   * @param {Scene} scene @param {number} w @param {number} h
   */
  drawRulers(scene, w, h) {
    const { state, pos, selected } = scene;
    const ctx = this.ctx, c = /** @type {Palette} */ (this.palette);
    const W = state.width, H = state.height, cell = this.cell;
    const font = Math.round(Math.min(12, Math.max(9, cell * 0.6)));
    ctx.font = '600 ' + font + 'px -apple-system, system-ui, "Segoe UI", Roboto, sans-serif';
    ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    const wide = ctx.measureText('38').width + 3;
    const step = cell >= wide ? 1 : cell * 2 >= wide ? 2 : 5;
    const top = Math.max(0, this.oy - RULER), bottom = Math.min(h - RULER, this.oy + H * cell);
    const left = Math.max(0, this.ox - RULER), right = Math.min(w - RULER, this.ox + W * cell);
    this.rulers = { top, bottom, left, right };
    ctx.fillStyle = c.paper; ctx.globalAlpha = 0.92;
    ctx.fillRect(0, top, w, RULER); ctx.fillRect(0, bottom, w, RULER);
    ctx.fillRect(left, 0, RULER, h); ctx.fillRect(right, 0, RULER, h);
    ctx.globalAlpha = 1;
    /** @type {Object<number, string>} */
    const markX = {};
    /** @type {Object<number, string>} */
    const markY = {};
    /** @param {number} point @param {string} colour */
    const mark = (point, colour) => { markX[column(state, point)] = colour; markY[row(state, point)] = colour; };
    if (pos.last >= 0 && !scene.marks) mark(pos.last, pos.dots[pos.last] === BLUE ? c.blue : c.red);  // a review marks its own
    const marks = scene.marks;
    if (marks && marks.best >= 0) mark(marks.best, c.better);
    if (marks && marks.played >= 0) {  // beside the better move's number its own would cover it: the better one shows
      const colour = marks.colour === 'red' ? c.red : c.blue, x = column(state, marks.played), y = row(state, marks.played);
      const near = (/** @type {Object<number, string>} */ lane, /** @type {number} */ n) => !!(lane[n - 1] || lane[n + 1]);
      if (!markX[x] && !near(markX, x)) markX[x] = colour;
      if (!markY[y] && !near(markY, y)) markY[y] = colour;
    }
    if (selected >= 0) mark(selected, c.pick);
    /** @param {string} label @param {number} x @param {number} y @param {string | undefined} colour */
    const write = (label, x, y, colour) => {
      if (colour) {
        const bw = Math.max(ctx.measureText(label).width + 6, font + 4);
        ctx.fillStyle = colour; ctx.beginPath();
        if (ctx.roundRect) ctx.roundRect(x - bw / 2, y - font / 2 - 2, bw, font + 4, 4);
        else ctx.rect(x - bw / 2, y - font / 2 - 2, bw, font + 4);
        ctx.fill(); ctx.fillStyle = '#ffffff';
      } else ctx.fillStyle = c.label;
      ctx.fillText(label, x, y + 0.5);
    };
    /** Every step-th number, the marked ones, and none crowding a marked one. @param {number} n @param {Object<number, string>} marks */
    const shown = (n, marks) => {
      if (!(marks[n] || n % step === 0 || (n === 1 && step === 5))) return false;
      return step === 1 || !!marks[n] || !(marks[n - 1] || marks[n + 1]);
    };
    for (let x = 1; x <= W; x++) {
      const px = this.screenX(x - 1);
      if (px < left + RULER || px > right || !shown(x, markX)) continue;
      write(String(x), px, top + RULER / 2, markX[x]); write(String(x), px, bottom + RULER / 2, markX[x]);
    }
    for (let y = 1; y <= H; y++) {
      const py = this.screenY((y - 1) * W);
      if (py < top + RULER || py > bottom || !shown(y, markY)) continue;
      write(String(y), left + RULER / 2, py, markY[y]); write(String(y), right + RULER / 2, py, markY[y]);
    }
  }

  /**
   * The zoom buttons go where they cover no ruler: right of the right ruler when there is room (the lane fitWhole
   * and clamp keep), else below the bottom ruler, else over the board inside both (zoomed in, where a pan brings any
   * point out from under them).
   * @param {number} w @param {number} h
   */
  placeZoomButtons(w, h) {
    const { bottom, right } = this.rulers, { bw, bh } = this.buttons();
    const roomRight = w - (right + RULER), roomBelow = h - (bottom + RULER);
    let fromRight, fromBottom;
    if (roomRight >= bw + 2 * GAP) {
      fromRight = GAP; fromBottom = GAP;
    } else if (roomBelow >= bh + 2 * GAP) {
      fromRight = Math.max(GAP, roomRight); fromBottom = GAP;
    } else {
      fromRight = w - right + GAP; fromBottom = h - bottom + GAP;
    }
    this.zoomButtons.style.right = fromRight + 'px'; this.zoomButtons.style.bottom = fromBottom + 'px';
  }
}

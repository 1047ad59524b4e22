/* The board's points and the position at any move number, from the state alone (contract.js says its format). The
   one place that turns a point's number into its column and row; its name (x-y) is the server's (point_labels). */

/**
 * @typedef {import('./contract.js').GameState} GameState
 * @typedef {import('./contract.js').AreaState} AreaState
 */

export const EMPTY = 0;
export const BLUE = 1;
export const RED = 2;

/**
 * A point's column, 1 at the left.
 * @param {GameState} state
 * @param {number} point
 */
export function column(state, point) { return (point % state.width) + 1; }

/**
 * A point's row, 1 at the bottom.
 * @param {GameState} state
 * @param {number} point
 */
export function row(state, point) { return Math.floor(point / state.width) + 1; }

/**
 * The point at a column and row (each from 1).
 * @param {GameState} state
 * @param {number} x
 * @param {number} y
 */
export function pointAt(state, x, y) { return (y - 1) * state.width + (x - 1); }

/**
 * What a point is called (x-y).
 * @param {GameState} state
 * @param {number} point
 */
export function label(state, point) { return state.point_labels[point]; }

/**
 * The position after `ply` moves.
 * @typedef {Object} Position
 * @property {Int8Array} dots EMPTY, BLUE or RED on every point
 * @property {Int8Array} owners the area's owner on every point (EMPTY: none)
 * @property {AreaState[]} areas the areas there, oldest first
 * @property {number} last the point of the last dot (-1: none)
 * @property {AreaState[]} fresh the areas the last move made
 * @property {boolean} live it is the game's current position
 */

/**
 * @param {GameState} state
 * @param {number} ply
 * @returns {Position}
 */
export function positionAt(state, ply) {
  const n = state.width * state.height;
  const dots = new Int8Array(n);
  /** @param {number} dot */
  const put = (dot) => { dots[Math.abs(dot) - 1] = dot > 0 ? BLUE : RED; };
  state.start_dots.forEach(put);
  const count = Math.min(ply, state.move_dots.length);
  state.move_dots.slice(0, count).forEach(put);
  const areas = state.areas.filter((area) => area.ply <= ply);
  const live = ply === state.ply;
  const owners = new Int8Array(n);
  if (live) {
    for (let point = 0; point < n; point++) {
      const owner = state.owners.charAt(point);
      owners[point] = owner === 'b' ? BLUE : owner === 'r' ? RED : EMPTY;
    }
  } else {
    areas.forEach((area) => { area.captured.forEach((point) => { owners[point] = area.owner === 'blue' ? BLUE : RED; }); });
  }
  const last = count > 0 ? Math.abs(state.move_dots[count - 1]) - 1 : -1;
  const fresh = ply > 0 ? areas.filter((area) => area.ply === ply) : [];
  return { dots, owners, areas, last, fresh, live };
}

/**
 * Whether a dot may go on `point` in the live position: no dot there, no area around it.
 * @param {GameState} state
 * @param {number} point
 */
export function isFree(state, point) {
  if (state.owners.charAt(point) !== '.') return false;
  const dot = point + 1;
  return ![state.start_dots, state.move_dots].some((dots) => dots.includes(dot) || dots.includes(-dot));
}

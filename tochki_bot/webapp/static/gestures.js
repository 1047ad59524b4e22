/* Fingers and the mouse on the board: a tap chooses a point, one finger (or the mouse) pans, two fingers zoom around
   their middle, the wheel and the + and − buttons zoom. */

/**
 * @typedef {import('./board.js').Board} Board
 * @typedef {Object} Handlers
 * @property {(x: number, y: number) => void} tap a short touch that did not move, at canvas coordinates
 * @property {() => void} changed the view moved or zoomed: draw again
 */

const TAP_SLOP = 8;        // a touch that moves further pans
const TAP_TIME = 800;      // a longer touch is no tap
const BUTTON_ZOOM = 1.6;

/**
 * @param {Board} board
 * @param {HTMLElement} zoomIn
 * @param {HTMLElement} zoomOut
 * @param {Handlers} on
 */
export function followGestures(board, zoomIn, zoomOut, on) {
  const canvas = board.canvas;
  /** @type {Map<number, { x: number, y: number, x0: number, y0: number, t0: number }>} */
  const pointers = new Map();
  /** @type {any} tap, pan or pinch, and where it began */
  let gesture = null;

  /** @param {PointerEvent | WheelEvent} e */
  const at = (e) => { const r = canvas.getBoundingClientRect(); return { x: e.clientX - r.left, y: e.clientY - r.top }; };

  canvas.addEventListener('pointerdown', (e) => {
    if (!board.state) return;
    if (canvas.setPointerCapture) canvas.setPointerCapture(e.pointerId);
    const p = at(e);
    pointers.set(e.pointerId, { x: p.x, y: p.y, x0: p.x, y0: p.y, t0: Date.now() });
    const list = [...pointers.values()];
    if (list.length === 1) gesture = { kind: 'tap', ox: board.ox, oy: board.oy };
    else if (list.length === 2) {
      const [a, b] = list;
      gesture = { kind: 'pinch', d0: Math.hypot(a.x - b.x, a.y - b.y) || 1, cell0: board.cell,
        mx0: (a.x + b.x) / 2, my0: (a.y + b.y) / 2, ox0: board.ox, oy0: board.oy };
    }
    e.preventDefault();
  });

  canvas.addEventListener('pointermove', (e) => {
    const ptr = pointers.get(e.pointerId);
    if (!ptr || !gesture) return;
    const p = at(e);
    ptr.x = p.x; ptr.y = p.y;
    const list = [...pointers.values()];
    if (gesture.kind === 'pinch' && list.length >= 2) {
      const [a, b] = list;
      const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      board.ox = gesture.ox0; board.oy = gesture.oy0; board.cell = gesture.cell0;
      board.zoomTo(gesture.cell0 * d / gesture.d0, gesture.mx0, gesture.my0, (a.x + b.x) / 2, (a.y + b.y) / 2);
      on.changed();
    } else if (list.length === 1) {
      if (gesture.kind === 'tap' && Math.hypot(ptr.x - ptr.x0, ptr.y - ptr.y0) > TAP_SLOP) gesture.kind = 'pan';
      if (gesture.kind === 'pan') {
        board.panFrom(gesture.ox, gesture.oy, ptr.x - ptr.x0, ptr.y - ptr.y0);
        on.changed();
      }
    }
  });

  /** @param {PointerEvent} e */
  const end = (e) => {
    const ptr = pointers.get(e.pointerId);
    if (!ptr) return;
    pointers.delete(e.pointerId);
    if (gesture && gesture.kind === 'tap' && e.type === 'pointerup' && Date.now() - ptr.t0 < TAP_TIME) on.tap(ptr.x, ptr.y);
    if (pointers.size === 0) gesture = null;
    else if (gesture && gesture.kind === 'pinch') {  // one finger left: it pans from here
      pointers.forEach((q) => { q.x0 = q.x; q.y0 = q.y; });
      gesture = { kind: 'pan', ox: board.ox, oy: board.oy };
    }
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);

  canvas.addEventListener('wheel', (e) => {
    if (!board.state) return;
    e.preventDefault();
    const p = at(e);
    board.zoomAt(Math.exp(-e.deltaY * 0.002), p.x, p.y);
    on.changed();
  }, { passive: false });

  /** @param {number} factor */
  const zoomMiddle = (factor) => {
    if (!board.state) return;
    const { w, h } = board.size();
    board.zoomAt(factor, w / 2, h / 2);
    on.changed();
  };
  zoomIn.addEventListener('click', () => zoomMiddle(BUTTON_ZOOM));
  zoomOut.addEventListener('click', () => zoomMiddle(1 / BUTTON_ZOOM));
}

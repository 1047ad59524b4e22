/* Точки Mini App: the live board of a game (zoom, pan, tap a point, confirm), a player's games, replays.
   No framework: the API is tochki_bot/webapp/server.py; the state's format is tochki_bot/webapp/state.py.
   Local mode (tochki-bot local: no Telegram, the session says "local"): a new-game form, hot-seat, downloads. */
(function () {
  'use strict';
  var tg = (window.Telegram && window.Telegram.WebApp) || null;
  var initData = tg ? tg.initData || '' : '';
  var $ = function (id) { return document.getElementById(id); };
  var canvas = $('board');
  var ctx = canvas.getContext('2d');
  var texts = {};
  var game = null;        // { id, watch } of the open game
  var state = null;       // the game's state from the server
  var view = null;        // { cell, ox, oy, fit }: screen x = ox + (x - 0.5) * cell
  var selected = null;    // the point chosen, as an index
  var replayAt = null;    // the move shown by the replay slider (null: the live position)
  var busy = false;       // a move is being sent
  var moveKey = null;     // its idempotency key (kept while it may need sending again)
  var polling = 0;        // bumped to end the running long poll
  var fromList = false;
  var localMode = null;   // local mode: the new game's choices (boards, starts, levels, colours, pictures)
  var choice = { mode: 'bot', level: 'normal', size: '20x20', start: 'cross', colour: 'blue' };
  var colours = {};
  var clockTimer = null, deadline = null;
  var R = 18;             // the rulers along the edges, in CSS pixels
  var app = window.tochki = { ready: false };  // what the browser test reads

  // ------------------------------------------------------------------------------------------------------------------
  // The server

  function api(path, options) {
    options = options || {};
    var headers = { 'Authorization': 'tma ' + initData };
    if (options.body) headers['Content-Type'] = 'application/json';
    return fetch(path, { method: options.method || 'GET', headers: headers, signal: options.signal,
      body: options.body ? JSON.stringify(options.body) : undefined, cache: 'no-store' })
      .then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (body) {
          return { status: r.status, body: body, retry: +(r.headers.get('Retry-After') || 0) };
        });
      });
  }

  function watchQuery(sep) { return game && game.watch ? sep + 'watch=' + encodeURIComponent(game.watch) : ''; }

  function say(text, isError) {
    var m = $('message');
    m.textContent = text || '';
    m.className = isError ? 'error' : '';
  }

  function fatal(text) {
    $('games').hidden = true; $('game').hidden = true;
    var f = $('fatal'); f.textContent = text; f.hidden = false;
    hideMain();
  }

  function sleep(ms) { return new Promise(function (ok) { setTimeout(ok, ms); }); }

  // ------------------------------------------------------------------------------------------------------------------
  // Theme: Telegram's colours, light or dark

  function hexLight(hex) {
    var m = /^#?([0-9a-f]{6})$/i.exec(hex || '');
    if (!m) return null;
    var n = parseInt(m[1], 16);
    return (0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) > 140;
  }

  function applyTheme() {
    var p = (tg && tg.themeParams) || {};
    var root = document.documentElement.style;
    var map = { bg_color: '--bg', text_color: '--text', hint_color: '--hint', link_color: '--link',
      button_color: '--button', button_text_color: '--button-text', secondary_bg_color: '--secondary-bg' };
    Object.keys(map).forEach(function (k) { if (p[k]) root.setProperty(map[k], p[k]); });
    var light = hexLight(p.bg_color);
    var dark = light === null ? (tg ? tg.colorScheme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches) : !light;
    document.documentElement.classList.toggle('dark', dark);
    var css = getComputedStyle(document.documentElement);
    var get = function (name) { return css.getPropertyValue(name).trim(); };
    colours = dark ? {
      paper: get('--bg') || '#17191e', grid: 'rgba(255,255,255,.16)', five: 'rgba(255,255,255,.32)',
      label: get('--hint') || '#8b909c', text: get('--text') || '#eceef2', ring: '#f4f5f8', mark: '#17191e',
      blue: '#5b8cff', red: '#ff5a60', blueDim: 'rgba(91,140,255,.45)', redDim: 'rgba(255,90,96,.45)',
      blueTint: 'rgba(91,140,255,.22)', redTint: 'rgba(255,90,96,.22)', pick: get('--button') || '#5b8cff'
    } : {
      paper: '#ffffff', grid: '#c4c6cc', five: '#969aa4', label: '#545864', text: '#1c1e24', ring: '#1c1e24',
      mark: '#ffffff', blue: '#1f56d6', red: '#da242c', blueDim: '#96ace8', redDim: '#ee9ea0',
      blueTint: '#dbe4fc', redTint: '#fddfdf', pick: get('--button') || '#2a73d6'
    };
    if (state) draw();
  }

  // ------------------------------------------------------------------------------------------------------------------
  // Positions: any move number, from the start's dots, the moves and the areas

  function position(ply) {
    var n = state.width * state.height;
    var dots = new Int8Array(n);
    var put = function (d) { dots[Math.abs(d) - 1] = d > 0 ? 1 : 2; };
    state.start.forEach(put);
    var count = Math.min(ply, state.moves.length);
    for (var i = 0; i < count; i++) put(state.moves[i]);
    var areas = state.areas.filter(function (a) { return a.p <= ply; });
    var live = ply === state.ply;
    var owners = new Int8Array(n);
    if (live) {
      for (var j = 0; j < n; j++) owners[j] = state.owners.charCodeAt(j) === 98 ? 1 : state.owners.charCodeAt(j) === 114 ? 2 : 0;
    } else {
      areas.forEach(function (a) { var o = a.o === 'b' ? 1 : 2; a.c.forEach(function (p) { owners[p] = o; }); });
    }
    var last = count > 0 ? Math.abs(state.moves[count - 1]) - 1 : -1;
    var fresh = areas.filter(function (a) { return a.p === ply && ply > 0; });
    return { dots: dots, owners: owners, areas: areas, last: last, fresh: fresh, live: live };
  }

  function shownPly() { return replayAt === null ? state.ply : replayAt; }

  function playable(i) {
    if (!state || !state.can_move || replayAt !== null || busy) return false;
    var c = state.owners.charAt(i);
    if (c !== '.') return false;
    var pos = app.pos;
    return pos && pos.dots[i] === 0;
  }

  function pointName(i) { return (i % state.width + 1) + '-' + (Math.floor(i / state.width) + 1); }

  // ------------------------------------------------------------------------------------------------------------------
  // Zoom and pan

  function size() {
    var r = canvas.getBoundingClientRect();
    return { w: Math.max(1, r.width), h: Math.max(1, r.height) };
  }

  function fitView() {
    var s = size();
    var cell = Math.max(2, Math.min((s.w - 2 * R) / state.width, (s.h - 2 * R) / state.height));
    view = { cell: cell, fit: cell, ox: 0, oy: 0, w: s.w, h: s.h };
    clampView();
  }

  function clampView() {
    var s = size();
    var maxCell = Math.max(view.fit * 6, 44);
    view.cell = Math.min(maxCell, Math.max(view.fit, view.cell));
    var bw = state.width * view.cell, bh = state.height * view.cell;
    view.ox = bw <= s.w - 2 * R ? (s.w - bw) / 2 : Math.min(R, Math.max(s.w - R - bw, view.ox));
    view.oy = bh <= s.h - 2 * R ? (s.h - bh) / 2 : Math.min(R, Math.max(s.h - R - bh, view.oy));
    app.view = { cell: view.cell, fit: view.fit, ox: view.ox, oy: view.oy, zoom: view.cell / view.fit };
  }

  function zoomAt(factor, sx, sy) {
    var bx = (sx - view.ox) / view.cell, by = (sy - view.oy) / view.cell;
    view.cell *= factor;
    clampView();
    view.ox = sx - bx * view.cell; view.oy = sy - by * view.cell;
    clampView();
    draw();
  }

  function sx(i) { return view.ox + (i % state.width + 0.5) * view.cell; }
  function sy(i) { return view.oy + (state.height - Math.floor(i / state.width) - 0.5) * view.cell; }

  function pointAt(x, y) {
    var col = Math.floor((x - view.ox) / view.cell), row = Math.floor((y - view.oy) / view.cell);
    if (col < 0 || row < 0 || col >= state.width || row >= state.height) return -1;
    var i = (state.height - 1 - row) * state.width + col;
    var dx = x - sx(i), dy = y - sy(i);
    return dx * dx + dy * dy <= Math.pow(Math.max(view.cell * 0.75, 12), 2) ? i : -1;
  }

  var pointers = {}, gesture = null;

  function pointerList() { return Object.keys(pointers).map(function (k) { return pointers[k]; }); }

  function local(e) { var r = canvas.getBoundingClientRect(); return { x: e.clientX - r.left, y: e.clientY - r.top }; }

  canvas.addEventListener('pointerdown', function (e) {
    if (!state) return;
    canvas.setPointerCapture && canvas.setPointerCapture(e.pointerId);
    var p = local(e);
    pointers[e.pointerId] = { x: p.x, y: p.y, x0: p.x, y0: p.y, t0: Date.now() };
    var list = pointerList();
    if (list.length === 1) gesture = { kind: 'tap', ox: view.ox, oy: view.oy };
    else if (list.length === 2) {
      var a = list[0], b = list[1];
      gesture = { kind: 'pinch', d0: Math.hypot(a.x - b.x, a.y - b.y) || 1, cell0: view.cell,
        mx0: (a.x + b.x) / 2, my0: (a.y + b.y) / 2, ox0: view.ox, oy0: view.oy };
    }
    e.preventDefault();
  });

  canvas.addEventListener('pointermove', function (e) {
    var ptr = pointers[e.pointerId];
    if (!ptr || !gesture) return;
    var p = local(e);
    ptr.x = p.x; ptr.y = p.y;
    var list = pointerList();
    if (gesture.kind === 'pinch' && list.length >= 2) {
      var a = list[0], b = list[1];
      var d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      var mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
      var bx = (gesture.mx0 - gesture.ox0) / gesture.cell0, by = (gesture.my0 - gesture.oy0) / gesture.cell0;
      view.cell = gesture.cell0 * d / gesture.d0;
      clampView();
      view.ox = mx - bx * view.cell; view.oy = my - by * view.cell;
      clampView();
      draw();
    } else if (list.length === 1) {
      var moved = Math.hypot(ptr.x - ptr.x0, ptr.y - ptr.y0);
      if (gesture.kind === 'tap' && moved > 8) gesture.kind = 'pan';
      if (gesture.kind === 'pan') {
        view.ox = gesture.ox + ptr.x - ptr.x0; view.oy = gesture.oy + ptr.y - ptr.y0;
        clampView(); draw();
      }
    }
  });

  function pointerEnd(e) {
    var ptr = pointers[e.pointerId];
    if (!ptr) return;
    delete pointers[e.pointerId];
    if (gesture && gesture.kind === 'tap' && e.type === 'pointerup' && Date.now() - ptr.t0 < 800) tap(ptr.x, ptr.y);
    var list = pointerList();
    if (list.length === 0) gesture = null;
    else if (gesture && gesture.kind === 'pinch') {  // one finger left: it pans from here
      list.forEach(function (q) { q.x0 = q.x; q.y0 = q.y; });
      gesture = { kind: 'pan', ox: view.ox, oy: view.oy };
    }
  }
  canvas.addEventListener('pointerup', pointerEnd);
  canvas.addEventListener('pointercancel', pointerEnd);
  canvas.addEventListener('wheel', function (e) {
    if (!state) return;
    e.preventDefault();
    var p = local(e);
    zoomAt(Math.exp(-e.deltaY * 0.002), p.x, p.y);
  }, { passive: false });
  $('zoom-in').addEventListener('click', function () { var s = size(); zoomAt(1.6, s.w / 2, s.h / 2); });
  $('zoom-out').addEventListener('click', function () { var s = size(); zoomAt(1 / 1.6, s.w / 2, s.h / 2); });

  // ------------------------------------------------------------------------------------------------------------------
  // Choosing and playing a point

  function tap(x, y) {
    var i = pointAt(x, y);
    if (i < 0 || !playable(i)) return;  // a taken point, one inside an area, not your move: nothing happens
    if (selected === i) return;
    selected = i;
    moveKey = null;
    if (tg && tg.HapticFeedback) try { tg.HapticFeedback.selectionChanged(); } catch (err) { /* older clients */ }
    showSelection();
    header();
    draw();
  }

  function showSelection() {
    var pick = $('pick');
    if (selected === null) { pick.hidden = true; hideMain(); app.selected = null; return; }
    var name = pointName(selected);
    pick.textContent = name; pick.hidden = false;
    app.selected = name;
    showMain((texts.play || 'Play {point}').replace('{point}', name));
  }

  function clearSelection() { selected = null; moveKey = null; showSelection(); }

  function showMain(text) {
    if (tg && tg.MainButton) {
      tg.MainButton.setText(text);
      tg.MainButton.show();
      tg.MainButton.enable && tg.MainButton.enable();
    } else {
      var b = $('confirm'); b.textContent = text; b.hidden = false;
    }
  }

  function hideMain() {
    if (tg && tg.MainButton) { tg.MainButton.hideProgress && tg.MainButton.hideProgress(); tg.MainButton.hide(); }
    $('confirm').hidden = true;
  }

  function randomKey() {
    var a = new Uint8Array(16);
    crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }

  function confirmMove() {
    if (busy || selected === null || !state || !state.can_move) return;
    var i = selected, ply = state.ply;
    moveKey = moveKey || randomKey();
    busy = true;
    if (tg && tg.MainButton && tg.MainButton.showProgress) tg.MainButton.showProgress(false);
    var body = { x: i % state.width + 1, y: Math.floor(i / state.width) + 1, ply: ply, key: moveKey };
    api('api/games/' + game.id + '/moves', { method: 'POST', body: body }).then(function (r) {
      busy = false;
      if (r.status === 200) {
        moveKey = null; selected = null;
        if (tg && tg.HapticFeedback) try { tg.HapticFeedback.impactOccurred('light'); } catch (err) { /* older */ }
        say('');
        setState(r.body);
      } else {
        moveKey = null;
        if (r.body && r.body.state) setState(r.body.state);
        clearSelection();
        say((r.body && r.body.message) || texts.error, true);
      }
      showSelection();
    }, function () {  // no answer: the same key again is safe (the server plays it once)
      busy = false;
      if (tg && tg.MainButton && tg.MainButton.hideProgress) tg.MainButton.hideProgress();
      say(texts.offline || 'Offline', true);
    });
  }

  // The steps of a move that are not a dot: closing pools after your dot (Polish, territory rules), Done, and the
  // end of the extra dots after the opponent's STOP. Each is sent once per key, at the ply it was shown for.
  function step(action, extra) {
    if (busy || !state) return;
    var body = { ply: state.ply, key: randomKey() };
    Object.keys(extra || {}).forEach(function (k) { body[k] = extra[k]; });
    busy = true;
    api('api/games/' + game.id + '/' + action, { method: 'POST', body: body }).then(function (r) {
      busy = false;
      if (r.status === 200) { say(''); setState(r.body); }
      else {
        if (r.body && r.body.state) setState(r.body.state);
        say((r.body && r.body.message) || texts.error, true);
      }
    }, function () { busy = false; say(texts.offline || 'Offline', true); });
  }

  function actionButton(label, action, extra) {
    var b = document.createElement('button');
    b.type = 'button'; b.textContent = label;
    b.addEventListener('click', function () { step(action, extra); });
    return b;
  }

  function showActions() {
    var box = $('actions'), labels = state.labels || {};
    box.textContent = '';
    if (state.can_close && replayAt === null) {
      (state.pools || []).forEach(function (pool) {
        var x = pool.p % state.width + 1, y = Math.floor(pool.p / state.width) + 1;
        box.appendChild(actionButton('⭕ ' + x + '-' + y + ' · ' + pool.c, 'close', { x: x, y: y }));
      });
      if ((state.pools || []).length > 1) box.appendChild(actionButton(labels.close_all || 'All', 'close', { all: true }));
      box.appendChild(actionButton(labels.done || 'Done', 'done'));
    } else if (state.can_finish && replayAt === null) {
      box.appendChild(actionButton(labels.finish || 'Finish', 'finish', { auto: false }));
      box.appendChild(actionButton(labels.autofinish || 'Count the rest', 'finish', { auto: true }));
    }
    box.hidden = !box.firstChild;
  }

  if (tg && tg.MainButton) tg.MainButton.onClick(confirmMove);
  $('confirm').addEventListener('click', confirmMove);

  // ------------------------------------------------------------------------------------------------------------------
  // Drawing

  function resize() {  // the viewport changed (Telegram's main button, a rotation): the same spot stays in the middle
    var s = size(), dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(s.w * dpr); canvas.height = Math.round(s.h * dpr);
    if (!state) return;
    if (!view) { fitView(); draw(); return; }
    var zoom = view.cell / view.fit;
    var cx = (view.w / 2 - view.ox) / view.cell, cy = (view.h / 2 - view.oy) / view.cell;
    fitView();
    view.cell = view.fit * zoom;
    view.ox = s.w / 2 - cx * view.cell; view.oy = s.h / 2 - cy * view.cell;
    clampView(); draw();
  }

  function path(points) {
    ctx.beginPath();
    points.forEach(function (p, k) { if (k) ctx.lineTo(sx(p), sy(p)); else ctx.moveTo(sx(p), sy(p)); });
    ctx.closePath();
  }

  function draw() {
    if (!state || !view) return;
    var s = size(), dpr = window.devicePixelRatio || 1;
    var W = state.width, H = state.height, cell = view.cell, c = colours;
    var pos = app.pos = position(shownPly());
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = c.paper; ctx.fillRect(0, 0, s.w, s.h);
    // Areas, oldest first: a later area paints over the older ones inside it.
    pos.areas.forEach(function (a) {
      if (a.r.length < 3) return;
      path(a.r); ctx.fillStyle = a.o === 'b' ? c.blueTint : c.redTint; ctx.fill();
    });
    // The grid: every fifth line darker, for counting.
    var x0 = sx(0), x1 = sx(W - 1), yTop = sy((H - 1) * W), yBottom = sy(0);
    ctx.lineWidth = 1;
    for (var x = 1; x <= W; x++) {
      var px = Math.round(sx(x - 1)) + 0.5;
      if (px < -2 || px > s.w + 2) continue;
      ctx.strokeStyle = x % 5 === 0 ? c.five : c.grid;
      ctx.beginPath(); ctx.moveTo(px, yTop); ctx.lineTo(px, yBottom); ctx.stroke();
    }
    for (var y = 1; y <= H; y++) {
      var py = Math.round(sy((y - 1) * W)) + 0.5;
      if (py < -2 || py > s.h + 2) continue;
      ctx.strokeStyle = y % 5 === 0 ? c.five : c.grid;
      ctx.beginPath(); ctx.moveTo(x0, py); ctx.lineTo(x1, py); ctx.stroke();
    }
    // Chains around the areas; faded when captured later or made by grounding (through imagined dots).
    ctx.lineWidth = Math.max(1.2, cell * 0.13); ctx.lineJoin = 'round';
    pos.areas.forEach(function (a) {
      if (!a.r.length) return;
      var faded = a.g || pos.owners[a.r[0]] !== 0;
      ctx.strokeStyle = a.o === 'b' ? (faded ? c.blueDim : c.blue) : (faded ? c.redDim : c.red);
      path(a.r); ctx.stroke();
    });
    // Dots: in play in full colour, captured ones dimmed.
    var r = Math.max(1.6, cell * 0.3);
    for (var i = 0; i < W * H; i++) {
      var d = pos.dots[i];
      if (!d) continue;
      var X = sx(i), Y = sy(i);
      if (X < -r || Y < -r || X > s.w + r || Y > s.h + r) continue;
      ctx.fillStyle = pos.owners[i] ? (d === 1 ? c.blueDim : c.redDim) : (d === 1 ? c.blue : c.red);
      ctx.beginPath(); ctx.arc(X, Y, r, 0, 6.2832); ctx.fill();
    }
    // What the last move captured stands out.
    ctx.lineWidth = Math.max(1, cell * 0.07);
    pos.fresh.forEach(function (a) {
      ctx.strokeStyle = a.o === 'b' ? c.blue : c.red;
      a.c.forEach(function (p) { ctx.beginPath(); ctx.arc(sx(p), sy(p), r + cell * 0.12, 0, 6.2832); ctx.stroke(); });
    });
    // The last move: a dark ring and a light centre.
    if (pos.last >= 0) {
      ctx.strokeStyle = c.ring; ctx.lineWidth = Math.max(1.5, cell * 0.1);
      ctx.beginPath(); ctx.arc(sx(pos.last), sy(pos.last), r + Math.max(1.5, cell * 0.1), 0, 6.2832); ctx.stroke();
      if (!pos.owners[pos.last]) {
        ctx.fillStyle = c.mark; ctx.beginPath(); ctx.arc(sx(pos.last), sy(pos.last), r * 0.38, 0, 6.2832); ctx.fill();
      }
    }
    // The chosen point: the player's colour, ringed in the accent colour, with guides to the rulers.
    if (selected !== null && replayAt === null) {
      var SX = sx(selected), SY = sy(selected);
      ctx.strokeStyle = c.pick; ctx.lineWidth = 1; ctx.globalAlpha = 0.5;
      ctx.beginPath(); ctx.moveTo(SX, R); ctx.lineTo(SX, s.h - R); ctx.moveTo(R, SY); ctx.lineTo(s.w - R, SY); ctx.stroke();
      ctx.globalAlpha = 0.55; ctx.fillStyle = state.you === 'red' ? c.red : c.blue;
      ctx.beginPath(); ctx.arc(SX, SY, r, 0, 6.2832); ctx.fill();
      ctx.globalAlpha = 1; ctx.lineWidth = Math.max(2, cell * 0.12);
      ctx.beginPath(); ctx.arc(SX, SY, Math.max(r + 3, cell * 0.48), 0, 6.2832); ctx.stroke();
    }
    rulers(s, pos);
  }

  function rulers(s, pos) {
    var W = state.width, H = state.height, cell = view.cell, c = colours;
    var font = Math.round(Math.min(12, Math.max(9, cell * 0.6)));
    ctx.font = '600 ' + font + 'px -apple-system, system-ui, "Segoe UI", Roboto, sans-serif';
    ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    var wide = ctx.measureText('38').width + 3;
    var step = cell >= wide ? 1 : cell * 2 >= wide ? 2 : 5;
    // The rulers hug the board, and stay on the screen's edges when the board is larger than the screen.
    var top = Math.max(0, view.oy - R), bottom = Math.min(s.h - R, view.oy + H * cell);
    var left = Math.max(0, view.ox - R), right = Math.min(s.w - R, view.ox + W * cell);
    ctx.fillStyle = c.paper; ctx.globalAlpha = 0.92;
    ctx.fillRect(0, top, s.w, R); ctx.fillRect(0, bottom, s.w, R); ctx.fillRect(left, 0, R, s.h); ctx.fillRect(right, 0, R, s.h);
    ctx.globalAlpha = 1;
    var marks = {};
    if (pos.last >= 0) marks[pos.last] = pos.dots[pos.last] === 1 ? c.blue : c.red;
    if (selected !== null && replayAt === null) marks[selected] = c.pick;
    var markX = {}, markY = {};
    Object.keys(marks).forEach(function (k) { markX[k % W + 1] = marks[k]; markY[Math.floor(k / W) + 1] = marks[k]; });
    function label(text, x, y, mark) {
      if (mark) {
        var w = Math.max(ctx.measureText(text).width + 6, font + 4);
        ctx.fillStyle = mark; ctx.beginPath();
        if (ctx.roundRect) ctx.roundRect(x - w / 2, y - font / 2 - 2, w, font + 4, 4); else ctx.rect(x - w / 2, y - font / 2 - 2, w, font + 4);
        ctx.fill(); ctx.fillStyle = '#ffffff';
      } else ctx.fillStyle = c.label;
      ctx.fillText(text, x, y + 0.5);
    }
    for (var x = 1; x <= W; x++) {
      var px = sx(x - 1);
      if (px < left + R || px > right) continue;
      var show = markX[x] || x % step === 0 || (x === 1 && step === 5);
      if (!show || (step > 1 && !markX[x] && (markX[x - 1] || markX[x + 1]))) continue;
      label(String(x), px, top + R / 2, markX[x]); label(String(x), px, bottom + R / 2, markX[x]);
    }
    for (var y = 1; y <= H; y++) {
      var py = sy((y - 1) * W);
      if (py < top + R || py > bottom) continue;
      var showY = markY[y] || y % step === 0 || (y === 1 && step === 5);
      if (!showY || (step > 1 && !markY[y] && (markY[y - 1] || markY[y + 1]))) continue;
      label(String(y), left + R / 2, py, markY[y]); label(String(y), right + R / 2, py, markY[y]);
    }
  }

  // ------------------------------------------------------------------------------------------------------------------
  // The game: header, status, clock, replay, live updates

  function setState(next) {
    var first = !state || state.id !== next.id;
    var moved = !state || state.version !== next.version;
    var wasLive = replayAt === null || (state && replayAt === state.ply);
    state = next;
    app.state = next;
    deadline = next.time_left === null || next.time_left === undefined ? null : Date.now() + next.time_left * 1000;
    if (first) { fitView(); }
    if (moved && selected !== null && (!state.can_move || state.owners.charAt(selected) !== '.' || occupied(selected))) clearSelection();
    var over = state.state === 'finished' || state.state === 'cancelled';
    $('replay').hidden = !over || state.ply === 0;
    if (over) {
      var slider = $('slider');
      slider.max = String(state.ply);
      if (first || wasLive) { slider.value = String(state.ply); replayAt = null; }
      replayText();
    } else replayAt = null;
    header();
    draw();
    app.ready = true;
  }

  function occupied(i) {
    var d = i + 1;
    return state.moves.indexOf(d) >= 0 || state.moves.indexOf(-d) >= 0 || state.start.indexOf(d) >= 0 || state.start.indexOf(-d) >= 0;
  }

  function header() {
    ['blue', 'red'].forEach(function (colour) {
      var p = state.players[colour];
      var mine = state.you === colour && !localMode;  // locally the names say it ("Player"); hot-seat plays both sides
      $(colour + '-name').textContent = p.name + (mine ? ' (' + (texts.you || 'you') + ')' : '');
      $(colour + '-score').textContent = String(p.score);
      document.querySelector('.side.' + colour).classList.toggle('turn', state.to_move === colour);
    });
    $('game-id').textContent = '#' + state.id;
    var st = $('status'), line = state.status || '';
    if (!state.you && state.state === 'active') line += ' · ' + (texts.watching || '');
    $('status-text').textContent = line;
    var m = $('message');
    if (!m.className) m.textContent = state.can_move && selected === null && replayAt === null ? texts.tap || '' : '';
    st.className = state.can_move || state.can_close || state.can_finish ? 'mine' : '';
    showActions();
    if (localMode) {
      $('resign').hidden = state.state !== 'active' || !state.you;
      $('ground').hidden = state.state !== 'active' || !state.can_move;
    }
    tickClock();
  }

  function tickClock() {
    var el = $('clock');
    if (deadline === null) { el.textContent = ''; return; }
    var left = Math.max(0, (deadline - Date.now()) / 1000);
    if (left >= 3600) { el.textContent = '· ' + (state.time_left_text || ''); return; }
    var m = Math.floor(left / 60), sec = Math.floor(left % 60);
    el.textContent = '· ⏱ ' + m + ':' + (sec < 10 ? '0' : '') + sec;
  }

  function replayText() {
    var k = replayAt === null ? state.ply : replayAt;
    $('replay-text').textContent = (texts.replay || '{ply} / {total}').replace('{ply}', String(Math.min(k, state.moves.length)))
      .replace('{total}', String(state.moves.length));
  }

  $('slider').addEventListener('input', function () {
    var v = +this.value;
    replayAt = v === state.ply ? null : v;
    app.replayAt = replayAt;
    replayText(); draw();
  });

  function poll(token) {
    if (token !== polling || !game) return;
    var id = game.id;
    api('api/games/' + id + '/updates?version=' + encodeURIComponent(state.version) + watchQuery('&'))
      .then(function (r) {
        if (token !== polling) return;
        if (r.status === 200) { setState(r.body); return poll(token); }
        if (r.status === 429) return sleep(1000 * Math.max(1, r.retry)).then(function () { poll(token); });
        if (r.status >= 500) return sleep(2000).then(function () { poll(token); });
        say((r.body && r.body.message) || texts.error, true);
      }, function () {
        if (token !== polling) return;
        say(texts.offline || 'Offline', true);
        sleep(2000).then(function () { if (token === polling) { say(''); poll(token); } });
      });
  }

  function openGame(id, watch, back) {
    game = { id: id, watch: watch || null };
    fromList = !!back;
    polling++;
    state = null; view = null; selected = null; replayAt = null; moveKey = null; app.ready = false;
    $('games').hidden = true; $('game').hidden = false; $('fatal').hidden = true;
    $('back').hidden = !fromList;
    if (tg && tg.BackButton) { if (fromList) tg.BackButton.show(); else tg.BackButton.hide(); }
    $('exports').hidden = !localMode;
    if (localMode) {
      $('sgf').href = 'api/games/' + id + '/sgf'; $('sgf').textContent = texts.sgf || 'SGF';
      $('png').href = 'api/games/' + id + '/png'; $('png').textContent = texts.png || 'PNG';
      $('png').hidden = !localMode.pictures;
      $('resign').textContent = texts.resign || 'Resign'; $('ground').textContent = texts.ground || 'Ground';
      $('resign').hidden = $('ground').hidden = true;
      if (history.replaceState) history.replaceState(null, '', '?game=' + id);
    }
    say(''); hideMain(); $('pick').hidden = true;
    resize();
    var token = polling;
    api('api/games/' + id + watchQuery('?')).then(function (r) {
      if (token !== polling) return;
      if (r.status !== 200) { fatal((r.body && r.body.message) || texts.error); return; }
      setState(r.body);
      poll(token);
    }, function () { fatal(texts.offline || 'Offline'); });
  }

  function backToList() {
    polling++; game = null; state = null; hideMain();
    if (tg && tg.BackButton) tg.BackButton.hide();
    if (localMode && history.replaceState) history.replaceState(null, '', location.pathname);
    showGames();
  }
  $('back').addEventListener('click', backToList);
  if (tg && tg.BackButton) tg.BackButton.onClick(backToList);

  // ------------------------------------------------------------------------------------------------------------------
  // The games list

  function showGames() {
    $('game').hidden = true; $('games').hidden = false;
    $('games-title').textContent = texts.games || '';
    if (localMode) newForm();
    api('api/games').then(function (r) {
      if (r.status !== 200) { fatal((r.body && r.body.message) || texts.error); return; }
      var list = $('games-list');
      list.textContent = '';
      $('games-none').textContent = texts.games_none || ''; $('games-none').hidden = r.body.games.length > 0;
      r.body.games.forEach(function (g) {
        var li = document.createElement('li');
        li.className = g.your_move ? 'mine' : '';
        li.dataset.game = String(g.id);
        var who = document.createElement('div'); who.className = 'who';
        var names = document.createElement('div'); names.className = 'names';
        names.textContent = '#' + g.id + ' · ' + g.blue + ' – ' + g.red;
        var sub = document.createElement('div'); sub.className = 'sub';
        sub.textContent = [g.status, g.where, g.size].filter(Boolean).join(' · ');
        who.appendChild(names); who.appendChild(sub);
        var score = document.createElement('div'); score.className = 'score';
        score.textContent = g.score[0] + ':' + g.score[1];
        li.appendChild(who); li.appendChild(score);
        li.addEventListener('click', function () { openGame(g.id, null, true); });
        list.appendChild(li);
      });
      app.ready = true;
    }, function () { fatal(texts.offline || 'Offline'); });
  }

  // ------------------------------------------------------------------------------------------------------------------
  // Local mode: a new game, hot-seat or against the bot

  function chips(box, key, values, label) {
    var row = document.createElement('div'); row.className = 'row'; row.id = 'opt-' + key;
    if (label) { var l = document.createElement('div'); l.className = 'label'; l.textContent = label; row.appendChild(l); }
    var list = document.createElement('div'); list.className = 'chips';
    values.forEach(function (v) {
      var b = document.createElement('button');
      b.type = 'button'; b.className = 'chip' + (choice[key] === v[0] ? ' on' : ''); b.textContent = v[1]; b.dataset.value = v[0];
      b.addEventListener('click', function () {
        choice[key] = v[0];
        Array.prototype.forEach.call(list.children, function (c) { c.classList.toggle('on', c === b); });
        $('opt-level').hidden = choice.mode !== 'bot';
      });
      list.appendChild(b);
    });
    row.appendChild(list); box.appendChild(row);
  }

  function newForm() {
    var box = $('new'), m = localMode;
    box.textContent = '';
    var h = document.createElement('h1'); h.textContent = texts.new || 'New game'; box.appendChild(h);
    chips(box, 'mode', [['bot', texts.bot], ['hotseat', texts.hotseat]]);
    chips(box, 'level', m.levels.map(function (v, k) { return [v, new Array(k + 2).join('★') + ' ' + (texts['level_' + v] || v)]; }));
    chips(box, 'size', m.boards.map(function (v) { return [v, v]; }), texts.board);
    chips(box, 'start', m.starts.map(function (v) { return [v, texts['start_' + v] || v]; }), texts.start);
    chips(box, 'colour', m.colours.map(function (v) { return [v, texts[v] || v]; }), texts.colour);
    $('opt-level').hidden = choice.mode !== 'bot';
    var go = document.createElement('button');
    go.type = 'button'; go.id = 'go'; go.textContent = texts.go || 'Start';
    go.addEventListener('click', newGame);
    box.appendChild(go);
    box.hidden = false;
  }

  function act(kind) {  // resign, or declare grounding (in hot-seat: the side to move)
    if (!state || busy) return;
    var ask = kind === 'resign' ? (texts.resign_confirm || 'Resign?').replace('{id}', String(state.id)) : (texts.ground || '') + '?';
    if (!window.confirm(ask)) return;
    busy = true;
    api('api/games/' + game.id + '/actions', { method: 'POST', body: { action: kind, ply: state.ply } }).then(function (r) {
      busy = false;
      if (r.status === 200) { clearSelection(); say(''); setState(r.body); } else say((r.body && r.body.message) || texts.error, true);
    }, function () { busy = false; say(texts.offline || 'Offline', true); });
  }
  $('resign').addEventListener('click', function () { act('resign'); });
  $('ground').addEventListener('click', function () { act('ground'); });

  var starting = false;
  function newGame() {
    if (starting) return;
    starting = true;
    api('api/local/games', { method: 'POST', body: choice }).then(function (r) {
      starting = false;
      if (r.status !== 200) { fatal((r.body && r.body.message) || texts.error); return; }
      openGame(r.body.id, null, true);
    }, function () { starting = false; fatal(texts.offline || 'Offline'); });
  }

  // ------------------------------------------------------------------------------------------------------------------
  // Start

  function start() {
    applyTheme();
    if (tg) {
      try { tg.ready(); tg.expand(); } catch (err) { /* outside Telegram */ }
      tg.onEvent && tg.onEvent('themeChanged', applyTheme);
      tg.onEvent && tg.onEvent('viewportChanged', function () { resize(); });
      if (tg.disableVerticalSwipes) try { tg.disableVerticalSwipes(); } catch (err) { /* older clients */ }
    }
    window.addEventListener('resize', resize);
    if (window.ResizeObserver) new ResizeObserver(function () { resize(); }).observe($('board-wrap'));
    setInterval(tickClock, 1000);
    var outside = 'Open this page from the bot in Telegram.';
    api('api/session').then(function (r) {  // without initData only local mode answers (tochki-bot local)
      if (r.status !== 200) { fatal(!initData && r.status === 401 ? outside : (r.body && r.body.message) || outside); return; }
      texts = r.body.texts || {};
      localMode = r.body.local || null;
      app.local = !!localMode;
      document.documentElement.lang = r.body.lang || 'en';
      if (localMode && texts.title) document.title = texts.title;
      var q = new URLSearchParams(location.search);
      var start = r.body.start;
      var id = +(q.get('game') || (start && start.game) || 0);
      var watch = q.get('watch') || (start && start.watch) || null;
      if (id > 0) openGame(id, watch, !!localMode); else showGames();
    }, function () { fatal('Offline'); });
  }

  start();
})();

/* A stand-in for Telegram's telegram-web-app.js in the browser test: window.Telegram.WebApp with the signed initData
   the test made, a theme, a main button drawn at the bottom of the page (Telegram draws its own under the page), a back
   button the test presses, and a record of the calls the page makes (haptic feedback, closing confirmation...). */
(function () {
  'use strict';
  var initData = __INIT_DATA__;
  var theme = __THEME__;
  var unsafe = {};
  new URLSearchParams(initData).forEach(function (v, k) { unsafe[k] = k === 'user' ? JSON.parse(v) : v; });
  var events = {};
  function fire(name) { (events[name] || []).forEach(function (f) { f(); }); }
  var HEIGHT = 52;
  var main = {
    text: '', isVisible: false, isActive: true, isProgressVisible: false, clicks: [],
    setText: function (t) { main.text = t; draw(); return main; },
    show: function () { var was = main.isVisible; main.isVisible = true; draw(); if (!was) viewport(); return main; },
    hide: function () { var was = main.isVisible; main.isVisible = false; draw(); if (was) viewport(); return main; },
    enable: function () { main.isActive = true; return main; },
    disable: function () { main.isActive = false; return main; },
    showProgress: function () { main.isProgressVisible = true; draw(); return main; },
    hideProgress: function () { main.isProgressVisible = false; draw(); return main; },
    onClick: function (f) { main.clicks.push(f); return main; },
    offClick: function (f) { main.clicks = main.clicks.filter(function (g) { return g !== f; }); return main; },
    setParams: function (p) { if (p.text) main.text = p.text; if ('is_visible' in p) main.isVisible = p.is_visible; draw(); return main; }
  };
  function viewport() {
    var h = window.innerHeight - (main.isVisible ? HEIGHT : 0);
    document.documentElement.style.setProperty('--tg-viewport-stable-height', h + 'px');
    document.documentElement.style.setProperty('--tg-viewport-height', h + 'px');
    fire('viewportChanged');
  }
  function draw() {
    if (!document.body) { document.addEventListener('DOMContentLoaded', draw); return; }
    var b = document.getElementById('tg-main-button');
    if (!b) {
      b = document.createElement('div');
      b.id = 'tg-main-button';
      b.setAttribute('role', 'button');
      b.style.cssText = 'position:fixed;left:0;right:0;bottom:0;height:' + HEIGHT + 'px;line-height:' + HEIGHT +
        'px;text-align:center;font:600 16px system-ui,sans-serif;z-index:10;cursor:pointer';
      b.addEventListener('click', function () { if (main.isActive) main.clicks.forEach(function (f) { f(); }); });
      document.body.appendChild(b);
    }
    b.style.background = theme.button_color; b.style.color = theme.button_text_color;
    b.textContent = main.isProgressVisible ? '…' : main.text;
    b.style.display = main.isVisible ? 'block' : 'none';
  }
  var noop = function () {};
  // Every call the page makes of the phone's features is recorded ("HapticFeedback.impactOccurred medium"), for the
  // browser tests to assert: window.Telegram.WebApp.calls.
  var calls = [];
  function record(name) {
    return function () {
      var args = Array.prototype.slice.call(arguments).filter(function (a) { return typeof a !== 'function'; });
      calls.push([name].concat(args).join(' '));
    };
  }
  var backClicks = [];
  var back = {
    isVisible: false,
    show: function () { record('BackButton.show')(); back.isVisible = true; return back; },
    hide: function () { record('BackButton.hide')(); back.isVisible = false; return back; },
    onClick: function (f) { backClicks.push(f); return back; },
    offClick: function (f) { backClicks = backClicks.filter(function (g) { return g !== f; }); return back; },
    press: function () { backClicks.forEach(function (f) { f(); }); }  // the test's finger on Telegram's back button
  };
  var app = {
    initData: initData, initDataUnsafe: unsafe, version: '8.0', platform: 'android',
    colorScheme: theme.scheme, themeParams: theme, MainButton: main, BackButton: back, calls: calls,
    isVerticalSwipesEnabled: true, isClosingConfirmationEnabled: false,
    HapticFeedback: {
      selectionChanged: record('HapticFeedback.selectionChanged'),
      impactOccurred: record('HapticFeedback.impactOccurred'),
      notificationOccurred: record('HapticFeedback.notificationOccurred')
    },
    ready: record('ready'), expand: record('expand'), close: noop,
    disableVerticalSwipes: function () { record('disableVerticalSwipes')(); app.isVerticalSwipesEnabled = false; },
    enableClosingConfirmation: function () { record('enableClosingConfirmation')(); app.isClosingConfirmationEnabled = true; },
    disableClosingConfirmation: function () { record('disableClosingConfirmation')(); app.isClosingConfirmationEnabled = false; },
    onEvent: function (name, f) { (events[name] = events[name] || []).push(f); },
    offEvent: noop
  };
  window.Telegram = { WebApp: app };
  if (document.readyState !== 'loading') viewport(); else document.addEventListener('DOMContentLoaded', viewport);
})();

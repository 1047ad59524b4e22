/* Точки Mini App: a tournament's page (standings, every round's tables; a tap on a game opens it in the game page).
   Opened from a tournament's message in the group (startapp=t<id>_<code>) or with ?tournament=<id>&watch=<code>.
   The API is tochki_bot/webapp/server.py (GET api/tournaments/<id>), its JSON tochki_bot/webapp/tournament.py. */

import { request } from './api.js';
import { start as startTelegram } from './telegram.js';

/** @type {any} */
const tg = (/** @type {any} */ (window).Telegram || {}).WebApp || null;
const REFRESH = 30000;
/** How often the page reads the tournament again while it runs (a round ends, a game ends). */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {string} text */
function fatal(text) {
  $('tournament').hidden = true;
  const box = $('fatal');
  box.textContent = text;
  box.hidden = false;
}

/** The tournament and its code: from the direct link's start parameter, else from the page's query. */
function target() {
  const start = (tg && tg.initDataUnsafe && tg.initDataUnsafe.start_param) || '';
  const match = /^t(\d{1,12})_([A-Za-z0-9_-]{1,64})$/.exec(start);
  if (match) return { id: +match[1], watch: match[2] };
  const query = new URLSearchParams(location.search);
  return { id: +(query.get('tournament') || 0), watch: query.get('watch') || '' };
}

/**
 * @param {string} tag
 * @param {string} [text]
 * @param {string} [cls]
 */
function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

/** @param {import('./contract.js').TournamentPage} page */
function show(page) {
  const texts = page.texts;
  document.title = page.title;
  $('t-title').textContent = page.title;
  $('t-settings').textContent = page.settings;
  $('t-winner').hidden = !page.winner;
  if (page.winner) $('t-winner').textContent = '🏆 ' + page.winner;
  const table = /** @type {HTMLTableElement} */ ($('t-standings'));
  const head = table.tHead || table.createTHead();
  head.textContent = '';
  const heads = [texts.th_place, texts.th_player];
  const rounds = page.rounds_total || 0;
  for (let r = 1; r <= rounds; r++) heads.push(String(r));
  heads.push(texts.th_points);
  for (const column of page.columns) heads.push(texts['th_' + column] || '');
  heads.push(texts.th_games);
  const top = head.insertRow();
  for (const text of heads) top.appendChild(el('th', text));
  const body = table.tBodies[0];
  body.textContent = '';
  for (const line of page.standings) {
    const row = body.insertRow();
    if (line.me) row.className = 'me';
    if (!line.active) row.classList.add('out');
    row.appendChild(el('td', String(line.place)));
    row.appendChild(el('td', line.name, 'name'));
    for (let r = 0; r < rounds; r++) row.appendChild(el('td', line.marks[r] || ''));
    row.appendChild(el('td', line.points, 'points'));
    for (const value of line.tiebreaks) row.appendChild(el('td', value));
    row.appendChild(el('td', String(line.games)));
  }
  $('t-games').textContent = texts.tournament_games || texts.games || '';
  const list = $('t-rounds');
  list.textContent = '';
  for (const round of page.rounds.slice().reverse()) {
    const section = el('section', undefined, 't-round');
    section.appendChild(el('h3', '#' + round.round));
    for (const t of round.tables) {
      const line = el(t.game ? 'button' : 'p', t.text, 't-table' + (t.mine ? ' mine' : '') + (t.playing ? ' playing' : ''));
      if (t.game) {
        line.setAttribute('type', 'button');
        line.addEventListener('click', () => {
          const query = '?game=' + t.game + (t.watch ? '&watch=' + encodeURIComponent(t.watch) : '');
          location.href = './' + query;
        });
      }
      section.appendChild(line);
    }
    list.appendChild(section);
  }
  $('fatal').hidden = true;
  $('tournament').hidden = false;
}

async function load() {
  const { id, watch } = target();
  if (!id) { fatal('Open this page from the bot in Telegram.'); return false; }
  const path = 'api/tournaments/' + id + (watch ? '?watch=' + encodeURIComponent(watch) : '');
  let answer;
  try {
    answer = await request(path);
  } catch (err) {
    fatal('Offline');
    return true;
  }
  const body = answer.body;
  if (answer.status !== 200) { fatal(body.message || 'Open this page from the bot in Telegram.'); return false; }
  show(body);
  /** @type {any} */ (window).tochkiTournament = body;  // for the browser tests
  return body.state === 'running' || body.state === 'lobby';
}

async function main() {
  startTelegram({});
  if (await load()) {
    const again = async () => { if (await load()) setTimeout(again, REFRESH); };
    setTimeout(again, REFRESH);
  }
}

main();

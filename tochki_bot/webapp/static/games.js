/* The games list: the viewer's games, those being played first (the ones waiting for their move marked). */

import { request } from './api.js';
import { $, fatal, probe, showScreen, text } from './page.js';

/**
 * @typedef {import('./contract.js').GameLine} GameLine
 * @typedef {import('./contract.js').GamesList} GamesList
 */

/**
 * @param {string} className
 * @param {string} content
 */
function div(className, content) {
  const element = document.createElement('div');
  element.className = className;
  element.textContent = content;
  return element;
}

/**
 * One game of the list, which opens it.
 * @param {GameLine} game
 * @param {(id: number) => void} open
 */
function line(game, open) {
  const item = document.createElement('li');
  item.className = game.your_move ? 'mine' : '';
  item.dataset.game = String(game.id);
  const who = div('who', '');
  who.appendChild(div('names', '#' + game.id + ' · ' + game.blue_name + ' – ' + game.red_name));
  who.appendChild(div('sub', [game.status_text, game.chat_title, game.board_size].filter(Boolean).join(' · ')));
  item.appendChild(who);
  item.appendChild(div('score', game.score[0] + ':' + game.score[1]));
  item.addEventListener('click', () => open(game.id));
  return item;
}

/**
 * Show the list.
 * @param {(id: number) => void} open opens a game of it
 */
export async function showGames(open) {
  showScreen('games');
  $('games-title').textContent = text('games');
  let answer;
  try {
    answer = await request('api/games');
  } catch (err) {
    fatal(text('offline', {}, 'Offline'));
    return;
  }
  if (answer.status !== 200) { fatal(answer.body.message || text('error')); return; }
  /** @type {GamesList} */
  const list = answer.body;
  const items = $('games-list');
  items.textContent = '';
  $('games-none').textContent = text('games_none');
  $('games-none').hidden = list.games.length > 0;
  list.games.forEach((game) => items.appendChild(line(game, open)));
  probe.ready = true;
}

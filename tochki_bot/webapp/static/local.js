/* Local mode (tochki-bot local: no Telegram, this computer only): the new-game form above the list, hot-seat (the
   server plays for whoever is to move), resigning, declaring grounding (after the question with the score it would end
   with), and the record and picture downloads. Everything else is the Mini App's own. */

import { newKey, outcome, post, request } from './api.js';
import { $, fatal, say, text } from './page.js';

/**
 * @typedef {import('./contract.js').LocalChoices} LocalChoices
 * @typedef {import('./contract.js').FormOption} FormOption
 * @typedef {import('./contract.js').GroundQuestion} GroundQuestion
 * @typedef {import('./game.js').Extras} Extras
 * @typedef {import('./game.js').GameScreen} GameScreen
 */

/**
 * The new-game form: every option a row of chips; an option shown only with another's value hides without it.
 * @param {LocalChoices} choices
 * @param {(id: number) => void} open opens the new game
 */
function newGameForm(choices, open) {
  const box = $('new');
  box.textContent = '';
  /** @type {Object<string, string>} */
  const chosen = {};
  /** @type {[FormOption, HTMLElement][]} */
  const rows = [];
  const heading = document.createElement('h1');
  heading.textContent = text('new', {}, 'New game');
  box.appendChild(heading);
  const update = () => rows.forEach(([option, element]) => {
    element.hidden = option.shown_with !== null && chosen[option.shown_with.key] !== option.shown_with.value;
  });
  choices.options.forEach((option) => {
    chosen[option.key] = option.chosen;
    const element = document.createElement('div');
    element.className = 'row'; element.id = 'opt-' + option.key;
    if (option.label) {
      const title = document.createElement('div');
      title.className = 'label'; title.textContent = option.label;
      element.appendChild(title);
    }
    const chips = document.createElement('div');
    chips.className = 'chips';
    option.choices.forEach((choice) => {
      const chip = document.createElement('button');
      chip.type = 'button'; chip.className = 'chip' + (choice.value === option.chosen ? ' on' : '');
      chip.textContent = choice.label; chip.dataset.value = choice.value;
      chip.addEventListener('click', () => {
        chosen[option.key] = choice.value;
        Array.from(chips.children).forEach((other) => other.classList.toggle('on', other === chip));
        update();
      });
      chips.appendChild(chip);
    });
    element.appendChild(chips);
    box.appendChild(element);
    rows.push([option, element]);
  });
  update();
  const go = document.createElement('button');
  go.type = 'button'; go.id = 'go'; go.textContent = text('go', {}, 'Start');
  let starting = false;
  go.addEventListener('click', async () => {
    if (starting) return;
    starting = true;
    try {
      const answer = await post('api/local/games', chosen);
      if (answer.status !== 200) { fatal(answer.body.message || text('error')); return; }
      open(answer.body.id);
    } catch (err) {
      fatal(text('offline', {}, 'Offline'));
    } finally {
      starting = false;
    }
  });
  box.appendChild(go);
  box.hidden = false;
}

/**
 * The question before resigning or declaring grounding (grounding's has the score it would end with: the server's
 * preview); null when it cannot be asked (said why).
 * @param {GameScreen} screen
 * @param {'resign' | 'ground'} kind
 * @returns {Promise<string | null>}
 */
async function question(screen, kind) {
  const state = /** @type {import('./contract.js').GameState} */ (screen.state);
  if (kind === 'resign') return text('resign_confirm', { id: state.id }, 'Resign?');
  let answer;
  try {
    answer = await request('api/games/' + state.id + '/ground');
  } catch (err) {
    say(text('offline', {}, 'Offline'), true);
    return null;
  }
  const result = outcome(answer, text('error'));
  if (!result.ok) {
    say(result.message, true);
    if (result.state) screen.setState(result.state);
    return null;
  }
  return /** @type {GroundQuestion} */ (answer.body).question;
}

/**
 * Resign, or declare grounding (in hot-seat: for the side to move), once the person says yes.
 * @param {GameScreen} screen
 * @param {'resign' | 'ground'} kind
 */
async function act(screen, kind) {
  if (!screen.state || screen.busy) return;
  const ply = screen.state.ply;
  const asked = await question(screen, kind);
  if (asked === null || !window.confirm(asked)) return;
  await screen.change('actions', { action: kind, ply, key: newKey() });
}

/**
 * What local mode adds to the page.
 * @param {LocalChoices} choices
 * @param {(id: number) => void} open opens a game
 * @returns {Extras}
 */
export function localExtras(choices, open) {
  /** @type {GameScreen | null} */
  let current = null;
  $('resign').addEventListener('click', () => { if (current) act(current, 'resign'); });
  $('ground').addEventListener('click', () => { if (current) act(current, 'ground'); });
  return {
    namesSayWho: true,  // "Player" and "Friend", or the bot: hot-seat plays both sides
    opened(screen) {
      current = screen;
      const id = screen.gameId;
      $('exports').hidden = false;
      $('sgf').href = 'api/games/' + id + '/sgf'; $('sgf').textContent = text('sgf', {}, 'SGF');
      $('png').href = 'api/games/' + id + '/png'; $('png').textContent = text('png', {}, 'PNG');
      $('png').hidden = !choices.pictures;
      $('resign').textContent = text('resign', {}, 'Resign'); $('ground').textContent = text('ground', {}, 'Ground');
      $('resign').hidden = true; $('ground').hidden = true;
      history.replaceState(null, '', '?game=' + id);
    },
    shown(screen) {
      const state = /** @type {import('./contract.js').GameState} */ (screen.state);
      $('resign').hidden = state.state !== 'active' || !state.your_colour;
      $('ground').hidden = !state.can_ground;
    },
    left() {
      current = null;
      history.replaceState(null, '', location.pathname);
    },
    listed() { newGameForm(choices, open); },
  };
}

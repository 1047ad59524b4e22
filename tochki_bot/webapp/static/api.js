/* The server (tochki_bot/webapp/server.py): every call sends Telegram's initData ("tma ..."; empty in local mode, where
   the server lets only this computer in). Answers come back as { status, body, retry }; a call that got no answer at
   all (offline) rejects. */

import { initData } from './telegram.js';

/**
 * @typedef {Object} Answer
 * @property {number} status the HTTP status
 * @property {any} body the JSON body ({} when there is none)
 * @property {number} retry the seconds Retry-After asks for (0: none)
 */

/**
 * @param {string} path relative to the page
 * @param {{ method?: string, body?: Object }} [options]
 * @returns {Promise<Answer>}
 */
export async function request(path, options = {}) {
  /** @type {Object<string, string>} */
  const headers = { Authorization: 'tma ' + initData };
  if (options.body) headers['Content-Type'] = 'application/json';
  const reply = await fetch(path, {
    method: options.method || 'GET', headers, cache: 'no-store',
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const body = await reply.json().catch(() => ({}));
  return { status: reply.status, body, retry: +(reply.headers.get('Retry-After') || 0) };
}

/**
 * A change (a move, a step of one, resigning...): POSTed with its own idempotency key, so that sending the same change
 * again after no answer is safe (the server makes it once).
 * @param {string} path
 * @param {Object} body
 * @returns {Promise<Answer>}
 */
export function post(path, body) { return request(path, { method: 'POST', body }); }

/** @param {number} ms */
export function sleep(ms) { return new Promise((done) => setTimeout(done, ms)); }

/** A new idempotency key: 32 hex digits. */
export function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * @typedef {import('./contract.js').GameState} GameState
 * @typedef {Object} Outcome what an answer to a change means for the page
 * @property {boolean} ok the change was made
 * @property {GameState | null} state the game as it is now, when the answer carries it
 * @property {string} message why not, for the person ('' when ok)
 */

/**
 * What an answer to a change means, the one mapping every change goes through: 200 is the new state; a refusal says
 * why (the server's words) and may carry the game as it is now (409: the page was behind).
 * @param {Answer} answer
 * @param {string} fallback what to say when the server gave no reason
 * @returns {Outcome}
 */
export function outcome(answer, fallback) {
  if (answer.status === 200) return { ok: true, state: answer.body, message: '' };
  const body = answer.body || {};
  return { ok: false, state: body.state || null, message: body.message || fallback };
}

/* Colours: Telegram's theme (light or dark) on the page's CSS variables, and the board's palette to match. */

import { colorScheme, inTelegram, themeParams } from './telegram.js';

/**
 * The board's colours.
 * @typedef {Object} Palette
 * @property {string} paper @property {string} grid @property {string} five every fifth line
 * @property {string} label @property {string} text @property {string} ring @property {string} mark
 * @property {string} blue @property {string} red @property {string} blueDim @property {string} redDim
 * @property {string} blueTint @property {string} redTint @property {string} pick the chosen point
 * @property {string} better a reviewed move's better move
 */

const VARIABLES = {
  bg_color: '--bg', text_color: '--text', hint_color: '--hint', link_color: '--link',
  button_color: '--button', button_text_color: '--button-text', secondary_bg_color: '--secondary-bg',
};

/**
 * Whether a colour (#rrggbb) is light; null when it is not one.
 * @param {string | undefined} hex
 */
function isLight(hex) {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex || '');
  if (!match) return null;
  const n = parseInt(match[1], 16);
  return 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) > 140;
}

/**
 * Put Telegram's theme on the page and give the board's palette for it.
 * @returns {Palette}
 */
export function applyTheme() {
  const params = themeParams();
  const root = document.documentElement;
  Object.entries(VARIABLES).forEach(([key, variable]) => { if (params[key]) root.style.setProperty(variable, params[key]); });
  const light = isLight(params.bg_color);
  const dark = light === null
    ? (inTelegram ? colorScheme() === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches)
    : !light;
  root.classList.toggle('dark', dark);
  const css = getComputedStyle(root);
  /** @param {string} name */
  const get = (name) => css.getPropertyValue(name).trim();
  return dark ? {
    paper: get('--bg') || '#17191e', grid: 'rgba(255,255,255,.16)', five: 'rgba(255,255,255,.32)',
    label: get('--hint') || '#8b909c', text: get('--text') || '#eceef2', ring: '#f4f5f8', mark: '#17191e',
    blue: '#5b8cff', red: '#ff5a60', blueDim: 'rgba(91,140,255,.45)', redDim: 'rgba(255,90,96,.45)',
    blueTint: 'rgba(91,140,255,.22)', redTint: 'rgba(255,90,96,.22)', pick: get('--button') || '#5b8cff',
    better: '#3fd07f',
  } : {
    paper: '#ffffff', grid: '#c4c6cc', five: '#969aa4', label: '#545864', text: '#1c1e24', ring: '#1c1e24',
    mark: '#ffffff', blue: '#1f56d6', red: '#da242c', blueDim: '#96ace8', redDim: '#ee9ea0',
    blueTint: '#dbe4fc', redTint: '#fddfdf', pick: get('--button') || '#2a73d6', better: '#119a4b',
  };
}

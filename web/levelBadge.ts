import type { ImpactLevel } from '../shared/contract/enums.js';
import { type Html, html } from './html.js';

const WORDS: Record<ImpactLevel, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low', none: 'None' };

/** An impact level as a word on its colour (never colour alone); the colours are in govex.css. */
export const levelBadge = (level: ImpactLevel): Html => html`<span class="badge badge-${level}">${WORDS[level]}</span>`;

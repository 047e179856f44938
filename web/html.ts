/**
 * HTML built so that escaping cannot be forgotten: `html` is a tagged template whose every
 * interpolation is escaped unless it is already `Html` (another `html` result, or text a caller
 * marked with `trustedHtml` after building it itself). Arrays are joined, `undefined`, `null` and
 * `false` render as nothing, so conditional sections need no string glue.
 *
 * @example html`<p>${proposal.title}</p>` // a title holding <script> stays text
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// C0 controls other than tab, newline and return are never text people read, and XML (the Atom
// feed) forbids them outright: dropped rather than escaped.
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for element content and quoted attribute values, in HTML and XML alike (both quote kinds are escaped). */
export const escapeHtml = (text: string): string => text.replace(CONTROLS, '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);

function render(value: HtmlValue): string {
  if (value === undefined || value === null || value === false || value === true) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]!;
  });
  return new Html(out);
}

/** Marks markup the caller built itself as safe (a fixed SVG path, say); never pass upstream text. */
export const trustedHtml = (markup: string): Html => new Html(markup);

/**
 * Whether a text an upstream gave is an http(s) URL a SourceLink may carry (proposers paste
 * anything). White space and control characters anywhere make it no URL: the WHATWG parser drops
 * tabs and line feeds (`java\nscript:` parses as `javascript:`) and trims the ends, so a text it
 * accepts could still be served with them. Pure.
 */
export function isHttpUrl(text: string | undefined): text is string {
  if (!text || /[\s\u0000-\u001F\u007F-\u009F]/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

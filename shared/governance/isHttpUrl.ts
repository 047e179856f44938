/** Whether a text an upstream gave is an http(s) URL a SourceLink may carry (proposers paste anything). Pure. */
export function isHttpUrl(text: string | undefined): text is string {
  if (!text) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Escapes text for HTML element content and attribute values. */
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The wallet page, for people. For now a plain page that names the wallet and links its scan; the
 * full page (positions, proposals, impact) is its own piece of work.
 */
export function walletPage(input: { address: string; scanUrl: string; error?: string }): string {
  const address = escapeHtml(input.address);
  const body = input.error
    ? `<p role="alert">${escapeHtml(input.error)}</p>`
    : `<p>The page for this wallet is being built. Its scan is available as JSON:</p>
    <p><a href="${escapeHtml(input.scanUrl)}">${escapeHtml(input.scanUrl)}</a></p>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Govex — ${address}</title>
  <style>body{font-family:system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;line-height:1.5}code{word-break:break-all}</style>
</head>
<body>
  <h1>Governance exposure</h1>
  <p>Wallet <code>${address}</code></p>
  ${body}
  <p><small>Data and simulation only, not financial advice.</small></p>
</body>
</html>
`;
}

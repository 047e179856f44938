import type { HttpEvent } from '../shared/api/http/types.js';
import { demoWallet } from '../shared/demo/wallets.js';
import { measure, type Row } from './measure.js';
import type { Services } from '../shared/runtime/services.js';

const eventFor = (routeKey: string, rawPath: string, address: string) =>
  ({
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: { host: 'bench' },
    pathParameters: { address },
    requestContext: { http: { method: 'GET', path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' }, requestId: 'bench', routeKey: '', stage: '$default', time: '', timeEpoch: 0, accountId: '', apiId: '', domainName: 'bench', domainPrefix: '' },
    isBase64Encoded: false,
  }) as unknown as HttpEvent;

/**
 * The wallet page against the scan it renders, both handlers in process on the demo evm wallet
 * (same scan, same cache): the ratio is the rendering's cost (target under 1.10×). Also the page's
 * weight, HTML plus its one stylesheet (target under 60 KB; it has no script at all).
 */
export async function benchPage(services: Services): Promise<{ rows: Row[]; weight: { htmlBytes: number; cssBytes: number } }> {
  const [{ handler: scanHandler }, { handler: pageHandler }] = await Promise.all([import('../functions/scan.js'), import('../functions/page.js')]);
  const [scan, page] = [scanHandler, pageHandler].map((handler) => handler.withServices(async () => services)) as [typeof scanHandler, typeof pageHandler];
  const address = demoWallet('evm').address;
  const group = 'wallet page vs its scan (handlers in process, demo evm)';
  const rows = [
    await measure(group, 'GET /api/scan/{address} (JSON)', () => scan(eventFor('ANY /api/scan/{address}', `/api/scan/${address}`, address))),
    await measure(group, 'GET /w/{address} (HTML, same scan)', () => page(eventFor('ANY /w/{address}', `/w/${address}`, address))),
  ];
  const html = (await page(eventFor('ANY /w/{address}', `/w/${address}`, address))).body ?? '';
  const { readFile } = await import('node:fs/promises');
  const css = await readFile(new URL('../web/assets/govex.css', import.meta.url), 'utf8');
  return { rows, weight: { htmlBytes: Buffer.byteLength(html), cssBytes: Buffer.byteLength(css) } };
}

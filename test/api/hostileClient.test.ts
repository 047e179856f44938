import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';

const server = useServer();

/** Sends raw bytes and reads the whole answer: what a hostile client, not a well-behaved fetch, sends. */
function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

const evm = demoWallet('evm').address;

describe('what a hostile-client probe found, kept as tests', () => {
  it.each(['a:65536', '[', 'aaa:bbb', 'x y', 'evil.example/<script>'])('answers a scan 200 under a malformed Host %j, its webUrl on a valid base', async (host) => {
    const answer = await raw(`GET /api/scan/${evm} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body) as { webUrl: string };
    expect(body.webUrl).toBe(`http://localhost/w/${evm}`);
  });

  it('says Vary: Host, X-Forwarded-Proto on answers whose links come from those headers', async () => {
    for (const path of ['/api', '/llms.txt', `/api/scan/${evm}`]) {
      const answer = await raw(`GET ${path} HTTP/1.1\r\nHost: govex.example\r\nConnection: close\r\n\r\n`);
      expect(answer.status).toBe(200);
      expect(answer.headers.vary).toBe('Host, X-Forwarded-Proto');
      expect(answer.body).toContain('http://govex.example');
      const overTls = await raw(`GET ${path} HTTP/1.1\r\nHost: govex.example\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n`);
      expect(overTls.body).toContain('https://govex.example');
    }
  });

  it('answers a HTTP/1.1 request without Host with the error envelope', async () => {
    const answer = await raw('GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'invalid_input' });
    expect(answer.headers['x-api-version']).toBeDefined();
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers CONNECT 405 with Allow and the envelope', async () => {
    const answer = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'invalid_input' });
  });

  it('echoes an odd api-version cut and escaped, never whole or garbled', async () => {
    const long = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\napi-version: ${'9'.repeat(8_000)}\r\nConnection: close\r\n\r\n`);
    expect(long.status).toBe(400);
    const message = (JSON.parse(long.body) as { error: string }).error;
    expect(message.length).toBeLessThan(200);
    const accented = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\napi-version: ví\r\nConnection: close\r\n\r\n`);
    // The UTF-8 bytes of "í" reach Node as two latin1 characters; both are escaped, none echoed raw.
    expect((JSON.parse(accented.body) as { error: string }).error).toContain('"v\\u00c3\\u00ad"');
  });

  it.each(['osmo1clpqr4nrk4khgkxj78fcwwh6dl3uw4epasmvnj', `${evm}.json`, 'vitalik.eth.json'])('refuses %s as invalid_address with a hint', async (address) => {
    const answer = await raw(`GET /api/positions/${address} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'invalid_address', hint: expect.any(String) });
  });
});

import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWatchSecret, newWebhookId, signatureOf, signedHeaders } from '../../shared/webhooks/signature.js';

describe('Standard Webhooks v1 signatures', () => {
  it("gives the spec's own example signature (standard-webhooks spec, 'Signature scheme')", () => {
    // Secret, id, timestamp, body and signature as the spec's example prints them.
    expect(signatureOf('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('is verified by the standardwebhooks package, the reference receiver library', () => {
    const secret = newWatchSecret();
    const body = JSON.stringify({ type: 'proposal.matched', timestamp: new Date().toISOString(), data: { a: 'ünïcode ✓' } });
    const headers = signedHeaders(secret, newWebhookId(), new Date(), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fails verification when one byte of the body, the id or the timestamp changes, or the secret is another', () => {
    const secret = newWatchSecret();
    const body = '{"type":"ping"}';
    const headers = signedHeaders(secret, 'msg_a', new Date(), body);
    const receiver = new Webhook(secret);
    expect(() => receiver.verify('{"type":"pong"}', headers)).toThrow();
    expect(() => receiver.verify(body, { ...headers, 'webhook-id': 'msg_b' })).toThrow();
    expect(() => receiver.verify(body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) })).toThrow();
    expect(() => new Webhook(newWatchSecret()).verify(body, headers)).toThrow();
  });

  it('makes a whsec_ secret of 32 random bytes, different each time', () => {
    const [a, b] = [newWatchSecret(), newWatchSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
  });
});

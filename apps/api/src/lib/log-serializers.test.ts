import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { LOG_SERIALIZERS, maskUrl } from './log-serializers';

describe('maskUrl', () => {
  it.each([
    ['/r/AbC_-123xyz', '/r/[redacted]'],
    ['/r/AbC_-123xyz/pdf?paper=80mm', '/r/[redacted]/pdf?paper=80mm'],
    ['/api/invitations/tok3n', '/api/invitations/[redacted]'],
    ['/api/invitations/tok3n/accept', '/api/invitations/[redacted]/accept'],
    ['/api/files/a/b.jpg?exp=1&ses=2&sig=s1gnature', '/api/files/a/b.jpg?exp=1&ses=2&sig=[redacted]'],
    ['/api/x?token=abc&page=2', '/api/x?token=[redacted]&page=2'],
    ['/api/students?page=2&search=r', '/api/students?page=2&search=r'],
    ['/student/join', '/student/join'],
  ])('%s → %s', (url, expected) => {
    expect(maskUrl(url)).toBe(expected);
  });
});

describe('the request log', () => {
  it('keeps no shared-link token or invitation token, in the incoming or the completed line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: LOG_SERIALIZERS } });
    app.get('/r/:token', async () => 'ok');
    app.post('/api/invitations/:token/accept', async () => 'ok');
    await app.inject({ url: '/r/SeCrEtLinkToken123' });
    await app.inject({ method: 'POST', url: '/api/invitations/InViTeToKeN456/accept' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/r/[redacted]');
    expect(log).toContain('/api/invitations/[redacted]/accept');
    expect(log).not.toContain('SeCrEtLinkToken123');
    expect(log).not.toContain('InViTeToKeN456');
  });
});

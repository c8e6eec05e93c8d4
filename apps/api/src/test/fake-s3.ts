import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/**
 * A small S3-compatible server for tests, on loopback: path-style PutObject,
 * GetObject, HeadObject and DeleteObject on buckets held in memory. Like S3, it
 * checks the AWS Signature Version 4 of every request (canonical request rebuilt
 * from what arrived, signed with the one secret it knows), the payload hash the
 * client declared, and any checksum header; anything else is answered with S3's
 * XML errors (SignatureDoesNotMatch, NoSuchKey, NoSuchBucket...).
 */
export interface FakeS3Options {
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  buckets: string[];
}

export interface FakeObject {
  body: Buffer;
  contentType: string;
  etag: string;
}

export interface FakeRequest {
  method: string;
  bucket: string;
  key: string;
  status: number;
  /** The error code answered, when the request was refused. */
  code?: string;
  /** The request's headers, by lower-case name (to replay a signed request in a test). */
  headers: Record<string, string>;
}

export interface FakeS3 {
  /** `http://127.0.0.1:<port>`: the S3_ENDPOINT to use (path style). */
  url: string;
  /** The objects of a bucket, by key. */
  bucket(name: string): Map<string, FakeObject>;
  /** Every request answered, in order. */
  requests: FakeRequest[];
  /** Answers the next `times` requests with this error before looking at them (an outage). */
  failNext(times: number, status: number, code: string): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 20 * 1024 * 1024;
const MAX_SKEW_MS = 15 * 60 * 1000;

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail: Record<string, string> = {},
  ) {
    super(message);
  }
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** AWS's URI encoding: every byte but A-Z a-z 0-9 - . _ ~ as %XX (and '/' kept in paths). */
function awsEncode(text: string, keepSlash = false): string {
  return Array.from(Buffer.from(text, 'utf8'))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) return c;
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Header values by lower-case name, repeated headers joined by commas (SigV4's canonical form). */
function headerValues(request: IncomingMessage): Map<string, string> {
  const values = new Map<string, string[]>();
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i]!.toLowerCase();
    const value = request.rawHeaders[i + 1]!.trim().replace(/\s+/g, ' ');
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return new Map([...values].map(([name, list]) => [name, list.join(',')]));
}

interface ParsedAuthorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  terminator: string;
  signedHeaders: string[];
  signature: string;
}

function parseAuthorization(header: string | undefined): ParsedAuthorization {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/([^/,\s]+),\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      header ?? '',
    );
  if (!match) {
    throw new S3Error(
      header ? 400 : 403,
      header ? 'AuthorizationHeaderMalformed' : 'AccessDenied',
      header ? 'The authorization header is malformed.' : 'Access Denied',
    );
  }
  const [, accessKeyId, date, region, service, terminator, signedHeaders, signature] = match as unknown as string[];
  return {
    accessKeyId: accessKeyId!,
    date: date!,
    region: region!,
    service: service!,
    terminator: terminator!,
    signedHeaders: signedHeaders!.split(';'),
    signature: signature!,
  };
}

/** The canonical query string: every parameter decoded, AWS-encoded again, sorted by name then value. */
function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = decodeURIComponent(at < 0 ? pair : pair.slice(0, at));
      const value = at < 0 ? '' : decodeURIComponent(pair.slice(at + 1));
      return [awsEncode(name), awsEncode(value)] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const region = options.region ?? 'us-east-1';
  const buckets = new Map(options.buckets.map((name) => [name, new Map<string, FakeObject>()]));
  const requests: FakeRequest[] = [];
  let outage: { times: number; status: number; code: string } | undefined;

  /** Checks SigV4 as S3 does, and the body against the hash and checksums the client declared. */
  function authenticate(request: IncomingMessage, rawPath: string, rawQuery: string, body: Buffer) {
    const headers = headerValues(request);
    const auth = parseAuthorization(headers.get('authorization'));
    if (auth.accessKeyId !== options.accessKeyId) {
      throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    }
    if (auth.service !== 's3' || auth.terminator !== 'aws4_request' || auth.region !== region) {
      throw new S3Error(
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; expecting '${region}'.`,
      );
    }
    const amzDate = headers.get('x-amz-date') ?? '';
    const dateMatch = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!dateMatch || amzDate.slice(0, 8) !== auth.date) {
      throw new S3Error(403, 'AccessDenied', 'X-Amz-Date is missing or does not match the credential scope.');
    }
    const [, y, mo, d, h, mi, s] = dateMatch.map(Number) as number[];
    if (Math.abs(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - Date.now()) > MAX_SKEW_MS) {
      throw new S3Error(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    }
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
      if (!auth.signedHeaders.includes(required)) {
        throw new S3Error(403, 'AccessDenied', `The header ${required} must be signed.`);
      }
    }
    const sortedSigned = [...auth.signedHeaders].sort();
    if (sortedSigned.join(';') !== auth.signedHeaders.join(';')) {
      throw new S3Error(400, 'AuthorizationHeaderMalformed', 'SignedHeaders must be sorted.');
    }
    const payloadHash = headers.get('x-amz-content-sha256') ?? '';
    if (!/^[0-9a-f]{64}$/.test(payloadHash) && payloadHash !== 'UNSIGNED-PAYLOAD') {
      // Chunked (STREAMING-*) uploads are not something this backend sends.
      throw new S3Error(501, 'NotImplemented', `x-amz-content-sha256 ${payloadHash} is not supported here.`);
    }

    // The canonical request, from what arrived: the path decoded and encoded again the AWS way.
    const canonicalUri = rawPath
      .split('/')
      .map((segment) => awsEncode(decodeURIComponent(segment)))
      .join('/');
    const canonicalHeaders = auth.signedHeaders.map((name) => {
      const value = headers.get(name);
      if (value === undefined) throw new S3Error(403, 'AccessDenied', `Signed header ${name} is missing.`);
      return `${name}:${value}\n`;
    });
    const canonicalRequest = [
      request.method,
      canonicalUri,
      canonicalQuery(rawQuery),
      canonicalHeaders.join(''),
      auth.signedHeaders.join(';'),
      payloadHash,
    ].join('\n');
    const scope = `${auth.date}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    const signingKey = ['s3', 'aws4_request'].reduce(
      (key, part) => hmac(key, part),
      hmac(hmac(`AWS4${options.secretAccessKey}`, auth.date), region),
    );
    const expected = Buffer.from(hmac(signingKey, stringToSign).toString('hex'));
    if (!timingSafeEqual(expected, Buffer.from(auth.signature))) {
      throw new S3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
        { StringToSign: stringToSign, CanonicalRequest: canonicalRequest },
      );
    }

    if (payloadHash !== 'UNSIGNED-PAYLOAD' && sha256Hex(body) !== payloadHash) {
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    }
    const md5 = headers.get('content-md5');
    if (md5 !== undefined && createHash('md5').update(body).digest('base64') !== md5) {
      throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
    }
    for (const [name, value] of headers) {
      if (!name.startsWith('x-amz-checksum-') || name === 'x-amz-checksum-type') continue;
      const crc = Buffer.alloc(4);
      const computed =
        name === 'x-amz-checksum-crc32'
          ? (crc.writeUInt32BE(zlib.crc32(body)), crc.toString('base64'))
          : name === 'x-amz-checksum-sha256'
            ? createHash('sha256').update(body).digest('base64')
            : undefined;
      if (computed === undefined) throw new S3Error(501, 'NotImplemented', `${name} is not supported here.`);
      if (computed !== value)
        throw new S3Error(400, 'BadDigest', `The ${name} you specified did not match the calculated checksum.`);
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse, log: FakeRequest) {
    // The whole body first, so that an error answer never races a client still sending.
    const body = await readBody(request);
    if (outage && outage.times > 0) {
      outage.times -= 1;
      throw new S3Error(outage.status, outage.code, 'Injected failure.');
    }
    const url = request.url ?? '/';
    const queryAt = url.indexOf('?');
    const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
    const rawQuery = queryAt < 0 ? '' : url.slice(queryAt + 1);
    authenticate(request, rawPath, rawQuery, body);

    const [, bucketName = '', ...keyParts] = rawPath.split('/').map((part) => decodeURIComponent(part));
    const key = keyParts.join('/');
    log.bucket = bucketName;
    log.key = key;
    const bucket = buckets.get(bucketName);
    if (!bucket)
      throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.', { BucketName: bucketName });
    if (!key) throw new S3Error(501, 'NotImplemented', 'Bucket operations are not implemented here.');

    switch (request.method) {
      case 'PUT': {
        if (request.headers['x-amz-copy-source'])
          throw new S3Error(501, 'NotImplemented', 'CopyObject is not implemented here.');
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        bucket.set(key, { body, contentType: request.headers['content-type'] ?? 'binary/octet-stream', etag });
        response.writeHead(200, { etag, 'content-length': 0 }).end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        const object = bucket.get(key);
        if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
        response.writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.body.length,
          etag: object.etag,
          'accept-ranges': 'bytes',
        });
        response.end(request.method === 'GET' ? object.body : undefined);
        return;
      }
      case 'DELETE':
        bucket.delete(key);
        response.writeHead(204).end();
        return;
      default:
        throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  const server = http.createServer((request, response) => {
    const log: FakeRequest = {
      method: request.method ?? '',
      bucket: '',
      key: '',
      status: 0,
      headers: Object.fromEntries(headerValues(request)),
    };
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    response.setHeader('x-amz-request-id', requestId);
    handle(request, response, log)
      .catch((error: unknown) => {
        const failure =
          error instanceof S3Error
            ? error
            : new S3Error(500, 'InternalError', `We encountered an internal error: ${String(error)}`);
        log.code = failure.code;
        if (failure.code === 'EntityTooLarge') response.setHeader('connection', 'close');
        if (request.method === 'HEAD') {
          response.writeHead(failure.status).end();
          return;
        }
        const details = Object.entries(failure.detail)
          .map(([name, value]) => `<${name}>${xmlEscape(value)}</${name}>`)
          .join('');
        response
          .writeHead(failure.status, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${failure.code}</Code><Message>${xmlEscape(failure.message)}</Message>` +
              `${details}<RequestId>${requestId}</RequestId></Error>`,
          );
      })
      .finally(() => {
        log.status = response.statusCode;
        requests.push(log);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    bucket(name) {
      const bucket = buckets.get(name);
      if (!bucket) throw new Error(`fake S3 has no bucket ${name}`);
      return bucket;
    },
    requests,
    failNext(times, status, code) {
      outage = { times, status, code };
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

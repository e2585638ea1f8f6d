// A push service for the tests (the role FCM, Mozilla's autopush or Apple's play in production):
// it takes Web Push requests on http://127.0.0.1, checks their VAPID header (RFC 8292: an ES256
// JWT for this origin, signed by the key it names), decrypts their aes128gcm body (RFC 8291) with
// the private keys of the device the endpoint belongs to, and keeps what each device received.
// A device can be told to answer 404, 410, 429 or 500 instead, as a real service does.
import { createECDH, createPublicKey, hkdfSync, randomBytes, createDecipheriv, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
export interface TestDevice {
  id: string;
  endpoint: string;
  /** The subscription's keys as the browser hands them (base64url). */
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface Received {
  /** The decrypted payload, parsed. */
  payload: unknown;
  ttl: number;
  urgency: string | null;
  /** The VAPID key the request was signed with. */
  vapidKey: string;
}

export interface TestPushService {
  url: string;
  device(): TestDevice;
  received(device: TestDevice): Received[];
  /** What the device's endpoint answers from now on (201 by default). */
  answer(device: TestDevice, status: number): void;
  /** Requests refused because their VAPID or encryption was wrong. */
  rejected: string[];
  close(): Promise<void>;
}

/** RFC 8291 §3.4 and RFC 8188: the content-encryption key and nonce, then AES-128-GCM, one record. */
export function decryptAes128gcm(body: Buffer, device: Pick<TestDevice, 'ecdh' | 'authSecret'>): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256 by k, for this origin, not expired. Answers k. */
export function checkVapid(header: string | undefined, origin: string, now = Date.now()): string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = match;
  const [head, claims, signature] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (header_.alg !== 'ES256') throw new Error(`VAPID alg ${header_.alg}`);
  if (body.aud !== origin) throw new Error(`VAPID aud ${body.aud}, expected ${origin}`);
  if (!body.exp || body.exp * 1000 < now || body.exp * 1000 > now + 24 * 3600_000) throw new Error(`VAPID exp ${body.exp}`);
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) throw new Error(`VAPID sub ${body.sub}`);
  return k;
}

/** A request's whole body (the test doubles', tests/telegram/botApi.ts too). */
export const read = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export async function startTestPushService(): Promise<TestPushService> {
  const devices = new Map<string, TestDevice>();
  const inbox = new Map<string, Received[]>();
  const answers = new Map<string, number>();
  const rejected: string[] = [];
  let url = '';
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await read(request);
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const device = devices.get(id);
      if (request.method !== 'POST' || !device) return response.writeHead(404).end();
      try {
        // The audience is the origin the request was sent to (127.0.0.1, or localhost by name).
        const vapidKey = checkVapid(request.headers.authorization, `http://${request.headers.host}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`encoding ${request.headers['content-encoding']}`);
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error(`TTL ${request.headers.ttl}`);
        const status = answers.get(id) ?? 201;
        if (status !== 201) return response.writeHead(status).end();
        const payload: unknown = JSON.parse(decryptAes128gcm(body, device).toString('utf8'));
        inbox.get(id)!.push({ payload, ttl, urgency: (request.headers.urgency as string) ?? null, vapidKey });
        response.writeHead(201, { location: `${url}/message/${randomBytes(6).toString('hex')}` }).end();
      } catch (error) {
        rejected.push((error as Error).message);
        response.writeHead(400).end((error as Error).message);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    rejected,
    device() {
      const id = randomBytes(9).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const device = {
        id,
        endpoint: `${url}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret) },
        ecdh,
        authSecret,
      };
      devices.set(id, device);
      inbox.set(id, []);
      return device;
    },
    received: (device) => inbox.get(device.id) ?? [],
    answer: (device, status) => void answers.set(device.id, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brevoTransport, SendError, type MailMessage } from './transport';

// Brevo's transactional API (POST /v3/smtp/email, header api-key; 201 { messageId }) played by a
// local fake that checks the request as Brevo documents it and answers as it does.
let fake: Server;
let apiUrl: string;
const received: { headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: { messageId: '<202611260600.1@smtp-relay.mailin.fr>' } };

beforeAll(async () => {
  fake = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v3/smtp/email') return void ((res.statusCode = 404), res.end());
      if (req.headers['api-key'] !== 'cle-de-test') {
        res.writeHead(401, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ code: 'unauthorized', message: 'Key not found' }));
      }
      received.push({ headers: req.headers, body: JSON.parse(text) as Record<string, unknown> });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v3`;
});
afterAll(() => void fake.close());

const mail: MailMessage = {
  from: { name: 'Afrique Actu', address: 'matinale@news.afriqueactu.example' },
  to: 'awa@exemple.sn',
  subject: 'La Matinale',
  html: '<p>Bonjour</p>',
  text: 'Bonjour',
  headers: { 'List-Unsubscribe': '<https://afriqueactu.example/x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
};

describe('the Brevo transport', () => {
  it('sends the documented request and returns Brevo’s messageId', async () => {
    const { providerId } = await brevoTransport({ apiKey: 'cle-de-test', apiUrl }).send(mail);
    expect(providerId).toBe('<202611260600.1@smtp-relay.mailin.fr>');
    const [request] = received.splice(0);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      sender: { name: 'Afrique Actu', email: 'matinale@news.afriqueactu.example' },
      to: [{ email: 'awa@exemple.sn' }],
      subject: 'La Matinale',
      htmlContent: '<p>Bonjour</p>',
      textContent: 'Bonjour',
      headers: mail.headers,
    });
  });

  it('a 400 is permanent (not retried); a bad key, a 429 or a 5xx is worth retrying', async () => {
    answer = { status: 400, body: { code: 'invalid_parameter', message: 'email is not valid' } };
    const refused = await brevoTransport({ apiKey: 'cle-de-test', apiUrl })
      .send(mail)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SendError);
    expect(refused).toMatchObject({ permanent: true, message: 'Brevo 400: invalid_parameter email is not valid' });
    for (const status of [429, 500]) {
      answer = { status, body: { code: 'x', message: 'later' } };
      expect(
        await brevoTransport({ apiKey: 'cle-de-test', apiUrl })
          .send(mail)
          .catch((e: unknown) => e),
      ).toMatchObject({ permanent: false });
    }
    const badKey = await brevoTransport({ apiKey: 'mauvaise', apiUrl })
      .send(mail)
      .catch((e: unknown) => e);
    expect(badKey).toMatchObject({ permanent: false, message: 'Brevo 401: unauthorized Key not found' });
    answer = { status: 201, body: { messageId: '<x@y>' } };
  });

  it('carries the mail’s key as its Message-ID and as Brevo’s idempotency key, as the SMTP transport does', async () => {
    const key = '6f1c2b9e-0d7a-4f5e-9a41-3c2b1d0e9f8a';
    received.splice(0);
    await brevoTransport({ apiKey: 'cle-de-test', apiUrl }).send({ ...mail, key });
    const [request] = received.splice(0);
    expect(request!.body.headers).toEqual({
      ...mail.headers,
      'Message-Id': `<${key}@news.afriqueactu.example>`,
      idempotencyKey: key,
    });
    // A mail without a key (the back office's test send) carries neither.
    await brevoTransport({ apiKey: 'cle-de-test', apiUrl }).send(mail);
    expect(received.splice(0)[0]!.body.headers).toEqual(mail.headers);
  });

  it('sends to a plain address only: an address list or a display name is refused for good, no request made', async () => {
    received.splice(0);
    for (const to of ['x,awa@exemple.sn', 'evil<awa@exemple.sn>', '"awa"@exemple.sn']) {
      const refused = await brevoTransport({ apiKey: 'cle-de-test', apiUrl })
        .send({ ...mail, to })
        .catch((e: unknown) => e);
      expect(refused, to).toMatchObject({ permanent: true });
    }
    expect(received).toEqual([]);
  });
});

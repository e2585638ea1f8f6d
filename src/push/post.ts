import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { ADDRESS_REFUSED, addressAllowed, guardedLookup, type Resolve } from './address';

/** What a push service answered: its status and the start of its text. */
export interface PushAnswer {
  status: number;
  text: string;
}

/** Where a request may connect: loopback or not, and the resolver (the system's unless a test's). */
export interface Reach {
  allowLoopback: boolean;
  resolve?: Resolve;
}

// Connections are kept open between requests to the same push service (FCM, Mozilla, Apple),
// as fetch did; each was checked by the guarded lookup when it was opened. An idle one is closed
// after 30 seconds, and at most 16 wait per service, so a quiet sender holds no sockets for ever.
const KEPT = { keepAlive: true, timeout: 30_000, maxFreeSockets: 16 };
export const pushAgents = { 'http:': new http.Agent(KEPT), 'https:': new https.Agent(KEPT) };

/** Closes the connections kept open (the sender's stop): the agents stay usable, opening new ones. */
export function closePushConnections(): void {
  for (const agent of Object.values(pushAgents)) agent.destroy();
}

/** The text kept of an answer: enough to say why a request was refused. */
const TEXT_MAX = 200;

/**
 * One request to a push service by node:http(s), not fetch: its `lookup` is where the sender
 * checks the address it connects to (address.ts). No redirect is followed (http.request follows
 * none). Rejects with code EPUSHADDRESS when the address is refused, with a network error
 * otherwise; 15 seconds at most.
 */
export function postToPushService(
  endpoint: string,
  request: { method: string; headers: Record<string, string | number>; body?: Buffer | null },
  reach: Reach,
): Promise<PushAnswer> {
  const url = new URL(endpoint);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  // An IP literal is connected to without a lookup: its address is checked here.
  if (isIP(literal) && !addressAllowed(literal, reach.allowLoopback))
    return Promise.reject(Object.assign(new Error(`adresse refusée : ${literal}`), { code: ADDRESS_REFUSED }));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const sent = client.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        agent: pushAgents[url.protocol as keyof typeof pushAgents],
        lookup: guardedLookup(reach.allowLoopback, reach.resolve),
        signal: AbortSignal.timeout(15_000),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < TEXT_MAX) chunks.push(chunk);
          kept += chunk.length;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, TEXT_MAX) }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(request.body ?? undefined);
  });
}

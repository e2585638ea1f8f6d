import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ANON_KEY, SERVICE_ROLE_KEY } from './config.ts';
import { BodyTooLargeError, sendJson, type RouteHandler } from './http.ts';
import { API_BODY_LIMIT, ByteLimit, declaresTooLarge, forwardClientAddress, refuseTooLarge } from './requestLimits.ts';
import { forwardBounded, refuseDeepEmbedding } from './responseLimits.ts';

/** Headers browsers may read cross-origin: supabase-js needs Content-Range for counts. */
const EXPOSED_HEADERS =
  'Content-Range, Content-Location, Content-Profile, Preference-Applied, Range-Unit, X-Supabase-Api-Version, Location, ETag, Content-Disposition';
const KNOWN_KEYS = new Set([ANON_KEY, SERVICE_ROLE_KEY]);

export interface GatewayRoutes {
  postgrestPort: number;
  auth: RouteHandler;
  storage: RouteHandler;
  /** Handles `/realtime/v1/websocket` upgrades. */
  realtime: (req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) => void;
}

function setCors(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

function preflight(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      req.headers['access-control-request-headers'] ??
      'authorization, apikey, content-type, x-client-info, x-upsert, accept-profile, content-profile, prefer, range, x-supabase-api-version, cache-control',
    'Access-Control-Max-Age': '86400',
    'Content-Length': '0',
  });
  res.end();
}

/** Like Kong in front of a hosted project: every API call carries a known project key. */
function hasProjectKey(req: IncomingMessage, url: URL): boolean {
  const key = req.headers.apikey ?? url.searchParams.get('apikey');
  if (typeof key === 'string' && KNOWN_KEYS.has(key)) return true;
  // Browsers load public files, signed links and auth links without headers.
  return /^\/storage\/v1\/object\/(public|sign)\//.test(url.pathname) || /^\/auth\/v1\/(verify|health|callback)/.test(url.pathname);
}

export function createGateway(routes: GatewayRoutes): http.Server {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const proxyToPostgrest = (req: IncomingMessage, res: ServerResponse, path: string) => {
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: `127.0.0.1:${routes.postgrestPort}` };
    // supabase-js sends the key as apikey; PostgREST reads only Authorization.
    const apikey = req.headers.apikey;
    if (!headers.authorization && typeof apikey === 'string') headers.authorization = `Bearer ${apikey}`;
    delete headers.origin;
    // A read may be sent again: it changes nothing and carries no body.
    const idempotent = req.method === 'GET' || req.method === 'HEAD';
    let tooLarge = false;
    const send = (again: boolean): http.ClientRequest => {
      const upstream = http.request(
        { host: '127.0.0.1', port: routes.postgrestPort, method: req.method, path: path || '/', headers, agent },
        (up) => {
          if (req.method !== 'HEAD') return forwardBounded(up, res, upstream);
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        // A response cut at its limit has been answered already.
        if (tooLarge || res.writableEnded) return;
        // A kept-alive socket PostgREST had just closed when it was reused: the request never reached
        // it. Kong retries such failures in front of a hosted project; a read is sent once more here.
        if (!again && idempotent && upstream.reusedSocket && err.code === 'ECONNRESET' && !res.headersSent) {
          send(true).end();
          return;
        }
        if (!res.headersSent) sendJson(res, 502, { message: `PostgREST unreachable: ${err.message}` });
        else res.destroy();
      });
      return upstream;
    };
    const upstream = send(false);
    // Counted as it streams, so a chunked body without Content-Length is cut at the limit too:
    // PostgREST never holds more than the limit of any request.
    const limited = new ByteLimit(API_BODY_LIMIT);
    limited.on('error', () => {
      tooLarge = true;
      req.unpipe(limited);
      upstream.destroy();
      refuseTooLarge(req, res);
    });
    req.pipe(limited).pipe(upstream);
  };

  const server = http.createServer((req, res) => {
    setCors(res);
    if (req.method === 'OPTIONS') return preflight(req, res);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = /^\/(rest|auth|storage)\/v1(\/.*)?$/.exec(url.pathname);
    if (!match) return sendJson(res, 404, { message: 'no Route matched with those values' });
    if (!hasProjectKey(req, url)) return sendJson(res, 401, { message: 'Invalid authentication credentials' });

    const [, service, rest = '/'] = match;
    forwardClientAddress(req);
    // Storage streams uploads against each bucket's own limit; REST and auth take JSON only.
    if (service !== 'storage' && declaresTooLarge(req, API_BODY_LIMIT)) return refuseTooLarge(req, res);
    if (service === 'rest') {
      if (refuseDeepEmbedding(url, res)) return req.resume();
      return proxyToPostgrest(req, res, rest + url.search);
    }
    const handler = service === 'auth' ? routes.auth : routes.storage;
    handler(req, res, rest, url).catch((err: Error) => {
      if (err instanceof BodyTooLargeError) return refuseTooLarge(req, res);
      console.error(`[${service}] ${req.method} ${url.pathname}: ${err.stack ?? err.message}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'internal error', error: err.message });
      else res.destroy();
    });
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    forwardClientAddress(req);
    if (url.pathname === '/realtime/v1/websocket' && hasProjectKey(req, url)) return routes.realtime(req, socket, head, url);
    socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
  });
  server.keepAliveTimeout = 65_000;
  return server;
}

// bench:live's crowd: readers of a live page who each ask its update address every interval the
// last answer named, with the revision that answer gave them, as the reader's poller does
// (src/public/live). They arrive spread over the first interval with the revision the page they
// loaded had: the newest, or one behind for a page a cache kept from before the last entry.
import http from 'node:http';
import zlib from 'node:zlib';

export interface PollFigures {
  requests: number;
  statuses: Record<number, number>;
  ms: number[];
  /** Distinct (address, number of entries posted when asked): the checkpoints the origin may render once each. */
  checkpoints: Set<string>;
  wireBytes: number;
}

/** The crowd's connections: past 256 requests under way, a reader waits for one (counted in its time). */
const crowdAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface Answer {
  status: number;
  /** Status line, headers and body as they crossed the connection (the body as sent: gzip). */
  wireBytes: number;
  json: { coverage?: { revision: number; pollSeconds: number }; entries?: unknown[] } | null;
}

/** One GET as a browser sends it (gzip accepted); the answer's size on the wire and its JSON. */
export function getJson(url: string, agent: http.Agent = crowdAgent): Promise<Answer> {
  const once = () =>
    new Promise<Answer>((resolve, reject) => {
      http
        .get(url, { agent, headers: { 'Accept-Encoding': 'gzip', Accept: 'application/json' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const sent = Buffer.concat(chunks);
            // "name: value\r\n" per header (rawHeaders alternates names and values), then a blank line.
            const head =
              `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + res.rawHeaders.reduce((n, v) => n + v.length + 2, 0) + 2;
            let json: Answer['json'] = null;
            try {
              const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(sent) : sent;
              json = JSON.parse(body.toString()) as Answer['json'];
            } catch {
              json = null;
            }
            resolve({ status: res.statusCode ?? 0, wireBytes: head + sent.length, json });
          });
        })
        .on('error', reject);
    });
  return once().catch(() => once());
}

/**
 * Starts `count` polling readers of `base` + `/live/<revision>`. `head()` is the newest revision and
 * `posted()` how many entries went out so far, read when a reader arrives and at each request.
 */
export function startPollers(base: string, options: { count: number; intervalMs: number; head: () => number; posted: () => number }) {
  const figures: PollFigures = { requests: 0, statuses: {}, ms: [], checkpoints: new Set(), wireBytes: 0 };
  let stopping = false;
  let stopped: () => void = () => {};
  const stop = new Promise<void>((resolve) => (stopped = resolve));
  const sleep = (ms: number) => Promise.race([new Promise((r) => setTimeout(r, ms)), stop]);
  const readers = Array.from({ length: options.count }, async () => {
    await sleep(Math.random() * options.intervalMs);
    let revision = Math.max(0, options.head() - (Math.random() < 0.2 ? 1 : 0));
    let waitMs = options.intervalMs;
    while (!stopping) {
      const path = `${base}/live/${revision}`;
      figures.checkpoints.add(`${path} ${options.posted()}`);
      const started = performance.now();
      const answer = await getJson(path).catch(() => ({ status: 0, wireBytes: 0, json: null }) as Answer);
      figures.ms.push(performance.now() - started);
      figures.requests++;
      figures.wireBytes += answer.wireBytes;
      figures.statuses[answer.status] = (figures.statuses[answer.status] ?? 0) + 1;
      if (answer.json?.coverage) {
        revision = answer.json.coverage.revision;
        if (answer.json.coverage.pollSeconds === 0) return;
        waitMs = answer.json.coverage.pollSeconds * 1000;
      }
      // The reader's poller spreads its checks a little, as real phones drift apart.
      await sleep(waitMs * (0.9 + Math.random() * 0.2));
    }
  });
  return {
    figures,
    stop: async () => {
      stopping = true;
      stopped();
      await Promise.all(readers);
    },
  };
}

// bench:spike's crowd: `count` readers, each asking for a page, reading it for about `thinkMs`, and
// asking again, until stopped; over a bounded pool of kept-alive connections to the edge (loopback
// only). Every answer is checked for text the newsroom withdrew more than 5 s before it arrived.
import http from 'node:http';

/** Text that must be gone from the edge once `after` (commit + 5 s, epoch ms) has passed. */
export interface Withdrawn {
  text: string;
  after: number;
}

export interface CrowdFigures {
  requests: number;
  statuses: Record<number, number>;
  hits: number;
  misses: number;
  /** Answers that carried withdrawn text after its deadline, with the address they came from. */
  late: { path: string; text: string; afterMs: number }[];
  ms: number[];
}

/** The crowd's connections: past 256 requests under way, a reader waits for one (counted in its time). */
const crowdAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * One GET through the edge; a kept-alive socket closed as it was reused is tried once more. The
 * crowd's pool unless `agent` is given: a measurement of its own (commit → purge) takes its own
 * connections, so that it times the edge, not the wait behind the crowd's requests.
 */
export async function edgeGet(url: string, headers: Record<string, string> = {}, agent: http.Agent = crowdAgent) {
  const once = () =>
    new Promise<{ status: number; body: string; cache: string }>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), cache: String(res.headers['x-cache'] ?? '') }),
          );
        })
        .on('error', reject);
    });
  try {
    return await once();
  } catch {
    return once();
  }
}

/**
 * Starts the crowd. `pages()` is read at each request (the editor's article joins while it is out);
 * a reader takes them in turn from its own offset. One in seven comes with tracking parameters and
 * one in five with a cookie of its own (analytics), as shared links and real browsers do: the edge
 * must still serve them the one kept copy. `stop()` waits for the requests under way.
 */
export function startCrowd(edge: string, options: { count: number; thinkMs: number; pages: () => string[]; withdrawn: Withdrawn[] }) {
  const figures: CrowdFigures = { requests: 0, statuses: {}, hits: 0, misses: 0, late: [], ms: [] };
  let stopping = false;
  const readers = Array.from({ length: options.count }, async (_, reader) => {
    // Spread over the first think time, not all at the same millisecond.
    await new Promise((r) => setTimeout(r, Math.random() * options.thinkMs));
    for (let n = reader; !stopping; n++) {
      const pages = options.pages();
      let path = pages[n % pages.length];
      if (reader % 7 === 0) path += `?utm_source=whatsapp&utm_medium=social&fbclid=${reader}`;
      const headers: Record<string, string> = reader % 5 === 0 ? { Cookie: `_ga=GA1.1.${reader}` } : {};
      const started = performance.now();
      const answer = await edgeGet(edge + path, headers).catch(() => ({ status: 0, body: '', cache: '' }));
      const now = Date.now();
      figures.ms.push(performance.now() - started);
      figures.requests++;
      figures.statuses[answer.status] = (figures.statuses[answer.status] ?? 0) + 1;
      if (answer.cache === 'HIT') figures.hits++;
      else if (answer.cache === 'MISS') figures.misses++;
      for (const w of options.withdrawn)
        if (now > w.after && answer.body.includes(w.text)) figures.late.push({ path, text: w.text, afterMs: now - (w.after - 5000) });
      await new Promise((r) => setTimeout(r, options.thinkMs * (0.5 + Math.random())));
    }
  });
  return {
    figures,
    stop: async () => {
      stopping = true;
      await Promise.all(readers);
    },
  };
}

export const quantile = (values: number[], q: number) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] : NaN;

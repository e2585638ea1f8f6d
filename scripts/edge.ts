// npm run edge: Debian's varnishd with the shipped VCL (deploy/varnish/default.vcl) on EDGE_PORT
// (default 6081) in front of a site server already running on PORT (default 3000), until Ctrl-C.
// EDGE_PURGE_FROM: who may BAN/PURGE, comma-separated addresses or ranges (default 127.0.0.1).
import { startEdge, VarnishMissingError } from './edge/varnish.ts';

const port = Number(process.env.EDGE_PORT ?? 6081);
const originPort = Number(process.env.PORT ?? 3000);
const purgeFrom = (process.env.EDGE_PURGE_FROM ?? '127.0.0.1').split(',').map((a) => a.trim());

try {
  const edge = await startEdge({ originPort, port, purgeFrom, output: 'inherit' });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error('\nStopping varnishd...');
      void edge.stop().then(() => process.exit(0));
    });
  console.log(`Edge (varnishd) on ${edge.url}, in front of http://127.0.0.1:${originPort}; purges accepted from ${purgeFrom.join(', ')}.`);
  console.log(`Send the site's purges there: CDN_PURGE_URL=${edge.url} npm start`);
  console.log('Ctrl-C stops it.');
} catch (error) {
  console.error(error instanceof VarnishMissingError ? error.message : `npm run edge failed: ${(error as Error).message}`);
  process.exit(1);
}

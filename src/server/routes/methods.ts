import { CACHE } from '../headers';
import { send } from './answers';
import type { RouteHandler } from './site';

/** Past the routes that take other methods (the newsletter's, the files'), only reads: anything else is 405. */
export const readsOnly: RouteHandler = (_site, { req, res }) => {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  res.setHeader('Allow', 'GET, HEAD');
  send(res, 405, 'text/plain; charset=utf-8', CACHE.never, 'Méthode non autorisée\n');
};

import type { IncomingMessage, ServerResponse } from 'node:http';
import { robotsTxt } from './feeds';
import { CACHE } from './headers';

export const ROBOTS_PATH = '/robots.txt';

/**
 * robots.txt, answered at once from the origin alone: never behind the render limit nor dropped
 * with the kept pages on a change. A crawler reads a 5xx or 429 on it as "stop crawling the
 * site", so a flood of other addresses must never make it answer one. Returns whether it answered.
 */
export function robotsRoute(origin: string): (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean {
  const body = robotsTxt(origin);
  return (req, res, pathname) => {
    if (pathname !== ROBOTS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', CACHE.feed);
    res.end(body);
    return true;
  };
}

import type { RouteHandler } from './site';

/** The build's files (or Vite's dev middlewares): false when there is none at this address. */
export const buildFiles: RouteHandler = (site, { req, res }) =>
  new Promise<boolean>((resolve, reject) => {
    res.once('close', () => resolve(true));
    site.options.files(req, res, (error) => (error ? reject(error) : resolve(false)));
  });

import { dataSaverForRequest } from '@/public/dataSaver/choice';
import { EDITION_PATH } from '@/offline/paths';
import { CACHE } from '../headers';
import { sendFile, unavailable } from './answers';
import type { RouteHandler } from './site';
import { storedFile } from '../negativeAnswers';

/**
 * Today's edition for reading offline (/edition.json), per reader's mode like pages: the
 * data-saver edition (lite pages, no pictures) is kept by the reader's browser only.
 */
export const editionFile: RouteHandler = async (site, { req, res, params, route }) => {
  res.setHeader('Vary', 'Save-Data, Cookie');
  // « Mode urgence »: the lite edition for everyone, as pages are.
  const emergency = site.emergency();
  const dataSaver = emergency || dataSaverForRequest(req.headers);
  try {
    const build = async () => storedFile(JSON.stringify(await site.edition(dataSaver)));
    const { page, stale } = await site.generated(site.editions, dataSaver ? 'saver' : 'full', build);
    const cache = dataSaver && !emergency ? CACHE.savedPage : CACHE[route.cache];
    return sendFile(res, 'application/json; charset=utf-8', cache, route.edge ?? 'hours', {
      body: page.body,
      stale,
      keys: route.keys(params),
    });
  } catch (error) {
    return unavailable(res, error, EDITION_PATH);
  }
};

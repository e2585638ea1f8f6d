import type { EmergencyNotice } from '../api/emergency';
import type { MenuCategory } from '../categories';
import type { PageSeed } from './PageContext';

// The JSON block in which the site's server hands a rendered page's data to the browser: written
// by src/server/template.ts, read by the reader app (readPageData) and the lite page's script.
// Free of React, so the lite script can read it without the app.

export const PAGE_DATA_ELEMENT_ID = 'page-data';

export interface PageDataBlock {
  /** The site's public origin (SITE_URL). */
  origin: string;
  seed: PageSeed | null;
  /** The menu's categories, read with the page (absent when the database did not answer). */
  menu?: MenuCategory[];
  /** The newsletter's send time ('HH:MM'), read with the page (absent when it did not load). */
  newsletterTime?: string;
  /** Data-saver mode as the server rendered the page. */
  dataSaver?: boolean;
  /** « Mode urgence » as the server read it with the page (absent when it did not load). */
  emergency?: EmergencyNotice;
  /** An older render served while the backend struggles (stalePages.ts): reload its data. */
  stale?: true;
}

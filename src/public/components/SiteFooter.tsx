import { useToast } from '@/public/toast/Toaster';
import { KeptPart } from '../page/KeptPart';
import { preloadable } from '../page/preloadable';
import { submitNewsletter } from './newsletterSubmit';
// With the first load: the footer is painted from the server's markup before any of its code.
import './Footer.css';

const footer = preloadable(() => import('./Footer').then((m) => m.Footer));

/**
 * The site's footer: the same on every page and static but for its newsletter form, so a page the
 * server made keeps its markup (KeptPart) and the first load carries neither the footer's code nor
 * the newsletter promise's (about 1.2 KB gzip); the form's submit is handled by delegation.
 */
export function SiteFooter() {
  const toast = useToast();
  return <KeptPart chunk={footer} props={{}} className="kept-part" onSubmit={(e) => submitNewsletter(e, toast)} />;
}

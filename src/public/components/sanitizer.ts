import { preloadable } from '../page/preloadable';

/**
 * DOMPurify is only needed for HTML bodies: its chunk is fetched the first time one is shown (or
 * before hydrating a page whose body the server did not sanitize, see the article route's `needs`).
 * Apart from the article page's code, so the route table can name it without bringing the page in.
 */
export const sanitizer = preloadable(() => import('@/lib/sanitize'));

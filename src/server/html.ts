import { escapeHtml } from '@/lib/html';

/** JSON text made safe inside a <script> element: nothing in it can close the element or open a comment. */
export const scriptSafeJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
export const jsonForScript = (value: unknown) => scriptSafeJson(JSON.stringify(value));

// Characters XML 1.0 forbids (controls other than tab, line feed, carriage return): one of them
// in a title would make a whole feed unreadable.
// eslint-disable-next-line no-control-regex -- matching those control characters is the point
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text for XML (feeds, sitemap), dropping characters XML cannot carry. */
export const escapeXml = (text: string) => escapeHtml(text.replace(XML_FORBIDDEN, ''));

/** The declaration every XML file the server writes (feeds, sitemaps) starts with. */
export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

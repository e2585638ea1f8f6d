/**
 * Where a reader came from (issue 41, « D'où viennent nos lecteurs »): the channel tags the
 * product's own links carry, and the one rule that gives each view a channel from a fixed list.
 * Pure: the reader app, the lite page script and the site's server (views without JavaScript,
 * engagement beacons) all apply it the same way. The page cache ignores every query parameter a
 * route does not read (src/server/page.ts), these tags included: one kept copy for every channel.
 */

/** The channels an editor sees, in the order the screens list them. */
export const CHANNELS = [
  'whatsapp',
  'telegram',
  'facebook',
  'x',
  'google',
  'discover',
  'matinale',
  'alertes',
  'hors-ligne',
  'messageries',
  'direct',
  'autres',
] as const;
export type ChannelId = (typeof CHANNELS)[number];

/** Each channel as the screens name it. */
export const CHANNEL_LABELS: Record<ChannelId, string> = {
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  facebook: 'Facebook',
  x: 'X',
  google: 'Recherche Google',
  discover: 'Google Discover / appli',
  matinale: 'La Matinale',
  alertes: 'Alertes',
  'hors-ligne': 'Édition hors ligne',
  messageries: 'Messageries (sans référent)',
  direct: 'Direct',
  autres: 'Autres sites',
};

/** The query parameters a link's channel tag may come in, ours first (`s`). */
export const TAG_PARAMS = ['s', 'utm_source', 'ref'] as const;

/** The tags the product puts on the links it sends out (`?s=`): short, so a WhatsApp text stays short. */
export const LINK_TAGS = {
  whatsapp: 'wa',
  telegram: 'tg',
  facebook: 'fb',
  x: 'x',
  linkedin: 'li',
  matinale: 'nl',
  alertes: 'al',
  horsLigne: 'hl',
  /** « L'essentiel du jour » (src/essentiel/shortLinks.ts): forwarded on WhatsApp, posted on Telegram. */
  essentielWhatsapp: 'ed-wa',
  essentielTelegram: 'ed-tg',
  /** « Vrai ou faux »'s « Kit de correction »: forwarded back into the WhatsApp group the rumour went through. */
  correctionKit: 'vf-kit',
} as const;
export type LinkTag = (typeof LINK_TAGS)[keyof typeof LINK_TAGS];

/** A tag's channel: ours, and the `utm_source`/`ref` values others' links use for the same places. */
const TAG_CHANNELS: Record<string, ChannelId> = {
  wa: 'whatsapp',
  'ed-wa': 'whatsapp',
  'vf-kit': 'whatsapp',
  whatsapp: 'whatsapp',
  tg: 'telegram',
  'ed-tg': 'telegram',
  telegram: 'telegram',
  fb: 'facebook',
  facebook: 'facebook',
  x: 'x',
  twitter: 'x',
  nl: 'matinale',
  newsletter: 'matinale',
  matinale: 'matinale',
  al: 'alertes',
  push: 'alertes',
  alertes: 'alertes',
  hl: 'hors-ligne',
};

/** `href` with the channel tag `s=` (any earlier tag replaced): the link as the product sends it out. */
export function tagLink(href: string, tag: LinkTag): string {
  const url = new URL(href);
  for (const name of TAG_PARAMS) url.searchParams.delete(name);
  url.searchParams.set('s', tag);
  return url.href;
}

/** The tag a page's query carries (the first of TAG_PARAMS present), lower-case, or null. */
export function linkTag(search: string): string | null {
  const params = new URLSearchParams(search);
  for (const name of TAG_PARAMS) {
    const value = params.get(name)?.trim().toLowerCase();
    if (value) return value.slice(0, 32);
  }
  return null;
}

/** `search` without the channel tags (and utm_medium/utm_campaign that come with utm_source): what the address bar keeps. */
export function withoutTags(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()])
    if ((TAG_PARAMS as readonly string[]).includes(name) || name.startsWith('utm_')) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** `href` without its channel tags: the same page, whichever link brought the reader to it. */
export function untagged(href: string): string {
  const url = new URL(href);
  url.search = withoutTags(url.search);
  return url.href;
}

/** An app that opened the page (`android-app://com.whatsapp/`), by its package name. */
const APP_CHANNELS: Record<string, ChannelId> = {
  'com.google.android.googlequicksearchbox': 'discover',
  'com.google.android.gm': 'messageries',
  'com.whatsapp': 'whatsapp',
  'com.whatsapp.w4b': 'whatsapp',
  'org.telegram.messenger': 'telegram',
  'com.facebook.katana': 'facebook',
  'com.facebook.orca': 'facebook',
  'com.facebook.lite': 'facebook',
  'com.twitter.android': 'x',
};

/** Sites by their host's last labels (m.facebook.com, l.facebook.com, web.whatsapp.com…). */
const SITE_CHANNELS: [RegExp, ChannelId][] = [
  [/(^|\.)(whatsapp\.com|wa\.me)$/, 'whatsapp'],
  [/(^|\.)(t\.me|telegram\.org|telegram\.me)$/, 'telegram'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me|messenger\.com)$/, 'facebook'],
  [/(^|\.)(t\.co|twitter\.com|x\.com)$/, 'x'],
  // google.com, google.fr, google.co.ci, google.com.ng…: the search engine (discover.google.com is Discover).
  [/(^|\.)discover\.google\.com$/, 'discover'],
  [/(^|\.)google\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/, 'google'],
];

export interface Arrival {
  /** The page's query (`location.search`), where our tag is. */
  search: string;
  /** The referrer as the browser gave it ('' when none: WhatsApp, an app, a typed address). */
  referrer: string;
  /** The site's own origin: a referrer from it is a move inside the visit. */
  origin: string;
  /** Whether the visit began on an article (its first page), not the front page or a section. */
  landedOnArticle: boolean;
  /** The visit's channel already worked out on its first page (kept in the tab), for moves inside it. */
  visitChannel?: ChannelId | null;
}

export interface Attribution {
  channel: ChannelId;
  /** The app's package name when the referrer was `android-app://…`, kept raw for new mappings. */
  app: string | null;
}

const ANDROID_APP = /^android-app:\/\/([a-z0-9_.]{1,100})/i;

/**
 * A view's channel: our tag first, then the referrer (an `android-app://` one by its app, the
 * app's name kept), then the landing rule: no referrer on an article is « Messageries » (WhatsApp
 * and other apps send none; an article is rarely typed in), on the front page or a section direct.
 * A referrer from the site itself keeps the channel the visit began with.
 */
export function attributeChannel({ search, referrer, origin, landedOnArticle, visitChannel }: Arrival): Attribution {
  const tag = linkTag(search);
  const tagged = tag ? TAG_CHANNELS[tag] : undefined;
  if (tagged) return { channel: tagged, app: null };
  const app = ANDROID_APP.exec(referrer)?.[1]?.toLowerCase() ?? null;
  if (app) return { channel: APP_CHANNELS[app] ?? 'autres', app };
  if (referrer) {
    let host: string;
    try {
      const url = new URL(referrer);
      if (url.origin === new URL(origin).origin) return { channel: visitChannel ?? 'direct', app: null };
      host = url.hostname.toLowerCase();
    } catch {
      return { channel: 'autres', app: null };
    }
    return { channel: SITE_CHANNELS.find(([pattern]) => pattern.test(host))?.[1] ?? 'autres', app: null };
  }
  if (tag) return { channel: 'autres', app: null };
  return { channel: landedOnArticle ? 'messageries' : 'direct', app: null };
}

/**
 * Link-preview fetchers and crawlers: not readers, never counted. WhatsApp's and Telegram's
 * previews, Facebook's and X's, search engines' (Googlebot renders JavaScript), and any agent
 * calling itself a bot, crawler or spider.
 */
const NOT_A_READER =
  /[a-z]bot\/|\bbot\b|crawler|spider|crawling|facebookexternalhit|facebookcatalog|meta-externalagent|whatsapp\/|telegrambot|twitterbot|slackbot|linkedinbot|discordbot|googlebot|google-inspectiontool|bingbot|applebot|yandex|baiduspider|embedly|skypeuripreview|chrome-lighthouse|preview/i;

export const isNotAReader = (userAgent: string | null | undefined): boolean => !userAgent || NOT_A_READER.test(userAgent);

/** Whether `value` is one of the channels (what a beacon or the database accepts). */
export const isChannel = (value: unknown): value is ChannelId => (CHANNELS as readonly unknown[]).includes(value);

/**
 * Where an article page's <noscript> picture points (`/api/lu/<article id>?k=full|lite`): a reader
 * who runs no JavaScript is counted by the site's server when their browser fetches it.
 */
export const NO_SCRIPT_VIEW_PREFIX = '/api/lu/';

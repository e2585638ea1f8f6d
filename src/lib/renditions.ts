/**
 * Image renditions: the rule that ties an article image's public URL (`image_url`, the master)
 * to the smaller copies made beside it at upload, so readers never download more pixels than
 * their screen shows, with no schema change and no paid image service.
 *
 * The rule (docs/architecture.md#image-renditions):
 * - A master made by this pipeline is named `<stem>.<W>x<H>.webp`: W×H are its own pixels (long
 *   edge at most MASTER_MAX_EDGE, EXIF/XMP/GPS stripped by the re-encode).
 * - Beside it, for every width w of RENDITION_WIDTHS smaller than W, a WebP rendition named
 *   `<stem>.<W>x<H>.w<w>.webp`, w pixels wide, height in proportion. Nothing is ever upscaled: the
 *   master itself serves the largest width.
 * - Beside it too, its share picture `<stem>.<W>x<H>.share.jpg`: SHARE_IMAGE_SIZE, the centre
 *   of the master cropped to the link previews' 1.91:1, JPEG under SHARE_IMAGE_MAX_BYTES (WhatsApp
 *   drops heavier previews, and not every network reads WebP). No title drawn on it: the preview
 *   shows the title beside it, and a headline changed after the upload would leave it wrong.
 * - Any other URL (an image uploaded before renditions existed, an outside link) has none: it is
 *   shown as it is.
 */

export const RENDITION_WIDTHS = [320, 640, 960, 1200, 1600] as const;
/** Long edge of the stored master: enough for any screen, far smaller than a camera's original. */
export const MASTER_MAX_EDGE = 2400;
/** The share picture's size (og:image): the 1.91:1 card Facebook, X, LinkedIn and WhatsApp show whole. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
/** Width of the share card's picture where there is no share picture (og:image); WhatsApp drops previews over 300 KB. */
export const SHARE_IMAGE_WIDTH = SHARE_IMAGE_SIZE.width;
export const SHARE_IMAGE_MAX_BYTES = 300 * 1024;
/** Size assumed for a picture that does not name its own (no renditions, the hero): the site's 16:9 frame. */
export const FRAME_SIZE = { width: 1200, height: 675 } as const;
/** Width of a card's picture in data-saver mode, once tapped: a phone's column at 1× density. */
export const DATA_SAVER_WIDTH = 320;
/** Width of an article's picture (main or in its text) in data-saver mode, once tapped: sharp at 1×. */
export const DATA_SAVER_ARTICLE_WIDTH = 640;

const MASTER_NAME = /^(.*)\.(\d{1,5})x(\d{1,5})\.webp$/;

export interface Master {
  /** Everything before `.<W>x<H>.webp` (origin and path included for a URL). */
  stem: string;
  width: number;
  height: number;
}

/** The master named by a URL or object path, or null when it has no renditions. */
export function parseMaster(urlOrPath: string): Master | null {
  const [path, query] = splitQuery(urlOrPath);
  if (query) return null; // signed or transformed URLs are not ours to rewrite
  const match = MASTER_NAME.exec(path);
  if (!match) return null;
  const width = Number(match[2]);
  const height = Number(match[3]);
  if (!width || !height) return null;
  return { stem: match[1], width, height };
}

const RENDITION_NAME = /^(.*\.\d{1,5}x\d{1,5})\.w\d{1,5}\.webp$/;

/**
 * The master a URL shows: itself, or for a rendition (`<stem>.<W>x<H>.w<w>.webp`) the master it
 * was made from. An image is the same picture at any width: its facts are found by this.
 */
export function masterOf(url: string): string {
  const [path, query] = splitQuery(url);
  const match = query ? null : RENDITION_NAME.exec(path);
  return match ? `${match[1]}.webp` : url;
}

function splitQuery(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at + 1)];
}

/** The size a master is stored at: long edge capped at MASTER_MAX_EDGE, never upscaled. */
export function masterSize(width: number, height: number, maxEdge: number = MASTER_MAX_EDGE): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Widths of the renditions made for a master this wide: only those smaller than it. */
export function renditionWidths(masterWidth: number): number[] {
  return RENDITION_WIDTHS.filter((w) => w < masterWidth);
}

/** Height of a rendition `width` pixels wide of a master W×H. */
export const renditionHeight = (master: { width: number; height: number }, width: number) =>
  Math.max(1, Math.round((master.height * width) / master.width));

/** `<stem>.<W>x<H>.webp`: the master's name (stem may be a path or a whole URL). */
export const masterName = (stem: string, width: number, height: number) => `${stem}.${width}x${height}.webp`;

/** `<stem>.<W>x<H>.w<w>.webp`: the rendition `width` pixels wide of a master. */
export const renditionName = (master: Master, width: number) => `${master.stem}.${master.width}x${master.height}.w${width}.webp`;

/** `<stem>.<W>x<H>.share.jpg`: the share picture made beside a master. */
export const shareImageName = (master: Master) => `${master.stem}.${master.width}x${master.height}.share.jpg`;

/** The share picture of an image named by the rule (URL or path), or null for any other. */
export function shareImageOf(urlOrPath: string): string | null {
  const master = parseMaster(masterOf(urlOrPath));
  return master ? shareImageName(master) : null;
}

/**
 * Every file of one upload, master first: what the upload stores and what deleting the image
 * removes. An image with no renditions is just itself.
 */
export function imageFamily(urlOrPath: string): string[] {
  const master = parseMaster(urlOrPath);
  if (!master) return [urlOrPath];
  return [urlOrPath, ...renditionWidths(master.width).map((w) => renditionName(master, w)), shareImageName(master)];
}

/** The URL of the narrowest copy at least `width` pixels wide (the master when none is). */
export function imageAtWidth(url: string, width: number): string {
  const master = parseMaster(url);
  if (!master) return url;
  const fit = renditionWidths(master.width).find((w) => w >= width);
  return fit ? renditionName(master, fit) : url;
}

export interface ResponsiveImage {
  src: string;
  /** `url 320w, …, master Ww`; absent for an image without renditions. */
  srcSet?: string;
  /** Intrinsic size, so the browser reserves the room before a byte arrives. */
  width: number;
  height: number;
}

/**
 * What an <img> needs to let the browser pick the right copy: `src` is a middle-sized copy for
 * browsers that ignore srcset. `fallback` is the size assumed for an image without renditions.
 * `maxWidth` leaves wider copies out: a phone at 2.6× density would otherwise fetch a card's
 * picture 1,100 px wide, which costs a metered reader far more than it shows.
 */
export function responsiveImage(url: string, fallback: { width: number; height: number }, maxWidth = Infinity): ResponsiveImage {
  const master = parseMaster(url);
  if (!master) return { src: url, ...fallback };
  const copies = [...renditionWidths(master.width).map((w) => ({ w, url: renditionName(master, w) })), { w: master.width, url }];
  const kept = copies.filter((c, i) => c.w <= maxWidth || i === 0);
  const srcSet = kept.map((c) => `${c.url} ${c.w}w`).join(', ');
  return { src: imageAtWidth(url, Math.min(640, maxWidth)), srcSet, width: master.width, height: master.height };
}

/** The copy at least `width` pixels wide (see imageAtWidth) with its own size, for one <img>. */
export function copyAtWidth(url: string, width: number, fallback: { width: number; height: number }): ResponsiveImage {
  const master = parseMaster(url);
  if (!master) return { src: url, ...fallback };
  const src = imageAtWidth(url, width);
  const shown = renditionWidths(master.width).find((w) => w >= width) ?? master.width;
  return { src, width: shown, height: renditionHeight(master, shown) };
}

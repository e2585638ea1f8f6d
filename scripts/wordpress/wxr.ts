import fs from 'node:fs';
import { SaxesParser } from 'saxes';

/**
 * A WordPress export (WXR, « Outils › Exporter ») read as a stream: one <item> at a time, so a
 * 20,000-post archive never sits whole in memory. The file is read in 64 KB chunks, and the next
 * chunk is read only once every item of the previous one has been handled (the consumer's await).
 */

export interface WxrAuthor {
  login: string;
  email: string;
  displayName: string;
}

export interface WxrCategory {
  nicename: string;
  name: string;
}

/** The export's own facts, read before its first item. */
export interface WxrChannel {
  link: string;
  baseSiteUrl: string;
  baseBlogUrl: string;
  authors: WxrAuthor[];
  categories: WxrCategory[];
}

export interface WxrItem {
  id: number;
  type: string;
  status: string;
  title: string;
  link: string;
  /** post_name: the slug WordPress used. */
  name: string;
  content: string;
  excerpt: string;
  /** The author's login (dc:creator). */
  creator: string;
  /** post_date: the site's local time, as its dated permalinks show it. */
  localDate: string;
  dateGmt: string;
  modifiedGmt: string;
  parent: number;
  attachmentUrl: string;
  categories: { domain: string; nicename: string; name: string }[];
  meta: Record<string, string>;
}

const emptyItem = (): WxrItem => ({
  id: 0,
  type: '',
  status: '',
  title: '',
  link: '',
  name: '',
  content: '',
  excerpt: '',
  creator: '',
  localDate: '',
  dateGmt: '',
  modifiedGmt: '',
  parent: 0,
  attachmentUrl: '',
  categories: [],
  meta: {},
});

/** Item fields taken from an element's text, by element name. */
const ITEM_TEXT: Record<string, (item: WxrItem, text: string) => void> = {
  title: (i, t) => (i.title = t),
  link: (i, t) => (i.link = t),
  'content:encoded': (i, t) => (i.content = t),
  'excerpt:encoded': (i, t) => (i.excerpt = t),
  'dc:creator': (i, t) => (i.creator = t),
  'wp:post_id': (i, t) => (i.id = Number(t)),
  'wp:post_type': (i, t) => (i.type = t),
  'wp:status': (i, t) => (i.status = t),
  'wp:post_name': (i, t) => (i.name = t),
  'wp:post_date': (i, t) => (i.localDate = t),
  'wp:post_date_gmt': (i, t) => (i.dateGmt = t),
  'wp:post_modified_gmt': (i, t) => (i.modifiedGmt = t),
  'wp:post_parent': (i, t) => (i.parent = Number(t) || 0),
  'wp:attachment_url': (i, t) => (i.attachmentUrl = t),
};

/** Reads the export at `file`: calls onChannel once (before the first item), yields every item. */
export async function* readWxr(file: string, onChannel?: (channel: WxrChannel) => void): AsyncGenerator<WxrItem> {
  const parser = new SaxesParser({ xmlns: false });
  const channel: WxrChannel = { link: '', baseSiteUrl: '', baseBlogUrl: '', authors: [], categories: [] };
  let channelTold = false;
  const ready: WxrItem[] = [];
  const path: string[] = [];
  let text = '';
  let item: WxrItem | null = null;
  let author: Partial<WxrAuthor> | null = null;
  let category: Partial<WxrCategory> | null = null;
  let meta: { key: string; value: string } | null = null;
  let itemCategory: { domain: string; nicename: string } | null = null;

  const tellChannel = () => {
    if (channelTold) return;
    channelTold = true;
    onChannel?.(channel);
  };

  parser.on('opentag', (tag) => {
    path.push(tag.name);
    text = '';
    if (tag.name === 'item') {
      tellChannel();
      item = emptyItem();
    } else if (tag.name === 'wp:author' && !item) author = {};
    else if (tag.name === 'wp:category' && !item) category = {};
    else if (tag.name === 'wp:postmeta' && item) meta = { key: '', value: '' };
    else if (tag.name === 'category' && item) {
      const attr = (name: string) => String(tag.attributes[name] ?? '');
      itemCategory = { domain: attr('domain'), nicename: attr('nicename') };
    }
  });
  parser.on('text', (t) => (text += t));
  parser.on('cdata', (t) => (text += t));
  parser.on('closetag', (tag) => {
    path.pop();
    const value = text.trim();
    const name = tag.name;
    if (item) {
      if (name === 'item') {
        ready.push(item);
        item = null;
      } else if (meta && name === 'wp:meta_key') meta.key = value;
      else if (meta && name === 'wp:meta_value') meta.value = text;
      else if (meta && name === 'wp:postmeta') {
        item.meta[meta.key] = meta.value;
        meta = null;
      } else if (itemCategory && name === 'category') {
        item.categories.push({ ...itemCategory, name: value });
        itemCategory = null;
      } else if (path.at(-1) === 'item') {
        // Only the item's own children: <title> or <link> deeper down belong to something else.
        ITEM_TEXT[name]?.(item, name === 'content:encoded' || name === 'excerpt:encoded' ? text : value);
      }
    } else if (author) {
      if (name === 'wp:author_login') author.login = value;
      else if (name === 'wp:author_email') author.email = value;
      else if (name === 'wp:author_display_name') author.displayName = value;
      else if (name === 'wp:author') {
        if (author.login) channel.authors.push({ login: author.login, email: author.email ?? '', displayName: author.displayName ?? '' });
        author = null;
      }
    } else if (category) {
      if (name === 'wp:category_nicename') category.nicename = value;
      else if (name === 'wp:cat_name') category.name = value;
      else if (name === 'wp:category') {
        if (category.nicename) channel.categories.push({ nicename: category.nicename, name: category.name ?? category.nicename });
        category = null;
      }
    } else if (path.at(-1) === 'channel') {
      if (name === 'link') channel.link = value;
      else if (name === 'wp:base_site_url') channel.baseSiteUrl = value;
      else if (name === 'wp:base_blog_url') channel.baseBlogUrl = value;
    }
    text = '';
  });

  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 });
  for await (const chunk of stream) {
    parser.write(chunk as string);
    while (ready.length) yield ready.shift()!;
  }
  parser.close();
  tellChannel();
  while (ready.length) yield ready.shift()!;
}

import type { DataClient } from '@/lib/supabase';
import { goesOut } from '../articles/images/altText';
import { ownObjectPath } from '../articles/images/imageFiles';
import { recordUploads } from '../articles/images/tempImages';
import type { ArticleImageListing, ListedImage } from '../articles/images/types';
import { filesOf } from './articleFiles';
import { IMAGE_COLUMNS, insertImageRow } from './articleImageRows';
import type { ImageFiles } from './imageBucket';

type Db = Pick<DataClient, 'from'>;

/**
 * The image panel's calls (docs/product.md#article-images): every write of an article's images
 * goes through the data provider, these beside the article saves' meta.images (articleCallbacks).
 * Failures reject with the client's own error (the panel tells them in French, naming the image).
 */
export interface ArticleImageMethods {
  /**
   * An article's images in the reader's order (position, then age) with their facts, its current
   * main image, and whether it is out, in one request: the form's record may be an older cached
   * copy that predates the last upload or a colleague's publication.
   */
  getArticleImages(articleId: string): Promise<ArticleImageListing>;
  /** Stores one file of an image being uploaded (ImageFiles.store); resolves with its public URL. */
  storeImageFile(name: string, file: Blob): Promise<string>;
  /** Removes stored objects by their names (an upload that failed part-way); a missing one is not an error. */
  removeImageFiles(names: string[]): Promise<void>;
  /**
   * Removes the files (master and every rendition) of images no row names: uploads never recorded.
   * Never rejects: a file left in storage is logged, the journalist's work goes on.
   */
  discardImages(urls: string[]): Promise<void>;
  /**
   * Records images just stored for an existing article, after its `firstPosition` images, in
   * order (the first refusal stops the rest, as an ImageNotSaved naming the image); the first
   * becomes the main image when the article has none. `version` is the article's after that.
   */
  addImages(
    article: { id: string; image_url: string | null },
    urls: string[],
    firstPosition: number,
  ): Promise<{ images: ListedImage[]; cover: string | null; version?: number }>;
  /**
   * Sets the article's main image (cards, featured article, sharing). Sent without a version: it
   * changes no text, so it must not be refused because a colleague saved meanwhile. Resolves with
   * the article's new version (every update bumps it).
   */
  setCover(articleId: string, url: string | null): Promise<number>;
  /** Deletes one recorded image: its row, then its files (a row must never name a missing file). */
  removeImage(image: { id: string; image_url: string }): Promise<void>;
}

export function articleImageMethods({ db, files, imagePrefix }: { db: Db; files: ImageFiles; imagePrefix: string }): ArticleImageMethods {
  const setCover = async (articleId: string, url: string | null) => {
    const { data, error } = await db.from('articles').update({ image_url: url }).eq('id', articleId).select('version').single();
    if (error) throw error;
    return data.version;
  };

  const discardImages = async (urls: string[]) => {
    for (const url of urls) {
      const path = ownObjectPath(url, imagePrefix);
      if (path) await files.remove(filesOf([path])).catch((error) => console.warn('Image file left in storage', url, error));
    }
  };

  return {
    async getArticleImages(articleId) {
      const { data, error } = await db
        .from('articles')
        .select(`image_url, status, article_images(${IMAGE_COLUMNS})`)
        .eq('id', articleId)
        .order('position', { referencedTable: 'article_images' })
        .order('created_at', { referencedTable: 'article_images' })
        .single();
      if (error) throw error;
      return { cover: data.image_url, out: goesOut(data.status), images: data.article_images };
    },
    storeImageFile: (name, file) => files.store(name, file),
    removeImageFiles: (names) => files.remove(names),
    discardImages,
    async addImages(article, urls, firstPosition) {
      let version: number | undefined;
      const { images, cover } = await recordUploads(article, urls, firstPosition, {
        insertImage: (articleId, row) => insertImageRow(db, articleId, row),
        setCover: async (articleId, url) => (version = await setCover(articleId, url)),
      });
      return { images, cover, version };
    },
    setCover,
    async removeImage(image) {
      const { error } = await db.from('article_images').delete().eq('id', image.id);
      if (error) throw error;
      await discardImages([image.image_url]);
    },
  };
}

import type { CreateResult, DeleteManyResult, DeleteResult, ResourceCallbacks } from 'react-admin';
import type { DataClient } from '@/lib/supabase';
import { articleStatusFilter } from '../articles/articleStatus';
import { ownObjectPath } from '../articles/images/imageFiles';
import { recordInOrder } from '../articles/images/tempImages';
import { articleSearchFilter } from '../articles/search';
import { sentBackFirst } from '../articles/review/sentBackFirst';
import type { ImageRow, ImageWrite } from '../articles/images/types';
import { filesOf, readArticlesImagePaths, removeUnreferencedImages } from './articleFiles';
import { insertImageRow, newImageRows, writeImageRows, type NewImage } from './articleImageRows';
import type { ImageFiles } from './imageBucket';

type Db = Pick<DataClient, 'from'>;

export interface ArticleCallbackDeps {
  db: Db;
  /** Our images' public URL prefix (imageFiles.publicImagePrefix). */
  imagePrefix: string;
  removeFiles: ImageFiles['remove'];
  now?: () => Date;
}

/** What a create call of the editor carries in `meta` besides react-admin's own keys. */
export type ArticleCreateMeta = {
  /**
   * Images uploaded before the article existed, in the article's order (URLs, or with their
   * caption, credit and alternative text): the first becomes its main image unless data.image_url says otherwise.
   */
  images?: NewImage[];
};

/** What an update of the editor carries in `meta`: its image rows, written before the article (see writeImageRows). */
export type ArticleUpdateMeta = {
  images?: ImageWrite[];
};

/** Marks the deleted record a delete resolves with when some of its image files stayed in storage. */
const IMAGES_LEFT = 'images_left_in_storage';

/**
 * Whether deleting this article (the record the delete resolved with) left some of its image
 * files in storage: the article is gone all the same, and the editor is told.
 */
export const imagesLeftInStorage = (deleted: unknown) => (deleted as Record<string, unknown> | null)?.[IMAGES_LEFT] === true;

/**
 * The article was created, but recording its images stopped part-way. The editor continues on
 * the article itself (never a second copy), so it needs the id.
 */
export class ArticleImagesNotRecorded extends Error {
  constructor(
    readonly articleId: string,
    cause: unknown,
  ) {
    super((cause as { message?: string } | null)?.message || "Les images de l'article n'ont pas toutes été enregistrées", { cause });
  }
}

/**
 * The articles resource's rules around ra-supabase's plain REST calls (react-admin's
 * withLifecycleCallbacks): the list's status filter (and a journalist's sent-back articles first), images held locally recorded once the
 * article exists, every update based on a version, and deletion that takes the article's files.
 */
export function articleCallbacks({ db, imagePrefix, removeFiles, now = () => new Date() }: ArticleCallbackDeps): ResourceCallbacks {
  // Files collected before a delete, until the row is gone (afterDelete only receives the result).
  const pendingFiles = new Map<string, string[]>();

  const recordImages = async (articleId: string, images: ImageRow[], cover: string | null) => {
    let recorded = 0;
    const insertImage = async (article_id: string, row: ImageRow) => {
      const image = await insertImageRow(db, article_id, row);
      recorded++;
      return image;
    };
    try {
      await recordInOrder(articleId, images, { insertImage });
    } catch (error) {
      // The images not recorded belong to nothing: their files go (the main image stays, the article shows it).
      const orphans = images
        .slice(recorded)
        .map((row) => row.image_url)
        .filter((url) => url !== cover);
      const paths = orphans.map((url) => ownObjectPath(url, imagePrefix)).filter((p): p is string => !!p);
      await removeFiles(filesOf(paths)).catch((e) =>
        console.warn('Files of the images that could not be recorded were left in storage', paths, e),
      );
      throw new ArticleImagesNotRecorded(articleId, error);
    }
  };

  const collect = async (ids: (string | number)[]) => {
    const paths = await readArticlesImagePaths(db, ids.map(String), imagePrefix);
    for (const [id, own] of paths) pendingFiles.set(id, own);
  };

  /** Removes the deleted articles' files; resolves false when some could not be removed. */
  const release = async (ids: (string | number)[]): Promise<boolean> => {
    const paths = [...new Set(ids.flatMap((id) => pendingFiles.get(String(id)) ?? []))];
    for (const id of ids) pendingFiles.delete(String(id));
    // The article is already gone: a storage failure must not report the delete as failed, but
    // the editor is told (see imagesLeftInStorage).
    try {
      await removeUnreferencedImages(db, paths, removeFiles);
      return true;
    } catch (error) {
      console.warn('Deleted articles left image files in storage', ids, paths, error);
      return false;
    }
  };

  return {
    resource: 'articles',

    beforeGetList: async (params) => ({
      ...sentBackFirst(params),
      filter: articleSearchFilter(articleStatusFilter(params.filter ?? {}, now())),
    }),

    beforeCreate: async (params) => {
      const images = newImageRows((params.meta as ArticleCreateMeta | undefined)?.images ?? []);
      // The first image is the main one (cards, featured article, sharing) unless another was chosen.
      return images.length ? { ...params, data: { ...params.data, image_url: params.data.image_url ?? images[0].image_url } } : params;
    },

    afterCreate: async (result: CreateResult & { meta?: { call?: ArticleCreateMeta } }) => {
      const images = newImageRows(result.meta?.call?.images ?? []);
      if (images.length) await recordImages(String(result.data.id), images, result.data.image_url ?? null);
      return result;
    },

    beforeUpdate: async (params) => {
      if (params.data.version == null)
        throw new Error(
          'An article update must carry the version it was based on (data.version): the database refuses stale saves only when it is sent.',
        );
      // The images first: the database checks them when the article goes out.
      await writeImageRows(db, String(params.id), (params.meta as ArticleUpdateMeta | undefined)?.images ?? []);
      // ra-data-postgrest sends only what differs from previousData: the version must always go.
      return { ...params, previousData: { ...params.previousData, version: undefined } };
    },

    beforeDelete: async (params) => {
      await collect([params.id]);
      return params;
    },
    afterDelete: async (result: DeleteResult) => {
      if (await release([result.data.id])) return result;
      return { ...result, data: { ...result.data, [IMAGES_LEFT]: true } };
    },
    beforeDeleteMany: async (params) => {
      await collect(params.ids);
      return params;
    },
    afterDeleteMany: async (result: DeleteManyResult) => {
      await release(result.data ?? []);
      return result;
    },
  };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { followOwnWrite, type BaseVersion } from '../baseVersion';
import { reportError } from '../../providers/frenchErrors';
import { useNewsroomDataProvider } from '../../providers/newsroomDataProvider';
import { useErrorNotify, useTitledNotify } from '../notify';
import { altTextRefusal } from './altText';
import { compressImage } from './compressImage';
import { adoptRows, moveImage, pendingWrites, rowsInOrder, savedImages, type SavedImage } from './imageFacts';
import { isImageFile } from './imageFiles';
import { firstFrameKept } from './imageMessages';
import { coverAfterRemoval, isTempImage, toTempImages } from './tempImages';
import type { ArticleImageListing, ImageFacts, ImageRow, ImageWrite, PanelImage } from './types';
import { uploadImages } from './uploadPipeline';

const HELD_UNTIL_SAVE = "Elles paraîtront sur le site une fois leur texte alternatif saisi et l'article enregistré.";

/** Those of `urls` no row of the listing names: their files belong to nothing (a file a row names must never disappear). */
const unrecorded = (listed: ArticleImageListing, urls: string[]) => {
  const kept = new Set(listed.images.map((i) => i.image_url));
  return urls.filter((url) => !kept.has(url));
};

/** What a save carries besides the article's fields (see useImageSaveRules). */
export interface ImageSavePlan {
  /** A new article: every image, in order. An existing one: the rows to write before the article. */
  images: ImageRow[] | ImageWrite[];
  /** The main image to store with the article; undefined leaves image_url as it is. */
  cover?: string | null;
}

/**
 * The image panel's state. A new article (no id) keeps its uploads as temp- images until it is
 * saved; an existing one records each upload at once (docs/product.md#article-images), except
 * while it is out (published or scheduled): the database wants an image's alternative text
 * first, so those wait for the save like a new article's. Facts, order and the choice of the
 * main image are the editor's until « Enregistrer », which writes them before the article.
 * `version` follows the article's main-image changes made here.
 */
export function useArticleImages(articleId?: string, initialCover: string | null = null, version?: BaseVersion) {
  // Every read and write of the images goes through the data provider (ArticleImageMethods).
  const dataProvider = useNewsroomDataProvider();
  const notify = useTitledNotify();
  const notifyError = useErrorNotify();
  const [images, setImages] = useState<PanelImage[]>([]);
  const [main, setMain] = useState<string | null>(initialCover);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [busyId, setBusyId] = useState<string | null>(null);
  // What the database holds: the article's image_url, whether it is out, each recorded image's facts and place.
  const cover = useRef(initialCover);
  const out = useRef(false);
  const saved = useRef(new Map<string, SavedImage>());
  // The panel as last rendered, for the callbacks and the save.
  const latest = useRef({ images, main });
  useEffect(() => void (latest.current = { images, main }), [images, main]);
  const committed = useRef(false);

  const adopt = useCallback((listed: ArticleImageListing) => {
    cover.current = listed.cover;
    out.current = listed.out;
    saved.current = savedImages(listed.images);
  }, []);

  useEffect(() => {
    if (!articleId) return;
    let live = true;
    dataProvider
      .getArticleImages(articleId)
      .then((listed) => {
        if (!live) return;
        adopt(listed);
        setImages(listed.images);
        setMain(listed.cover);
      })
      .catch((error) => notifyError(error, { failed: 'Impossible de charger les images' }));
    return () => void (live = false);
  }, [articleId, adopt, notifyError, dataProvider]);

  // Leaving with images never recorded: their files (each with its renditions) belong to nothing,
  // so they go; for an existing article only those the database has no row for. Run on leaving
  // only (the provider read from a ref): a provider that changed identity is no leaving.
  const provider = useRef(dataProvider);
  useEffect(() => void (provider.current = dataProvider), [dataProvider]);
  useEffect(
    () => () => {
      const held = latest.current.images.filter(isTempImage).map((i) => i.image_url);
      if (!held.length || committed.current) return;
      const images = provider.current;
      if (articleId)
        void images
          .getArticleImages(articleId)
          .then((listed) => images.discardImages(unrecorded(listed, held)))
          .catch(() => {});
      else void images.discardImages(held);
    },
    [articleId],
  );

  const upload = useCallback(
    async (files: File[]) => {
      const refused = files.filter((f) => !isImageFile(f));
      if (refused.length)
        notify("Erreur d'upload", `Seules les images sont acceptées (${refused.map((f) => f.name).join(', ')}).`, 'error');
      const accepted = files.filter(isImageFile);
      if (!accepted.length) return;
      setUploading(true);
      try {
        const { urls, errors, stills } = await uploadImages(accepted, {
          render: compressImage,
          store: dataProvider.storeImageFile,
          remove: dataProvider.removeImageFiles,
          onProgress: setProgress,
        });
        let held = urls.length > 0 && !!articleId && out.current;
        if (urls.length && articleId && !held) {
          try {
            const recorded = await dataProvider.addImages({ id: articleId, image_url: cover.current }, urls, latest.current.images.length);
            if (version && recorded.version !== undefined) followOwnWrite(version, recorded.version);
            cover.current = recorded.cover;
            for (const [id, row] of savedImages(recorded.images)) saved.current.set(id, row);
            setImages((list) => [...list, ...recorded.images]);
            setMain((m) => m ?? recorded.cover);
          } catch (error) {
            const listed = await dataProvider.getArticleImages(articleId).catch(() => null);
            if (!listed) throw error;
            // Published meanwhile: what was not recorded waits for its alternative text and the save.
            held = !!altTextRefusal(error);
            if (!held) await dataProvider.discardImages(unrecorded(listed, urls));
            adopt(listed);
            setImages((list) => adoptRows(held ? [...list, ...toTempImages(urls)] : list, listed.images));
            if (!held) throw error;
          }
        } else if (urls.length) {
          setImages((list) => [...list, ...toTempImages(urls)]);
        }
        if (held && !cover.current) setMain((m) => m ?? urls[0]);
        if (urls.length)
          notify(
            'Succès',
            [`${urls.length} image(s) téléversée(s).`, stills.length ? firstFrameKept(stills) : '', held ? HELD_UNTIL_SAVE : '']
              .filter(Boolean)
              .join(' '),
          );
        if (errors.length) notify("Erreur d'upload", errors.map((e) => reportError(e, 'image')).join(' '), 'error');
      } catch (error) {
        notifyError(error, { title: "Erreur d'upload", topic: 'image' });
      } finally {
        setUploading(false);
        setProgress(0);
      }
    },
    [articleId, adopt, notify, notifyError, version, dataProvider],
  );

  /** Deletes the image (main image moved on, row, then files); resolves true when it is gone. */
  const remove = useCallback(
    async (image: PanelImage): Promise<boolean> => {
      setBusyId(image.id);
      try {
        const remaining = latest.current.images.filter((i) => i.id !== image.id);
        if (articleId && !isTempImage(image)) {
          // The main image moves first, to a recorded image: readers never get a removed picture,
          // and a refusal (an article out whose other images lack their alternative text) changes nothing.
          const next = coverAfterRemoval(
            remaining.filter((i) => !isTempImage(i)),
            image.image_url,
            cover.current,
          );
          if (next !== cover.current) {
            const after = await dataProvider.setCover(articleId, next);
            if (version) followOwnWrite(version, after);
            cover.current = next;
          }
          // The row, then the files (master and renditions): a row must never point at a missing file.
          await dataProvider.removeImage(image);
          saved.current.delete(image.id);
        } else {
          await dataProvider.discardImages([image.image_url]);
        }
        setImages((list) => list.filter((i) => i.id !== image.id));
        setMain((m) => coverAfterRemoval(remaining, image.image_url, m));
        return true;
      } catch (error) {
        notify('Erreur', `Impossible de supprimer l'image. ${altTextRefusal(error) ?? reportError(error, 'image')}`, 'error');
        return false;
      } finally {
        setBusyId(null);
      }
    },
    [articleId, notify, version, dataProvider],
  );

  /** Caption, credit or alternative text typed for one image. */
  const describe = useCallback(
    (id: string, facts: ImageFacts) => setImages((list) => list.map((i) => (i.id === id ? { ...i, ...facts } : i))),
    [],
  );
  const move = useCallback((from: number, to: number) => setImages((list) => moveImage(list, from, to)), []);

  /** The new article now owns its images: they must outlive this screen. */
  const markCommitted = useCallback(() => void (committed.current = true), []);

  /** What the save being sent must carry, read at that moment. */
  const prepareSave = useCallback((): ImageSavePlan => {
    const { images: list, main: chosen } = latest.current;
    if (!articleId) return { images: rowsInOrder(list), cover: chosen ?? list[0]?.image_url ?? null };
    return { images: pendingWrites(list, saved.current), cover: chosen !== cover.current ? chosen : undefined };
  }, [articleId]);

  /** After a save, even a refused one: the rows as the database now has them, what was typed kept. */
  const afterSave = useCallback(async () => {
    if (!articleId) return;
    const listed = await dataProvider
      .getArticleImages(articleId)
      .catch((error: unknown) => void console.warn('Could not read the images back', error));
    if (!listed) return;
    adopt(listed);
    setImages((list) => adoptRows(list, listed.images));
  }, [articleId, adopt, dataProvider]);

  // The main image: the article's image_url as chosen here, or for a new article the first upload
  // until another is chosen (docs/product.md#article-images).
  const mainImage = articleId ? main : (main ?? images[0]?.image_url ?? null);
  // Something here the next save would write (a new article's images, or a change to an existing one's).
  const unsaved = articleId ? main !== cover.current || pendingWrites(images, saved.current).length > 0 : images.length > 0;
  return {
    images,
    uploading,
    progress,
    busyId,
    upload,
    remove,
    describe,
    move,
    chooseMain: setMain,
    markCommitted,
    prepareSave,
    afterSave,
    mainImage,
    unsaved,
  };
}

export type ArticleImages = ReturnType<typeof useArticleImages>;

import { useCallback, useEffect, useRef, useState } from 'react';
import { followOwnWrite, type BaseVersion } from '../baseVersion';
import { compressImage } from './compressImage';
import { isImageFile } from './imageFiles';
import { firstFrameKept } from './imageMessages';
import { deleteArticleImage, insertArticleImage, listArticleImages, setArticleCover } from './imageRecords';
import { removeArticleImageFile, removeArticleImageFiles, storeArticleImage } from './imageStorage';
import { errorMessage, useTitledNotify } from '../notify';
import { coverAfterRemoval, isTempImage, recordUploads, toTempImages } from './tempImages';
import type { PanelImage } from './types';
import { uploadImages } from './uploadPipeline';

const UPLOAD_FAILED = "Échec de l'upload";

/**
 * Recording failed part-way: the images whose row exists stay; the files of the others belong to
 * nothing and go. When the article cannot even be read back, nothing is removed (a file a row
 * points at must never disappear).
 */
async function dropUnrecorded(articleId: string, urls: string[]) {
  const listed = await listArticleImages(articleId).catch(() => null);
  if (!listed) return null;
  const kept = new Set(listed.images.map((i) => i.image_url));
  for (const url of urls)
    if (!kept.has(url)) await removeArticleImageFile(url).catch((e) => console.warn('Image file left in storage', url, e));
  return listed;
}

/**
 * The image panel's state. A new article (no id) keeps its uploads as temp- images until it is
 * saved; an existing one records each upload at once (docs/product.md#article-images), and `version` follows the
 * article's main-image changes made here.
 */
export function useArticleImages(articleId?: string, initialCover: string | null = null, version?: BaseVersion) {
  const notify = useTitledNotify();
  const [images, setImages] = useState<PanelImage[]>([]);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [busyId, setBusyId] = useState<string | null>(null);
  const cover = useRef(initialCover);
  const committed = useRef(false);
  const temps = useRef<PanelImage[]>([]);
  useEffect(() => void (temps.current = images.filter(isTempImage)), [images]);

  useEffect(() => {
    if (!articleId) return;
    let live = true;
    listArticleImages(articleId)
      .then((list) => {
        if (!live) return;
        cover.current = list.cover;
        setImages(list.images);
      })
      .catch((error) => notify('Erreur', errorMessage(error) ?? 'Impossible de charger les images', 'error'));
    return () => void (live = false);
  }, [articleId, notify]);

  // Leaving a new article unsaved: its uploaded files (each with its renditions) belong to nothing, so they go.
  useEffect(
    () => () => {
      if (!committed.current) for (const image of temps.current) removeArticleImageFile(image.image_url).catch(() => {});
    },
    [],
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
          store: storeArticleImage,
          remove: removeArticleImageFiles,
          onProgress: setProgress,
        });
        if (urls.length && articleId) {
          try {
            const setCover = async (id: string, url: string | null) => {
              const after = await setArticleCover(id, url);
              if (version) followOwnWrite(version, after);
            };
            const recorded = await recordUploads({ id: articleId, image_url: cover.current }, urls, {
              insertImage: insertArticleImage,
              setCover,
            });
            cover.current = recorded.cover;
            setImages((list) => [...list, ...recorded.images]);
          } catch (error) {
            const listed = await dropUnrecorded(articleId, urls);
            if (listed) {
              cover.current = listed.cover;
              setImages(listed.images);
            }
            throw error;
          }
        } else if (urls.length) {
          setImages((list) => [...list, ...toTempImages(urls)]);
        }
        if (urls.length)
          notify('Succès', [`${urls.length} image(s) uploadée(s)`, stills.length ? firstFrameKept(stills) : ''].join(' ').trim());
        if (errors.length) notify("Erreur d'upload", errors.map((e) => errorMessage(e) ?? UPLOAD_FAILED).join(' '), 'error');
      } catch (error) {
        notify("Erreur d'upload", errorMessage(error) ?? UPLOAD_FAILED, 'error');
      } finally {
        setUploading(false);
        setProgress(0);
      }
    },
    [articleId, notify, version],
  );

  /** Deletes the image (row, then file) and moves image_url on; resolves true when it is gone. */
  const remove = useCallback(
    async (image: PanelImage): Promise<boolean> => {
      setBusyId(image.id);
      try {
        if (articleId && !isTempImage(image)) {
          await deleteArticleImage(image.id);
          const next = coverAfterRemoval(
            images.filter((i) => i.id !== image.id),
            image.image_url,
            cover.current,
          );
          if (next !== cover.current) {
            const after = await setArticleCover(articleId, next);
            if (version) followOwnWrite(version, after);
          }
          cover.current = next;
        }
        setImages((list) => list.filter((i) => i.id !== image.id));
        // The files (master and renditions) go last: a row must never point at a missing file.
        await removeArticleImageFile(image.image_url).catch((error) => console.warn('Image file left in storage', image.image_url, error));
        return true;
      } catch (error) {
        notify('Erreur', errorMessage(error) ?? "Impossible de supprimer l'image", 'error');
        return false;
      } finally {
        setBusyId(null);
      }
    },
    [articleId, images, notify, version],
  );

  /** The new article now owns its images: they must outlive this screen. */
  const markCommitted = useCallback(() => void (committed.current = true), []);

  // The main image: the article's image_url, or for a new article the first upload (docs/product.md#article-images).
  const mainImage = articleId ? cover.current : (images[0]?.image_url ?? null);
  return { images, uploading, progress, busyId, upload, remove, markCommitted, mainImage };
}

export type ArticleImages = ReturnType<typeof useArticleImages>;

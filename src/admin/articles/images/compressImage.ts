import { preparationFailed } from './imageMessages';
import type { RenderedImage } from './types';

/**
 * Prepares one image in our bundled worker (renderImage.ts): master and renditions, metadata gone.
 * A fresh worker per image, ended as soon as it answers, so its memory goes back at once; its
 * error messages are already the admin's (French, naming the file). No main-thread fallback:
 * every browser the newsroom uses has module workers and OffscreenCanvas, and decoding on the
 * page would freeze the editor for seconds per photo.
 */
export function compressImage(file: File): Promise<RenderedImage> {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') return Promise.reject(new Error(preparationFailed(file.name)));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./compress.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<{ image?: RenderedImage; error?: string }>) => {
      worker.terminate();
      if (data.image) resolve(data.image);
      else reject(new Error(data.error ?? preparationFailed(file.name)));
    };
    worker.onerror = (event) => {
      worker.terminate();
      console.warn('Image preparation worker failed', event.message);
      reject(new Error(preparationFailed(file.name)));
    };
    worker.postMessage({ file });
  });
}

import { COMPRESSION_OPTIONS } from './constants';

class CompressionError extends Error {}

/** Compresses in our bundled worker; rejects with CompressionError when the image itself fails. */
function compressInWorker(file: File): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./compress.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<{ blob?: Blob; error?: string }>) => {
      worker.terminate();
      if (data.blob) resolve(data.blob);
      else reject(new CompressionError(data.error ?? 'Compression impossible'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'Le worker de compression ne démarre pas'));
    };
    worker.postMessage({ file, options: COMPRESSION_OPTIONS });
  });
}

/** Same library on the main thread, still without its CDN worker, for browsers lacking ours. */
async function compressOnPage(file: File): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, { ...COMPRESSION_OPTIONS, useWebWorker: false });
}

/**
 * An image over 5 MB as webp of at most 5 MB, starting at quality 0.9 (spec §5). Rejects when
 * the image cannot be compressed; the pipeline then sends the original.
 */
export async function compressImage(file: File): Promise<File> {
  let blob: Blob;
  try {
    blob = typeof Worker === 'function' ? await compressInWorker(file) : await compressOnPage(file);
  } catch (error) {
    if (error instanceof CompressionError) throw error;
    console.warn('Compression hors worker', error);
    blob = await compressOnPage(file);
  }
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'image'}.webp`;
  return new File([blob], name, { type: blob.type || COMPRESSION_OPTIONS.fileType, lastModified: Date.now() });
}

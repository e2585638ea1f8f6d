import { percent, runInBatches } from './batches';
import { UPLOAD_BATCH_SIZE } from './constants';
import { needsCompression, storageObjectName } from './imageFiles';
import { withRetry } from './retry';

export interface UploadDeps {
  /** Compresses an image to at most 5 MB of webp; may fail. */
  compress: (file: File) => Promise<File>;
  /** Uploads under `name` and returns the public URL; throws on failure. */
  store: (name: string, file: File) => Promise<string>;
  onProgress?: (percent: number) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => string;
}

export interface UploadOutcome {
  /** Public URLs of the files that made it, in the order they were given. */
  urls: string[];
  errors: Error[];
}

/** Spec §5: big images are compressed; if that fails the original is sent (the bucket takes 10 MB). */
export async function prepareImage(file: File, compress: UploadDeps['compress']): Promise<File> {
  if (!needsCompression(file)) return file;
  try {
    return await compress(file);
  } catch (error) {
    console.warn(`Compression de « ${file.name} » impossible, envoi de l'original`, error);
    return file;
  }
}

const asError = (reason: unknown) => (reason instanceof Error ? reason : new Error(String((reason as { message?: string })?.message ?? reason)));

/**
 * The upload pipeline: batches of 3 files, each compressed if needed, then stored with up to 3
 * attempts; progress is the share of files finished (uploaded or failed), 0 to 100.
 */
export async function uploadImages(files: File[], deps: UploadDeps): Promise<UploadOutcome> {
  let finished = 0;
  deps.onProgress?.(0);
  const outcomes = await runInBatches(files, UPLOAD_BATCH_SIZE, async (file) => {
    try {
      const ready = await prepareImage(file, deps.compress);
      // A fresh name per attempt: an attempt whose answer was lost may have stored its object,
      // and upsert is off, so reusing its name would fail for good.
      return await withRetry(() => deps.store(storageObjectName(ready, deps.now?.(), deps.random), ready), { sleep: deps.sleep });
    } finally {
      finished += 1;
      deps.onProgress?.(percent(finished, files.length));
    }
  });
  return {
    urls: outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : [])),
    errors: outcomes.flatMap((o) => (o.status === 'rejected' ? [asError(o.reason)] : [])),
  };
}

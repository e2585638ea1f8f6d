import { masterName, renditionName, renditionWidths, shareImageName } from '@/lib/renditions';
import { reportError, ShownError } from '../../providers/frenchErrors';
import { runInBatches } from './batches';
import { UPLOAD_BATCH_SIZE } from './constants';
import { storageStem } from './imageFiles';
import { checkImageSignature } from './imageSignature';
import { storingFailed } from './imageMessages';
import { withRetry } from './retry';
import type { RenderedImage } from './types';

export interface UploadDeps {
  /** Decodes one image and makes its master and renditions; rejects with the admin's message. */
  render: (file: File) => Promise<RenderedImage>;
  /** Uploads under `name` (never overwriting) and returns the public URL; throws on failure. */
  store: (name: string, file: Blob) => Promise<string>;
  /** Removes stored objects by name (a missing one is not an error). */
  remove: (names: string[]) => Promise<void>;
  onProgress?: (percent: number) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => string;
}

export interface UploadOutcome {
  /** Public URLs of the masters of the images that made it, in the order they were given. */
  urls: string[];
  errors: Error[];
  /** Names of animations kept as their first frame. */
  stills: string[];
}

export interface PlannedFile {
  name: string;
  blob: Blob;
}

/**
 * The objects of one image in upload order, named by the rule of src/lib/renditions.ts:
 * renditions smallest first, the master last, so its URL (image_url) exists only once every
 * rendition a reader could be sent does. A JPEG master (browser without a WebP encoder) has no
 * renditions and a plain name: readers get it as it is, like an image from before renditions.
 */
export function planFamily(image: RenderedImage, stem: string): PlannedFile[] {
  if (image.master.type !== 'image/webp') return [{ name: `${stem}.jpg`, blob: image.master }];
  const master = { stem, width: image.width, height: image.height };
  const made = new Map(image.renditions.map((r) => [r.width, r.blob]));
  const renditions = renditionWidths(image.width).map((width) => {
    const blob = made.get(width);
    if (!blob) throw new Error(`Rendition de ${width} px manquante`);
    return { name: renditionName(master, width), blob };
  });
  const share = image.share ? [{ name: shareImageName(master), blob: image.share }] : [];
  return [...renditions, ...share, { name: masterName(stem, image.width, image.height), blob: image.master }];
}

/** Runs `task` for one caller at a time: one decoded photo in memory, never three. */
function oneAtATime<A, R>(task: (arg: A) => Promise<R>): (arg: A) => Promise<R> {
  let queue: Promise<unknown> = Promise.resolve();
  return (arg) => {
    const run = queue.then(() => task(arg));
    queue = run.catch(() => {});
    return run;
  };
}

const messageOf = (reason: unknown) => String((reason as { message?: string })?.message ?? reason);
const asError = (reason: unknown) => (reason instanceof Error ? reason : new Error(messageOf(reason)));

/**
 * The upload pipeline: batches of 3 images; each is checked to be what its type says
 * (imageSignature.ts), prepared in the browser (decoded once, one image at a time), then its
 * files are stored one after another, each with up to 3 attempts when the failure is transient
 * (a refused type or size is not tried again).
 * When a file still fails, everything of that image already sent is removed: no orphan in
 * storage, and the image is reported failed. Progress (0 to 100) counts stored files, each
 * image weighing the same whatever its number of renditions.
 */
export async function uploadImages(files: File[], deps: UploadDeps): Promise<UploadOutcome> {
  const render = oneAtATime(deps.render);
  const done = files.map(() => 0);
  let reported = -1;
  const advance = (index: number, share: number) => {
    done[index] = share;
    const value = Math.floor((done.reduce((a, b) => a + b, 0) / files.length) * 100);
    if (value !== reported) deps.onProgress?.((reported = value));
  };
  advance(0, 0);

  const uploadOne = async (file: File, index: number) => {
    try {
      // The bucket checks the declared type only (as hosted storage does): the bytes are checked here.
      await checkImageSignature(file);
      // render's refusals are written for the journalist (imageMessages.ts).
      const image = await render(file).catch((error: unknown) => {
        throw error instanceof ShownError ? error : new ShownError(messageOf(error), { cause: error });
      });
      const family = planFamily(image, storageStem(deps.now?.(), deps.random));
      let url = '';
      for (const [i, planned] of family.entries()) {
        try {
          url = await withRetry(() => deps.store(planned.name, planned.blob), { sleep: deps.sleep });
        } catch (error) {
          // This file too: an attempt whose answer was lost may have stored it.
          const sent = family.slice(0, i + 1).map((f) => f.name);
          await withRetry(() => deps.remove(sent), { sleep: deps.sleep }).catch((e) =>
            console.warn('Uploaded files left in storage', sent, e),
          );
          throw new ShownError(storingFailed(file.name, reportError(error, 'image')), { cause: error });
        }
        advance(index, (i + 1) / family.length);
      }
      return { url, still: image.firstFrameOnly };
    } finally {
      advance(index, 1);
    }
  };

  const outcomes = await runInBatches(files, UPLOAD_BATCH_SIZE, uploadOne);
  const made = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [{ ...o.value, name: files[i].name }] : []));
  return {
    urls: made.map((m) => m.url),
    errors: outcomes.flatMap((o) => (o.status === 'rejected' ? [asError(o.reason)] : [])),
    stills: made.filter((m) => m.still).map((m) => m.name),
  };
}

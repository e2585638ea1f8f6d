import imageCompression, { type Options } from 'browser-image-compression';

// browser-image-compression runs here, off the page's main thread. Inside a worker it compresses
// in place with OffscreenCanvas and, with useWebWorker off, never fetches its own worker script
// from a CDN (design §2): this file is bundled with the back office.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ file: File; options: Options }>) => void) | null;
  postMessage: (message: { blob?: Blob; error?: string }) => void;
};

scope.onmessage = async ({ data }) => {
  try {
    const blob = await imageCompression(data.file, { ...data.options, useWebWorker: false });
    scope.postMessage({ blob });
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};

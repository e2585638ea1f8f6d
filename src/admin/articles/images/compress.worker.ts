import { renderImage } from './renderImage';
import type { RenderedImage } from './types';

// Decoding and encoding run here, off the page's main thread, with no library and nothing
// fetched from elsewhere: this file is bundled with the back office (docs/decisions.md#renditions-at-upload).
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ file: File }>) => void) | null;
  postMessage: (message: { image?: RenderedImage; error?: string }) => void;
};

scope.onmessage = async ({ data }) => {
  try {
    scope.postMessage({ image: await renderImage(data.file) });
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};

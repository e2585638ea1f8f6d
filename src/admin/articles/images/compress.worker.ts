import { renderImage } from './renderImage';
import type { RenderedImage } from './types';

// Decoding and encoding run here, off the page's main thread, with no library and nothing
// fetched from elsewhere: this file is bundled with the back office (docs/decisions.md#renditions-at-upload).
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ file: File }>) => void) | null;
  postMessage: (message: { image?: RenderedImage; error?: string }) => void;
};

const render = async (file: File) => {
  try {
    scope.postMessage({ image: await renderImage(file) });
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};

// A failure goes back to the page as a message: nothing is left for the event to wait on.
scope.onmessage = ({ data }) => void render(data.file);

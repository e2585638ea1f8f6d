import { Worker } from 'node:worker_threads';

/**
 * The product's sanitizer for a whole archive, in a worker thread started afresh every
 * SANITIZED_PER_WORKER bodies. DOMPurify on jsdom keeps every document it parsed alive (its node
 * iterators, measured with jsdom 29: about 50 KB a body, 1 GB over 20,000 posts, whatever the
 * window); a worker's memory all goes when it ends, so the import's stays bounded.
 */
const SANITIZED_PER_WORKER = 500;

export class RecycledSanitizer {
  private worker: Worker | null = null;
  private used = 0;

  async sanitize(html: string): Promise<string> {
    if (!this.worker || this.used >= SANITIZED_PER_WORKER) {
      await this.worker?.terminate();
      // Its entry registers tsx: the TypeScript source loads in the worker too.
      this.worker = new Worker(new URL('./sanitizeWorker.mjs', import.meta.url));
      this.worker.unref();
      this.used = 0;
    }
    this.used++;
    const worker = this.worker;
    return new Promise<string>((resolve, reject) => {
      const done = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      const onMessage = (clean: string) => {
        done();
        resolve(clean);
      };
      const onError = (error: Error) => {
        done();
        reject(error);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage(html);
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = null;
  }
}

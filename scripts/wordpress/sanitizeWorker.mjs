// The worker thread's entry (sanitizer.ts): a worker does not inherit the TypeScript loader of the
// thread that started it, so it registers tsx itself before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./sanitizeWorker.ts');

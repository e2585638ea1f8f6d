import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGraphPlugin } from './scripts/bundleGraph.ts';

export default defineConfig({
  plugins: [react(), chunkGraphPlugin()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: { target: 'es2022', sourcemap: false },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Paths come from import.meta.url so the config works whatever the working directory
// (the root `npm run build -w apps/web` and a plain `npx vite build` in apps/web).
const here = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);

export default defineConfig({
  root: here('.'),
  plugins: [react()],
  resolve: {
    alias: { '@': here('./src') },
  },
  server: {
    proxy: {
      // The API runs beside the dev server; in production it serves this build itself.
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // Source maps are 12 MB of our source code: built only when asked for (WEB_SOURCEMAPS=true),
    // so a production server does not hand them to every browser.
    sourcemap: process.env.WEB_SOURCEMAPS === 'true',
    rolldownOptions: {
      // packages/shared is plain declarations (schemas, messages, constants): a screen that
      // imports one message must not pull every feature's zod schemas into its chunk.
      treeshake: { moduleSideEffects: [{ test: /packages\/shared\/src\//, sideEffects: false }] },
    },
  },
});

import { defineConfig } from 'vite';

// The API serves the build at /console (src/console/serve-console.ts); assets get hashed names under /console/assets/.
export default defineConfig({
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No source maps in what the API serves; sizes are checked by scripts/check-size.mjs.
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: {
    // `npm run dev -w console` against an API on localhost:3000.
    proxy: { '^/(?!console)': { target: 'http://localhost:3000', ws: true } },
  },
});

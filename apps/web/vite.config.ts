import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildPublicPages } from './build/prerender-public-pages';

export default defineConfig({
  plugins: [react(), tailwindcss(), buildPublicPages()],
  server: {
    // The API runs on its own port in development; the browser talks to one origin.
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The prerendered public pages (public-page.html) are built after the app by buildPublicPages.
  build: { outDir: 'dist' },
});

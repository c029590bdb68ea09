import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    // The API runs on its own port in development; the browser talks to one origin.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: { outDir: 'dist' },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the server at /console/ (CONTRACT §2). `npm run dev -w @tagwell/console` proxies the
// API to a server started with `npm start`.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});

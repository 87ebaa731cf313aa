/// <reference types="vitest/config" />
import { writeFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The Go server during development; BACKOFFICE_DEV_API points the proxy elsewhere (e.g. a second instance).
const backend = process.env.BACKOFFICE_DEV_API ?? 'http://127.0.0.1:8080';

/**
 * The Go binary embeds dist with `//go:embed all:dist`, which fails to compile when dist is
 * empty; emptyOutDir wipes the committed dist/.gitkeep, so it is re-created after every build.
 */
function keepGitkeep(): Plugin {
  return {
    name: 'keep-dist-gitkeep',
    apply: 'build',
    closeBundle() {
      writeFileSync(fileURLToPath(new URL('./dist/.gitkeep', import.meta.url)), '');
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), keepGitkeep()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': backend,
      '/healthz': backend,
      '/readyz': backend,
      '/ws': { target: backend, ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});

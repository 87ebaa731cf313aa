// Measures the gzipped JavaScript the /login page loads (brief budget: < 170 KB).
// It builds into a temporary directory with a manifest, then follows the static imports of the
// entry, the login page chunk (and the lazy layout routes above it) and the active language's
// namespaces the app starts with (SHELL_NAMESPACES in src/lib/i18n/i18n.ts).
// Usage: node tools/login-bundle-size.mjs [language=es]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const language = process.argv[2] ?? 'es';
const i18nSource = readFileSync(new URL('../src/lib/i18n/i18n.ts', import.meta.url), 'utf8');
const shellList = /export const SHELL_NAMESPACES = \[([^\]]*)\]/.exec(i18nSource);
if (!shellList) throw new Error('SHELL_NAMESPACES not found in src/lib/i18n/i18n.ts');
const shellNamespaces = [...shellList[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
const out = mkdtempSync(join(tmpdir(), 'login-bundle-'));
try {
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
    stdio: 'inherit',
  });
  const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8'));
  const roots = [
    'index.html',
    'src/features/auth/pages/login-page.tsx',
    ...shellNamespaces.map((ns) => `src/locales/${language}/${ns}.json`),
  ];
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  roots.forEach(visit);
  let total = 0;
  for (const file of [...files].sort()) {
    const size = gzipSync(readFileSync(join(out, file)), { level: 9 }).length;
    total += size;
    console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
  }
  console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total gzipped JS for /login (${language})`);
  process.exitCode = total < 170 * 1024 ? 0 : 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}

/**
 * Every call to the API goes through a feature's api/ file (DESIGN §3, issue 9 point 11): a page
 * or component never imports the transport (lib/http), never calls fetch or XMLHttpRequest, and
 * takes nothing from lib/api but HttpError and types. A plain source scan, so a new page that
 * breaks the rule fails here rather than in review.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Vitest runs from webapp/ (npm test, go tool task test:web).
const src = join(process.cwd(), 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Files of features' pages/ and components/ folders. */
function uiFiles(): string[] {
  return sources(join(src, 'features')).filter((path) => /[\\/](pages|components)[\\/]/.test(relative(src, path)));
}

/** What lib/api exports that a page or component may use: the error class. Types are always fine. */
const ALLOWED_FROM_API = new Set(['HttpError']);

/** The rule broken by one file's text, or undefined. */
export function violation(text: string): string | undefined {
  if (/from\s+['"](@\/lib\/http|(\.\.\/)+(lib\/)?http)['"]/.test(text)) return 'imports lib/http';
  if (/(^|[^\w.])fetch\s*\(/m.test(text) || /\b(window|globalThis|self)\.fetch\b/.test(text)) return 'calls fetch';
  if (/\bXMLHttpRequest\b/.test(text)) return 'uses XMLHttpRequest';
  for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]@\/lib\/api(\/[\w-]+)?['"]/g)) {
    if (match[1]) continue;
    if (match[3] && match[3] !== '/index') return `imports lib/api${match[3]}`;
    const names = match[2]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '' && !name.startsWith('type '));
    const value = names.map((name) => name.split(/\s+as\s+/)[0]!).find((name) => !ALLOWED_FROM_API.has(name));
    if (value) return `imports ${value} from lib/api`;
  }
  return undefined;
}

describe('API calls stay in api/ files', () => {
  it('the scan recognises each way of breaking the rule', () => {
    expect(violation("import { http } from '@/lib/http';")).toBe('imports lib/http');
    expect(violation("import { HttpError } from '../../../lib/http';")).toBe('imports lib/http');
    expect(violation('const r = await fetch(`/api/x`);')).toBe('calls fetch');
    expect(violation('const r = await window.fetch("/api/x");')).toBe('calls fetch');
    expect(violation('new XMLHttpRequest()')).toBe('uses XMLHttpRequest');
    expect(violation("import { api, HttpError } from '@/lib/api';")).toBe('imports api from lib/api');
    expect(violation("import { api as client } from '@/lib/api';")).toBe('imports api from lib/api');
    expect(violation("import { api } from '@/lib/api/client';")).toBe('imports lib/api/client');
    expect(violation("import { HttpError, type Schema } from '@/lib/api';")).toBeUndefined();
    expect(violation("import type { Schema } from '@/lib/api';")).toBeUndefined();
    expect(violation('list.refetch(); prefetch(x);')).toBeUndefined();
  });

  it('no page or component of a feature talks to the API itself', () => {
    const files = uiFiles();
    expect(files.length).toBeGreaterThan(20);
    const broken = files
      .map((path) => {
        const text = readFileSync(path, 'utf8');
        const rule = violation(text);
        return rule ? `${relative(src, path)}: ${rule}` : undefined;
      })
      .filter(Boolean);
    expect(broken).toEqual([]);
  });
});

/**
 * Master data (issue 3) through the API, for the journeys' set-up steps and for checking what
 * the server stored after a UI action: companies, users, customers, suppliers, categories and
 * products, plus the files the product journeys upload and the Excel exports they download.
 * Every record a journey makes carries a fresh `tag` in its name, so that journeys sharing the
 * one server never see each other's rows through a search.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { expect as baseExpect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { apiLogin, bearer } from './app';
import { DEMO } from './users';

/**
 * The suite's expect with more patience: a list shows its rows after one or two API round trips
 * (list, then the options of its selects), which take seconds when the machine is busy. Passing
 * assertions are not slowed by it.
 */
export const expect = baseExpect.configure({ timeout: 20_000 });

/** A short unique word (lower-case letters and digits) to mark one journey's records. */
export function tag(): string {
  return `t${Date.now().toString(36).slice(-5)}${randomBytes(3).toString('hex')}`;
}

/** platform/listing's page as JSON. */
export interface Page<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number; total_pages: number; next_cursor?: string; prev_cursor?: string };
}

/** The fields of a record the journeys read. */
export interface Record {
  id: number;
  name: string;
  [field: string]: unknown;
}

/** A product as the API sends it (the fields the journeys read). */
export interface Product extends Record {
  code: string;
  price_cents: number;
  cost_cents: number;
  images: { id: number; url: string }[];
}

/** A party (customer or supplier) as the API sends it. */
export interface Party extends Record {
  company_id: number;
  approval_status: 'pending' | 'approved' | 'rejected';
  approval_reason: string;
}

/** Checks the status of an answer (showing its body when it is not the one expected) and returns its JSON. */
export async function expectJson<T>(answer: APIResponse, status: number): Promise<T> {
  const text = await answer.text();
  expect(answer.status(), `${answer.url()}: ${text}`).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The error answer of the API (DESIGN §3): a message and the form's field messages. */
export interface ApiError {
  error?: string;
  message?: string;
  fields?: { [field: string]: string };
}

/** A signed-in API caller: the `request` fixture plus a session token. */
export class Api {
  constructor(
    readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  /** Signs in through the API. */
  static async as(request: APIRequestContext, username: string, password: string): Promise<Api> {
    return new Api(request, await apiLogin(request, username, password));
  }

  /** The demo admin. */
  static admin(request: APIRequestContext): Promise<Api> {
    return Api.as(request, DEMO.admin.username, DEMO.admin.password);
  }

  get(path: string): Promise<APIResponse> {
    return this.request.get(path, { headers: bearer(this.token) });
  }

  post(path: string, data?: unknown): Promise<APIResponse> {
    return this.request.post(path, { headers: bearer(this.token), data });
  }

  /** POST multipart/form-data (product create). */
  postForm(path: string, multipart: { [field: string]: string | FilePart }): Promise<APIResponse> {
    return this.request.post(path, { headers: bearer(this.token), multipart });
  }

  /** Creates a record (POST → 201) and returns it. */
  async create<T = Record>(path: string, body: unknown): Promise<T> {
    return (await expectJson<{ data: T }>(await this.post(path, body), 201)).data;
  }

  /** GET → 200 and the record. */
  async read<T = Record>(path: string): Promise<T> {
    return (await expectJson<{ data: T }>(await this.get(path), 200)).data;
  }

  /** One list page with these query parameters. */
  async list<T = Record>(path: string, query: { [name: string]: string | number } = {}): Promise<Page<T>> {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    return expectJson<Page<T>>(await this.get(`${path}?${search}`), 200);
  }

  /** How many live rows the list finds for a search (and filters). */
  async count(path: string, q: string, query: { [name: string]: string | number } = {}): Promise<number> {
    return (await this.list(path, { ...query, q, per_page: 1 })).meta.total;
  }

  /** Creates a company (admins). */
  company(name: string): Promise<Record> {
    return this.create('/api/companies', { name });
  }

  /** Creates a user of a company (admins): approved, active, no 2FA; `email` where the server mails them (none when left out). */
  user(u: { username: string; password: string; companyId: number; role?: string; firstName?: string; email?: string }): Promise<Record> {
    return this.create('/api/users', {
      username: u.username,
      first_name: u.firstName ?? 'E2E',
      last_name: 'Journey',
      ...(u.email ? { email: u.email } : {}),
      company_id: u.companyId,
      role: u.role ?? 'user',
      password: u.password,
      password_confirmation: u.password,
    });
  }

  /** Creates a category in the caller's company. */
  category(name: string): Promise<Record> {
    return this.create('/api/categories', { name });
  }

  /** Creates a product (multipart, like the form), in centavos. */
  async product(p: { code: string; name: string; categoryId: number; priceCents?: number; costCents?: number; image?: FilePart }): Promise<Product> {
    const form: { [field: string]: string | FilePart } = {
      code: p.code,
      name: p.name,
      category_id: String(p.categoryId),
      unit: 'und',
      cost_cents: String(p.costCents ?? 100_000),
      price_cents: String(p.priceCents ?? 150_000),
      quantity: '10',
      alert_quantity: '2',
      iva_class: '19',
      kind: 'goods',
    };
    if (p.image) form.images = p.image;
    return (await expectJson<{ data: Product }>(await this.postForm('/api/products', form), 201)).data;
  }

  /** Creates a customer or supplier (natural person, no document). `companyId`: admins only. */
  party(kind: 'customers' | 'suppliers', name: string, companyId?: number): Promise<Party> {
    return this.create<Party>(`/api/${kind}`, { name, city: 'Medellín', ...(companyId ? { company_id: companyId } : {}) });
  }
}

/** A file part of a multipart body. */
export interface FilePart {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A 1×1 PNG (one opaque pixel): the smallest real image the server accepts by its magic bytes. */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A small PNG file. */
export function pngFile(name = 'pixel.png'): FilePart {
  return { name, mimeType: 'image/png', buffer: Buffer.from(PIXEL_PNG, 'base64') };
}

/** A PNG signature followed by padding up to `bytes`: an "image" over the 4 MB limit. */
export function bigPngFile(bytes = 5 * 1024 * 1024, name = 'big.png'): FilePart {
  const buffer = Buffer.alloc(bytes);
  Buffer.from(PIXEL_PNG, 'base64').copy(buffer);
  return { name, mimeType: 'image/png', buffer };
}

/** A PDF whose name says .png: the browser calls it image/png; only its bytes tell. */
export function pdfAsPngFile(name = 'invoice.png'): FilePart {
  const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  return { name, mimeType: 'image/png', buffer: Buffer.from(pdf, 'latin1') };
}

/** The first sheet of a workbook as rows of cell texts (numbers as numbers), empty rows left out. */
export async function readSheet(file: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error(`${file} has no sheet`);
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as unknown[];
    // exceljs rows are 1-based: index 0 is always empty.
    rows.push(values.slice(1).map((v) => (v && typeof v === 'object' && 'richText' in v ? (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('') : v)));
  });
  return rows;
}

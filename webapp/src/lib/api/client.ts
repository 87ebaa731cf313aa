/**
 * The web app's one API client: openapi-fetch over the types generated from the server's OpenAPI
 * document (schema.d.ts, `go tool task web:api`). Its fetch is lib/http's transport, so every call
 * gets the spec's client rules (cookie, error message, retry against the swapped host, blocked-IP
 * page, site-disabled redirect) and a failure is always an HttpError. Features call it only from
 * their api/ files; the two answer shapes of DESIGN §3 are read by `data` and `page`.
 */
import createClient from 'openapi-fetch';
import { apiUrl, httpFetch } from '../http';
import type { components, paths } from './schema';

/** The document's named schemas. */
export type Schemas = components['schemas'];
/** One named schema of the document, e.g. `Schema<'Purchase'>`. */
export type Schema<K extends keyof Schemas> = Schemas[K];
/** The document's paths. */
export type ApiPaths = paths;

/** A Request whose relative API path is resolved against the configured origin (lib/http). */
class ApiRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? apiUrl(input) : input, init);
  }
}

/** The client. Non-2xx answers reject with HttpError, so `data` is the only branch callers read. */
export const api = createClient<paths>({
  fetch: httpFetch,
  Request: ApiRequest,
  headers: { Accept: 'application/json' },
});

/** A `{data, meta}` answer as the lists use it: `data` is never null. */
export interface Page<T> {
  data: T[];
  meta: Schema<'Meta'>;
}

/** What openapi-fetch resolves with; the error branch never occurs (the transport throws). */
interface Answer<B> {
  data?: B;
}

function body<B>(answer: Answer<B>): B {
  if (answer.data === undefined) throw new Error('The server answered without a body');
  return answer.data;
}

/** The record of a single-resource answer `{data: T}`. */
export async function data<T>(call: Promise<Answer<{ data: T }>>): Promise<T> {
  return body(await call).data;
}

/** A list answer `{data, meta}`; a null `data` (no rows) becomes []. */
export async function page<T>(call: Promise<Answer<{ data: T[] | null; meta: Schema<'Meta'> }>>): Promise<Page<T>> {
  const answer = body(await call);
  return { data: answer.data ?? [], meta: answer.meta };
}

/** Waits for a call whose answer has no body the caller needs (204, or a count it ignores). */
export async function done(call: Promise<unknown>): Promise<void> {
  await call;
}

/**
 * A multipart body (an upload) where the document describes the form's fields: openapi-fetch
 * sends a FormData as it is, the type only has to say which operation it is for.
 */
export function multipart<B>(form: FormData): B {
  return form as unknown as B;
}

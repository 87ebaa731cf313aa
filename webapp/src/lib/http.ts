/**
 * The one HTTP client of the web app (spec §7, §8). Every request to the API goes through
 * `request`, so the error-message rule, the network-failure retry, the blocked-IP page swap and
 * the site-disabled redirect live here and nowhere else.
 */
import { navigate } from './navigation';

/** Field-level messages the API returns with a 422 (`{"fields": {"name": "message"}}`). */
export type FieldErrors = Record<string, string>;

/** A failed request. `message` follows the spec §8 rule; the rest is kept for callers that need detail. */
export class HttpError extends Error {
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** The API's error code (invalid, unauthorized, rate_limited, site_disabled, ...), when given. */
  readonly code: string | undefined;
  /** Per-field messages of a validation failure. */
  readonly fields: FieldErrors;
  /** The parsed JSON body, the raw text, or undefined. */
  readonly body: unknown;

  constructor(
    message: string,
    init: { status: number; code?: string; fields?: FieldErrors; body?: unknown },
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.body = init.body;
  }

  /** The API's own `error` text, without the ' (HTTP n)' suffix: what forms show to people. */
  get serverError(): string | undefined {
    return isRecord(this.body) && typeof this.body.error === 'string' && this.body.error !== ''
      ? this.body.error
      : undefined;
  }
}

/** Message when the request never got a response (spec §8). */
export const NETWORK_ERROR_MESSAGE = 'Network error: no response from server';
/** Message when nothing better is known (spec §8). */
export const DEFAULT_ERROR_MESSAGE = 'Request failed';
/** Rejection message when the server answers the blocked-IP HTML page (spec §8). */
export const BLOCKED_IP_MESSAGE = 'IP bloqueada';

/** Options of one request. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData is sent as multipart/form-data (uploads). */
  body?: unknown;
  /** A bearer token (the pending 2FA token); the session cookie is sent anyway. */
  token?: string | null;
  /** Cancels the request (TanStack Query passes one). There is deliberately no default timeout. */
  signal?: AbortSignal;
}

interface HttpConfig {
  /** Origin of the API; undefined means the page's own origin. */
  baseUrl?: string;
  /** The `{ip}` of spec §7: the alternative host tried once after a network failure. */
  fallbackHost?: string;
}

const config: HttpConfig = {
  fallbackHost: (import.meta.env.VITE_API_FALLBACK_HOST as string | undefined) || undefined,
};

/** Overrides the API origin or the fallback host (tests, or a deployment with a fixed IP). */
export function configureHttp(next: HttpConfig): void {
  Object.assign(config, next);
}

/**
 * The host to retry against after a network failure: localhost and 127.0.0.1 swap for each
 * other, or for the configured `{ip}`. For any other host the configured ip is used; without one
 * there is no retry, because sending the session to the visitor's own loopback would be wrong.
 */
export function alternateHost(hostname: string, fallbackHost = config.fallbackHost): string | undefined {
  if (hostname === 'localhost') return fallbackHost ?? '127.0.0.1';
  if (hostname === '127.0.0.1' || (fallbackHost !== undefined && hostname === fallbackHost)) {
    return 'localhost';
  }
  return fallbackHost;
}

function absoluteUrl(path: string): URL {
  return new URL(path, config.baseUrl ?? window.location.origin);
}

/** Performs one API call and resolves with the parsed JSON body (undefined for an empty body). */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = absoluteUrl(path);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers,
    credentials: 'include',
    body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  };

  let response: Response;
  try {
    response = await fetch(url.toString(), init);
  } catch (firstFailure) {
    if (options.signal?.aborted) throw firstFailure;
    const host = alternateHost(url.hostname);
    if (host === undefined) throw networkError();
    const retryUrl = new URL(url);
    retryUrl.hostname = host;
    try {
      response = await fetch(retryUrl.toString(), init);
    } catch {
      throw networkError();
    }
  }
  return handleResponse<T>(response);
}

function networkError(): HttpError {
  return new HttpError(NETWORK_ERROR_MESSAGE, { status: 0 });
}

async function handleResponse<T>(response: Response): Promise<T> {
  const contentType = response.headers.get('Content-Type') ?? '';
  const text = await response.text();

  if (response.status === 404 && contentType.includes('text/html')) {
    replaceDocument(text);
    throw new HttpError(BLOCKED_IP_MESSAGE, { status: 404, body: text });
  }

  const body = parseBody(text, contentType);
  if (response.ok) return body as T;

  const error = new HttpError(errorMessage(response, body), {
    status: response.status,
    code: isRecord(body) && typeof body.code === 'string' ? body.code : undefined,
    fields: isRecord(body) && isRecord(body.fields) ? stringFields(body.fields) : undefined,
    body,
  });
  if (response.status === 503 && error.code === 'site_disabled') {
    navigate('/disabled', { replace: true });
  }
  throw error;
}

function parseBody(text: string, contentType: string): unknown {
  if (text === '') return undefined;
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Spec §8: the response text, else the body's `message` or `error`, else the client's own
 * message (the status text), else 'Request failed'; then ' (HTTP {status})'.
 */
export function errorMessage(response: Pick<Response, 'status' | 'statusText'>, body: unknown): string {
  let message: string | undefined;
  if (typeof body === 'string' && body.trim() !== '') message = body.trim();
  else if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message !== '') message = body.message;
    else if (typeof body.error === 'string' && body.error !== '') message = body.error;
  }
  message ??= response.statusText || DEFAULT_ERROR_MESSAGE;
  return `${message} (HTTP ${response.status})`;
}

/**
 * The server answers a request from a blocked IP with its own HTML page: the spec wants that page
 * to replace the whole app. The markup is imported, not written, so its scripts do not run.
 */
function replaceDocument(html: string): void {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const next = document.importNode(parsed.documentElement, true);
  document.replaceChild(next, document.documentElement);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringFields(fields: Record<string, unknown>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/** Convenience wrappers for the common verbs. */
export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

/** Shape of single-resource answers: `{"data": ...}`. */
export interface DataEnvelope<T> {
  data: T;
}

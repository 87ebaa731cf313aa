/**
 * The transport under the web app's one API client (lib/api, spec §7, §8): every request to the
 * API goes through `httpFetch`, so the cookie, the error-message rule, the network-failure retry,
 * the blocked-IP page swap and the site-disabled redirect live here and nowhere else. Features
 * never import this file: they call their api/ files, which call lib/api.
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

/** Resolves a path of the API against the configured origin (the page's own by default). */
export function apiUrl(path: string): string {
  return new URL(path, config.baseUrl ?? window.location.origin).toString();
}

/**
 * The fetch of the API client (lib/api): sends the session cookie, retries once against the
 * swapped host when no response arrives, and turns every answer that is not 2xx into an
 * HttpError, so callers only ever see data or an HttpError with the spec's message.
 */
export async function httpFetch(request: Request): Promise<Response> {
  const sent = new Request(request, { credentials: 'include' });
  // The retry needs its own copy: a sent body cannot be read twice.
  const spare = sent.clone();
  let response: Response;
  try {
    response = await fetch(sent);
  } catch (firstFailure) {
    if (sent.signal.aborted) throw firstFailure;
    const host = alternateHost(new URL(sent.url).hostname);
    if (host === undefined) throw networkError();
    const retryUrl = new URL(sent.url);
    retryUrl.hostname = host;
    try {
      response = await fetch(await sameRequestAt(spare, retryUrl));
    } catch {
      throw networkError();
    }
  }
  if (!response.ok) throw await failure(response);
  return response;
}

/**
 * The request again, at another URL. The body is read into memory: a streamed body would need
 * `duplex: 'half'`, which browsers only send over HTTP/2.
 */
async function sameRequestAt(request: Request, url: URL): Promise<Request> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.blob() : undefined,
    credentials: 'include',
    signal: request.signal,
  });
}

function networkError(): HttpError {
  return new HttpError(NETWORK_ERROR_MESSAGE, { status: 0 });
}

/** The HttpError of an answer that is not 2xx; side effects of spec §7/§8 happen here. */
async function failure(response: Response): Promise<HttpError> {
  const contentType = response.headers.get('Content-Type') ?? '';
  const text = await response.text();

  if (response.status === 404 && contentType.includes('text/html')) {
    replaceDocument(text);
    return new HttpError(BLOCKED_IP_MESSAGE, { status: 404, body: text });
  }

  const body = parseBody(text, contentType);
  const error = new HttpError(errorMessage(response, body), {
    status: response.status,
    code: isRecord(body) && typeof body.code === 'string' ? body.code : undefined,
    fields: isRecord(body) && isRecord(body.fields) ? stringFields(body.fields) : undefined,
    body,
  });
  if (response.status === 503 && error.code === 'site_disabled') {
    navigate('/disabled', { replace: true });
  }
  return error;
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

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BLOCKED_IP_MESSAGE,
  DEFAULT_ERROR_MESSAGE,
  HttpError,
  NETWORK_ERROR_MESSAGE,
  alternateHost,
  configureHttp,
  errorMessage,
} from './http';
import { api, data, done } from './api';
import { verifyTwoFactorRequest } from './auth/api';
import * as navigation from './navigation';

// Every case goes through the API client (lib/api: openapi-fetch over lib/http's transport), so
// these are the rules as features meet them.

/** The Request the transport handed to fetch on call n. */
function sent(n = 0): Request {
  const input = fetchMock.mock.calls[n]![0];
  expect(input).toBeInstanceOf(Request);
  return input as Request;
}

/** A call of the client whose answer is not read (any path of the document). */
const get = () => done(api.GET('/api/site_setting/status'));

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

function textResponse(status: number, text: string, contentType = 'text/plain', statusText = ''): Response {
  return new Response(text, { status, statusText, headers: { 'Content-Type': contentType } });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  configureHttp({ baseUrl: 'http://localhost:5173', fallbackHost: undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('expected the request to fail');
}

describe('request basics', () => {
  it('sends credentials, JSON and the bearer token', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { id: 1 } }));
    const answer = await verifyTwoFactorRequest('123456', 'pending-1');
    expect(answer).toEqual({ id: 1 });
    const request = sent();
    expect(request.url).toBe('http://localhost:5173/api/auth/2fa');
    expect(request.credentials).toBe('include');
    expect(request.method).toBe('POST');
    expect(await request.text()).toBe('{"one_time_password":"123456"}');
    expect(request.headers.get('Authorization')).toBe('Bearer pending-1');
    expect(request.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a token, and no body on a GET', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: 'enabled' }));
    await expect(data(api.GET('/api/site_setting/status'))).resolves.toBe('enabled');
    const request = sent();
    expect(request.headers.get('Authorization')).toBeNull();
    expect(request.headers.get('Content-Type')).toBeNull();
    expect(request.credentials).toBe('include');
    expect(request.signal.aborted).toBe(false);
  });

  it('resolves undefined for 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(done(api.POST('/api/auth/logout'))).resolves.toBeUndefined();
  });

  it('sends a FormData body as multipart', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { data: { id: 3 } }));
    const form = new FormData();
    form.set('quantity', '2');
    await api.POST('/api/purchase-orders', { body: form as never });
    const request = sent();
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(await request.text()).toContain('name="quantity"');
  });
});

describe('error message rule (spec §8)', () => {
  it('uses the response text first', async () => {
    fetchMock.mockResolvedValueOnce(textResponse(502, 'Bad gateway from proxy'));
    const error = await failure(get());
    expect(error.message).toBe('Bad gateway from proxy (HTTP 502)');
    expect(error.status).toBe(502);
    expect(error.body).toBe('Bad gateway from proxy');
  });

  it('uses body.message before body.error', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { message: 'From message', error: 'From error' }));
    expect((await failure(get())).message).toBe('From message (HTTP 400)');
  });

  it('uses body.error and keeps status, code, fields and body', async () => {
    const body = { error: 'Validation failed', code: 'invalid', fields: { username: 'Username Required', n: 3 } };
    fetchMock.mockResolvedValueOnce(jsonResponse(422, body));
    const error = await failure(get());
    expect(error.message).toBe('Validation failed (HTTP 422)');
    expect(error.status).toBe(422);
    expect(error.code).toBe('invalid');
    expect(error.fields).toEqual({ username: 'Username Required' });
    expect(error.body).toEqual(body);
    expect(error.serverError).toBe('Validation failed');
  });

  it('falls back to the client message (status text)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(418, {}, "I'm a teapot"));
    expect((await failure(get())).message).toBe("I'm a teapot (HTTP 418)");
  });

  it("defaults to 'Request failed'", async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }));
    const error = await failure(get());
    expect(error.message).toBe(`${DEFAULT_ERROR_MESSAGE} (HTTP 500)`);
    expect(errorMessage({ status: 409, statusText: '' }, { error: '' })).toBe('Request failed (HTTP 409)');
  });

  it('reports a missing response as a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(get());
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.status).toBe(0);
  });
});

describe('network-failure retry (spec §7)', () => {
  it('retries once against 127.0.0.1 when localhost fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(jsonResponse(200, { data: [], meta: {} }));
    await expect(api.GET('/api/products', { params: { query: { q: 'a' } } })).resolves.toMatchObject({ data: { data: [] } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sent(1).url).toBe('http://127.0.0.1:5173/api/products?q=a');
  });

  it('retries against localhost when 127.0.0.1 fails, with the same method, body and credentials', async () => {
    configureHttp({ baseUrl: 'http://127.0.0.1:8080' });
    fetchMock.mockRejectedValueOnce(new TypeError('x')).mockResolvedValueOnce(jsonResponse(200, { data: { id: 1 } }));
    await data(api.PUT('/api/auth/user/profile', { body: { first_name: 'Ana' } }));
    const retry = sent(1);
    expect(retry.url).toBe('http://localhost:8080/api/auth/user/profile');
    expect(retry.method).toBe('PUT');
    expect(retry.credentials).toBe('include');
    expect(await retry.text()).toBe('{"first_name":"Ana"}');
  });

  it('uses the configured {ip} and tries only once more', async () => {
    configureHttp({ baseUrl: 'http://backoffice.example:8080', fallbackHost: '10.0.0.5' });
    fetchMock.mockRejectedValue(new TypeError('x'));
    const error = await failure(get());
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sent(1).url).toBe('http://10.0.0.5:8080/api/site_setting/status');
  });

  it('does not retry an HTTP error answer', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { error: 'boom' }));
    await failure(get());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry a remote host without a configured ip, nor an aborted request', async () => {
    configureHttp({ baseUrl: 'https://backoffice.example' });
    fetchMock.mockRejectedValue(new TypeError('x'));
    await failure(get());
    expect(fetchMock).toHaveBeenCalledTimes(1);

    configureHttp({ baseUrl: 'http://localhost:1' });
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(api.GET('/api/site_setting/status', { signal: controller.signal })).rejects.toThrow('aborted');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('swaps hosts as the spec says', () => {
    expect(alternateHost('localhost', undefined)).toBe('127.0.0.1');
    expect(alternateHost('127.0.0.1', undefined)).toBe('localhost');
    expect(alternateHost('localhost', '192.168.1.9')).toBe('192.168.1.9');
    expect(alternateHost('192.168.1.9', '192.168.1.9')).toBe('localhost');
    expect(alternateHost('example.com', undefined)).toBeUndefined();
  });
});

describe('blocked IP page (404 text/html)', () => {
  it('replaces the whole document and rejects with IP bloqueada', async () => {
    document.body.innerHTML = '<div id="root">app</div>';
    fetchMock.mockResolvedValueOnce(
      textResponse(404, '<html><head><title>Blocked</title></head><body><h1>Access denied</h1></body></html>', 'text/html; charset=utf-8'),
    );
    const error = await failure(get());
    expect(error.message).toBe(BLOCKED_IP_MESSAGE);
    expect(error.status).toBe(404);
    expect(document.querySelector('h1')?.textContent).toBe('Access denied');
    expect(document.title).toBe('Blocked');
    expect(document.getElementById('root')).toBeNull();
  });

  it('keeps a JSON 404 an ordinary error', async () => {
    document.body.innerHTML = '<div id="root">app</div>';
    fetchMock.mockResolvedValueOnce(jsonResponse(404, { error: 'Not found', code: 'not_found' }));
    const error = await failure(get());
    expect(error.message).toBe('Not found (HTTP 404)');
    expect(document.getElementById('root')).not.toBeNull();
  });
});

describe('site disabled (503 site_disabled)', () => {
  it('sends the app to /disabled', async () => {
    const navigate = vi.spyOn(navigation, 'navigate').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(
      jsonResponse(503, { code: 'site_disabled', error: 'The site is disabled, please try to login later.' }),
    );
    const error = await failure(get());
    expect(error.code).toBe('site_disabled');
    expect(navigate).toHaveBeenCalledWith('/disabled', { replace: true });
  });

  it('does not redirect on other 503s', async () => {
    const navigate = vi.spyOn(navigation, 'navigate').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(jsonResponse(503, { status: 'failing' }));
    await failure(get());
    expect(navigate).not.toHaveBeenCalled();
  });
});

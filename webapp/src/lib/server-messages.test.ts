import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import en from '@/locales/en/server-messages.json';
import es from '@/locales/es/server-messages.json';
import { applyFieldErrors, failureText } from './form-errors';
import { HttpError } from './http';
import { compileTemplate, matchTemplate, SERVER_MESSAGES_NS, translateFieldMessages, translateServerMessage } from './server-messages';

async function instance(lng: string, fallbackLng: string | false = false) {
  const i = i18next.createInstance();
  await i.init({
    lng,
    fallbackLng,
    resources: { en: { [SERVER_MESSAGES_NS]: en }, es: { [SERVER_MESSAGES_NS]: es } },
    ns: [SERVER_MESSAGES_NS],
    interpolation: { escapeValue: false },
  });
  return i;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('server-messages resources', () => {
  it('en is keyed by the English text itself and es translates every key', () => {
    for (const [key, value] of Object.entries(en)) expect(value).toBe(key);
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(es)) {
      expect(value, key).not.toBe('');
      expect(placeholders(value), key).toEqual(placeholders(key));
    }
  });

  it('holds the messages the API sends today', () => {
    for (const key of [
      'Invalid username or password',
      'The site is disabled, please try to login later.',
      'Invalid OTP',
      'Password must include uppercase, lowercase, and special character.',
      'Passwords do not match.',
      'Current password is incorrect.',
      'Too many attempts. Please try again in {{seconds}} seconds.',
      'Your current address {{address}} must be in the list.',
      'Invalid IP address: {{address}}',
      'Time must be HH:MM',
      'You are not allowed to perform this action.',
      'Your session has expired. Please sign in again.',
      'The username has already been taken.',
      'Max file size should be 4MB',
      '{{entity}} cannot be deleted',
    ]) {
      expect(Object.keys(en)).toContain(key);
    }
  });
});

describe('compileTemplate / matchTemplate', () => {
  it('captures the placeholders and escapes the rest', () => {
    expect(matchTemplate('Invalid IP address: {{address}}', 'Invalid IP address: 10.0.0.0/33')).toEqual({ address: '10.0.0.0/33' });
    expect(matchTemplate('Cannot sort by "{{key}}".', 'Cannot sort by "price".')).toEqual({ key: 'price' });
    // The dot of the template is literal, not "any character".
    expect(matchTemplate('Cannot sort by "{{key}}".', 'Cannot sort by "price"!')).toBeUndefined();
    expect(matchTemplate('Invalid IP address: {{address}}', 'Invalid IP address: ')).toBeUndefined();
    expect(compileTemplate('{{entity}} cannot be deleted').literalLength).toBe(' cannot be deleted'.length);
  });
});

describe('translateServerMessage', () => {
  it('translates exact messages to Spanish and keeps English in English', async () => {
    const esI18n = await instance('es');
    const enI18n = await instance('en');
    expect(translateServerMessage('Invalid OTP', esI18n)).toBe('Código 2FA inválido');
    expect(translateServerMessage('Passwords do not match.', esI18n)).toBe('Las contraseñas no coinciden.');
    expect(translateServerMessage('The site is disabled, please try to login later.', esI18n)).toBe(
      'El sitio está deshabilitado, intente iniciar sesión más tarde.',
    );
    expect(translateServerMessage('Passwords do not match.', enI18n)).toBe('Passwords do not match.');
  });

  it('fills the parameterised messages', async () => {
    const esI18n = await instance('es');
    expect(translateServerMessage('Too many attempts. Please try again in 42 seconds.', esI18n)).toBe(
      'Demasiados intentos. Inténtelo de nuevo en 42 segundos.',
    );
    expect(translateServerMessage('Your current address 127.0.0.1 must be in the list.', esI18n)).toBe(
      'Su dirección actual 127.0.0.1 debe estar en la lista.',
    );
    expect(translateServerMessage('Invalid IP address: <b>x</b>', esI18n)).toBe('Dirección IP inválida: <b>x</b>');
    expect(translateServerMessage('Invalid IP address: x', await instance('en'))).toBe('Invalid IP address: x');
  });

  it('writes the amounts of a message as the interface writes money', async () => {
    const plain = (text: string) => text.replace(/\u00a0/g, ' ');
    const enI18n = await instance('en');
    expect(plain(translateServerMessage('The payment exceeds the balance due ($ 1.234.567,50).', enI18n))).toBe(
      'The payment exceeds the balance due ($1,234,567.50).',
    );
    expect(plain(translateServerMessage('The value exceeds what can still be returned ($ 0).', enI18n))).toBe(
      'The value exceeds what can still be returned ($0).',
    );
    expect(plain(translateServerMessage('The payment exceeds the balance due ($ 85.000).', await instance('es')))).toBe(
      'El pago supera el saldo pendiente ($ 85.000).',
    );
    // Only an amount as the server writes it: other captured parts stay as sent.
    expect(translateServerMessage('Invalid IP address: $ 1.2.3', enI18n)).toBe('Invalid IP address: $ 1.2.3');
  });

  it('prefers an exact entry over a template, then the most specific template', async () => {
    const esI18n = await instance('es');
    expect(translateServerMessage('Category cannot be deleted', esI18n)).toBe('La categoría no se puede eliminar');
    expect(translateServerMessage('Purchase Return cannot be deleted', esI18n)).toBe('No se puede eliminar: Purchase Return');
    expect(translateServerMessage('The code has already been taken.', esI18n)).toBe('El código ya está en uso.');
    expect(translateServerMessage('The email has already been taken.', esI18n)).toBe('El valor de «email» ya está en uso.');
  });

  it("translates the sentence before the client's ' (HTTP n)' suffix", async () => {
    const esI18n = await instance('es');
    expect(translateServerMessage('Request failed (HTTP 500)', esI18n)).toBe('La solicitud falló (HTTP 500)');
    expect(translateServerMessage('Invalid OTP (HTTP 401)', esI18n)).toBe('Código 2FA inválido (HTTP 401)');
    expect(translateServerMessage('Something new (HTTP 418)', esI18n)).toBe('Something new (HTTP 418)');
  });

  it('shows unknown messages as sent', async () => {
    const esI18n = await instance('es');
    expect(translateServerMessage('expected string, got number', esI18n)).toBe('expected string, got number');
    expect(translateServerMessage('', esI18n)).toBe('');
    expect(translateServerMessage('a: b. c', esI18n)).toBe('a: b. c');
  });

  it('falls back along the language chain (ar → es)', async () => {
    const arI18n = await instance('ar', 'es');
    expect(translateServerMessage('Invalid OTP', arI18n)).toBe('Código 2FA inválido');
    expect(translateServerMessage('Invalid IP address: 1.2.3', arI18n)).toBe('Dirección IP inválida: 1.2.3');
  });

  it('translates field maps', async () => {
    const esI18n = await instance('es');
    expect(
      translateFieldMessages({ password_confirmation: 'Passwords do not match.', other: 'whatever' }, esI18n),
    ).toEqual({ password_confirmation: 'Las contraseñas no coinciden.', other: 'whatever' });
  });
});

describe('the error displays use it (app instance, Spanish)', () => {
  const conflict = new HttpError('The username has already been taken. (HTTP 409)', {
    status: 409,
    code: 'conflict',
    fields: { username: 'The username has already been taken.', unknown_field: 'Invalid OTP' },
    body: { error: 'The username has already been taken.', code: 'conflict' },
  });

  it('failureText translates the server error, or the client message', () => {
    expect(failureText(conflict)).toBe('El nombre de usuario ya está en uso.');
    expect(failureText(new HttpError('Network error: no response from server', { status: 0 }))).toBe(
      'Error de red: el servidor no respondió',
    );
    expect(failureText(new Error('Max file size should be 4MB'))).toBe('El tamaño máximo del archivo es 4 MB');
    expect(failureText('nope')).toBeUndefined();
  });

  it('applyFieldErrors sets translated messages on the known fields only', () => {
    const setError = vi.fn();
    expect(applyFieldErrors(conflict, setError, ['username'])).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('username', { type: 'server', message: 'El nombre de usuario ya está en uso.' });
  });
});

import { describe, expect, it } from 'vitest';
import { dateInputText, datePattern, formatDate, formatDateTime, formatTime, parseDateInput, todayInBogota } from '.';

describe('the date and time rule', () => {
  it('writes dates day first in Spanish and ISO in English', () => {
    expect(formatDate('2026-11-24', 'es')).toBe('24/11/2026');
    expect(formatDate('2026-11-24', 'es-CO')).toBe('24/11/2026');
    expect(formatDate('2026-11-24', 'en')).toBe('2026-11-24');
    expect(formatDate('2026-11-24', 'zh-cn')).toBe('2026-11-24');
    expect(formatDate('', 'es')).toBe('');
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
  });

  it('never moves a calendar day through a time zone', () => {
    // new Date('2026-11-24') is midnight UTC, 23 November in Bogota: a calendar day must not shift.
    expect(formatDate('2026-11-24', 'es')).toBe('24/11/2026');
    expect(formatDate('2026-01-01', 'en')).toBe('2026-01-01');
  });

  it('shows instants on Bogota time, 24-hour, whatever the browser zone', () => {
    // The purchase: 06:56 UTC is 01:56 in Bogota (UTC−5), the same day.
    expect(formatDateTime('2026-11-24T06:56:00Z', 'es')).toBe('24/11/2026 01:56');
    expect(formatDateTime('2026-11-24T06:56:00Z', 'en')).toBe('2026-11-24 01:56');
    expect(formatTime('2026-11-24T18:05:00Z')).toBe('13:05');
    // 03:00 UTC on the 25th is still the 24th in Bogota.
    expect(formatDate('2026-11-25T03:00:00Z', 'es')).toBe('24/11/2026');
    expect(formatDateTime(new Date(Date.UTC(2026, 10, 25, 4, 59)), 'en')).toBe('2026-11-24 23:59');
    expect(todayInBogota(new Date(Date.UTC(2026, 10, 25, 4, 59)))).toBe('2026-11-24');
  });

  it('reads date inputs in the language pattern, and ISO in any language', () => {
    expect(parseDateInput('24/11/2026', 'es')).toBe('2026-11-24');
    expect(parseDateInput(' 4/3/2026 ', 'es')).toBe('2026-03-04');
    expect(parseDateInput('24-11-2026', 'es')).toBe('2026-11-24');
    expect(parseDateInput('2026-11-24', 'es')).toBe('2026-11-24');
    expect(parseDateInput('2026-11-24', 'en')).toBe('2026-11-24');
    expect(parseDateInput('2026/3/4', 'en')).toBe('2026-03-04');
    expect(parseDateInput('11/24/2026', 'en')).toBeNull();
    expect(parseDateInput('31/02/2026', 'es')).toBeNull();
    expect(parseDateInput('24/11/26', 'es')).toBeNull();
    expect(parseDateInput('hoy', 'es')).toBeNull();
    expect(parseDateInput('', 'es')).toBeNull();
    expect(dateInputText('2026-11-24', 'es')).toBe('24/11/2026');
    expect(dateInputText('', 'es')).toBe('');
    expect(datePattern('es').placeholder).toBe('dd/mm/aaaa');
    expect(datePattern('en').placeholder).toBe('yyyy-mm-dd');
  });
});

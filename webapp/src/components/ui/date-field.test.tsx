import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DateField } from './date-field';

beforeAll(async () => {
  if (!i18next.isInitialized) await i18next.use(initReactI18next).init({ lng: 'es', resources: {} });
});

function Harness({ onDay }: { onDay: (d: string) => void }) {
  const [day, setDay] = useState('2026-11-24');
  return (
    <DateField
      label="Fecha"
      value={day}
      onChange={(d) => {
        setDay(d);
        onDay(d);
      }}
    />
  );
}

describe('DateField', () => {
  it('shows and reads the date in the interface language, whatever the browser', async () => {
    await i18next.changeLanguage('es');
    const onDay = vi.fn();
    const { unmount } = render(<Harness onDay={onDay} />);
    const input = screen.getByLabelText('Fecha') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe('24/11/2026');
    expect(input.placeholder).toBe('dd/mm/aaaa');
    fireEvent.change(input, { target: { value: '3/12/2026' } });
    expect(onDay).toHaveBeenLastCalledWith('2026-12-03');
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    fireEvent.blur(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onDay).toHaveBeenCalledTimes(1);
    unmount();

    await i18next.changeLanguage('en');
    render(<Harness onDay={onDay} />);
    expect((screen.getByLabelText('Fecha') as HTMLInputElement).value).toBe('2026-11-24');
  });
});

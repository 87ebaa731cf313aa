/**
 * A date input that follows the interface language, not the browser (issue 9 §14): a Spanish
 * user types and reads 24/11/2026, an English one 2026-11-24, whatever the browser's locale
 * (a native <input type="date"> shows the browser's format, so an English browser showed a
 * Spanish user 11/24/2026). The value in and out is the API's calendar day "YYYY-MM-DD" ('' when
 * empty); text that is not a date leaves the value unchanged and says so.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateInputText, datePattern, parseDateInput } from '@/lib/dates';
import { TextField, type TextFieldProps } from './field';

/** Props of DateField. */
export interface DateFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  /** The calendar day "YYYY-MM-DD", or ''. */
  value: string;
  /** Called with "YYYY-MM-DD" when the text is a date, '' when cleared. */
  onChange: (day: string) => void;
}

/** The date field. */
export function DateField({ value, onChange, error, onBlur, ...rest }: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const [text, setText] = useState(() => dateInputText(value, language));
  const [invalid, setInvalid] = useState(false);

  // A new value from outside (a reset, a loaded record) or a language change rewrites the text.
  useEffect(() => {
    setText(dateInputText(value, language));
    setInvalid(false);
  }, [value, language]);

  const commit = (next: string) => {
    if (next.trim() === '') {
      setInvalid(false);
      onChange('');
      return;
    }
    const day = parseDateInput(next, language);
    setInvalid(day === null);
    if (day !== null) onChange(day);
  };

  return (
    <TextField
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={datePattern(language).placeholder}
      value={text}
      error={error ?? (invalid ? t('dateInvalid', { pattern: datePattern(language).placeholder }) : undefined)}
      onChange={(e) => {
        setText(e.target.value);
        // Commit as soon as the text is a whole date, so the form's live quote follows.
        if (parseDateInput(e.target.value, language) !== null) commit(e.target.value);
      }}
      onBlur={(e) => {
        commit(text);
        onBlur?.(e);
      }}
    />
  );
}

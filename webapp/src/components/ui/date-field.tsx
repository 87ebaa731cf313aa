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

/** What a date text control binds: its text, its error, and the handlers that commit a day. */
export interface DateText {
  text: string;
  invalid: boolean;
  placeholder: string;
  /** The message of a text that is not a date, in the interface language. */
  invalidMessage: string;
  onTextChange: (text: string) => void;
  onTextBlur: () => void;
}

/**
 * The rule of a date typed as text, shared by DateField and the document form's line dates:
 * the text follows the language's pattern; a whole date commits at once (so a live quote
 * follows), a cleared text commits '', anything else leaves the value and marks the text invalid.
 */
export function useDateText(value: string, onChange: (day: string) => void): DateText {
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
  const placeholder = datePattern(language).placeholder;
  return {
    text,
    invalid,
    placeholder,
    invalidMessage: t('dateInvalid', { pattern: placeholder }),
    onTextChange: (next) => {
      setText(next);
      if (parseDateInput(next, language) !== null) commit(next);
    },
    onTextBlur: () => commit(text),
  };
}

/** The date field. */
export function DateField({ value, onChange, error, onBlur, ...rest }: DateFieldProps) {
  const date = useDateText(value, onChange);
  return (
    <TextField
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={date.placeholder}
      value={date.text}
      error={error ?? (date.invalid ? date.invalidMessage : undefined)}
      onChange={(e) => date.onTextChange(e.target.value)}
      onBlur={(e) => {
        date.onTextBlur();
        onBlur?.(e);
      }}
    />
  );
}

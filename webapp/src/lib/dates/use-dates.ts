/** The date rule (./index) bound to the interface language, for components. */
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMonth, formatTime } from '.';

/** Formatters in the current language, on Bogota's clock. */
export function useDates() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    language,
    date: (value: string | Date | null | undefined) => formatDate(value, language),
    dateTime: (value: string | Date | null | undefined) => formatDateTime(value, language),
    time: (value: string | Date | null | undefined) => formatTime(value),
    month: (value: string) => formatMonth(value, language),
  };
}

/** What useDates returns. */
export type Dates = ReturnType<typeof useDates>;

/**
 * What every part of a document form shares besides react-hook-form's own context: the i18n
 * namespace its client messages are keys of. zod schemas give keys ('validation.referenceRequired');
 * server messages arrive translated already and are shown as they are.
 */
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** The kit's context value. */
export interface DocumentFormSettings {
  /** Namespace of the form's `validation.*` message keys. */
  ns: string;
}

/** Set by DocumentForm; the default keeps the kit's fields usable in a plain FormProvider. */
export const DocumentFormContext = createContext<DocumentFormSettings>({ ns: 'common' });

/** A field's message in the user's language: client keys are translated, server texts kept. */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { ns } = useContext(DocumentFormContext);
  const { t } = useTranslation(ns);
  return (message) => (message === undefined || message === '' ? undefined : message.startsWith('validation.') ? t(message) : message);
}

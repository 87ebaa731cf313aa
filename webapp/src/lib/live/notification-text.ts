/**
 * Notifications as people read them. The server stores and pushes an English message key with
 * its parameters ("Purchase {{reference_no}} was approved.", {reference_no: "F-1"}) so that each
 * reader gets their own language: the `notifications` namespace is keyed by that English text,
 * and a key nobody translated is shown in English with its parameters filled in.
 */
import type { i18n as I18n } from 'i18next';
import { i18n as appI18n } from '../i18n/i18n';

/** Kinds of notification (modules/notifications). */
export type NotificationKind =
  | 'purchase'
  | 'payment'
  | 'purchase_order'
  | 'received_order'
  | 'customer'
  | 'supplier'
  | 'user'
  | 'sale'
  | 'return';
/** What happened. */
export type NotificationOutcome = 'approved' | 'rejected' | 'created' | 'received';

/** A notification as the API sends it (list rows and pushed `data`). */
export interface AppNotification {
  id: number;
  kind: NotificationKind;
  outcome: NotificationOutcome;
  /** English title key ("Purchase Order Approved"). */
  title?: string;
  /** English message key with `{{name}}` placeholders ("Purchase {{label}} was approved."). */
  message: string;
  /** The placeholders' values (an object, or its JSON text). */
  params?: Record<string, unknown> | string | null;
  reference_no: string;
  supplier_name: string;
  amount_cents: number;
  entity_id: number;
  company_id: number;
  read?: boolean;
  read_at: string | null;
  created_at: string;
}

/** The i18next namespace of notification texts. */
export const NOTIFICATIONS_NS = 'notifications';

/** A notification's parameters as an object (they may come as JSON text). */
export function notificationParams(notification: Pick<AppNotification, 'params'>): Record<string, unknown> {
  const { params } = notification;
  if (!params) return {};
  if (typeof params === 'string') {
    try {
      const parsed: unknown = JSON.parse(params);
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return params;
}

/** Fills `{{name}}` placeholders of an English text (what is shown when no translation exists). */
export function fillPlaceholders(text: string, params: Record<string, unknown>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (params[name] === undefined || params[name] === null ? whole : String(params[name])));
}

/** The notification's message in the active language. */
export function notificationMessage(notification: Pick<AppNotification, 'message' | 'params'>, instance: I18n = appI18n): string {
  const params = notificationParams(notification);
  const fallback = fillPlaceholders(notification.message, params);
  if (!instance.isInitialized || notification.message === '') return fallback;
  return instance.t(notification.message, {
    ns: NOTIFICATIONS_NS,
    keySeparator: false,
    nsSeparator: false,
    ...params,
    defaultValue: fallback,
    interpolation: { escapeValue: false },
  });
}

/**
 * The toast's title in the active language: the server's English title key ("Purchase Order
 * Approved"), else one made from the kind and outcome.
 */
export function notificationTitle(notification: Pick<AppNotification, 'kind' | 'outcome' | 'title'>, instance: I18n = appI18n): string {
  const byKind = instance.t(`titles.${notification.kind}.${notification.outcome}`, {
    ns: NOTIFICATIONS_NS,
    defaultValue: instance.t('titles.generic', { ns: NOTIFICATIONS_NS, defaultValue: 'Notification' }),
  });
  if (!notification.title) return byKind;
  return instance.t(notification.title, { ns: NOTIFICATIONS_NS, keySeparator: false, nsSeparator: false, defaultValue: notification.title });
}

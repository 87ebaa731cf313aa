/**
 * The signed-in user's notifications (modules/notifications): list with kind, company and unread
 * filters, mark one or all read, delete one or all. Every change refreshes the list and asks the
 * server for the unread count behind the header badge.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, done, page, type Schema } from '@/lib/api';
import { NOTIFICATIONS_PATH, refreshUnreadCount } from '@/lib/live/live-feed';

export { NOTIFICATIONS_PATH };

/** A stored notification as the list answers it. */
export type StoredNotification = Schema<'Notification'>;

/** Kinds the list filters by: spec §2's purchase and payment, the buyer's orders and receipts, sales and purchase returns. */
export const NOTIFICATION_FILTER_KINDS = ['purchase', 'payment', 'purchase_order', 'received_order', 'sale', 'return'] as const;

/** What one mutation does. */
export type NotificationAction = { type: 'read'; id: number } | { type: 'read-all' } | { type: 'delete'; id: number } | { type: 'delete-all' };

function perform(action: NotificationAction): Promise<void> {
  switch (action.type) {
    case 'read':
      return done(api.POST('/api/notifications/{id}/read', { params: { path: { id: action.id } } }));
    case 'read-all':
      return done(api.POST('/api/notifications/read_all'));
    case 'delete':
      return done(api.DELETE('/api/notifications/{id}', { params: { path: { id: action.id } } }));
    case 'delete-all':
      return done(api.DELETE('/api/notifications'));
  }
}

/** Mark read / delete, one or all. */
export function useNotificationAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: perform,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [NOTIFICATIONS_PATH] });
      void refreshUnreadCount();
    },
  });
}

/** The newest notifications of the header's panel. */
export function useLatestNotifications(count: number, enabled = true) {
  return useQuery({
    queryKey: [NOTIFICATIONS_PATH, 'latest', count],
    queryFn: async ({ signal }) => (await page(api.GET('/api/notifications', { params: { query: { per_page: count } }, signal }))).data,
    enabled,
  });
}

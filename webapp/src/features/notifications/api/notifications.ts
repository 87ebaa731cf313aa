/**
 * The signed-in user's notifications (modules/notifications): list with kind, company and unread
 * filters, mark one or all read, delete one or all. Every change refreshes the list and asks the
 * server for the unread count behind the header badge.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { NOTIFICATIONS_PATH, refreshUnreadCount } from '@/lib/live/live-feed';

export { NOTIFICATIONS_PATH };

/** Kinds the list filters by: spec §2's purchase and payment, and the buyer's orders and receipts. */
export const NOTIFICATION_FILTER_KINDS = ['purchase', 'payment', 'purchase_order', 'received_order'] as const;

/** What one mutation does. */
export type NotificationAction = { type: 'read'; id: number } | { type: 'read-all' } | { type: 'delete'; id: number } | { type: 'delete-all' };

function perform(action: NotificationAction): Promise<unknown> {
  switch (action.type) {
    case 'read':
      return http.post(`${NOTIFICATIONS_PATH}/${action.id}/read`);
    case 'read-all':
      return http.post(`${NOTIFICATIONS_PATH}/read_all`);
    case 'delete':
      return http.delete(`${NOTIFICATIONS_PATH}/${action.id}`);
    case 'delete-all':
      return http.delete(NOTIFICATIONS_PATH);
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

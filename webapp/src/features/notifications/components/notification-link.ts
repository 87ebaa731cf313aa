/** Where a notification leads: the record it is about, on a page this role may open. */
import { notificationParams, type AppNotification } from '@/lib/live/notification-text';

/** The page of the notification's record, or undefined when there is none to open. */
export function notificationTarget(n: Pick<AppNotification, 'kind' | 'entity_id'> & Partial<Pick<AppNotification, 'reference_no' | 'params'>>): string | undefined {
  if (!n.entity_id) return undefined;
  switch (n.kind) {
    case 'payment': {
      // The paid document's page: its type and id travel as the notification's parameters.
      const { document_type: type, document_id: id } = notificationParams(n);
      return (type === 'purchase' || type === 'sale') && /^\d+$/.test(String(id ?? '')) ? `/payments/${type}/${id}` : '/payment/pending';
    }
    case 'return': {
      // The returned purchase's page: its id travels as the notification's document_id.
      const { document_id: id } = notificationParams(n);
      return /^\d+$/.test(String(id ?? '')) ? `/preturn/list/${id}` : '/preturn/list';
    }
    case 'purchase':
      return `/purchase/edit/${n.entity_id}`;
    case 'purchase_order':
      return '/purchase-order/list';
    case 'received_order':
      return `/received-order/edit/${n.entity_id}`;
    case 'customer':
      return '/people/customer';
    case 'supplier':
      return '/people/supplier';
    case 'user':
      return '/people/user';
    case 'sale':
      // The list searched by the sale's number (its row opens the details): administrators may not open /sale/edit.
      return n.reference_no ? `/sale/list?q=${encodeURIComponent(n.reference_no)}` : '/sale/list';
    default:
      return undefined;
  }
}

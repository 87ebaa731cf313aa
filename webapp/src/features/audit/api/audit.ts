/** The audit trail's API (GET /api/audit, admins only) and the users its actor filter offers. */
import type { Schema } from '@/lib/api';

/** The list's path. */
export const AUDIT_PATH = '/api/audit';

/** One audit entry. */
export type AuditEntry = Schema<'AuditEntry'>;

/** The kinds the server filters by (modules/audit/internal/domain), in its order. */
export const AUDIT_KINDS = ['sign_in', 'approval', 'rejection', 'archive', 'restore', 'deletion', 'settings', 'account', 'creation', 'change'] as const;

/**
 * The kinds of record the modules audit, the record filter's choices (the server's
 * modules/audit/internal/domain Entities): what the modules write as an entry's entity. The
 * advanced delete writes its steps as advanced_delete and its batches as archive_batch.
 */
export const AUDIT_ENTITIES = [
  'user',
  'company',
  'store',
  'site_settings',
  'tax_uvt',
  'category',
  'product',
  'customer',
  'supplier',
  'purchase_order',
  'received_order',
  'purchase',
  'purchase_return',
  'sale',
  'payment',
  'payment_batch',
  'attachment',
  'advanced_delete',
  'archive_batch',
] as const;

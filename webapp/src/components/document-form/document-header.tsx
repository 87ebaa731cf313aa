/**
 * The header of a page about one payable document (a purchase's or a sale's payments, a
 * purchase's returns), under its title: who the other party is, its payment status, its
 * approval and when it falls due; beside the title, links to the document's other pages. The
 * pages give the words (their namespaces); the header lays them out the same way everywhere.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApprovalBadge, type ApprovalStatus } from '@/components/list/approval';
import { PaymentStatusBadge, type PaymentStatus } from '@/components/list/payment-status';

/** Props of DocumentMeta. */
export interface DocumentMetaProps {
  /** The supplier's or customer's name. */
  party: string;
  status: PaymentStatus;
  /** The payment status in the reader's language. */
  statusLabel: string;
  approval: ApprovalStatus;
  /** "Due 2026-12-24", already worded; nothing when the document has no due date. */
  due?: string;
}

/** DocumentForm's `meta` of a payable document. */
export function DocumentMeta({ party, status, statusLabel, approval, due }: DocumentMetaProps) {
  return (
    <>
      <span className="font-medium text-fg" data-testid="document-party">
        {party}
      </span>
      <PaymentStatusBadge status={status} label={statusLabel} testId="document-status" />
      <ApprovalBadge status={approval} />
      {due && <span>{due}</span>}
    </>
  );
}

/** A link of DocumentForm's `actions`: another page of the same document. */
export function DocumentLink({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  return (
    <Link to={to} className="whitespace-nowrap rounded-md px-2 py-1 text-sm font-medium text-primary hover:bg-hover" data-testid={testId}>
      {children}
    </Link>
  );
}

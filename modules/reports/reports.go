// Package reports owns the report pages (spec §2: /report/…) and the dashboard's figures: where
// money and stock stand, in one answer shape (GET /api/reports/{page}, a party's statement
// /api/reports/{page}/{id}, and each as …/export.xlsx). It owns no business table: it reads
// SQL views it owns (migrations/20261128030000_reports_views: report_documents,
// report_payments, report_returns, report_products, report_parties, report_approvals,
// report_companies, report_stores, report_users, report_lines, report_lots) — DESIGN rule 5 —
// so that the owners' tables may change behind them. The API contract shared with the web pages is
// /work/briefs/reports-contract.md.
//
// Rules every page follows (decided here; the spec is silent):
//   - Range: from and to (YYYY-MM-DD, America/Bogota, both included), both or neither — one end
//     alone, or one that is not a date, or from after to, answers 422 'Please select dates'
//     naming that end; neither is this month. Snapshot pages (product_quantity_alert,
//     product_expiry_alert, expired_purchases_report) are as of today and ignore the range.
//   - Scope: administrators see every company, or the one company_id names; everyone else their
//     own company whatever they send. store_id narrows documents and payments (a payment
//     belongs to its document's store). users_report is for administrators (403 otherwise);
//     the buyer reads no report (403).
//   - What counts: approved, live documents only (a pending document is not booked yet, a
//     rejected or deleted one never was); approved payments move balances, pending ones are
//     shown apart on payment_report, rejected and deleted ones nowhere. Returns are the
//     approved returns (report_returns: today the documents' return_cents, dated on the
//     document; the seam where the purchase returns' table will be read, one row per return
//     on its own date).
//   - Amounts owed are the documents' totals to pay: a purchase's invoice − the withholdings we
//     practise, a sale's invoice − the withholdings the customer practises — the figures that
//     payments settle, so that documents − payments − returns = balance exactly.
//   - Rows are paged (page, per_page ≤ 500) and sorted by any column (sort=key, -key) after the
//     totals are taken over every row; the Excel export writes every row in that order, then a
//     totals row, with the headers and value words in ?lang= (en, es).
//
// What each page shows:
//   - overview_chart: per month (or day), the approved purchases and sales (totals to pay) and
//     the approved payments out (to suppliers) and collections (from customers), with totals.
//   - company_chart, store_chart: the same figures for the range per company (administrators
//     compare companies; others see their own) and per store, side by side.
//   - sales_report, purchases_report: per day or month, the approved documents with what the
//     company declares each month — bases and VAT by class (19 %, 5 %, exento and excluido
//     apart; a purchase's shipping is in the 19 % base and VAT, as the tax engine taxes it),
//     ReteFuente and ReteIVA withheld (by us on purchases, by customers on sales), invoice and
//     total. VAT 5 % is the sum of its lines' VAT, 19 % the rest of the document's VAT, so the
//     classes always add up to the VAT declared on the documents.
//   - payment_report: payments dated in the range per direction (out to suppliers, in from
//     customers), method and party, approved apart from pending.
//   - income_report: per month, sales before VAT (taxable base, net of discounts) − returns −
//     the cost each sale line kept at the time of the sale = gross profit, and the margin over
//     net sales in basis points (0 without net sales). Until sales returns exist returns are the
//     sales' return_cents.
//   - customers_report, suppliers_report: every party with a movement in the range or a balance
//     at its end: documents and their total, paid and returned in the range, the balance at
//     the range's end (every movement up to it), and the days its oldest unpaid document is
//     past due today (a sale is due on its date, a purchase on its due date).
//   - customers_report/{id}, suppliers_report/{id}: the statement — an opening balance at the
//     range's start, then every document (charge), approved payment and return (credit) in
//     date order (documents before payments before returns on a day) with the running balance,
//     which ends at the balance the list shows for the party; party.ageing splits the balances
//     of its documents today into not due, 1–30, 31–60, 61–90 and over 90 days past due.
//   - expired_purchases_report: accounts payable ageing today, per supplier — the balances of
//     approved purchases past their due date in 1–30, 31–60, 61–90 and > 90 days overdue.
//   - product_quantity_alert: goods at or below their alert quantity (the catalog's rule), with
//     what approved and partly received purchase orders will still bring (on order).
//   - product_expiry_alert: no lot numbers are kept, so today's stock of each good is given to
//     its purchase lines with an expiry date first in, first out (the newest lots hold what is
//     left, as the oldest are sold first); the lots expired or expiring within 90 days are
//     listed by bucket (expired, 0–30, 31–60, 61–90 days left) with quantity and cost (the
//     line's base after discount, in proportion).
//   - product_report: per product, purchased and sold quantities and amounts before VAT in the
//     range, the units received (approved received orders, dated on the day an administrator
//     approved them in America/Bogota — a receipt has no business date of its own and its
//     units enter stock then; receipts belong to the company, not a store, so a store filter
//     leaves them out), the units sent back and their base after discount (approved purchase
//     returns' lines on the return's own date; a value return names no product and is not
//     counted here), the cost of the sales (as each sale line kept it) and the profit, today's
//     stock, its weighted average purchase cost (approved purchases up to the range's end; the
//     catalog's cost when never bought) and its value. Views report_receipts and
//     report_returned_lines (migrations/20261129020000_reports_product_movements).
//   - users_report (administrators): per user, the approved purchases, sales and payments they
//     recorded in the range (count and amount), how many approved documents and payments of
//     the range they approved (rejections are not counted: rejected records are in no view),
//     and the day of their last sign-in; users_report/{id} lists those records in date order,
//     totalled as the user's users_report row (counts and amounts per kind, approved) with
//     amount_cents the sum of what they recorded.
//   - GET /api/dashboard: this month's and last month's approved sales and purchases, today's
//     receivables, payables and overdue payables (expired_purchases_report's total: sales are
//     due at once, so "overdue" is the supplier side), 12 months of sales and purchases, the
//     first 10 quantity alerts and their count, and for administrators the records waiting for
//     approval per kind (report_approvals; purchase returns join it when they land).
//
// Performance (issue 12's 1,000,000-document targets) comes later: the pages read the views
// with plain grouped SQL over the owners' date indexes. report_documents' VAT-by-class columns
// are correlated sums over the lines, and the party pages and statements read every movement up
// to the range's end, and users_report reads every act of the range: those are where daily
// aggregates per company, store, party, user and class (kept in the write transaction or by an
// event projection) will be needed, behind the same view names. Rows are computed whole and
// paged in memory; a 1,000,000-row export will need the rows streamed from a cursor instead.
package reports

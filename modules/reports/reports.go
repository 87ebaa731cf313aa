// Package reports owns the report pages (spec §2: /report/…) and the dashboard's figures: where
// money and stock stand, in one answer shape (GET /api/reports/{page}, a party's statement
// /api/reports/{page}/{id}, and each as …/export.xlsx). It owns no business table: it reads
// SQL views it owns (migrations/20261128030000_reports_views, redefined in
// 20261129010000_reports_returns_daily and 20261129010100_reports_user_days_overdue:
// report_documents, report_payments, report_returns, report_products, report_parties,
// report_approvals, report_companies, report_stores, report_users, report_lines,
// report_party_names — 20261201030000_reports_party_payments; report_lots
// was dropped by 20261130020000_reports_product_months for the kept report_lot_lines, which
// its view report_lot_sources rebuilds)
// and the daily aggregates it owns (below) — DESIGN rule 5 — so that the owners' tables may
// change behind them. Reads go to Deps.DB: the main database, or the PostgreSQL
// replica BACKOFFICE_REPORTS_DATABASE_URL names (platform/config).
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
//     shown apart on payment_report, rejected and deleted ones nowhere. A refund (a supplier
//     paying back a credit, modules/payments) counts as a negative payment out: it raises the
//     balance back as it lowers the purchase's paid. Returns are the approved returns
//     (report_returns): the purchase returns approved and live on approved, live purchases, one
//     row per return on its own date (a credit on the supplier's statement that day, in
//     suppliers_report's returns of the range it falls in, whatever its purchase's date); on
//     the sale side the sales' return_cents dated on the sale (no sales returns exist yet).
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
//     past due today (a sale is due on its date, a purchase on its due date) — a figure of
//     today, like the statement's ageing: among all its documents, whatever the range.
//   - customers_report/{id}, suppliers_report/{id}: the statement — an opening balance at the
//     range's start, then every document (charge), approved payment and return (credit) in
//     date order (documents before payments before returns on a day) with the running balance,
//     which ends at the balance the list shows for the party; party.ageing splits the balances
//     of its documents today (all of them, whatever the range) into not due, 1–30, 31–60, 61–90
//     and over 90 days past due.
//   - expired_purchases_report: accounts payable ageing today, per supplier — the balances of
//     approved purchases past their due date in 1–30, 31–60, 61–90 and > 90 days overdue.
//   - product_quantity_alert: goods at or below their alert quantity (the catalog's rule), with
//     what approved and partly received purchase orders will still bring (on order).
//   - product_expiry_alert: no lot numbers are kept, so today's stock of each good is given to
//     its purchase lines with an expiry date first in, first out (the newest lots hold what is
//     left, as the oldest are sold first); the lots expired or expiring within 90 days are
//     listed by bucket (expired, 0–30, 31–60, 61–90 days left) with quantity and cost (the
//     line's base after discount, in proportion, rounded half up).
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
//   - GET /api/dashboard: this month's approved sales and purchases to date (the 1st to today)
//     against last month's same days (its 1st to the same day, or to its last day when it is
//     shorter: month_to and last_month_to say which — a month to date against a whole month
//     looked like a fall every month, −93.6 % on the demo on the 2nd), today's
//     receivables, payables and overdue payables (expired_purchases_report's total: sales are
//     due at once, so "overdue" is the supplier side), 12 months of sales and purchases, the
//     first 10 quantity alerts and their count, and for administrators the records waiting for
//     approval per kind (report_approvals: purchases, sales, payments, purchase_orders,
//     received_orders and returns — the pending purchase returns).
//
// Performance (issue 12, "Fast": 1,000,000 purchases + 1,000,000 sales + 2,000,000 payments;
// bench/reports, figures in bench/RESULTS.md). What is precomputed, and how:
//   - Daily aggregates owned by this module, kept IN THE WRITE TRANSACTION by triggers its
//     migrations put on the owners' tables (PL/pgSQL functions on PostgreSQL, one trigger per
//     event on SQLite): every write of a row — approval, rejection, payment, return, edit,
//     delete, an archive or a restore setting or clearing deleted_at, a bulk load in SQL —
//     subtracts what the old row counted and adds what the new row counts, so no module calls
//     reports and no write path can be missed. report_document_days (company, day, store, type:
//     every sum report_documents gives, the VAT classes kept exact by triggers on the lines
//     too) serves overview_chart, company_chart, store_chart, sales_report, purchases_report,
//     income_report and the dashboard's months; report_payment_days (company, day, store, type,
//     approval) the charts' payments; report_due_balances (company, type, store, due date:
//     balances, and the positive ones for what is overdue) the dashboard's receivables,
//     payables and overdue; report_user_days (company, day, store, user, kind, role: count and
//     amount) users_report. Rows that net to zero stay and are skipped by the readers.
//     report_product_months (company, month, store, type, product: lines, units, amount before
//     VAT, cost) serves product_report's purchased and sold figures for one store — a range's
//     whole months from it; report_product_company_months (the same without the store,
//     kept by a trigger on report_product_months so that it is their sum by construction:
//     migrations/20261202040000_reports_product_company_months) the usual every-store request,
//     a quarter to a sixth of the rows, read from its key alone on PostgreSQL. The months a range
//     cuts come from report_product_days and report_product_company_days, the same per day, and
//     report_product_company_halves, per half month for every store
//     (migrations/20261204030000_reports_product_days, triggers of their own on the same writes),
//     each from its smaller side: the days in the range, or the month (for every store each half)
//     less the days out of it (the lines, which carry no date, are never read). product_report
//     is summed per product, sorted and paged in one statement (store.ProductRows, as the party
//     lists below): Go reads the page's rows, not every product and its sums;
//     report_product_bought (company, store, product: every approved
//     purchase line; report_product_company_bought the same without the store, kept likewise)
//     its weighted average cost up to the range's end, as everything bought less the months and
//     days after the end; report_lot_lines (one row per lot, with cum_end: its units and
//     every older lot's of the product — migrations/20261202030100_reports_lot_positions) and
//     report_lot_totals (per product, the units of all its lots) product_expiry_alert: first in,
//     first out, the lots that hold a product's stock are those with cum_end above its total less
//     its stock — one range of the index (product_id, cum_end) per product, its figures in the
//     index on PostgreSQL — and the oldest of them holds the part above that cut. Triggers on
//     report_lot_lines keep both: a lot inserted adds its units to the total and to the newer
//     lots, one deleted takes them back (the total's row is upserted first, so the writers of one
//     product's lots take turns; no row of the company is shared). These are moved by the lines'
//     triggers and by a header trigger that fires only when
//     a document's approval, deletion, date, store or company changes (not on a payment's paid
//     and balance). The dashboard's approvals card sums report_approval_deltas
//     (migrations/20261201060000_reports_approval_deltas): the owners' triggers only INSERT +1
//     when a record starts waiting and −1 when it stops — counting the pending records cost one
//     read per record (~68,000 at 1,000,000 documents), and a counts table with one row per
//     company and kind queued every write of the company on it and deadlocked a rejection against
//     a new sale; inserts share no row. Every 512th delta folds the older ones into one row per
//     company and kind in the writer's transaction (one folder at a time: an advisory lock on
//     PostgreSQL, the one writer on SQLite), so the sum reads a few hundred rows whatever the
//     number of records, and the readers — maybe on a replica — never write.
//     RebuildAggregates recomputes them from scratch (a bulk load with the triggers off);
//     TestReportsAgreeWithTheDocuments compares every page with the documents and then the kept
//     aggregates with rebuilt ones, row by row, on SQLite and PostgreSQL: that is the proof
//     they stay exact. A trigger's cost per write is in bench/RESULTS.md.
//   - Per party and month (migrations/20261130010000_reports_party_months, same triggers, same
//     rule): report_party_months (company, type, party, month, store: the documents, their
//     total, the approved payments and returns on them while their document counts, each on its
//     own date — a statement's movements) and report_party_balances (the same summed over every
//     month, kept by a trigger on report_party_months so that it is their sum by construction,
//     and oldest_due, the due date of the party's oldest document that still owes, recomputed
//     from a partial index when a document starts or stops owing). A payment or a return counts
//     only while its document counts, so a document's trigger also moves its payments and
//     returns when it starts or stops counting or changes party, store or company; an UPDATE
//     that changes nothing they read (a payment moving a purchase's paid without settling it)
//     does not run them. Without the store (migrations/20261202010000_reports_party_running,
//     triggers on report_party_months): report_party_running (company, type, party, month: the
//     party's figures summed over every store and every month up to that one, and the month's
//     own; a row for every month from the party's first to its last, so a month's row is found
//     by key) and report_party_totals (company, type, party: every month's sum, the last month
//     with a running row, and the earliest oldest_due of its stores). Per day
//     (migrations/20261204010000_reports_party_days): report_party_days, report_party_months'
//     figures per day — the writers' triggers write it and a trigger on it adds each change to
//     its month's row, so a month is the sum of its days by construction.
//     customers_report and suppliers_report for every store: a range of whole months is each
//     party's running row of its last month less its row of its first before that month's own
//     (one row for a month, two for a year: bounded by the parties, not the documents nor the
//     range's length), a party without a row there standing at its totals (after its last
//     month) or at zero (before its first); the days of the months a range cuts come from
//     report_party_days, and the balance at the range's end is the end month's row less the
//     days after the end in that month, or the month before's row plus the days of the end's
//     month up to the end, whichever reads fewer days. By name (their own order) on PostgreSQL, the parties are walked in name
//     order (report_customers_name_idx, report_suppliers_name_idx) and each one's row read by
//     key until the page is full, the count and totals of every row summed apart in the same
//     statement; in any other order every row is summed, sorted and paged in one statement,
//     each with the count and the totals of every row (window aggregates before the LIMIT), the
//     oldest due date joined to the page's rows only. For one store, the store's rows of
//     report_party_months and report_party_balances (today's balance less the months after the
//     range, its days as above), by an index that leads with the store (20261203020000, as for
//     payment_report's report_payment_store_years). What reaches Go is the page, whatever the number of parties
//     (internal/store/paged.go). A statement's opening is the months before the range's month
//     plus that month's days before the range; its rows are the range's movements only.
//   - payment_report (migrations/20261202020000_reports_payment_years, same rule;
//     20261201030000's report_party_payments, per month and store, dropped by 20261204050000
//     once nothing read it): for every store (the usual request)
//     report_payment_years (type, party, method, company, calendar year: each month's count,
//     approved and pending amounts in columns of the row) gives a range's whole months — one
//     row per key within a year, two across a year's end, however many payments; for one store
//     report_payment_store_years (20261204040000: the same per store, kept from
//     report_payment_party_days by triggers on it); report_payment_party_days
//     (20261204020000: day, type, party, method, company, store: count, approved and pending
//     amounts) the days of the months it cuts; rows summed per direction, method and party in SQL. The totals'
//     figures come from report_payment_days (per day, store, type and approval), only the
//     rows' count from the rows (no names, no sort) — on the walk below, every store, from
//     report_payment_keys (20261203010000: type, party, method, company, five calendar years,
//     a bit per month with payments, kept from report_payment_years by its triggers), one
//     narrow row per key with a bit test, and the keys of the cut days' rows, each key once. The page of the own order (out first, party
//     name, method) near the top, every store or one, on PostgreSQL, is read
//     party by party in name order, direction by direction, each party's rows by key until
//     the page is full (names and sorting for the page's parties only); other orders and exports
//     name the rows and sort out the page (a top-N sort under the LIMIT) — sorted by a figure,
//     only the rows as far as the page's last figure (ties kept), found by a top-N over the
//     figures alone. Sorted by a figure largest first over whole months, every store, on
//     PostgreSQL, only candidates are summed: per calendar year of the range the first keys
//     of an index in the order of a bound of their figure (a one-month year from
//     report_payment_months, 20261204050100: per month and key, kept from
//     report_payment_party_days by triggers on it; several months by their year's positive
//     monthly figures, expression indexes on report_payment_years), kept when the page's last
//     candidate figure beats what any other key can reach, else the statement over every key. A payment's store is its document's: the
//     aggregates that keep it (report_payment_days, report_user_days' payments, report_payment_acts,
//     report_payment_party_days and so report_payment_store_years) follow a document moved to another store (a trigger on the
//     document's store moves its payments' counts). TestReportsAgreeWithTheDocuments compares these pages with the documents
//     over ranges that cut months, per store, and after archiving, restoring and moving paid and
//     returned documents and payments in SQL, and the kept tables with rebuilt ones.
//   - The payables ageing (expired_purchases_report, migrations/20261202030000_reports_payable_dues):
//     report_payable_dues keeps what the approved, live purchases that still owe owe per
//     supplier at three grains of their due date — the total, per month, per day — per store
//     and again under store 0 (every store), by a trigger on purchases. Its buckets move with
//     today, so each is read as the difference of two "due on or after x" sums (x = today − 90,
//     − 60, − 30, today: the months after x's month plus its days from x, or the months from it
//     less its days before x, the shorter), and > 90 days as the total less what is due from
//     today − 90: per supplier one total, the months from today − 90 on and at most ~60 days'
//     rows, whatever the number of purchases. Indexes: statements read one party's movements of the range
//     by the owners' (party, date) indexes, and a payment's document is checked by id
//     (report_payments.document_counted) rather than among every document.
//   - users_report/{id}, the page that reaches millions of rows: its count and totals come from
//     report_user_days, and so does its page: the user's counts per day say which days hold the
//     page's rows, and only those days' acts are read (an OFFSET within the first of them, never
//     over every earlier act; it keeps its date order: no sort). With a store, those days' acts
//     are the store's alone: documents by the (user, store, date) indexes, payments — whose
//     store is their document's — from report_payment_acts (20261205010000: one row per
//     approved, live payment and role with its user, store and date, kept by triggers on
//     payments and on a document's store), so a user with few acts in the store, whose page
//     spans the range, reads those acts rather than all of the range's. Its Excel file is written from
//     a cursor as it goes out (Service.Export); so are the party lists', payment_report's and
//     product_expiry_alert's (thousands of lots hold stock: sorted and paged in SQL, its count
//     and totals window aggregates), from the statement that pages them, without its LIMIT. The
//     other pages are computed whole first (their rows are bounded by days or products).
//   - Not precomputed (bench/RESULTS.md says which miss the targets at 1,000,000):
//     product_report's receipts and returned lines (report_receipts, report_returned_lines: views, as they are few — a
//     receipt per purchase order, a line per goods return).
//   - Exports are streamed to the client as they are written (platform/xlsx.Stream: a body
//     stream, never the whole file in the response buffer), so an export's memory does not grow
//     with its file.
package reports

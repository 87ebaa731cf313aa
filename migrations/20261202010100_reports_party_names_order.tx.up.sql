-- reports: customers and suppliers in name order, so that customers_report and suppliers_report
-- for every store, by name (their own order), walk the parties in that order and read each one's
-- running row by key until the page is full (modules/reports' partiesByName, PostgreSQL), instead
-- of joining every party's row to its name and sorting them all for the 50 shown. Names of
-- archived parties too: the lists show a party with a balance whatever its state.
CREATE INDEX report_customers_name_idx ON customers (name, id);
--bun:split
CREATE INDEX report_suppliers_name_idx ON suppliers (name, id);

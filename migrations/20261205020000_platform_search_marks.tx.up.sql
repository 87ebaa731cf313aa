-- platform/search: how far each word table's records are known to have their words
-- (search.Table.IndexMissing). serve looks for records without words at every start, and that
-- probe was an anti-join of the whole table against its words — 3.8 s for 1,000,000 sales,
-- 4.4 s for 2,000,000 payments, on every replica's every start, with nothing to index. A mark
-- keeps the largest record id that was checked: the next start looks only above it (records
-- loaded straight into a table get new, larger ids; every write path writes its words in the
-- record's transaction).
CREATE TABLE search_marks (
    word_table TEXT PRIMARY KEY,
    through_id BIGINT NOT NULL
);

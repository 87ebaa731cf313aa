-- catalog and settings: the words columns (platform/search Column) of the small lists searched by
-- the rule of every other list — each term begins a word, accents and case ignored — without a
-- word table: categories, stores and companies are bounded per company, so a scan of the
-- company's rows matching `search_words LIKE '% term%'` costs nothing. The column holds the
-- record's folded words, each preceded by a space; it is written with the record, and the rows
-- written before it existed (NULL here) get theirs at the next start (serve's background
-- indexing).
ALTER TABLE categories ADD COLUMN search_words TEXT;
ALTER TABLE stores ADD COLUMN search_words TEXT;
ALTER TABLE companies ADD COLUMN search_words TEXT;

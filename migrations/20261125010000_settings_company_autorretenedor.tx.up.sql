-- settings: whether the company is autorretenedor (it withholds its own income tax), which spares
-- its customers the ReteFuente on its sales; ReteIVA still applies (DESIGN §5 "Sales").
ALTER TABLE companies ADD COLUMN autorretenedor BOOLEAN NOT NULL DEFAULT FALSE;

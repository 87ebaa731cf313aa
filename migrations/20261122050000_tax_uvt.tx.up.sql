-- tax: the UVT (Unidad de Valor Tributario) of each year, in centavos. Withholding minimum bases
-- are priced in UVT (DESIGN §5), so the value is data an administrator adds each year (the DIAN
-- publishes it in November) rather than a constant in code.
CREATE TABLE tax_uvt (
    year INTEGER PRIMARY KEY,
    uvt_cents BIGINT NOT NULL CHECK (uvt_cents > 0),
    created_at {{.Time}} NOT NULL,
    updated_at {{.Time}} NOT NULL,
    updated_by BIGINT REFERENCES users (id)
);
-- The values the DIAN fixed for 2025 ($49.799) and 2026 ($52.374).
INSERT INTO tax_uvt (year, uvt_cents, created_at, updated_at) VALUES
    (2025, 4979900, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
    (2026, 5237400, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP);

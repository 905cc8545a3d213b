-- Trigram indexes for substring search (brand names in the pipeline's filter and the brand list).
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it; PGlite
-- loads it at open (db/client.ts, PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

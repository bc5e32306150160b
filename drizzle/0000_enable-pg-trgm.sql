-- Trigram indexes (search on course names, tags and deck names) need pg_trgm; drizzle-kit never
-- writes CREATE EXTENSION, so it comes first, by hand.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

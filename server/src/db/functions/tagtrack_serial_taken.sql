-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- Serials are unique across customers (a reader signs in by serial alone). Checking a new one
-- must look across customers, which a tenant cannot: this function runs as the owner and answers
-- only whether the serial is taken (by a reader other than except_reader), never by whom.
CREATE OR REPLACE FUNCTION "tagtrack_serial_taken"("serial" text, "except_reader" bigint) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT EXISTS (
    SELECT FROM "readers"
    WHERE lower("readers"."serial") = lower($1) AND ($2 IS NULL OR "readers"."id" <> $2)
  )
$$;

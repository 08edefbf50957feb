-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- A Number attribute's text as a number, for reports to compare and order by; null for text that
-- is not a number and for the placeholder of an unset value (0.0000000001, 01 §3).
CREATE OR REPLACE FUNCTION "tagtrack_number"("value" text) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN btrim($1) ~ '^-?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]{1,3})?$' AND btrim($1) <> '0.0000000001'
    THEN btrim($1)::numeric
  END
$$;

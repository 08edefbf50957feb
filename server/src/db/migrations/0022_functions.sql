-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- The value of one attribute (its datafield) among a product's or item's attribute values, as
-- text; null when it has none. Reports show, filter and order by it (docs/reports.md).
-- One expression without FROM, so the planner inlines it into a report's statement and, the
-- datafield being a constant there, compiles the path once per statement: about a fifth of the
-- cost of a row's jsonb_array_elements, which matters when a filter reads a million items.
-- $2::text, not $2 || …: bigint's text cast is immutable, and only an immutable body is inlined.
CREATE OR REPLACE FUNCTION "tagtrack_attribute_value"("attributes" jsonb, "datafield" bigint) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_path_query_first($1, ('$[*] ? (@.datafield == ' || $2::text || ').value')::jsonpath) #>> '{}'
$$;

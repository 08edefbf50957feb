-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- The value of one attribute (its datafield) among a product's or item's attribute values, as
-- text; null when it has none. Reports show, filter and order by it (docs/reports.md).
CREATE OR REPLACE FUNCTION "tagtrack_attribute_value"("attributes" jsonb, "datafield" bigint) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT a ->> 'value' FROM jsonb_array_elements($1) AS a WHERE a -> 'datafield' = to_jsonb($2) LIMIT 1
$$;

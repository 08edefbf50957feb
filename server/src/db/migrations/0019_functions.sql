-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- An import refreshes the planner's statistics of the tables it filled, or the next lists plan
-- for the tables as they were (a few rows). ANALYZE runs only for a table's owner and skips the
-- rest with a warning, so a tenant's connection asks the owner to run it through this function.
-- It reads out no rows.
CREATE OR REPLACE FUNCTION "tagtrack_analyze_catalogue"() RETURNS void
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  ANALYZE "products", "items";
END
$$;

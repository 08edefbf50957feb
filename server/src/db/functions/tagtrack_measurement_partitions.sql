-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- Keeps the measurements' day tables (docs/sensors.md): makes one for each UTC day from
-- `retention_days` ago to `days_ahead` days ahead that does not exist yet, each with the tenant
-- policies of the parent, and drops the tables of days wholly older than the retention (a DROP
-- instead of a slow DELETE). Answers how many it made and dropped. Run at the server's start and
-- by its housekeeping; idempotent, and safe with several servers (each day's table is made once).
-- SECURITY DEFINER: making and dropping tables is the owner's; the names are built from dates only.
CREATE OR REPLACE FUNCTION "tagtrack_measurement_partitions"("retention_days" integer, "days_ahead" integer DEFAULT 2)
  RETURNS TABLE ("made" integer, "dropped" integer) LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  day date;
  name text;
  old record;
BEGIN
  made := 0;
  dropped := 0;
  -- One maker at a time: two servers starting together would both try to make the same day.
  PERFORM pg_advisory_xact_lock(hashtext('tagtrack_measurement_partitions'));
  FOR day IN SELECT generate_series(today - retention_days, today + days_ahead, interval '1 day')::date LOOP
    name := 'measurements_' || to_char(day, 'YYYYMMDD');
    IF to_regclass(name) IS NULL THEN
      EXECUTE format(
        'CREATE TABLE %I PARTITION OF measurements FOR VALUES FROM (%L) TO (%L)',
        name, (day::timestamp AT TIME ZONE 'UTC'), ((day + 1)::timestamp AT TIME ZONE 'UTC'));
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', name);
      EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', name);
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I TO tagtrack_app'
        ' USING (customer_id = (SELECT nullif(current_setting(''app.customer_id'', true), '''')::bigint))'
        ' WITH CHECK (customer_id = (SELECT nullif(current_setting(''app.customer_id'', true), '''')::bigint))',
        name);
      EXECUTE format('CREATE POLICY privileged_access ON %I TO tagtrack_system USING (true) WITH CHECK (true)', name);
      made := made + 1;
    END IF;
  END LOOP;
  FOR old IN
    SELECT c.relname FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    JOIN pg_class p ON p.oid = i.inhparent
    WHERE p.relname = 'measurements' AND c.relname ~ '^measurements_[0-9]{8}$'
      AND to_date(substr(c.relname, 14), 'YYYYMMDD') < today - retention_days
  LOOP
    EXECUTE format('DROP TABLE %I', old.relname);
    dropped := dropped + 1;
  END LOOP;
  RETURN NEXT;
END
$$;

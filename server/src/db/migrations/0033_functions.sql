-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- A DateTime attribute's text ('YYYY-MM-DDTHH:mm:ss', a wall-clock time without zone) as a
-- timestamp, for reports to compare and order by; null for other text and for the placeholder of
-- an unset value (1970-01-01T00:00:00, 01 §3). The year 0000 is no date here (the database has no
-- year 0): such a value stored before the attribute rules refused it reads as none rather than
-- failing every report that orders or filters by it.
CREATE OR REPLACE FUNCTION "tagtrack_wall_time"("value" text) RETURNS timestamp
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN $1 ~ '^(?!0000)[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])([T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?)?$'
      AND left($1, 19) NOT IN ('1970-01-01T00:00:00', '1970-01-01 00:00:00')
      AND substr($1, 9, 2)::int <= extract(day FROM (left($1, 7) || '-01')::date + interval '1 month' - interval '1 day')
    THEN $1::timestamp
  END
$$;

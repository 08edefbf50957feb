-- The tenant policies compare customer_id with the setting app.customer_id read in a scalar
-- subquery: PostgreSQL then reads and converts the setting once per statement (an InitPlan), and
-- each row is compared with a plain value. Written as a bare expression (migration 0017), the
-- setting was read and converted again for every row that a join or a scan passed through the
-- policy, which the item list and the export pay for on every row. Who sees what is unchanged.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_policy p ON p.polrelid = c.oid AND p.polname = 'tenant_isolation'
    WHERE n.nspname = 'public' AND c.relname <> 'customers'
  LOOP
    EXECUTE format(
      'ALTER POLICY tenant_isolation ON %I '
      'USING (customer_id = (SELECT nullif(current_setting(''app.customer_id'', true), '''')::bigint)) '
      'WITH CHECK (customer_id = (SELECT nullif(current_setting(''app.customer_id'', true), '''')::bigint))', t);
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER POLICY tenant_isolation ON "customers"
  USING ("id" = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint))
  WITH CHECK ("id" = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint));

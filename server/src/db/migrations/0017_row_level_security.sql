-- Row-level security: the database itself keeps each customer's rows apart (docs/architecture.md).
--
-- The server reaches tenant data as the role tagtrack_app, with the customer it acts for in the
-- setting app.customer_id (db/row-security.ts): every table that carries customer_id answers and
-- accepts only that customer's rows, whatever a query's own filters say. With no customer set it
-- answers nothing. The few paths that work across customers (sign-in by username, readers by
-- serial, the lost sweep, the CLI, migrations) use the owner's connection: a superuser, or a member
-- of tagtrack_system, whose policy lets every row through (eslint.config.js lists its files).
--
-- A new tenant table gets the same two policies and FORCE in its first migration; a test lists
-- the tables without them.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tagtrack_app') THEN
    CREATE ROLE tagtrack_app NOLOGIN;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tagtrack_system') THEN
    CREATE ROLE tagtrack_system NOLOGIN;
  END IF;
EXCEPTION
  -- Roles belong to the cluster: another database's migration may create them at the same moment.
  WHEN duplicate_object OR unique_violation THEN NULL;
  WHEN insufficient_privilege THEN
    RAISE EXCEPTION 'Tagtrack needs the roles tagtrack_app and tagtrack_system (NOLOGIN): create them and grant them to %, or run the migrations once as a role that may create roles.', current_user;
END
$$;
--> statement-breakpoint
-- A superuser may act as any role; another owner needs the memberships: tagtrack_app to act as a
-- tenant, tagtrack_system (inherited) for its own connection to pass the policies.
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT tagtrack_app, tagtrack_system TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO tagtrack_app, tagtrack_system;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO tagtrack_app, tagtrack_system;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO tagtrack_app, tagtrack_system;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tagtrack_app, tagtrack_system;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO tagtrack_app, tagtrack_system;
--> statement-breakpoint
-- Every table with a customer_id column, as the schema stands at this migration.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attname = 'customer_id' AND NOT a.attisdropped
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO tagtrack_app '
      'USING (customer_id = nullif(current_setting(''app.customer_id'', true), '''')::bigint) '
      'WITH CHECK (customer_id = nullif(current_setting(''app.customer_id'', true), '''')::bigint)', t);
    EXECUTE format('CREATE POLICY privileged_access ON %I TO tagtrack_system USING (true) WITH CHECK (true)', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A tenant sees its own customer row (its name, extensions and limits), and creates none.
ALTER TABLE "customers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "customers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "customers" TO tagtrack_app
  USING ("id" = nullif(current_setting('app.customer_id', true), '')::bigint)
  WITH CHECK ("id" = nullif(current_setting('app.customer_id', true), '')::bigint);
--> statement-breakpoint
CREATE POLICY privileged_access ON "customers" TO tagtrack_system USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The item search (ILIKE '%…%') is answered by a trigram index. Under row-level security the
-- planner only uses an index for a condition whose operator is LEAKPROOF, and ILIKE is not
-- marked so: every search would read all of a customer's items. The only errors ILIKE raises
-- come from a malformed pattern, and the server escapes every pattern it sends, so marking it
-- LEAKPROOF reveals no row. Only a superuser may: elsewhere the search still works, without the
-- index.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
  ELSE
    RAISE NOTICE 'Not a superuser: ILIKE is not marked LEAKPROOF, and the item search reads every item of a customer.';
  END IF;
END
$$;
--> statement-breakpoint
-- Serials and usernames are unique across customers (a reader signs in by serial alone, a user by
-- username alone). Checking a new one must look across customers, which a tenant cannot: these
-- functions run as the owner and answer only whether it is taken, never by whom.
CREATE FUNCTION "tagtrack_serial_taken"("serial" text, "except_reader" bigint) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT EXISTS (
    SELECT FROM "readers"
    WHERE lower("readers"."serial") = lower($1) AND ($2 IS NULL OR "readers"."id" <> $2)
  )
$$;
--> statement-breakpoint
CREATE FUNCTION "tagtrack_username_taken"("username" text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT EXISTS (SELECT FROM "users" WHERE lower("users"."username") = lower($1))
$$;
--> statement-breakpoint
-- The count settle runs as the owner from now on (src/db/functions/location_count_changes_settle.sql
-- says why).
CREATE OR REPLACE FUNCTION "location_count_changes_settle"() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  WITH changes AS (
    DELETE FROM "location_count_changes" WHERE "customer_id" = NEW."customer_id" AND "xact" = NEW."xact"
    RETURNING "location_uuids", "product_ids", "statuses", "changes"
  ), delta AS (
    SELECT NEW."customer_id" AS "customer_id", u."location_uuid", u."product_id", u."status", sum(u.d) AS d
    FROM changes
    CROSS JOIN LATERAL unnest(changes."location_uuids", changes."product_ids", changes."statuses", changes."changes")
      AS u("location_uuid", "product_id", "status", d)
    GROUP BY 2, 3, 4 HAVING sum(u.d) <> 0
  ), by_product AS (
    INSERT INTO "location_product_counts" AS c ("customer_id", "location_uuid", "product_id", "status", "count")
    SELECT * FROM delta ORDER BY 1, 2, 3, 4
    ON CONFLICT ("customer_id", "location_uuid", "product_id", "status") DO UPDATE SET "count" = c."count" + excluded."count"
    RETURNING 1
  )
  INSERT INTO "location_status_counts" AS c ("customer_id", "location_uuid", "status", "count")
  SELECT "customer_id", "location_uuid", "status", sum(d) FROM delta WHERE (SELECT count(*) FROM by_product) >= 0
  GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("customer_id", "location_uuid", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  RETURN NULL;
END
$$;

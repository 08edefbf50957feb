-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- Usernames are unique across customers (a user signs in by username alone). Checking a new one
-- must look across customers, which a tenant cannot: this function runs as the owner and answers
-- only whether the username is taken, never by whom.
CREATE OR REPLACE FUNCTION "tagtrack_username_taken"("username" text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT EXISTS (SELECT FROM "users" WHERE lower("users"."username") = lower($1))
$$;

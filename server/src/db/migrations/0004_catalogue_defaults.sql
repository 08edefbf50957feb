-- Every customer has its four encoding methods (NID32 the default; SGTIN-96 off until a company
-- prefix is set) and the special product Unassigned (customers made before the catalogue get them here).
INSERT INTO "encodings" ("customer_id", "method", "disabled", "is_default")
SELECT c."id", m."method", m."disabled", m."is_default"
FROM "customers" c
CROSS JOIN (VALUES ('NID32', false, true), ('NID64', false, false), ('SGTIN96', true, false), ('LOOKUP', false, false))
  AS m("method", "disabled", "is_default")
WHERE NOT EXISTS (
  SELECT 1 FROM "encodings" e WHERE e."customer_id" = c."id" AND e."method" = m."method"
);
--> statement-breakpoint
INSERT INTO "products" ("customer_id", "sku", "name", "product_code", "special")
SELECT c."id", 'Unassigned', 'Unassigned', 'Unassigned', 'unassigned'
FROM "customers" c
WHERE NOT EXISTS (
  SELECT 1 FROM "products" p WHERE p."customer_id" = c."id" AND p."special" = 'unassigned'
);

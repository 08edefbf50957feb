-- Every customer has the special roots Removed and Unassigned (customers made before locations existed get them here).
INSERT INTO "locations" ("customer_id", "name", "special")
SELECT c."id", r."name", r."special"
FROM "customers" c
CROSS JOIN (VALUES ('Removed', 'removed'), ('Unassigned', 'unassigned')) AS r("name", "special")
WHERE NOT EXISTS (
  SELECT 1 FROM "locations" l WHERE l."customer_id" = c."id" AND l."special" = r."special"
);

CREATE TABLE "measurement_types" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"symbol" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "measurement_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
-- The same kinds for every customer, with fixed uuids: a reader or rule may name them on any instance.
INSERT INTO "measurement_types" ("uuid", "name", "unit", "symbol", "position") VALUES
	('3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01', 'Temperature', 'C', '°C', 1),
	('3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a02', 'Humidity', '%', '%', 2);--> statement-breakpoint
-- Tenants read the kinds; only migrations write them.
REVOKE INSERT, UPDATE, DELETE ON "measurement_types" FROM tagtrack_app;

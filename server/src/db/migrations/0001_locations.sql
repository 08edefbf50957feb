CREATE TABLE "location_files" (
	"customer_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "location_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"location_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_files_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
CREATE TABLE "location_floor_plans" (
	"customer_id" bigint NOT NULL,
	"location_uuid" uuid NOT NULL,
	"shapes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_floor_plans_customer_id_location_uuid_pk" PRIMARY KEY("customer_id","location_uuid")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"customer_id" bigint NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"parent_uuid" uuid,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"special" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_customer_id_uuid_pk" PRIMARY KEY("customer_id","uuid")
);
--> statement-breakpoint
ALTER TABLE "location_files" ADD CONSTRAINT "location_files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_files" ADD CONSTRAINT "location_files_customer_id_location_uuid_locations_customer_id_uuid_fk" FOREIGN KEY ("customer_id","location_uuid") REFERENCES "public"."locations"("customer_id","uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_floor_plans" ADD CONSTRAINT "location_floor_plans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_floor_plans" ADD CONSTRAINT "location_floor_plans_customer_id_location_uuid_locations_customer_id_uuid_fk" FOREIGN KEY ("customer_id","location_uuid") REFERENCES "public"."locations"("customer_id","uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_customer_id_parent_uuid_locations_customer_id_uuid_fk" FOREIGN KEY ("customer_id","parent_uuid") REFERENCES "public"."locations"("customer_id","uuid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_files_location_idx" ON "location_files" USING btree ("customer_id","location_uuid","type");--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "locations" USING btree ("customer_id","parent_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_special_key" ON "locations" USING btree ("customer_id","special") WHERE "locations"."special" is not null;
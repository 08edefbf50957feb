CREATE TABLE "discovered_readers" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "discovered_readers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"serial" text NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"ip_address" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discovered_readers_id_pk" PRIMARY KEY("id")
);
--> statement-breakpoint
CREATE TABLE "reader_assignments" (
	"customer_id" bigint NOT NULL,
	"reader_id" bigint NOT NULL,
	"configuration_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_assignments_customer_id_reader_id_configuration_id_pk" PRIMARY KEY("customer_id","reader_id","configuration_id")
);
--> statement-breakpoint
CREATE TABLE "reader_configurations" (
	"customer_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reader_configurations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location_uuid" uuid,
	"is_template" boolean DEFAULT false NOT NULL,
	"is_ready" boolean DEFAULT true NOT NULL,
	"reader_type" text NOT NULL,
	"application" text NOT NULL,
	"sensortype_uuid" uuid,
	"conf_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_configurations_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
CREATE TABLE "reader_heartbeats" (
	"customer_id" bigint NOT NULL,
	"reader_id" bigint NOT NULL,
	"application" text NOT NULL,
	"updated" timestamp with time zone NOT NULL,
	"interval" double precision NOT NULL,
	"mode" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"ipaddress" text DEFAULT '' NOT NULL,
	"antennas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "reader_heartbeats_customer_id_reader_id_application_pk" PRIMARY KEY("customer_id","reader_id","application")
);
--> statement-breakpoint
CREATE TABLE "readers" (
	"customer_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "readers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"serial" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"family" text NOT NULL,
	"state" text DEFAULT 'unassigned' NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"setup_mode_read" timestamp with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_hash" text,
	"last_process_list" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "readers_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
ALTER TABLE "reader_assignments" ADD CONSTRAINT "reader_assignments_customer_id_reader_id_readers_customer_id_id_fk" FOREIGN KEY ("customer_id","reader_id") REFERENCES "public"."readers"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_assignments" ADD CONSTRAINT "reader_assignments_customer_id_configuration_id_reader_configurations_customer_id_id_fk" FOREIGN KEY ("customer_id","configuration_id") REFERENCES "public"."reader_configurations"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_configurations" ADD CONSTRAINT "reader_configurations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_configurations" ADD CONSTRAINT "reader_configurations_customer_id_location_uuid_locations_customer_id_uuid_fk" FOREIGN KEY ("customer_id","location_uuid") REFERENCES "public"."locations"("customer_id","uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_heartbeats" ADD CONSTRAINT "reader_heartbeats_customer_id_reader_id_readers_customer_id_id_fk" FOREIGN KEY ("customer_id","reader_id") REFERENCES "public"."readers"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readers" ADD CONSTRAINT "readers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discovered_readers_serial_key" ON "discovered_readers" USING btree (lower("serial"));--> statement-breakpoint
CREATE INDEX "reader_assignments_configuration_idx" ON "reader_assignments" USING btree ("customer_id","configuration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reader_configurations_customer_name_key" ON "reader_configurations" USING btree ("customer_id","name");--> statement-breakpoint
CREATE INDEX "reader_configurations_location_idx" ON "reader_configurations" USING btree ("customer_id","location_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "readers_customer_uuid_key" ON "readers" USING btree ("customer_id","uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "readers_serial_key" ON "readers" USING btree (lower("serial"));--> statement-breakpoint
CREATE INDEX "readers_customer_family_serial_idx" ON "readers" USING btree ("customer_id","family","serial");
CREATE TABLE "ingest_batches" (
	"customer_id" bigint NOT NULL,
	"reader_id" bigint NOT NULL,
	"batch_id" text NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"moved" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"ignored" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingest_batches_customer_id_reader_id_batch_id_pk" PRIMARY KEY("customer_id","reader_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "item_history" (
	"customer_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "item_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"epc" text NOT NULL,
	"location_uuid" uuid NOT NULL,
	"previous_location_uuid" uuid,
	"status" text NOT NULL,
	"ledger_type" text NOT NULL,
	"reader_id" bigint,
	"configuration_id" bigint,
	"happened_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_history_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
ALTER TABLE "ingest_batches" ADD CONSTRAINT "ingest_batches_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_batches" ADD CONSTRAINT "ingest_batches_customer_id_reader_id_readers_customer_id_id_fk" FOREIGN KEY ("customer_id","reader_id") REFERENCES "public"."readers"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_history" ADD CONSTRAINT "item_history_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_history" ADD CONSTRAINT "item_history_customer_id_item_id_items_customer_id_id_fk" FOREIGN KEY ("customer_id","item_id") REFERENCES "public"."items"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_history_item_idx" ON "item_history" USING btree ("customer_id","item_id","happened_at");--> statement-breakpoint
CREATE INDEX "item_history_epc_idx" ON "item_history" USING btree ("customer_id","epc","happened_at");--> statement-breakpoint
CREATE INDEX "item_history_location_idx" ON "item_history" USING btree ("customer_id","location_uuid","happened_at");
CREATE TABLE "categories" (
	"customer_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"encoding_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
CREATE TABLE "category_fields" (
	"customer_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "category_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"default_value" text,
	"fixed_data" boolean DEFAULT false NOT NULL,
	"fixed_value" text,
	"asset_data" boolean DEFAULT false NOT NULL,
	"show_in_table" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "category_fields_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
CREATE TABLE "encodings" (
	"customer_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "encodings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"method" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "encodings_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"customer_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"product_id" bigint NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'in' NOT NULL,
	"location_uuid" uuid NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"restore_location_uuid" uuid,
	"latest_status_update" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"customer_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"product_code" text,
	"category_id" bigint,
	"encoding_id" bigint,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"special" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_customer_id_parent_id_categories_customer_id_id_fk" FOREIGN KEY ("customer_id","parent_id") REFERENCES "public"."categories"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_customer_id_encoding_id_encodings_customer_id_id_fk" FOREIGN KEY ("customer_id","encoding_id") REFERENCES "public"."encodings"("customer_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_fields" ADD CONSTRAINT "category_fields_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_fields" ADD CONSTRAINT "category_fields_customer_id_category_id_categories_customer_id_id_fk" FOREIGN KEY ("customer_id","category_id") REFERENCES "public"."categories"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encodings" ADD CONSTRAINT "encodings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_customer_id_product_id_products_customer_id_id_fk" FOREIGN KEY ("customer_id","product_id") REFERENCES "public"."products"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_customer_id_location_uuid_locations_customer_id_uuid_fk" FOREIGN KEY ("customer_id","location_uuid") REFERENCES "public"."locations"("customer_id","uuid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_customer_id_category_id_categories_customer_id_id_fk" FOREIGN KEY ("customer_id","category_id") REFERENCES "public"."categories"("customer_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_customer_id_encoding_id_encodings_customer_id_id_fk" FOREIGN KEY ("customer_id","encoding_id") REFERENCES "public"."encodings"("customer_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_name_idx" ON "categories" USING btree ("customer_id","parent_id","name");--> statement-breakpoint
CREATE INDEX "categories_name_idx" ON "categories" USING btree ("customer_id","name");--> statement-breakpoint
CREATE INDEX "category_fields_category_idx" ON "category_fields" USING btree ("customer_id","category_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "encodings_method_key" ON "encodings" USING btree ("customer_id","method");--> statement-breakpoint
CREATE UNIQUE INDEX "encodings_default_key" ON "encodings" USING btree ("customer_id") WHERE "encodings"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "items_code_key" ON "items" USING btree ("customer_id","code");--> statement-breakpoint
CREATE INDEX "items_location_product_idx" ON "items" USING btree ("customer_id","location_uuid","product_id");--> statement-breakpoint
CREATE INDEX "items_product_idx" ON "items" USING btree ("customer_id","product_id");--> statement-breakpoint
CREATE INDEX "items_removed_latest_idx" ON "items" USING btree ("customer_id","removed","latest_status_update");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree ("customer_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "products_product_code_key" ON "products" USING btree ("customer_id","product_code") WHERE "products"."product_code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_special_key" ON "products" USING btree ("customer_id","special") WHERE "products"."special" is not null;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("customer_id","category_id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("customer_id","name");
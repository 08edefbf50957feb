CREATE INDEX "products_lower_name_idx" ON "products" USING btree ("customer_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_lower_sku_idx" ON "products" USING btree ("customer_id",lower("sku"),"id");--> statement-breakpoint
CREATE INDEX "products_lower_code_idx" ON "products" USING btree ("customer_id",lower("product_code"),"id");
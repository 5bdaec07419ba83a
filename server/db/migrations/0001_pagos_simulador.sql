CREATE TABLE "pago_simulado" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"preferencia_id" text NOT NULL,
	"referencia" text NOT NULL,
	"estado" text NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preferencia_simulada" (
	"id" text PRIMARY KEY NOT NULL,
	"referencia" text NOT NULL,
	"datos" jsonb NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pago_simulado" ADD CONSTRAINT "pago_simulado_preferencia_id_preferencia_simulada_id_fk" FOREIGN KEY ("preferencia_id") REFERENCES "public"."preferencia_simulada"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pago_simulado_referencia_idx" ON "pago_simulado" USING btree ("referencia");
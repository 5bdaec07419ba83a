CREATE TABLE "importacion_productos" (
	"token" text PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"archivo" text NOT NULL,
	"estado" text DEFAULT 'PREVIA' NOT NULL,
	"filas" jsonb NOT NULL,
	"huella" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"vence" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "producto" ALTER COLUMN "porcentaje" SET DATA TYPE numeric(11, 6);--> statement-breakpoint
ALTER TABLE "importacion_productos" ADD CONSTRAINT "importacion_productos_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importacion_productos_vence_idx" ON "importacion_productos" USING btree ("vence");
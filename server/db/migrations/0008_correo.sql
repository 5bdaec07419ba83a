CREATE TABLE "correo_pendiente" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"destinatario" text,
	"datos" jsonb NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_error" text,
	"enviado" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recuperacion_clave" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"usado" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recuperacion_clave" ADD CONSTRAINT "recuperacion_clave_user_id_usuario_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "correo_pendiente_proximo_idx" ON "correo_pendiente" USING btree ("proximo_intento") WHERE "correo_pendiente"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "recuperacion_clave_user_idx" ON "recuperacion_clave" USING btree ("user_id","creado");
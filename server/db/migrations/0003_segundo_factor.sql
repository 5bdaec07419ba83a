CREATE TABLE "codigo_recuperacion" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"hash" text NOT NULL,
	"sal" text NOT NULL,
	"usado" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inicio_pendiente" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expira" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segundo_factor" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secreto" text NOT NULL,
	"confirmado" timestamp with time zone,
	"ultimo_paso" bigint,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "codigo_recuperacion" ADD CONSTRAINT "codigo_recuperacion_user_id_segundo_factor_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."segundo_factor"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inicio_pendiente" ADD CONSTRAINT "inicio_pendiente_user_id_usuario_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segundo_factor" ADD CONSTRAINT "segundo_factor_user_id_usuario_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "codigo_recuperacion_user_idx" ON "codigo_recuperacion" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inicio_pendiente_expira_idx" ON "inicio_pendiente" USING btree ("expira");
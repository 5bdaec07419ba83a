CREATE TYPE "public"."nivel" AS ENUM('INICIAL', 'PRIMARIO', 'SECUNDARIO');--> statement-breakpoint
CREATE TABLE "alternativa_item_lista" (
	"item_id" integer NOT NULL,
	"orden" integer NOT NULL,
	"producto_id" integer NOT NULL,
	CONSTRAINT "alternativa_item_lista_item_id_producto_id_pk" PRIMARY KEY("item_id","producto_id")
);
--> statement-breakpoint
CREATE TABLE "item_lista_escolar" (
	"id" serial PRIMARY KEY NOT NULL,
	"lista_id" integer NOT NULL,
	"orden" integer NOT NULL,
	"cantidad" integer NOT NULL,
	"producto_id" integer,
	"texto" text NOT NULL,
	"opcional" boolean DEFAULT false NOT NULL,
	CONSTRAINT "item_lista_escolar_cantidad_positiva" CHECK ("item_lista_escolar"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "lista_escolar" (
	"id" serial PRIMARY KEY NOT NULL,
	"escuela" text NOT NULL,
	"localidad" "localidad" NOT NULL,
	"nivel" "nivel" NOT NULL,
	"grado" text NOT NULL,
	"anio" integer NOT NULL,
	"notas" text DEFAULT '' NOT NULL,
	"publicada" boolean DEFAULT false NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "lista_escolar_id" integer;--> statement-breakpoint
ALTER TABLE "alternativa_item_lista" ADD CONSTRAINT "alternativa_item_lista_item_id_item_lista_escolar_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item_lista_escolar"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alternativa_item_lista" ADD CONSTRAINT "alternativa_item_lista_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_lista_escolar" ADD CONSTRAINT "item_lista_escolar_lista_id_lista_escolar_id_fk" FOREIGN KEY ("lista_id") REFERENCES "public"."lista_escolar"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_lista_escolar" ADD CONSTRAINT "item_lista_escolar_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alternativa_item_lista_producto_idx" ON "alternativa_item_lista" USING btree ("producto_id");--> statement-breakpoint
CREATE INDEX "item_lista_escolar_lista_idx" ON "item_lista_escolar" USING btree ("lista_id","orden");--> statement-breakpoint
CREATE INDEX "item_lista_escolar_producto_idx" ON "item_lista_escolar" USING btree ("producto_id");--> statement-breakpoint
CREATE INDEX "lista_escolar_orden_idx" ON "lista_escolar" USING btree ("anio" DESC NULLS LAST,"escuela","grado");--> statement-breakpoint
CREATE INDEX "lista_escolar_publicada_idx" ON "lista_escolar" USING btree ("publicada","localidad","nivel");--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_lista_escolar_id_lista_escolar_id_fk" FOREIGN KEY ("lista_escolar_id") REFERENCES "public"."lista_escolar"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venta_lista_escolar_idx" ON "venta" USING btree ("lista_escolar_id");--> statement-breakpoint

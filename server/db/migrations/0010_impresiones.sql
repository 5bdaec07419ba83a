CREATE TYPE "public"."estado_impresion" AS ENUM('BORRADOR', 'ESPERANDO_PAGO', 'RECIBIDO', 'EN_PROCESO', 'LISTO', 'ENTREGADO', 'CANCELADO');--> statement-breakpoint
CREATE TABLE "tarifa_impresion" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"tarifa" jsonb NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tarifa_impresion_una_fila" CHECK ("tarifa_impresion"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "trabajo_impresion" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"nombre_archivo" text NOT NULL,
	"archivo" text NOT NULL,
	"bytes" integer NOT NULL,
	"paginas" integer NOT NULL,
	"tamanio_pagina" text NOT NULL,
	"paginas_color" jsonb NOT NULL,
	"opciones" jsonb NOT NULL,
	"estado" "estado_impresion" DEFAULT 'BORRADOR' NOT NULL,
	"carillas" integer,
	"hojas" integer,
	"precio" numeric(12, 2),
	"detalle_precio" jsonb,
	"venta_id" integer,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"recibido" timestamp with time zone,
	"listo_estimado" timestamp with time zone,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	"archivo_borrado" timestamp with time zone,
	CONSTRAINT "trabajo_impresion_archivo_unique" UNIQUE("archivo"),
	CONSTRAINT "trabajo_impresion_paginas_positivas" CHECK ("trabajo_impresion"."paginas" > 0)
);
--> statement-breakpoint
ALTER TABLE "detalle_venta" ALTER COLUMN "producto_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "detalle_venta" ADD COLUMN "trabajo_impresion_id" integer;--> statement-breakpoint
ALTER TABLE "trabajo_impresion" ADD CONSTRAINT "trabajo_impresion_user_id_usuario_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trabajo_impresion" ADD CONSTRAINT "trabajo_impresion_venta_id_venta_id_fk" FOREIGN KEY ("venta_id") REFERENCES "public"."venta"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trabajo_impresion_cola_idx" ON "trabajo_impresion" USING btree ("estado","recibido");--> statement-breakpoint
CREATE INDEX "trabajo_impresion_user_idx" ON "trabajo_impresion" USING btree ("user_id","creado");--> statement-breakpoint
CREATE INDEX "trabajo_impresion_venta_idx" ON "trabajo_impresion" USING btree ("venta_id");--> statement-breakpoint
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_trabajo_impresion_id_trabajo_impresion_id_fk" FOREIGN KEY ("trabajo_impresion_id") REFERENCES "public"."trabajo_impresion"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "detalle_venta_trabajo_impresion_unico" ON "detalle_venta" USING btree ("trabajo_impresion_id");--> statement-breakpoint
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_producto_o_impresion" CHECK (("detalle_venta"."producto_id" is null) <> ("detalle_venta"."trabajo_impresion_id" is null));
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."estado_pago" AS ENUM('PENDIENTE', 'APROBADO', 'RECHAZADO', 'VENCIDO');--> statement-breakpoint
CREATE TYPE "public"."estado_venta" AS ENUM('PENDIENTE', 'CONCLUIDO');--> statement-breakpoint
CREATE TYPE "public"."forma_pago" AS ENUM('EFECTIVO', 'MERCADOPAGO', 'QR', 'POSTNET', 'TRANSFERENCIA');--> statement-breakpoint
CREATE TYPE "public"."localidad" AS ENUM('CAPITAL', 'GODOY_CRUZ', 'GUAYMALLEN', 'LAS_HERAS', 'LUJAN_DE_CUYO', 'MAIPU', 'MENDOZA', 'SAN_MARTIN', 'SAN_RAFAEL', 'TUNUYAN', 'TUPUNGATO', 'GENERAL_ALVEAR', 'JUNIN', 'LA_PAZ', 'LAVALLE', 'MALARGUE', 'RIVADAVIA', 'SAN_CARLOS', 'SANTA_ROSA');--> statement-breakpoint
CREATE TYPE "public"."motivo_movimiento" AS ENUM('INICIAL', 'CARGA', 'AJUSTE', 'PEDIDO', 'DETALLE_ALTA', 'DETALLE_CAMBIO', 'DETALLE_BAJA', 'VENTA_ELIMINADA', 'PAGO_RECHAZADO', 'PAGO_VENCIDO');--> statement-breakpoint
CREATE TYPE "public"."provincia" AS ENUM('BUENOS_AIRES', 'CATAMARCA', 'CHACO', 'CHUBUT', 'CIUDAD_AUTONOMA_BUENOS_AIRES', 'CORDOBA', 'CORRIENTES', 'ENTRE_RIOS', 'FORMOSA', 'JUJUY', 'LA_PAMPA', 'LA_RIOJA', 'MENDOZA', 'MISIONES', 'NEUQUEN', 'RIO_NEGRO', 'SALTA', 'SAN_JUAN', 'SAN_LUIS', 'SANTA_CRUZ', 'SANTA_FE', 'SANTIAGO_DEL_ESTERO', 'TIERRA_DEL_FUEGO', 'TUCUMAN');--> statement-breakpoint
CREATE TYPE "public"."rol" AS ENUM('ADMIN', 'USER');--> statement-breakpoint
CREATE TABLE "categoria" (
	"id" serial PRIMARY KEY NOT NULL,
	"denominacion" text NOT NULL,
	CONSTRAINT "categoria_denominacion_unique" UNIQUE("denominacion")
);
--> statement-breakpoint
CREATE TABLE "detalle_promocion" (
	"id" serial PRIMARY KEY NOT NULL,
	"cantidad" integer NOT NULL,
	"promocion_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	CONSTRAINT "detalle_promocion_cantidad_positiva" CHECK ("detalle_promocion"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "detalle_venta" (
	"id" serial PRIMARY KEY NOT NULL,
	"cantidad" integer NOT NULL,
	"precio_aplicado" numeric(12, 2) NOT NULL,
	"producto_id" integer NOT NULL,
	"venta_id" integer NOT NULL,
	"promocion_id" integer,
	CONSTRAINT "detalle_venta_cantidad_positiva" CHECK ("detalle_venta"."cantidad" > 0),
	CONSTRAINT "detalle_venta_precio_no_negativo" CHECK ("detalle_venta"."precio_aplicado" >= 0)
);
--> statement-breakpoint
CREATE TABLE "domicilio" (
	"id" serial PRIMARY KEY NOT NULL,
	"calle" text DEFAULT '' NOT NULL,
	"numero" text DEFAULT '' NOT NULL,
	"localidad" "localidad" DEFAULT 'CAPITAL' NOT NULL,
	"provincia" "provincia" DEFAULT 'MENDOZA' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intento_login" (
	"clave" text PRIMARY KEY NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	"desde" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movimiento_stock" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"producto_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"motivo" "motivo_movimiento" NOT NULL,
	"venta_id" integer,
	"user_id" integer,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedido_idempotente" (
	"user_id" integer NOT NULL,
	"clave" text NOT NULL,
	"venta_id" integer,
	"respuesta" jsonb NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedido_idempotente_user_id_clave_pk" PRIMARY KEY("user_id","clave")
);
--> statement-breakpoint
CREATE TABLE "persona" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"domicilio_id" integer,
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "producto" (
	"id" serial PRIMARY KEY NOT NULL,
	"denominacion" text NOT NULL,
	"marca" text DEFAULT '' NOT NULL,
	"codigo" text NOT NULL,
	"imagen" text,
	"precio" numeric(12, 2) NOT NULL,
	"costo" numeric(12, 2) NOT NULL,
	"porcentaje" numeric(7, 2) NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"cantidad_vendida" integer DEFAULT 0 NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"categoria_id" integer NOT NULL,
	"busqueda" text DEFAULT '' NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "producto_codigo_unique" UNIQUE("codigo"),
	CONSTRAINT "producto_stock_no_negativo" CHECK ("producto"."stock" >= 0),
	CONSTRAINT "producto_vendidos_no_negativo" CHECK ("producto"."cantidad_vendida" >= 0),
	CONSTRAINT "producto_costo_positivo" CHECK ("producto"."costo" > 0),
	CONSTRAINT "producto_porcentaje_positivo" CHECK ("producto"."porcentaje" > 0)
);
--> statement-breakpoint
CREATE TABLE "promocion" (
	"id" serial PRIMARY KEY NOT NULL,
	"denominacion" text NOT NULL,
	"descripcion" text NOT NULL,
	"fecha_inicio" timestamp with time zone NOT NULL,
	"fecha_fin" timestamp with time zone NOT NULL,
	"precio_promocional" numeric(12, 2) NOT NULL,
	CONSTRAINT "promocion_precio_positivo" CHECK ("promocion"."precio_promocional" > 0),
	CONSTRAINT "promocion_fechas_ordenadas" CHECK ("promocion"."fecha_fin" >= "promocion"."fecha_inicio")
);
--> statement-breakpoint
CREATE TABLE "sesion" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"expira" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario" text NOT NULL,
	"clave" text NOT NULL,
	"mensaje" text,
	"rol" "rol" DEFAULT 'USER' NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuario_usuario_unique" UNIQUE("usuario")
);
--> statement-breakpoint
CREATE TABLE "venta" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"forma_pago" "forma_pago" DEFAULT 'EFECTIVO' NOT NULL,
	"total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"envio" numeric(12, 2) DEFAULT 0 NOT NULL,
	"con_envio" boolean DEFAULT false NOT NULL,
	"estado_venta" "estado_venta" DEFAULT 'PENDIENTE' NOT NULL,
	"user_id" integer,
	"estado_pago" "estado_pago",
	"pago_id" text,
	"pago_actualizado" timestamp with time zone,
	"stock_liberado" boolean DEFAULT false NOT NULL,
	CONSTRAINT "venta_total_no_negativo" CHECK ("venta"."total" >= 0),
	CONSTRAINT "venta_envio_no_negativo" CHECK ("venta"."envio" >= 0)
);
--> statement-breakpoint
ALTER TABLE "detalle_promocion" ADD CONSTRAINT "detalle_promocion_promocion_id_promocion_id_fk" FOREIGN KEY ("promocion_id") REFERENCES "public"."promocion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detalle_promocion" ADD CONSTRAINT "detalle_promocion_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_venta_id_venta_id_fk" FOREIGN KEY ("venta_id") REFERENCES "public"."venta"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_promocion_id_promocion_id_fk" FOREIGN KEY ("promocion_id") REFERENCES "public"."promocion"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimiento_stock" ADD CONSTRAINT "movimiento_stock_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimiento_stock" ADD CONSTRAINT "movimiento_stock_user_id_usuario_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_idempotente" ADD CONSTRAINT "pedido_idempotente_user_id_usuario_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_idempotente" ADD CONSTRAINT "pedido_idempotente_venta_id_venta_id_fk" FOREIGN KEY ("venta_id") REFERENCES "public"."venta"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona" ADD CONSTRAINT "persona_domicilio_id_domicilio_id_fk" FOREIGN KEY ("domicilio_id") REFERENCES "public"."domicilio"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona" ADD CONSTRAINT "persona_user_id_usuario_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_categoria_id_categoria_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categoria"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesion" ADD CONSTRAINT "sesion_user_id_usuario_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_user_id_usuario_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "detalle_promocion_unico" ON "detalle_promocion" USING btree ("promocion_id","producto_id");--> statement-breakpoint
CREATE INDEX "detalle_promocion_producto_idx" ON "detalle_promocion" USING btree ("producto_id");--> statement-breakpoint
CREATE INDEX "detalle_venta_venta_idx" ON "detalle_venta" USING btree ("venta_id");--> statement-breakpoint
CREATE INDEX "detalle_venta_producto_idx" ON "detalle_venta" USING btree ("producto_id");--> statement-breakpoint
CREATE INDEX "movimiento_producto_idx" ON "movimiento_stock" USING btree ("producto_id","fecha");--> statement-breakpoint
CREATE INDEX "movimiento_venta_idx" ON "movimiento_stock" USING btree ("venta_id");--> statement-breakpoint
CREATE UNIQUE INDEX "persona_user_id_key" ON "persona" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "persona_nombre_idx" ON "persona" USING btree ("nombre");--> statement-breakpoint
CREATE INDEX "producto_categoria_idx" ON "producto" USING btree ("categoria_id","precio");--> statement-breakpoint
CREATE INDEX "producto_marca_idx" ON "producto" USING btree ("marca","precio");--> statement-breakpoint
CREATE INDEX "producto_precio_idx" ON "producto" USING btree ("precio","id");--> statement-breakpoint
CREATE INDEX "producto_busqueda_trgm_idx" ON "producto" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "promocion_fecha_fin_idx" ON "promocion" USING btree ("fecha_fin");--> statement-breakpoint
CREATE INDEX "sesion_user_idx" ON "sesion" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sesion_expira_idx" ON "sesion" USING btree ("expira");--> statement-breakpoint
CREATE INDEX "venta_fecha_idx" ON "venta" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "venta_user_idx" ON "venta" USING btree ("user_id","fecha");--> statement-breakpoint
CREATE INDEX "venta_estado_idx" ON "venta" USING btree ("estado_venta");
CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fecha" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario" text NOT NULL,
	"accion" text NOT NULL,
	"entidad" text NOT NULL,
	"entidad_id" integer,
	"direccion" text,
	"navegador" text,
	"antes" jsonb,
	"despues" jsonb,
	"detalle" jsonb
);
--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("fecha","id");--> statement-breakpoint
CREATE INDEX "auditoria_usuario_idx" ON "auditoria" USING btree ("usuario_id","fecha");--> statement-breakpoint
CREATE INDEX "auditoria_entidad_idx" ON "auditoria" USING btree ("entidad","entidad_id","fecha");--> statement-breakpoint
CREATE INDEX "auditoria_accion_idx" ON "auditoria" USING btree ("accion","fecha");--> statement-breakpoint
-- Append-only: any UPDATE, DELETE or TRUNCATE of the audit trail fails, whoever runs it through the
-- application's connection (docs/decisions/022-auditoria.md). Statement-level, so even an UPDATE that
-- matches no row is refused.
CREATE FUNCTION "auditoria_solo_agregar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'La auditoría solo admite agregar eventos: % no está permitido.', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "auditoria_solo_agregar" BEFORE UPDATE OR DELETE OR TRUNCATE ON "auditoria"
  FOR EACH STATEMENT EXECUTE FUNCTION "auditoria_solo_agregar"();

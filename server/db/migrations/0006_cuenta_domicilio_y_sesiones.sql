ALTER TABLE "domicilio" ALTER COLUMN "localidad" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "domicilio" ADD COLUMN "localidad_texto" text;--> statement-breakpoint
ALTER TABLE "domicilio" ADD COLUMN "codigo_postal" text;--> statement-breakpoint
ALTER TABLE "sesion" ADD COLUMN "agente" text;--> statement-breakpoint
-- Written by hand: addresses outside Mendoza saved before this held one of Mendoza's localities, which
-- said nothing about where they are. They keep street, number and province; locality and postal code
-- stay empty until their owner edits them (docs/decisions/025-mi-cuenta.md).
UPDATE "domicilio" SET "localidad" = NULL WHERE "provincia" <> 'MENDOZA';--> statement-breakpoint
ALTER TABLE "domicilio" ADD CONSTRAINT "domicilio_localidad_segun_provincia" CHECK (("domicilio"."provincia" = 'MENDOZA' and "domicilio"."localidad" is not null and "domicilio"."localidad_texto" is null and "domicilio"."codigo_postal" is null) or ("domicilio"."provincia" <> 'MENDOZA' and "domicilio"."localidad" is null));
DROP INDEX "producto_busqueda_trgm_idx";--> statement-breakpoint
ALTER TABLE "producto" DROP COLUMN "busqueda";

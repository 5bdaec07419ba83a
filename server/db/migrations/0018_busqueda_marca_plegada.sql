-- The brand suggestions compared every brand folded per request (busqueda_plegar twice a brand: 0.3 ms
-- of a suggestion's 0.45 ms for 200 brands); folded once when a brand is written (issue 17). A logical
-- restore leaves generated columns out of its inserts (server/operacion/respaldo.ts).
ALTER TABLE "marca_catalogo" ADD COLUMN "plegada" text GENERATED ALWAYS AS (busqueda_plegar(marca)) STORED;

ALTER TABLE "termino_busqueda" ADD COLUMN "productos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- How many products have each root: a search of one catalogue word reads its total here instead of
-- counting thousands of index entries per request (docs/decisions/037-busqueda-sin-planificar.md).
UPDATE termino_busqueda t SET productos = c.n
  FROM (SELECT palabra, count(*)::int AS n FROM producto_palabra GROUP BY palabra) c
  WHERE c.palabra = t.palabra;--> statement-breakpoint
-- Per statement, one row per root, in root order (as the brands' counts): two statements that share
-- roots take their row locks in the same order. The words' insert runs after the roots' (a CTE of the
-- same statement, busqueda_indexar), so a root is always there before its count moves. Only indexing inserts and deletes words (a product added,
-- renamed or deleted, the cascade included); sales and prices update them, and move no count.
CREATE OR REPLACE FUNCTION termino_contar_tg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO termino_busqueda (palabra, forma, productos)
      SELECT palabra, palabra, count(*) FROM nuevas GROUP BY palabra ORDER BY palabra
      ON CONFLICT (palabra) DO UPDATE SET productos = termino_busqueda.productos + excluded.productos;
  ELSE
    -- The roots are there (written with their words); the same statement as above, so the same order.
    INSERT INTO termino_busqueda (palabra, forma, productos)
      SELECT palabra, palabra, -count(*) FROM viejas GROUP BY palabra ORDER BY palabra
      ON CONFLICT (palabra) DO UPDATE SET productos = termino_busqueda.productos + excluded.productos;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER producto_palabra_alta AFTER INSERT ON producto_palabra REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION termino_contar_tg();--> statement-breakpoint
CREATE TRIGGER producto_palabra_baja AFTER DELETE ON producto_palabra REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION termino_contar_tg();

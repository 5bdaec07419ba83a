CREATE TABLE "prefijo_busqueda" (
	"prefijo" text PRIMARY KEY NOT NULL,
	"productos" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A product's prefixes, each once: 3 letters up of each root without digits (docs/decisions/037).
CREATE OR REPLACE FUNCTION busqueda_prefijos(terminos text[]) RETURNS TABLE (prefijo text) LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT left(t, n) FROM unnest(terminos) t, generate_series(3, length(t)) n WHERE t !~ '[0-9]'
$$;--> statement-breakpoint
-- 0016's, and the prefixes' counts moved by what each product's roots gained and lost, one row per
-- prefix in prefix order (two writers that share prefixes take their row locks in the same order). The
-- old rows are read in the statement's snapshot, before its upsert.
CREATE OR REPLACE FUNCTION busqueda_terminos(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH viejos AS (
    SELECT t.producto_id, x.prefijo FROM producto_terminos t, busqueda_prefijos(t.terminos) x WHERE t.producto_id = ANY (ids)
  ), escritos AS (
    INSERT INTO producto_terminos (producto_id, terminos, nombre, cantidad_vendida, precio)
      SELECT p.id,
        coalesce(array_agg(pp.palabra ORDER BY pp.palabra) FILTER (WHERE pp.palabra IS NOT NULL), '{}'),
        coalesce(array_agg(pp.palabra ORDER BY pp.palabra) FILTER (WHERE pp.peso = 0), '{}'),
        p.cantidad_vendida, p.precio
      FROM producto p LEFT JOIN producto_palabra pp ON pp.producto_id = p.id
      WHERE p.id = ANY (ids)
      GROUP BY p.id, p.cantidad_vendida, p.precio
      ORDER BY p.categoria_id, p.denominacion, p.id
      ON CONFLICT (producto_id) DO UPDATE SET terminos = excluded.terminos, nombre = excluded.nombre,
        cantidad_vendida = excluded.cantidad_vendida, precio = excluded.precio
      RETURNING producto_id, terminos
  ), nuevos AS (
    SELECT e.producto_id, x.prefijo FROM escritos e, busqueda_prefijos(e.terminos) x
  ), cambios AS (
    SELECT prefijo, sum(d)::int AS d FROM (
      SELECT prefijo, 1 AS d FROM (SELECT * FROM nuevos EXCEPT ALL SELECT * FROM viejos) a
      UNION ALL SELECT prefijo, -1 FROM (SELECT * FROM viejos EXCEPT ALL SELECT * FROM nuevos) b
    ) c GROUP BY prefijo HAVING sum(d) <> 0
  )
  INSERT INTO prefijo_busqueda (prefijo, productos)
    SELECT prefijo, d FROM cambios ORDER BY prefijo COLLATE "C"
    ON CONFLICT (prefijo) DO UPDATE SET productos = prefijo_busqueda.productos + excluded.productos;
$$;--> statement-breakpoint
-- A product deleted (producto_terminos goes with it, by cascade) takes itself from its prefixes.
CREATE OR REPLACE FUNCTION prefijo_baja_tg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO prefijo_busqueda (prefijo, productos)
    SELECT x.prefijo, -count(*) FROM viejas v, busqueda_prefijos(v.terminos) x GROUP BY x.prefijo ORDER BY x.prefijo COLLATE "C"
    ON CONFLICT (prefijo) DO UPDATE SET productos = prefijo_busqueda.productos + excluded.productos;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER producto_terminos_baja AFTER DELETE ON producto_terminos REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION prefijo_baja_tg();--> statement-breakpoint
INSERT INTO prefijo_busqueda (prefijo, productos)
  SELECT x.prefijo, count(*) FROM producto_terminos t, busqueda_prefijos(t.terminos) x GROUP BY x.prefijo;

-- Each product's roots as the roots' ids (issue 17, docs/decisions/037-busqueda-sin-planificar.md): a
-- search ranks every product it finds by comparing its roots with the query's, and comparing integers
-- costs a fraction of comparing text under a collation. A root is never deleted (its count only moves),
-- so its id is stable. The rows are written again below, with the prefixes' counts.
ALTER TABLE "termino_busqueda" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "termino_busqueda_id_idx" ON "termino_busqueda" USING btree ("id");--> statement-breakpoint
TRUNCATE "producto_terminos", "prefijo_busqueda";--> statement-breakpoint
ALTER TABLE "producto_terminos" ALTER COLUMN "terminos" SET DATA TYPE integer[] USING '{}';--> statement-breakpoint
ALTER TABLE "producto_terminos" ALTER COLUMN "nombre" SET DATA TYPE integer[] USING '{}';--> statement-breakpoint
DROP FUNCTION busqueda_prefijos(text[]);--> statement-breakpoint
-- 0017's, from the roots' ids.
CREATE FUNCTION busqueda_prefijos(terminos integer[]) RETURNS TABLE (prefijo text) LANGUAGE sql STABLE AS $$
  SELECT DISTINCT left(t.palabra, n) FROM termino_busqueda t, generate_series(3, length(t.palabra)) n
  WHERE t.id = ANY (terminos) AND t.palabra !~ '[0-9]'
$$;--> statement-breakpoint
-- 0017's, writing the roots' ids.
CREATE OR REPLACE FUNCTION busqueda_terminos(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH viejos AS (
    SELECT t.producto_id, x.prefijo FROM producto_terminos t, busqueda_prefijos(t.terminos) x WHERE t.producto_id = ANY (ids)
  ), escritos AS (
    INSERT INTO producto_terminos (producto_id, terminos, nombre, cantidad_vendida, precio)
      SELECT p.id,
        coalesce(array_agg(tb.id ORDER BY tb.id) FILTER (WHERE tb.id IS NOT NULL), '{}'),
        coalesce(array_agg(tb.id ORDER BY tb.id) FILTER (WHERE pp.peso = 0), '{}'),
        p.cantidad_vendida, p.precio
      FROM producto p LEFT JOIN producto_palabra pp ON pp.producto_id = p.id LEFT JOIN termino_busqueda tb ON tb.palabra = pp.palabra
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
-- 0019's, with each term's id.
DROP FUNCTION busqueda_difusas(text, integer, double precision, double precision);--> statement-breakpoint
CREATE FUNCTION busqueda_difusas(w text, cercanas integer, distancia double precision, margen double precision)
RETURNS TABLE (palabra text, id integer)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE ROWS 3 AS $$
BEGIN
  RETURN QUERY
    SELECT d.palabra, d.id FROM (
      SELECT d0.palabra, d0.id, d0.distancia, min(d0.distancia) OVER () AS cercana FROM (
        SELECT t.palabra, t.id, t.palabra <-> w AS distancia FROM termino_busqueda t
        WHERE t.palabra !~ '[0-9]' ORDER BY t.palabra <-> w LIMIT cercanas) d0) d
    WHERE d.distancia <= busqueda_difusas.distancia AND d.distancia <= d.cercana + margen;
  RETURN QUERY
    SELECT t.palabra, t.id FROM termino_busqueda t
    WHERE t.palabra !~ '[0-9]' AND busqueda_variantes(t.palabra) && busqueda_variantes(w);
END
$$;--> statement-breakpoint
SELECT busqueda_terminos(ARRAY(SELECT id FROM producto ORDER BY id));

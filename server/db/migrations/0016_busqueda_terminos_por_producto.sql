CREATE TABLE "producto_terminos" (
	"producto_id" integer PRIMARY KEY NOT NULL,
	"terminos" text[] NOT NULL,
	"nombre" text[] NOT NULL,
	"cantidad_vendida" integer NOT NULL,
	"precio" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "producto_terminos" ADD CONSTRAINT "producto_terminos_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "producto_terminos_gin_idx" ON "producto_terminos" USING gin ("terminos") WITH (fastupdate=false);--> statement-breakpoint
-- A sale rewrites a product's row (its sort keys): with room left on its page the new version stays
-- there (a HOT update), and the rows keep the order they were written in.
ALTER TABLE "producto_terminos" SET (fillfactor = 80);--> statement-breakpoint
-- Each product's roots in one row (issue 17: several words at 100,000 products): a search of several
-- words intersects the GIN index's lists and ranks only what every word finds, reading each of their
-- rows. Written by category and name, products of a kind share their words and their pages: a search
-- reads fewer pages (an import, the catalogue that exists; decision 037).
CREATE OR REPLACE FUNCTION busqueda_terminos(ids integer[]) RETURNS void LANGUAGE sql AS $$
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
      cantidad_vendida = excluded.cantidad_vendida, precio = excluded.precio;
$$;--> statement-breakpoint
-- 0014's, and then the products' rows of roots.
CREATE OR REPLACE FUNCTION busqueda_indexar(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM producto_palabra WHERE producto_id = ANY (ids);
  WITH fuentes AS (
    SELECT p.id, 1 AS campo, w.palabra, w.forma FROM producto p, busqueda_palabras(p.codigo) w WHERE p.id = ANY (ids)
    UNION ALL SELECT p.id, 2, w.palabra, w.forma FROM producto p, busqueda_palabras(p.denominacion) w WHERE p.id = ANY (ids)
    UNION ALL SELECT p.id, 4, w.palabra, w.forma FROM producto p, busqueda_palabras(p.marca) w WHERE p.id = ANY (ids)
    UNION ALL SELECT p.id, 8, w.palabra, w.forma
      FROM producto p JOIN categoria c ON c.id = p.categoria_id, busqueda_palabras(c.denominacion) w WHERE p.id = ANY (ids)
  ), terminos AS (
    INSERT INTO termino_busqueda (palabra, forma)
      SELECT DISTINCT ON (palabra) palabra, forma FROM fuentes ORDER BY palabra, campo DESC
      ON CONFLICT (palabra) DO NOTHING
  )
  INSERT INTO producto_palabra (palabra, producto_id, campos, peso, cantidad_vendida, precio)
    SELECT f.palabra, p.id, bit_or(f.campo), CASE WHEN bit_or(f.campo) & 3 <> 0 THEN 0 ELSE 1 END, p.cantidad_vendida, p.precio
    FROM fuentes f JOIN producto p ON p.id = f.id
    GROUP BY f.palabra, p.id, p.cantidad_vendida, p.precio
    ORDER BY f.palabra, p.id;
  PERFORM busqueda_terminos(ids);
END
$$;--> statement-breakpoint
-- 0007's, and the sort keys copied to producto_terminos too.
CREATE OR REPLACE FUNCTION producto_cambio_tg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM busqueda_indexar(ARRAY(
    SELECT n.id FROM nuevas n JOIN viejas v ON v.id = n.id
    WHERE (n.denominacion, n.marca, n.codigo, n.categoria_id) IS DISTINCT FROM (v.denominacion, v.marca, v.codigo, v.categoria_id)));
  UPDATE producto_palabra pp SET cantidad_vendida = n.cantidad_vendida, precio = n.precio
    FROM nuevas n JOIN viejas v ON v.id = n.id
    WHERE pp.producto_id = n.id AND (n.cantidad_vendida, n.precio) IS DISTINCT FROM (v.cantidad_vendida, v.precio)
      AND (pp.cantidad_vendida, pp.precio) IS DISTINCT FROM (n.cantidad_vendida, n.precio);
  UPDATE producto_terminos pt SET cantidad_vendida = n.cantidad_vendida, precio = n.precio
    FROM nuevas n JOIN viejas v ON v.id = n.id
    WHERE pt.producto_id = n.id AND (n.cantidad_vendida, n.precio) IS DISTINCT FROM (v.cantidad_vendida, v.precio)
      AND (pt.cantidad_vendida, pt.precio) IS DISTINCT FROM (n.cantidad_vendida, n.precio);
  PERFORM busqueda_sumar_marcas(ARRAY(SELECT v.marca FROM viejas v JOIN nuevas n ON n.id = v.id WHERE n.marca <> v.marca), -1);
  PERFORM busqueda_sumar_marcas(ARRAY(SELECT n.marca FROM nuevas n JOIN viejas v ON v.id = n.id WHERE n.marca <> v.marca), 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
SELECT busqueda_terminos(ARRAY(SELECT id FROM producto ORDER BY id));

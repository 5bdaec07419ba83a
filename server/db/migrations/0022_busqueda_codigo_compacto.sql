-- A product's code compared by its letters and digits only (issue 17): 'ESC003', 'esc 003' and 'ESC-003'
-- are one code, as `codigoCompacto` in domain/plegado.ts says (server/productos/busqueda.test.ts compares
-- both). What is not a letter or a digit is taken out with translate, without a regexp; the function is
-- one expression, so PostgreSQL inlines it into the indexes below and into the queries that use them.
-- busqueda_plegar is written out, not called: an index is built with only pg_catalog on the search path.
CREATE FUNCTION busqueda_codigo(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(
    lower(translate(t, 'áàäâãéèëêíìïîóòöôõúùüûñçÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇ', 'aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC')),
    translate(lower(translate(t, 'áàäâãéèëêíìïîóòöôõúùüûñçÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇ', 'aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC')),
      'abcdefghijklmnopqrstuvwxyz0123456789', ''),
    '')
$$;--> statement-breakpoint
-- The exact code that ranks first, and the admin's 'code contains' (trigrams: 3 characters or more).
DROP INDEX IF EXISTS producto_codigo_plegado_idx;--> statement-breakpoint
CREATE INDEX producto_codigo_compacto_idx ON producto (busqueda_codigo(codigo));--> statement-breakpoint
CREATE INDEX producto_codigo_compacto_trgm_idx ON producto USING gin (busqueda_codigo(codigo) gin_trgm_ops);--> statement-breakpoint
-- 0016's, and a code of several words with a digit ('ESC-003') is also one word of the code field
-- ('esc003'): a search of the code typed without its dash finds it, counts it and suggests it by prefix.
-- Only with a digit: such a root is itself (no plural or gender), and stays out of the typo indexes.
CREATE OR REPLACE FUNCTION busqueda_indexar(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM producto_palabra WHERE producto_id = ANY (ids);
  WITH fuentes AS (
    SELECT p.id, 1 AS campo, w.palabra, w.forma FROM producto p, busqueda_palabras(p.codigo) w WHERE p.id = ANY (ids)
    UNION ALL SELECT p.id, 1, c.w, c.w FROM producto p, LATERAL (SELECT busqueda_codigo(p.codigo) AS w OFFSET 0) c
      WHERE p.id = ANY (ids) AND c.w ~ '[0-9]' AND c.w <> busqueda_plegar(p.codigo)
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
SELECT busqueda_indexar(ARRAY(
  SELECT id FROM producto WHERE busqueda_codigo(codigo) ~ '[0-9]' AND busqueda_codigo(codigo) <> busqueda_plegar(codigo) ORDER BY id));

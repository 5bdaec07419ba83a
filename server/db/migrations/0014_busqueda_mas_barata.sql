-- The search's words at a fraction of the cost (issue 19: an import of 10,000 products on PGlite), the
-- same results as 0007's (server/productos/busqueda.test.ts compares both over every word of a catalogue).
-- busqueda_raiz without a subquery: PostgreSQL inlines it into the caller's query instead of running it
-- as a function call per word (on PGlite, 46,623 words: 1.05 s -> 0.18 s). The suffixes exclude each
-- other, so the flat CASE is 0007's two steps: after '[aeo]s' the last letter is one of 'aeo' again.
CREATE OR REPLACE FUNCTION busqueda_raiz(w text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN length(w) <= 3 OR w ~ '[0-9]' THEN w
    WHEN length(w) > 4 AND w ~ '[aeiou]ces$' THEN left(w, -3) || 'z'
    WHEN length(w) > 4 AND w ~ '[^aeiou]es$' THEN left(w, -2)
    WHEN w ~ '[aeo]s$' THEN left(w, CASE WHEN length(w) > 4 THEN -2 ELSE -1 END)
    WHEN w ~ '[aeo]$' THEN left(w, -1)
    ELSE w
  END
$$;--> statement-breakpoint
-- The separators with translate (no regexp), and each text folded once: without OFFSET 0 the planner
-- copied the folding and the separators into each of their four uses.
CREATE OR REPLACE FUNCTION busqueda_palabras(t text) RETURNS TABLE (palabra text, forma text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT busqueda_raiz(x.p), x.o
  FROM (SELECT a.f, a.o, translate(a.f, 'abcdefghijklmnopqrstuvwxyz0123456789', '') AS seps
        FROM (SELECT busqueda_plegar(t) AS f, lower(t) AS o OFFSET 0) a OFFSET 0) b
  CROSS JOIN LATERAL unnest(
    string_to_array(translate(b.f, b.seps, repeat(' ', length(b.seps))), ' '),
    string_to_array(translate(b.o, b.seps, repeat(' ', length(b.seps))), ' ')
  ) AS x(p, o)
  WHERE x.p <> ''
$$;
--> statement-breakpoint
-- 0007's, the words written in the order of the indexes that lead with the word: an import's thousands
-- of rows go to neighbouring index pages instead of all over the indexes (PGlite's 16 MB of buffers).
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
END
$$;

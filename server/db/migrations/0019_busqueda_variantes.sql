-- A word and what it is with one letter less (issue 17): two words that share one of these differ by a
-- letter dropped, added or changed, or two swapped ('agned'/'agend', 'cilps'/'clips'), which trigrams miss in
-- short words. Words under 4 letters are only themselves: a 2-letter variant would join most short words.
CREATE FUNCTION busqueda_variantes(palabra text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  variantes text[] := ARRAY[palabra];
BEGIN
  IF length(palabra) >= 4 THEN
    FOR i IN 1..length(palabra) LOOP
      variantes := variantes || (left(palabra, i - 1) || substr(palabra, i + 1));
    END LOOP;
  END IF;
  RETURN variantes;
END
$$;
--> statement-breakpoint
CREATE INDEX "termino_busqueda_variantes_idx" ON "termino_busqueda" USING gin (busqueda_variantes("palabra")) WHERE "termino_busqueda"."palabra" !~ '[0-9]';
--> statement-breakpoint
-- A typo's terms (issue 17): the nearest `cercanas` words without digits by trigrams, within `distancia` and
-- within `margen` of the nearest, then those one letter away (a term may come twice: every caller groups or
-- compares by term, and a UNION's sort cost more than the duplicates). A function of its own: a statement
-- that has it inline starts up its nodes (the trigram and variant scans, a window) on every search, also the
-- many whose words need no typos and never run them; a function scan is one node, and PL/pgSQL keeps its
-- plans. ROWS 3: the planner's default guess for a set-returning function, 1000 terms, made the one-word
-- statement count its total with a sequential scan of every term.
CREATE FUNCTION busqueda_difusas(w text, cercanas integer, distancia double precision, margen double precision) RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE ROWS 3 AS $$
BEGIN
  RETURN QUERY
    SELECT d.palabra FROM (
      SELECT d0.palabra, d0.distancia, min(d0.distancia) OVER () AS cercana FROM (
        SELECT t.palabra, t.palabra <-> w AS distancia FROM termino_busqueda t
        WHERE t.palabra !~ '[0-9]' ORDER BY t.palabra <-> w LIMIT cercanas) d0) d
    WHERE d.distancia <= busqueda_difusas.distancia AND d.distancia <= d.cercana + margen;
  RETURN QUERY
    SELECT t.palabra FROM termino_busqueda t
    WHERE t.palabra !~ '[0-9]' AND busqueda_variantes(t.palabra) && busqueda_variantes(w);
END
$$;

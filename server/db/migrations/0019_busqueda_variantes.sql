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

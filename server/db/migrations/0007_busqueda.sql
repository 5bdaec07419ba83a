CREATE TABLE "contador_catalogo" (
	"nombre" text PRIMARY KEY NOT NULL,
	"valor" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marca_catalogo" (
	"marca" text PRIMARY KEY NOT NULL,
	"productos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producto_palabra" (
	"palabra" text NOT NULL,
	"producto_id" integer NOT NULL,
	"campos" integer NOT NULL,
	"peso" integer NOT NULL,
	"cantidad_vendida" integer NOT NULL,
	"precio" numeric(12, 2) NOT NULL,
	CONSTRAINT "producto_palabra_palabra_producto_id_pk" PRIMARY KEY("palabra","producto_id")
);
--> statement-breakpoint
CREATE TABLE "sinonimo" (
	"id" serial PRIMARY KEY NOT NULL,
	"termino" text NOT NULL,
	"equivalente" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "termino_busqueda" (
	"palabra" text PRIMARY KEY NOT NULL,
	"forma" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "producto_palabra" ADD CONSTRAINT "producto_palabra_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "producto_palabra_asc_idx" ON "producto_palabra" USING btree ("palabra","peso","cantidad_vendida" DESC NULLS LAST,"precio","producto_id");--> statement-breakpoint
CREATE INDEX "producto_palabra_desc_idx" ON "producto_palabra" USING btree ("palabra","peso","cantidad_vendida" DESC NULLS LAST,"precio" DESC NULLS LAST,"producto_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "producto_palabra_producto_idx" ON "producto_palabra" USING btree ("producto_id");--> statement-breakpoint
CREATE INDEX "termino_busqueda_prefijo_idx" ON "termino_busqueda" USING btree ("palabra" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "termino_busqueda_trgm_idx" ON "termino_busqueda" USING gist ("palabra" gist_trgm_ops);--> statement-breakpoint
-- Search (issue 17, docs/decisions/028-busqueda.md). The folding rules are domain/plegado.ts's, in SQL:
-- every write path (the admin form, imports, bulk price updates, sales) keeps the derived data right
-- through the triggers below. The accents list is domain/plegado.ts's CON_ACENTO / SIN_ACENTO.
CREATE OR REPLACE FUNCTION busqueda_plegar(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(t, 'áàäâãéèëêíìïîóòöôõúùüûñçÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇ', 'aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC'))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION busqueda_raiz(w text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN length(w) <= 3 OR w ~ '[0-9]' THEN w
    ELSE (SELECT CASE WHEN length(s) > 3 AND s ~ '[aeo]$' THEN left(s, -1) ELSE s END
          FROM (SELECT CASE
                  WHEN w ~ '[aeiou]ces$' AND length(w) > 4 THEN left(w, -3) || 'z'
                  WHEN w ~ '[^aeiou]es$' AND length(w) > 4 THEN left(w, -2)
                  WHEN w ~ '[aeo]s$' THEN left(w, -1)
                  ELSE w END AS s) x)
  END
$$;--> statement-breakpoint
-- The roots of a text's words and each word as written (lower case, accents kept: 'lápices'). Folding
-- keeps every character's position, so the separators of the folded text split the original alike.
CREATE OR REPLACE FUNCTION busqueda_palabras(t text) RETURNS TABLE (palabra text, forma text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT busqueda_raiz(x.p), x.o
  FROM (SELECT busqueda_plegar(t) AS f, lower(t) AS o) a
  CROSS JOIN LATERAL (SELECT regexp_replace(a.f, '[a-z0-9]', '', 'g') AS seps) b
  CROSS JOIN LATERAL unnest(
    string_to_array(translate(a.f, b.seps, repeat(' ', length(b.seps))), ' '),
    string_to_array(translate(a.o, b.seps, repeat(' ', length(b.seps))), ' ')
  ) AS x(p, o)
  WHERE x.p <> ''
$$;--> statement-breakpoint
-- Set-based, so an import of thousands of rows indexes them in one pass (statement triggers below).
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
    GROUP BY f.palabra, p.id, p.cantidad_vendida, p.precio;
END
$$;--> statement-breakpoint
-- Brands: counts added and taken per statement (one row per brand, not one update per product).
CREATE OR REPLACE FUNCTION busqueda_sumar_marcas(marcas text[], signo integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO marca_catalogo (marca, productos)
    SELECT m, signo * count(*) FROM unnest(marcas) m WHERE m <> '' GROUP BY m ORDER BY m
    ON CONFLICT (marca) DO UPDATE SET productos = marca_catalogo.productos + excluded.productos;
  DELETE FROM marca_catalogo WHERE marca = ANY (marcas) AND productos <= 0;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION producto_alta_tg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM busqueda_indexar(ARRAY(SELECT id FROM nuevas));
  PERFORM busqueda_sumar_marcas(ARRAY(SELECT marca FROM nuevas), 1);
  UPDATE contador_catalogo SET valor = valor + (SELECT count(*) FROM nuevas) WHERE nombre = 'productos';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER producto_alta AFTER INSERT ON producto REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION producto_alta_tg();--> statement-breakpoint
-- A change of name, brand, code or category indexes the product again; of price or sales, copies the
-- sort keys; of stock alone (every order), nothing.
CREATE OR REPLACE FUNCTION producto_cambio_tg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM busqueda_indexar(ARRAY(
    SELECT n.id FROM nuevas n JOIN viejas v ON v.id = n.id
    WHERE (n.denominacion, n.marca, n.codigo, n.categoria_id) IS DISTINCT FROM (v.denominacion, v.marca, v.codigo, v.categoria_id)));
  UPDATE producto_palabra pp SET cantidad_vendida = n.cantidad_vendida, precio = n.precio
    FROM nuevas n JOIN viejas v ON v.id = n.id
    WHERE pp.producto_id = n.id AND (n.cantidad_vendida, n.precio) IS DISTINCT FROM (v.cantidad_vendida, v.precio)
      AND (pp.cantidad_vendida, pp.precio) IS DISTINCT FROM (n.cantidad_vendida, n.precio);
  PERFORM busqueda_sumar_marcas(ARRAY(SELECT v.marca FROM viejas v JOIN nuevas n ON n.id = v.id WHERE n.marca <> v.marca), -1);
  PERFORM busqueda_sumar_marcas(ARRAY(SELECT n.marca FROM nuevas n JOIN viejas v ON v.id = n.id WHERE n.marca <> v.marca), 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER producto_cambio AFTER UPDATE ON producto REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION producto_cambio_tg();--> statement-breakpoint
-- The derived words go with the product (foreign key, cascade); the brands and the total here.
CREATE OR REPLACE FUNCTION producto_baja_tg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM busqueda_sumar_marcas(ARRAY(SELECT marca FROM viejas), -1);
  UPDATE contador_catalogo SET valor = valor - (SELECT count(*) FROM viejas) WHERE nombre = 'productos';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER producto_baja AFTER DELETE ON producto REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION producto_baja_tg();--> statement-breakpoint
CREATE OR REPLACE FUNCTION categoria_busqueda_tg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM busqueda_indexar(ARRAY(SELECT p.id FROM producto p WHERE p.categoria_id = NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categoria_busqueda AFTER UPDATE OF denominacion ON categoria FOR EACH ROW
  WHEN (OLD.denominacion IS DISTINCT FROM NEW.denominacion) EXECUTE FUNCTION categoria_busqueda_tg();--> statement-breakpoint
-- 'Birome = bolígrafo' and 'bolígrafo = birome' are the same synonym.
CREATE UNIQUE INDEX sinonimo_par_idx ON sinonimo (
  least(busqueda_plegar(termino), busqueda_plegar(equivalente)),
  greatest(busqueda_plegar(termino), busqueda_plegar(equivalente))
);--> statement-breakpoint
-- The catalogue's exact code ranks first.
CREATE INDEX producto_codigo_plegado_idx ON producto (busqueda_plegar(codigo));--> statement-breakpoint
INSERT INTO contador_catalogo (nombre, valor) SELECT 'productos', count(*) FROM producto;--> statement-breakpoint
INSERT INTO marca_catalogo (marca, productos) SELECT marca, count(*) FROM producto WHERE marca <> '' GROUP BY marca;--> statement-breakpoint
SELECT busqueda_indexar(ARRAY(SELECT id FROM producto));--> statement-breakpoint
INSERT INTO sinonimo (termino, equivalente) VALUES
  ('birome', 'bolígrafo'),
  ('lapicera', 'bolígrafo'),
  ('plasticola', 'adhesivo vinílico'),
  ('cola vinílica', 'adhesivo vinílico'),
  ('voligoma', 'adhesivo en barra'),
  ('pegamento', 'adhesivo'),
  ('liquid paper', 'corrector'),
  ('fibra', 'marcador'),
  ('fibrón', 'marcador permanente'),
  ('resaltador', 'marcador flúo'),
  ('sacapuntas', 'afilalápices'),
  ('abrochadora', 'engrapadora'),
  ('broches', 'grapas'),
  ('cartuchera', 'estuche'),
  ('repuesto', 'hojas'),
  ('carpeta nº3', 'carpeta escolar'),
  ('carpeta n3', 'carpeta escolar'),
  ('block', 'anotador'),
  ('cinta scotch', 'cinta adhesiva'),
  ('durex', 'cinta adhesiva'),
  ('cinta de papel', 'cinta de enmascarar'),
  ('goma eva', 'foami'),
  ('bibliorato', 'archivador'),
  ('folio', 'protector de hojas'),
  ('portaminas', 'lápiz mecánico'),
  ('minas', 'grafitos'),
  ('plastilina', 'masa para modelar'),
  ('clips', 'sujetapapeles'),
  ('chinches', 'tachuelas'),
  ('papel glasé', 'papel glacé'),
  ('boligoma', 'adhesivo en barra');

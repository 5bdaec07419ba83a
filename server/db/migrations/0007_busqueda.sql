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
CREATE OR REPLACE FUNCTION busqueda_indexar(p_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM producto_palabra WHERE producto_id = p_id;
  WITH fuentes AS (
    SELECT 1 AS campo, w.palabra, w.forma FROM producto p, busqueda_palabras(p.codigo) w WHERE p.id = p_id
    UNION ALL SELECT 2, w.palabra, w.forma FROM producto p, busqueda_palabras(p.denominacion) w WHERE p.id = p_id
    UNION ALL SELECT 4, w.palabra, w.forma FROM producto p, busqueda_palabras(p.marca) w WHERE p.id = p_id
    UNION ALL SELECT 8, w.palabra, w.forma
      FROM producto p JOIN categoria c ON c.id = p.categoria_id, busqueda_palabras(c.denominacion) w WHERE p.id = p_id
  ), terminos AS (
    INSERT INTO termino_busqueda (palabra, forma)
      SELECT DISTINCT ON (palabra) palabra, forma FROM fuentes ORDER BY palabra, campo DESC
      ON CONFLICT (palabra) DO NOTHING
  )
  INSERT INTO producto_palabra (palabra, producto_id, campos, peso, cantidad_vendida, precio)
    SELECT f.palabra, p.id, bit_or(f.campo), CASE WHEN bit_or(f.campo) & 3 <> 0 THEN 0 ELSE 1 END, p.cantidad_vendida, p.precio
    FROM fuentes f, producto p WHERE p.id = p_id
    GROUP BY f.palabra, p.id, p.cantidad_vendida, p.precio;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION producto_busqueda_tg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.denominacion IS DISTINCT FROM OLD.denominacion OR NEW.marca IS DISTINCT FROM OLD.marca
     OR NEW.codigo IS DISTINCT FROM OLD.codigo OR NEW.categoria_id IS DISTINCT FROM OLD.categoria_id THEN
    PERFORM busqueda_indexar(NEW.id);
  ELSIF NEW.cantidad_vendida IS DISTINCT FROM OLD.cantidad_vendida OR NEW.precio IS DISTINCT FROM OLD.precio THEN
    UPDATE producto_palabra SET cantidad_vendida = NEW.cantidad_vendida, precio = NEW.precio WHERE producto_id = NEW.id;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.marca IS DISTINCT FROM NEW.marca AND OLD.marca <> '' THEN
    UPDATE marca_catalogo SET productos = productos - 1 WHERE marca = OLD.marca;
    DELETE FROM marca_catalogo WHERE marca = OLD.marca AND productos <= 0;
  END IF;
  IF NEW.marca <> '' AND (TG_OP = 'INSERT' OR OLD.marca IS DISTINCT FROM NEW.marca) THEN
    INSERT INTO marca_catalogo (marca, productos) VALUES (NEW.marca, 1)
      ON CONFLICT (marca) DO UPDATE SET productos = marca_catalogo.productos + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER producto_busqueda AFTER INSERT OR UPDATE OF denominacion, marca, codigo, categoria_id, cantidad_vendida, precio
  ON producto FOR EACH ROW EXECUTE FUNCTION producto_busqueda_tg();--> statement-breakpoint
-- The derived words go with the product (foreign key, cascade); the brand count and the total here.
CREATE OR REPLACE FUNCTION producto_borrado_tg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.marca <> '' THEN
    UPDATE marca_catalogo SET productos = productos - 1 WHERE marca = OLD.marca;
    DELETE FROM marca_catalogo WHERE marca = OLD.marca AND productos <= 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER producto_borrado AFTER DELETE ON producto FOR EACH ROW EXECUTE FUNCTION producto_borrado_tg();--> statement-breakpoint
-- The catalogue's total, once per statement (an import of thousands of rows updates it once).
CREATE OR REPLACE FUNCTION producto_total_tg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE contador_catalogo SET valor = valor + (SELECT count(*) FROM nuevas) WHERE nombre = 'productos';
  ELSE
    UPDATE contador_catalogo SET valor = valor - (SELECT count(*) FROM viejas) WHERE nombre = 'productos';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER producto_total_alta AFTER INSERT ON producto REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION producto_total_tg();--> statement-breakpoint
CREATE TRIGGER producto_total_baja AFTER DELETE ON producto REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION producto_total_tg();--> statement-breakpoint
CREATE OR REPLACE FUNCTION categoria_busqueda_tg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM busqueda_indexar(p.id) FROM producto p WHERE p.categoria_id = NEW.id;
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
SELECT busqueda_indexar(id) FROM producto;--> statement-breakpoint
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

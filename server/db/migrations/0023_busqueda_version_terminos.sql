-- The typo terms' version (issue 17): it moves each time a root without digits enters the catalogue's
-- terms, the only change that can move a word's nearest terms (`busqueda_difusas`; a root is never deleted,
-- migration 0020). The server keeps each typed word's nearest terms with the version they were found at
-- (server/productos/difusas-conocidas.ts), and a search uses them only while the version it reads is that one.
-- The new value is the time in microseconds (or one more than the last): a restored backup's older value,
-- climbing again, never meets a number that a server kept from before the restore.
INSERT INTO contador_catalogo (nombre, valor) VALUES ('terminos', 1) ON CONFLICT (nombre) DO NOTHING;--> statement-breakpoint
CREATE FUNCTION busqueda_sumar_version_terminos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM nuevos WHERE palabra !~ '[0-9]') THEN
    UPDATE contador_catalogo SET valor = greatest(valor + 1, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint) WHERE nombre = 'terminos';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Once a statement, with the rows it inserted: an upsert that only moves counts inserts none.
CREATE TRIGGER termino_busqueda_version AFTER INSERT ON termino_busqueda
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION busqueda_sumar_version_terminos();

-- The brands' version: one more each time a brand appears or disappears (not when a brand's count
-- moves). A catalogue request reads it with its page and reads the brands again only when it moved
-- (server/productos/marcas.ts), so every instance sees a new brand in its next request.
INSERT INTO contador_catalogo (nombre, valor) VALUES ('marcas', 1) ON CONFLICT (nombre) DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION busqueda_sumar_marcas(marcas text[], signo integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  aparece boolean;
  borradas integer;
BEGIN
  aparece := EXISTS (SELECT 1 FROM unnest(marcas) m WHERE m <> '' AND NOT EXISTS (SELECT 1 FROM marca_catalogo c WHERE c.marca = m));
  INSERT INTO marca_catalogo (marca, productos)
    SELECT m, signo * count(*) FROM unnest(marcas) m WHERE m <> '' GROUP BY m ORDER BY m
    ON CONFLICT (marca) DO UPDATE SET productos = marca_catalogo.productos + excluded.productos;
  DELETE FROM marca_catalogo WHERE marca = ANY (marcas) AND productos <= 0;
  GET DIAGNOSTICS borradas = ROW_COUNT;
  IF aparece OR borradas > 0 THEN
    UPDATE contador_catalogo SET valor = valor + 1 WHERE nombre = 'marcas';
  END IF;
END
$$;

ALTER TABLE "producto" ADD COLUMN "json_publico" text;--> statement-breakpoint
-- The public catalogue's product as JSON text (issue 17, docs/decisions/039-producto-json-publico.md):
-- the same bytes the API wrote with JSON.stringify (keys in productoSchema's order, the price as a
-- JS number writes it, strings escaped as JSON escapes them), without cost or margin. A page of the
-- catalogue then reads one column a product and joins them, instead of parsing, checking and writing
-- thirteen fields a product on every request.
CREATE FUNCTION producto_json_publico(id integer, denominacion text, marca text, codigo text, imagen text,
    precio numeric, stock integer, cantidad_vendida integer, descripcion text, categoria_id integer, categoria text)
  RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"id":' || id || ',"denominacion":' || to_json(denominacion)::text || ',"marca":' || to_json(marca)::text
    || ',"codigo":' || to_json(codigo)::text || ',"imagen":' || coalesce(to_json(imagen)::text, 'null')
    || ',"precio":' || trim_scale(precio)::text || ',"stock":' || stock || ',"cantidadVendida":' || cantidad_vendida
    || ',"descripcion":' || to_json(descripcion)::text || ',"categoria":{"id":' || categoria_id
    || ',"denominacion":' || to_json(categoria)::text || '}}'
$$;--> statement-breakpoint
-- Every insert and update of a product writes it again: a sale's stock and sales, a price, a rename.
CREATE FUNCTION producto_json_publico_tg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.json_publico := producto_json_publico(NEW.id, NEW.denominacion, NEW.marca, NEW.codigo, NEW.imagen, NEW.precio,
    NEW.stock, NEW.cantidad_vendida, NEW.descripcion, NEW.categoria_id,
    (SELECT c.denominacion FROM categoria c WHERE c.id = NEW.categoria_id));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER producto_json_publico BEFORE INSERT OR UPDATE ON producto
  FOR EACH ROW EXECUTE FUNCTION producto_json_publico_tg();--> statement-breakpoint
-- A category's new name reaches its products' JSON (the update above writes it again).
CREATE FUNCTION categoria_json_publico_tg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE producto SET json_publico = NULL WHERE categoria_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categoria_json_publico AFTER UPDATE OF denominacion ON categoria FOR EACH ROW
  WHEN (OLD.denominacion IS DISTINCT FROM NEW.denominacion) EXECUTE FUNCTION categoria_json_publico_tg();--> statement-breakpoint
-- The products there are now; from here on the trigger keeps the column written (never null).
UPDATE producto SET json_publico = NULL;

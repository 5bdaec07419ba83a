// The benchmark's data set, loaded with a few set-based SQL statements (generate_series), not API calls.
import { sql } from 'drizzle-orm';
import { hashearClave } from '../server/auth/claves';
import type { BaseDeDatos } from '../server/db/client';
import { usuario } from '../server/db/schema';
import { ANCLAS, cargarCatalogo, TERMINOS_DE_CLASE } from '../server/test/catalogo-de-busqueda';

export const CLAVE_BENCH = 'bench-clave-123';
export const ADMIN_BENCH = 'bench-admin';
export const CLIENTE_BENCH = 'bench-cliente';
/** Products 1..N have a huge stock: the cart-order row buys them. */
export const PRODUCTOS_CON_STOCK_GRANDE = 200;
export const STOCK_GRANDE = 1_000_000;

export interface Tamano {
  /** All products: the relevance set's anchors and the generated ones (server/test/catalogo-de-busqueda.ts). */
  productos: number;
  marcas: number;
  ventas: number;
  promociones: number;
  clientes: number;
}

/**
 * `BENCH_ESCALA` (1): a fraction of the data set, to check that rows run to the end without a full-size
 * run (0.05: 500 products, 2,500 sales). Never fewer products than those the cart order buys.
 */
const ESCALA = Number(process.env.BENCH_ESCALA ?? '1') || 1;
const escalar = (n: number, minimo: number) => Math.max(minimo, Math.round(n * ESCALA));

/** The data set of every row; the search rows run on it and on one of `BENCH_PRODUCTOS` products. */
export const TAMANO: Tamano = {
  productos: escalar(10_000, 2 * PRODUCTOS_CON_STOCK_GRANDE + ANCLAS.length),
  marcas: escalar(200, 10),
  ventas: escalar(50_000, 100),
  promociones: escalar(200, 10),
  clientes: 50,
};

/**
 * Catalogue filter URLs that each show a full page of products and never repeat within ~1,000 requests:
 * every kind of product (lower case, no accents, as a visitor would type it) x both price orders x pages
 * 1 to 10, the search changing fastest.
 */
export function urlsDeFiltro(t: Tamano = TAMANO): string[] {
  const terminos = TERMINOS_DE_CLASE.filter((n) => /^[a-z0-9 ]+$/.test(n));
  const paginas = Math.max(1, Math.floor(t.productos / terminos.length / 24));
  const urls: string[] = [];
  for (let pagina = 1; pagina <= Math.min(10, paginas); pagina++) {
    for (const orden of ['asc', 'desc']) {
      for (const q of terminos) urls.push(`/products?q=${encodeURIComponent(q)}&orden=${orden}${pagina > 1 ? `&pagina=${pagina}` : ''}`);
    }
  }
  return urls;
}

const texto = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arreglo = (xs: readonly string[]) => `array[${xs.map(texto).join(',')}]::text[]`;

export interface DatosCargados {
  segundos: number;
  filas: Record<string, number>;
}

/** Fills a migrated, empty database. Deterministic: the same ids every run. */
export async function cargarDatos(base: BaseDeDatos, t: Tamano = TAMANO): Promise<DatosCargados> {
  const inicio = performance.now();
  const db = base.db;
  const ejecutar = (consulta: string) => db.execute(sql.raw(consulta));

  const hash = await hashearClave(CLAVE_BENCH);
  await db.insert(usuario).values([
    { usuario: ADMIN_BENCH, clave: hash, rol: 'ADMIN' },
    { usuario: CLIENTE_BENCH, clave: hash, rol: 'USER' },
    ...Array.from({ length: t.clientes }, (_, i) => ({ usuario: `cliente${i + 1}`, clave: hash, rol: 'USER' as const })),
  ]);

  await cargarCatalogo(db, {
    productos: t.productos - ANCLAS.length,
    marcas: t.marcas,
    stock: (i) => (i <= PRODUCTOS_CON_STOCK_GRANDE ? STOCK_GRANDE : (i * 13) % 300),
    descripcion: 'Artículo de librería y papelería para la escuela, la oficina y el hogar. Calidad garantizada.',
  });

  await ejecutar(`insert into movimiento_stock (producto_id, delta, motivo) select id, stock, 'INICIAL' from producto`);

  await ejecutar(`
    with u as (select array_agg(id order by id) ids from usuario where rol = 'USER')
    insert into venta (fecha, forma_pago, total, envio, con_envio, estado_venta, user_id)
    select now() - (g * 730.0 / ${t.ventas}) * interval '1 day' - ((g * 7919) % 86400) * interval '1 second',
      ((${arreglo(['EFECTIVO', 'MERCADOPAGO', 'QR', 'POSTNET', 'TRANSFERENCIA'])})[1 + g % 5])::forma_pago, 0,
      case when g % 7 = 0 then 1500 else 0 end, g % 7 = 0,
      (case when g % 10 = 0 then 'PENDIENTE' else 'CONCLUIDO' end)::estado_venta,
      u.ids[1 + g % array_length(u.ids, 1)]
    from generate_series(1, ${t.ventas}) g, u`);

  await ejecutar(`
    with p as (select min(id) primero, count(*) n from producto)
    insert into detalle_venta (cantidad, precio_aplicado, producto_id, venta_id)
    select 1 + (v.id + k) % 3, pr.precio, pr.id, v.id
    from venta v cross join generate_series(1, 4) k cross join p
    join producto pr on pr.id = p.primero + ((v.id * 31 + k * 977) % p.n)
    where k <= 1 + v.id % 4`);

  await ejecutar(`
    update venta v set total = s.t + v.envio
    from (select venta_id, sum(cantidad * precio_aplicado) t from detalle_venta group by venta_id) s
    where s.venta_id = v.id`);

  await ejecutar(`
    insert into promocion (denominacion, descripcion, fecha_inicio, fecha_fin, precio_promocional)
    select 'Promo ' || g, 'Combo de útiles escolares número ' || g,
      now() - (g % 30 + 1) * interval '1 day',
      case when g % 2 = 0 then now() + (g % 60 + 1) * interval '1 day' else now() - interval '1 hour' * (g % 24 + 1) end,
      1000 + g * 10
    from generate_series(1, ${t.promociones}) g`);

  await ejecutar(`
    with p as (select min(id) primero, count(*) n from producto)
    insert into detalle_promocion (cantidad, promocion_id, producto_id)
    select 1 + k % 2, pm.id, p.primero + ((pm.id * 53 + k * 1009) % p.n)
    from promocion pm cross join generate_series(0, 2) k cross join p
    where k < 2 + pm.id % 2`);

  // A published school list of 20 items (issue 20): its pages are weighed and scored with the others.
  await ejecutar(`
    insert into lista_escolar (escuela, localidad, nivel, grado, anio, notas, publicada)
    values ('Escuela N° 1-001 Gral. José de San Martín', 'CAPITAL', 'PRIMARIO', '1er grado', 2027, 'Todo con nombre.', true)`);
  await ejecutar(`
    insert into item_lista_escolar (lista_id, orden, cantidad, producto_id, texto)
    select (select max(id) from lista_escolar), g, 1 + g % 3, p.id, p.denominacion
    from (select id, denominacion, row_number() over (order by cantidad_vendida desc, id) g from producto) p
    where g <= 20`);

  // As autovacuum leaves a database soon after a bulk load: statistics, and the visibility map that lets
  // the search count its matches from the index alone (without it every count reads the table).
  await ejecutar('vacuum analyze');

  const filas: Record<string, number> = {};
  for (const tabla of ['producto', 'categoria', 'venta', 'detalle_venta', 'promocion', 'detalle_promocion', 'usuario']) {
    const r = await db.execute(sql.raw(`select count(*)::int n from ${tabla}`));
    filas[tabla] = Number((r as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  }
  return { segundos: (performance.now() - inicio) / 1000, filas };
}

/** Oversell check after the cart-order load: stock = sum of movements (INICIAL included) and never negative. */
export async function verificarStock(base: BaseDeDatos): Promise<{ ok: boolean; descuadres: number; negativos: number; pedidos: number }> {
  const r = await base.db.execute(
    sql.raw(`
      select
        (select count(*)::int from producto p
          where p.stock <> coalesce((select sum(delta) from movimiento_stock m where m.producto_id = p.id), 0)) descuadres,
        (select count(*)::int from producto where stock < 0) negativos,
        (select count(*)::int from movimiento_stock where motivo = 'PEDIDO') pedidos`),
  );
  const fila = (r as unknown as { rows: Array<{ descuadres: number; negativos: number; pedidos: number }> }).rows[0]!;
  const descuadres = Number(fila.descuadres);
  const negativos = Number(fila.negativos);
  return { ok: descuadres === 0 && negativos === 0, descuadres, negativos, pedidos: Number(fila.pedidos) };
}

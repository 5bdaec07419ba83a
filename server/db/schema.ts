import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ESTADOS_PAGO,
  ESTADOS_VENTA,
  FORMAS_PAGO,
  LOCALIDADES,
  MOTIVOS_MOVIMIENTO,
  PROVINCIAS,
  ROLES,
} from '../../domain/enums';
import { NIVELES } from '../../domain/lista-escolar-reglas';
import { ESTADOS_IMPRESION, type OpcionesImpresion, type PresupuestoImpresion, type TamanioDePagina, type TarifaImpresion } from '../../domain/impresion';

export const rolEnum = pgEnum('rol', ROLES);
export const provinciaEnum = pgEnum('provincia', PROVINCIAS);
export const localidadEnum = pgEnum('localidad', LOCALIDADES);
export const formaPagoEnum = pgEnum('forma_pago', FORMAS_PAGO);
export const estadoVentaEnum = pgEnum('estado_venta', ESTADOS_VENTA);
export const estadoPagoEnum = pgEnum('estado_pago', ESTADOS_PAGO);
export const nivelEnum = pgEnum('nivel', NIVELES);
export const motivoMovimientoEnum = pgEnum('motivo_movimiento', MOTIVOS_MOVIMIENTO);
export const estadoImpresionEnum = pgEnum('estado_impresion', ESTADOS_IMPRESION);

const dinero = (nombre: string) => numeric(nombre, { precision: 12, scale: 2, mode: 'number' });
const momento = (nombre: string) => timestamp(nombre, { withTimezone: true, mode: 'date' });

export const usuario = pgTable(
  'usuario',
  {
    id: serial('id').primaryKey(),
    usuario: text('usuario').notNull(),
    clave: text('clave').notNull(),
    mensaje: text('mensaje'),
    rol: rolEnum('rol').notNull().default('USER'),
    creado: momento('creado').notNull().defaultNow(),
  },
  // One name whatever its capitals: 'ADMIN' is not a second 'admin' (migration 0024). Sign-in and
  // password reset look names up through it.
  (t) => [uniqueIndex('usuario_usuario_minusculas_key').on(sql`lower(${t.usuario})`)],
);

export const domicilio = pgTable(
  'domicilio',
  {
    id: serial('id').primaryKey(),
    calle: text('calle').notNull().default(''),
    numero: text('numero').notNull().default(''),
    /** One of Mendoza's (spec section 3); null outside Mendoza. */
    localidad: localidadEnum('localidad').default('CAPITAL'),
    provincia: provinciaEnum('provincia').notNull().default('MENDOZA'),
    /** Outside Mendoza: the locality as written (null in Mendoza, and in addresses saved before it was asked). */
    localidadTexto: text('localidad_texto'),
    /** Outside Mendoza: '5000' or a CPA 'X5000ABC' (domain/persona.ts). */
    codigoPostal: text('codigo_postal'),
  },
  // In Mendoza a listed locality and nothing written; elsewhere no listed locality (docs/decisions/025).
  (t) => [
    check(
      'domicilio_localidad_segun_provincia',
      sql`(${t.provincia} = 'MENDOZA' and ${t.localidad} is not null and ${t.localidadTexto} is null and ${t.codigoPostal} is null) or (${t.provincia} <> 'MENDOZA' and ${t.localidad} is null)`,
    ),
  ],
);

export const persona = pgTable(
  'persona',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    apellido: text('apellido').notNull(),
    telefono: text('telefono').notNull().default(''),
    email: text('email').notNull().default(''),
    // An address belongs to one person; deleting the address leaves the person without one.
    domicilioId: integer('domicilio_id').references(() => domicilio.id, { onDelete: 'set null' }),
    // Deleting a login deletes the person data that only existed for it.
    userId: integer('user_id').references(() => usuario.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('persona_user_id_key').on(t.userId), index('persona_nombre_idx').on(t.nombre)],
);

export const categoria = pgTable('categoria', {
  id: serial('id').primaryKey(),
  denominacion: text('denominacion').notNull().unique(),
});

export const producto = pgTable(
  'producto',
  {
    id: serial('id').primaryKey(),
    denominacion: text('denominacion').notNull(),
    marca: text('marca').notNull().default(''),
    codigo: text('codigo').notNull().unique(),
    imagen: text('imagen'),
    precio: dinero('precio').notNull(),
    costo: dinero('costo').notNull(),
    // 6 decimals: a margin solved for a rounded price reaches it to the cent (docs/decisions/030-catalogo-masivo.md).
    porcentaje: numeric('porcentaje', { precision: 11, scale: 6, mode: 'number' }).notNull(),
    stock: integer('stock').notNull().default(0),
    cantidadVendida: integer('cantidad_vendida').notNull().default(0),
    descripcion: text('descripcion').notNull().default(''),
    // A category in use cannot disappear under its products.
    categoriaId: integer('categoria_id')
      .notNull()
      .references(() => categoria.id, { onDelete: 'restrict' }),
    creado: momento('creado').notNull().defaultNow(),
    actualizado: momento('actualizado').notNull().defaultNow(),
    // What the public catalogue answers for this product, as JSON text written by a trigger on every
    // write (migration 0021): a page of the catalogue reads one column a product, not thirteen.
    jsonPublico: text('json_publico'),
  },
  (t) => [
    check('producto_stock_no_negativo', sql`${t.stock} >= 0`),
    check('producto_vendidos_no_negativo', sql`${t.cantidadVendida} >= 0`),
    check('producto_costo_positivo', sql`${t.costo} > 0`),
    check('producto_porcentaje_positivo', sql`${t.porcentaje} > 0`),
    index('producto_categoria_idx').on(t.categoriaId, t.precio),
    index('producto_marca_idx').on(t.marca, t.precio),
    index('producto_precio_idx').on(t.precio, t.id),
  ],
);

export const venta = pgTable(
  'venta',
  {
    id: serial('id').primaryKey(),
    fecha: momento('fecha').notNull().defaultNow(),
    formaPago: formaPagoEnum('forma_pago').notNull().default('EFECTIVO'),
    total: dinero('total').notNull().default(0),
    /** Shipping charge entered by the admin; added to the total. */
    envio: dinero('envio').notNull().default(0),
    /** The customer asked for delivery in the cart (the cart's 0/1 flag). */
    conEnvio: boolean('con_envio').notNull().default(false),
    estadoVenta: estadoVentaEnum('estado_venta').notNull().default('PENDIENTE'),
    // Sales are cash history: they outlive the user that made them.
    userId: integer('user_id').references(() => usuario.id, { onDelete: 'set null' }),
    estadoPago: estadoPagoEnum('estado_pago'),
    pagoId: text('pago_id'),
    pagoActualizado: momento('pago_actualizado'),
    /** Set once when the units of an unpaid online order went back to stock. */
    stockLiberado: boolean('stock_liberado').notNull().default(false),
    /**
     * Placed by a customer through the shop's cart (POST /api/pedido), not entered by an admin: the
     * orders the anti-automation limits count, and the cash ones that expire (EFECTIVO_VENCE_HORAS).
     */
    carrito: boolean('carrito').notNull().default(false),
    /** The published school list the cart came from (issue 20), for the list's figures. */
    listaEscolarId: integer('lista_escolar_id').references(() => listaEscolar.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('venta_lista_escolar_idx').on(t.listaEscolarId),
    check('venta_total_no_negativo', sql`${t.total} >= 0`),
    check('venta_envio_no_negativo', sql`${t.envio} >= 0`),
    index('venta_fecha_idx').on(t.fecha),
    index('venta_user_idx').on(t.userId, t.fecha),
    index('venta_estado_idx').on(t.estadoVenta),
  ],
);

export const promocion = pgTable(
  'promocion',
  {
    id: serial('id').primaryKey(),
    denominacion: text('denominacion').notNull(),
    descripcion: text('descripcion').notNull(),
    fechaInicio: momento('fecha_inicio').notNull(),
    fechaFin: momento('fecha_fin').notNull(),
    precioPromocional: dinero('precio_promocional').notNull(),
  },
  (t) => [
    check('promocion_precio_positivo', sql`${t.precioPromocional} > 0`),
    check('promocion_fechas_ordenadas', sql`${t.fechaFin} >= ${t.fechaInicio}`),
    index('promocion_fecha_fin_idx').on(t.fechaFin),
  ],
);

export const detallePromocion = pgTable(
  'detalle_promocion',
  {
    id: serial('id').primaryKey(),
    cantidad: integer('cantidad').notNull(),
    promocionId: integer('promocion_id')
      .notNull()
      .references(() => promocion.id, { onDelete: 'cascade' }),
    // A deleted product simply leaves the promotions it was in.
    productoId: integer('producto_id')
      .notNull()
      .references(() => producto.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('detalle_promocion_cantidad_positiva', sql`${t.cantidad} > 0`),
    uniqueIndex('detalle_promocion_unico').on(t.promocionId, t.productoId),
    index('detalle_promocion_producto_idx').on(t.productoId),
  ],
);

export const detalleVenta = pgTable(
  'detalle_venta',
  {
    id: serial('id').primaryKey(),
    cantidad: integer('cantidad').notNull(),
    precioAplicado: dinero('precio_aplicado').notNull(),
    // A product that was sold cannot be deleted: the sale's history needs it. Null on a print line.
    productoId: integer('producto_id').references(() => producto.id, { onDelete: 'restrict' }),
    /** A print line's job (issue 21): exactly one of producto_id and this is set. */
    trabajoImpresionId: integer('trabajo_impresion_id').references(() => trabajoImpresion.id, { onDelete: 'restrict' }),
    ventaId: integer('venta_id')
      .notNull()
      .references(() => venta.id, { onDelete: 'cascade' }),
    promocionId: integer('promocion_id').references(() => promocion.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('detalle_venta_cantidad_positiva', sql`${t.cantidad} > 0`),
    check('detalle_venta_precio_no_negativo', sql`${t.precioAplicado} >= 0`),
    index('detalle_venta_venta_idx').on(t.ventaId),
    index('detalle_venta_producto_idx').on(t.productoId),
    check('detalle_venta_producto_o_impresion', sql`(${t.productoId} is null) <> (${t.trabajoImpresionId} is null)`),
    // A print job is charged once: on one line of one sale.
    uniqueIndex('detalle_venta_trabajo_impresion_unico').on(t.trabajoImpresionId),
  ],
);

/**
 * A customer's PDF to print (issue 21, docs/decisions/035-impresiones.md). The file lives in
 * IMPRESIONES_DIR under `archivo` (a generated name) with its page-1 thumbnail beside it; what the
 * server read from it is kept here, so pricing never opens the PDF again.
 */
export const trabajoImpresion = pgTable(
  'trabajo_impresion',
  {
    id: serial('id').primaryKey(),
    // The job outlives its customer only as the sale's history.
    userId: integer('user_id').references(() => usuario.id, { onDelete: 'set null' }),
    nombreArchivo: text('nombre_archivo').notNull(),
    /** The stored file's generated name (`<uuid>.pdf`; the thumbnail is `<uuid>.png`). */
    archivo: text('archivo').notNull().unique(),
    bytes: integer('bytes').notNull(),
    paginas: integer('paginas').notNull(),
    tamanioPagina: text('tamanio_pagina').$type<TamanioDePagina>().notNull(),
    /** 1-based numbers of the pages with colour. */
    paginasColor: jsonb('paginas_color').$type<number[]>().notNull(),
    opciones: jsonb('opciones').$type<OpcionesImpresion>().notNull(),
    estado: estadoImpresionEnum('estado').notNull().default('BORRADOR'),
    /** Fixed when ordered: the sides, sheets, price charged and its breakdown (domain/impresion.ts). */
    carillas: integer('carillas'),
    hojas: integer('hojas'),
    precio: dinero('precio'),
    detallePrecio: jsonb('detalle_precio').$type<PresupuestoImpresion['detalle']>(),
    ventaId: integer('venta_id').references(() => venta.id, { onDelete: 'set null' }),
    creado: momento('creado').notNull().defaultNow(),
    /** When it entered the queue (RECIBIDO): the queue's order. */
    recibido: momento('recibido'),
    /** Worked out when it entered the queue: the sides ahead of it and its own at IMPRESION_CARILLAS_POR_HORA. */
    listoEstimado: momento('listo_estimado'),
    /** The last change of state (the cleanup counts its days from here). */
    actualizado: momento('actualizado').notNull().defaultNow(),
    /** Set when the cleanup deleted the file (IMPRESION_BORRAR_DIAS). */
    archivoBorrado: momento('archivo_borrado'),
  },
  (t) => [
    check('trabajo_impresion_paginas_positivas', sql`${t.paginas} > 0`),
    index('trabajo_impresion_cola_idx').on(t.estado, t.recibido),
    index('trabajo_impresion_user_idx').on(t.userId, t.creado),
    index('trabajo_impresion_venta_idx').on(t.ventaId),
  ],
);

/** The owner's print price table: one row (id 1); without it the demo table applies. */
export const tarifaImpresion = pgTable(
  'tarifa_impresion',
  {
    id: integer('id').primaryKey().default(1),
    tarifa: jsonb('tarifa').$type<TarifaImpresion>().notNull(),
    actualizado: momento('actualizado').notNull().defaultNow(),
  },
  (t) => [check('tarifa_impresion_una_fila', sql`${t.id} = 1`)],
);

export const movimientoStock = pgTable(
  'movimiento_stock',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productoId: integer('producto_id')
      .notNull()
      .references(() => producto.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    motivo: motivoMovimientoEnum('motivo').notNull(),
    // Movements are an audit trail: they keep the sale number even after the sale is deleted.
    ventaId: integer('venta_id'),
    userId: integer('user_id').references(() => usuario.id, { onDelete: 'set null' }),
    fecha: momento('fecha').notNull().defaultNow(),
  },
  (t) => [index('movimiento_producto_idx').on(t.productoId, t.fecha), index('movimiento_venta_idx').on(t.ventaId)],
);

export const sesion = pgTable(
  'sesion',
  {
    /** SHA-256 of the cookie token: a stolen database row cannot be used as a cookie. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    creada: momento('creada').notNull().defaultNow(),
    /** The cookie's expiry: the absolute limit of the user's role when the session was created. */
    expira: momento('expira').notNull(),
    /** Last request made with it, written at most once a minute: the idle timeout counts from here. */
    ultimoUso: momento('ultimo_uso').notNull().defaultNow(),
    /** The browser's User-Agent when it started (at most 400 characters), shown in words in 'Mi cuenta'. */
    agente: text('agente'),
  },
  (t) => [index('sesion_user_idx').on(t.userId), index('sesion_expira_idx').on(t.expira)],
);

/** Failed logins per user name and per address, shared by every instance. */
export const intentoLogin = pgTable('intento_login', {
  clave: text('clave').primaryKey(),
  fallos: integer('fallos').notNull().default(0),
  desde: momento('desde').notNull().defaultNow(),
});

/**
 * An admin's TOTP second factor (RFC 6238; docs/decisions/021-segundo-factor.md). One per user; it counts
 * only once confirmed with a first code.
 */
export const segundoFactor = pgTable('segundo_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => usuario.id, { onDelete: 'cascade' }),
  /** The shared secret, AES-256-GCM with ADMIN_MFA_CLAVE when set (server/auth/totp.ts). Never answered after enrolment. */
  secreto: text('secreto').notNull(),
  /** Null while enrolment waits for its first code. */
  confirmado: momento('confirmado'),
  /** The last 30-second time step whose code was accepted: that code, and older ones, are refused. */
  ultimoPaso: bigint('ultimo_paso', { mode: 'number' }),
  creado: momento('creado').notNull().defaultNow(),
});

/** One-use recovery codes of a second factor; they go with it. */
export const codigoRecuperacion = pgTable(
  'codigo_recuperacion',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => segundoFactor.userId, { onDelete: 'cascade' }),
    /** SHA-256 of this code's own salt and the code (high-entropy codes: a fast hash is enough). */
    hash: text('hash').notNull(),
    sal: text('sal').notNull(),
    usado: momento('usado'),
  },
  (t) => [index('codigo_recuperacion_user_idx').on(t.userId)],
);

/**
 * A sign-in whose password was right and whose second factor is still to come: a few minutes, in an
 * HttpOnly cookie of its own that grants nothing else.
 */
export const inicioPendiente = pgTable(
  'inicio_pendiente',
  {
    /** SHA-256 of the cookie token. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    expira: momento('expira').notNull(),
  },
  (t) => [index('inicio_pendiente_expira_idx').on(t.expira)],
);

/** First answer of a cart order per Idempotency-Key, so a retry creates nothing more. */
export const pedidoIdempotente = pgTable(
  'pedido_idempotente',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    clave: text('clave').notNull(),
    ventaId: integer('venta_id').references(() => venta.id, { onDelete: 'cascade' }),
    respuesta: jsonb('respuesta').notNull(),
    creado: momento('creado').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clave] })],
);

/**
 * Checkout Pro preferences of the built-in simulator (no MP_ACCESS_TOKEN): what Mercado Pago would
 * keep on its side, kept in the database so that any instance can serve the simulated checkout.
 */
export const preferenciaSimulada = pgTable('preferencia_simulada', {
  id: text('id').primaryKey(),
  // The external_reference as sent; not a foreign key, like Mercado Pago's own copy.
  referencia: text('referencia').notNull(),
  /** The preference body as the shop sent it (items, back_urls, notification_url, expiration). */
  datos: jsonb('datos').notNull(),
  creada: momento('creada').notNull().defaultNow(),
});

/** Payments made in the simulated checkout; the simulator answers payment get and search from here. */
export const pagoSimulado = pgTable(
  'pago_simulado',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    preferenciaId: text('preferencia_id')
      .notNull()
      .references(() => preferenciaSimulada.id, { onDelete: 'cascade' }),
    referencia: text('referencia').notNull(),
    /** Mercado Pago's own status words: approved, pending, rejected. */
    estado: text('estado').notNull(),
    monto: dinero('monto').notNull(),
    creado: momento('creado').notNull().defaultNow(),
    actualizado: momento('actualizado').notNull().defaultNow(),
  },
  (t) => [index('pago_simulado_referencia_idx').on(t.referencia)],
);

/**
 * The audit trail (server/auditoria, docs/decisions/022-auditoria.md): append-only, a trigger refuses
 * UPDATE, DELETE and TRUNCATE (migration 0004). No foreign keys: a row outlives its user, product or
 * sale, and an ON DELETE action would have to change it. Never holds a password, hash, token or cookie.
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Milliseconds, as a JavaScript Date holds them: the CSV export pages by (fecha, id) exactly. */
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    /** Who acted: the user's id, or null (Mercado Pago, the system, an anonymous visitor). */
    usuarioId: integer('usuario_id'),
    /** The user's name at the time, or the actor without a user ('Mercado Pago', 'Sistema', 'Anónimo'). */
    usuario: text('usuario').notNull(),
    /** `entidad.verbo`, one of domain/auditoria.ts's ACCIONES_AUDITORIA. */
    accion: text('accion').notNull(),
    entidad: text('entidad').notNull(),
    entidadId: integer('entidad_id'),
    /** The client's address (TRUST_PROXY decides whether X-Forwarded-For counts) and user agent. */
    direccion: text('direccion'),
    navegador: text('navegador'),
    /** The values that matter before and after the change (price, stock, role, state). */
    antes: jsonb('antes'),
    despues: jsonb('despues'),
    /** Facts of the event that are neither (the quantity loaded, the range of a bulk delete). */
    detalle: jsonb('detalle'),
  },
  (t) => [
    index('auditoria_fecha_idx').on(t.fecha, t.id),
    index('auditoria_usuario_idx').on(t.usuarioId, t.fecha),
    index('auditoria_entidad_idx').on(t.entidad, t.entidadId, t.fecha),
    index('auditoria_accion_idx').on(t.accion, t.fecha),
  ],
);

// ---- Búsqueda (issue 17): derived by triggers on producto and categoria (see the search migration) ----

/** Regional words the shop edits ('birome' = 'bolígrafo'); a search for either side finds the other. */
export const sinonimo = pgTable('sinonimo', {
  id: serial('id').primaryKey(),
  termino: text('termino').notNull(),
  equivalente: text('equivalente').notNull(),
});

/**
 * One row per (folded root, product): the words of name, code, brand and category, with the sort keys
 * copied so that a one-word search is an index range scan with LIMIT. `campos`: 1 code, 2 name, 4 brand,
 * 8 category; `peso` 0 when the word is in the name or code, 1 otherwise (ranks after).
 */
export const productoPalabra = pgTable(
  'producto_palabra',
  {
    palabra: text('palabra').notNull(),
    productoId: integer('producto_id')
      .notNull()
      .references(() => producto.id, { onDelete: 'cascade' }),
    campos: integer('campos').notNull(),
    peso: integer('peso').notNull(),
    cantidadVendida: integer('cantidad_vendida').notNull(),
    precio: dinero('precio').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.palabra, t.productoId] }),
    index('producto_palabra_asc_idx').on(t.palabra, t.peso, t.cantidadVendida.desc(), t.precio, t.productoId),
    index('producto_palabra_desc_idx').on(t.palabra, t.peso, t.cantidadVendida.desc(), t.precio.desc(), t.productoId.desc()),
    index('producto_palabra_producto_idx').on(t.productoId),
  ],
);

/**
 * Each product's roots as arrays, kept with its words (busqueda_indexar): a search of several words
 * intersects them in a GIN index and ranks only what all its words find, instead of grouping every
 * match of every word. `nombre`: the roots of its name and code (rank 0, the others 1).
 */
export const productoTerminos = pgTable(
  'producto_terminos',
  {
    productoId: integer('producto_id')
      .primaryKey()
      .references(() => producto.id, { onDelete: 'cascade' }),
    // The roots' ids (termino_busqueda.id), not their text: comparing integers is what makes ranking the
    // products a search finds cheap (migration 0020, docs/decisions/037).
    terminos: integer('terminos').array().notNull(),
    nombre: integer('nombre').array().notNull(),
    cantidadVendida: integer('cantidad_vendida').notNull(),
    precio: dinero('precio').notNull(),
  },
  // No pending list: PGlite has no autovacuum to merge it, and every search would read it through.
  (t) => [index('producto_terminos_gin_idx').using('gin', t.terminos).with({ fastupdate: false })],
);

/**
 * The catalogue's distinct roots and a form to show ('lápices'), for prefixes, typos and '¿Quisiste decir…?';
 * with how many products have each (kept by triggers on producto_palabra): a one-word search's total.
 */
export const terminoBusqueda = pgTable(
  'termino_busqueda',
  {
    palabra: text('palabra').primaryKey(),
    forma: text('forma').notNull(),
    productos: integer('productos').notNull().default(0),
    /** What producto_terminos holds for this root. A root is never deleted, so its id never changes. */
    id: serial('id').notNull(),
  },
  (t) => [
    uniqueIndex('termino_busqueda_id_idx').on(t.id),
    index('termino_busqueda_prefijo_idx').using('btree', sql`${t.palabra} text_pattern_ops`),
    // Typos are looked for among words without digits: codes and numbers would be most of the index.
    index('termino_busqueda_trgm_idx').using('gist', sql`${t.palabra} gist_trgm_ops`).where(sql`${t.palabra} !~ '[0-9]'`),
    // A typo of one letter (dropped, extra, changed or two swapped: 'agneda', 'cilps') shares a variant with
    // its word; trigrams miss most of them in short words (function in migration 0019).
    index('termino_busqueda_variantes_idx').using('gin', sql`busqueda_variantes(${t.palabra})`).where(sql`${t.palabra} !~ '[0-9]'`),
  ],
);

/**
 * How many products have a root that begins with each prefix (3 letters up, roots without digits), kept
 * by busqueda_terminos and a trigger on producto_terminos: the total of a one-word search whose word begins
 * several roots ('ofici': oficio, oficina) without deduplicating their thousands of index entries.
 */
export const prefijoBusqueda = pgTable('prefijo_busqueda', {
  prefijo: text('prefijo').primaryKey(),
  productos: integer('productos').notNull().default(0),
});

/** The distinct brands and how many products carry each, kept by a trigger (the catalogue's dropdown). */
export const marcaCatalogo = pgTable('marca_catalogo', {
  marca: text('marca').primaryKey(),
  productos: integer('productos').notNull(),
  /** The brand folded as the search folds words: the suggestions match it without folding every brand per request. */
  plegada: text('plegada').generatedAlwaysAs(sql`busqueda_plegar(marca)`),
});

/** Counts kept by triggers ('productos': the catalogue's total without filters). */
export const contadorCatalogo = pgTable('contador_catalogo', {
  nombre: text('nombre').primaryKey(),
  valor: bigint('valor', { mode: 'number' }).notNull(),
});

// ---- Correo y recuperación de contraseña (docs/decisions/031-correo-y-recuperar-clave.md) ----

/**
 * The outbox (server/correo/): each message is written in the same transaction as the change it tells
 * about, so a rolled-back order sends nothing, and a sender sends it after the commit, retrying with
 * back-off while SMTP is down. Senders claim rows with FOR UPDATE SKIP LOCKED: none is sent twice.
 */
export const correoPendiente = pgTable(
  'correo_pendiente',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which template (server/correo/plantillas.ts). */
    tipo: text('tipo').notNull(),
    /** The customer's address; null: the owner's (MAIL_DUENO, read when sending). */
    destinatario: text('destinatario'),
    /** What the template shows, as it was when the change committed (the order's lines, total...). */
    datos: jsonb('datos').notNull(),
    /** 'pendiente', 'enviado', or 'descartado' (an owner notice without MAIL_DUENO, a link past its time). */
    estado: text('estado').notNull().default('pendiente'),
    creado: momento('creado').notNull().defaultNow(),
    intentos: integer('intentos').notNull().default(0),
    /** When a sender may take it: now, after a failure the back-off, while one sends it a lease. */
    proximoIntento: momento('proximo_intento').notNull().defaultNow(),
    ultimoError: text('ultimo_error'),
    enviado: momento('enviado'),
  },
  (t) => [index('correo_pendiente_proximo_idx').on(t.proximoIntento).where(sql`${t.estado} = 'pendiente'`)],
);

/** A forgotten password's one-use link: only the SHA-256 of its random token is kept. */
export const recuperacionClave = pgTable(
  'recuperacion_clave',
  {
    /** SHA-256 of the token the link carries. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    creado: momento('creado').notNull().defaultNow(),
    expira: momento('expira').notNull(),
    usado: momento('usado'),
  },
  (t) => [index('recuperacion_clave_user_idx').on(t.userId, t.creado)],
);

// ---- Catalogue in bulk (docs/decisions/030-catalogo-masivo.md) ----

/**
 * A spreadsheet import between its preview and its confirmation: the rows read from the file and the
 * fingerprint of the plan the owner saw, for some minutes, in the database so any instance can confirm it.
 */
export const importacionProductos = pgTable(
  'importacion_productos',
  {
    token: text('token').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    archivo: text('archivo').notNull(),
    /** PREVIA (waiting for confirmation), APLICANDO, APLICADA. */
    estado: text('estado').notNull().default('PREVIA'),
    /** The rows that are valid, as read from the file. */
    filas: jsonb('filas').notNull(),
    /** A hash of what the preview showed (rows to create, rows to update and their changes). */
    huella: text('huella').notNull(),
    creado: momento('creado').notNull().defaultNow(),
    vence: momento('vence').notNull(),
  },
  (t) => [index('importacion_productos_vence_idx').on(t.vence)],
);

// ---- Listas escolares (issue 20, docs/decisions/034-listas-escolares.md) ----

/** A school's supply list for one grade and school year; only published ones are public. */
export const listaEscolar = pgTable(
  'lista_escolar',
  {
    id: serial('id').primaryKey(),
    escuela: text('escuela').notNull(),
    localidad: localidadEnum('localidad').notNull(),
    nivel: nivelEnum('nivel').notNull(),
    grado: text('grado').notNull(),
    anio: integer('anio').notNull(),
    notas: text('notas').notNull().default(''),
    publicada: boolean('publicada').notNull().default(false),
    creado: momento('creado').notNull().defaultNow(),
    actualizado: momento('actualizado').notNull().defaultNow(),
  },
  (t) => [index('lista_escolar_orden_idx').on(t.anio.desc(), t.escuela, t.grado), index('lista_escolar_publicada_idx').on(t.publicada, t.localidad, t.nivel)],
);

/**
 * An item: a product and a quantity, or only the school's text while unmatched (producto_id null). A
 * deleted product turns its items back into free text; the text the school wrote stays.
 */
export const itemListaEscolar = pgTable(
  'item_lista_escolar',
  {
    id: serial('id').primaryKey(),
    listaId: integer('lista_id')
      .notNull()
      .references(() => listaEscolar.id, { onDelete: 'cascade' }),
    orden: integer('orden').notNull(),
    cantidad: integer('cantidad').notNull(),
    productoId: integer('producto_id').references(() => producto.id, { onDelete: 'set null' }),
    texto: text('texto').notNull(),
    opcional: boolean('opcional').notNull().default(false),
  },
  (t) => [
    check('item_lista_escolar_cantidad_positiva', sql`${t.cantidad} > 0`),
    index('item_lista_escolar_lista_idx').on(t.listaId, t.orden),
    index('item_lista_escolar_producto_idx').on(t.productoId),
  ],
);

/** An item's alternative products, tried in `orden` when its product has no stock; a deleted product leaves. */
export const alternativaItemLista = pgTable(
  'alternativa_item_lista',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => itemListaEscolar.id, { onDelete: 'cascade' }),
    orden: integer('orden').notNull(),
    productoId: integer('producto_id')
      .notNull()
      .references(() => producto.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.productoId] }), index('alternativa_item_lista_producto_idx').on(t.productoId)],
);

export const schema = {
  usuario,
  domicilio,
  persona,
  categoria,
  producto,
  venta,
  promocion,
  detallePromocion,
  detalleVenta,
  movimientoStock,
  sesion,
  intentoLogin,
  pedidoIdempotente,
  preferenciaSimulada,
  pagoSimulado,
  segundoFactor,
  codigoRecuperacion,
  inicioPendiente,
  auditoria,
  sinonimo,
  productoPalabra,
  productoTerminos,
  terminoBusqueda,
  marcaCatalogo,
  contadorCatalogo,
  correoPendiente,
  recuperacionClave,
  importacionProductos,
  listaEscolar,
  itemListaEscolar,
  alternativaItemLista,
};

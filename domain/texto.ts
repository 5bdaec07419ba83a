/** Lower-case without diacritics: 'Lápiz' and 'lapiz' compare equal (search and suggestions). */
export const normalizarBusqueda = (texto: string): string =>
  texto.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();

/** What a product search matches against: name, brand and code. */
export const busquedaDeProducto = (p: { denominacion: string; marca: string; codigo: string }): string =>
  normalizarBusqueda(`${p.denominacion} ${p.marca} ${p.codigo}`);

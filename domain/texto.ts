/** Lower-case without diacritics: 'Lápiz' and 'lapiz' compare equal (search and suggestions). */
export const normalizarBusqueda = (texto: string): string =>
  texto.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();

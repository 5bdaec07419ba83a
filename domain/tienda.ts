// The shop's own data, shown on several screens and in link previews.

export const TIENDA = {
  nombre: 'Librería Mendoza',
  lema: 'Papelería, librería y artículos de oficina',
  direccion: 'Av. San Martín 1250, Ciudad de Mendoza',
  horario: 'Lunes a viernes de 9 a 13 y de 17 a 21 · Sábados de 9 a 13',
  email: 'hola@libreriamendoza.com.ar',
  instagram: 'https://www.instagram.com/libreriamendoza',
  /** Map pin of the shop (downtown Mendoza). */
  mapa: { latitud: -32.8895, longitud: -68.8458 },
} as const;

/** OpenStreetMap embed of the shop's block: no API key, no tracking cookies. */
export const urlMapaEmbebido = (lat: number, lon: number, delta = 0.004) =>
  `https://www.openstreetmap.org/export/embed.html?bbox=${lon - delta}%2C${lat - delta}%2C${lon + delta}%2C${lat + delta}&layer=mapnik&marker=${lat}%2C${lon}`;

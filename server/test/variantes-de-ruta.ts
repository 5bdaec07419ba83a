/** '%61' or '%4A': the character percent-encoded, upper- or lower-case hex by turns. */
const codificar = (caracter: string, mayuscula: boolean) => {
  const hex = caracter.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${mayuscula ? hex.toUpperCase() : hex.toLowerCase()}`;
};

/**
 * Every other spelling of a canonical path ('/api/venta/1') an attacker would try: each character of
 * each segment percent-encoded, upper and mixed case, dot segments (plain and encoded), doubled
 * slashes, a backslash and absolute-form targets. None of them may reach a route under its name.
 */
export function variantesDeRuta(camino: string, puerto: number): string[] {
  const segmentos = camino.split('/').slice(1);
  const unir = (partes: string[]) => `/${partes.join('/')}`;
  const variantes = new Set<string>();

  segmentos.forEach((segmento, i) => {
    [...segmento].forEach((caracter, j) => {
      const cambiado = segmento.slice(0, j) + codificar(caracter, (i + j) % 2 === 0) + segmento.slice(j + 1);
      variantes.add(unir(segmentos.map((s, k) => (k === i ? cambiado : s))));
    });
    variantes.add(unir(segmentos.map((s, k) => (k === i ? s.toUpperCase() : s))));
    // Dot segments before this segment: '/api/./venta/1', '/api/x/../venta/1', '/api/%2e%2E/api/venta/1'.
    variantes.add(unir([...segmentos.slice(0, i), '.', ...segmentos.slice(i)]));
    variantes.add(unir([...segmentos.slice(0, i), 'x', '..', ...segmentos.slice(i)]));
    variantes.add(unir([...segmentos.slice(0, i), '%2e', ...segmentos.slice(i)]));
    variantes.add(unir([...segmentos.slice(0, i), 'x', '%2e%2E', ...segmentos.slice(i)]));
    variantes.add(unir([...segmentos.slice(0, i), '.%2e', ...segmentos.slice(0, i + 1), ...segmentos.slice(i + 1)]));
    // A doubled slash before this segment.
    variantes.add(`/${segmentos.slice(0, i).map((s) => `${s}/`).join('')}/${segmentos.slice(i).join('/')}`);
  });
  variantes.add(camino.toUpperCase());
  variantes.add(unir(segmentos.map((s) => (s.length > 0 ? s[0]!.toUpperCase() + s.slice(1) : s))));
  variantes.add(`${camino}/.`);
  variantes.add(`${camino}//`);
  variantes.add(`/${segmentos.join('\\')}`);
  variantes.add(`http://127.0.0.1:${puerto}${camino}`);
  variantes.add(`http://localhost${camino}`);
  variantes.add(`//127.0.0.1:${puerto}${camino}`);
  variantes.delete(camino);
  return [...variantes];
}

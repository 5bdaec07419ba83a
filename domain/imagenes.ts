/** The widths a product image is offered in as WebP (server/uploads/variantes.ts); any other is a 404. */
export const ANCHOS_VARIANTE = [160, 320, 480, 640, 960] as const;

/** URL of an uploaded product image resized to `ancho` pixels wide, as WebP. */
export const urlVariante = (imagen: string, ancho: number) => `/uploads/w${ancho}/${imagen}.webp`;

/**
 * The `srcset` of a product image: its WebP variants, for `<img srcset sizes>` (undefined without an
 * image, so the placeholder keeps its plain `src`). Keep the `<img>`'s width and height: no layout shift.
 */
export const srcsetImagen = (imagen: string | null | undefined): string | undefined =>
  imagen ? ANCHOS_VARIANTE.map((ancho) => `${urlVariante(imagen, ancho)} ${ancho}w`).join(', ') : undefined;

/**
 * A small thumbnail's URL (44 px, a promotion's products): the smallest variant, sharp up to 3.6 device
 * pixels per CSS pixel. Undefined without an image, like `srcsetImagen`: the caller falls back to the placeholder.
 */
export const urlMiniatura = (imagen: string | null | undefined): string | undefined => (imagen ? urlVariante(imagen, ANCHOS_VARIANTE[0]) : undefined);

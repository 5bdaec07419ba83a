/**
 * A chat link with a prefilled message. In a module of its own, without zod: the floating chat button
 * is on every page, and the first page's JavaScript must not carry zod (docs/performance.md).
 */
export const enlaceWhatsapp = (numero: string, mensaje: string) =>
  `https://wa.me/${numero}?text=${encodeURIComponent(mensaje)}`;

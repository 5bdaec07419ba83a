/**
 * A chat link with a prefilled message. In a module of its own, without zod: the floating chat button
 * is on every page, and the first page's JavaScript must not carry zod (bench/results/2026-11-22-a-26-historia.md).
 */
export const enlaceWhatsapp = (numero: string, mensaje: string) =>
  `https://wa.me/${numero}?text=${encodeURIComponent(mensaje)}`;

// On its own module: the shop's first page needs only this message, not the whole table of
// domain/mensajes.ts, which a bundler keeps whole in whichever chunk holds it (bench/results/2026-11-22-a-26-historia.md).
export const MENSAJE_ERROR_DESCONOCIDO = 'Error desconocido';

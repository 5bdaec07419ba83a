import type Sharp from 'sharp';

/**
 * sharp (libvips) loaded on first use: only uploads, WebP variants and the demo seed need it, and
 * loading it costs the server about 8 MB of memory from start (bench/results/2026-11-22-a-26-historia.md).
 */
export async function cargarSharp(): Promise<typeof Sharp> {
  return (await import('sharp')).default;
}

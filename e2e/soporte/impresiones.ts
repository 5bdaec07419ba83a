import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import type { TrabajoImpresion } from '../../domain/impresion';
import { pdfDePrueba } from './pdf';
import { CLAVE_CLIENTE } from './servidor';

/**
 * A print job in the shop's queue, made through the API as the demo customer: a PDF uploaded and
 * ordered in cash (a cash order's jobs enter the queue as Recibido).
 */
export async function trabajoEnCola(navegador: Browser, url: string, nombre = 'cola.pdf'): Promise<{ trabajo: TrabajoImpresion; ventaId: number }> {
  const contexto = await navegador.newContext({ baseURL: url });
  try {
    const { request } = contexto;
    expect((await request.post('/api/auth/login', { data: { usuario: 'cliente', clave: CLAVE_CLIENTE } })).ok()).toBe(true);
    const subida = await request.post('/api/impresion', {
      multipart: { archivo: { name: nombre, mimeType: 'application/pdf', buffer: pdfDePrueba({ paginas: 2 }) } },
    });
    expect(subida.status(), await subida.text()).toBe(201);
    const trabajo = (await subida.json()) as TrabajoImpresion;
    const pedido = await request.post('/api/pedido', {
      data: { impresiones: [{ trabajoId: trabajo.id }], formaPago: 'EFECTIVO', envio: 0 },
      headers: { 'Idempotency-Key': `e2e-impresion-${trabajo.id}` },
    });
    expect(pedido.status(), await pedido.text()).toBe(201);
    return { trabajo, ventaId: ((await pedido.json()) as { id: number }).id };
  } finally {
    await contexto.close();
  }
}

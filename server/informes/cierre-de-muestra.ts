// A made-up cash closing with every kind of value: the worker's warm-up workbook (cierre-xlsx-worker.ts)
// and the tests' data.
import { FORMAS_PAGO } from '../../domain/enums';
import type { DatosDelCierre, LineaDelCierre, VentaDelCierre } from './cierre';

/** `ventas` sales of 2 lines each: anonymous or not, with and without payment status, promotion, shipping. */
export function cierreDeMuestra(ventas: number): DatosDelCierre {
  const inicio = Date.parse('2026-03-01T03:00:00Z');
  const v: VentaDelCierre[] = Array.from({ length: ventas }, (_, i) => ({
    id: i + 1,
    fecha: new Date(inicio + i * 60_000),
    formaPago: FORMAS_PAGO[i % FORMAS_PAGO.length]!,
    estadoVenta: i % 10 === 0 ? 'PENDIENTE' : 'CONCLUIDO',
    estadoPago: i % 5 === 1 ? 'APROBADO' : null,
    envio: i % 7 === 0 ? 1500 : 0,
    total: 1650.25 + (i % 13),
    cliente: i % 3 === 0 ? null : `cliente${i % 50}`,
  }));
  const lineas: LineaDelCierre[] = v.flatMap((venta, i) => [
    { ventaId: venta.id, fecha: venta.fecha, productoId: 1 + (i % 97), denominacion: `Cuaderno ${i % 97}`, codigo: `C-${i % 97}`, cantidad: 1 + (i % 3), precioAplicado: 1500.5, promocionId: null },
    { ventaId: venta.id, fecha: venta.fecha, productoId: 200, denominacion: 'Birome azul', codigo: 'B-1', cantidad: 1, precioAplicado: 149.75, promocionId: i % 4 === 0 ? 7 : null },
  ]);
  return { desde: '2026-03-01', hasta: '2026-03-31', ventas: v, lineas };
}

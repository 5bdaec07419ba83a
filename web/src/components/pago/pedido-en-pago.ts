// The last order this tab sent to Mercado Pago: the return pages use it when Mercado Pago's query
// string does not name the order (the customer came back some other way).

const CLAVE = 'pedidoEnPago';

export function recordarPedidoEnPago(ventaId: number): void {
  try {
    sessionStorage.setItem(CLAVE, String(ventaId));
  } catch {
    // Storage disabled: the return pages rely on Mercado Pago's query string only.
  }
}

export function pedidoEnPago(): number | null {
  try {
    const valor = Number(sessionStorage.getItem(CLAVE));
    return Number.isSafeInteger(valor) && valor > 0 ? valor : null;
  } catch {
    return null;
  }
}

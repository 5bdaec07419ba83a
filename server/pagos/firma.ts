import crypto from 'node:crypto';

// Mercado Pago's `x-signature` header: `ts=<seconds>,v1=<hex HMAC-SHA256>` over the manifest
// `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`. A part whose value is missing is left out, and an
// alphanumeric data.id goes in lower case (both as Mercado Pago documents it).

export function manifiesto(dataId: string | undefined, requestId: string | undefined, ts: string): string {
  const id = dataId && /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `${id ? `id:${id};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
}

const hmac = (secreto: string, texto: string) => crypto.createHmac('sha256', secreto).update(texto).digest('hex');

/** The header value Mercado Pago would send (the simulator and the tests sign with it). */
export function firmar(secreto: string, dataId: string | undefined, requestId: string | undefined, ts: string): string {
  return `ts=${ts},v1=${hmac(secreto, manifiesto(dataId, requestId, ts))}`;
}

export interface NotificacionFirmada {
  firma: string | undefined;
  requestId: string | undefined;
  dataId: string | undefined;
}

export function firmaValida(secreto: string | undefined, n: NotificacionFirmada): boolean {
  if (!secreto || !n.firma) return false;
  const partes = new Map<string, string>();
  for (const parte of n.firma.split(',')) {
    const igual = parte.indexOf('=');
    if (igual > 0) partes.set(parte.slice(0, igual).trim().toLowerCase(), parte.slice(igual + 1).trim());
  }
  const ts = partes.get('ts');
  const v1 = partes.get('v1');
  if (!ts || !/^\d+$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const esperado = Buffer.from(hmac(secreto, manifiesto(n.dataId, n.requestId, ts)), 'hex');
  return crypto.timingSafeEqual(esperado, Buffer.from(v1, 'hex'));
}

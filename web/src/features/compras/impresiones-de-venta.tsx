import { Badge, Group, Stack, Text } from '@mantine/core';
import { ESTADO_IMPRESION_LABEL, type TrabajoImpresion } from '../../../../domain/impresion';
import { COLOR_ESTADO_IMPRESION } from '../../../../domain/impresion-texto';
import { useMisTrabajos } from '../../api/impresiones';

/** The customer's ordered print jobs by sale: Mis compras shows each one's state beside its sale. */
export function useImpresionesPorVenta(habilitado: boolean): ReadonlyMap<number, TrabajoImpresion[]> {
  const { data } = useMisTrabajos(habilitado);
  const porVenta = new Map<number, TrabajoImpresion[]>();
  for (const t of data ?? []) {
    if (t.ventaId === null) continue;
    porVenta.set(t.ventaId, [...(porVenta.get(t.ventaId) ?? []), t].sort((a, b) => a.id - b.id));
  }
  return porVenta;
}

/** 'Impresión: apunte.pdf' with its state (Recibido, En proceso, Listo para retirar, Entregado...). */
export function ImpresionesDeVenta({ trabajos }: { trabajos: readonly TrabajoImpresion[] | undefined }) {
  if (!trabajos || trabajos.length === 0) return null;
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Impresiones de la venta">
      {trabajos.map((t) => (
        <Group key={t.id} gap={6} component="li" wrap="wrap">
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            Impresión: {t.nombreArchivo}
          </Text>
          <Badge size="sm" color={COLOR_ESTADO_IMPRESION[t.estado]} variant="light" c="dark.7" tt="none" data-estado-impresion={t.estado}>
            {ESTADO_IMPRESION_LABEL[t.estado]}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}

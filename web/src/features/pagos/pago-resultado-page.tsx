import { Alert, Badge, Button, Card, Container, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconCircleCheck, IconClockHour4, IconCircleX, IconClockX } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { enlaceWhatsapp } from '../../../../domain/whatsapp';
import { ESTADO_PAGO_LABEL, ESTADO_VENTA_LABEL, type EstadoPago } from '../../../../domain/enums';
import { formatearPrecio } from '../../../../domain/money';
import { leerRetornoMercadoPago } from '../../../../domain/pago';
import { useConfigPublica } from '../../api/config';
import { useEstadoPago } from '../../api/mercado-pago';
import { paths } from '../../app/paths';
import { BotonPagar, textoPagarHasta, tituloLegible, usePagarPedido } from '../../components/pago/pagar-pedido';
import { pedidoEnPago } from '../../components/pago/pedido-en-pago';

type Resultado = 'aprobado' | 'pendiente' | 'rechazado' | 'vencido';

const TEXTOS: Record<Resultado, { titulo: string; texto: (id: string) => string; chat: (id: string) => string; color: string; Icono: ComponentType<{ size?: number }> }> = {
  aprobado: {
    titulo: 'Pago aprobado',
    texto: (id) => `Recibimos el pago de tu pedido N° ${id}. ¡Gracias por tu compra!`,
    chat: (id) => `¡Hola! Pagué el pedido N° ${id} con Mercado Pago.`,
    color: 'green',
    Icono: IconCircleCheck,
  },
  pendiente: {
    titulo: 'Pago pendiente',
    texto: (id) => `El pago de tu pedido N° ${id} está pendiente de acreditación. Te avisamos cuando se confirme.`,
    chat: (id) => `¡Hola! El pago de mi pedido N° ${id} con Mercado Pago quedó pendiente. ¿Me ayudan?`,
    color: 'yellow',
    Icono: IconClockHour4,
  },
  rechazado: {
    titulo: 'Pago rechazado',
    texto: (id) => `El pago de tu pedido N° ${id} no se pudo completar. Podés intentarlo de nuevo o escribirnos para pagar de otra forma.`,
    chat: (id) => `¡Hola! El pago de mi pedido N° ${id} con Mercado Pago fue rechazado. ¿Me ayudan?`,
    color: 'red',
    Icono: IconCircleX,
  },
  vencido: {
    titulo: 'Pago vencido',
    texto: (id) => `El plazo para pagar tu pedido N° ${id} venció y sus productos volvieron al stock. Podés hacer un pedido nuevo.`,
    chat: (id) => `¡Hola! Venció el plazo para pagar mi pedido N° ${id} con Mercado Pago. ¿Me ayudan?`,
    color: 'gray',
    Icono: IconClockX,
  },
};

/** What Mercado Pago's query string says, in the shop's words. */
const ESTADO_DE_MP: Record<string, EstadoPago> = {
  approved: 'APROBADO',
  pending: 'PENDIENTE',
  in_process: 'PENDIENTE',
  rejected: 'RECHAZADO',
  cancelled: 'RECHAZADO',
};

/** The shop's confirmed state wins over the page Mercado Pago returned to; pending keeps the page's own. */
const RESULTADO_CONFIRMADO: Partial<Record<EstadoPago, Resultado>> = { APROBADO: 'aprobado', RECHAZADO: 'rechazado', VENCIDO: 'vencido' };

function PagoResultado({ resultado: dePagina }: { resultado: Resultado }) {
  const [params] = useSearchParams();
  const retorno = leerRetornoMercadoPago(params);
  // Mercado Pago names the order; if not, the last one this tab sent to pay.
  const [guardado] = useState(pedidoEnPago);
  const id = retorno.ventaId ?? guardado ?? 0;
  const ventaId = id > 0 ? String(id) : '';
  const [rechazo, setRechazo] = useState<string | null>(null);
  const pagar = usePagarPedido({ alFallar: setRechazo });
  const estadoMp = retorno.estado ?? '';
  const { data: confirmado, isPending, isError } = useEstadoPago(id);
  const { data: config } = useConfigPublica();
  // Still pending to the shop but out of time (the sweep records it within a minute): expired.
  const sinTiempo = confirmado?.estadoPago === 'PENDIENTE' && confirmado.estadoVenta === 'PENDIENTE' && confirmado.pagarHasta === null;
  const resultado = sinTiempo ? 'vencido' : (confirmado?.estadoPago && RESULTADO_CONFIRMADO[confirmado.estadoPago]) || dePagina;
  const { titulo, texto, chat, color, Icono } = TEXTOS[resultado];
  const conVenta = Number.isInteger(id) && id > 0;
  const estadoQuery = ESTADO_DE_MP[estadoMp];

  return (
    <Container size={620} py={56}>
      <Card withBorder shadow="md" radius="md" padding="xl">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={72} radius="xl" color={color} variant="light">
            <Icono size={44} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {titulo}
          </Title>
          <Text>{conVenta ? texto(ventaId) : 'No recibimos el número de pedido desde Mercado Pago.'}</Text>
          {conVenta && (
            <Stack gap={4} align="center" role="status" aria-live="polite">
              {isPending && <Loader size="sm" aria-label="Confirmando el estado del pago" />}
              {confirmado && (
                <>
                  <Group gap="xs" justify="center">
                    <Text size="sm">Estado confirmado por la tienda:</Text>
                    {confirmado.estadoPago && (
                      <Badge color={color} c="dark.7" variant="light" tt="none">
                        {ESTADO_PAGO_LABEL[sinTiempo ? 'VENCIDO' : confirmado.estadoPago]}
                      </Badge>
                    )}
                    <Badge color="gray" c="gray.8" variant="light" tt="none">Pedido {ESTADO_VENTA_LABEL[confirmado.estadoVenta].toLowerCase()}</Badge>
                  </Group>
                  <Text size="sm" c="gray.7">
                    Total del pedido: {formatearPrecio(confirmado.total)}
                  </Text>
                </>
              )}
              {isError && estadoQuery && (
                <Text size="sm" c="gray.7">
                  Estado informado por Mercado Pago (todavía sin confirmar por la tienda): {ESTADO_PAGO_LABEL[estadoQuery]}
                </Text>
              )}
            </Stack>
          )}
          {rechazo && (
            <Alert color="red" role="alert" title="No se pudo pagar" w="100%" ta="left" styles={tituloLegible('red')}>
              {rechazo}
            </Alert>
          )}
          {conVenta && confirmado?.pagarHasta && (
            <Stack gap={6} align="center">
              <BotonPagar ventaId={id} pagar={pagar} size="md" />
              <Text size="sm" c="gray.7">
                {textoPagarHasta(new Date(confirmado.pagarHasta))}
              </Text>
            </Stack>
          )}
          <Group justify="center" mt="sm">
            {resultado === 'vencido' && (
              <Button component={Link} to={paths.productos}>
                Ver productos
              </Button>
            )}
            <Button component={Link} to={paths.misCompras} variant={resultado === 'aprobado' ? 'filled' : 'light'}>
              Ver mis compras
            </Button>
            {resultado !== 'aprobado' && config && (
              <Button
                component="a"
                href={enlaceWhatsapp(config.whatsappContacto, chat(ventaId || 'sin número'))}
                target="_blank"
                rel="noopener noreferrer"
                color="green"
                c="dark.7"
                variant="light"
                leftSection={<IconBrandWhatsapp size={18} />}
              >
                Escribinos por WhatsApp
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}

export const PagoAprobadoPage = () => <PagoResultado resultado="aprobado" />;
export const PagoPendientePage = () => <PagoResultado resultado="pendiente" />;
export const PagoRechazadoPage = () => <PagoResultado resultado="rechazado" />;

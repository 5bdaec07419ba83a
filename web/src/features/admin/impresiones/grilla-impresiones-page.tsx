import { Anchor, Badge, Button, Card, Container, Group, Modal, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandWhatsapp, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ESTADOS_IMPRESION,
  ESTADO_IMPRESION_LABEL,
  MENSAJES_IMPRESION,
  SIGUIENTE_ESTADO_IMPRESION,
  type CambioEstadoImpresionRespuesta,
  type EstadoImpresion,
  type TrabajoEnCola,
} from '../../../../../domain/impresion';
import { fechaHoraImpresion } from '../../../../../domain/impresion-fechas';
import { COLOR_ESTADO_IMPRESION, describirOpciones, textoCarillas, textoPaginas } from '../../../../../domain/impresion-texto';
import { formatearPrecio } from '../../../../../domain/money';
import { useCambiarEstadoImpresion, useColaImpresiones } from '../../../api/admin-impresiones';
import { mensajeDeError } from '../../../api/client';
import { ConfirmarModal, TRANSICION_MODAL } from '../comun/confirmar-modal';
import { Encabezado } from '../comun/encabezado';
import { PanelFiltros } from '../comun/panel-filtros';
import { SegunConsulta } from '../comun/segun-consulta';
import { TablaAdmin } from '../comun/tabla-admin';
import { TarifaImpresionForm } from './tarifa-impresion-form';

/** The button that moves a job one step: its text. */
const TEXTO_PASO: Partial<Record<EstadoImpresion, string>> = { EN_PROCESO: 'En proceso', LISTO: 'Listo', ENTREGADO: 'Entregado' };

/** Moves that ask first: 'Listo' tells the customer (e-mail), 'Entregado' takes it out of the queue for good. */
const PREGUNTA: Partial<Record<EstadoImpresion, (t: TrabajoEnCola) => string>> = {
  LISTO: (t) => `¿Marcar la impresión N° ${t.id} (${t.nombreArchivo}) como lista para retirar? Le avisamos a ${t.cliente.nombre} por correo.`,
  ENTREGADO: (t) => `¿Confirmás que entregaste la impresión N° ${t.id} (${t.nombreArchivo}) a ${t.cliente.nombre}?`,
};

function EstadoBadge({ estado }: { estado: EstadoImpresion }) {
  return (
    <Badge color={COLOR_ESTADO_IMPRESION[estado]} variant="light" c="dark.7" tt="none">
      {ESTADO_IMPRESION_LABEL[estado]}
    </Badge>
  );
}

function Descargar({ trabajo }: { trabajo: TrabajoEnCola }) {
  return (
    <Anchor href={trabajo.archivo} download={trabajo.nombreArchivo} size="sm" style={{ overflowWrap: 'anywhere' }} aria-label={`Descargar ${trabajo.nombreArchivo}`}>
      <IconDownload size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} aria-hidden />
      {trabajo.nombreArchivo}
    </Anchor>
  );
}

function BotonPaso({ trabajo, alPedir, ocupado }: { trabajo: TrabajoEnCola; alPedir: (t: TrabajoEnCola, hacia: EstadoImpresion) => void; ocupado: boolean }) {
  const hacia = SIGUIENTE_ESTADO_IMPRESION[trabajo.estado];
  if (!hacia) return null;
  return (
    <Button size="xs" variant={hacia === 'ENTREGADO' ? 'filled' : 'light'} onClick={() => alPedir(trabajo, hacia)} disabled={ocupado} aria-label={`${TEXTO_PASO[hacia]}: impresión N° ${trabajo.id}`}>
      {TEXTO_PASO[hacia]}
    </Button>
  );
}

const cuando = (t: TrabajoEnCola) => fechaHoraImpresion(t.fechaRecibido ?? t.fechaCreacion);

/**
 * 'Impresiones' (issue 21): the print queue, oldest first, with each job's file, options, pages and
 * price, and the buttons that move it along (En proceso, Listo, Entregado); below, the price table.
 */
export default function GrillaImpresionesPage() {
  const [estado, setEstado] = useState<EstadoImpresion | null>(null);
  const consulta = useColaImpresiones(estado);
  const cambiar = useCambiarEstadoImpresion();
  const [porConfirmar, setPorConfirmar] = useState<{ trabajo: TrabajoEnCola; hacia: EstadoImpresion } | null>(null);
  const [aviso, setAviso] = useState<CambioEstadoImpresionRespuesta | null>(null);

  const mover = (trabajo: TrabajoEnCola, hacia: EstadoImpresion) => {
    cambiar.mutate(
      { id: trabajo.id, estado: hacia },
      {
        onSuccess: (r) => {
          setPorConfirmar(null);
          notifications.show({ color: 'green', message: `Impresión N° ${trabajo.id}: ${ESTADO_IMPRESION_LABEL[hacia]}.` });
          if (hacia === 'LISTO') setAviso(r);
        },
        onError: (e) => {
          setPorConfirmar(null);
          notifications.show({ color: 'red', message: mensajeDeError(e, 'No se pudo cambiar el estado de la impresión.') });
        },
      },
    );
  };
  const pedir = (trabajo: TrabajoEnCola, hacia: EstadoImpresion) => (PREGUNTA[hacia] ? setPorConfirmar({ trabajo, hacia }) : mover(trabajo, hacia));
  const ocupado = cambiar.isPending;

  return (
    <Container size="xl" py="lg">
      <Encabezado titulo="Impresiones" />
      <Text c="gray.7" size="sm" mb="md">
        Los trabajos pagados o pedidos en efectivo, del más antiguo al más nuevo.
      </Text>
      <PanelFiltros>
        <NativeSelect
          label="Estado"
          value={estado ?? ''}
          onChange={(e) => setEstado((e.currentTarget.value || null) as EstadoImpresion | null)}
          data={[
            { value: '', label: 'En cola (Recibido, En proceso, Listo)' },
            ...ESTADOS_IMPRESION.filter((e) => e !== 'BORRADOR').map((e) => ({ value: e, label: ESTADO_IMPRESION_LABEL[e] })),
          ]}
        />
      </PanelFiltros>
      <SegunConsulta consulta={consulta}>
        {(cola) => (
          <>
            <Stack visibleFrom="md">
              <TablaAdmin
                etiqueta="Cola de impresiones"
                anchoMinimo={960}
                columnas={['N°', 'Recibido', 'Cliente', 'Archivo', 'Opciones', 'Páginas', { titulo: 'Precio', derecha: true }, 'Estado', 'Acciones']}
                vacia={cola.length === 0}
                mensajeVacia="No hay impresiones en este estado."
              >
                {cola.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td fw={600}>{t.id}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{cuando(t)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{t.cliente.nombre}</Text>
                      <Text size="xs" c="gray.7">
                        {t.cliente.usuario}
                        {t.ventaId ? ` · Venta ${t.ventaId}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={220}>
                      <Descargar trabajo={t} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{describirOpciones(t.opciones)}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{textoPaginas(t.paginas)}</Text>
                      <Text size="xs" c="gray.7">
                        {textoCarillas(t.presupuesto.carillas)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatearPrecio(t.presupuesto.precio)}
                    </Table.Td>
                    <Table.Td>
                      <EstadoBadge estado={t.estado} />
                    </Table.Td>
                    <Table.Td>
                      <BotonPaso trabajo={t} alPedir={pedir} ocupado={ocupado} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </TablaAdmin>
            </Stack>
            {/* Phones and tablets: one card per job. */}
            <Stack hiddenFrom="md" gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Cola de impresiones">
              {cola.length === 0 && (
                <Text component="li" c="gray.7" ta="center" py="md">
                  No hay impresiones en este estado.
                </Text>
              )}
              {cola.map((t) => (
                <Card key={t.id} component="li" withBorder radius="md" padding="sm">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={700}>Impresión N° {t.id}</Text>
                    <EstadoBadge estado={t.estado} />
                  </Group>
                  <Text size="sm" c="gray.7">
                    {cuando(t)} · {t.cliente.nombre} ({t.cliente.usuario})
                  </Text>
                  <Descargar trabajo={t} />
                  <Text size="sm" mt={4}>
                    {describirOpciones(t.opciones)}
                  </Text>
                  <Group justify="space-between" mt="xs">
                    <Text size="sm" c="gray.7">
                      {textoPaginas(t.paginas)} · {textoCarillas(t.presupuesto.carillas)}
                    </Text>
                    <Text fw={700}>{formatearPrecio(t.presupuesto.precio)}</Text>
                  </Group>
                  <Group justify="flex-end" mt="xs">
                    <BotonPaso trabajo={t} alPedir={pedir} ocupado={ocupado} />
                  </Group>
                </Card>
              ))}
            </Stack>
          </>
        )}
      </SegunConsulta>

      <TarifaImpresionForm />

      <ConfirmarModal
        abierto={porConfirmar !== null}
        titulo={porConfirmar ? `Marcar como ${ESTADO_IMPRESION_LABEL[porConfirmar.hacia]}` : ''}
        onCancelar={() => setPorConfirmar(null)}
        onConfirmar={() => porConfirmar && mover(porConfirmar.trabajo, porConfirmar.hacia)}
        confirmando={ocupado}
        textoConfirmar={porConfirmar ? (TEXTO_PASO[porConfirmar.hacia] ?? 'Confirmar') : 'Confirmar'}
      >
        {porConfirmar ? (PREGUNTA[porConfirmar.hacia]?.(porConfirmar.trabajo) ?? '') : ''}
      </ConfirmarModal>

      <Modal opened={aviso !== null} onClose={() => setAviso(null)} title="Avisar al cliente" centered {...TRANSICION_MODAL}>
        {aviso && (
          <Stack gap="sm">
            <Text>
              La impresión N° {aviso.trabajo.id} está lista para retirar. Le enviamos un correo a {aviso.trabajo.cliente.nombre}
              {aviso.whatsapp ? '; también podés avisarle por WhatsApp:' : '. No tiene teléfono cargado para avisarle por WhatsApp.'}
            </Text>
            {aviso.whatsapp && (
              <Text size="sm" c="gray.7" fs="italic">
                {MENSAJES_IMPRESION.listoParaRetirar(aviso.trabajo.id, aviso.trabajo.nombreArchivo)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAviso(null)}>
                {aviso.whatsapp ? 'Ahora no' : 'Entendido'}
              </Button>
              {aviso.whatsapp && (
                <Button component="a" href={aviso.whatsapp} target="_blank" rel="noopener noreferrer" color="green" leftSection={<IconBrandWhatsapp size={18} />}>
                  Avisar por WhatsApp
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
    </Container>
  );
}

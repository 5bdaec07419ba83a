import { Alert, Badge, Button, Card, Group, Image, Loader, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconShoppingCartPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { ImpresionCarrito } from '../../../../domain/carrito';
import {
  MAX_COPIAS,
  MAX_LARGO_RANGO,
  PAPEL_LABEL,
  TAMANIO_DE_PAGINA_LABEL,
  TERMINACIONES,
  TERMINACION_LABEL,
  leerRangoDePaginas,
  opcionesImpresionSchema,
  precioDeImpresion,
  presupuestoEnPesos,
  revisarOpciones,
  type ColorImpresion,
  type OpcionesImpresion,
  type Papel,
  type PresupuestoImpresion,
  type TarifaImpresion,
  type Terminacion,
  type TrabajoImpresion,
} from '../../../../domain/impresion';
import { describirOpciones, textoCarillas, textoPaginas, textoTamanio } from '../../../../domain/impresion-texto';
import { formatearPrecio } from '../../../../domain/money';
import { mensajeDeError } from '../../api/client';
import { useGuardarOpciones } from '../../api/impresiones';

/** What the form holds: the copies as typed (a number, or '' while empty). */
interface Entrada {
  copias: number | string;
  paginas: string;
  color: ColorImpresion;
  dobleFaz: boolean;
  papel: Papel;
  terminacion: Terminacion;
}

/** Waits this long after the last change before asking the server for the price (typing a range). */
const ESPERA_MS = 350;

const mismasOpciones = (a: OpcionesImpresion, b: OpcionesImpresion) =>
  a.copias === b.copias && a.paginas.trim() === b.paginas.trim() && a.color === b.color && a.dobleFaz === b.dobleFaz && a.papel === b.papel && a.terminacion === b.terminacion;

/** The options read from the form and checked against the file, or the first error of each field. */
function leer(entrada: Entrada, trabajo: TrabajoImpresion): { opciones: OpcionesImpresion | null; errores: Partial<Record<keyof Entrada, string>> } {
  const r = opcionesImpresionSchema.safeParse(entrada);
  if (!r.success) {
    const errores: Partial<Record<keyof Entrada, string>> = {};
    for (const issue of r.error.issues) {
      const campo = issue.path[0] as keyof Entrada;
      errores[campo] ??= issue.message;
    }
    return { opciones: null, errores };
  }
  // A range that does not fit the file is said under the range; a finish that does not fit, under the finish.
  const rango = leerRangoDePaginas(r.data.paginas, trabajo.paginas);
  if (!rango.ok) return { opciones: null, errores: { paginas: rango.error } };
  const problemas = revisarOpciones(trabajo, r.data);
  return problemas.length === 0 ? { opciones: r.data, errores: {} } : { opciones: null, errores: { terminacion: problemas[0] } };
}

function Presupuesto({ presupuesto }: { presupuesto: PresupuestoImpresion }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} fz="sm" aria-label="Detalle del precio">
      <Table.Tbody>
        {presupuesto.detalle.map((l) => (
          <Table.Tr key={l.concepto}>
            <Table.Td>
              {l.concepto}: {l.cantidad} × {formatearPrecio(l.precioUnitario)}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatearPrecio(l.subtotal)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface Props {
  trabajo: TrabajoImpresion;
  tarifa: TarifaImpresion;
  enCarrito: ImpresionCarrito | undefined;
  alAgregar: (linea: ImpresionCarrito) => void;
  alQuitar: () => void;
}

/**
 * One uploaded PDF: what the server read of it, its options, and its price. The price is computed here
 * with the shop's rule at each change (domain/impresion.ts) and then asked of the server, whose answer is
 * the one that counts: it is what goes into the cart.
 */
export function TrabajoCard({ trabajo, tarifa, enCarrito, alAgregar, alQuitar }: Props) {
  const id = useId();
  const [entrada, setEntrada] = useState<Entrada>(trabajo.opciones);
  const guardar = useGuardarOpciones();
  const [errorServidor, setErrorServidor] = useState<string | null>(null);
  const { opciones, errores } = useMemo(() => leer(entrada, trabajo), [entrada, trabajo]);
  const local = useMemo(() => (opciones ? presupuestoEnPesos(precioDeImpresion(tarifa, trabajo, opciones)) : null), [opciones, tarifa, trabajo]);
  const confirmado = opciones !== null && mismasOpciones(trabajo.opciones, opciones);

  const cambiar = <K extends keyof Entrada>(campo: K, valor: Entrada[K]) => setEntrada((e) => ({ ...e, [campo]: valor }));

  // Each valid change is sent (after a pause); the server's answer updates the job and, if it is in the
  // cart, its line there.
  const clave = opciones && !confirmado ? JSON.stringify(opciones) : null;
  const { mutate } = guardar;
  useEffect(() => {
    if (!clave) return;
    const t = setTimeout(() => {
      setErrorServidor(null);
      mutate(
        { id: trabajo.id, opciones: JSON.parse(clave) as OpcionesImpresion },
        {
          onSuccess: (nuevo) => {
            if (enCarrito) alAgregar(lineaDe(nuevo));
          },
          onError: (e) => setErrorServidor(mensajeDeError(e)),
        },
      );
    }, ESPERA_MS);
    return () => clearTimeout(t);
    // enCarrito and alAgregar change with the cart; only a change of options asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clave, trabajo.id, mutate]);

  const precioQueCuenta = confirmado ? trabajo.presupuesto : local;
  const enCarritoAlDia =
    enCarrito !== undefined && confirmado && enCarrito.precio === trabajo.presupuesto.precio && enCarrito.descripcion === describirOpciones(trabajo.opciones);
  const textoBoton = enCarritoAlDia ? 'En el carrito' : enCarrito ? 'Actualizar en el carrito' : 'Agregar al carrito';
  const colorSinPaginasColor = entrada.color === 'COLOR' && trabajo.paginasColor.length === 0;

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`${id}-titulo`}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Image
          src={trabajo.miniatura}
          alt={`Primera página de ${trabajo.nombreArchivo}`}
          w={84}
          h={112}
          fit="contain"
          radius="sm"
          bg="gray.1"
          style={{ flexShrink: 0, border: '1px solid var(--mantine-color-gray-3)' }}
        />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={3} size="h5" id={`${id}-titulo`} style={{ overflowWrap: 'anywhere' }}>
            {trabajo.nombreArchivo}
          </Title>
          <Text size="sm" c="gray.7">
            {textoPaginas(trabajo.paginas)} · {TAMANIO_DE_PAGINA_LABEL[trabajo.tamanioPagina]} · {textoTamanio(trabajo.bytes)}
          </Text>
          <Text size="sm" c="gray.7">
            {trabajo.paginasColor.length === 0
              ? 'Todas las páginas son en blanco y negro'
              : trabajo.paginasColor.length === trabajo.paginas
                ? 'Todas las páginas tienen color'
                : `${textoPaginas(trabajo.paginasColor.length)} con color`}
          </Text>
          {enCarrito && (
            <Badge color="green" variant="light" c="dark.7" tt="none" leftSection={<IconCircleCheck size={14} />}>
              En el carrito
            </Badge>
          )}
        </Stack>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="md">
        <NumberInput
          label="Copias"
          min={1}
          max={MAX_COPIAS}
          allowDecimal={false}
          allowNegative={false}
          value={entrada.copias}
          onChange={(v) => cambiar('copias', v)}
          error={errores.copias}
        />
        <TextInput
          label="Páginas"
          description="Vacío: todas. O por ejemplo 1-5, 8"
          placeholder="Todas"
          maxLength={MAX_LARGO_RANGO}
          value={entrada.paginas}
          onChange={(e) => cambiar('paginas', e.currentTarget.value)}
          error={errores.paginas}
        />
        <Radio.Group label="Color" value={entrada.color} onChange={(v) => cambiar('color', v as ColorImpresion)} error={errores.color}>
          <Group gap="md" mt={6}>
            <Radio value="BN" label="Blanco y negro" />
            <Radio value="COLOR" label="Color" />
          </Group>
        </Radio.Group>
        <Radio.Group label="Faz" value={entrada.dobleFaz ? 'DOBLE' : 'SIMPLE'} onChange={(v) => cambiar('dobleFaz', v === 'DOBLE')}>
          <Group gap="md" mt={6}>
            <Radio value="SIMPLE" label="Simple faz" />
            <Radio value="DOBLE" label="Doble faz" />
          </Group>
        </Radio.Group>
        <Radio.Group label="Papel" value={entrada.papel} onChange={(v) => cambiar('papel', v as Papel)} error={errores.papel}>
          <Group gap="md" mt={6}>
            {(['A4', 'OFICIO'] as const).map((p) => (
              <Radio key={p} value={p} label={PAPEL_LABEL[p]} />
            ))}
          </Group>
        </Radio.Group>
        <NativeSelect
          label="Terminación"
          value={entrada.terminacion}
          onChange={(e) => cambiar('terminacion', e.currentTarget.value as Terminacion)}
          data={TERMINACIONES.map((t) => ({ value: t, label: TERMINACION_LABEL[t] }))}
          error={errores.terminacion}
        />
      </SimpleGrid>
      {colorSinPaginasColor && (
        <Text size="sm" c="gray.7" mt="xs">
          El archivo no tiene páginas con color: se cobra como blanco y negro.
        </Text>
      )}

      <Card withBorder radius="sm" padding="sm" mt="md" bg="gray.0">
        <Group justify="space-between" align="center" gap="xs">
          <Text fw={600}>Precio</Text>
          <Text fw={800} size="xl" data-testid={`precio-impresion-${trabajo.id}`} aria-live="polite">
            {precioQueCuenta ? formatearPrecio(precioQueCuenta.precio) : '—'}
          </Text>
        </Group>
        {precioQueCuenta && (
          <>
            <Text size="sm" c="gray.7">
              {textoCarillas(precioQueCuenta.carillas)} en {precioQueCuenta.hojas} {precioQueCuenta.hojas === 1 ? 'hoja' : 'hojas'}
            </Text>
            <Presupuesto presupuesto={precioQueCuenta} />
          </>
        )}
        <Group gap={6} mt={4} mih={20}>
          {!opciones ? (
            <Text size="sm" c="red.8">
              Corregí las opciones para ver el precio.
            </Text>
          ) : confirmado ? (
            <>
              <IconCircleCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
              <Text size="sm" c="green.9">
                Precio confirmado por la tienda
              </Text>
            </>
          ) : (
            <>
              <Loader size={14} aria-hidden />
              <Text size="sm" c="gray.7">
                Confirmando el precio…
              </Text>
            </>
          )}
        </Group>
      </Card>
      {errorServidor && (
        <Alert color="red" role="alert" mt="sm" withCloseButton closeButtonLabel="Cerrar mensaje" onClose={() => setErrorServidor(null)}>
          {errorServidor}
        </Alert>
      )}
      {enCarrito && !enCarritoAlDia && opciones === null && (
        <Text size="sm" c="gray.7" mt="xs">
          En el carrito sigue con las opciones anteriores ({enCarrito.descripcion}).
        </Text>
      )}

      <Group justify="space-between" mt="md" gap="xs">
        <Button variant="subtle" color="red.8" leftSection={<IconTrash size={16} />} onClick={alQuitar} aria-label={`Quitar ${trabajo.nombreArchivo}`}>
          Quitar
        </Button>
        <Button
          leftSection={<IconShoppingCartPlus size={18} />}
          disabled={!confirmado || enCarritoAlDia}
          onClick={() => alAgregar(lineaDe(trabajo))}
          aria-label={`${textoBoton}: ${trabajo.nombreArchivo}`}
        >
          {textoBoton}
        </Button>
      </Group>
    </Card>
  );
}

/** The cart's line of a job, with the price the server answered. */
export const lineaDe = (t: TrabajoImpresion): ImpresionCarrito => ({
  id: t.id,
  nombreArchivo: t.nombreArchivo,
  descripcion: describirOpciones(t.opciones),
  precio: t.presupuesto.precio,
});

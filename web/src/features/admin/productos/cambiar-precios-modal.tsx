import { Alert, Button, Group, Modal, Radio, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatearPrecio } from '../../../../../domain/money';
import {
  APLICAR_A,
  APLICAR_A_LABEL,
  REDONDEO_LABEL,
  REDONDEOS,
  type Alcance,
  type AplicarA,
  type CambioDePrecios,
  type FiltrosDeGrilla,
  type Redondeo,
} from '../../../../../domain/precios-masivos';
import { useCategorias } from '../../../api/admin-productos';
import { mensajeDeError } from '../../../api/client';
import { useAplicarPrecios, useVistaPreviaPrecios } from '../../../api/catalogo-masivo';
import { TablaAdmin } from '../comun/tabla-admin';
import { BotonOcupado } from '../comun/boton-ocupado';

type TipoAlcance = Alcance['tipo'];

interface Props {
  abierto: boolean;
  onCerrar: () => void;
  marcas: readonly string[];
  /** The grid's filters as they are now. */
  filtros: FiltrosDeGrilla;
}

/** 'Cambiar precios': a percentage for a brand, a category or the grid's filter; preview, then apply. */
export function CambiarPreciosModal({ abierto, onCerrar, marcas, filtros }: Props) {
  const [tipo, setTipo] = useState<TipoAlcance>('marca');
  const [marca, setMarca] = useState<string | null>(null);
  const [categoriaId, setCategoriaId] = useState<string | null>(null);
  const [porcentaje, setPorcentaje] = useState('');
  const [aplicarA, setAplicarA] = useState<AplicarA>('costo');
  const [redondeo, setRedondeo] = useState<Redondeo>(0);
  const categorias = useCategorias();
  const vista = useVistaPreviaPrecios();
  const aplicar = useAplicarPrecios();
  const hayFiltro = Object.values(filtros).some((v) => v !== undefined && v !== '');

  const alcance = (): Alcance | null =>
    tipo === 'marca' ? (marca ? { tipo, marca } : null) : tipo === 'categoria' ? (categoriaId ? { tipo, categoriaId: Number(categoriaId) } : null) : { tipo, filtros };

  const cambio = (): CambioDePrecios | null => {
    const a = alcance();
    return a ? { alcance: a, porcentaje, aplicarA, redondeo } : null;
  };

  /** Any change to the form makes the preview stale. */
  const cambiar =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      vista.reset();
      aplicar.reset();
    };

  const cerrar = () => {
    vista.reset();
    aplicar.reset();
    onCerrar();
  };

  const verVistaPrevia = () => {
    const c = cambio();
    if (c) vista.mutate(c);
  };

  const confirmar = () => {
    const c = cambio();
    if (!c || !vista.data) return;
    aplicar.mutate(
      { ...c, esperados: vista.data.total },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'green', message: r.message });
          cerrar();
        },
      },
    );
  };

  const error = vista.error ?? aplicar.error;
  const previa = vista.data;

  return (
    <Modal opened={abierto} onClose={cerrar} title="Cambiar precios" size="lg">
      <Stack gap="sm">
        <Radio.Group label="Productos" value={tipo} onChange={(v) => cambiar(setTipo)(v as TipoAlcance)}>
          <Group mt={4} gap="md">
            <Radio value="marca" label="Una marca" />
            <Radio value="categoria" label="Una categoría" />
            <Radio value="filtro" label="El filtro actual de la grilla" />
          </Group>
        </Radio.Group>
        {tipo === 'marca' && <Select label="Marca" placeholder="Elegí una marca" data={[...marcas]} value={marca} onChange={cambiar(setMarca)} searchable />}
        {tipo === 'categoria' && (
          <Select
            label="Categoría"
            placeholder="Elegí una categoría"
            data={(categorias.data ?? []).map((c) => ({ value: String(c.id), label: c.denominacion }))}
            value={categoriaId}
            onChange={cambiar(setCategoriaId)}
            searchable
          />
        )}
        {tipo === 'filtro' && (
          <Text size="sm" c="dimmed">
            {hayFiltro ? 'Los productos que muestra la grilla con sus filtros de ahora (todas las páginas).' : 'La grilla no tiene filtros: son todos los productos.'}
          </Text>
        )}
        <TextInput
          label="Porcentaje"
          description="Por ejemplo 8,5 para subir o -5 para bajar"
          value={porcentaje}
          onChange={(e) => cambiar(setPorcentaje)(e.currentTarget.value)}
          inputMode="decimal"
          rightSection="%"
        />
        <Radio.Group label="Se aplica" value={aplicarA} onChange={(v) => cambiar(setAplicarA)(v as AplicarA)}>
          <Stack mt={4} gap={6}>
            {APLICAR_A.map((a) => (
              <Radio key={a} value={a} label={APLICAR_A_LABEL[a]} />
            ))}
          </Stack>
        </Radio.Group>
        <Select
          label="Redondeo del precio"
          data={REDONDEOS.map((r) => ({ value: String(r), label: REDONDEO_LABEL[r] }))}
          value={String(redondeo)}
          onChange={(v) => cambiar(setRedondeo)(Number(v ?? 0) as Redondeo)}
          allowDeselect={false}
        />

        {error && (
          <Alert color="red" role="alert">
            {mensajeDeError(error)}
          </Alert>
        )}

        {previa && (
          <Stack gap="xs">
            <Text fw={600} aria-live="polite">
              {previa.total === 1 ? 'Cambia el precio de 1 producto.' : `Cambian los precios de ${previa.total} productos.`}
              {previa.total > previa.filas.length && ` Se muestran los primeros ${previa.filas.length}.`}
            </Text>
            {previa.filas.length > 0 && (
              <TablaAdmin
                etiqueta="Vista previa de precios"
                anchoMinimo={480}
                columnas={['Producto', { titulo: 'Precio actual', derecha: true }, { titulo: 'Precio nuevo', derecha: true }]}
                vacia={false}
                mensajeVacia=""
              >
                {previa.filas.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>
                      <Text size="sm">{f.denominacion}</Text>
                      <Text size="xs" c="dimmed">
                        {f.codigo}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatearPrecio(f.precioAntes)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatearPrecio(f.precio)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </TablaAdmin>
            )}
          </Stack>
        )}

        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={cerrar}>
            Cancelar
          </Button>
          <BotonOcupado variant="light" onClick={verVistaPrevia} ocupado={vista.isPending} disabled={!alcance() || porcentaje.trim() === ''}>
            Ver vista previa
          </BotonOcupado>
          <BotonOcupado onClick={confirmar} ocupado={aplicar.isPending} disabled={!previa || previa.total === 0}>
            {previa ? `Aplicar a ${previa.total} ${previa.total === 1 ? 'producto' : 'productos'}` : 'Aplicar'}
          </BotonOcupado>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Group, Modal, NativeSelect, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconListCheck, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { CANTIDAD_MAXIMA_ITEM, MENSAJES_LISTA, type LineaImportada, type ProductoDeLista } from '../../../../../domain/lista-escolar';
import { formatearPrecio } from '../../../../../domain/money';
import { useImportarTextoDeLista } from '../../../api/admin-listas-escolares';
import { mensajeDeError } from '../../../api/client';
import { BuscadorProducto } from '../comun/buscador-producto';
import { TRANSICION_MODAL } from '../comun/confirmar-modal';
import { deSugerencia, itemNuevo, type ItemFormulario } from './item-lista';
import { BotonOcupado } from '../comun/boton-ocupado';

/** A line of the proposal as the owner leaves it: the product chosen ('' = free text) among the offered ones. */
interface Revision {
  linea: LineaImportada;
  cantidad: string;
  elegido: string;
  opciones: ProductoDeLista[];
}

const TEXTO_LIBRE = '';

const opcionDe = (p: ProductoDeLista) => ({
  value: String(p.id),
  label: `${p.denominacion} (${formatearPrecio(p.precio)}${p.stock > 0 ? '' : ', sin stock'})`,
});

const revisar = (linea: LineaImportada): Revision => ({
  linea,
  cantidad: String(linea.cantidad),
  elegido: linea.propuesta ? String(linea.propuesta.id) : TEXTO_LIBRE,
  opciones: [...(linea.propuesta ? [linea.propuesta] : []), ...linea.candidatos],
});

const cantidadValida = (texto: string) => /^\d+$/.test(texto.trim()) && Number(texto) >= 1 && Number(texto) <= CANTIDAD_MAXIMA_ITEM;

/**
 * 'Importar desde texto': the owner pastes the school's list, the server proposes a product for each line
 * (the catalogue's search; writes nothing), the owner confirms or changes each one or leaves it as free
 * text, and the lines join the form's items. The list is stored when the form is saved.
 */
export function ImportarTextoModal({ abierto, onCerrar, onAgregar }: { abierto: boolean; onCerrar: () => void; onAgregar: (items: ItemFormulario[]) => void }) {
  const importar = useImportarTextoDeLista();
  const [texto, setTexto] = useState('');
  const [revisiones, setRevisiones] = useState<Revision[] | null>(null);
  const [error, setError] = useState('');
  const movil = useMediaQuery('(max-width: 40em)');

  const cerrar = () => {
    setRevisiones(null);
    setError('');
    onCerrar();
  };

  const buscar = () => {
    setError('');
    if (texto.trim() === '') return setError(MENSAJES_LISTA.importarVacio);
    importar.mutate(texto, {
      onSuccess: (r) => setRevisiones(r.lineas.map(revisar)),
      onError: (e) => setError(mensajeDeError(e, 'No se pudo leer el texto.')),
    });
  };

  const cambiar = (i: number, cambio: Partial<Revision>) => setRevisiones((rs) => rs && rs.map((r, j) => (j === i ? { ...r, ...cambio } : r)));

  const confirmar = () => {
    if (!revisiones) return;
    if (revisiones.some((r) => !cantidadValida(r.cantidad))) return setError(MENSAJES_LISTA.cantidadInvalida);
    onAgregar(
      revisiones.map((r) => {
        const producto = r.opciones.find((p) => String(p.id) === r.elegido) ?? null;
        return itemNuevo({ texto: r.linea.texto, cantidad: r.cantidad.trim(), productoId: producto?.id ?? null, producto });
      }),
    );
    setTexto('');
    cerrar();
  };

  const enCatalogo = revisiones?.filter((r) => r.elegido !== TEXTO_LIBRE).length ?? 0;

  return (
    <Modal opened={abierto} onClose={cerrar} title="Importar desde texto" size="xl" fullScreen={movil} {...TRANSICION_MODAL}>
      {revisiones === null ? (
        <Stack>
          <Textarea
            label="Texto de la lista"
            description="Pegá la lista tal como la entrega la escuela: un ítem por línea, con la cantidad como la escriben (2 cuadernos, x2, dos...)."
            autosize
            minRows={8}
            maxRows={18}
            maxLength={20_000}
            value={texto}
            onChange={(e) => setTexto(e.currentTarget.value)}
            data-autofocus
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={cerrar}>
              Cancelar
            </Button>
            <BotonOcupado onClick={buscar} ocupado={importar.isPending} leftSection={<IconSearch size={16} />}>
              Buscar productos
            </BotonOcupado>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            {revisiones.length === 1 ? '1 línea' : `${revisiones.length} líneas`}: {enCatalogo} con producto del catálogo, {revisiones.length - enCatalogo} como texto libre. Revisá cada una
            antes de agregarlas.
          </Text>
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Líneas leídas">
            {revisiones.map((r, i) => (
              <Paper component="li" key={r.linea.linea} withBorder p="sm" aria-label={`Línea ${r.linea.linea}: ${r.linea.original}`}>
                <Text size="xs" c="dimmed">
                  Línea {r.linea.linea}: «{r.linea.original}»
                </Text>
                <Group align="flex-end" gap="sm" wrap="wrap" mt={4}>
                  <TextInput
                    label="Cantidad"
                    aria-label={`Cantidad de la línea ${r.linea.linea}`}
                    inputMode="numeric"
                    value={r.cantidad}
                    onChange={(e) => cambiar(i, { cantidad: e.currentTarget.value })}
                    error={cantidadValida(r.cantidad) ? undefined : 'Cantidad inválida'}
                    style={{ flex: '0 1 90px' }}
                  />
                  <NativeSelect
                    label="Producto"
                    aria-label={`Producto de la línea ${r.linea.linea}`}
                    value={r.elegido}
                    onChange={(e) => cambiar(i, { elegido: e.currentTarget.value })}
                    data={[...r.opciones.map(opcionDe), { value: TEXTO_LIBRE, label: 'Dejar como texto libre' }]}
                    style={{ flex: '1 1 260px' }}
                  />
                  <div style={{ flex: '1 1 220px' }}>
                    <BuscadorProducto
                      label={`Otro producto para la línea ${r.linea.linea}`}
                      campo="nombre"
                      placeholder="Buscar otro"
                      onSeleccionar={(s) => {
                        const p = deSugerencia(s);
                        cambiar(i, { elegido: String(p.id), opciones: r.opciones.some((o) => o.id === p.id) ? r.opciones : [p, ...r.opciones] });
                      }}
                    />
                  </div>
                </Group>
              </Paper>
            ))}
          </Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setRevisiones(null)}>
              Volver al texto
            </Button>
            <Button onClick={confirmar} leftSection={<IconListCheck size={16} />} disabled={revisiones.length === 0}>
              {revisiones.length === 1 ? 'Agregar 1 ítem a la lista' : `Agregar ${revisiones.length} ítems a la lista`}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

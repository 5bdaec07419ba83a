import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconEdit, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MENSAJES_SINONIMO, sinonimoInputSchema, type Sinonimo } from '../../../../../domain/busqueda';
import { useEliminarSinonimo, useGuardarSinonimo, useSinonimos } from '../../../api/admin-sinonimos';
import { ApiError, mensajeDeError } from '../../../api/client';
import { marcarErroresDelServidor } from '../../../components/errores-del-servidor';
import { AccionFila, AccionesFila } from '../comun/acciones-fila';
import { TRANSICION_MODAL } from '../comun/confirmar-modal';
import { Encabezado } from '../comun/encabezado';
import { PanelFiltros } from '../comun/panel-filtros';
import { SegunConsulta } from '../comun/segun-consulta';
import { TablaAdmin } from '../comun/tabla-admin';
import { useEliminarConConfirmacion } from '../comun/use-eliminar-con-confirmacion';
import { BotonOcupado } from '../comun/boton-ocupado';

/** Accent- and case-insensitive, as the search itself compares. */
const normalizar = (texto: string) =>
  texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

const nombreDe = (s: Pick<Sinonimo, 'termino' | 'equivalente'>) => `${s.termino} = ${s.equivalente}`;

/**
 * 'Sinónimos' (issue 17): the regional words the catalogue's search understands ('birome' = 'bolígrafo'),
 * a search for either side finds the products named by the other. Created and edited in a modal.
 */
export default function GrillaSinonimosPage() {
  const consulta = useSinonimos();
  const [filtro, setFiltro] = useState('');
  // null: the form is closed; an object without id: a new one.
  const [editando, setEditando] = useState<Sinonimo | { id: null } | null>(null);
  const eliminar = useEliminarSinonimo();
  const { pedir: pedirEliminar, modal: modalEliminar } = useEliminarConConfirmacion<Sinonimo>({
    eliminar,
    pregunta: (s) => `¿Está seguro que desea eliminar el sinónimo ${nombreDe(s)}?`,
    onEliminado: () => notifications.show({ color: 'green', message: MENSAJES_SINONIMO.eliminado }),
  });
  const buscado = normalizar(filtro);

  return (
    <Container size="lg" py="lg">
      <Encabezado titulo="Sinónimos">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditando({ id: null })}>
          Nuevo sinónimo
        </Button>
      </Encabezado>
      <Text c="dimmed" size="sm" mb="md">
        Palabras de la zona que la búsqueda del catálogo entiende: quien busca una encuentra los productos nombrados con la otra, y al revés.
      </Text>
      <PanelFiltros>
        <TextInput label="Buscar" placeholder="Término o equivalente" value={filtro} onChange={(e) => setFiltro(e.currentTarget.value)} maxLength={60} />
      </PanelFiltros>
      <SegunConsulta consulta={consulta}>
        {(data) => {
          const filas = buscado ? data.filter((s) => normalizar(s.termino).includes(buscado) || normalizar(s.equivalente).includes(buscado)) : data;
          return (
            <TablaAdmin
              etiqueta="Sinónimos"
              anchoMinimo={340}
              columnas={['Término', 'Equivalente', 'Acciones']}
              vacia={filas.length === 0}
              mensajeVacia={data.length === 0 ? 'Todavía no hay sinónimos.' : 'No hay sinónimos que coincidan con la búsqueda.'}
            >
              {filas.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.termino}</Table.Td>
                  <Table.Td>{s.equivalente}</Table.Td>
                  <Table.Td>
                    <AccionesFila nombre={nombreDe(s)} onEliminar={() => pedirEliminar(s)}>
                      <AccionFila etiqueta="Editar" nombreAccesible={`Editar ${nombreDe(s)}`} icono={<IconEdit size={18} />} onClick={() => setEditando(s)} />
                    </AccionesFila>
                  </Table.Td>
                </Table.Tr>
              ))}
            </TablaAdmin>
          );
        }}
      </SegunConsulta>
      <Modal
        opened={editando !== null}
        onClose={() => setEditando(null)}
        title={editando?.id ? 'Editar sinónimo' : 'Nuevo sinónimo'}
        centered
        {...TRANSICION_MODAL}
      >
        {editando && <FormSinonimo inicial={editando} onListo={() => setEditando(null)} />}
      </Modal>
      {modalEliminar}
    </Container>
  );
}

interface Valores {
  id: number | null;
  termino: string;
  equivalente: string;
}

function FormSinonimo({ inicial, onListo }: { inicial: Sinonimo | { id: null }; onListo: () => void }) {
  const guardar = useGuardarSinonimo();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    setError: marcarError,
    formState: { errors },
  } = useForm<Valores>({
    defaultValues: { id: inicial.id, termino: 'termino' in inicial ? inicial.termino : '', equivalente: 'equivalente' in inicial ? inicial.equivalente : '' },
    resolver: zodResolver(sinonimoInputSchema, undefined, { raw: true }) as never,
  });

  const enviar = (v: Valores) => {
    setError(null);
    // Said before asking: the server refuses it too.
    if (normalizar(v.termino) === normalizar(v.equivalente)) {
      marcarError('equivalente', { message: MENSAJES_SINONIMO.iguales });
      return;
    }
    guardar.mutate(v, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: v.id ? MENSAJES_SINONIMO.actualizado : MENSAJES_SINONIMO.creado });
        onListo();
      },
      onError: (e) => {
        const enSuCampo = marcarErroresDelServidor(e, marcarError, ['termino', 'equivalente']);
        // A refusal without a field (an existing pair, 'deben ser distintos') is said above the buttons.
        if (!enSuCampo || (e instanceof ApiError && e.status === 409)) setError(mensajeDeError(e, 'No se pudo guardar el sinónimo.'));
        notifications.show({ color: 'red', message: mensajeDeError(e, 'No se pudo guardar el sinónimo.') });
        // 'Guardar' was disabled while saving and the focus fell out of the dialog: back to the first field.
        setTimeout(() => setFocus('termino'), 0);
      },
    });
  };

  return (
    <form onSubmit={handleSubmit(enviar)} aria-label={inicial.id ? 'Editar sinónimo' : 'Nuevo sinónimo'} noValidate>
      <Stack>
        <TextInput
          label="Término"
          description="Como lo dice el cliente: birome, plasticola…"
          maxLength={60}
          data-autofocus
          error={errors.termino?.message}
          {...register('termino')}
        />
        <TextInput
          label="Equivalente"
          description="Como se llama en el catálogo: bolígrafo, adhesivo vinílico…"
          maxLength={60}
          error={errors.equivalente?.message}
          {...register('equivalente')}
        />
        {(error ?? errors.root?.message) && (
          <Alert color="red" role="alert">
            {error ?? errors.root?.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onListo} disabled={guardar.isPending}>
            Cancelar
          </Button>
          <BotonOcupado type="submit" ocupado={guardar.isPending} leftSection={<IconDeviceFloppy size={16} />}>
            Guardar
          </BotonOcupado>
        </Group>
      </Stack>
    </form>
  );
}

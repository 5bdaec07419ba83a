import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, Group, NativeSelect, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconClipboardText, IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { LOCALIDAD_LABEL, LOCALIDADES } from '../../../../../domain/enums';
import { listaEscolarInputSchema, MENSAJES_LISTA, NIVEL_LABEL, NIVELES, type ListaEscolar } from '../../../../../domain/lista-escolar';
import { MENSAJES } from '../../../../../domain/mensajes';
import { useGuardarListaEscolar, useListaEscolar } from '../../../api/admin-listas-escolares';
import { ApiError, mensajeDeError } from '../../../api/client';
import { paths } from '../../../app/paths';
import { Cargando } from '../../../components/guards/requiere-rol';
import { PieFormulario } from '../comun/pie-formulario';
import { ImportarTextoModal } from './importar-texto-modal';
import { ItemLista, itemNuevo, type ValoresLista } from './item-lista';
import { AvisoDeError } from '../comun/aviso-de-error';

/** Next school year while lists are prepared (from September), else this one: a new list's default. */
const anioPorDefecto = () => {
  const hoy = new Date();
  return String(hoy.getMonth() >= 8 ? hoy.getFullYear() + 1 : hoy.getFullYear());
};

const aValores = (l: ListaEscolar): ValoresLista => ({
  id: l.id,
  escuela: l.escuela,
  localidad: l.localidad,
  nivel: l.nivel,
  grado: l.grado,
  anio: String(l.anio),
  notas: l.notas,
  publicada: l.publicada,
  items: l.items.map((i) => ({
    id: i.id,
    cantidad: String(i.cantidad),
    productoId: i.productoId,
    texto: i.texto,
    alternativas: i.alternativas,
    opcional: i.opcional,
    producto: i.producto,
    productosAlternativos: i.productosAlternativos,
  })),
});

const VACIO = (): ValoresLista => ({ id: null, escuela: '', localidad: 'CAPITAL', nivel: 'PRIMARIO', grado: '', anio: anioPorDefecto(), notas: '', publicada: false, items: [] });

/** '/formListaEscolar/:id' (issue 20): a school's list, new (id 0) or existing, with its items. */
export default function FormListaEscolarPage() {
  const id = Number(useParams().idLista ?? 0) || 0;
  const lista = useListaEscolar(id);
  if (id > 0 && lista.isPending) return <Cargando />;
  if (id > 0 && lista.isError) {
    return (
      <Container size="md" py="lg">
        <Alert color="red" role="alert">
          {mensajeDeError(lista.error, MENSAJES.errorCargarDatos)}
        </Alert>
        <Button mt="md" variant="default" component={Link} to={paths.grillaListasEscolares} leftSection={<IconArrowLeft size={16} />}>
          Volver
        </Button>
      </Container>
    );
  }
  return <Formulario key={lista.data?.id ?? 0} lista={lista.data} />;
}

function Formulario({ lista }: { lista?: ListaEscolar }) {
  const navigate = useNavigate();
  const guardar = useGuardarListaEscolar();
  const [importando, setImportando] = useState(false);
  const [banner, setBanner] = useState('');
  const form = useForm<ValoresLista>({
    defaultValues: lista ? aValores(lista) : VACIO(),
    resolver: zodResolver(listaEscolarInputSchema, undefined, { raw: true }) as never,
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const items = useFieldArray({ control, name: 'items', keyName: 'clave' });
  const titulo = lista ? 'Editar lista escolar' : 'Nueva lista escolar';

  const enviar = (v: ValoresLista) => {
    setBanner('');
    guardar.mutate(v, {
      onSuccess: (guardada) => {
        notifications.show({ color: 'green', message: lista ? MENSAJES_LISTA.actualizada : MENSAJES_LISTA.creada });
        if (lista) navigate(paths.grillaListasEscolares);
        else navigate(paths.formListaEscolar(guardada.id), { replace: true });
      },
      onError: (e) => {
        const mensaje = mensajeDeError(e, 'No se pudo guardar la lista.');
        setBanner(e instanceof ApiError && e.errors?.length ? [mensaje, ...e.errors.map((x) => `${x.campo}: ${x.mensaje}`)].join(' · ') : mensaje);
        notifications.show({ color: 'red', message: mensaje });
      },
    });
  };
  // An invalid field is said above too (with 40 items it may be far below), while any is left: the form
  // checks again on every change after a first 'Guardar'.
  const [intentado, setIntentado] = useState(false);
  const alFallar = () => setIntentado(true);
  const aviso = banner || (intentado && Object.keys(errors).length > 0 ? 'Revisá los campos marcados en rojo.' : '');

  const sinItems = errors.items?.message ?? errors.items?.root?.message;

  return (
    <Container size="md" py="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2">
          {titulo}
        </Title>
        {lista?.publicada && (
          <Button variant="subtle" component={Link} to={paths.lista(lista.id)} leftSection={<IconExternalLink size={16} />}>
            Ver en la tienda
          </Button>
        )}
      </Group>
      {lista && (
        <Text c="dimmed" size="sm" mb="sm">
          {lista.familias === 1 ? '1 familia la compró' : `${lista.familias} familias la compraron`} · {lista.unidadesVendidas} unidades vendidas
        </Text>
      )}
      {aviso && (
        <AvisoDeError
          mb="md"
          mensaje={aviso}
          desplazar={Boolean(banner)}
          onCerrar={() => {
            setBanner('');
            setIntentado(false);
          }}
        />
      )}
      <FormProvider {...form}>
        <form onSubmit={handleSubmit(enviar, alFallar)} aria-label={titulo} noValidate>
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Escuela" withAsterisk maxLength={150} placeholder="Escuela N° 1-001 Gral. José de San Martín" error={errors.escuela?.message} {...register('escuela')} />
              <NativeSelect
                label="Localidad"
                withAsterisk
                error={errors.localidad?.message}
                data={LOCALIDADES.map((l) => ({ value: l, label: LOCALIDAD_LABEL[l] }))}
                {...register('localidad')}
              />
              <NativeSelect label="Nivel" withAsterisk error={errors.nivel?.message} data={NIVELES.map((n) => ({ value: n, label: NIVEL_LABEL[n] }))} {...register('nivel')} />
              <TextInput label="Grado o sala" withAsterisk maxLength={60} placeholder="Sala de 5, 1er grado, 2do año" error={errors.grado?.message} {...register('grado')} />
              <TextInput label="Ciclo lectivo" withAsterisk inputMode="numeric" maxLength={4} error={errors.anio?.message} {...register('anio')} />
              <Controller
                control={control}
                name="publicada"
                render={({ field }) => (
                  <Switch
                    label="Publicada en la tienda"
                    description="Las familias la ven en /listas"
                    mt={{ base: 0, sm: 28 }}
                    checked={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </SimpleGrid>
            <Textarea
              label="Notas para las familias"
              description="Se muestran en la página de la lista (por ejemplo: todo con nombre y apellido)."
              mt="md"
              autosize
              minRows={2}
              maxLength={2000}
              error={errors.notas?.message}
              {...register('notas')}
            />
          </Paper>

          <Paper withBorder p="md" mt="md" component="section" aria-label="Ítems de la lista">
            <Group justify="space-between" mb="sm" wrap="wrap">
              <Title order={2} size="h4">
                Ítems ({items.fields.length})
              </Title>
              <Group gap="xs">
                <Button variant="light" leftSection={<IconClipboardText size={16} />} onClick={() => setImportando(true)}>
                  Importar desde texto
                </Button>
                <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => items.append(itemNuevo())}>
                  Agregar ítem
                </Button>
              </Group>
            </Group>
            {sinItems && (
              <Text c="red.8" size="sm" role="alert" mb="sm">
                {sinItems}
              </Text>
            )}
            {items.fields.length === 0 ? (
              <Text c="dimmed" size="sm">
                Todavía no tiene ítems: pegá la lista de la escuela con &lsquo;Importar desde texto&rsquo; o agregalos de a uno.
              </Text>
            ) : (
              <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {items.fields.map((f, i) => (
                  <ItemLista key={f.clave} indice={i} total={items.fields.length} onMover={items.move} onQuitar={() => items.remove(i)} />
                ))}
              </Stack>
            )}
          </Paper>

          <PieFormulario volverA={paths.grillaListasEscolares} guardando={guardar.isPending} />
        </form>
      </FormProvider>
      <ImportarTextoModal abierto={importando} onCerrar={() => setImportando(false)} onAgregar={(nuevos) => {
        items.append(nuevos);
        notifications.show({ color: 'green', message: `Se agregaron ${nuevos.length} ítems: revisalos y guardá la lista.` });
      }} />
    </Container>
  );
}

import { Alert, Button, Center, Container, Group, NativeSelect, Pagination, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconChecklist, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LOCALIDAD_LABEL, LOCALIDADES, type Localidad } from '../../../../domain/enums';
import { NIVEL_LABEL, NIVELES, type Nivel } from '../../../../domain/lista-escolar-reglas';
import { LARGO_MAXIMO_BUSQUEDA, MENSAJES_PAGINACION } from '../../../../domain/paginacion-reglas';
import { mensajeDeError } from '../../api/client';
import { useListasPublicas } from '../../api/listas-escolares';
import { paths } from '../../app/paths';
import { useValorAntesDeLaApp } from '../../components/antes-de-la-app';
import { WhatsappFlotante } from '../../components/layout/whatsapp-flotante';
import classes from './listas.module.css';

const POR_PAGINA = 24;

const esLocalidad = (v: string | null): v is Localidad => (LOCALIDADES as readonly string[]).includes(v ?? '');
const esNivel = (v: string | null): v is Nivel => (NIVELES as readonly string[]).includes(v ?? '');

/** The filters live in the URL, as the catalogue's: a search can be shared and reloaded. */
function leerFiltros(params: URLSearchParams) {
  const pagina = Number(params.get('pagina'));
  const localidad = params.get('localidad');
  const nivel = params.get('nivel');
  return {
    escuela: params.get('escuela')?.trim() || undefined,
    localidad: esLocalidad(localidad) ? localidad : undefined,
    nivel: esNivel(nivel) ? nivel : undefined,
    pagina: Number.isInteger(pagina) && pagina > 0 ? pagina : 1,
    porPagina: POR_PAGINA,
  };
}

/**
 * '/listas' (issue 20): a family finds its school's supply list by the school's name (accents and
 * capitals do not matter: the server compares folded), its locality and level. Native selects and
 * fixed ids: the page is prerendered, and nothing re-renders when the app takes it over.
 */
export default function ListasPage() {
  const [params, setParams] = useSearchParams();
  const filtros = leerFiltros(params);
  const busquedaLarga = (filtros.escuela?.length ?? 0) > LARGO_MAXIMO_BUSQUEDA;
  const { data, isPending, isError, error, isPlaceholderData } = useListasPublicas(filtros);
  const [escuela, setEscuela] = useState(filtros.escuela ?? '');

  const cambiar = (cambios: Record<string, string | undefined>, reemplazar = false) => {
    // From the address bar itself: the debounced search may run with an older render's closure.
    const nuevos = new URLSearchParams(window.location.search);
    for (const [clave, valor] of Object.entries(cambios)) {
      if (valor) nuevos.set(clave, valor);
      else nuevos.delete(clave);
    }
    if (!('pagina' in cambios)) nuevos.delete('pagina');
    setParams(nuevos, { replace: reemplazar });
  };
  const buscar = useDebouncedCallback((texto: string) => cambiar({ escuela: texto.trim() || undefined }, true), 300);

  const lista = busquedaLarga || isError ? undefined : data;
  const totalPaginas = lista ? Math.max(1, Math.ceil(lista.total / lista.porPagina)) : 1;
  const hayFiltros = Boolean(filtros.escuela || filtros.localidad || filtros.nivel);
  // A school typed, or a locality or level chosen, before the app took the page over is searched, as if done now.
  const cajaEscuela = useValorAntesDeLaApp(escuela, (escrito) => {
    setEscuela(escrito);
    buscar(escrito);
  });
  const selectLocalidad = useValorAntesDeLaApp<HTMLSelectElement>(filtros.localidad ?? '', (localidad) => cambiar({ localidad: localidad || undefined }));
  const selectNivel = useValorAntesDeLaApp<HTMLSelectElement>(filtros.nivel ?? '', (nivel) => cambiar({ nivel: nivel || undefined }));

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xs" fz={{ base: 30, sm: 36 }}>
        Listas escolares
      </Title>
      <Text c="dimmed" mb="md" maw={640}>
        Buscá la lista de útiles de tu escuela, destildá lo que ya tenés y agregá el resto al carrito en un solo paso.
      </Text>
      <form
        role="search"
        aria-label="Buscar listas escolares"
        className={classes.filtros}
        onSubmit={(e) => {
          e.preventDefault();
          buscar(escuela);
          buscar.flush();
        }}
      >
        <TextInput
          ref={cajaEscuela}
          id="listas-escuela"
          label="Escuela"
          placeholder="Nombre o número de la escuela"
          type="search"
          value={escuela}
          maxLength={LARGO_MAXIMO_BUSQUEDA}
          leftSection={<IconSearch size={16} aria-hidden />}
          onChange={(e) => {
            setEscuela(e.currentTarget.value);
            buscar(e.currentTarget.value);
          }}
          className={classes.escuela}
        />
        <NativeSelect
          ref={selectLocalidad}
          id="listas-localidad"
          label="Localidad"
          value={filtros.localidad ?? ''}
          onChange={(e) => cambiar({ localidad: e.currentTarget.value || undefined })}
          data={[{ value: '', label: 'Todas las localidades' }, ...LOCALIDADES.map((l) => ({ value: l, label: LOCALIDAD_LABEL[l] }))]}
          className={classes.select}
        />
        <NativeSelect
          ref={selectNivel}
          id="listas-nivel"
          label="Nivel"
          value={filtros.nivel ?? ''}
          onChange={(e) => cambiar({ nivel: e.currentTarget.value || undefined })}
          data={[{ value: '', label: 'Todos los niveles' }, ...NIVELES.map((n) => ({ value: n, label: NIVEL_LABEL[n] }))]}
          className={classes.select}
        />
      </form>

      {(busquedaLarga || isError) && (
        <Alert color="red" mt="md" role="alert">
          {busquedaLarga ? MENSAJES_PAGINACION.busquedaLarga : mensajeDeError(error, 'No se pudieron cargar las listas.')}
        </Alert>
      )}

      {lista && (
        <Text size="sm" c="dimmed" mt="sm" role="status" aria-live="polite">
          {lista.total === 1 ? '1 lista' : `${lista.total} listas`}
        </Text>
      )}

      {isPending && !busquedaLarga && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="md" aria-busy>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={150} radius="md" />
          ))}
        </SimpleGrid>
      )}

      {lista && lista.items.length > 0 && (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2, md: 3 }}
          mt="md"
          className={classes.resultados}
          aria-label="Listas encontradas"
          style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
        >
          {lista.items.map((l) => (
            <li key={l.id} className={classes.tarjeta}>
              <h2 className={classes.escuelaNombre}>{l.escuela}</h2>
              <p className={classes.grado}>
                {l.grado} · {NIVEL_LABEL[l.nivel]}
              </p>
              <p className={classes.detalle}>
                {LOCALIDAD_LABEL[l.localidad]} · Ciclo lectivo {l.anio} · {l.cantidadItems === 1 ? '1 ítem' : `${l.cantidadItems} ítems`}
              </p>
              <Button
                component={Link}
                to={paths.lista(l.id)}
                variant="light"
                leftSection={<IconChecklist size={18} aria-hidden />}
                mt="auto"
                aria-label={`Ver la lista de ${l.escuela}, ${l.grado}`}
              >
                Ver la lista
              </Button>
            </li>
          ))}
        </SimpleGrid>
      )}

      {lista && lista.items.length === 0 && (
        <Center py="xl">
          <Stack align="center" gap="sm">
            <Text c="dimmed">{hayFiltros ? 'No encontramos listas con esos filtros.' : 'Todavía no hay listas publicadas.'}</Text>
            {hayFiltros && (
              <Button
                variant="light"
                onClick={() => {
                  setEscuela('');
                  setParams({}, { replace: true });
                }}
              >
                Limpiar filtros
              </Button>
            )}
          </Stack>
        </Center>
      )}

      {lista && totalPaginas > 1 && (
        <Group justify="center" mt="xl">
          <Pagination
            total={totalPaginas}
            value={filtros.pagina}
            onChange={(p) => cambiar({ pagina: p > 1 ? String(p) : undefined })}
            getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
            getControlProps={(control) => ({
              'aria-label': { first: 'Primera página', last: 'Última página', next: 'Página siguiente', previous: 'Página anterior' }[control],
            })}
          />
        </Group>
      )}
      <WhatsappFlotante mensaje="¡Hola! Quisiera consultar por la lista de útiles de una escuela." />
    </Container>
  );
}

import { Alert, Anchor, Button, Card, Center, Container, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LARGO_MAXIMO_BUSQUEDA, MENSAJES_PAGINACION } from '../../../../domain/paginacion-reglas';
import { mensajeDeError } from '../../api/client';
import { useCategorias, useProductos, type FiltrosCatalogo } from '../../api/productos';
import { WhatsappFlotante } from '../../components/layout/whatsapp-flotante';
import classes from './catalogo.module.css';
import { paths } from '../../app/paths';
import { BusquedaSugerida } from './busqueda-sugerida';
import { CampoSelect, OrdenToggle, ordenPorDefecto } from './filtros';
import { ProductoCard } from './producto-card';

const POR_PAGINA = 24;

/** The filters live in the URL: a filtered page can be shared and reloaded. */
function leerFiltros(params: URLSearchParams): FiltrosCatalogo {
  const categoriaId = Number(params.get('categoria'));
  const pagina = Number(params.get('pagina'));
  const q = params.get('q')?.trim() || undefined;
  // With a search, 'Más relevantes' unless the URL asks for a price order; without one, the price order.
  const orden = params.get('orden');
  return {
    q,
    marca: params.get('marca') || undefined,
    categoriaId: Number.isInteger(categoriaId) && categoriaId > 0 ? categoriaId : undefined,
    orden: orden === 'asc' || orden === 'desc' || (q && orden === 'relevancia') ? orden : ordenPorDefecto(q),
    pagina: Number.isInteger(pagina) && pagina > 0 ? pagina : 1,
    porPagina: POR_PAGINA,
  };
}

function TarjetaCargando() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden>
      <Card.Section>
        <Skeleton style={{ aspectRatio: '4 / 3' }} radius={0} />
      </Card.Section>
      <Skeleton height={18} mt="md" />
      <Skeleton height={14} mt="xs" width="50%" />
      <Skeleton height={24} mt="sm" width="40%" />
      <Skeleton height={36} mt="md" />
    </Card>
  );
}

/** Spec screen 5: 'Nuestros Productos'. */
export default function CatalogoPage() {
  const [params, setParams] = useSearchParams();
  const filtros = leerFiltros(params);
  // A search longer than the server takes (a shared or edited link: the box stops at the limit) is not
  // asked for: the page says what the server would, the same in the prerender and in the browser.
  const busquedaLarga = (filtros.q?.length ?? 0) > LARGO_MAXIMO_BUSQUEDA;
  const { data, isPending, isError, error, isPlaceholderData } = useProductos(filtros, !busquedaLarga);
  const { data: categorias } = useCategorias();
  const [busqueda, setBusqueda] = useState(filtros.q ?? '');
  const navigate = useNavigate();
  const caja = useRef<HTMLInputElement>(null);
  const titulo = useRef<HTMLHeadingElement>(null);
  // The search the box last wrote into the URL, until the page sees it there; and whether the letters typed
  // now refine that search in its own history entry (true after its first write, until another change).
  const qEscrita = useRef<string | null>(null);
  const escribiendo = useRef(false);

  /** Changes the URL's filters; false when they were already so (nothing navigates). */
  const cambiar = (cambios: Record<string, string | undefined>, reiniciarPagina = true, reemplazar = false): boolean => {
    escribiendo.current = false;
    // From the address bar itself: the debounced search may run with an older render's closure.
    const actuales = new URLSearchParams(window.location.search);
    const nuevos = new URLSearchParams(actuales);
    for (const [clave, valor] of Object.entries(cambios)) {
      if (valor) nuevos.set(clave, valor);
      else nuevos.delete(clave);
    }
    if (reiniciarPagina) nuevos.delete('pagina');
    if (nuevos.toString() === actuales.toString()) return false;
    setParams(nuevos, { replace: reemplazar });
    return true;
  };
  // A search typed is an entry of the history (Back returns to the one before); the letters typed after its
  // first write replace it, so a word does not leave an entry a pause.
  const buscar = useDebouncedCallback((texto: string) => {
    const q = texto.trim();
    const refinando = escribiendo.current;
    if (cambiar({ q: q || undefined }, true, refinando)) qEscrita.current = q;
    escribiendo.current = true;
  }, 350);

  // The box shows the search the page shows: when the URL's changes by anything but the box's own writing
  // (Back, Forward, a brand chosen, '¿Quisiste decir…?', 'Limpiar filtros'), the box takes it.
  const qDeLaUrl = filtros.q ?? '';
  const qVista = useRef(qDeLaUrl);
  useEffect(() => {
    if (qVista.current === qDeLaUrl) return;
    qVista.current = qDeLaUrl;
    const propia = qEscrita.current === qDeLaUrl;
    qEscrita.current = null;
    if (propia) return;
    buscar.cancel();
    escribiendo.current = false;
    setBusqueda(qDeLaUrl);
  }, [qDeLaUrl, buscar]);

  const marcas = data?.marcas ?? [];
  const totalPaginas = data ? Math.max(1, Math.ceil(data.total / data.porPagina)) : 1;
  const hayFiltros = Boolean(filtros.q || filtros.marca || filtros.categoriaId);
  const conError = busquedaLarga || isError;
  const lista = conError ? undefined : data;
  // `?pagina=99` of a list with 3 pages: said, with a way to the last one (not an empty page with page 3 lit).
  const paginaInexistente = Boolean(lista && lista.total > 0 && filtros.pagina > totalPaginas);
  const conPagina = (p: number) => {
    const nuevos = new URLSearchParams(params);
    if (p > 1) nuevos.set('pagina', String(p));
    else nuevos.delete('pagina');
    const texto = nuevos.toString();
    return texto ? `?${texto}` : '?';
  };
  /** The same filters with another search, from its first page and in its default order. */
  const conBusqueda = (q: string) => {
    const nuevos = new URLSearchParams(params);
    nuevos.set('q', q);
    nuevos.delete('pagina');
    nuevos.delete('orden');
    return `?${nuevos.toString()}`;
  };

  return (
    <Container size="lg" py="xl">
      {/* Where the focus goes after a page change: the top of what now shows. */}
      <Title ref={titulo} tabIndex={-1} order={1} mb="md" fz={{ base: 30, sm: 36 }}>
        Nuestros Productos
      </Title>
      <div className={classes.filtros}>
        <Group gap="sm" align="flex-end" wrap="wrap" role="search">
          <BusquedaSugerida
            etiqueta="Buscar"
            placeholder="Nombre, marca o código"
            maxLength={LARGO_MAXIMO_BUSQUEDA}
            value={busqueda}
            onChange={(texto) => {
              setBusqueda(texto);
              buscar(texto);
            }}
            onBuscar={(texto) => {
              buscar(texto);
              buscar.flush();
              // Enter ends this search: the next letters begin another entry of the history.
              escribiendo.current = false;
            }}
            cajaRef={caja}
            onElegir={(s) => {
              buscar.cancel();
              if (s.tipo === 'producto') {
                navigate(paths.producto(s.producto.id));
                return;
              }
              // A brand narrows the catalogue by itself: the letters typed to find it are not a search.
              setBusqueda('');
              cambiar({ marca: s.marca, q: undefined });
            }}
            style={{ flex: '1 1 220px' }}
          />
          {/* Native selects: the phone's own picker, keyboard type-ahead, and no popover code on the page. */}
          <CampoSelect
            etiqueta="Marca"
            opciones={[
              { value: '', label: 'Todas las marcas' },
              // In the server's Spanish order; a brand of the URL that no product has any more goes first.
              ...(filtros.marca && !marcas.includes(filtros.marca) ? [filtros.marca] : []),
              ...marcas,
            ]}
            value={filtros.marca ?? ''}
            onChange={(marca) => cambiar({ marca: marca || undefined })}
            style={{ flex: '1 1 160px' }}
          />
          <CampoSelect
            etiqueta="Categoría"
            opciones={[
              { value: '', label: 'Todas las categorías' },
              ...(categorias ?? []).map((c) => ({ value: String(c.id), label: c.denominacion })),
            ]}
            value={filtros.categoriaId ? String(filtros.categoriaId) : ''}
            onChange={(categoria) => cambiar({ categoria: categoria || undefined })}
            style={{ flex: '1 1 160px' }}
          />
          <OrdenToggle
            conBusqueda={Boolean(filtros.q)}
            value={filtros.orden}
            onChange={(orden) => cambiar({ orden: orden === ordenPorDefecto(filtros.q) ? undefined : orden })}
          />
        </Group>
      </div>

      {conError && (
        <Alert color="red" mt="md" role="alert">
          {busquedaLarga ? MENSAJES_PAGINACION.busquedaLarga : mensajeDeError(error, 'No se pudieron cargar los productos.')}
        </Alert>
      )}

      {lista && !paginaInexistente && (
        <Text size="sm" c="dimmed" mt="xs" role="status" aria-live="polite">
          {lista.total === 1 ? '1 producto' : `${lista.total} productos`}
        </Text>
      )}

      {!conError && (
        <SimpleGrid
          cols={{ base: 2, md: 3, lg: 4 }}
          spacing={{ base: 'sm', sm: 'lg' }}
          mt="md"
          style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
          aria-busy={isPending || isPlaceholderData}
        >
          {isPending
            ? Array.from({ length: 8 }, (_, i) => <TarjetaCargando key={i} />)
            : lista?.items.map((p, i) => <ProductoCard key={p.id} producto={p} prioridad={i === 0 ? 'alta' : i < 4 ? 'normal' : 'baja'} />)}
        </SimpleGrid>
      )}

      {paginaInexistente && (
        <Center py="xl">
          <Stack align="center" gap="sm">
            <Text role="status">{MENSAJES_PAGINACION.paginaInexistente(filtros.pagina, totalPaginas)}</Text>
            <Button component={Link} to={conPagina(totalPaginas)} variant="light">
              Ir a la última página
            </Button>
          </Stack>
        </Center>
      )}

      {lista && lista.items.length === 0 && !paginaInexistente && (
        <Center py="xl">
          <Stack align="center" gap="sm">
            <Text c="dimmed">No encontramos productos con esos filtros.</Text>
            {lista.quisisteDecir && (
              <Text>
                ¿Quisiste decir{' '}
                <Anchor
                  component={Link}
                  to={conBusqueda(lista.quisisteDecir)}
                  fw={600}
                  // The link leaves with the empty list: the focus goes to the box that now holds its search.
                  onClick={() => caja.current?.focus()}
                >
                  {lista.quisisteDecir}
                </Anchor>
                ?
              </Text>
            )}
            {hayFiltros && (
              <Button
                variant="light"
                onClick={() => {
                  setBusqueda('');
                  setParams({}, { replace: true });
                  caja.current?.focus();
                }}
              >
                Limpiar filtros
              </Button>
            )}
          </Stack>
        </Center>
      )}

      {lista && totalPaginas > 1 && !paginaInexistente && (
        <Center mt="xl">
          <Pagination
            total={totalPaginas}
            value={filtros.pagina}
            onChange={(p) => {
              cambiar({ pagina: p > 1 ? String(p) : undefined }, false);
              window.scrollTo({ top: 0 });
              titulo.current?.focus({ preventScroll: true });
            }}
            getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
            getControlProps={(control) => ({
              'aria-label': { first: 'Primera página', last: 'Última página', next: 'Página siguiente', previous: 'Página anterior' }[control],
            })}
            siblings={1}
          />
        </Center>
      )}
      <WhatsappFlotante mensaje="¡Hola! Quisiera consultar por un producto del catálogo." />
    </Container>
  );
}

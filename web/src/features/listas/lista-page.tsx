import { Alert, Anchor, Button, Container, Grid, Group, List, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPrinter, IconShoppingCart, IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { textoUnidades } from '../../../../domain/carrito';
import { LOCALIDAD_LABEL } from '../../../../domain/enums';
import { urlMiniatura } from '../../../../domain/imagenes';
import { ESTADO_ITEM_LABEL, MENSAJES_LISTA, NIVEL_LABEL, totalDeLista } from '../../../../domain/lista-escolar-reglas';
import type { ItemListaPublica, ListaPublica } from '../../../../domain/lista-escolar';
import { formatearPrecio } from '../../../../domain/money';
import { TIENDA } from '../../../../domain/tienda';
import { TITULO_LISTA_NO_ENCONTRADA, tituloCompleto, tituloDeLista } from '../../../../domain/titulos';
import { mensajeDeError } from '../../api/client';
import { urlQrDeLista, useListaPublica } from '../../api/listas-escolares';
import { paths, urlImagen } from '../../app/paths';
import { useTituloPagina } from '../../app/titulo';
import { useCarrito } from '../../carrito/carrito-context';
import { useValorAntesDeLaApp } from '../../components/antes-de-la-app';
import { Cargando } from '../../components/guards/requiere-rol';
import { WhatsappFlotante } from '../../components/layout/whatsapp-flotante';
import tarjeta from '../../components/tarjeta.module.css';
import classes from './lista-page.module.css';
import { useAgregarLista, type ResumenAgregado } from './usar-agregar-lista';

const COLOR_ESTADO: Record<ItemListaPublica['estado'], string> = { DISPONIBLE: 'green', ALTERNATIVA: 'aviso', SIN_STOCK: 'oscuro', TEXTO_LIBRE: 'gray' };

function Item({ item, tengo, onTengo }: { item: ItemListaPublica; tengo: boolean; onTengo: (tengo: boolean) => void }) {
  const id = `tengo-${item.id}`;
  // 'Ya lo tengo' ticked before the app took the page over counts, in the total and out of the cart.
  const casilla = useValorAntesDeLaApp(String(tengo), (enLaPagina) => onTengo(enLaPagina === 'true'));
  const producto = item.producto;
  // Without stock anywhere the school's product is still shown, with its picture and 'Sin stock'.
  const mostrado = producto ?? item.original;
  return (
    <li className={classes.item} data-tengo={tengo || undefined} data-estado={item.estado}>
      <img src={urlMiniatura(mostrado?.imagen) ?? urlImagen(mostrado?.imagen)} alt="" width={64} height={64} loading="lazy" className={classes.miniatura} />
      <div className={classes.itemTexto}>
        <p className={classes.itemNombre}>
          <span className={classes.cantidad}>{item.cantidad} ×</span> {mostrado?.denominacion ?? item.texto}
        </p>
        {mostrado && <p className={classes.itemEscuela}>La escuela pide: {item.texto}</p>}
        {item.estado === 'ALTERNATIVA' && item.original && <p className={classes.itemEscuela}>En lugar de {item.original.denominacion}, sin stock.</p>}
        {item.estado === 'TEXTO_LIBRE' && <p className={classes.itemEscuela}>{MENSAJES_LISTA.textoLibre}</p>}
        <Group gap={6} mt={4}>
          <span className={tarjeta.insignia} data-color={COLOR_ESTADO[item.estado]} style={{ ['--insignia-mayusculas' as string]: 'none' }}>
            {ESTADO_ITEM_LABEL[item.estado]}
          </span>
          {item.opcional && (
            <span className={tarjeta.insignia} data-variante="suave" style={{ ['--insignia-mayusculas' as string]: 'none' }}>
              Opcional
            </span>
          )}
        </Group>
      </div>
      <div className={classes.itemPrecio}>
        {producto ? (
          <>
            <p className={classes.subtotal}>{formatearPrecio(item.subtotal)}</p>
            {item.cantidad > 1 && <p className={classes.unitario}>{formatearPrecio(producto.precio)} c/u</p>}
          </>
        ) : (
          <p className={classes.unitario}>{item.estado === 'SIN_STOCK' ? 'Sin stock' : 'Sin precio'}</p>
        )}
        <label htmlFor={id} className={classes.tengo}>
          <input ref={casilla} id={id} type="checkbox" checked={tengo} onChange={(e) => onTengo(e.currentTarget.checked)} aria-label={`Ya lo tengo: ${item.texto}`} />
          Ya lo tengo
        </label>
      </div>
    </li>
  );
}

function Resumen({ resumen, onVerCarrito }: { resumen: ResumenAgregado; onVerCarrito: () => void }) {
  const { agregados, reemplazados, faltantes } = resumen;
  return (
    <Paper withBorder p="md" mt="md" className={classes.resumen} role="status" aria-label="Lo que agregamos al carrito">
      {agregados.length > 0 && (
        <>
          <Title order={3} size="h5">
            Agregamos al carrito
          </Title>
          <List size="sm" mb="sm" aria-label="Agregados">
            {agregados.map((a) => (
              <List.Item key={`${a.itemId}-${a.denominacion}`}>
                {textoUnidades(a.cantidad)} de {a.denominacion}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {reemplazados.length > 0 && (
        <>
          <Title order={3} size="h5">
            Reemplazamos por una alternativa
          </Title>
          <List size="sm" mb="sm" aria-label="Reemplazados">
            {reemplazados.map((r) => (
              <List.Item key={`${r.itemId}-${r.denominacion}`}>
                {textoUnidades(r.cantidad)} de {r.denominacion}, en lugar de {r.enLugarDe}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {faltantes.length > 0 && (
        <>
          <Title order={3} size="h5" c="red.8">
            No pudimos agregar
          </Title>
          <List size="sm" mb="sm" aria-label="Faltantes">
            {faltantes.map((f) => (
              <List.Item key={f.itemId}>
                {textoUnidades(f.cantidad)} de {f.texto}: {f.mensaje}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {agregados.length + reemplazados.length === 0 && <Text size="sm">{MENSAJES_LISTA.nadaParaAgregar}</Text>}
      <Button variant="light" leftSection={<IconShoppingCart size={16} aria-hidden />} onClick={onVerCarrito} mt="xs">
        Ver el carrito
      </Button>
    </Paper>
  );
}

function Lista({ lista }: { lista: ListaPublica }) {
  // The items the family already has: out of the total and out of the cart. None at first (as prerendered).
  const [tengo, setTengo] = useState<ReadonlySet<number>>(new Set());
  const [resumen, setResumen] = useState<ResumenAgregado | null>(null);
  const agregar = useAgregarLista(lista);
  const { abrirPanel } = useCarrito();
  const aComprar = lista.items.filter((i) => !tengo.has(i.id));
  const total = totalDeLista(lista.items, new Set(aComprar.map((i) => i.id)));
  const conProducto = aComprar.filter((i) => i.producto !== null).length;

  // From the previous set: the boxes ticked before the app took the page over all report in one pass.
  const marcar = (id: number, valor: boolean) =>
    setTengo((anterior) => {
      const nuevo = new Set(anterior);
      if (valor) nuevo.add(id);
      else nuevo.delete(id);
      return nuevo;
    });

  const alAgregar = () =>
    agregar.mutate(
      aComprar.map((i) => i.id),
      {
        onSuccess: (r) => {
          setResumen(r);
          const unidades = [...r.agregados, ...r.reemplazados].reduce((s, a) => s + a.cantidad, 0);
          notifications.show(
            unidades === 0
              ? { color: 'orange', message: MENSAJES_LISTA.nadaParaAgregar }
              : { color: r.faltantes.length ? 'orange' : 'green', message: `Agregamos ${textoUnidades(unidades)} de la lista al carrito.` },
          );
        },
        onError: (e) => notifications.show({ color: 'red', message: mensajeDeError(e, 'No se pudo agregar la lista al carrito.') }),
      },
    );

  return (
    <Container size="lg" py="xl" className={classes.pagina}>
      <Anchor component={Link} to={paths.listas} size="sm" className={classes.noImprimir}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> Todas las listas
        </Group>
      </Anchor>
      <Title order={1} mt="sm" fz={{ base: 26, sm: 34 }}>
        {lista.escuela}
      </Title>
      <Text fw={600} c="azul.8" size="lg">
        {lista.grado} · {NIVEL_LABEL[lista.nivel]}
      </Text>
      <Text c="dimmed" size="sm">
        {LOCALIDAD_LABEL[lista.localidad]} · Ciclo lectivo {lista.anio}
      </Text>
      {lista.notas && (
        <Alert mt="md" color="azul" title="Indicaciones de la escuela">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {lista.notas}
          </Text>
        </Alert>
      )}
      <Grid gutter="xl" mt="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Text size="sm" c="dimmed" mb="xs" className={classes.noImprimir}>
            Marcá &lsquo;Ya lo tengo&rsquo; en lo que no necesitás comprar: el total y el carrito lo dejan afuera.
          </Text>
          <ul className={classes.items} aria-label="Ítems de la lista">
            {lista.items.map((item) => (
              <Item key={item.id} item={item} tengo={tengo.has(item.id)} onTengo={(v) => marcar(item.id, v)} />
            ))}
          </ul>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <div className={classes.lateral}>
            <Paper withBorder p="md" className={classes.noImprimir}>
              <Group justify="space-between" align="baseline">
                <Text fw={600}>Total</Text>
                <Text component="output" fw={800} fz={28} c="azul.8" aria-label={`Total: ${formatearPrecio(total)}`}>
                  {formatearPrecio(total)}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" mb="sm">
                {conProducto === 1 ? '1 ítem a comprar' : `${conProducto} ítems a comprar`} de {lista.items.length}
              </Text>
              <Button
                fullWidth
                size="md"
                color="orange"
                leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
                onClick={alAgregar}
                loading={agregar.isPending}
                disabled={conProducto === 0}
              >
                {MENSAJES_LISTA.agregarLista}
              </Button>
              {resumen && <Resumen resumen={resumen} onVerCarrito={abrirPanel} />}
            </Paper>
            <Paper withBorder p="md" mt="md" className={classes.qr}>
              <Title order={2} size="h5">
                Código QR de esta lista
              </Title>
              <Text size="sm" c="dimmed" className={classes.noImprimir}>
                Para la escuela: imprimilo y pegalo en la lista de papel; con la cámara del teléfono se abre esta página.
              </Text>
              <img src={urlQrDeLista(lista.id)} alt={`Código QR de la lista de ${lista.escuela}, ${lista.grado}`} width={180} height={180} className={classes.qrImagen} />
              <Text size="sm" className={classes.soloImpresion}>
                Escaneá el código para comprar la lista en {TIENDA.nombre}.
              </Text>
              <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} className={classes.noImprimir}>
                Imprimir
              </Button>
            </Paper>
          </div>
        </Grid.Col>
      </Grid>
      <WhatsappFlotante mensaje={`¡Hola! Quisiera consultar por la lista de ${lista.escuela}, ${lista.grado}.`} />
    </Container>
  );
}

/** '/listas/:id' (issue 20): one published list, with its prices and stock of today. */
export default function ListaPage() {
  const id = Number(useParams().idLista);
  const { data: lista, isPending, isError, error } = useListaPublica(id);
  const noEncontrada = !Number.isInteger(id) || id <= 0 || isError;
  useTituloPagina(lista ? tituloDeLista(lista) : noEncontrada ? tituloCompleto(TITULO_LISTA_NO_ENCONTRADA) : null);

  if (noEncontrada) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title="No encontramos la lista">
          {isError ? mensajeDeError(error) : 'El enlace no corresponde a una lista escolar.'}
        </Alert>
        <Button mt="md" variant="light" component={Link} to={paths.listas} leftSection={<IconArrowLeft size={16} />}>
          Ver las listas
        </Button>
      </Container>
    );
  }
  if (isPending) {
    return <Cargando texto="Cargando lista..." py={80} />;
  }
  return <Lista lista={lista} />;
}

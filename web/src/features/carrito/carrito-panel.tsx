import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Group,
  Image,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconBrandWhatsapp, IconCash, IconCircleCheck, IconCreditCard, IconMinus, IconPlus, IconPrinter, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  MENSAJES_CARRITO,
  carritoVacio,
  precioDeCombos,
  precioUnitarioDe,
  textoUnidades,
  totalCarrito,
  unidadesPorPromocion,
  type ImpresionCarrito,
  type ProductoCarrito,
  type PromocionCarrito,
} from '../../../../domain/carrito';
import { fechaListoEstimado } from '../../../../domain/impresion-fechas';
import { enlaceWhatsapp } from '../../../../domain/whatsapp';
import type { FormaPagoCarrito } from '../../../../domain/enums';
import { esDescuento, formatearPrecio, mismoMonto, subtotalLinea } from '../../../../domain/money';
import { useAgregarAlCarrito } from '../../carrito/agregar-al-carrito';
import { useConfigPublica } from '../../api/config';
import { paths, urlImagen } from '../../app/paths';
import { useCarrito } from '../../carrito/carrito-context';
import classes from './carrito-panel.module.css';
import { usePedido, type ResultadoPedido } from './usar-pedido';
import { useFocoDeVuelta } from '../../components/foco-de-vuelta';

/** How long the panel's stock messages and the order confirmation stay (spec section 9). */
const DURACION_MENSAJE_MS = 4000;
/** How long the order id is remembered (the delivery chat button). */
const DURACION_PEDIDO_MS = 8000;

function Miniatura({ producto }: { producto: ProductoCarrito }) {
  return (
    <Image
      src={urlImagen(producto.imagen)}
      alt=""
      w={48}
      h={48}
      width={48}
      height={48}
      loading="lazy"
      radius="sm"
      fit="cover"
      className={classes.miniatura}
    />
  );
}

function Precio({ original, aplicado }: { original: number; aplicado: number }) {
  if (mismoMonto(original, aplicado)) return <Text size="sm">{formatearPrecio(aplicado)}</Text>;
  return (
    <Group gap={6} wrap="wrap">
      {esDescuento(original, aplicado) && (
        <Text size="sm" td="line-through" c="dimmed">
          {formatearPrecio(original)}
        </Text>
      )}
      <Text size="sm" fw={700} c="orange.8">
        {formatearPrecio(aplicado)} (Promoción)
      </Text>
    </Group>
  );
}

function Botones({ nombre, unidad, alQuitar, alAgregar }: { nombre: string; unidad: string; alQuitar: () => void; alAgregar: () => void }) {
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon variant="default" size="md" onClick={alQuitar} aria-label={`Quitar ${unidad} de ${nombre}`}>
        <IconMinus size={16} />
      </ActionIcon>
      <ActionIcon variant="default" size="md" onClick={alAgregar} aria-label={`Agregar ${unidad} de ${nombre}`}>
        <IconPlus size={16} />
      </ActionIcon>
    </Group>
  );
}

function LineaPromocion({ promocion, combos, avisar }: { promocion: PromocionCarrito; combos: number; avisar: (m: string | null) => void }) {
  const { despachar } = useCarrito();
  const { agregarPromocion } = useAgregarAlCarrito();
  const unitario = precioUnitarioDe(promocion);
  return (
    <Paper withBorder p="sm" radius="md" className={classes.promo} component="li" aria-label={`Promoción ${promocion.denominacion}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2}>
          <Group gap={6}>
            <Badge color="orange" size="sm">Promoción</Badge>
            <Text fw={700}>{promocion.denominacion}</Text>
          </Group>
          <Text size="sm">
            {combos} {combos === 1 ? 'combo' : 'combos'} · {formatearPrecio(precioDeCombos(promocion, combos))}
          </Text>
        </Stack>
        <Botones
          nombre={promocion.denominacion}
          unidad="un combo"
          alQuitar={() => despachar({ tipo: 'quitarPromocion', promocionId: promocion.id })}
          alAgregar={() => agregarPromocion(promocion, avisar)}
        />
      </Group>
      <Stack gap={6} mt="xs" component="ul" className={classes.lista}>
        {promocion.detalles.map((d) => (
          <Group key={d.producto.id} gap="sm" wrap="nowrap" component="li">
            <Miniatura producto={d.producto} />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={500} lineClamp={2}>
                {d.producto.denominacion}
              </Text>
              <Precio original={d.producto.precio} aplicado={unitario} />
              <Text size="xs" c="dimmed">
                {textoUnidades(d.cantidad * combos)}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt="xs">
        Los botones + y − suman o quitan un combo completo ({textoUnidades(unidadesPorPromocion(promocion))}): la promoción se vende por combo.
      </Text>
    </Paper>
  );
}

function LineaProducto({ producto, cantidad, avisar }: { producto: ProductoCarrito; cantidad: number; avisar: (m: string | null) => void }) {
  const { despachar } = useCarrito();
  const { agregarProducto } = useAgregarAlCarrito();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" component="li" aria-label={producto.denominacion} className={classes.linea}>
      <Miniatura producto={producto} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} size="sm" lineClamp={2}>
          {producto.denominacion}
        </Text>
        <Precio original={producto.precio} aplicado={producto.precio} />
        <Text size="xs" c="dimmed">
          {textoUnidades(cantidad)} · {formatearPrecio(subtotalLinea(cantidad, producto.precio))}
        </Text>
      </Stack>
      <Botones
        nombre={producto.denominacion}
        unidad="una unidad"
        alQuitar={() => despachar({ tipo: 'quitarUnidad', productoId: producto.id })}
        alAgregar={() => agregarProducto(producto, avisar)}
      />
    </Group>
  );
}

/** A print job: its file and options, the price the server answered; no quantity (copies are an option), no stock. */
function LineaImpresion({ impresion }: { impresion: ImpresionCarrito }) {
  const { despachar, cerrarPanel } = useCarrito();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" component="li" aria-label={`Impresión ${impresion.nombreArchivo}`} className={classes.linea}>
      <ThemeIconImpresion />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Badge color="azul" size="sm" variant="light" c="dark.7">
            Impresión
          </Badge>
        </Group>
        <Text fw={600} size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {impresion.nombreArchivo}
        </Text>
        <Text size="xs" c="gray.7">
          {impresion.descripcion}
        </Text>
        <Text size="sm">{formatearPrecio(impresion.precio)}</Text>
        <Text size="xs">
          <Link to={paths.impresiones} onClick={cerrarPanel}>
            Cambiar opciones
          </Link>
        </Text>
      </Stack>
      <ActionIcon
        variant="default"
        size="md"
        onClick={() => despachar({ tipo: 'eliminarImpresion', trabajoId: impresion.id })}
        aria-label={`Quitar la impresión de ${impresion.nombreArchivo} del carrito`}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

function ThemeIconImpresion() {
  return (
    <Group w={48} h={48} justify="center" className={classes.miniatura} bg="azul.0" style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }} aria-hidden>
      <IconPrinter size={26} color="var(--mantine-color-azul-7)" />
    </Group>
  );
}

/** A message that disappears on its own after `ms`. */
function useMensajeTemporal<T>(ms: number) {
  const [valor, setValor] = useState<T | null>(null);
  const temporizador = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(temporizador.current), []);
  const mostrar = (nuevo: T | null) => {
    clearTimeout(temporizador.current);
    setValor(nuevo);
    if (nuevo !== null) temporizador.current = setTimeout(() => setValor(null), ms);
  };
  return [valor, mostrar] as const;
}

/** Spec screen 8: the side panel 'Tu carrito'. */
export function CarritoPanel() {
  const { carrito, despachar, panelAbierto, cerrarPanel } = useCarrito();
  const focoDeVuelta = useFocoDeVuelta(panelAbierto);
  const { data: config } = useConfigPublica();
  const navigate = useNavigate();
  const location = useLocation();
  const { pedir, enviando } = usePedido();
  const [conEnvio, setConEnvio] = useState(false);
  const [confirmarVaciar, vaciarDialogo] = useDisclosure(false);
  const [aviso, avisar] = useMensajeTemporal<string>(DURACION_MENSAJE_MS);
  const [confirmacion, mostrarConfirmacion] = useMensajeTemporal<{ id: number; impresionesListas: string | null }>(DURACION_MENSAJE_MS);
  const [pedidoEnvio, recordarPedido] = useMensajeTemporal<number>(DURACION_PEDIDO_MS);
  const [resultado, setResultado] = useState<ResultadoPedido | null>(null);

  const vacio = carritoVacio(carrito);

  const botonVaciar = useRef<HTMLButtonElement>(null);
  const botonAgregar = useRef<HTMLAnchorElement>(null);
  // Back into the panel when the dialog closes: to 'Vaciar carrito', or, once emptied (that button is
  // disabled then), to adding products, the next thing to do.
  const volverAlPanel = () => {
    setTimeout(() => {
      const vaciar = botonVaciar.current;
      if (vaciar && !vaciar.disabled) vaciar.focus();
      else botonAgregar.current?.focus();
    }, 0);
  };

  const pagar = async (formaPago: FormaPagoCarrito) => {
    setResultado(null);
    const r = await pedir(formaPago, conEnvio);
    if (r.tipo === 'efectivo') {
      mostrarConfirmacion({ id: r.id, impresionesListas: r.impresionesListas });
      recordarPedido(r.conEnvio ? r.id : null);
      setConEnvio(false);
    } else if (r.tipo !== 'redirigiendo') {
      setResultado(r);
    }
  };

  const irA = (destino: string, estado?: unknown) => {
    setResultado(null);
    cerrarPanel();
    navigate(destino, { state: estado });
  };

  return (
    <>
      <Drawer
        opened={panelAbierto}
        onClose={cerrarPanel}
        title={<Text fw={700} size="lg">Tu carrito</Text>}
        position="right"
        size="md"
        transitionProps={{ duration: 300 }}
        overlayProps={{ backgroundOpacity: 0.4, transitionProps: { duration: 150 } }}
        closeButtonProps={{ 'aria-label': 'Cerrar carrito' }}
        // The emptying dialog is a sibling on top: Escape is its own then, not the panel's behind it.
        closeOnEscape={!confirmarVaciar}
        {...focoDeVuelta}
      >
        <Stack gap="md">
          {aviso && (
            <Alert color="orange" icon={<IconAlertTriangle />} role="alert" p="xs">
              {aviso}
            </Alert>
          )}
          {confirmacion !== null && (
            <Alert color="green" icon={<IconCircleCheck />} role="status" title={`Pedido N° ${confirmacion.id} confirmado`}>
              ¡Gracias por tu compra! Podés seguirlo en Mis compras.
              {confirmacion.impresionesListas && (
                <Text size="sm" mt={4} fw={600}>
                  Tus impresiones van a estar listas para retirar aproximadamente el {fechaListoEstimado(confirmacion.impresionesListas)}.
                </Text>
              )}
            </Alert>
          )}
          {pedidoEnvio !== null && config && (
            <Button
              component="a"
              href={enlaceWhatsapp(config.whatsappContacto, `¡Hola! Hice el pedido N° ${pedidoEnvio} y necesito envío a domicilio.`)}
              target="_blank"
              rel="noopener noreferrer"
              color="green"
              leftSection={<IconBrandWhatsapp size={18} />}
              h="auto"
              py={8}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 }, inner: { justifyContent: 'flex-start' } }}
            >
              {/* On a phone the label wraps: the order number must stay readable. */}
              Avisar por WhatsApp el envío del pedido {pedidoEnvio}
            </Button>
          )}
          {resultado?.tipo === 'noAutenticado' && (
            <Alert color="red" role="alert" title={MENSAJES_CARRITO.usuarioNoAutenticado}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">Iniciá sesión para hacer el pedido: tu carrito te espera.</Text>
                <Button size="xs" onClick={() => irA(paths.login, { desde: `${location.pathname}${location.search}` })}>
                  Iniciar sesión
                </Button>
              </Stack>
            </Alert>
          )}
          {resultado?.tipo === 'error' && (
            <Alert color="red" role="alert" withCloseButton closeButtonLabel="Cerrar mensaje" onClose={() => setResultado(null)}>
              {resultado.mensaje}
            </Alert>
          )}
          {resultado?.tipo === 'cambios' && (
            <Alert color="yellow" role="alert" title="Actualizamos tu carrito" withCloseButton closeButtonLabel="Cerrar mensaje" onClose={() => setResultado(null)}>
              <List size="sm" spacing={2}>
                {resultado.cambios.map((c) => (
                  <List.Item key={c}>{c}</List.Item>
                ))}
              </List>
              <Text size="sm" mt="xs">
                Revisá el carrito y volvé a elegir cómo pagar.
              </Text>
            </Alert>
          )}

          {vacio ? (
            <Text c="dimmed" ta="center" py="lg">
              {MENSAJES_CARRITO.vacio}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" className={classes.lista} aria-label="Productos en el carrito">
              {carrito.promociones.map((p) => (
                <LineaPromocion key={`promo-${p.promocion.id}`} promocion={p.promocion} combos={p.cantidad} avisar={avisar} />
              ))}
              {carrito.productos.map((l) => (
                <LineaProducto key={l.producto.id} producto={l.producto} cantidad={l.cantidad} avisar={avisar} />
              ))}
              {carrito.impresiones.map((i) => (
                <LineaImpresion key={`impresion-${i.id}`} impresion={i} />
              ))}
            </Stack>
          )}

          <Divider />
          <Group justify="space-between">
            <Text fw={700} size="lg">
              Total
            </Text>
            <Text fw={800} size="xl" data-testid="total-carrito">
              {formatearPrecio(totalCarrito(carrito))}
            </Text>
          </Group>
          <Checkbox
            label="¿Deseás envío?"
            description="El costo del envío se coordina con el local y no se cobra en el carrito."
            checked={conEnvio}
            onChange={(e) => setConEnvio(e.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Button ref={botonVaciar} variant="default" leftSection={<IconTrash size={16} />} onClick={vaciarDialogo.open} disabled={vacio}>
              Vaciar carrito
            </Button>
            <Button ref={botonAgregar} variant="light" component={Link} to={paths.productos} onClick={cerrarPanel}>
              Agregar producto +
            </Button>
          </SimpleGrid>
          <Stack gap="xs">
            {/* A shop without Mercado Pago configured takes cash orders only. */}
            {config?.mercadoPagoDisponible !== false && (
              <Button
                size="md"
                color="azul"
                leftSection={<IconCreditCard size={18} />}
                onClick={() => void pagar('MERCADOPAGO')}
                disabled={vacio || (enviando !== null && enviando !== 'MERCADOPAGO')}
                loading={enviando === 'MERCADOPAGO'}
              >
                Pagar con Mercado Pago
              </Button>
            )}
            <Button
              size="md"
              color="green"
              leftSection={<IconCash size={18} />}
              onClick={() => void pagar('EFECTIVO')}
              disabled={vacio || (enviando !== null && enviando !== 'EFECTIVO')}
              loading={enviando === 'EFECTIVO'}
            >
              Efectivo
            </Button>
          </Stack>
        </Stack>
      </Drawer>
      <Modal opened={confirmarVaciar} onClose={vaciarDialogo.close} title="Vaciar carrito" centered returnFocus={false} onExitTransitionEnd={volverAlPanel}>
        <Text>¿Querés quitar todos los productos del carrito?</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={vaciarDialogo.close}>
            Cancelar
          </Button>
          <Button
            color="red"
            onClick={() => {
              despachar({ tipo: 'vaciar' });
              vaciarDialogo.close();
            }}
          >
            Vaciar
          </Button>
        </Group>
      </Modal>
    </>
  );
}

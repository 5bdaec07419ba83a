import { ActionIcon, Anchor, Box, Burger, Button, Group, Indicator, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { IconAlertCircleFilled, IconPencil, IconShoppingCart } from '@tabler/icons-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { TIENDA } from '../../../../domain/tienda';
import { useVentasPendientes } from '../../api/ventas-pendientes';
import { paths } from '../../app/paths';
import { useCarrito } from '../../carrito/carrito-context';
import { useUser } from '../../sesion/usuario-context';
import classes from './navbar.module.css';

// Out of the first page: the phone menu is fetched on the first tap of the burger.
const MenuMovil = lazy(() => import('./menu-movil'));

function Enlaces({ alNavegar }: { alNavegar?: () => void }) {
  const { usuario } = useUser();
  const esAdmin = usuario?.rol === 'ADMIN';
  // An admin who must enrol a second factor first may not read sales yet.
  const { data } = useVentasPendientes(esAdmin && !usuario.debeActivarSegundoFactor);
  const hayPendientes = (data?.pendientes ?? 0) > 0;
  const enlace = (to: string, texto: string) => (
    <NavLink to={to} className={classes.enlace} onClick={alNavegar} end={to === paths.inicio}>
      {texto}
    </NavLink>
  );
  return (
    <>
      {enlace(paths.dondeEstamos, 'Ubicación')}
      {enlace(paths.productos, 'Productos')}
      {enlace(paths.promociones, 'Promociones')}
      {enlace(paths.listas, 'Listas escolares')}
      {enlace(paths.impresiones, 'Impresiones')}
      {usuario?.rol === 'USER' && enlace(paths.misCompras, 'Mis compras')}
      {usuario?.rol === 'USER' && enlace(paths.miCuenta, 'Mi cuenta')}
      {esAdmin && (
        <NavLink to={paths.admin} className={classes.enlace} onClick={alNavegar}>
          <Group gap={4} wrap="nowrap" component="span">
            Administrador
            {hayPendientes && (
              // A native tooltip: Mantine's would bring floating-ui into every visitor's first page.
              <span title="Hay pedidos pendientes" className={classes.alerta}>
                <IconAlertCircleFilled size={18} color="var(--mantine-color-orange-6)" aria-label="Hay pedidos pendientes" role="img" />
              </span>
            )}
          </Group>
        </NavLink>
      )}
    </>
  );
}

export function Navbar() {
  const { usuario, salir } = useUser();
  const { cantidadItems, abrirPanel } = useCarrito();
  const navigate = useNavigate();
  const [menuAbierto, menu] = useDisclosure(false);
  const [menuUsado, setMenuUsado] = useState(false);
  const alternarMenu = () => {
    setMenuUsado(true);
    menu.toggle();
  };

  const cerrarSesion = async () => {
    menu.close();
    await salir();
    navigate(paths.login);
  };

  const sesion = usuario ? (
    <>
      {/* A long user name must not push the cart out of the bar: cut, with the whole name on hover. */}
      <Text size="sm" fw={500} className={classes.saludo} title={usuario.usuario}>
        Hola, {usuario.usuario}
      </Text>
      <Button variant="subtle" color="gray" c="gray.8" size="compact-sm" onClick={() => void cerrarSesion()}>
        Cerrar sesión
      </Button>
    </>
  ) : (
    <Button component={Link} to={paths.login} variant="light" size="compact-sm" onClick={menu.close}>
      Iniciar sesión
    </Button>
  );

  return (
    <Box component="header" className={classes.barra}>
      <Group justify="space-between" gap="sm" h="100%" px="md" wrap="nowrap" className={classes.contenido}>
        <Anchor component={Link} to={paths.inicio} underline="never" className={classes.logo} aria-label={`${TIENDA.nombre}: inicio`}>
          <span className={classes.logoIcono} aria-hidden>
            <IconPencil size={20} />
          </span>
          {/* Only a session's links and greeting need the name's room between lg and xl. */}
          <span className={usuario ? `${classes.logoNombre} ${classes.logoNombreSinSitio}` : classes.logoNombre}>{TIENDA.nombre}</span>
        </Anchor>
        {/* Up to seven links, the greeting and the cart fit in one line from lg (1200 px) only with the logo's
            name hidden up to xl when logged in (navbar.module.css); narrower, the menu. */}
        <Group gap="sm" visibleFrom="lg" component="nav" aria-label="Principal" wrap="nowrap">
          <Enlaces />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Group gap="xs" visibleFrom="lg" wrap="nowrap">
            {sesion}
          </Group>
          <Indicator label={cantidadItems} size={18} disabled={cantidadItems === 0} offset={4} color="orange">
            <ActionIcon variant="light" size="lg" onClick={abrirPanel} aria-label={`Abrir carrito (${cantidadItems} productos)`}>
              <IconShoppingCart size={20} />
            </ActionIcon>
          </Indicator>
          <Burger
            opened={menuAbierto}
            onClick={alternarMenu}
            hiddenFrom="lg"
            aria-label={menuAbierto ? 'Cerrar menú' : 'Abrir menú'}
            aria-expanded={menuAbierto}
            size="sm"
          />
        </Group>
      </Group>
      {menuUsado && (
        <Suspense fallback={null}>
          <MenuMovil
            abierto={menuAbierto}
            alCerrar={menu.close}
            enlaces={<Enlaces alNavegar={menu.close} />}
            sesion={sesion}
            cantidadItems={cantidadItems}
          />
        </Suspense>
      )}
    </Box>
  );
}

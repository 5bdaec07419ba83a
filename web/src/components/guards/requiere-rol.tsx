import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Rol } from '../../../../domain/enums';
import { paths } from '../../app/paths';
import { useUser } from '../../sesion/usuario-context';

export function Cargando() {
  return (
    <Center py="xl" role="status">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">Cargando...</Text>
      </Stack>
    </Center>
  );
}

/**
 * Spec section 2: while the session loads 'Cargando...'; no session goes to /login; the wrong role to /.
 * An admin who must enrol a second factor first (ADMIN_MFA=obligatorio) sees only the Seguridad page.
 */
export function RequiereRol({ rol, children }: { rol?: Rol; children: ReactNode }) {
  const { usuario, cargando } = useUser();
  const location = useLocation();
  if (cargando) return <Cargando />;
  if (!usuario) return <Navigate to={paths.login} replace state={{ desde: `${location.pathname}${location.search}` }} />;
  if (rol && usuario.rol !== rol) return <Navigate to={paths.inicio} replace />;
  if (rol === 'ADMIN' && usuario.debeActivarSegundoFactor && location.pathname !== paths.seguridad) return <Navigate to={paths.seguridad} replace />;
  return <>{children}</>;
}

import { Center, Loader, Stack, Text, type MantineSpacing, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Rol } from '../../../../domain/enums';
import { paths } from '../../app/paths';
import { useUser } from '../../sesion/usuario-context';

/** A page (or part of one) while its data loads: a spinner and what is loading. */
export function Cargando({ texto = 'Cargando...', py = 'xl', c = 'dimmed' }: { texto?: string; py?: MantineSpacing; c?: TextProps['c'] }) {
  return (
    <Center py={py} role="status">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c={c}>{texto}</Text>
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
